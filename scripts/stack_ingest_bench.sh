#!/bin/sh
# What stacking adds to ingest (docs/stacks.md): the same photos into a fresh library with
# and without the stacking step (hidden `ingest --no-stacks`), alternating, three rounds.
# usage: scripts/stack_ingest_bench.sh DAYBOOK_BINARY PHOTO_FOLDER WORK_DIR
set -eu
daybook=$1 photos=$2 work=$3
mkdir -p "$work"
for round in 1 2 3; do
    for mode in stacks no-stacks; do
        rm -rf "$work/lib-$mode"
        flag=""
        [ "$mode" = no-stacks ] && flag="--no-stacks"
        start=$(date +%s.%N)
        "$daybook" --library "$work/lib-$mode" ingest --jobs 1 $flag "$photos" >/dev/null 2>&1
        end=$(date +%s.%N)
        echo "$mode $(echo "$end - $start" | bc) s"
    done
done
