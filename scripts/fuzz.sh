#!/usr/bin/env bash
# A libFuzzer campaign against one daybook-fuzz target (docs/fuzzing.md).
#
#   scripts/fuzz.sh TARGET MINUTES        e.g.  scripts/fuzz.sh photo 30   (targets: photo, import, xmp, journal, sidecar, stills, movie)
#
# `stills` is the `photo` entry seeded with PNG, WebP, GIF and camera RAW files.
#
# Builds daybook-fuzz with -sanitize=fuzzer,address into .build-fuzz, seeds it with the
# target's corpus, runs for MINUTES at nice 10 and prints executions per second and coverage.
# The growing corpus, crash/hang artifacts and the log stay under .build-fuzz/fuzz-TARGET
# (git-ignored). Environment:
#   DAYBOOK_SHARED  the shared corpus (default ../shared)
#   FUZZ_FORK=N     N worker processes that carry on after a crash or hang (default: one
#                   process that stops at the first finding)
#   FUZZ_ARGS       more libFuzzer flags
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -eq 2 ] || { echo "usage: $0 TARGET MINUTES" >&2; exit 2; }
target=$1 minutes=$2
binary_target=$1
shared="${DAYBOOK_SHARED:-../shared}"
scratch=.build-fuzz
work="$scratch/fuzz-$target"
export PATH="/opt/swift/usr/bin:$PATH"

# Swift code and our C targets are instrumented; libjpeg and libexif are the system's own
# (uninstrumented) shared libraries, so coverage is of Daybook's code only.
build=(swift build -c debug --scratch-path "$scratch" --product daybook-fuzz
       -Xswiftc -sanitize=fuzzer,address -Xswiftc -DDAYBOOK_FUZZ
       -Xcc -fsanitize=fuzzer-no-link,address)
echo "building daybook-fuzz for fuzzing (first build: several minutes)"
nice -n 10 "${build[@]}" 2>&1 | grep -Ev '^\[[0-9]+/[0-9]+\]|Cannot export local symbol' || true
bin="$("${build[@]}" --show-bin-path)/daybook-fuzz"
[ -x "$bin" ] || { echo "build failed" >&2; exit 1; }

# Seeds per target; new inputs go to the first folder (the campaign's own corpus).
case "$target" in
    photo)
        # Videos take the same analyzer (FileKind routes them to FFmpeg's QuickTime/MP4 demuxer).
        seeds=("$shared/corpus/jpg" "$shared/badinputs" Tests/Fixtures/sample-squares Tests/Fixtures/fuzz/photo Tests/Fixtures/xmp
               Tests/Fixtures/videos Tests/Fixtures/videos-bad)
        # Photos in the corpus reach 3 MB, but most paths are decided in the first few hundred
        # kilobytes (EXIF, tables, frame header, the start of the scan) and every extra byte
        # costs decode time, so longer seeds are cut (and keep exercising truncation).
        max_len=524288 ;;
    import)
        # Exports made from the sample squares (one with thumbnails) and hostile variants of them.
        seeds=(Tests/Fixtures/fuzz/import)
        max_len=65536 ;;
    xmp)
        # Packets and sidecars exiftool wrote, both RDF forms and both GPS forms, and hostile
        # XML (entity bomb, external entity, deep nesting, not UTF-8, truncated). Real packets
        # are a few KB; the date and place properties sit in the first kilobytes.
        seeds=(Tests/Fixtures/fuzz/xmp)
        max_len=16384 ;;
    journal)
        # Journal files as `daybook write` makes them, and hostile ones (truncated front
        # matter, NUL, not UTF-8, unknown and repeated keys, values out of range).
        seeds=(Tests/Fixtures/fuzz/journal)
        max_len=16384 ;;
    sidecar)
        # The sidecar writer's merge: sidecars exiftool wrote the Lightroom, darktable and
        # digiKam ways, CRLF and self-closed Descriptions, then the XMP target's seeds.
        seeds=(Tests/Fixtures/fuzz/sidecar Tests/Fixtures/fuzz/xmp)
        max_len=16384 ;;
    stills)
        # The `photo` target's code on PNG, WebP, GIF and camera RAW (LibRaw's embedded preview):
        # the committed stills and RAWs, their bombs, truncations and broken previews.
        binary_target=photo
        seeds=(Tests/Fixtures/stills Tests/Fixtures/raw Tests/Fixtures/raw/bad)
        # The RAW fixtures are 6-57 KB; a preview past 128 KB would only cost decode time.
        max_len=131072 ;;
    movie)
        # The committed videos, the bad ones, and movies whose sample tables lie, made here by
        # scripts/make_hostile_movies.py (never committed as blobs).
        made="$work/made-seeds"
        mkdir -p "$made"
        python3 scripts/make_hostile_movies.py sample-bomb "$made/sample-bomb.mp4"
        python3 scripts/make_hostile_movies.py sample-bomb "$made/honest-two-tracks.mp4" --tracks 2 --samples 30
        python3 scripts/make_hostile_movies.py trun-bomb "$made/trun-bomb.mp4"
        python3 scripts/make_hostile_movies.py trun-bomb "$made/trun-overrun.mp4" --overrun
        seeds=(Tests/Fixtures/fuzz/movie Tests/Fixtures/videos Tests/Fixtures/videos-bad "$made")
        # The committed clips reach a few hundred KB; the index and the first frames come early.
        max_len=262144 ;;
    *) echo "unknown target '$target' (targets: photo, import, xmp, journal, sidecar, stills, movie)" >&2; exit 2 ;;
esac
for seed in "${seeds[@]}"; do [ -d "$seed" ] || echo "note: seed folder $seed is missing" >&2; done
existing_seeds=(); for seed in "${seeds[@]}"; do [ -d "$seed" ] && existing_seeds+=("$seed"); done
dict=(); [ -f "scripts/fuzz-$target.dict" ] && dict=(-dict="scripts/fuzz-$target.dict")
mode=(); [ -n "${FUZZ_FORK:-}" ] && mode=(-fork="$FUZZ_FORK" -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)

mkdir -p "$work/corpus" "$work/artifacts"
log="$work/campaign-$(date +%Y%m%d-%H%M%S).log"
echo "fuzzing $target for $minutes min; corpus $work/corpus, findings $work/artifacts, log $log"
set +e
ASAN_OPTIONS="detect_leaks=0:${ASAN_OPTIONS:-}" nice -n 10 "$bin" --target="$binary_target" \
    -max_total_time=$((minutes * 60)) -max_len=$max_len -timeout=2 -rss_limit_mb=2048 \
    -artifact_prefix="$work/artifacts/" -print_final_stats=1 -print_pcs=0 "${dict[@]}" "${mode[@]}" \
    ${FUZZ_ARGS:-} "$work/corpus" "${existing_seeds[@]}" >"$log" 2>&1
status=$?
set -e

echo "--- $target, $minutes min (exit $status)"
grep -E '^INFO: seed corpus|INITED' "$log" | head -n 2 || true
grep -E '^#[0-9]+' "$log" | tail -n 1 || true
grep -E '^stat::' "$log" || true
grep -E '^==[0-9]+==ERROR|^SUMMARY|ALARM: working on the last Unit|Test unit written to|^artifact_prefix' "$log" || true
echo "findings: $(find "$work/artifacts" -type f | wc -l) file(s) in $work/artifacts"
exit $status
