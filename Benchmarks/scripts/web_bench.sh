#!/usr/bin/env bash
# The web journal's speed on a 100,000-entry library, measured with wrk (Debian), 32 connections:
#   1. timeline pages, a distinct URL for every request (a random `before=` cursor each time, so
#      nothing comes from the kept pages): what rendering a timeline page costs; then month
#      pages (`?month=`, a random month), each URL new as well;
#   2. random entry pages (/entries/ID of a random entry);
#   3. the same timeline URL again (/), answered from the kept pages;
#   4. /search?q=harbour (its first page) and /on-this-day of a random day, each URL new;
#   then /api/entries?limit=100, one thumbnail, and the first timeline page's weight.
#
#   Benchmarks/scripts/web_bench.sh [SEED_LIBRARY] [SECONDS]
#
# SEED_LIBRARY is a library made by daybook-journal-bench (default: a fresh one, seeded once,
# about a minute). It is copied, never changed. Its entries have no thumbnails, so the copy's
# entries are given thumbnail names (400×300) as ingest would, and one real thumbnail file is
# written for the thumbnail run. A benchmark, not a test: it prints figures and exits 0.
# Then, blocking work beside light requests (docs/web-concurrency.md): /api/entries' p99 while
# two wrong passwords are always being checked (bcrypt), and while previews of 40-megapixel
# photos are being made.
#
# DAYBOOK_BENCH_SCRATCH: the release build folder (default .build-release); inside
#   `wswift exec` use /work/main/.build, the worktree's own build folder.
# DAYBOOK_BENCH_BIN: a folder holding daybook and daybook-journal-bench already built (another
#   version to compare, say); nothing is built then.
# DAYBOOK_BENCH_PAGES_ONLY: when set, only the page rows (1–4) are run.
set -euo pipefail
. "$(dirname "$0")/web_wait_serving.sh"
cd "$(dirname "$0")/../.."
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
wait_serving "$work/serve.log" "$server"
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
# Month pages (/?month=YYYY-MM, the timeline's "jump to month"), a month of the seed's
# 2010-2024 at random, each URL new.
cat > "$work/months.lua" <<LUA
counter = 0
request = function()
    counter = counter + 1
    return wrk.format(nil, string.format("/?month=%04d-%02d&fresh=%d-%d", 2010 + math.random(0, 14), math.random(12), math.random(1000000000), counter))
end
LUA
echo
echo "=== month pages (/?month=), a distinct URL for every request, 32 connections"
wrk -t2 -c32 -d"${seconds}s" --latency -s "$work/months.lua" "$base/" | figures
echo
echo "=== random entry pages, 32 connections"
wrk -t2 -c32 -d"${seconds}s" --latency -s "$work/entries.lua" "$base/" | figures
run "the same timeline page (/) again (kept), 32 connections" "/"
# A search's first page and a random day's on-this-day page, each URL new (nothing kept).
cat > "$work/search.lua" <<LUA
counter = 0
request = function()
    counter = counter + 1
    return wrk.format(nil, "/search?q=harbour&fresh=" .. math.random(1000000000) .. "-" .. counter)
end
LUA
cat > "$work/onthisday.lua" <<LUA
counter = 0
request = function()
    counter = counter + 1
    return wrk.format(nil, string.format("/on-this-day?date=%02d-%02d&fresh=%d", math.random(12), math.random(28), counter))
end
LUA
echo
echo "=== /search?q=harbour, a distinct URL for every request, 32 connections"
echo "first page: $(curl -s "$base/search?q=harbour" | grep -c '<li class="tile"') tiles"
wrk -t2 -c32 -d"${seconds}s" --latency -s "$work/search.lua" "$base/" | figures
echo
echo "=== /on-this-day of a random day, 32 connections"
wrk -t2 -c32 -d"${seconds}s" --latency -s "$work/onthisday.lua" "$base/" | figures
# DAYBOOK_BENCH_PAGES_ONLY=1: the page rows only (before/after runs of the renderer).
[ -n "${DAYBOOK_BENCH_PAGES_ONLY:-}" ] && exit 0
run "/api/entries?limit=100, 32 connections" "/api/entries?limit=100"
run "one thumbnail, 32 connections" "/thumbnails/$thumbnail"

# --- Blocking work beside light requests (docs/web-concurrency.md) ---------------------------

# wrk's summary lines for an authorised /api/entries at 8 connections.
light_p99() {
    wrk -t2 -c8 -d"${seconds}s" --latency -H "Cookie: $1" "$2/api/entries?limit=20" | grep -E "50%|99%|Requests/sec|Non-2xx"
}

# A wrong password, again and again, each from another loopback address (127.x.y.z all reach
# the server) so the login limit, which counts by address, never answers 429 before bcrypt.
wrong_password_loop() {
    local base=$1 offset=$2 i=0
    while :; do
        i=$((i + 1))
        curl -s -o /dev/null --interface "127.$offset.$((i / 250 % 250 + 1)).$((i % 250 + 1))" -u "x:wrong" "$base/" || true
    done
}

bench_wrong_passwords() {
    echo "daybook-bench" | "$bin/daybook" serve --hash-password > "$work/password"
    "$bin/daybook" serve --library "$library" --port 0 --password-file "$work/password" 2>"$work/serve-pw.log" &
    local pw_server=$!
    wait_serving "$work/serve-pw.log" "$pw_server"
    local pw_base
    pw_base=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve-pw.log" | head -1)
    local cookie
    cookie=$(curl -s -o /dev/null -D - -u "x:daybook-bench" "$pw_base/" | tr -d '\r' | sed -n 's/^[Ss]et-[Cc]ookie: \([^;]*\).*/\1/p')
    echo
    echo "=== /api/entries?limit=20 with the login cookie, 8 connections: idle"
    light_p99 "$cookie" "$pw_base"
    wrong_password_loop "$pw_base" 1 & local loop1=$!
    wrong_password_loop "$pw_base" 2 & local loop2=$!
    echo "=== the same while two wrong passwords are always in flight"
    light_p99 "$cookie" "$pw_base"
    kill "$loop1" "$loop2" "$pw_server" 2>/dev/null || true
    wait "$loop1" "$loop2" "$pw_server" 2>/dev/null || true
}

# Four 40-megapixel noise JPEGs (the costliest to decode), ingested into the library copy;
# their previews are made again and again (the cached ones removed) while wrk measures.
bench_previews() {
    mkdir -p "$work/photos"
    { printf 'P6\n7744 5163\n255\n'; head -c $((7744 * 5163 * 3)) /dev/urandom; } > "$work/noise.ppm"
    for i in 1 2 3 4; do cjpeg -quality 75 "$work/noise.ppm" > "$work/photos/big-$i.jpg"; done
    "$bin/daybook" ingest --library "$library" "$work/photos" >/dev/null 2>&1
    local hashes
    hashes=$(sqlite3 "$library/journal.sqlite" "SELECT content_hash FROM entry WHERE source_path LIKE '%/big-%'")
    echo
    echo "=== /api/entries?limit=20, 8 connections: idle"
    light_p99 "" "$base"
    (
        while :; do
            rm -f "$library"/previews/*.jpg
            for hash in $hashes; do curl -s -o /dev/null "$base/previews/$hash.jpg" & done
            wait
        done
    ) & local makers=$!
    echo "=== the same while four previews of 40-megapixel photos are always being made"
    light_p99 "" "$base"
    kill "$makers" 2>/dev/null || true
    wait "$makers" 2>/dev/null || true
}

bench_wrong_passwords
bench_previews
