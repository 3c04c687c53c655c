# Sourced by the page comparisons (web_pages_same.sh, web_other_pages_same.sh): reads
# BIN_A BIN_B LIBRARY [N], serves the library with both binaries on ports of their own, stops
# both on exit, and gives `mask`, which blanks the CSRF token each server makes for itself.
. "$(dirname "${BASH_SOURCE[0]}")/web_wait_serving.sh"
a="$1"
b="$2"
library="$3"
count="${4:-50}"
work=$(mktemp -d)
servers=()
trap 'for s in "${servers[@]}"; do kill "$s" 2>/dev/null; done; rm -rf "$work"' EXIT

serve() {  # $1: binary, $2: name; sets the base URL in $work/$2.base
    "$1" serve --library "$library" --port 0 2>"$work/$2.log" &
    servers+=($!)
    wait_serving "$work/$2.log" "${servers[-1]}"
    grep -o 'http://127.0.0.1:[0-9]*' "$work/$2.log" | head -1 > "$work/$2.base"
}
serve "$a" a
serve "$b" b

mask() { sed -E 's/(name="(daybook-)?csrf" (value|content)=")[^"]*"/\1"/g'; }
