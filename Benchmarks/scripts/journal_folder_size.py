#!/usr/bin/env python3
"""The size of a journal folder of N entries with text, as `du` counts it.

    Benchmarks/scripts/journal_folder_size.py N FOLDER [--seed S]

Writes N journal files in Daybook's format (docs/design/writing.md) under FOLDER/journal/
YYYY/MM/, dated over ten years, a third of them naming a photo, most with a place and tags, and
texts whose lengths follow a diary's: mostly a few lines, some pages. Then prints the file
count, the bytes of text, and `du`'s disk usage (what the disk and a sync tool hold) and
apparent size. FOLDER must not exist.
"""

import os
import random
import subprocess
import sys
import uuid

WORDS = (
    "the a walk river morning coffee train rain sun friends dinner book read quiet long day city park "
    "market sea mountain snow light evening late early work home garden bread cold warm children "
    "museum bridge street music old new small tired happy slow bus café station tea letter"
).split()
PLACES = ["Paris", "Lyon", "Berlin", "Lisbon", "Rio de Janeiro", "New York", "Kyoto", "Oslo"]
TAGS = ["family", "travel", "food", "work", "walk", "friends", "books", "home", "rain", "sea"]


def text_of(rng):
    roll = rng.random()
    words = rng.randint(8, 60) if roll < 0.6 else rng.randint(60, 250) if roll < 0.9 else rng.randint(250, 900)
    body = " ".join(rng.choice(WORDS) for _ in range(words))
    title = " ".join(rng.choice(WORDS) for _ in range(rng.randint(2, 6))).capitalize()
    # Lines of a typed paragraph, as a person writes them.
    lines, line = [], []
    for word in body.split():
        line.append(word)
        if len(line) > rng.randint(10, 18):
            lines.append(" ".join(line))
            line = []
    lines.append(" ".join(line))
    return title + "\n" + "\n".join(lines)


def file_of(rng, index):
    entry_id = str(uuid.UUID(int=rng.getrandbits(128), version=4))
    year = 2016 + index * 10 // max(N, 1)
    month, day = rng.randint(1, 12), rng.randint(1, 28)
    hour, minute, second = rng.randint(6, 23), rng.randint(0, 59), rng.randint(0, 59)
    date = f"{year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}"
    lines = ["---", "version: 1", f"id: {entry_id}", f"date: {date}", "utc_offset: +01:00"]
    if rng.random() < 0.8:
        lines.append(f'place: "{rng.choice(PLACES)}"')
        lines.append(f"latitude: {rng.uniform(-60, 60):.5f}")
        lines.append(f"longitude: {rng.uniform(-170, 170):.5f}")
    if rng.random() < 0.7:
        lines.append("tags: [" + ", ".join(sorted(rng.sample(TAGS, rng.randint(1, 3)))) + "]")
    if rng.random() < 0.33:
        lines.append(f'photo: {rng.getrandbits(256):064x} "IMG_{rng.randint(1000, 9999)}.jpg"')
    lines.append(f"created: {year:04d}-{month:02d}-{day:02d}T{hour:02d}:{minute:02d}:{second:02d}Z")
    lines.append("---")
    text = text_of(rng)
    path = os.path.join("journal", f"{year:04d}", f"{month:02d}", f"{year:04d}-{month:02d}-{day:02d}-{entry_id[:8]}.md")
    return path, ("\n".join(lines) + "\n" + text + "\n").encode(), len(text.encode())


if __name__ == "__main__":
    if len(sys.argv) < 3:
        print(__doc__.strip(), file=sys.stderr)
        sys.exit(2)
    N = int(sys.argv[1])
    root = sys.argv[2]
    seed = int(sys.argv[sys.argv.index("--seed") + 1]) if "--seed" in sys.argv else 1
    os.makedirs(root)
    rng = random.Random(seed)
    text_bytes = 0
    for index in range(N):
        path, data, text = file_of(rng, index)
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as handle:
            handle.write(data)
        text_bytes += text
    journal = os.path.join(root, "journal")
    disk = subprocess.run(["du", "-sk", journal], capture_output=True, text=True, check=True).stdout.split()[0]
    apparent = subprocess.run(["du", "-sk", "--apparent-size", journal], capture_output=True, text=True, check=True).stdout.split()[0]
    files = sum(len(names) for _, _, names in os.walk(journal))
    print(f"{files} files, {text_bytes / 1e6:.1f} MB of text")
    print(f"du: {int(disk) / 1024:.1f} MiB on disk, {int(apparent) / 1024:.1f} MiB apparent size")
