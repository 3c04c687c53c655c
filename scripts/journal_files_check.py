"""Whether a library's journal files agree with its index (docs/design/writing.md).

Used by crash_test.py after every kill. An entry that holds something a person wrote or chose
(a text entry always; a photo entry with words, user tags, removed tags, a date or place set by
hand, a stack choice) must have its file where its id and date put it, saying what its row
says; a photo entry with none of these may have a file (kept after a choice was undone) that
then must agree too. Every file must parse and name an entry, except the files a killed write
left before its row (`allowed_orphans`): the file is the truth there, and a rebuild indexes it.
"""
import json
import sqlite3
from pathlib import Path

KEYS = {"version", "id", "date", "utc_offset", "place", "latitude", "longitude", "tags", "photo", "created",
        "deleted", "removed_tags", "set_by_hand", "stack"}


def parse(data: bytes) -> dict:
    """A journal file's keys and body, by the format's rules; raises ValueError when it breaks them."""
    text = data.decode("utf-8")
    lines = text.split("\n")
    if lines[0] != "---":
        raise ValueError("no opening ---")
    values = {}
    for number, line in enumerate(lines[1:], start=2):
        if line == "---":
            body = "\n".join(lines[number:])
            values["text"] = body[:-1] if body.endswith("\n") else body
            return values
        key, sep, value = line.partition(": ")
        if not sep or key not in KEYS or key in values:
            raise ValueError(f"line {number}: {line!r}")
        values[key] = value
    raise ValueError("no closing ---")


def flow_list(value) -> list:
    return [] if not value else [name.strip() for name in value.strip("[]").split(",") if name.strip()]


def path_of(entry_id: str, captured_local: str) -> str:
    year, month, day = captured_local[:4], captured_local[5:7], captured_local[8:10]
    return f"journal/{year}/{month}/{year}-{month}-{day}-{entry_id[:8]}.md"


def index_view(library: Path) -> dict:
    """Every dated entry as its file should say it, by id."""
    with sqlite3.connect(f"file:{library / 'journal.sqlite'}?mode=ro", uri=True, timeout=5) as conn:
        rows = conn.execute("""
            SELECT id, media_kind, text, captured_local, capture_source, location_source, latitude, longitude,
                   stack_split, stack_cover_picked AND stack_id IS NOT NULL
            FROM entry WHERE captured_local IS NOT NULL""").fetchall()
        tags, removed = {}, {}
        for entry_id, name in conn.execute("SELECT entry_id, name FROM tag WHERE source = 'user'"):
            tags.setdefault(entry_id, set()).add(name)
        for entry_id, name in conn.execute("SELECT entry_id, name FROM tag_removal"):
            removed.setdefault(entry_id, set()).add(name)
    view = {}
    for entry_id, media, text, date, capture, location, lat, lon, split, cover in rows:
        photo = media != "text"
        hand = {"date"} if photo and capture == "user" else set()
        hand |= {"place"} if photo and location == "user" else set()
        stack = ("split" if split else "cover" if cover else None) if photo else None
        expected = {"date": date[:19], "text": text, "tags": tags.get(entry_id, set()),
                    "removed_tags": removed.get(entry_id, set()), "set_by_hand": hand, "stack": stack,
                    "location": (lat, lon) if lat is not None else None}
        personal = (not photo) or text != "" or expected["tags"] or expected["removed_tags"] or hand or stack
        view[entry_id] = (path_of(entry_id, date), expected, bool(personal))
    return view


def file_view(values: dict) -> dict:
    lat, lon = values.get("latitude"), values.get("longitude")
    return {"date": values["date"], "text": values["text"], "tags": set(flow_list(values.get("tags"))),
            "removed_tags": set(flow_list(values.get("removed_tags"))),
            "set_by_hand": set(flow_list(values.get("set_by_hand"))), "stack": values.get("stack"),
            "location": (float(lat), float(lon)) if lat is not None else None}


def disagreements(library: Path, allowed_orphans=lambda values: False, skip=frozenset()) -> list:
    """One line per way the journal files and the index disagree; empty when they agree.
    Entries in `skip` (the one a killed command was changing) and their files are left out."""
    problems = []
    view = {entry_id: value for entry_id, value in index_view(library).items() if entry_id not in skip}
    files = {}
    for path in sorted((library / "journal").rglob("*.md")):
        relative = str(path.relative_to(library))
        try:
            files[relative] = parse(path.read_bytes())
        except (ValueError, UnicodeDecodeError) as error:
            problems.append(f"{relative}: does not parse: {error}")
    named = set()
    for entry_id, (relative, expected, personal) in view.items():
        values = files.get(relative)
        if values is None:
            if personal:
                problems.append(f"entry {entry_id[:8]} holds the person's data but has no file {relative}")
            continue
        named.add(relative)
        if values.get("id") != entry_id:
            problems.append(f"{relative}: names {values.get('id')}, not {entry_id}")
            continue
        if "deleted" in values:
            problems.append(f"{relative}: a tombstone for an entry still in the index")
            continue
        found = file_view(values)
        for key, want in expected.items():
            if found[key] != want:
                problems.append(f"{relative}: {key} is {found[key]!r} in the file, {want!r} in the index")
    for relative, values in files.items():
        if relative in named or "deleted" in values or values.get("id") in skip or allowed_orphans(values):
            continue
        problems.append(f"{relative}: a file no entry of the index has ({json.dumps(values.get('text', ''))[:60]})")
    return problems
