#!/usr/bin/env bash
# The folder paths under AddressSanitizer: an ASan build of `daybook` ingests the sample squares
# and a tree of awkward names (every length from 1 to 255 bytes, multi-byte UTF-8, a name
# that is not UTF-8, a newline, 3000 short names in one folder, folders nested past PATH_MAX, a symlink loop, a self link,
# a dangling link), twice; then `daybook watch` catches up on the same tree and picks up a
# photo written into a new folder with a 255-byte name (the inotify path).
# Any AddressSanitizer report aborts the run and fails this script.
#
# usage: scripts/asan_paths.sh   (from test.sh; reuses .build-asan from the bad-inputs check)
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build-asan
swift build --sanitize=address --scratch-path "$scratch" --product daybook 2>&1 | tail -n 1
daybook="$(swift build --sanitize=address --scratch-path "$scratch" --show-bin-path)/daybook"
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1

work=$(mktemp -d)
watcher=""
cleanup() {
    if [ -n "$watcher" ]; then kill "$watcher" 2>/dev/null || true; fi
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "asan_paths: $*" >&2; exit 1; }

python3 - Tests/Fixtures/sample-squares "$work/tree" <<'EOF'
import os, sys
samples, root = sys.argv[1], sys.argv[2]
photos = [open(os.path.join(samples, n), "rb").read() for n in sorted(os.listdir(samples)) if n.endswith(".jpg")]
count = 0
def put(folder, name):
    global count
    with open(os.path.join(os.fsencode(folder), name), "wb") as f:
        f.write(photos[count % len(photos)])
    count += 1
os.makedirs(os.path.join(root, "lengths"))
for n in range(1, 256):
    put(os.path.join(root, "lengths"), b"p" * n if n < 5 else b"p" * (n - 4) + b".jpg")
names = os.path.join(root, "names")
os.makedirs(os.path.join(names, ".hidden-folder"))
for name in ["é" * 127, "日本語の写真.jpg", "📷 beach 🌊.JPG", "space name.jpg", "line\nbreak.jpg", "tab\there.jpg"]:
    put(names, name.encode())
put(names, b"latin1-\xe9t\xe9.jpg")  # not UTF-8: skipped, named by its bytes, never opened
put(names, b".hidden.jpg")
put(os.path.join(names, ".hidden-folder"), b"inside.jpg")
# Long folder names nested to just under PATH_MAX (4096), then past it (an error naming it).
level = os.path.join(root, "deep")
os.mkdir(level)
while len(os.fsencode(level)) + 2 * 256 < 4000:
    level = os.path.join(level, "d" * 200)
    os.mkdir(level)
    put(level, b"photo.jpg")
os.chdir(level)
for _ in range(3):
    os.mkdir("t" * 250)
    os.chdir("t" * 250)
put(".", b"too-deep.jpg")
# Thousands of short names: readdir's buffer fills to its end, so a read past the last
# (short) record leaves the heap block, which is where AddressSanitizer sees it.
os.mkdir(os.path.join(root, "many"))
for i in range(3000):
    open(os.path.join(root, "many", f"n{i}"), "wb").close()
os.symlink("../..", os.path.join(root, "deep", "d" * 200, "loop-to-root"))
os.symlink(".", os.path.join(root, "self"))
os.symlink("missing-target", os.path.join(root, "dangling"))
os.mkdir(os.path.join(root, "empty"))
print(f"asan_paths: {count} photos in an awkward tree")
EOF

# Errors allowed: exactly the one file no path can name (a path past PATH_MAX); the name that
# is not UTF-8 is a skip the summary counts. Anything else, or an AddressSanitizer report, fails.
check_ingest() {
    local status=$1 log=$2 out=$3
    if grep -q AddressSanitizer "$log"; then cat "$log" >&2; fail "AddressSanitizer report"; fi
    [ "$status" -le 1 ] || { cat "$log" >&2; fail "ingest exited $status"; }
    local unexpected
    unexpected=$(grep '^daybook: error:' "$log" | grep -v -e 'file name too long' || true)
    [ -z "$unexpected" ] || fail "unexpected errors: $unexpected"
    [ "$(grep -c '^daybook: error:' "$log")" -eq 1 ] || { cat "$log" >&2; fail "expected exactly 1 error line"; }
    grep -q '1 name not UTF-8' "$out" || { cat "$out" >&2; fail "the name that is not UTF-8 is not counted as skipped"; }
}
for round in first second; do
    status=0
    "$daybook" ingest --library "$work/library" --weather none --jobs 2 Tests/Fixtures/sample-squares "$work/tree" \
        >"$work/ingest.out" 2>"$work/ingest.log" || status=$?
    check_ingest "$status" "$work/ingest.log" "$work/ingest.out"
    echo "asan_paths: ingest ($round run): $(grep ' new, ' "$work/ingest.out" | tail -n 1)"
done

wait_for() { # PATTERN FILE: up to 120 s (ASan builds are slow)
    for _ in $(seq 1 240); do
        grep -q "$1" "$2" && return 0
        grep -q AddressSanitizer "$2" && break
        sleep 0.5
    done
    cat "$2" >&2
    fail "no \"$1\" in $2"
}
"$daybook" watch --library "$work/watched" --weather none "$work/tree" 2>"$work/watch.log" &
watcher=$!
wait_for "notice: watching" "$work/watch.log"
long=$(printf 'n%.0s' $(seq 1 255))
mkdir "$work/tree/$long"
sleep 1 # the new folder's watch is added when its creation event is read
# New bytes (a sample with one byte after EOI), so the watcher ingests rather than dedupes.
{ cat Tests/Fixtures/sample-squares/01-paris-2019-07.jpg; printf 'x'; } >"$work/tree/$long/$(printf 'q%.0s' $(seq 1 251)).jpg"
wait_for "ingested $work/tree/$long/qqq" "$work/watch.log"
kill -TERM "$watcher"
status=0
wait "$watcher" || status=$?
watcher=""
grep -q AddressSanitizer "$work/watch.log" && { cat "$work/watch.log" >&2; fail "AddressSanitizer report in watch"; }
[ "$status" -eq 0 ] || { tail -n 20 "$work/watch.log" >&2; fail "watch exited $status"; }
echo "asan_paths: watch caught up, saw the new file, stopped cleanly"
