#!/bin/bash
# Benchmarks/scripts/cli_output_compare.sh BASE_DAYBOOK NEW_DAYBOOK LIBRARY: the same standard output, standard
# error and exit status from both binaries for every list command, text and --json (the
# buffered output and the columns padded without Foundation must not change a byte).
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
B=$1; N=$2; L=$3; fail=0
cmds=(
 "on-this-day --date 07-14 --year 2026"
 "on-this-day --date 02-28 --year 2026 --limit 300"
 "search harbour --limit 2000"
 "search caf riv --limit 500"
 "search --tag sunset --limit 1500"
 "search --month 2019-07"
 "search --near=-16.5,179.95 --radius 300km --limit 1000"
 "search --near 10,179.9 --radius 800km --limit 500"
 "list --limit 3000"
 "list --month 2018-08"
 "latest -n 200"
)
for c in "${cmds[@]}"; do
  for j in "" "--json"; do
    $B --library $L $j $c > "$work"/b.out 2>"$work"/b.err; sb=$?
    $N --library $L $j $c > "$work"/n.out 2>"$work"/n.err; sn=$?
    if cmp -s "$work"/b.out "$work"/n.out && cmp -s "$work"/b.err "$work"/n.err && [ $sb = $sn ]; then
      echo "same  $(wc -c <"$work"/n.out) bytes  $j $c"
    else echo "DIFF  $j $c"; fail=1; fi
  done
done
exit $fail
