#!/usr/bin/env bash
# Set up, build, ingest the bundled SampleImages/ into the default library and print the journal.
# The library is $DAYBOOK_LIBRARY if set, else $XDG_DATA_HOME/daybook (~/.local/share/daybook).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build --product daybook 2>&1 | tail -n 1
daybook=$(swift build --show-bin-path)/daybook
"$daybook" ingest SampleImages
echo
"$daybook" list
