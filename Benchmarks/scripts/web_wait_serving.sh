# Sourced by the Benchmarks/scripts/web_*.sh that start `daybook serve`, and by
# scripts/web_screenshots.sh.
#
#   wait_serving LOG PID [SECONDS]
#
# Waits until the server started as PID writes "serving" to LOG, up to SECONDS (600). A library
# at an older schema migrates before it serves, minutes at a million entries: the wait says so
# after five seconds instead of going on as if the server were up. A server that exits, or
# never says "serving", stops the script with its log's last lines, not a run against nothing.
wait_serving() {
    local log="$1" pid="$2" limit="${3:-600}" started=$SECONDS said=""
    until grep -q "serving" "$log" 2>/dev/null; do
        if ! kill -0 "$pid" 2>/dev/null; then
            echo "error: the server (pid $pid) exited before serving; the end of $log:" >&2
            tail -5 "$log" >&2
            exit 1
        fi
        if [ $((SECONDS - started)) -ge "$limit" ]; then
            echo "error: the server (pid $pid) did not say \"serving\" within $limit s; the end of $log:" >&2
            tail -5 "$log" >&2
            exit 1
        fi
        if [ -z "$said" ] && [ $((SECONDS - started)) -ge 5 ]; then
            echo "waiting for the server to serve (a library at an older schema migrates first), up to $limit s..." >&2
            said=1
        fi
        sleep 0.1
    done
}
