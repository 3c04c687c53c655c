#!/usr/bin/env bash
# Video ingest against FFmpeg's own tool, side by side: the CPU time of
# `daybook ingest --jobs 1 --weather none` over a folder of videos (container, poster frame
# at reduced size, colour tags, thumbnail JPEG, hash, store) against
# `ffmpeg -threads 1 -ss S -i F -frames:v 1 -vf scale=400:-2 F.jpg` for each of the same
# files: with S=1, a frame a second in (a seek decodes from the key frame before 1 s), and
# with S=0, the first frame alone, the floor a poster frame allows. CPU time (user + system, /usr/bin/time), not wall
# time: the machine is shared. Runs alternate; medians of RUNS.
#
#   Benchmarks/scripts/video_bench.sh BIN_DIR VIDEO_FOLDER [RUNS]
#
# BIN_DIR holds a release `daybook`. A benchmark, not a test: it prints figures and exits 0.
set -euo pipefail
bin="$1"
folder="$2"
runs="${3:-5}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$(dirname "$0")/bench_cpu.sh"
files=("$folder"/*)
daybook=()
ffmpeg_runs=()
first_runs=()
for run in $(seq "$runs"); do
    rm -rf "$work/library"
    daybook+=("$(DAYBOOK_WEATHER=none cpu "$bin/daybook" ingest --library "$work/library" --jobs 1 --weather none "$folder")")
    for seek in 1 0; do
        total=0
        for file in "${files[@]}"; do
            seconds=$(cpu ffmpeg -hide_banner -loglevel error -threads 1 -ss "$seek" -i "$file" -frames:v 1 -vf scale=400:-2 -y "$work/poster.jpg")
            total=$(add "$total" "$seconds")
        done
        if [ "$seek" = 1 ]; then ffmpeg_runs+=("$total"); else first_runs+=("$total"); fi
    done
done
d=$(median "${daybook[@]}")
f=$(median "${ffmpeg_runs[@]}")
f0=$(median "${first_runs[@]}")
count=${#files[@]}
printf 'videos: %d files, %d runs\n' "$count" "$runs"
printf 'daybook ingest: %s s CPU (median), %s ms per file; runs: %s\n' "$d" "$(per "$d" "$count")" "${daybook[*]}"
printf 'ffmpeg -ss 1:   %s s CPU (median), %s ms per file; runs: %s\n' "$f" "$(per "$f" "$count")" "${ffmpeg_runs[*]}"
printf 'ffmpeg -ss 0:   %s s CPU (median), %s ms per file; runs: %s\n' "$f0" "$(per "$f0" "$count")" "${first_runs[*]}"
awk -v a="$d" -v b="$f" -v c="$f0" 'BEGIN {printf "ratio daybook / ffmpeg -ss 1: %.2f; daybook / ffmpeg -ss 0: %.2f\n", a / b, a / c}'
