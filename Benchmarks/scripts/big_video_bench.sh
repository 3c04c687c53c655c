#!/usr/bin/env bash
# Peak memory and time of `daybook ingest` of one large video: a real 4K H.264 clip (testsrc2,
# encoded here in a few seconds) padded to SIZE_GB with a `free` box between its `mdat` and
# its `moov`, the index a phone writes last. The padding is written for real (zeros, not a
# sparse hole), so ingest hashes every byte of it, and FFmpeg must seek past it to the index.
# The media data keeps its offsets, so the clip still plays. Nothing is kept: the files live in
# a scratch folder removed on exit.
#
#   Benchmarks/scripts/big_video_bench.sh BIN_DIR [SIZE_GB] [RUNS] [SCRATCH]
#
# BIN_DIR holds `daybook`. Prints, for each run, the peak RSS and the wall time of the ingest
# (`/usr/bin/time -v`) up to its exit, with the entry stored; then the same for the clip
# unpadded, and `sha256sum` of the padded file for the cost of reading and hashing it alone.
# A benchmark, not a test: it prints figures and exits 0.
set -euo pipefail
bin="$(cd "$1" && pwd)"
size_gb="${2:-4}"
runs="${3:-3}"
work=$(mktemp -d "${4:-${TMPDIR:-/tmp}}/big-video.XXXXXX")
trap 'rm -rf "$work"' EXIT

ffmpeg -hide_banner -loglevel error -f lavfi -i testsrc2=size=3840x2160:rate=30 -t 5 \
    -c:v libx264 -preset ultrafast -g 30 -pix_fmt yuv420p \
    -metadata creation_time=2026-05-01T10:00:00Z "$work/clip.mp4"

# Pad: everything before `moov`, a 64-bit `free` box of zeros, then `moov`.
python3 - "$work/clip.mp4" "$work/big.mp4" "$size_gb" <<'PY'
import struct, sys
source, target, size_gb = sys.argv[1], sys.argv[2], float(sys.argv[3])
data = open(source, 'rb').read()
offset = 0
while offset < len(data):
    size, kind = struct.unpack('>I4s', data[offset:offset + 8])
    if size == 1:
        size = struct.unpack('>Q', data[offset + 8:offset + 16])[0]
    if kind == b'moov':
        break
    offset += size
else:
    sys.exit('no moov box')
padding = int(size_gb * (1 << 30)) - len(data)
zeros = bytes(1 << 20)
with open(target, 'wb') as out:
    out.write(data[:offset])
    out.write(struct.pack('>I4sQ', 1, b'free', padding))
    left = padding - 16
    while left > 0:
        out.write(zeros[:min(left, len(zeros))])
        left -= len(zeros)
    out.write(data[offset:])
PY

measure() {
    rm -rf "$work/library"
    DAYBOOK_WEATHER=none /usr/bin/time -v -o "$work/time" "$bin/daybook" ingest --library "$work/library" --jobs 1 \
        --weather none "$1" >"$work/out" 2>&1 || { cat "$work/out"; exit 1; }
    grep -q "1 new" "$work/out" || { cat "$work/out"; exit 1; }
    rss=$(awk -F': ' '/Maximum resident set size/ {print $2}' "$work/time")
    wall=$(awk -F': ' '/Elapsed \(wall clock\)/ {print $2}' "$work/time")
    printf '%s: peak RSS %d MB, wall %s\n' "$2" $((rss / 1024)) "$wall"
}

printf 'clip: %s bytes; padded: %s bytes\n' "$(stat -c %s "$work/clip.mp4")" "$(stat -c %s "$work/big.mp4")"
for run in $(seq "$runs"); do
    measure "$work/big.mp4" "run $run, ${size_gb} GiB"
    measure "$work/clip.mp4" "run $run, clip alone"
    /usr/bin/time -f "run $run, sha256sum of the padded file: wall %E" sha256sum "$work/big.mp4" >/dev/null
done
