#!/usr/bin/env bash
# CPU time per rendered page of two builds side by side: both serve one copy of the seed, and
# each batch of pages is asked of both, one after the other, in alternating order, so that
# whatever else the machine does at that moment weighs on both alike. Each batch's URLs are
# new to both servers, so every page is rendered. CPU time is the servers' own user + system
# time (from /proc/PID/stat, which keeps the time of threads that have ended), in clock ticks:
# a batch is long enough for a tick to be a small part of it.
#
#   Benchmarks/scripts/web_page_cost_pair.sh BASE NEW SEED_LIBRARY [BATCHES] [PAGES]
#
# BASE and NEW are release `daybook` binaries; SEED_LIBRARY a library made by
# daybook-journal-bench (copied, never changed). Prints, for timeline, entry and month pages,
# the median CPU ms a page of each build over BATCHES (11) batches of PAGES (200) pages, and
# the median of the batches' NEW/BASE ratios.
set -euo pipefail
base_bin="$1"
new_bin="$2"
seed="$3"
batches="${4:-11}"
pages="${5:-200}"
copy=$(mktemp -d)
cp "$seed/journal.sqlite" "$copy/"
. "$(dirname "$0")/web_two_servers.sh" "$base_bin" "$new_bin" "$copy"
trap 'for s in "${servers[@]}"; do kill "$s" 2>/dev/null; done; rm -rf "$work" "$copy"' EXIT
pid_a=${servers[0]}
pid_b=${servers[1]}
base_a=$(cat "$work/a.base")
base_b=$(cat "$work/b.base")
ticks=$(getconf CLK_TCK)
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
# $1: base URL; stdin: paths. One curl, one connection.
ask() { while read -r path; do printf 'url = "%s"\noutput = "/dev/null"\n' "$1$path"; done | curl -s -K -; }
# $1: server pid, $2: base URL, $3: file of paths. Prints the CPU ticks the server spent on them.
timed() {
    local before after
    before=$(cpu "$1")
    ask "$2" < "$3"
    after=$(cpu "$1")
    echo $((after - before))
}
sqlite3 "$copy/journal.sqlite" "SELECT id FROM entry ORDER BY random() LIMIT $((batches * pages * 2 + 40))" > "$work/ids.txt"
head -20 "$work/ids.txt" | sed 's|^|/?warm\&before=|' > "$work/warm.txt"
head -40 "$work/ids.txt" | tail -20 | sed 's|^|/entries/|;s|$|?warm|' >> "$work/warm.txt"
ask "$base_a" < "$work/warm.txt"
ask "$base_b" < "$work/warm.txt"
# $1: kind, $2: a command printing batch N's paths (N as its argument).
measure() {
    local kind="$1" maker="$2" i a b
    : > "$work/$kind.tsv"
    for i in $(seq "$batches"); do
        "$maker" "$i" > "$work/batch.txt"
        if [ $((i % 2)) -eq 1 ]; then
            a=$(timed "$pid_a" "$base_a" "$work/batch.txt")
            b=$(timed "$pid_b" "$base_b" "$work/batch.txt")
        else
            b=$(timed "$pid_b" "$base_b" "$work/batch.txt")
            a=$(timed "$pid_a" "$base_a" "$work/batch.txt")
        fi
        echo "$a $b" >> "$work/$kind.tsv"
    done
    python3 - "$kind" "$pages" "$work/$kind.tsv" "$ticks" <<'PY'
import statistics, sys
kind, pages, path, hz = sys.argv[1], int(sys.argv[2]), sys.argv[3], int(sys.argv[4])
rows = [tuple(int(x) for x in line.split()) for line in open(path)]
base = statistics.median(a * 1000 / hz / pages for a, _ in rows)
new = statistics.median(b * 1000 / hz / pages for _, b in rows)
ratio = statistics.median(b / a for a, b in rows)
print(f"{kind}: base {base:.3f} ms, new {new:.3f} ms CPU a page; new/base {ratio:.2f} (median of {len(rows)} batches of {pages})")
PY
}
timeline_batch() { sed -n "$((40 + ($1 - 1) * pages + 1)),$((40 + $1 * pages))p" "$work/ids.txt" | sed "s|^|/?b$1\&before=|"; }
entry_batch() { sed -n "$((40 + (batches + $1 - 1) * pages + 1)),$((40 + (batches + $1) * pages))p" "$work/ids.txt" | sed 's|^|/entries/|'; }
month_batch() { for n in $(seq "$pages"); do printf '/?month=%04d-%02d&b=%d-%d\n' $((2010 + RANDOM % 15)) $((1 + RANDOM % 12)) "$1" "$n"; done; }
measure timeline timeline_batch
measure entry entry_batch
measure month month_batch
