#!/bin/bash
# What one `daybook ingest` writes to the journal: WAL frames and bytes per photo,
# the checkpoint's writes into the journal, and the WAL frames by table or index.
#
#   Benchmarks/scripts/ingest_wal_pages.sh PHOTOS LIBRARY|empty DAYBOOK
#
# LIBRARY is copied (never changed); `empty` starts a new library. As ingest_scale_bench.sh,
# the copy is first opened by an untimed ingest of an empty folder (migration, first repair).
# The timed ingest runs under strace, which records every pwrite64 and fdatasync on the
# journal and its -wal: each WAL frame is a 24-byte header (whose first 4 bytes are the page
# number) then the page; pages that are not the WAL's go into the journal by a checkpoint.
# The pages are named after the run by SQLite's dbstat (a page freed meanwhile: "(free)").
set -euo pipefail
photos=${1:?usage: ingest_wal_pages.sh PHOTOS LIBRARY|empty DAYBOOK}
start=${2:?usage}; binary=${3:?usage}
work=$(mktemp -d "${TMPDIR:-/tmp}/ingest-wal.XXXXXX")
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/library" "$work/nothing"
[ "$start" = empty ] || cp "$start/journal.sqlite" "$work/library/journal.sqlite"
"$binary" ingest --library "$work/library" "$work/nothing" > /dev/null 2>&1 || true
sync
count=$(find "$photos" -type f ! -name '*.xmp' ! -name '*.md' | wc -l)
strace -f -y -xx -s 4 -e trace=pwrite64,fdatasync -o "$work/trace" \
    "$binary" ingest --library "$work/library" "$photos" > /dev/null 2>&1 || true
python3 - "$work/trace" "$work/library/journal.sqlite" "$count" << 'PY'
import collections, re, sqlite3, sys
trace, journal, photos = sys.argv[1], sys.argv[2], int(sys.argv[3])

def path(escaped):
    return bytes.fromhex(escaped.replace('\\x', '')).decode()

call = re.compile(r'(pwrite64|fdatasync)\(\d+<([^>]*)>(?:, "([^"]*)"(?:\.\.\.)?, (\d+))?')
wal_pages, journal_writes, syncs, wal_bytes = [], 0, 0, 0
for line in open(trace):
    match = call.search(line)
    if not match:
        continue
    name, file, data, size = match.groups()
    file = path(file)
    if name == 'fdatasync':
        syncs += 1
    elif file.endswith('-wal'):
        wal_bytes += int(size)
        if int(size) == 24:
            wal_pages.append(int.from_bytes(bytes.fromhex(data.replace('\\x', '')), 'big'))
    elif file.endswith('journal.sqlite'):
        journal_writes += 1
owner = {}
db = sqlite3.connect(f'file:{journal}?mode=ro', uri=True)
for name, page, kind in db.execute('SELECT name, pageno, pagetype FROM dbstat'):
    owner[page] = f'{name} ({kind})'
frames = collections.Counter(owner.get(page, '(free)') for page in wal_pages)
print(f'{photos} photos: {len(wal_pages)} WAL frames ({len(wal_pages) / photos:.1f} a photo, '
      f'{wal_bytes / photos / 1024:.0f} KiB a photo), {len(set(wal_pages))} distinct pages; '
      f'checkpoint: {journal_writes} page writes into the journal; {syncs} fdatasync')
for name, n in frames.most_common(16):
    print(f'{n:7d} {n / photos:6.2f} a photo  {name}')
PY
