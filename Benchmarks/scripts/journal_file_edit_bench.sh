#!/bin/bash
# An edit's latency when it writes the photo entry's journal file (docs/design/writing.md,
# "Which entries have a file"), in a seeded library.
#
#   Benchmarks/scripts/journal_file_edit_bench.sh BIN_DIR [ENTRIES] [EDITS] [RUNS]
#
# BIN_DIR holds a daybook-journal-bench (build it in release for meaningful figures:
# swift build -c release --scratch-path .build-release --product daybook-journal-bench).
# Each run seeds a new library of ENTRIES generated photo entries (10,000; most have words
# and tags, in the index alone, as an older version stored them), writes their journal files
# as an old library's first open does (timed), then times EDITS edits (1,000) of random photo
# entries through the library API: words, tags (one added, one automatic removed) and dates
# (most move the file to another month's folder), a third each. It prints p50/p90/p99/max per
# kind and for all; the aim is p99 under 20 ms. Before and after, the disk's own cost of such
# a write without daybook, for comparison. The library sits in TMPDIR: put TMPDIR on the disk
# the figures are for (fsync costs what that disk costs).
set -euo pipefail
bin=${1:?usage: journal_file_edit_bench.sh BIN_DIR [ENTRIES] [EDITS] [RUNS]}
entries=${2:-10000}
edits=${3:-1000}
runs=${4:-1}
bench=$bin/daybook-journal-bench
[ -x "$bench" ] || { echo "journal_file_edit_bench.sh: no daybook-journal-bench in $bin" >&2; exit 1; }
work=$(mktemp -d "${TMPDIR:-/tmp}/journal-file-edit-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT
echo "filesystem of $work: $(df -T "$work" | awk 'NR == 2 { print $2 }')"
# The disk's own floor, beside each run: what a journal file's write costs without daybook
# (temporary file, fsync, rename over the old name, fsync of the folder), 300 times.
fsync_floor() {
    python3 - "$work" <<'PY'
import os, statistics, sys, time
folder = os.path.join(sys.argv[1], "fsync-floor")
os.makedirs(folder, exist_ok=True)
directory = os.open(folder, os.O_RDONLY | os.O_DIRECTORY)
times = []
for number in range(300):
    start = time.perf_counter()
    temporary = os.path.join(folder, ".entry.md.tmp")
    fd = os.open(temporary, os.O_CREAT | os.O_EXCL | os.O_WRONLY, 0o600)
    os.write(fd, b"---\nversion: 1\n---\n" + str(number).encode() * 100)
    os.fsync(fd)
    os.close(fd)
    os.rename(temporary, os.path.join(folder, "entry.md"))
    os.fsync(directory)
    times.append((time.perf_counter() - start) * 1000)
times.sort()
print(f"disk floor (write, fsync, rename, folder fsync): p50 {statistics.median(times):.2f} ms, "
      f"p99 {times[int(len(times) * 0.99)]:.2f} ms")
PY
}
for run in $(seq 1 "$runs"); do
    library=$work/library-$run
    "$bench" --entries "$entries" --seed-only --library "$library" > /dev/null
    echo "== run $run: $entries entries"
    fsync_floor
    "$bench" --entries "$entries" --photo-edits "$edits" --library "$library"
    fsync_floor
    rm -rf "$library"
done
