#!/bin/bash
# What a library's journal costs on disk: bytes per entry for each table and index, from
# SQLite's dbstat virtual table (every page counted, free space included), plus the
# thumbnails folder. Reads only: the journal is opened read-only and never migrated.
#
#   Benchmarks/scripts/library_size.sh LIBRARY        # a library folder, or a journal.sqlite file
#
# A table's own row is its b-tree (for `entry`, the rows themselves); each index is a row of
# its own, under the table it belongs to. FTS5's shadow tables (entry_search_data, _idx,
# _content, _docsize, _config) are the full-text index. Needs Debian's sqlite3 (built with
# SQLITE_ENABLE_DBSTAT_VTAB).
set -euo pipefail
target=${1:?usage: library_size.sh LIBRARY_OR_JOURNAL}
if [ -d "$target" ]; then
    db=$target/journal.sqlite
    thumbnails=$target/thumbnails
else
    db=$target
    thumbnails=$(dirname "$target")/thumbnails
fi
[ -f "$db" ] || { echo "library_size.sh: no journal at $db" >&2; exit 1; }

sqlite3 -readonly "$db" <<'SQL'
.mode column
.headers on
CREATE TEMP TABLE object_size AS
    SELECT dbstat.name AS object,
           coalesce(schema.tbl_name, dbstat.name) AS owner,
           CASE WHEN schema.type = 'index' OR dbstat.name LIKE 'sqlite_autoindex_%' THEN 'index'
                WHEN dbstat.name LIKE 'entry_search_%' THEN 'fts5'
                ELSE 'table' END AS kind,
           count(*) AS pages,
           sum(dbstat.pgsize) AS bytes
    FROM dbstat LEFT JOIN sqlite_schema AS schema ON schema.name = dbstat.name
    GROUP BY dbstat.name;
CREATE TEMP TABLE total AS
    SELECT (SELECT count(*) FROM entry) AS entries,
           (SELECT sum(bytes) FROM object_size) AS bytes;
SELECT printf('%-30s', object) AS object, kind, printf('%-12s', owner) AS "table",
       printf('%-24s', CASE WHEN kind = 'index' THEN
           (SELECT coalesce(group_concat(coalesce(name, '(expression)'), ', '), '') FROM pragma_index_info(object)) ELSE '' END) AS "on",
       printf('%12d', bytes) AS bytes,
       printf('%9.1f', bytes * 1.0 / max(1, (SELECT entries FROM total))) AS "B/entry",
       printf('%5.1f %%', 100.0 * bytes / (SELECT bytes FROM total)) AS share
FROM object_size WHERE bytes >= 8192 OR kind <> 'table'
ORDER BY bytes DESC;
.mode list
.headers off
SELECT printf('%d entries, %d bytes in the journal (%.1f MB), %.0f bytes per entry; %d indexes cost %.0f bytes per entry, FTS5 %.0f',
              entries, bytes, bytes / 1e6, bytes * 1.0 / max(1, entries),
              (SELECT count(*) FROM object_size WHERE kind = 'index'),
              (SELECT sum(bytes) FROM object_size WHERE kind = 'index') * 1.0 / max(1, entries),
              (SELECT sum(bytes) FROM object_size WHERE kind = 'fts5') * 1.0 / max(1, entries)) AS summary
FROM total;
SQL
if [ -d "$thumbnails" ]; then
    echo "thumbnails: $(find "$thumbnails" -type f | wc -l) files, $(du -sb "$thumbnails" | cut -f1) bytes (not counted above)"
fi
