#!/usr/bin/env bash
# The systemd user units in contrib/: systemd-analyze verify accepts them, and the services all
# use the same library and the same environment file, so that the watcher fills the journal
# the web journal shows and the reminder reads. Usage: scripts/check_units.sh PATH/TO/daybook
set -euo pipefail
cd "$(dirname "$0")/.."
daybook=$(realpath "${1:?usage: check_units.sh PATH/TO/daybook}")
services=(contrib/daybook-watch.service contrib/daybook-serve.service contrib/daybook-remind.service)
units=("${services[@]}" contrib/daybook-remind.timer)

# verify checks that ExecStart's binary exists: %h is this scratch home, where
# ~/.local/bin/daybook is the build's. A user manager also wants a runtime folder.
home=$(mktemp -d)
trap 'rm -rf "$home"' EXIT
mkdir -p "$home/.local/bin" "$home/run"
chmod 700 "$home/run"
ln -s "$daybook" "$home/.local/bin/daybook"
# It exits 0 on settings it ignores ("Failed to parse …, ignoring"): any word from it fails.
said=$(HOME="$home" XDG_RUNTIME_DIR="$home/run" systemd-analyze verify --user "${units[@]}" 2>&1) || { echo "$said" >&2; exit 1; }
[ -z "$said" ] || { echo "$said" >&2; exit 1; }

for setting in 'Environment=DAYBOOK_LIBRARY=' 'EnvironmentFile='; do
    values=$(grep -h "^$setting" "${services[@]}" | sort -u)
    if [ "$(grep -c "^$setting" "${services[@]}" | cut -d: -f2 | sort -u)" != 1 ] || [ "$(wc -l <<<"$values")" != 1 ]; then
        echo "check_units: the services must each set $setting once, to the same value:" >&2
        grep -H "^$setting" "${services[@]}" >&2 || true
        exit 1
    fi
done
echo "check_units: ${units[*]} verified; the services all use $(grep -h '^Environment=DAYBOOK_LIBRARY=' "${services[0]}")"
