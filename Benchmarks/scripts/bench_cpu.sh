# Sourced by the side-by-side benchmarks (video_bench.sh, stills_bench.sh, raw_bench.sh,
# insert_bench.sh, ingest_scale_bench.sh): CPU time of a
# command (user + system from /usr/bin/time; the machine is shared, so not wall time), the
# median of numbers, and milliseconds per file. Needs $work, a scratch folder.
cpu() { /usr/bin/time -f "%U %S" -o "$work/t" "$@" >/dev/null 2>&1; awk '{print $1 + $2}' "$work/t"; }
add() { awk -v a="$1" -v b="$2" 'BEGIN {print a + b}'; }
median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
per() { awk -v a="$1" -v b="$2" 'BEGIN {printf "%.1f", a * 1000 / b}'; }
