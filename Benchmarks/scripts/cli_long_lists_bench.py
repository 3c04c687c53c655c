#!/usr/bin/env python3
"""End-to-end time of the CLI's long lists (issue 23), two daybook binaries side by side.

    Benchmarks/scripts/cli_long_lists_bench.py BASE_DAYBOOK NEW_DAYBOOK LIBRARY [RUNS]

Both binaries read the same library (a copy of a seeded 1M journal, at a schema both know),
alternately, RUNS times (default 11); each kind prints the median wall and CPU time (user +
system of the child, getrusage). Output is read through a pipe to its end, as a user's
`| less` or script reads it. Benchmarks/scripts/cli_output_compare.sh checks that the bytes are the same.
"""

import resource
import statistics
import subprocess
import sys
import time

KINDS = [
    ("--version", ["--version"]),
    ("on this day, whole day", ["on-this-day", "--date", "07-14", "--year", "2026"]),
    ("  --json", ["--json", "on-this-day", "--date", "07-14", "--year", "2026"]),
    ("search harbour, 2000", ["search", "harbour", "--limit", "2000"]),
    ("  --json", ["--json", "search", "harbour", "--limit", "2000"]),
    ("list --month (5,600)", ["list", "--month", "2018-08"]),
    ("  --json", ["--json", "list", "--month", "2018-08"]),
    ("near 800 km, 500", ["search", "--near", "10,179.9", "--radius", "800km", "--limit", "500"]),
]
def run(daybook, library, arguments):
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [daybook] + (arguments if arguments == ["--version"] else ["--library", library] + arguments)
    # Through a pipe read to its end, as a user's `| less` or script reads it.
    subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, check=True)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
base, new, library = sys.argv[1:4]; runs = int(sys.argv[4]) if len(sys.argv) > 4 else 11
print(f"{'kind':24} {'base wall':>10} {'new wall':>10} {'base cpu':>10} {'new cpu':>10}   (ms, median of {runs})")
for name, arguments in KINDS:
    t = {"b": [], "n": []}
    for _ in range(runs):
        t["b"].append(run(base, library, arguments)); t["n"].append(run(new, library, arguments))
    m = lambda s, i: statistics.median(x[i] for x in t[s])
    print(f"{name:24} {m('b',0):10.1f} {m('n',0):10.1f} {m('b',1):10.1f} {m('n',1):10.1f}", flush=True)
