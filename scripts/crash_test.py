#!/usr/bin/env python3
"""Crash safety: `daybook ingest` killed with SIGKILL mid-run, several times, then run to the end.

Afterwards the library must hold exactly one entry per photo, every entry with a thumbnail must
have its file, and no file in thumbnails/ may lack an entry (temporaries included).

Then edits of photo entries (text, tags, date) and `daybook write`, each killed at a random
moment: after every kill the journal files agree with the index (journal_files_check.py),
except the entry the killed command was changing, whose file may be ahead of the index (the
file is written last before the commit, and is the truth); the same command run again must
bring both into agreement.

usage: crash_test.py DAYBOOK_BINARY [--photos N] [--edits N]
Prints one line per problem and "N passed, M failed"; exits 1 on any failure.
"""
import argparse
import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import tempfile
import random
import shutil
import time
from pathlib import Path

import compare_exports
import journal_files_check

ROOT = Path(__file__).resolve().parent.parent
# Weather is not under test here, and CI has no network.
os.environ["DAYBOOK_WEATHER"] = "none"


def entry_count(db: Path) -> int:
    if not db.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=1) as conn:
            return conn.execute("SELECT count(*) FROM entry").fetchone()[0]
    except sqlite3.Error:
        return 0


def kill_after(daybook: str, library: Path, photos: Path, threshold: int, jobs: int) -> str:
    """Starts an ingest and SIGKILLs it once at least `threshold` entries exist."""
    db = library / "journal.sqlite"
    process = subprocess.Popen([daybook, "ingest", "--library", str(library), "--jobs", str(jobs), str(photos)],
                               stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 120
    while process.poll() is None and time.monotonic() < deadline:
        if entry_count(db) >= threshold:
            break
        time.sleep(0.005)
    if process.poll() is not None:
        return f"finished before reaching {threshold} entries (exit {process.returncode})"
    process.send_signal(signal.SIGKILL)
    process.wait()
    return f"killed at {entry_count(db)} entries"


def edit_command(round_number: int, rng: random.Random, photo_ids: list) -> tuple:
    """A change a person makes, as the command line, and the entry it changes (None: a new one)."""
    entry_id = rng.choice(photo_ids)
    kind = round_number % 4
    if kind == 0:
        return ["edit", entry_id, "--text", f"Words of round {round_number}\nsecond line"], entry_id
    if kind == 1:
        return ["edit", entry_id, "--add-tag", f"mine{round_number % 5}", "--remove-tag",
                rng.choice(["outdoor", "sky", f"mine{(round_number + 2) % 5}"])], entry_id
    if kind == 2:
        return ["edit", entry_id, "--date", f"2023-{rng.randint(1, 12):02}-{rng.randint(1, 28):02} 12:{round_number % 60:02}"], entry_id
    return ["write", "--text", f"Written in round {round_number}", "--date", "2024-01-02 10:00"], None


def compare_with_rebuild(daybook: str, library: Path) -> list:
    """The rebuild comparison: `daybook rebuild` of a copy of `library`, its database deleted,
    gives back the same journal as the live index (`scripts/compare_exports.py`)."""
    copy = Path(tempfile.mkdtemp(prefix="daybook-rebuild-")) / "library"
    shutil.copytree(library, copy, symlinks=True, ignore=shutil.ignore_patterns("*.lock"))
    def export(name: str):
        target = copy.parent / name
        run = subprocess.run([daybook, "--library", str(copy), "export", "json", str(target)], capture_output=True, text=True)
        return json.loads(target.read_text()) if run.returncode == 0 else run.stderr.strip()
    before = export("before.json")
    if isinstance(before, str):
        return [f"rebuild: export before failed: {before}"]
    for suffix in ("", "-wal", "-shm"):
        (copy / f"journal.sqlite{suffix}").unlink(missing_ok=True)
    run = subprocess.run([daybook, "--library", str(copy), "rebuild"], capture_output=True, text=True)
    if run.returncode != 0:
        return [f"rebuild exited {run.returncode}: {run.stderr.strip()}"]
    after = export("after.json")
    if isinstance(after, str):
        return [f"rebuild: export after failed: {after}"]
    problems = [f"rebuild differs: {line}" for line in compare_exports.differences(before, after)]
    shutil.rmtree(copy.parent, ignore_errors=True)
    return problems


def edit_rounds(daybook: str, library: Path, rounds: int) -> tuple:
    """Edits and writes killed at random moments; returns (problems, number killed, number
    that left their file ahead of the index). A change killed between its file and its
    commit leaves the file, which is the truth: the next command, even one that only reads,
    indexes it first (the change's log in `LIBRARY/.pending/`), so after it files and index
    agree, and a rebuild gives the same journal."""
    rng = random.Random(11)
    with sqlite3.connect(library / "journal.sqlite") as conn:
        photo_ids = [row[0] for row in conn.execute("SELECT id FROM entry WHERE media_kind = 'photo' ORDER BY id LIMIT 40")]
    problems, killed, ahead, durations = [], 0, 0, []
    for round_number in range(rounds):
        command, entry_id = edit_command(round_number, rng, photo_ids)
        process = subprocess.Popen([daybook, *command, "--library", str(library)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        # The file is written near the end of a run: the kill lands mostly in its second half,
        # timed by how long the same commands took when left to end.
        typical = sorted(durations)[len(durations) // 2] if durations else 0.1
        time.sleep(rng.uniform(0.3, 1.1) * typical)
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
            killed += 1
        process.wait()
        ahead += bool(journal_files_check.disagreements(library))
        listed = subprocess.run([daybook, "list", "--json", "--library", str(library)], capture_output=True, text=True)
        if listed.returncode != 0:
            problems.append(f"round {round_number}: list after the kill exited {listed.returncode}: {listed.stderr.strip()}")
        for problem in journal_files_check.disagreements(library):
            problems.append(f"round {round_number} ({' '.join(command[:2])}), after the kill and the next command: {problem}")
        if entry_id is None:
            continue
        started = time.monotonic()
        again = subprocess.run([daybook, *command, "--library", str(library)], capture_output=True, text=True)
        durations.append(time.monotonic() - started)
        if again.returncode != 0:
            problems.append(f"round {round_number}: {' '.join(command)} again exited {again.returncode}: {again.stderr.strip()}")
        for problem in journal_files_check.disagreements(library):
            problems.append(f"round {round_number} ({' '.join(command[:2])}), run again: {problem}")
    return problems + compare_with_rebuild(daybook, library), killed, ahead


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("daybook")
    parser.add_argument("--photos", type=int, default=240)
    parser.add_argument("--edits", type=int, default=80)
    args = parser.parse_args()

    work = Path(tempfile.mkdtemp(prefix="daybook-crash-"))
    photos, library = work / "photos", work / "library"
    subprocess.run([sys.executable, str(ROOT / "scripts/make_photos.py"), "folder", "--count", str(args.photos),
                    "--size", "960x720", "--seed", "7", str(photos)], check=True, stdout=subprocess.DEVNULL)
    files = sorted(p for p in photos.rglob("*.jpg"))
    hashes = {hashlib.sha256(p.read_bytes()).hexdigest() for p in files}
    assert len(hashes) == len(files) == args.photos, "generator made duplicate photos"

    # Kill at different moments: early, middle, late, and twice with one job.
    rounds = [(int(args.photos * f), jobs) for f, jobs in [(0.05, 2), (0.3, 2), (0.5, 1), (0.75, 2), (0.9, 1)]]
    for threshold, jobs in rounds:
        print(f"crash-test: round to {threshold} entries with {jobs} job(s): "
              f"{kill_after(args.daybook, library, photos, threshold, jobs)}")

    final = subprocess.run([args.daybook, "ingest", "--library", str(library), str(photos)],
                           capture_output=True, text=True)
    print(f"crash-test: final run: {final.stdout.strip()} (exit {final.returncode})")
    for line in final.stderr.splitlines():
        if "repaired" in line:
            print(f"crash-test: {line}")
    problems = []
    if final.returncode != 0:
        problems.append(f"final ingest exited {final.returncode}: {final.stderr.strip()}")

    with sqlite3.connect(library / "journal.sqlite") as conn:
        rows = conn.execute("SELECT content_hash, thumbnail FROM entry").fetchall()
    stored = [h for h, _ in rows]
    if len(stored) != len(set(stored)):
        problems.append(f"duplicate entries: {len(stored) - len(set(stored))}")
    if set(stored) != hashes:
        problems.append(f"entries: {len(set(stored) & hashes)} of {len(hashes)} photos stored, "
                        f"{len(set(stored) - hashes)} unknown")
    thumbnails = library / "thumbnails"
    referenced = {t for _, t in rows if t}
    on_disk = set(os.listdir(thumbnails))
    for name in sorted(referenced - on_disk):
        problems.append(f"entry thumbnail missing: {name}")
    for name in sorted(on_disk - referenced):
        problems.append(f"thumbnail file without an entry: {name}")
    if len(referenced) != len(hashes):
        problems.append(f"{len(hashes) - len(referenced)} photos have no thumbnail")

    second = subprocess.run([args.daybook, "ingest", "--library", str(library), str(photos)],
                            capture_output=True, text=True)
    if not second.stdout.startswith("0 new"):
        problems.append(f"second run was not a no-op: {second.stdout.strip()}")

    edit_problems, killed, ahead = edit_rounds(args.daybook, library, args.edits)
    print(f"crash-test: {args.edits} edits and writes, {killed} killed before they ended, "
          f"{ahead} of them with the journal file ahead of the index")
    problems += edit_problems

    for problem in problems:
        print(f"crash-test: FAIL {problem}")
    checks = 6 + args.edits
    failed = min(len(problems), checks)
    print(f"crash-test: {args.photos} photos, {len(stored)} entries, {len(on_disk)} thumbnail files")
    print(f"{checks - failed} passed, {failed} failed")
    if not problems:
        subprocess.run(["rm", "-rf", str(work)])
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
