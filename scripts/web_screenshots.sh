#!/usr/bin/env bash
# Screenshots of the web journal for the README and docs/web.md (docs/web-*.png, 1280×900):
# the SampleImages journal in a temporary library, `daybook serve` on a free port, headless Chromium.
#   scripts/web_screenshots.sh [OUT_DIR]      (default docs/)
set -euo pipefail
# wait_serving, shared with the web benchmarks.
. "$(dirname "$0")/../Benchmarks/scripts/web_wait_serving.sh"
cd "$(dirname "$0")/.."
out="${1:-docs}"
swift build --product daybook >/dev/null
bin="$(swift build --show-bin-path)/daybook"
work=$(mktemp -d)
trap 'kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT
DAYBOOK_WEATHER=none "$bin" ingest --library "$work/library" SampleImages >/dev/null 2>&1
# Some words and a tag of one's own, as a journal has, on the HEIC entry (Reykjavík).
first_id() { python3 -c 'import json,sys; print(json.load(sys.stdin)[0]["id"])'; }
heic=$("$bin" search --library "$work/library" reykjavik --json | first_id)
"$bin" edit "$heic" --library "$work/library" \
    --text "Dandelions by the harbour path, the first warm evening of the year. Walked out to Grótta after dinner." \
    --add-tag summer >/dev/null
"$bin" serve --library "$work/library" --port 0 2>"$work/serve.log" &
server=$!
wait_serving "$work/serve.log" "$server"
base=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.log" | head -1)
shot() {
    chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run --user-data-dir="$work/profile" \
        --window-size=1280,900 --virtual-time-budget=5000 --screenshot="$out/$1" "$base$2" 2>/dev/null
    echo "$out/$1"
}
shot web-timeline.png /
shot web-entry.png "/entries/$heic"
shot web-map.png /map
