#!/usr/bin/env bash
# Whether two daybook builds answer the pages web_pages_same.sh does not ask with the same bytes:
# entry pages, delete confirmations, edit conflicts (a text posted over a version the entry does
# not have: refused, nothing saved), tags, map, latest, the not-found and bad-request messages,
# and the whole `export html` site. Both serve one library; each URL is asked of both and the
# answers compared, the CSRF token masked (each server has its own).
#
#   Benchmarks/scripts/web_other_pages_same.sh BIN_A BIN_B LIBRARY [N]
#
# BIN_A, BIN_B: daybook binaries. LIBRARY: a library folder OF YOUR OWN, at the schema both
# binaries know (served in place; the conflicts change nothing). N: random entries (default 50).
# Prints one line per kind (asked, equal) and each differing URL; exits 1 when one differs.
set -euo pipefail
. "$(dirname "$0")/web_two_servers.sh"

# $1: server, $2: path; the status line first, then the page.
ask() { curl -s -w '\n%{http_code}\n' "$(cat "$work/$1.base")$2" | mask; }
token() { curl -s "$(cat "$work/$1.base")/" | grep -oE 'name="daybook-csrf" content="[^"]*"' | sed -E 's/.*content="([^"]*)"/\1/'; }
conflict() {  # $1: server, $2: entry id
    curl -s -w '\n%{http_code}\n' -X POST -H 'Content-Type: application/x-www-form-urlencoded' \
        --data "csrf=$(token "$1")&version=0000000000000000&text=Not+saved+%3Cb%3E" \
        "$(cat "$work/$1.base")/entries/$2/text" | mask
}

sqlite3 "$library/journal.sqlite" "SELECT id FROM entry ORDER BY random() LIMIT $count" > "$work/ids"
sed 's|^|/entries/|' "$work/ids" > "$work/entry"
sed 's|^\(.*\)$|/entries/\1/delete|' "$work/ids" > "$work/delete"
printf '%s\n' /tags /map /latest > "$work/pages"
printf '%s\n' /entries/ffffffff-0000 /entries/..%2F /nosuch "/?month=2024-13" "/on-this-day?date=02-30" "/?before=ffffffff" > "$work/messages"

differ=0
compare() {  # $1: kind, $2: what was asked
    if cmp -s "$work/page.a" "$work/page.b" && [ -s "$work/page.a" ]; then equal=$((equal + 1)); else echo "differs: $1 $2"; differ=1; fi
    asked=$((asked + 1))
}
for kind in entry delete pages messages; do
    asked=0
    equal=0
    while read -r url; do
        ask a "$url" > "$work/page.a"
        ask b "$url" > "$work/page.b"
        compare "$kind" "$url"
    done < "$work/$kind"
    printf '%-18s %5d asked %5d equal\n' "$kind" "$asked" "$equal"
done
asked=0
equal=0
while read -r id; do
    conflict a "$id" > "$work/page.a"
    conflict b "$id" > "$work/page.b"
    grep -q '^409$' "$work/page.a" || echo "not a conflict: $id"
    compare conflict "$id"
done < "$work/ids"
printf '%-18s %5d asked %5d equal\n' conflict "$asked" "$equal"

# The export: every file of both sites, byte for byte.
"$a" --library "$library" export html "$work/site.a" > /dev/null 2>&1
"$b" --library "$library" export html "$work/site.b" > /dev/null 2>&1
files=$(cd "$work/site.a" && find . -type f | wc -l)
if diff -r "$work/site.a" "$work/site.b" > "$work/site.diff"; then
    printf '%-18s %5d files equal\n' "export html" "$files"
else
    echo "differs: export html"; head -20 "$work/site.diff"; differ=1
fi
exit "$differ"
