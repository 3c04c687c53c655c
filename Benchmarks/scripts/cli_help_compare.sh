#!/bin/bash
# Benchmarks/scripts/cli_help_compare.sh BASE_DAYBOOK NEW_DAYBOOK: the same help, usage errors, version and
# unknown-command lines (standard output, standard error, exit status) from both binaries, for
# the root and every command and subcommand: a change to how commands are named or started
# must not change a byte a user reads.
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
B=$1; N=$2; fail=0
commands=$("$N" --help | sed -n '/^SUBCOMMANDS:/,/^$/p' | awk '/^  [a-z]/ { print $1 }')
[ -n "$commands" ] || { echo "no commands found in $N --help"; exit 1; }
cases=("--help" "--version" "help" "lst" "photograph" "--no-such-option" "list --no-such-option" "stack show --help"
  "stack cover --help" "stack split --help" "stack rebuild --help" "help stack show" "search --limit 0")
for c in $commands; do cases+=("$c --help" "help $c" "$c -h"); done
for c in "${cases[@]}"; do
  # shellcheck disable=SC2086 # each case is words to split
  $B $c > "$work"/b.out 2>"$work"/b.err; sb=$?
  # shellcheck disable=SC2086
  $N $c > "$work"/n.out 2>"$work"/n.err; sn=$?
  if cmp -s "$work"/b.out "$work"/n.out && cmp -s "$work"/b.err "$work"/n.err && [ $sb = $sn ]; then
    echo "same  status $sn  $(cat "$work"/n.out "$work"/n.err | wc -c) bytes  $c"
  else echo "DIFF  $c"; diff "$work"/b.out "$work"/n.out | head -5; diff "$work"/b.err "$work"/n.err | head -5; fail=1; fi
done
exit $fail
