#!/bin/sh
# Makes the library in Tests/Fixtures/library-4686f56 with the daybook of commit 4686f56.
#
# The fixture stands for a user's existing library: it must be made by OLD code only. Running
# this with a newer daybook would make a library of the new schema and the test built on it
# would prove nothing. It was run once; the fixture is committed and is never regenerated.
#
# Usage: scripts/make_old_library.sh OLD_DAYBOOK OLD_SOURCE_TREE OUT_DIR
#   OLD_DAYBOOK      the daybook binary built from commit 4686f56
#   OLD_SOURCE_TREE  a checkout of commit 4686f56 (for SampleImages/ and docs/sample-weather.csv)
#   OUT_DIR          where journal.sqlite, thumbnails/ and old-export.json are written
# Needs jq, sqlite3 and python3 (a one-request HTTP server on 127.0.0.1 that refuses with 400).
set -eu

daybook=$1
src=$(cd "$2" && pwd)
mkdir -p "$3"
out=$(cd "$3" && pwd)

# A fixed folder, so that the source paths stored in the library name nothing of this machine.
work=/tmp/daybook-old-library
rm -rf "$work"
mkdir -p "$work/damaged"
cp -a "$src/SampleImages" "$work/SampleImages"
cp "$src/docs/sample-weather.csv" "$work/sample-weather.csv"
# A scan cut short: stored with a line in `problems` and a grey-filled thumbnail.
head -c 12000 "$src/SampleImages/01-paris-2019-07.jpg" > "$work/damaged/paris-cut.jpg"
# Another, deleted below: the search index's keys then have a gap (sqlite_sequence runs ahead).
head -c 14000 "$src/SampleImages/01-paris-2019-07.jpg" > "$work/damaged/paris-cut-deleted.jpg"

export DAYBOOK_LIBRARY="$work/library"
cd "$work"
db() { "$daybook" "$@"; }
id_of() { db list --json | jq -r --arg name "$1" '.[] | select(.source_path | endswith("/" + $name)) | .id'; }

db ingest SampleImages --weather file:sample-weather.csv
db ingest damaged
db delete --yes "$(id_of paris-cut-deleted.jpg)"

paris=$(id_of 01-paris-2019-07.jpg)
rio=$(id_of 02-rio-2020-01.jpg)
newyork=$(id_of 03-newyork-2021-03.jpg)
sydney=$(id_of 04-sydney-2021-12.jpg)
night=$(id_of 09-night-2023-02.jpg)
noexif=$(id_of 08-no-exif.jpg)

# Text: non-ASCII (accents, CJK, emoji, combining mark), quotes and HTML-ish, several lines.
# (the last word is "cafe" + U+0301 COMBINING ACUTE ACCENT: decomposed, unlike "café" before it)
db edit "$paris" --text "$(printf 'Quatorze juillet : café crème, défilé — 巴黎 🇫🇷 naïve cafe\314\201')"
db edit "$newyork" --text 'She said "<b>hello</b> & goodbye" <script>alert('"'"'x'"'"')</script> it'"'"'s 100% \n not a newline'
printf 'First line of the night.\nSecond line: tab\there.\n\nAfter an empty line.' | db edit "$night" --text-file -
db edit "$noexif" --text "No EXIF at all; text still kept."

# User tags, one of them non-ASCII.
db tag "$paris" --add "Bastille Day" --add été
db tag "$rio" --add beach-trip
db tag "$noexif" --add scanned

# Remove one automatic tag (the first auto tag of Rio): tag_removal gets a row.
removed=$(db show "$rio" --json | jq -r '[.tags[] | select(.source == "auto")][0].name')
db tag "$rio" --remove "$removed"

# A capture date set by hand (capture_source "user"): the entry's weather goes back to pending...
db edit "$sydney" --date "2021-12-25 09:30"
# ...and a provider that refuses it for good (HTTP 400) leaves weather_status "error" with its reason.
python3 - "$work/port" <<'EOF' &
import http.server, sys
class Refuse(http.server.BaseHTTPRequestHandler):
    def do_GET(self):
        body = b'{"error":true,"reason":"Parameter \'start_date\' is out of allowed range from 1940-01-01 to 2021-12-01"}'
        self.send_response(400)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)
    def log_message(self, *args): pass
server = http.server.HTTPServer(("127.0.0.1", 0), Refuse)
server.timeout = 60  # returns even if no request comes
open(sys.argv[1] + ".tmp", "w").write(str(server.server_address[1]))
import os; os.rename(sys.argv[1] + ".tmp", sys.argv[1])
server.handle_request()
EOF
server=$!
while [ ! -f "$work/port" ]; do sleep 0.1; done
db backfill-weather --since 2021-12-25 --until 2021-12-25 \
    --weather "open-meteo:http://127.0.0.1:$(cat "$work/port")" || true   # exit 1: refused
wait "$server"
# The remembered provider back to the file (nothing is pending, so nothing is fetched).
db backfill-weather --weather file:sample-weather.csv

# An entry left pending: a new date on the cut photo, and no weather run after it.
db edit "$(id_of paris-cut.jpg)" --date "2019-07-15 10:30"

db export json "$work/old-export.json"

# One self-contained database file: no -wal or -shm to carry.
sqlite3 "$work/library/journal.sqlite" 'PRAGMA wal_checkpoint(TRUNCATE);' >/dev/null
rm -f "$work/library/journal.sqlite-wal" "$work/library/journal.sqlite-shm"

rm -rf "$out/journal.sqlite" "$out/thumbnails"
cp "$work/library/journal.sqlite" "$out/journal.sqlite"
cp -R "$work/library/thumbnails" "$out/thumbnails"
cp "$work/old-export.json" "$out/old-export.json"
sqlite3 "$out/journal.sqlite" 'SELECT identifier FROM grdb_migrations ORDER BY rowid;'
# Nothing may depend on the photos still being there.
rm -rf "$work"
