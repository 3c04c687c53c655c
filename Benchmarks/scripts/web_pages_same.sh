#!/usr/bin/env bash
# Whether two daybook builds answer the search, on-this-day and timeline pages with the same bytes (a
# change in how the pages read must not change what they show): both serve one library, each
# URL is asked of both and the answers compared, the CSRF token masked (each server has its
# own). For every first page that links to a next one ("Older", "More"), that page is
# compared too.
#
#   Benchmarks/scripts/web_pages_same.sh BIN_A BIN_B LIBRARY [N]
#
# BIN_A, BIN_B: daybook binaries. LIBRARY: a library folder OF YOUR OWN, at the schema both
# binaries know (served in place, read only). N: URLs of each kind (default 50), drawn as
# Benchmarks/scripts/web_pages_bench.sh draws them: a seeded word, two prefixes, a tag, a word and a tag,
# a word after a random entry, near a random entry's place (alone and with a word), a day
# range with a tag, on this day of a random day, and after a random entry of that day; both
# after cursors that are an id's prefix, no entry, or no id at all ("cursors"); the timeline's
# first page, the page after a random entry and a random entry's month.
# Prints one line per kind (asked, equal) and each differing URL; exits 1 when one differs.
set -euo pipefail
. "$(dirname "$0")/web_two_servers.sh"
journal="$library/journal.sqlite"

words="river market birthday hike sunset caf%C3%A9 museum beach snow train garden lunch concert harbour bridge festival mountain lake rain friends"
tags="blue green sky sunset vivid muted dark night white snow greenery red"
pick() { tr ' ' '\n' <<<"$1" | shuf -n 1; }
sqlite3 "$journal" "SELECT id, substr(captured_local, 1, 10), latitude, longitude FROM entry
    WHERE captured_local IS NOT NULL AND latitude IS NOT NULL ORDER BY random() LIMIT $count" > "$work/entries"
for _ in $(seq "$count"); do echo "/search?q=$(pick "$words")"; done > "$work/search-word"
for _ in $(seq "$count"); do echo "/search?q=$(pick "$words" | cut -c1-3)+$(pick "$words" | cut -c1-3)"; done > "$work/search-prefixes"
for _ in $(seq "$count"); do echo "/search?tag=$(pick "$tags")"; done > "$work/search-tag"
for _ in $(seq "$count"); do echo "/search?q=$(pick "$words")&tag=$(pick "$tags")"; done > "$work/search-word-tag"
while IFS='|' read -r id day lat lon; do
    echo "/search?q=$(pick "$words")&before=$id" >> "$work/search-paged"
    echo "/search?near=$lat,$lon&radius=2km" >> "$work/search-near"
    echo "/search?near=$lat,$lon&radius=20km&q=$(pick "$words")" >> "$work/search-near-word"
    echo "/search?from=$day&to=${day:0:4}-12-31&tag=$(pick "$tags")" >> "$work/search-days"
    echo "/on-this-day?date=${day:5:5}" >> "$work/on-this-day"
    echo "/on-this-day?date=${day:5:5}&before=$id" >> "$work/on-this-day-paged"
    echo "/?before=$id" >> "$work/timeline-paged"
    echo "/?month=${day:0:7}" >> "$work/month"
done < "$work/entries"
# Cursors that are no entry, not id-shaped, or an id's prefix (8 characters, as links shorten them).
while IFS='|' read -r id day lat lon; do
    for before in "${id:0:8}" ffffffff-0000 "..%2F" "%00"; do
        echo "/search?q=$(pick "$words")&before=$before"
        echo "/on-this-day?date=${day:5:5}&before=$before"
    done
done < <(head -5 "$work/entries") > "$work/cursors"
echo "/" > "$work/timeline"

ask() { curl -s "$(cat "$work/$1.base")$2" | mask; }
differ=0
for kind in search-word search-prefixes search-tag search-word-tag search-paged search-near search-near-word search-days on-this-day on-this-day-paged \
    cursors timeline timeline-paged month; do
    asked=0
    equal=0
    while read -r url; do
        next="$url"
        for _ in 1 2; do  # the page, then the page its "Older"/"More" link leads to
            ask a "$next" > "$work/page.a"
            ask b "$next" > "$work/page.b"
            asked=$((asked + 1))
            if cmp -s "$work/page.a" "$work/page.b" && [ -s "$work/page.a" ]; then equal=$((equal + 1)); else echo "differs: $next"; differ=1; fi
            next=$(grep -oE 'id="(older|more)" href="[^"]*"|href="[^"]*" *id="(older|more)"' "$work/page.a" | grep -oE 'href="[^"]*"' |
                sed -E 's/href="(.*)"/\1/; s/&amp;/\&/g' | head -1 || true)
            [ -n "$next" ] || break
        done
    done < "$work/$kind"
    printf '%-18s %5d asked %5d equal\n' "$kind" "$asked" "$equal"
done
exit "$differ"
