#!/usr/bin/env bash
# What the two stages cost in instructions, counted by callgrind (repeatable where seconds
# are not): `daybook ingest` of the same N iPhone HEICs decoding every photo whole in one
# pass (--no-first-look), against the first look and its refinement (the default ingest,
# which waits for stage 2). docs/benchmarks/first-look.md.
#
#   Benchmarks/scripts/refine_instructions.sh [N]        default 3 (about 5 minutes)
#
# Environment: DAYBOOK (a release binary; default .build-release/release/daybook), HEIC (the
# source photo; default the iPhone 8 Plus portrait with a 240x320 thumbnail item). The
# copies are made distinct as scripts/bench_first_look.sh makes them. valgrind reads no
# Swift DWARF here, so the binary is run with its debug sections stripped (symbols kept).
# valgrind hides SHA-NI from the program, so SHA-256 counts at its AVX cost.
set -euo pipefail

root=$(cd "$(dirname "$0")/../.." && pwd)
count=${1:-3}
daybook=${DAYBOOK:-$root/.build-release/release/daybook}
heic=${HEIC:-$root/Tests/Fixtures/heic-pillow/arrow.heic}
[ -x "$daybook" ] || { echo "no $daybook: swift build -c release --scratch-path .build-release --product daybook" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "valgrind missing (apt-get install valgrind)" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
strip --strip-debug -o "$work/daybook" "$daybook"
python3 - "$heic" "$count" "$work/photos" <<'PY'
import datetime, os, re, sys
source, count, folder = sys.argv[1], int(sys.argv[2]), sys.argv[3]
os.makedirs(folder)
data = open(source, 'rb').read()
start = datetime.datetime(2024, 1, 1, 8, 0, 0)
for i in range(count):
    stamp = (start + datetime.timedelta(seconds=10 * i)).strftime('%Y:%m:%d %H:%M:%S').encode()
    open(os.path.join(folder, 'photo-%05d.heic' % i), 'wb').write(re.sub(rb'\d{4}:\d\d:\d\d \d\d:\d\d:\d\d', stamp, data))
PY

declare -A counted
for side in one-pass two-stages; do
    flags=(--jobs 1)
    [ "$side" = one-pass ] && flags+=(--no-first-look)
    DAYBOOK_WEATHER=none valgrind --tool=callgrind --callgrind-out-file="$work/$side.out" \
        "$work/daybook" ingest --library "$work/library-$side" "${flags[@]}" "$work/photos" >"$work/$side.log" 2>&1 \
        || { cat "$work/$side.log" >&2; exit 1; }
    counted[$side]=$(sed -n 's/^==[0-9]*== Collected : \([0-9]*\)$/\1/p' "$work/$side.log")
    printf '%-12s %15s instructions\n' "$side" "$(printf "%'d" "${counted[$side]}")"
done
python3 -c "import sys; a, b = int(sys.argv[1]), int(sys.argv[2]); print('two-stages / one-pass: %.4f (%+.1f M instructions a photo)' % (b / a, (b - a) / int(sys.argv[3]) / 1e6))" \
    "${counted[one-pass]}" "${counted[two-stages]}" "$count"
