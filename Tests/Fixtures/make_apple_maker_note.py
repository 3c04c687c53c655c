#!/usr/bin/env python3
"""Writes an Apple maker note as an iPhone does, for fixtures exiftool cannot make (exiftool
12.57 cannot add a tag to a maker note; the note is put in place whole with
`exiftool "-MakerNotes<=NOTE" PHOTO`).

    make_apple_maker_note.py OUT [TAG=TEXT ...]

The note: header "Apple iOS\\0", version 1, "MM"; an IFD of MakerNoteVersion (0x0001, 15) and
each TAG (hex, e.g. 0x0011 ContentIdentifier, 0x000b BurstUUID) as ASCII, its text after
the IFD; offsets count from the note's first byte, as Apple's do."""
import struct
import sys

out, pairs = sys.argv[1], [arg.split("=", 1) for arg in sys.argv[2:]]
texts = [(int(tag, 16), text.encode() + b"\0") for tag, text in pairs]
entries = 1 + len(texts)
data = 14 + 2 + entries * 12 + 4
ifd = struct.pack(">H", entries) + struct.pack(">HHII", 0x0001, 9, 1, 15)
tail = b""
for tag, text in sorted(texts):
    ifd += struct.pack(">HHII", tag, 2, len(text), data + len(tail))
    tail += text
ifd += struct.pack(">I", 0)
open(out, "wb").write(b"Apple iOS\0" + b"\0\1" + b"MM" + ifd + tail)
