#!/usr/bin/env bash
# Everything CI checks, from a fresh Debian 12 machine with the Swift toolchain:
#   1. set-up (apt packages, Pillow for the photo generator)
#   2. debug build and `swift test` (unit and CLI tests on the sample squares and generated photos)
#   3. conformance: EXIF reading against corpus/truth.json, HEIF, PNG/WebP/GIF, AVIF and RAW
#      against exiftool's truth.json (a table per format), bad inputs against
#      badinputs/expected.json and videos against ffprobe/exiftool (bad inputs also once under
#      AddressSanitizer), for the copies committed in
#      Tests/Fixtures and, when it is beside the clone, for ../shared too
#   4. crash safety: ingest killed with SIGKILL mid-run, then run to the end
#   5. the systemd user units in contrib/ (systemd-analyze verify; the same library in both)
#   6. module dependencies against the layers (scripts/check_dependencies.py) and
#      `swift format lint --strict` against .swift-format
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

# The committed copies (Tests/Fixtures) always; ../shared as well when it is beside the clone
# (CI has it), in case it holds more than the copies do.
fixtures=(Tests/Fixtures)
if [ -d "$shared/corpus" ] && [ -d "$shared/badinputs" ]; then
    fixtures+=("$shared")
else
    echo "note: $shared is not beside this clone; checking the committed copies in Tests/Fixtures only"
fi
for root in "${fixtures[@]}"; do
    step "conformance: EXIF against $root/corpus/truth.json"
    "$bin/daybook-conformance" corpus "$root/corpus" || failures=$((failures + 1))
    step "conformance: bad inputs in $root/badinputs"
    "$bin/daybook-conformance" badinputs "$root/badinputs" || failures=$((failures + 1))
done
step "conformance: HEIF metadata and shown size against exiftool (truth.json)"
for folder in Tests/Fixtures/heic Tests/Fixtures/heic-pillow "$shared/heic"; do
    [ -d "$folder" ] || continue
    "$bin/daybook-conformance" heic "$folder" || failures=$((failures + 1))
done
step "conformance: PNG, WebP, GIF, AVIF and RAW date, GPS and orientation against exiftool (truth.json)"
for folder in Tests/Fixtures/stills Tests/Fixtures/raw; do
    "$bin/daybook-conformance" formats "$folder" || failures=$((failures + 1))
done
step "conformance: bad HEIF inputs in Tests/Fixtures/heic-badinputs"
"$bin/daybook-conformance" badinputs Tests/Fixtures/heic-badinputs || failures=$((failures + 1))
step "conformance: videos' date, GPS, length, frame and rotation against ffprobe and exiftool (truth.json)"
"$bin/daybook-conformance" videos Tests/Fixtures/videos || failures=$((failures + 1))
step "conformance: bad videos in Tests/Fixtures/videos-bad"
"$bin/daybook-conformance" badinputs Tests/Fixtures/videos-bad || failures=$((failures + 1))

step "bad inputs under AddressSanitizer"
swift build --sanitize=address --scratch-path .build-asan --product daybook-conformance 2>&1 | tail -n 1
ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    "$(swift build --sanitize=address --scratch-path .build-asan --show-bin-path)/daybook-conformance" \
    badinputs "${fixtures[-1]}/badinputs" || failures=$((failures + 1))
ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    "$(swift build --sanitize=address --scratch-path .build-asan --show-bin-path)/daybook-conformance" \
    badinputs Tests/Fixtures/heic-badinputs || failures=$((failures + 1))
ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    "$(swift build --sanitize=address --scratch-path .build-asan --show-bin-path)/daybook-conformance" \
    badinputs Tests/Fixtures/videos-bad || failures=$((failures + 1))

step "fuzz regression inputs under AddressSanitizer"
swift build --sanitize=address --scratch-path .build-asan --product daybook-fuzz 2>&1 | tail -n 1
for target in photo import xmp journal sidecar; do
    ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
        "$(swift build --sanitize=address --scratch-path .build-asan --show-bin-path)/daybook-fuzz" \
        --target=$target "Tests/Fixtures/fuzz/$target" || failures=$((failures + 1))
done
# The movie target's regression inputs are the committed videos and the lying movies the
# script makes (not committed as blobs).
hostile_movies=$(mktemp -d)
python3 scripts/make_hostile_movies.py sample-bomb "$hostile_movies/sample-bomb.mp4"
python3 scripts/make_hostile_movies.py trun-bomb "$hostile_movies/trun-bomb.mp4"
python3 scripts/make_hostile_movies.py trun-bomb "$hostile_movies/trun-overrun.mp4" --overrun
ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 \
    "$(swift build --sanitize=address --scratch-path .build-asan --show-bin-path)/daybook-fuzz" \
    --target=movie Tests/Fixtures/fuzz/movie Tests/Fixtures/videos Tests/Fixtures/videos-bad "$hostile_movies" \
    || failures=$((failures + 1))
rm -rf "$hostile_movies"

step "folder paths under AddressSanitizer: ingest and watch on awkward names"
bash scripts/asan_paths.sh || failures=$((failures + 1))

step "crash safety: SIGKILL mid-ingest, then finish"
python3 scripts/crash_test.py "$bin/daybook" || failures=$((failures + 1))

step "systemd user units (contrib/): systemd-analyze verify, one library for all"
bash scripts/check_units.sh "$bin/daybook" || failures=$((failures + 1))

step "module dependencies point down the pipeline (docs/architecture.md)"
python3 scripts/check_dependencies.py --self-test || failures=$((failures + 1))
python3 scripts/check_dependencies.py || failures=$((failures + 1))

step "swift format lint (.swift-format)"
swift format lint --strict --recursive Sources Tests Benchmarks Package.swift || failures=$((failures + 1))

step "swift test"
swift test --skip-build --disable-swift-testing || failures=$((failures + 1))

if [ "$failures" -ne 0 ]; then
    echo "test.sh: $failures check(s) failed" >&2
    exit 1
fi
