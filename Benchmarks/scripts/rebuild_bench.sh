#!/bin/bash
# `daybook rebuild` of a library against a fresh `daybook ingest` of the same photos, runs
# alternated. Each run ingests PHOTOS into an empty library (timed), gives the first few
# entries words (so they have journal files), exports the journal, deletes journal.sqlite,
# rebuilds (timed), exports again and compares the two with scripts/compare_exports.py.
# Prints each run's wall and CPU time per photo and the medians.
#
#   Benchmarks/scripts/rebuild_bench.sh PHOTOS RUNS DAYBOOK [WORDS]
#
# WORDS: how many entries get a text (default 20). Weather stays pending (no network needed).
set -euo pipefail
photos=${1:?usage}; runs=${2:?usage}; binary=${3:?usage}; words=${4:-20}
here=$(cd "$(dirname "$0")" && pwd)
compare="$here/../../scripts/compare_exports.py"
work=$(mktemp -d "${TMPDIR:-/tmp}/rebuild-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
source "$here/bench_cpu.sh"  # median
count=$(find "$photos" -type f ! -name '*.xmp' ! -name '*.md' ! -name '*.json' | wc -l)
timed() {  # timed LABEL COMMAND...: runs it, appends "wall cpu" per photo in ms to $work/LABEL
    local label=$1; shift
    /usr/bin/time -f "%e %U %S" -o "$work/t" "$@" > /dev/null 2> "$work/err" || { cat "$work/err" >&2; return 1; }
    read -r wall user sys < "$work/t"
    awk -v t="$wall" -v u="$user" -v s="$sys" -v n="$count" 'BEGIN {printf "%.1f %.1f\n", t * 1000 / n, (u + s) * 1000 / n}' >> "$work/$label"
    tail -n 1 "$work/$label"
}
for run in $(seq 1 "$runs"); do
    library="$work/library"
    rm -rf "$library"
    echo "run $run, ingest (ms per photo, wall CPU): $(timed ingest "$binary" ingest --library "$library" --weather none "$photos")"
    "$binary" list --library "$library" --json \
        | python3 -c 'import json, sys; [print(e["id"]) for e in json.load(sys.stdin)[:int(sys.argv[1])]]' "$words" \
        | while read -r id; do
        "$binary" edit --library "$library" "$id" --text "Words for $id" > /dev/null
    done
    "$binary" export --library "$library" json "$work/before.json" --no-thumbnails 2> /dev/null
    rm -f "$library"/journal.sqlite "$library"/journal.sqlite-wal "$library"/journal.sqlite-shm
    sync
    echo "run $run, rebuild (ms per photo, wall CPU): $(timed rebuild "$binary" rebuild --library "$library")"
    "$binary" export --library "$library" json "$work/after.json" --no-thumbnails 2> /dev/null
    python3 "$compare" "$work/before.json" "$work/after.json" || echo "run $run: the rebuilt journal differs"
done
for label in ingest rebuild; do
    # shellcheck disable=SC2046
    echo "median, $label: $(median $(cut -d' ' -f1 "$work/$label")) ms wall, $(median $(cut -d' ' -f2 "$work/$label")) ms CPU per photo ($count photos)"
done
