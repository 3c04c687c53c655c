#!/bin/bash
# Daybook's bulk insert against plain SQLite, side by side, on the same rows.
#
#   Benchmarks/scripts/insert_bench.sh BIN_DIR START N [RUNS]
#
# BIN_DIR holds a release daybook-journal-bench. START is `empty` (a new library) or a
# library folder to start from (e.g. a seeded 1M library; it is copied, never changed).
# Each run adds N generated entries to a fresh copy of START in two ways, alternated:
#   daybook  `daybook-journal-bench --seed-only`: JournalStore.insert(batch:) in transactions
#            of 5,000 entries, the search index filled by the schema's triggers;
#   plain    the sqlite3 CLI copies the very rows daybook wrote (entry, search_key, tag, the
#            full-text row) from the daybook copy into an identical copy of START with one
#            INSERT … SELECT per table per 5,000 entries, in the same journal mode,
#            synchronous setting and page cache as daybook's writer. It drops the four
#            triggers that would fill the full-text index and its vocabulary (they call
#            daybook's own SQL function) and writes their rows directly, the vocabulary as
#            one row per batch; every other trigger (and so any later index's cost) stays.
# It prints each run's entries/s by the wall clock and per CPU second (user + system; the
# steadier figure on a shared machine), the medians, and what both copies end with.
# Needs a few GB free beside TMPDIR for a 1M START (four copies at a time at most).
set -euo pipefail
bin=${1:?usage: insert_bench.sh BIN_DIR START N [RUNS]}
start=${2:?usage: insert_bench.sh BIN_DIR START N [RUNS]}
count=${3:?usage: insert_bench.sh BIN_DIR START N [RUNS]}
runs=${4:-3}
bench=$bin/daybook-journal-bench
[ -x "$bench" ] || { echo "insert_bench.sh: no daybook-journal-bench in $bin" >&2; exit 1; }
batch=5000
work=$(mktemp -d "${TMPDIR:-/tmp}/insert-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

# The starting library, migrated by this build's daybook (so both copies have its schema).
mkdir -p "$work/start"
if [ "$start" = empty ]; then
    "$bench" --entries 1 --seed-only --library "$work/start" > /dev/null
else
    [ -f "$start/journal.sqlite" ] || { echo "insert_bench.sh: no journal in $start" >&2; exit 1; }
    sqlite3 "file:$start/journal.sqlite?mode=ro" ".backup '$work/start/journal.sqlite'"
    mkdir -p "$work/start/thumbnails"
fi
have=$(sqlite3 "$work/start/journal.sqlite" "SELECT count(*) FROM entry")
"$bench" --entries "$have" --seed-only --library "$work/start" > /dev/null
sqlite3 "$work/start/journal.sqlite" "PRAGMA wal_checkpoint(TRUNCATE)" > /dev/null
target=$((have + count))
echo "adding $count entries to a library of $have, $runs runs, alternated"

now() { date +%s.%N; }

daybook_run() { # $1: library; prints "wall-rate cpu-rate" in entries/s (the inserts alone, as the bench times them)
    "$bench" --entries "$target" --seed-only --library "$1" |
        sed -n 's/.*inserting: \([0-9]*\) entries\/s, \([0-9]*\) entries per CPU second.*/\1 \2/p'
}

plain_run() { # $1: daybook's copy (the rows), $2: plain's copy; prints entries/s
    local source=$1/journal.sqlite destination=$2/journal.sqlite script=$work/plain.sql
    # The new rows are contiguous: entries were only added since the start.
    local first_rowid last_rowid
    first_rowid=$(sqlite3 "$source" "SELECT rowid FROM entry ORDER BY rowid LIMIT 1 OFFSET $have")
    last_rowid=$(sqlite3 "$source" "SELECT max(rowid) FROM entry")
    # The batches, by ranges of the entries' and tags' rowids in the source (both were written
    # in the same order), found before the clock starts. Search keys follow the capture time,
    # not the order of writing: a batch's keys are those of its entries.
    sqlite3 "$source" > "$script" <<SQL
SELECT 'PRAGMA synchronous = NORMAL; PRAGMA cache_size = -65536; PRAGMA foreign_keys = ON;';
SELECT 'ATTACH ''$source'' AS source;';
SELECT 'DROP TRIGGER entry_search_insert; DROP TRIGGER entry_search_tag_insert;';
SELECT 'DROP TRIGGER search_term_entry_insert; DROP TRIGGER search_term_tag_insert;';
WITH RECURSIVE part(entry_low) AS (
        SELECT $first_rowid - 1 UNION ALL SELECT entry_low + $batch FROM part WHERE entry_low + $batch < $last_rowid),
    bounds AS (
        SELECT entry_low, min(entry_low + $batch, $last_rowid) AS entry_high FROM part),
    keys AS (
        SELECT entry_low, entry_high,
               (SELECT min(rowid) FROM tag WHERE entry_id IN (SELECT id FROM entry WHERE rowid > entry_low AND rowid <= entry_high)) - 1 AS tag_low,
               (SELECT max(rowid) FROM tag WHERE entry_id IN (SELECT id FROM entry WHERE rowid > entry_low AND rowid <= entry_high)) AS tag_high
        FROM bounds)
SELECT printf('BEGIN;
CREATE TEMP TABLE batch_key AS SELECT key FROM source.search_key
    WHERE entry_id IN (SELECT id FROM source.entry WHERE rowid > %d AND rowid <= %d);
INSERT INTO entry SELECT * FROM source.entry WHERE rowid > %d AND rowid <= %d;
INSERT INTO search_key (key, entry_id) SELECT key, entry_id FROM source.search_key WHERE key IN temp.batch_key ORDER BY key;
INSERT INTO entry_search (rowid, text, tags, place, words)
    SELECT rowid, text, tags, place, words FROM source.entry_search WHERE rowid IN temp.batch_key ORDER BY rowid;
INSERT INTO search_term (rowid, terms)
    SELECT 1, group_concat(text || '' '' || tags || '' '' || place || '' '' || words, '' '')
    FROM source.entry_search WHERE rowid IN temp.batch_key;
INSERT INTO tag SELECT * FROM source.tag WHERE rowid > %d AND rowid <= %d;
DROP TABLE temp.batch_key;
COMMIT;', entry_low, entry_high, entry_low, entry_high, tag_low, tag_high)
FROM keys;
SQL
    # Warm the source's pages (daybook's run had its own copy warm after writing it).
    cat "$source" > /dev/null
    local begin end
    begin=$(now)
    /usr/bin/time -f "%U %S" -o "$work/cpu" sqlite3 "$destination" < "$script" > /dev/null || { cat "$work/cpu" >&2; }
    end=$(now)
    awk -v n="$count" -v wall="$(echo "$end - $begin" | bc -l)" '{ printf "%.0f %.0f\n", n / wall, n / ($1 + $2) }' "$work/cpu"
}

daybook_wall=() daybook_cpu=() plain_wall=() plain_cpu=()
for run in $(seq 1 "$runs"); do
    rm -rf "$work/daybook" "$work/plain"
    cp -a "$work/start" "$work/daybook"
    cp -a "$work/start" "$work/plain"
    sync
    if [ $((run % 2)) = 1 ] || [ ! -d "$work/rows" ]; then
        d=$(daybook_run "$work/daybook")
        p=$(plain_run "$work/daybook" "$work/plain")
    else
        # Plain first this time, with the previous run's rows: the generator gives the same
        # rows (times, places, words, tags) each run; only ids and timestamps differ.
        p=$(plain_run "$work/rows" "$work/plain")
        d=$(daybook_run "$work/daybook")
    fi
    summary="SELECT count(*) || ' entries, ' || (SELECT count(*) FROM tag) || ' tags, ' ||
        (SELECT count(*) FROM entry_search WHERE entry_search MATCH 'harbour') || ' match harbour' FROM entry"
    read -r dwall dcpu <<< "$d"
    read -r pwall pcpu <<< "$p"
    echo "run $run: daybook $dwall entries/s ($dcpu per CPU s), plain SQLite $pwall entries/s ($pcpu per CPU s)" \
        "(daybook: $(sqlite3 "$work/daybook/journal.sqlite" "$summary"); plain: $(sqlite3 "$work/plain/journal.sqlite" "$summary"))"
    daybook_wall+=("$dwall") daybook_cpu+=("$dcpu") plain_wall+=("$pwall") plain_cpu+=("$pcpu")
    rm -rf "$work/rows"
    mv "$work/daybook" "$work/rows"
    rm -rf "$work/plain"
done
source "$(dirname "$0")/bench_cpu.sh"  # median
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
dw=$(median "${daybook_wall[@]}") dc=$(median "${daybook_cpu[@]}")
pw=$(median "${plain_wall[@]}") pc=$(median "${plain_cpu[@]}")
echo "median entries/s: daybook $dw, plain SQLite $pw (plain is $(ratio "$pw" "$dw")x);" \
    "per CPU second: daybook $dc, plain SQLite $pc (plain is $(ratio "$pc" "$dc")x)"
