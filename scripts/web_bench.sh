#!/usr/bin/env bash
# The web journal's speed on a 100,000-entry library, measured with wrk (Debian), 32 connections:
#   1. timeline pages, a distinct URL for every request (a random `before=` cursor each time, so
#      nothing comes from the kept pages): what rendering a timeline page costs;
#   2. random entry pages (/entries/ID of a random entry);
#   3. the same timeline URL again (/), answered from the kept pages;
#   then /api/entries?limit=100, one thumbnail, and the first timeline page's weight.
#
#   scripts/web_bench.sh [SEED_LIBRARY] [SECONDS]
#
# SEED_LIBRARY is a library made by daybook-journal-bench (default: a fresh one, seeded once,
# about a minute). It is copied, never changed. Its entries have no thumbnails, so the copy's
# entries are given thumbnail names (400×300) as ingest would, and one real thumbnail file is
# written for the thumbnail run. A benchmark, not a test: it prints figures and exits 0.
#
# DAYBOOK_BENCH_SCRATCH: the release build folder (default .build-release); inside
#   `wswift exec` use /work/main/.build, the worktree's own build folder.
# DAYBOOK_BENCH_BIN: a folder holding daybook and daybook-journal-bench already built (another
#   version to compare, say); nothing is built then.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${2:-20}"
scratch="${DAYBOOK_BENCH_SCRATCH:-.build-release}"
bin="${DAYBOOK_BENCH_BIN:-}"
if [ -z "$bin" ]; then
    swift build -c release --scratch-path "$scratch" --product daybook >/dev/null
    swift build -c release --scratch-path "$scratch" --product daybook-journal-bench >/dev/null
    bin="$scratch/release"
fi
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

seed="${1:-}"
if [ -z "$seed" ]; then
    seed="$work/seed"
    "$bin/daybook-journal-bench" --entries 100000 --runs 1 --cli-runs 1 --library "$seed" >/dev/null
fi
library="$work/library"
mkdir -p "$library/thumbnails"
cp "$seed/journal.sqlite" "$library/"
# The seed's content hashes are not SHA-256 shaped: thumbnail names are made up in that shape.
sqlite3 "$library/journal.sqlite" \
    "UPDATE entry SET thumbnail = lower(hex(randomblob(32))) || '.jpg', thumbnail_width = 400, thumbnail_height = 300 WHERE thumbnail IS NULL;"
thumbnail=$(sqlite3 "$library/journal.sqlite" "SELECT thumbnail FROM entry ORDER BY captured_local DESC LIMIT 1")
djpeg -scale 1/2 Tests/Fixtures/sample-squares/01-paris-2019-07.jpg | cjpeg -quality 82 > "$library/thumbnails/$thumbnail"
echo "library: $(sqlite3 "$library/journal.sqlite" 'SELECT count(*) FROM entry') entries; thumbnail $(stat -c %s "$library/thumbnails/$thumbnail") bytes"

"$bin/daybook" serve --library "$library" --port 0 2>"$work/serve.log" &
server=$!
for _ in $(seq 200); do grep -q "serving" "$work/serve.log" && break; sleep 0.1; done
base=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.log" | head -1)

echo "first timeline page: $(curl -s -o /dev/null -w '%{size_download}' "$base/") bytes of HTML" \
    "+ $(curl -s -o /dev/null -w '%{size_download}' "$base/static/daybook.css") CSS" \
    "+ $(curl -s -o /dev/null -w '%{size_download}' "$base/static/timeline.js") JS, before thumbnails"
figures() { grep -E "Latency|50%|90%|99%|Requests/sec|Non-2xx|Socket errors"; }
run() {
    echo
    echo "=== $1"
    curl -s -o /dev/null "$base$2"  # warm
    wrk -t2 -c32 -d"${seconds}s" --latency "$base$2" | figures
}
# Entry ids for distinct URLs: 50,000 random ones, so a URL comes round again only by chance
# (the server keeps 256 answers).
sqlite3 "$library/journal.sqlite" "SELECT id FROM entry ORDER BY random() LIMIT 50000" > "$work/ids.txt"
# $1: the path before the id, $2 before the counter that makes every URL new.
urls() {
    cat <<LUA
ids = {}
for line in io.lines("$work/ids.txt") do ids[#ids + 1] = line end
threads = 0
function setup(thread)
    threads = threads + 1
    thread:set("tid", threads)
end
-- Each thread its own random sequence and counters, so no two threads ask the same URL.
function init(args)
    math.randomseed(tid * 7919 + os.time())
    counter = tid * 1000000000
end
request = function()
    counter = counter + 1
    return wrk.format(nil, "$1" .. ids[math.random(#ids)] .. "$2" .. counter)
end
LUA
}
urls "/?before=" "&fresh=" > "$work/timeline.lua"
urls "/entries/" "?fresh=" > "$work/entries.lua"
echo
echo "=== timeline pages, a distinct URL for every request (nothing kept), 32 connections"
wrk -t2 -c32 -d"${seconds}s" --latency -s "$work/timeline.lua" "$base/" | figures
echo
echo "=== random entry pages, 32 connections"
wrk -t2 -c32 -d"${seconds}s" --latency -s "$work/entries.lua" "$base/" | figures
run "the same timeline page (/) again (kept), 32 connections" "/"
run "/api/entries?limit=100, 32 connections" "/api/entries?limit=100"
run "one thumbnail, 32 connections" "/thumbnails/$thumbnail"
