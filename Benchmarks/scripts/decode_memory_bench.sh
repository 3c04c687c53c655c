#!/usr/bin/env bash
# Peak memory of decoding large progressive JPEGs, measured on a real binary:
#   1. `daybook ingest --jobs 2` on four progressive 4:4:4 photos (8000², 8000², 10000², 10000²,
#      under 1.8 MB each): maximum resident set size from /usr/bin/time -v;
#   2. the same four plus a mix a user may really have (two progressive 6000×4000 4:4:4, which
#      decode, and a baseline 8000×8000, which decodes at 1/8 for next to nothing);
#   2b. two progressive 5600×5600 4:4:4 (about 188 MB each, just under the default limit);
#   3. `daybook serve` on that library and one GET /previews/NAME of a progressive 6000×4000
#      and one of a 10000²: the server's VmHWM before and after, from /proc/PID/status.
#
#   Benchmarks/scripts/decode_memory_bench.sh DAYBOOK_BINARY [RUNS]
#
# Prints one line per run and the median of RUNS (default 3) for each figure. A benchmark,
# not a test: it prints figures and exits 0. Photos are generated (scripts/make_big_progressive.py)
# into a temporary folder and removed afterwards.
set -euo pipefail
cd "$(dirname "$0")/../.."
bin="${1:?usage: decode_memory_bench.sh DAYBOOK_BINARY [RUNS]}"
runs="${2:-3}"
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT

make() { python3 scripts/make_big_progressive.py "$@"; }
mkdir -p "$work/attack" "$work/mix" "$work/edge"
make "$work/attack/p8000a.jpg" 8000x8000
make "$work/attack/p8000b.jpg" 8000x8000 --quality 70
make "$work/attack/p10000a.jpg" 10000x10000
make "$work/attack/p10000b.jpg" 10000x10000 --quality 70
cp "$work"/attack/*.jpg "$work/mix/"
make "$work/mix/p6000a.jpg" 6000x4000
make "$work/mix/p6000b.jpg" 6000x4000 --quality 70
make "$work/mix/b8000.jpg" 8000x8000 --baseline
# Just under the default 200 MB limit (188 MB each): decoded, one at a time.
make "$work/edge/p5600a.jpg" 5600x5600
make "$work/edge/p5600b.jpg" 5600x5600 --quality 70
ls -l "$work/attack" "$work/mix" "$work/edge" | awk 'NF > 5 { print "  " $5, $NF }'

median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }
mb() { awk '{ printf "%d MB\n", $1 / 1024 }'; }

ingest_peak() { # folder library -> peak RSS in kB
    rm -rf "$2"
    /usr/bin/time -v "$bin" ingest --library "$2" --weather none --jobs 2 "$1" >"$work/ingest.out" 2>"$work/time.txt" || true
    grep "Maximum resident set size" "$work/time.txt" | awk '{ print $NF }'
}

for set in attack mix edge; do
    : >"$work/$set.rss"
    for run in $(seq "$runs"); do
        kb=$(ingest_peak "$work/$set" "$work/lib-$set")
        echo "$kb" >>"$work/$set.rss"
        echo "ingest --jobs 2 ($set) run $run: $(echo "$kb" | mb)"
    done
    echo "  median: $(median <"$work/$set.rss" | mb)"
    grep "warning" "$work/time.txt" | sed "s|$work/||; s/^/  /" || true
    grep "new," "$work/ingest.out" "$work/time.txt" -h | sed 's/^/  /' || true
done

hwm() { awk '/VmHWM/ { print $2 }' "/proc/$1/status"; }
for photo in p6000a p10000a; do
    : >"$work/$photo.rss"
    name="$(sha256sum "$work/mix/$photo.jpg" | cut -c1-64).jpg"
    for run in $(seq "$runs"); do
        rm -rf "$work/lib-mix/previews"
        "$bin" serve --library "$work/lib-mix" --port 0 2>"$work/serve.log" &
        server=$!
        for _ in $(seq 300); do grep -q "serving" "$work/serve.log" && break; sleep 0.1; done
        base=$(grep -o 'http://127.0.0.1:[0-9]*' "$work/serve.log" | head -1)
        before=$(hwm "$server")
        status=$(curl -s -o "$work/preview.jpg" -w '%{http_code}' "$base/previews/$name")
        after=$(hwm "$server")
        kill "$server"
        wait "$server" 2>/dev/null || true
        server=""
        echo "$after" >>"$work/$photo.rss"
        echo "preview $photo run $run: HTTP $status, $(stat -c %s "$work/preview.jpg") bytes; VmHWM $(echo "$before" | mb) before, $(echo "$after" | mb) after"
    done
    echo "  median VmHWM after the preview: $(median <"$work/$photo.rss" | mb)"
done
