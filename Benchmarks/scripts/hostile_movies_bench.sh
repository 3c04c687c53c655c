#!/usr/bin/env bash
# Peak RSS and wall time of `daybook ingest` on movies whose boxes lie (sample tables that count
# more than the file holds, a frame size smaller than the bitstream's) and a HEIC whose `ispe`
# lies, for two
# binaries side by side: BEFORE AFTER [RUNS]. The movies are made by
# scripts/make_hostile_movies.py; each run ingests one file into a new library.
set -euo pipefail
before=$1 after=$2 runs=${3:-3}
root=$(cd "$(dirname "$0")/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 "$root/scripts/make_hostile_movies.py" sample-bomb "$work/three-tracks.mp4"
python3 "$root/scripts/make_hostile_movies.py" sample-bomb "$work/one-track.mp4" --tracks 1
python3 "$root/scripts/make_hostile_movies.py" trun-bomb "$work/fragment.mp4"
# Frames far larger than the 320x240 their containers are patched to declare.
ffmpeg -v error -f lavfi -i testsrc2=s=16000x16000:d=1 -frames:v 1 -pix_fmt yuvj420p -c:v mjpeg -q:v 20 "$work/mjpeg.mov"
python3 "$root/scripts/make_hostile_movies.py" lying-size "$work/mjpeg-16000-says-320.mp4" --from "$work/mjpeg.mov"
ffmpeg -v error -f lavfi -i testsrc2=s=8000x8000:d=0.1 -frames:v 1 -c:v libx264 -preset ultrafast "$work/h264.mp4"
python3 "$root/scripts/make_hostile_movies.py" lying-size "$work/h264-8000-says-320.mp4" --from "$work/h264.mp4"
# A HEIC coded at 6000x6000 whose every `ispe` is patched to declare 300x300.
python3 -c "from PIL import Image; Image.effect_noise((6000, 6000), 64).convert('RGB').save('$work/big.png')"
heif-enc -q 50 "$work/big.png" -o "$work/big.heic" >/dev/null
python3 - "$work/big.heic" "$work/heic-6000-says-300.heic" <<'PATCH'
import struct, sys
data = bytearray(open(sys.argv[1], "rb").read())
at = 0
while (at := data.find(b"ispe", at)) > 0:
    struct.pack_into(">II", data, at + 8, 300, 300)
    at += 4
open(sys.argv[2], "wb").write(data)
PATCH
printf '| file | bytes | binary | peak RSS (MB), each run | median | wall (s), each run | median | what it said |\n|---|---:|---|---|---:|---|---:|---|\n'
median() { tr ' ' '\n' | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
for movie in three-tracks.mp4 one-track.mp4 fragment.mp4 mjpeg-16000-says-320.mp4 h264-8000-says-320.mp4 heic-6000-says-300.heic; do
    for label in before after; do
        binary=${!label}
        rss=() wall=()
        for _ in $(seq "$runs"); do
            rm -rf "$work/lib"
            /usr/bin/time -f '%M %e' -o "$work/time" "$binary" --library "$work/lib" ingest --weather none \
                "$work/$movie" >"$work/out" 2>&1 || true
            read -r kb seconds < <(tail -n 1 "$work/time")
            rss+=("$((kb / 1024))") wall+=("$seconds")
        done
        said=$(grep -m1 -o 'error: .*' "$work/out" | sed "s|$work/||; s/|/\\\\|/g" || true)
        printf '| %s | %s | %s | %s | %s | %s | %s | %s |\n' "$movie" "$(stat -c %s "$work/$movie")" "$label" \
            "${rss[*]}" "$(echo "${rss[*]}" | median)" "${wall[*]}" "$(echo "${wall[*]}" | median)" "${said:-(stored)}"
    done
done
