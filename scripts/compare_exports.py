#!/usr/bin/env python3
"""Compare two `daybook export json` files: the journal before a rebuild and after it.

    scripts/compare_exports.py BEFORE.json AFTER.json [--json]

Prints each difference, one line each, and exits 0 when the two journals hold the same
entries, 1 when they differ, 2 on a usage or reading error.

A rebuild makes again what the journal files and the photos say; only values derived by the
index itself may differ, and are left out:
  - the id of an entry with no journal file (a photo entry nobody wrote or chose anything
    for gets a new id when it is ingested again): such entries are matched by content hash.
    An entry that holds anything a person wrote or chose (text, their own tags, removed
    automatic tags, a date or place set by hand, a stack choice) has a journal file, so its
    id must be the same;
  - `created_at` and `updated_at` of every entry, and the archive's `exported_at`;
  - a thumbnail's file name (its size and, when exported, its bytes are compared);
  - when weather was fetched (`fetched_at`);
  - the ids inside stacks and bursts (`stack_id`, `burst_id`), compared as which entries
    share one.

Used by the rebuild tests and by scripts/crash_test.py (`differences(before, after)`).
"""

import json
import re
import sys

PHOTO_HASH = re.compile(r"^[0-9a-f]{64}$")


def has_journal_file(item):
    """Whether the entry holds something a person wrote or chose (docs/design/writing.md)."""
    entry = item["entry"]
    stack = item.get("stack") or {}
    return bool(
        entry.get("media") == "text"
        or entry.get("text")
        or any(tag.get("source") == "user" for tag in item.get("tags", []))
        or item.get("removed_tags")
        or entry.get("capture_source") == "user"
        or entry.get("location_source") == "user"
        or stack.get("cover_picked")
        or stack.get("split")
    )


def key_of(item):
    """How an entry is matched across the two exports."""
    entry = item["entry"]
    if has_journal_file(item) or not PHOTO_HASH.match(entry.get("content_hash", "")):
        return "id " + entry["id"]
    return "photo " + entry["content_hash"]


def groups(items, keys, field):
    """Which entries share each stack or burst: a set of sets of keys."""
    shared = {}
    for item, key in zip(items, keys):
        value = (item.get("stack") or {}).get(field)
        if value is not None:
            shared.setdefault(value, set()).add(key)
    return {frozenset(members) for members in shared.values() if len(members) > 1}


def normalised(item):
    entry = dict(item["entry"])
    for field in ("created_at", "updated_at", "thumbnail"):
        entry.pop(field, None)
    if not has_journal_file(item) and PHOTO_HASH.match(entry.get("content_hash", "")):
        entry.pop("id", None)
    tags = sorted(
        ({k: v for k, v in tag.items() if k != "entry_id"} for tag in item.get("tags", [])),
        key=lambda tag: (tag.get("source", ""), tag.get("name", "")),
    )
    weather = item.get("weather")
    if weather is not None:
        weather = {k: v for k, v in weather.items() if k not in ("fetched_at", "entry_id")}
    stack = item.get("stack")
    if stack is not None:
        stack = {k: v for k, v in stack.items() if k not in ("stack_id", "burst_id")}
    files = sorted(item.get("files") or [], key=lambda f: (f.get("role", ""), f.get("path", "")))
    return {
        "entry": entry,
        "tags": tags,
        "removed_tags": sorted(item.get("removed_tags", [])),
        "weather": weather,
        "stack": stack,
        "files": files,
        "thumbnail": item.get("thumbnail"),
    }


def shown(part, value):
    """A value for a difference's line: tags by source and name, the rest as short JSON."""
    if part == "tags":
        return "[" + ", ".join(f"{tag.get('source')}:{tag.get('name')}" for tag in value) + "]"
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 200 else text[:200] + "…"


def describe(item):
    entry = item["entry"]
    title = (entry.get("text") or "").split("\n")[0]
    name = entry.get("source_path", "").rsplit("/", 1)[-1]
    return f"{entry['id'][:8]} {name}" + (f" \u201c{title}\u201d" if title else "")


