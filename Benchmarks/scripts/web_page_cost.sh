#!/usr/bin/env bash
# CPU time per rendered page of the web journal: the server's own user + system time (from
# /proc) over PAGES pages asked one after another on one connection, each a distinct URL, so
# every one is rendered. Other processes on a busy machine change wall time far more than
# this. (valgrind 3.19 cannot run the Swift binary, and virtual machines seldom give perf an
# instruction counter, so CPU time it is.)
#
#   Benchmarks/scripts/web_page_cost.sh BIN_DIR SEED_LIBRARY [PAGES]
#
# BIN_DIR holds a release `daybook`; SEED_LIBRARY is a library made by daybook-journal-bench
# (copied, never changed). Prints CPU milliseconds per page for timeline pages (random
# `before=` cursors), for random entry pages, for month pages (random `month=`), and for the
# same timeline pages once more under new URLs.
set -euo pipefail
. "$(dirname "$0")/web_wait_serving.sh"
bin="$1"
seed="$2"
pages="${3:-400}"
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/library"
cp "$seed/journal.sqlite" "$work/library/"
"$bin/daybook" serve --library "$work/library" --port 0 2>"$work/serve.log" &
server=$!
wait_serving "$work/serve.log" "$server"
base=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.log" | head -1)
sqlite3 "$work/library/journal.sqlite" "SELECT id FROM entry ORDER BY random() LIMIT $((2 * pages + 40))" > "$work/ids.txt"
ticks=$(getconf CLK_TCK)
cpu() { awk '{print $14 + $15}' "/proc/$server/stat"; }
# $1: the path before each id read from stdin, $2: what follows it. One curl, one connection.
ask() { while read -r id; do printf 'url = "%s"\noutput = "/dev/null"\n' "$base$1$id$2"; done | curl -s -K -; }
head -20 "$work/ids.txt" | ask "/?before=" "&warm"  # first use of each code path
head -40 "$work/ids.txt" | tail -20 | ask "/entries/" "?warm"
cost() {  # $1: name, $2: path before the id, $3: first line of ids
    local before after
    before=$(cpu)
    sed -n "$3,$(($3 + pages - 1))p" "$work/ids.txt" | ask "$2" ""  # sed, not tail | head: pipefail and SIGPIPE
    after=$(cpu)
    echo "$1: $(awk -v t=$((after - before)) -v hz="$ticks" -v n="$pages" 'BEGIN { printf "%.2f", t * 1000 / hz / n }') ms CPU per page ($pages pages)"
}
cost "timeline page" "/?before=" 41
cost "entry page" "/entries/" $((41 + pages))
# Month pages: a random month of 2010-2024 (the seed's years), each URL new.
for i in $(seq "$pages"); do printf '%04d-%02d&n=%d\n' $((2010 + RANDOM % 15)) $((1 + RANDOM % 12)) "$i"; done > "$work/months.txt"
before=$(cpu)
ask "/?month=" "" < "$work/months.txt"
after=$(cpu)
echo "month page: $(awk -v t=$((after - before)) -v hz="$ticks" -v n="$pages" 'BEGIN { printf "%.2f", t * 1000 / hz / n }') ms CPU per page ($pages pages)"
# The same cursors again under new URLs: each page is rendered again (its rows now cached by SQLite).
cost "timeline page again" "/?again&before=" 41
