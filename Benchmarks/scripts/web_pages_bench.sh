#!/usr/bin/env bash
# Every web page kind but the timeline's own pages (Benchmarks/scripts/web_bench.sh), measured with wrk,
# 32 connections, on a seeded library (daybook-journal-bench), each request a distinct URL
# (Benchmarks/scripts/web_pages_bench.lua adds fresh=N) so that the kept answers never answer:
#   entry pages of random entries, /search of a seeded word, of two word prefixes, of a tag,
#   of a word and a tag, of a word after a random entry (before=, a later page),
#   /on-this-day of a random day, and after a random entry of that day (a later page),
#   /api/map of random views (zoom 2-14, around random entries),
#   /api/map/entries of random cells that hold entries, /api/places continued after a random
#   entry, /tags, and a month of the timeline (/?month=) for comparison.
# Prints one line per kind: requests/s, p50, p99 (ms), the server's CPU time (user + system,
# from /proc) per request, steadier than the latencies on a shared machine, and the mean
# bytes of 20 sample answers.
#
#   Benchmarks/scripts/web_pages_bench.sh BIN LIBRARY [SECONDS]
#
# BIN: the daybook binary. LIBRARY: a library folder OF YOUR OWN (cp -a a seed first): it is
# served in place, so the server may migrate it, and when no entry has a thumbnail its entries
# are given thumbnail names (400x300) as ingest would, as web_bench.sh does, so tiles carry
# their <img>. A benchmark, not a test: it prints figures and exits 0.
# DAYBOOK_BENCH_KINDS: only the kinds named (space-separated, as in the table's first column).
# DAYBOOK_BENCH_SEQUENTIAL=N: instead of wrk, N distinct URLs of each kind asked one after
# another on one connection (Benchmarks/scripts/web_page_cost.sh's method): the server's CPU time per
# page with nothing else asked meanwhile, and the mean wall time per page.
set -euo pipefail
. "$(dirname "$0")/web_wait_serving.sh"
cd "$(dirname "$0")/../.."
bin="$1"
library="$2"
seconds="${3:-10}"
lua="$PWD/Benchmarks/scripts/web_pages_bench.lua"
journal="$library/journal.sqlite"
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

if [ -z "$(sqlite3 "$journal" 'SELECT 1 FROM entry WHERE thumbnail IS NOT NULL LIMIT 1')" ]; then
    sqlite3 "$journal" "UPDATE entry SET thumbnail = lower(hex(randomblob(32))) || '.jpg', thumbnail_width = 400, thumbnail_height = 300 WHERE thumbnail IS NULL;"
fi

"$bin" serve --library "$library" --port 0 2>"$work/serve.log" &
server=$!
wait_serving "$work/serve.log" "$server"
base=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.log" | head -1)

# The URL lists, one per kind, made from the library beforehand.
sqlite3 "$journal" "SELECT id FROM entry ORDER BY random() LIMIT 20000" > "$work/ids"
sed 's|^|/entries/|' "$work/ids" > "$work/entry"
words="river market birthday hike sunset caf%C3%A9 museum beach snow train garden lunch concert harbour bridge festival mountain lake rain friends"
tags="blue green sky sunset vivid muted dark night white snow greenery red"
for w in $words; do echo "/search?q=$w"; done > "$work/search-word"
for a in $words; do for b in $words; do [ "$a" != "$b" ] && echo "/search?q=${a:0:3}+${b:0:3}"; done; done > "$work/search-prefixes"
for t in $tags; do echo "/search?tag=$t"; done > "$work/search-tag"
for w in $words; do for t in $tags; do echo "/search?q=$w&tag=$t"; done; done > "$work/search-word-tag"
head -2000 "$work/ids" | awk -v words="$words" 'BEGIN { n = split(words, w, " "); srand(3) }
    { printf "/search?q=%s&before=%s\n", w[1 + int(rand() * n)], $1 }' > "$work/search-paged"
for m in $(seq 1 12); do for d in $(seq 1 28); do printf '/on-this-day?date=%02d-%02d\n' "$m" "$d"; done; done > "$work/on-this-day"
sqlite3 "$journal" "SELECT '/on-this-day?date=' || substr(captured_local, 6, 5) || '&before=' || id FROM entry
    WHERE captured_local IS NOT NULL ORDER BY random() LIMIT 2000" > "$work/on-this-day-paged"
