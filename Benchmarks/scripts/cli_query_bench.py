#!/usr/bin/env python3
"""End-to-end time of each CLI query kind (issue 23), two daybook binaries side by side.

    Benchmarks/scripts/cli_query_bench.py BASE_DAYBOOK BASE_LIBRARY NEW_DAYBOOK NEW_LIBRARY [RUNS]

Each library is a copy of the same seeded journal (daybook-journal-bench), one per binary so
each is at its own schema. The two binaries run alternately, RUNS times (default 11), and
each kind prints the median wall time and the median CPU time (user + system of the child,
from getrusage: the machine is shared, so CPU time is the steadier figure). Output goes to
/dev/null; a failed run stops the script.
"""

import resource
import statistics
import subprocess
import sys
import time

# The CLI column of daybook-journal-bench, in its order.
KINDS = [
    ("--version", ["--version"]),
    ("text (one word)", ["search", "harbour", "--limit", "100"]),
    ("text prefix, 2 words", ["search", "caf", "riv", "--limit", "100"]),
    ("tag", ["search", "--tag", "sunset", "--limit", "100"]),
    ("two tags + text", ["search", "lake", "--tag", "blue", "--tag", "sky", "--limit", "100"]),
    ("date (--on)", ["search", "--on", "2018-07-14"]),
    ("month", ["list", "--month", "2018-07", "--limit", "100"]),
    ("date range", ["search", "--from", "2019-01-01", "--to", "2019-03-31", "--limit", "100"]),
    ("near 25 km", ["search", "--near=-16.5,179.95", "--radius", "25km", "--limit", "100"]),
    ("on this day, 100", ["on-this-day", "--date", "07-14", "--year", "2026", "--limit", "100"]),
    ("on this day, count", ["on-this-day", "--date", "07-14", "--year", "2026"]),
    ("latest 5", ["latest", "-n", "5"]),
    ("list newest 100", ["list", "--limit", "100"]),
]


def run(daybook, library, arguments):
    """Wall and CPU milliseconds of one run."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    command = [daybook] + (arguments if arguments == ["--version"] else ["--library", library] + arguments)
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
    wall = (time.perf_counter() - start) * 1000
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000
    return wall, cpu


def main():
    base, base_library, new, new_library = sys.argv[1:5]
    runs = int(sys.argv[5]) if len(sys.argv) > 5 else 11
    print(f"{'kind':22} {'base wall':>10} {'new wall':>10} {'base cpu':>10} {'new cpu':>10}   (ms, median of {runs})")
    for name, arguments in KINDS:
        timings = {"base": [], "new": []}
        for _ in range(runs):
            timings["base"].append(run(base, base_library, arguments))
            timings["new"].append(run(new, new_library, arguments))
        wall = {side: statistics.median(t[0] for t in timings[side]) for side in timings}
        cpu = {side: statistics.median(t[1] for t in timings[side]) for side in timings}
        print(f"{name:22} {wall['base']:10.1f} {wall['new']:10.1f} {cpu['base']:10.1f} {cpu['new']:10.1f}")


if __name__ == "__main__":
    main()
