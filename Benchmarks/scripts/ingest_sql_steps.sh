#!/bin/bash
# SQLite's own count of the work of every statement one `daybook ingest` runs: a
# plan that grows with the library shows as more VM steps or full-scan steps at a million
# entries than in an empty library, for the same photos.
#
#   Benchmarks/scripts/ingest_sql_steps.sh PHOTOS LIBRARY|empty DAYBOOK > STEPS.tsv
#
# LIBRARY is copied (never changed) and opened once first, as in ingest_scale_bench.sh. A
# preloaded shim (compiled here with gcc) reads sqlite3_stmt_status at every reset and
# finalize of a statement and prints, per SQL text: runs, VM steps, full-scan steps, sorts,
# automatic indexes, then the SQL. DAYBOOK must link SQLite dynamically (release builds do).
# Compare two runs with: join -t $'\t' -1 6 -2 6 <(sort -t $'\t' -k6 A) <(sort -t $'\t' -k6 B)
set -euo pipefail
photos=${1:?usage: ingest_sql_steps.sh PHOTOS LIBRARY|empty DAYBOOK}
start=${2:?usage}; binary=${3:?usage}
work=$(mktemp -d "${TMPDIR:-/tmp}/ingest-steps.XXXXXX")
trap 'rm -rf "$work"' EXIT
cat > "$work/steps.c" << 'C'
// Preloaded into daybook: per SQL text, the sums of sqlite3_stmt_status at each reset and
// finalize (the counters are read and cleared), printed to $STMTSTATS_OUT at exit.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
typedef struct { char *sql; long runs, vm, fullscan, sort, autoidx; } Row;
static Row rows[4096]; static int nrows; static pthread_mutex_t mu = PTHREAD_MUTEX_INITIALIZER;
static void take(sqlite3_stmt *s) {
    if (!s) return;
    int vm = sqlite3_stmt_status(s, SQLITE_STMTSTATUS_VM_STEP, 1);
    int fs = sqlite3_stmt_status(s, SQLITE_STMTSTATUS_FULLSCAN_STEP, 1);
    int so = sqlite3_stmt_status(s, SQLITE_STMTSTATUS_SORT, 1);
    int ai = sqlite3_stmt_status(s, SQLITE_STMTSTATUS_AUTOINDEX, 1);
    int ru = sqlite3_stmt_status(s, SQLITE_STMTSTATUS_RUN, 1);
    if (!vm && !ru) return;
    const char *sql = sqlite3_sql(s); if (!sql) return;
    pthread_mutex_lock(&mu);
    int i; for (i = 0; i < nrows; i++) if (!strcmp(rows[i].sql, sql)) break;
    if (i == nrows && nrows < 4096) { rows[i].sql = strdup(sql); nrows++; }
    if (i < 4096) { rows[i].runs += ru; rows[i].vm += vm; rows[i].fullscan += fs; rows[i].sort += so; rows[i].autoidx += ai; }
    pthread_mutex_unlock(&mu);
}
int sqlite3_reset(sqlite3_stmt *s) { static int (*f)(sqlite3_stmt *); if (!f) f = dlsym(RTLD_NEXT, "sqlite3_reset"); take(s); return f(s); }
int sqlite3_finalize(sqlite3_stmt *s) { static int (*f)(sqlite3_stmt *); if (!f) f = dlsym(RTLD_NEXT, "sqlite3_finalize"); take(s); return f(s); }
__attribute__((destructor)) static void dump(void) {
    const char *out = getenv("STMTSTATS_OUT"); if (!out) return;
    FILE *fp = fopen(out, "w"); if (!fp) return;
    for (int i = 0; i < nrows; i++) {
        fprintf(fp, "%ld\t%ld\t%ld\t%ld\t%ld\t", rows[i].runs, rows[i].vm, rows[i].fullscan, rows[i].sort, rows[i].autoidx);
        for (char *c = rows[i].sql; *c; c++) fputc(*c == '\n' || *c == '\t' ? ' ' : *c, fp);
        fputc('\n', fp);
    }
    fclose(fp);
}
C
gcc -O2 -shared -fPIC -o "$work/steps.so" "$work/steps.c" -ldl
mkdir -p "$work/library" "$work/nothing"
[ "$start" = empty ] || cp "$start/journal.sqlite" "$work/library/journal.sqlite"
"$binary" ingest --library "$work/library" "$work/nothing" > /dev/null 2>&1 || true
STMTSTATS_OUT="$work/steps.tsv" LD_PRELOAD="$work/steps.so" \
    "$binary" ingest --library "$work/library" "$photos" > /dev/null 2>&1 || true
printf 'runs\tvm_steps\tfullscan_steps\tsorts\tautoindexes\tsql\n'
sort -t $'\t' -k2,2nr "$work/steps.tsv"