# A 1280x900 window at zoom z spans 5x3.5 tiles of 360/2^z degrees, around a random entry.
sqlite3 "$journal" "SELECT latitude, longitude FROM entry WHERE latitude IS NOT NULL ORDER BY random() LIMIT 5000" |
    awk -F'|' 'BEGIN { srand(7) } {
        z = 2 + int(rand() * 13); w = 360 / 2 ^ z * 2.5; h = 360 / 2 ^ z * 1.75
        s = $1 - h; n = $1 + h; if (s < -85) s = -85; if (n > 85) n = 85
        we = $2 - w; e = $2 + w; if (we < -180) we = -180; if (e > 180) e = 180
        printf "/api/map?bbox=%.4f,%.4f,%.4f,%.4f&zoom=%d\n", we, s, e, n, z }' > "$work/map"
sqlite3 "$journal" "SELECT '/api/map/entries?cell=' || level || '/' || x || '/' || y FROM map_cell ORDER BY random() LIMIT 20000" > "$work/map-cell"
sed 's|^|/api/places?before=|' "$work/ids" > "$work/places"
echo "/tags" > "$work/tags"
for y in $(seq 2010 2024); do for m in $(seq 1 12); do printf '/?month=%d-%02d\n' "$y" "$m"; done; done > "$work/month"

# wrk's latency ("850.00us", "12.3ms", "1.2s") in milliseconds.
ms() { awk '{ v = $1; if (v ~ /us$/) { sub(/us$/, "", v); v /= 1000 } else if (v ~ /ms$/) sub(/ms$/, "", v); else if (v ~ /s$/) { sub(/s$/, "", v); v *= 1000 }; printf "%.1f", v }'; }

# The server's CPU time so far in clock ticks (user + system, /proc/PID/stat fields 14 and 15).
ticks() { awk '{ print $14 + $15 }' "/proc/$server/stat"; }
hz=$(getconf CLK_TCK)

# $1 URLs of a kind asked one after another on one connection, each made distinct by fresh=.
sequential() {
    shuf -n "$1" -r "$work/$2" | awk -v base="$base" '{ j = index($0, "?") ? "&" : "?"
        printf "url = \"%s%s%sfresh=s%d\"\noutput = \"/dev/null\"\n", base, $0, j, NR }' | curl -s -K -
}

kinds=${DAYBOOK_BENCH_KINDS:-entry search-word search-prefixes search-tag search-word-tag search-paged on-this-day on-this-day-paged map map-cell places tags month}
if [ -n "${DAYBOOK_BENCH_SEQUENTIAL:-}" ]; then
    n=$DAYBOOK_BENCH_SEQUENTIAL
    printf '%-18s %8s %12s %12s\n' kind pages "CPU ms/page" "wall ms/page"
    for kind in $kinds; do
        sequential 20 "$kind"  # first use of each code path
        before=$(ticks)
        start=$(date +%s%N)
        sequential "$n" "$kind"
        end=$(date +%s%N)
        after=$(ticks)
        awk -v k="$kind" -v n="$n" -v t=$((after - before)) -v hz="$hz" -v ns=$((end - start)) \
            'BEGIN { printf "%-18s %8d %12.2f %12.2f\n", k, n, t * 1000 / hz / n, ns / 1e6 / n }'
    done
    exit 0
fi

printf '%-18s %9s %8s %8s %8s %9s %s\n' kind "pages/s" "p50 ms" "p99 ms" "CPU ms" bytes errors
for kind in $kinds; do
    bytes=$(shuf -n 20 -r "$work/$kind" | while read -r url; do curl -s -o /dev/null -w '%{size_download}\n' "$base$url"; done |
        awk '{ s += $1 } END { printf "%d", s / NR }')
    before=$(ticks)
    out=$(wrk -t2 -c32 -d"${seconds}s" --latency -s "$lua" "$base/" -- "$work/$kind")
    after=$(ticks)
    requests=$(echo "$out" | awk '/requests in/ { print $1 }')
    cpu=$(awk -v t=$((after - before)) -v hz="$hz" -v n="$requests" 'BEGIN { printf "%.2f", (n > 0 ? t * 1000 / hz / n : 0) }')
    rate=$(echo "$out" | awk '/Requests\/sec/ { printf "%d", $2 }')
    p50=$(echo "$out" | awk '$1 == "50%" { print $2 }' | ms)
    p99=$(echo "$out" | awk '$1 == "99%" { print $2 }' | ms)
    errors=$(echo "$out" | grep -E "Non-2xx|Socket errors" | tr -s ' ' | tr '\n' ' ' || true)
    printf '%-18s %9s %8s %8s %8s %9s %s\n' "$kind" "$rate" "$p50" "$p99" "$cpu" "$bytes" "$errors"
done
