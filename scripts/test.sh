#!/usr/bin/env bash
# Everything CI checks, from a fresh Debian 12 machine with the Swift toolchain:
#   1. set-up (apt packages, Pillow for the photo generator)
#   2. debug build and `swift test` (unit and CLI tests on SampleImages and generated photos)
#   3. conformance: EXIF reading against ../shared/corpus/truth.json, bad inputs against
#      ../shared/badinputs/expected.json (also once under AddressSanitizer)
#   4. crash safety: ingest killed with SIGKILL mid-run, then run to the end
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

shared="${DAYBOOK_SHARED:-../shared}"
failures=0
step() { echo; echo "=== $*"; }

step "build (debug)"
swift build --build-tests 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\] (Compiling|Emitting|Linking|Write|Wrapping|Merging|Applying)' || true
bin=$(swift build --show-bin-path)
[ -x "$bin/daybook" ] || { echo "build failed"; exit 1; }

if [ -d "$shared/corpus" ]; then
    step "conformance: EXIF against $shared/corpus/truth.json"
    "$bin/daybook-conformance" corpus "$shared/corpus" || failures=$((failures + 1))
    step "conformance: bad inputs in $shared/badinputs"
    "$bin/daybook-conformance" badinputs "$shared/badinputs" || failures=$((failures + 1))
    step "bad inputs under AddressSanitizer"
    swift build --sanitize=address --scratch-path .build-asan --product daybook-conformance 2>&1 | tail -n 1
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
        "$(swift build --sanitize=address --scratch-path .build-asan --show-bin-path)/daybook-conformance" \
        badinputs "$shared/badinputs" || failures=$((failures + 1))
else
    echo "error: $shared (the shared corpus and bad inputs) is missing" >&2
    failures=$((failures + 1))
fi

step "crash safety: SIGKILL mid-ingest, then finish"
python3 scripts/crash_test.py "$bin/daybook" || failures=$((failures + 1))

step "swift test"
DAYBOOK_SHARED="$shared" swift test --skip-build --disable-swift-testing || failures=$((failures + 1))

if [ "$failures" -ne 0 ]; then
    echo "test.sh: $failures check(s) failed" >&2
    exit 1
fi
