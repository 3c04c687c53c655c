#!/usr/bin/env bash
# Where a timeline page's CPU goes: `perf record` (cpu-clock sampling, call graphs) on a
# release server while timeline pages with distinct `before=` cursors are asked one after
# another on one connection, as Benchmarks/scripts/web_page_cost.sh asks them. Prints the top symbols by
# their own samples and the shares of the render, the tiles and the store read.
#
#   Benchmarks/scripts/web_profile.sh BIN_DIR SEED_LIBRARY [PAGES] [OUT.data]
#
# BIN_DIR holds a release `daybook`; SEED_LIBRARY is a library made by daybook-journal-bench
# (copied, never changed). Needs perf (Debian: linux-perf) and swift-demangle (the toolchain).
# This VM gives perf no hardware counters, so cpu-clock it is.
set -eu  # no pipefail: `perf report | head` ends perf with SIGPIPE
. "$(dirname "$0")/web_wait_serving.sh"
bin="$1"
seed="$2"
pages="${3:-900}"
out="${4:-$(mktemp --suffix=.data)}"
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/library"
cp "$seed/journal.sqlite" "$work/library/"
"$bin/daybook" serve --library "$work/library" --port 0 >/dev/null 2>"$work/serve.log" &
server=$!
wait_serving "$work/serve.log" "$server"
base=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.log" | head -1)
sqlite3 "$work/library/journal.sqlite" "SELECT id FROM entry ORDER BY random() LIMIT $((pages + 20))" > "$work/ids.txt"
ask() { while read -r id; do printf 'url = "%s"\noutput = "/dev/null"\n' "$base/?before=$id$1"; done | curl -s -K -; }
head -20 "$work/ids.txt" | ask "&warm"  # first use of each code path
perf record -e cpu-clock -F 999 -g -p "$server" -o "$out" 2>/dev/null &
recorder=$!
sleep 0.5
tail -n +21 "$work/ids.txt" | ask ""
kill -INT "$recorder"
wait "$recorder" || true
echo "profile: $out"
echo "--- top 20 symbols by own samples (perf report --no-children)"
perf report -i "$out" --no-children -g none --sort dso,symbol 2>/dev/null | grep -v "^#" | grep "%" | head -20 \
    | swift-demangle --simplified | sed -E 's/ +/ /g; s/ \[[.k]\]//; s/ - - *$//' | cut -c1-120
echo "--- shares of all samples, callees included (perf report --children)"
perf report -i "$out" --children -g none --sort symbol 2>/dev/null | grep -v "^#" | grep "%" \
    | swift-demangle --simplified | sed -E 's/ +/ /g' > "$work/children.txt"
for name in "WebJournal.timelinePage(_:)" "TypedTemplate.render<A>(_:into:)" "TypedTemplate.lookUp" \
    "RowTile.write(_:into:)" "EntryTile.init" "swift_dynamicCast" "TileSection.grouped" "EntryPlaceName.coordinates" \
    "closure #1 in WebJournal.timelinePage" "JournalReader.timelineTiles" "JournalReader.tileAnnotations(for:)" \
    "JournalReader.stackSizes(entryIDs:)" "TimelineCursor.key" "ChangeCounter.count()" "SelectableEventLoop.run()" \
    "StatementAuthorizer.authorize" "__libc_pread" "WebJournal.timelinePage(_:counting:)" "TimelineSection.grouped" \
    "RowTile.templateValue" "ChangeCounter.countNow()" "TimelineTile.init(row:)" \
    "HTMLText.write" "finish_task_switch"; do
    echo "$name: $(grep -F "$name" "$work/children.txt" | head -1 | awk '{print $1}')"
done
echo "--- by library"
perf report -i "$out" --no-children -g none --sort dso 2>/dev/null | grep "%" | head -6 | sed -E 's/ +/ /g'
