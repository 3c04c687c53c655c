#!/bin/bash
# `daybook ingest` of one folder into an empty library and into a copy of a big one, two
# builds side by side, runs alternated (the aim: ingest into 1M entries at the speed of an
# empty library). Prints each run's wall and CPU time per photo, and the medians.
#
#   Benchmarks/scripts/ingest_scale_bench.sh PHOTOS BIG_LIBRARY RUNS DAYBOOK...   (one or more binaries)
#
# The big library is copied for every run (never changed). Each library is opened first by an
# untimed ingest of an empty folder with the same binary: that migrates it and makes the
# start-up repair's first full read (a copied library has never been repaired), so the timed
# ingest meets a library as it is in use. Weather is left at its default (the ingest plans the new
# entries' weather; without a network it stops at the first request).
set -euo pipefail
photos=${1:?usage}; big=${2:?usage}; runs=${3:?usage}; shift 3
work=$(mktemp -d "${TMPDIR:-/tmp}/ingest-scale.XXXXXX")
trap 'rm -rf "$work"' EXIT
count=$(find "$photos" -type f ! -name '*.xmp' ! -name '*.md' | wc -l)
source "$(dirname "$0")/bench_cpu.sh"  # median
# How full the big library's index leaves are. An index built at once (VACUUM, CREATE INDEX)
# has full leaves, and then a new entry splits a leaf in every index keyed at random (its id,
# its tags, its search key, its day of the year): several pages written instead of one, until
# use has split them all. A library grown by inserts keeps part of each leaf free.
fill=$(sqlite3 "file:$big/journal.sqlite?mode=ro" \
    "SELECT round(100.0 * sum(unused) / sum(pgsize), 1) FROM dbstat WHERE name = 'sqlite_autoindex_entry_1' AND pagetype = 'leaf'")
echo "big library: the entry id index's leaves are $fill % free"
declare -A walls cpus
for run in $(seq 1 "$runs"); do
    for library in empty big; do
        for binary in "$@"; do
            rm -rf "$work/library"
            mkdir -p "$work/library"
            [ "$library" = big ] && cp "$big/journal.sqlite" "$work/library/journal.sqlite"
            mkdir -p "$work/nothing"
            "$binary" ingest --library "$work/library" "$work/nothing" > /dev/null 2>&1 || true
            sync
            /usr/bin/time -f "%e %U %S" -o "$work/t" "$binary" ingest --library "$work/library" "$photos" > /dev/null 2>&1 || true
            read -r wall user sys < "$work/t"
            perwall=$(awk -v t="$wall" -v n="$count" 'BEGIN {printf "%.1f", t * 1000 / n}')
            percpu=$(awk -v u="$user" -v s="$sys" -v n="$count" 'BEGIN {printf "%.1f", (u + s) * 1000 / n}')
            echo "run $run, $library, $binary: $perwall ms wall, $percpu ms CPU per photo"
            walls[$library,$binary]+="$perwall "
            cpus[$library,$binary]+="$percpu "
        done
    done
done
for library in empty big; do
    for binary in "$@"; do
        # shellcheck disable=SC2086
        echo "median, $library library, $binary: $(median ${walls[$library,$binary]}) ms wall, $(median ${cpus[$library,$binary]}) ms CPU per photo ($count photos)"
    done
done
