#!/usr/bin/env bash
# Instructions per rendered page of the web journal, counted by valgrind's callgrind: unlike
# wall time on a busy machine, the same from run to run. Pages are asked one at a time
# (curl), each a distinct URL, so every one is rendered.
#
#   scripts/web_callgrind.sh BIN_DIR SEED_LIBRARY [PAGES]
#
# BIN_DIR holds a release `daybook`; SEED_LIBRARY is a library made by daybook-journal-bench
# (copied, never changed). Prints instructions per page for timeline pages (random `before=`
# cursors) and for random entry pages; with DAYBOOK_CALLGRIND_KEEP=DIR the dumps are kept
# there for callgrind_annotate.
set -euo pipefail
bin="$1"
seed="$2"
pages="${3:-40}"
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/library"
cp "$seed/journal.sqlite" "$work/library/"
valgrind --tool=callgrind --callgrind-out-file="$work/callgrind.out" \
    "$bin/daybook" serve --library "$work/library" --port 0 2>"$work/serve.log" &
server=$!
for _ in $(seq 1200); do grep -q "serving" "$work/serve.log" && break; sleep 0.1; done
base=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.log" | head -1)
sqlite3 "$work/library/journal.sqlite" "SELECT id FROM entry ORDER BY random() LIMIT $((2 * pages + 10))" > "$work/ids.txt"
ask() { while read -r id; do curl -s -o /dev/null "$base$1$id"; done; }
head -5 "$work/ids.txt" | ask "/?before="  # warm: first use of each code path
head -10 "$work/ids.txt" | tail -5 | ask "/entries/"
count() {  # $1: name, $2: path before the id, $3: first line of ids
    callgrind_control -z "$server" >/dev/null
    tail -n +"$3" "$work/ids.txt" | head -"$pages" | ask "$2"
    callgrind_control -d "$1" "$server" >/dev/null
    sleep 1
    local total
    total=$(grep -h '^summary:\|^totals:' "$(ls -t "$work"/callgrind.out* | head -1)" | head -1 | awk '{print $2}')
    echo "$1: $((total / pages)) instructions per page ($pages pages)"
}
count "timeline page" "/?before=" 11
count "entry page" "/entries/" $((11 + pages))
if [ -n "${DAYBOOK_CALLGRIND_KEEP:-}" ]; then mkdir -p "$DAYBOOK_CALLGRIND_KEEP" && cp "$work"/callgrind.out* "$DAYBOOK_CALLGRIND_KEEP/"; fi