def differences(before, after):
    """Every difference between two exports (parsed JSON), as lines; empty when equal."""
    lines = []
    if before.get("format") != after.get("format"):
        lines.append(f"format: {before.get('format')} before, {after.get('format')} after")
    sides = []
    for name, archive in (("before", before), ("after", after)):
        items = archive.get("items", [])
        keys = [key_of(item) for item in items]
        by_key = {}
        for item, key in zip(items, keys):
            if key in by_key:
                lines.append(f"{name}: two entries match as {key}")
            by_key[key] = item
        sides.append((items, keys, by_key))
    (items_b, keys_b, before_by_key), (items_a, keys_a, after_by_key) = sides
    pairs = [(key, key) for key in sorted(before_by_key.keys() & after_by_key.keys())]
    # An entry that gained or lost what a person wrote changes how it is matched; it is still
    # the same entry when its id or its photo is.
    left = sorted(before_by_key.keys() - after_by_key.keys())
    right = set(after_by_key.keys() - before_by_key.keys())
    for key in left:
        old = before_by_key[key]["entry"]
        found = next(
            (k for k in sorted(right) if after_by_key[k]["entry"]["id"] == old["id"]),
            next(
                (
                    k
                    for k in sorted(right)
                    if PHOTO_HASH.match(old.get("content_hash", ""))
                    and after_by_key[k]["entry"].get("content_hash") == old.get("content_hash")
                ),
                None,
            ),
        )
        if found is None:
            lines.append(f"only before: {key} ({describe(before_by_key[key])})")
        else:
            right.discard(found)
            pairs.append((key, found))
    for key in sorted(right):
        lines.append(f"only after: {key} ({describe(after_by_key[key])})")
    for key, after_key in pairs:
        old, new = normalised(before_by_key[key]), normalised(after_by_key[after_key])
        if "id" in old["entry"] and "id" not in new["entry"]:
            new["entry"]["id"] = after_by_key[after_key]["entry"]["id"]
        if "id" in new["entry"] and "id" not in old["entry"]:
            old["entry"]["id"] = before_by_key[key]["entry"]["id"]
        if old["thumbnail"] is None or new["thumbnail"] is None:
            old["thumbnail"] = new["thumbnail"] = None
        for part in old:
            if old[part] == new[part]:
                continue
            if isinstance(old[part], dict) and isinstance(new[part], dict):
                for field in sorted(old[part].keys() | new[part].keys()):
                    if old[part].get(field) != new[part].get(field):
                        lines.append(
                            f"{key} ({describe(before_by_key[key])}): {part}.{field}: "
                            f"{json.dumps(old[part].get(field))} before, {json.dumps(new[part].get(field))} after"
                        )
            else:
                lines.append(
                    f"{key} ({describe(before_by_key[key])}): {part}: "
                    f"{shown(part, old[part])} before, {shown(part, new[part])} after"
                )
    for field in ("stack_id", "burst_id"):
        old_groups, new_groups = groups(items_b, keys_b, field), groups(items_a, keys_a, field)
        for members in sorted(old_groups - new_groups, key=sorted):
            lines.append(f"{field}: {sorted(members)} shared one before, not after")
        for members in sorted(new_groups - old_groups, key=sorted):
            lines.append(f"{field}: {sorted(members)} share one after, not before")
    return lines


def main(arguments):
    as_json = "--json" in arguments
    paths = [a for a in arguments if a != "--json"]
    if len(paths) != 2 or any(p.startswith("-") for p in paths):
        print(__doc__.strip().split("\n\n")[1], file=sys.stderr)
        return 2
    try:
        exports = []
        for path in paths:
            with open(path, encoding="utf-8") as handle:
                exports.append(json.load(handle))
    except (OSError, ValueError) as error:
        print(f"compare_exports: {error}", file=sys.stderr)
        return 2
    lines = differences(*exports)
    if as_json:
        print(json.dumps({"equal": not lines, "differences": lines}, indent=2, ensure_ascii=False))
    else:
        for line in lines:
            print(line)
        count = len(exports[0].get("items", []))
        print("equal" + f" ({count} entries)" if not lines else f"{len(lines)} differences", file=sys.stderr)
    return 0 if not lines else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
