#!/usr/bin/env bash
# What the first look saves: `daybook ingest --first-look` against `--no-first-look` and
# vipsthumbnail on the same N iPhone HEICs, and the same for JPEGs (docs/benchmarks/first-look.md).
#
#   scripts/bench_first_look.sh [N ...]          default: 200 1000
#
# Environment: DAYBOOK (the binary; default .build-release/release/daybook, built with
# `swift build -c release --scratch-path .build-release --product daybook`), HEIC (the source
# photo; default the iPhone 8 Plus portrait in Tests/Fixtures/heic-pillow, which has a
# 240x320 thumbnail item), JPEG_DIR (default ../shared/corpus/jpg), JPEGS (200; 0 for none), JOBS (2),
# RUNS (3), SIDES (default "first-look refined no-first-look vipsthumbnail": first-look is
# `ingest --no-wait`, the time until every file has an entry; refined is the whole ingest,
# until every full-quality thumbnail is made), WORK (default
# .build-bench-first-look, the copies are kept there). An N of 0 runs no HEIC set.
#
# The N files are copies of one real photo, made distinct without re-encoding: each copy's
# EXIF dates (the same ASCII length) are moved 10 s apart, so every file has its own content
# hash and its own time; at one time and one camera all copies would be one burst, and
# stacking a thousand frames is another benchmark. Prints one line per run and the medians.
set -euo pipefail

root=$(cd "$(dirname "$0")/.." && pwd)
daybook=${DAYBOOK:-$root/.build-release/release/daybook}
heic=${HEIC:-$root/Tests/Fixtures/heic-pillow/arrow.heic}
jpeg_dir=${JPEG_DIR:-$root/../shared/corpus/jpg}
jpegs=${JPEGS:-200}
jobs=${JOBS:-2}
runs=${RUNS:-3}
sides=${SIDES:-first-look refined no-first-look vipsthumbnail}
work=${WORK:-$root/.build-bench-first-look}
sizes=("$@")
[ ${#sizes[@]} -gt 0 ] || sizes=(200 1000)

[ -x "$daybook" ] || { echo "no $daybook: build it first (see above)" >&2; exit 2; }
command -v vipsthumbnail >/dev/null || { echo "vipsthumbnail missing (apt-get install libvips-tools)" >&2; exit 2; }
mkdir -p "$work"

# copies SOURCE COUNT DIR EXTENSION: COUNT distinct copies of SOURCE (of any format whose EXIF
# dates are stored as text), or of each file under SOURCE when it is a folder, in turn.
copies() {
    python3 - "$@" <<'EOF'
import datetime, os, re, sys
source, count, folder, extension = sys.argv[1], int(sys.argv[2]), sys.argv[3], sys.argv[4]
if os.path.isdir(source):
    files = sorted(os.path.join(d, f) for d, _, names in os.walk(source) for f in names
                   if f.lower().endswith(('.jpg', '.jpeg')))
else:
    files = [source]
os.makedirs(folder, exist_ok=True)
date = re.compile(rb'\d{4}:\d\d:\d\d \d\d:\d\d:\d\d')
start = datetime.datetime(2024, 1, 1, 8, 0, 0)
for i in range(count):
    data = open(files[i % len(files)], 'rb').read()
    stamp = (start + datetime.timedelta(seconds=10 * i)).strftime('%Y:%m:%d %H:%M:%S').encode()
    changed, n = date.subn(stamp, data)
    if n == 0:  # no EXIF date to move: a free-form comment segment after SOI makes it distinct
        comment = b'daybook bench copy %d' % i
        changed = data[:2] + b'\xff\xfe' + (len(comment) + 2).to_bytes(2, 'big') + comment + data[2:]
    with open(os.path.join(folder, 'photo-%05d.%s' % (i, extension)), 'wb') as out:
        out.write(changed)
EOF
}

# timed LABEL COMMAND...: runs it, prints "LABEL wall user+sys" and appends to $results.
timed() {
    local label=$1
    shift
    local TIMEFORMAT='%R %U %S' out
    # bash's `time` counts the CPU of every child the command waited for (xargs' too).
    out=$( { time "$@" >/dev/null 2>&1; } 2>&1)
    read -r wall user sys <<<"$out"
    local cpu
    cpu=$(echo "$user + $sys" | bc)
    printf '%-28s wall %7.2f s  CPU %8.2f s\n' "$label" "$wall" "$cpu"
    echo "$label $wall $cpu" >>"$results"
}

ingest() {  # ingest DIR FLAG...
    local dir=$1
    shift
    rm -rf "$work/library"
    DAYBOOK_WEATHER=none "$daybook" ingest --library "$work/library" --jobs "$jobs" "$@" "$dir"
}

vips() {  # vips DIR: one single-threaded process per file, JOBS at a time
    rm -rf "$work/vips" && mkdir -p "$work/vips"
    find "$1" -type f -print0 | VIPS_CONCURRENCY=1 xargs -0 -P "$jobs" -n 1 vipsthumbnail -s 400 -o "$work/vips/%s.jpg"
}

results=$(mktemp)
trap 'rm -f "$results"' EXIT
sets=()
for n in "${sizes[@]}"; do
    [ "$n" -gt 0 ] || continue
    dir="$work/heic-$n"
    [ -d "$dir" ] && [ "$(ls "$dir" | wc -l)" -eq "$n" ] || { rm -rf "$dir"; copies "$heic" "$n" "$dir" heic; }
    sets+=("heic-$n:$dir")
done
if [ "$jpegs" -gt 0 ]; then
    jdir="$work/jpeg-$jpegs"
    [ -d "$jdir" ] && [ "$(ls "$jdir" | wc -l)" -eq "$jpegs" ] || { rm -rf "$jdir"; copies "$jpeg_dir" "$jpegs" "$jdir" jpg; }
    sets+=("jpeg-$jpegs:$jdir")
fi

for set in "${sets[@]}"; do
    name=${set%%:*}
    dir=${set#*:}
    for run in $(seq "$runs"); do
        cat "$dir"/* >/dev/null  # the page cache warm for every side alike
        for side in $sides; do
            case $side in
            # Time to a first look: stage 1 alone. Time to fully refined: both stages.
            first-look) timed "$name $side" ingest "$dir" --first-look --no-wait ;;
            refined) timed "$name $side" ingest "$dir" --first-look ;;
            no-first-look) timed "$name $side" ingest "$dir" --no-first-look ;;
            vipsthumbnail) timed "$name $side" vips "$dir" ;;
            esac
        done
    done
done

echo
echo "medians of $runs runs, --jobs $jobs"
printf '%-28s %8s %10s %14s\n' side "wall s" "CPU s" "CPU ms/photo"
python3 - "$results" <<'EOF'
import statistics, sys
rows = {}
for line in open(sys.argv[1]):
    *label, wall, cpu = line.split()
    rows.setdefault(' '.join(label), []).append((float(wall), float(cpu)))
for label, values in rows.items():
    count = int(label.split()[0].split('-')[1])
    wall = statistics.median(v[0] for v in values)
    cpu = statistics.median(v[1] for v in values)
    print('%-28s %8.2f %10.2f %14.1f' % (label, wall, cpu, cpu * 1000 / count))
EOF
