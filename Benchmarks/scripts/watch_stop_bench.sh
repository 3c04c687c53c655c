#!/bin/bash
# Benchmarks/scripts/watch_stop_bench.sh LIBRARY [ROUNDS]: does the start after a cleanly stopped watch read the
# whole library? Each round, for /work/base-odds/daybook and /work/new-odds/daybook (set BASE and
# NEW to change them) alternately: a watch ingests one photo (ImageMagick) and gets SIGTERM, then
# `daybook ingest` of an empty folder is timed, CPU (user + system) in seconds.
set -e; work=$(mktemp -d); trap 'rm -rf "$work"' EXIT; mkdir -p "$work/in" "$work/empty"
L=$1; N=${2:-5}; i=0
for round in $(seq "$N"); do
  for side in base new; do
    if [ $side = base ]; then B=${BASE:-/work/base-odds/daybook}; else B=${NEW:-/work/new-odds/daybook}; fi; i=$((i+1))
    $B watch $work/in --library $L > $work/log 2>&1 & pid=$!
    until grep -q "watching" $work/log; do sleep 0.1; done
    convert -size 64x48 xc: +noise Random $work/in/p$RANDOM$i.jpg
    until grep -q "ingested" $work/log; do sleep 0.1; done
    kill -TERM $pid; wait $pid
    /usr/bin/time -f "%U %S" -o $work/t $B ingest $work/empty --library $L > /dev/null 2>&1
    echo "$side $(awk '{print $1 + $2}' $work/t)"
  done
done
