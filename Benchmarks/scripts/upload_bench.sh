#!/usr/bin/env bash
# Uploads against ingest, side by side with the same binary: the CPU time of a `daybook serve`
# taking every file of FOLDER through POST /uploads (curl, 2 at a time, as a phone's page
# sends them) against `daybook ingest --jobs 2` of the same folder into a library of its own;
# CPU time (user + system: /proc/PID/stat for the server, /usr/bin/time for ingest), not wall
# time, since the machine is shared. Then the server's peak RSS (VmHWM) while one BIG-byte
# body streams in (a sparse file: a JPEG's first bytes, then zeros; the ingester refuses a
# file that size afterwards, the streaming is what is measured). Medians of RUNS.
#
#   Benchmarks/scripts/upload_bench.sh BIN_DIR FOLDER [RUNS] [BIG]
#
# FOLDER's files, in its subfolders too (daybook-bench's generated set:
# .build-bench-photos/200-4000x3000).
#
# BIN_DIR holds a `daybook` (release, or say it is a debug build). BIG is in bytes (4 GB).
# A benchmark, not a test: it prints figures and exits 0.
set -euo pipefail
bin="$1"
folder="$2"
runs="${3:-3}"
big="${4:-4000000000}"
work=$(mktemp -d)
server=""
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
source "$(dirname "$0")/bench_cpu.sh"
ticks=$(getconf CLK_TCK)
mapfile -t files < <(find "$folder" -type f | sort)
count=${#files[@]}

# user + system seconds a process has used so far.
proc_cpu() { awk -v t="$ticks" '{print ($14 + $15) / t}' "/proc/$1/stat"; }

# Starts `daybook serve` on an empty library; sets $server, $port and $token.
start_server() {
    rm -rf "$work/served" "$work/empty" && mkdir -p "$work/empty"
    DAYBOOK_WEATHER=none "$bin/daybook" ingest --library "$work/served" --weather none "$work/empty" >/dev/null
    DAYBOOK_WEATHER=none "$bin/daybook" serve --library "$work/served" --port 0 "$@" >"$work/serve.log" 2>&1 &
    server=$!
    for _ in $(seq 600); do
        port=$(grep -oE 'at http://127\.0\.0\.1:[0-9]+/' "$work/serve.log" | grep -oE '[0-9]+/$' | tr -d / || true)
        [ -n "$port" ] && break
        sleep 0.1
    done
    token=$(curl -s "http://127.0.0.1:$port/new" | grep -oE 'name="daybook-csrf" content="[^"]+"' | cut -d'"' -f4)
}

stop_server() { kill "$server" && wait "$server" 2>/dev/null || true; server=""; }

upload() {
    curl -s -o /dev/null -w '%{http_code}\n' -H 'Expect:' -H "X-Daybook-CSRF: $token" \
        -H "X-Daybook-File-Name: $(basename "$1")" --data-binary @"$1" "http://127.0.0.1:$port/uploads"
}
export -f upload

served=()
ingested=()
for run in $(seq "$runs"); do
    start_server
    before=$(proc_cpu "$server")
    answers=$(printf '%s\n' "${files[@]}" | token=$token port=$port xargs -P 2 -I{} bash -c 'upload "$1"' _ {})
    after=$(proc_cpu "$server")
    stop_server
    stored=$(grep -c '^201$' <<<"$answers" || true)
    [ "$stored" = "$count" ] || echo "run $run: $stored of $count uploads answered 201" >&2
    served+=("$(awk -v a="$after" -v b="$before" 'BEGIN {print a - b}')")
    rm -rf "$work/library"
    ingested+=("$(DAYBOOK_WEATHER=none cpu "$bin/daybook" ingest --library "$work/library" --jobs 2 --weather none "$folder")")
done
s=$(median "${served[@]}")
i=$(median "${ingested[@]}")
printf '%s: %d files, %d runs\n' "$folder" "$count" "$runs"
printf 'serve, POST /uploads (2 at a time): %s s CPU (median), %s ms per file; runs: %s\n' "$s" "$(per "$s" "$count")" "${served[*]}"
printf 'daybook ingest --jobs 2:            %s s CPU (median), %s ms per file; runs: %s\n' "$i" "$(per "$i" "$count")" "${ingested[*]}"
awk -v a="$s" -v b="$i" 'BEGIN {printf "ratio uploads/ingest: %.2f (aim: at most 1.3)\n", a / b}'

# One large body: the server's peak RSS while it streams to .incoming/.
start_server --max-upload "$((big + 1000))"
printf '\xff\xd8\xff\xe0' >"$work/big.jpg"
truncate -s "$big" "$work/big.jpg"
rss_before=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
answer=$(curl -s -w ' %{http_code}' -H 'Expect:' -H "X-Daybook-CSRF: $token" -H 'X-Daybook-File-Name: big.jpg' \
    -T "$work/big.jpg" -X POST "http://127.0.0.1:$port/uploads")
rss=$(awk '/VmHWM/ {print $2}' "/proc/$server/status")
left=$(find "$work/served/uploads" -type f | wc -l)
stop_server
printf 'a %s-byte body: peak RSS %s MB (%s MB before it; aim: under 150 MB); answer: %s; files left in uploads/: %s\n' \
    "$big" "$((rss * 1024 / 1000000))" "$((rss_before * 1024 / 1000000))" "$answer" "$left"
