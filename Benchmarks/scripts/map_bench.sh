#!/bin/bash
# The map's bytes and server time on a library:
#   Benchmarks/scripts/map_bench.sh LIBRARY [DAYBOOK]     (DAYBOOK: the binary; default .build/release/daybook)
# Works on a copy: the library is opened by `daybook serve` (which migrates it). Measures the
# first load as map.js makes it (the page, the world view at zoom 2, then the view framing
# the entries), then 60 pan/zoom views of a 1280x900 window at zooms 3-16 centred on random
# entries: bytes and time to first byte (the server's time; localhost adds little), each
# view asked once (the server caches an answer by its URL).
set -euo pipefail
library=${1:?usage: map_bench.sh LIBRARY [DAYBOOK]}
daybook=${2:-.build/release/daybook}
port=${PORT:-18790}
"$daybook" serve --library "$library" --port "$port" >/dev/null 2>&1 &
server=$!
trap 'kill $server' EXIT
for _ in $(seq 100); do curl -sf -o /dev/null "http://127.0.0.1:$port/api/tags" && break; sleep 0.2; done
get() { curl -s -o /dev/null -w "%{size_download} %{time_starttransfer}\n" "http://127.0.0.1:$port$1"; }

page=$(get /map)
world=$(get "/api/map?bbox=-180,-90,180,90&zoom=2")
framed=$(get "/api/map?bbox=-180,-76.8,180,84.3&zoom=2&framed")
echo "first load: /map $(echo "$page" | cut -d' ' -f1) B; /api/map world $(echo "$world" | awk '{printf "%d B in %.1f ms", $1, $2 * 1000}');" \
    "framed view $(echo "$framed" | awk '{printf "%d B in %.1f ms", $1, $2 * 1000}')"

# Random views: a centre from the journal, a zoom, the window's box in Web Mercator.
sqlite3 "$library/journal.sqlite" \
    "SELECT latitude, longitude FROM entry WHERE latitude IS NOT NULL AND rowid IN (SELECT abs(random()) % (SELECT max(rowid) FROM entry) FROM entry LIMIT 200) LIMIT 60" |
    python3 -c '
import math, sys, random
random.seed(23)
for line in sys.stdin:
    lat, lon = map(float, line.split("|"))
    z = random.randint(3, 16)
    world = 256 * 2 ** z
    y = (1 - math.log(math.tan(math.radians(lat)) + 1 / math.cos(math.radians(lat))) / math.pi) / 2 * world
    to_lat = lambda y: math.degrees(math.atan(math.sinh(math.pi * (1 - 2 * y / world))))
    half = 640 * 360 / world
    fold = lambda l: (l + 180) % 360 - 180
    west, east = (-180, 180) if half >= 180 else (fold(lon - half), fold(lon + half))
    print("/api/map?bbox=%.4f,%.4f,%.4f,%.4f&zoom=%d" % (west, max(-90, to_lat(y + 450)), east, min(90, to_lat(y - 450)), z))
' > "${TMPDIR:-/tmp}/map_views"
while read -r view; do get "$view"; done < "${TMPDIR:-/tmp}/map_views" > "${TMPDIR:-/tmp}/map_times"
median() { sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)] " " a[NR]}'; }
read -r bytes_median bytes_max < <(cut -d' ' -f1 "${TMPDIR:-/tmp}/map_times" | median)
read -r ms_median ms_max < <(awk '{print $2 * 1000}' "${TMPDIR:-/tmp}/map_times" | median)
echo "pan/zoom ($(wc -l < "${TMPDIR:-/tmp}/map_times") views): bytes median $bytes_median, max $bytes_max;" \
    "server time median $ms_median ms, max $ms_max ms"
