#!/bin/sh
# What stacking adds to ingest (docs/stacks.md): the same photos into a fresh library with
# and without the stacking step (hidden `ingest --no-stacks`), alternating, ROUNDS rounds
# (default 5); CPU time (user + system, /usr/bin/time), not wall time, as the machine is
# shared; prints each round and the medians.
# usage: Benchmarks/scripts/stack_ingest_bench.sh DAYBOOK_BINARY PHOTO_FOLDER WORK_DIR [ROUNDS]
set -eu
daybook=$1 photos=$2 work=$3 rounds=${4:-5}
mkdir -p "$work"
: > "$work/times"
for round in $(seq "$rounds"); do
    for mode in stacks no-stacks; do
        rm -rf "$work/lib-$mode"
        flag=""
        [ "$mode" = no-stacks ] && flag="--no-stacks"
        DAYBOOK_WEATHER=none /usr/bin/time -f "%U %S" -o "$work/t" \
            "$daybook" ingest --library "$work/lib-$mode" --jobs 1 --weather none $flag "$photos" >/dev/null 2>&1
        seconds=$(awk '{print $1 + $2}' "$work/t")
        echo "$mode $seconds" | tee -a "$work/times"
    done
done
for mode in stacks no-stacks; do
    grep "^$mode " "$work/times" | awk '{print $2}' | sort -g |
        awk -v mode="$mode" '{a[NR]=$1} END {m = (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2; printf "median %s: %.3f s CPU\n", mode, m}'
done
