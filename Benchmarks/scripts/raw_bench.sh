#!/usr/bin/env bash
# Camera RAW ingest against its floor, side by side: the CPU time of
# `daybook ingest --jobs 1 --weather none` over a folder of RAW files (read and hash the whole
# file, EXIF, LibRaw's preview, decode reduced to the thumbnail, colour tags, thumbnail JPEG,
# store) against, for each of the same files, `exiftool -b -PreviewImage FILE | djpeg -scale
# 1/8` (the preview cut out and decoded reduced: the floor the format allows with well-kept
# tools), and `djpeg -scale 1/8` alone of the preview cut out beforehand (the decode without
# exiftool's Perl start). CPU time (user + system of the command and its children,
# /usr/bin/time), not wall time: the machine is shared. Runs alternate; medians of RUNS.
#
#   Benchmarks/scripts/raw_bench.sh BIN_DIR [FOLDER] [RUNS]
#
# BIN_DIR holds a release `daybook`. FOLDER holds the RAW files; without it (or with "-"),
# the script makes them in a temporary folder, because no permissively licensed full-size RAW
# file is at hand (the committed ones are cut to a few KB): each is
# Tests/Fixtures/raw/canon-350d-preview.dng (a real DNG's TIFF structure, exiftool's test
# image) with a real 8-12 MP camera JPEG from ../shared/corpus written in as its PreviewImage
# and JpgFromRaw by exiftool (as a camera stores its full-size preview), Orientation 1, and
# PAD_MB (default 20) random bytes after the structure, standing for the sensor data a
# 20-24 MP RAW carries (ingest reads and hashes the whole file; exiftool and djpeg never read
# it). A benchmark, not a test: it prints figures and exits 0.
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
bin="$1"
folder="${2:--}"
runs="${3:-5}"
shared="${DAYBOOK_SHARED:-$root/../shared}"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
source "$root/Benchmarks/scripts/bench_cpu.sh"

if [ "$folder" = "-" ]; then
    folder="$work/raws"
    mkdir -p "$folder"
    # The corpus's photos of 8 MP and more, from five cameras and phones.
    for jpeg in jpg/tests/42_IndexError.jpg jpg/hdr/iphone_hdr_NO.jpg jpg/mobile/jolla.jpg \
        jpg/tests/30-type_error.jpg jpg/tests/67-0_length_string.jpg; do
        dng="$folder/$(basename "$jpeg" .jpg).dng"
        cp "$root/Tests/Fixtures/raw/canon-350d-preview.dng" "$dng"
        exiftool -q -overwrite_original "-PreviewImage<=$shared/corpus/$jpeg" "-JpgFromRaw<=$shared/corpus/$jpeg" \
            -Orientation#=1 "$dng"
        head -c $((${PAD_MB:-20} << 20)) /dev/urandom >>"$dng"
    done
fi
files=("$folder"/*)
mkdir -p "$work/previews"
for file in "${files[@]}"; do exiftool -b -PreviewImage "$file" >"$work/previews/$(basename "$file").jpg"; done
previews=("$work/previews"/*)

daybook=()
floor=()
decode=()
for run in $(seq "$runs"); do
    rm -rf "$work/library"
    daybook+=("$(DAYBOOK_WEATHER=none cpu "$bin/daybook" ingest --library "$work/library" --jobs 1 --weather none "$folder")")
    # One shell per run, the files in a loop: its CPU time counts every child it waited for,
    # and one figure per run keeps /usr/bin/time's 10 ms resolution out of the result.
    floor+=("$(cpu sh -c 'for f; do exiftool -b -PreviewImage "$f" | djpeg -scale 1/8 >/dev/null; done' sh "${files[@]}")")
    decode+=("$(cpu sh -c 'for p; do djpeg -scale 1/8 "$p" >/dev/null; done' sh "${previews[@]}")")
done
d=$(median "${daybook[@]}")
f=$(median "${floor[@]}")
j=$(median "${decode[@]}")
count=${#files[@]}
printf '%s: %d files (%s MB), %d runs\n' "$folder" "$count" "$(du -sm "$folder" | cut -f1)" "$runs"
printf 'daybook ingest:          %s s CPU (median), %s ms per file; runs: %s\n' "$d" "$(per "$d" "$count")" "${daybook[*]}"
printf 'exiftool | djpeg 1/8:    %s s CPU (median), %s ms per file; runs: %s\n' "$f" "$(per "$f" "$count")" "${floor[*]}"
printf 'djpeg 1/8 of preview:    %s s CPU (median), %s ms per file; runs: %s\n' "$j" "$(per "$j" "$count")" "${decode[*]}"
awk -v a="$d" -v b="$f" -v c="$j" 'BEGIN {printf "ratio daybook/(exiftool|djpeg): %.2f, daybook/djpeg alone: %.2f\n", a / b, a / c}'
