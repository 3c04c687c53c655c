#!/usr/bin/env bash
# PNG and WebP ingest against libvips, side by side: the CPU time of
# `daybook ingest --jobs 1 --weather none` over a folder (read, hash, metadata, decode reduced
# to the thumbnail, colour tags, thumbnail JPEG, store) against `vipsthumbnail -s 400` of each
# of the same files (decode reduced and a JPEG out: the floor the format allows with a
# well-kept library). CPU time (user + system, /usr/bin/time), not wall time: the machine is
# shared. Runs alternate; medians of RUNS.
#
#   Benchmarks/scripts/stills_bench.sh BIN_DIR FOLDER [RUNS]
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
vips=()
for run in $(seq "$runs"); do
    rm -rf "$work/library"
    daybook+=("$(DAYBOOK_WEATHER=none cpu "$bin/daybook" ingest --library "$work/library" --jobs 1 --weather none "$folder")")
    total=0
    for file in "${files[@]}"; do
        seconds=$(VIPS_CONCURRENCY=1 cpu vipsthumbnail -s 400 "$file" -o "$work/thumb.jpg")
        total=$(add "$total" "$seconds")
    done
    vips+=("$total")
done
d=$(median "${daybook[@]}")
v=$(median "${vips[@]}")
count=${#files[@]}
printf '%s: %d files, %d runs\n' "$folder" "$count" "$runs"
printf 'daybook ingest: %s s CPU (median), %s ms per file; runs: %s\n' "$d" "$(per "$d" "$count")" "${daybook[*]}"
printf 'vipsthumbnail:  %s s CPU (median), %s ms per file; runs: %s\n' "$v" "$(per "$v" "$count")" "${vips[*]}"
awk -v a="$d" -v b="$v" 'BEGIN {printf "ratio daybook/vipsthumbnail: %.2f\n", a / b}'
