#!/usr/bin/env python3
"""The levels and segments of an FTS5 index (its structure record, id 10 of TABLE_data):
how many one-leaf segments a run left, and which merge is under way.

  Benchmarks/scripts/fts_structure.py JOURNAL.sqlite entry_search
"""
import sqlite3, sys
def varint(b, i):
    v = 0
    for k in range(9):
        c = b[i]; i += 1
        if k == 8: return (v << 8) | c, i
        v = (v << 7) | (c & 0x7f)
        if not c & 0x80: return v, i
    return v, i
db, table = sys.argv[1], sys.argv[2]
c = sqlite3.connect(f'file:{db}?mode=ro', uri=True)
b = c.execute(f'select block from {table}_data where id=10').fetchone()[0]
i = 4  # cookie
nLevel, i = varint(b, i); nSeg, i = varint(b, i)
if b[i:i+1] == b'\xff':
    pass
nWrite, i = varint(b, i)
print(f'{table}: levels {nLevel}, segments {nSeg}, write counter {nWrite}')
for lvl in range(nLevel):
    nMerge, i = varint(b, i); n, i = varint(b, i)
    segs = []
    for s in range(n):
        sid, i = varint(b, i); first, i = varint(b, i); last, i = varint(b, i)
        segs.append(last - first + 1)
    if n: print(f'  level {lvl}: {n} segments (merging {nMerge}), leaves {segs}')
for (k, v) in c.execute(f"select k, v from {table}_config"): print('  config', k, v)
