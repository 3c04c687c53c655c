#!/usr/bin/env python3
"""Which tables and indexes the frames of a WAL file belong to (issue 23): how many pages each
commit wrote, by b-tree.

  Benchmarks/scripts/wal_pages.py JOURNAL.sqlite COPY_OF_ITS_WAL

To keep a WAL from being checkpointed, hold a read transaction on the journal from another
process while the writer runs, then copy journal.sqlite-wal. Pages not in dbstat (freed) show as "?".
"""
import sqlite3, struct, sys, collections
db, wal = sys.argv[1], sys.argv[2]
data = open(wal, 'rb').read()
page = struct.unpack('>I', data[8:12])[0]
owner = {}
c = sqlite3.connect(f'file:{db}?mode=ro', uri=True)
for name, pageno in c.execute('select name, pageno from dbstat'):
    owner[pageno] = name
off = 32; commits = 0; frames = 0; by = collections.Counter(); distinct = collections.Counter(); seen=set()
while off + 24 + page <= len(data):
    pno, commit = struct.unpack('>II', data[off:off+8])
    frames += 1; by[owner.get(pno, '?')] += 1
    if pno not in seen: seen.add(pno); distinct[owner.get(pno,'?')] += 1
    if commit: commits += 1
    off += 24 + page
print(f'{frames} frames, {commits} commits, {frames/max(commits,1):.1f} frames per commit, {len(seen)} distinct pages')
for name, n in by.most_common(30): print(f'{n:6d} {n/max(commits,1):6.2f}/commit  distinct {distinct[name]:5d}  {name}')
