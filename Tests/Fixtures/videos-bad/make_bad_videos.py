#!/usr/bin/env python3
"""Regenerates the damaged videos from clips FFmpeg encodes here (Debian 12, FFmpeg 5.1):
each is cut short or has one box edited, as a bad download, an unfinished copy or a hostile
file would. Run from anywhere; writes beside this script."""
import os
import struct
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def encode(path, faststart):
    flags = ["-movflags", "+faststart"] if faststart else []
    subprocess.run(
        ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
         "testsrc2=size=96x64:rate=10:duration=2", "-c:v", "libx264", "-preset", "veryfast",
         "-pix_fmt", "yuv420p", "-x264-params", "threads=1", "-fflags", "+bitexact",
         "-flags:v", "+bitexact", *flags, path], check=True)
    with open(path, "rb") as f:
        return bytearray(f.read())


def boxes(data, start, end):
    """(type, offset, size) of the boxes between start and end."""
    offset = start
    while offset + 8 <= end:
        size, kind = struct.unpack(">I4s", data[offset:offset + 8])
        yield kind.decode("latin-1"), offset, size
        offset += size


def find(data, path, start=0, end=None):
    """Offset of the box at path (["moov", "trak", …]); container headers are 8 bytes,
    stsd's 16 (its version, flags and entry count)."""
    end = len(data) if end is None else end
    for kind, offset, size in boxes(data, start, end):
        if kind == path[0]:
            if len(path) == 1:
                return offset
            inner = offset + (16 if kind == "stsd" else 8)
            return find(data, path[1:], inner, offset + size)
    raise KeyError(path)


def write(name, data):
    with open(os.path.join(HERE, name), "wb") as f:
        f.write(data)


with tempfile.TemporaryDirectory() as tmp:
    front = encode(os.path.join(tmp, "front.mp4"), faststart=True)   # moov before mdat
    back = encode(os.path.join(tmp, "back.mp4"), faststart=False)    # moov after mdat, as cameras write

# Cut in the middle of mdat: the index is whole, the frames it points to are not all there.
write("truncated_in_mdat.mp4", front[: len(front) * 6 // 10])

# Everything up to the moov a camera writes last: a copy that stopped just before the index.
write("missing_moov.mp4", back[: find(back, ["moov"])])

# The sample table lists no samples: a track of zero length.
zero = bytearray(front)
stsz = find(zero, ["moov", "trak", "mdia", "minf", "stbl", "stsz"])
size = struct.unpack(">I", zero[stsz:stsz + 4])[0]
struct.pack_into(">II", zero, stsz + 12, 0, 0)  # sample_size 0, sample_count 0
zero = zero[: stsz + 20] + zero[stsz + size:]  # drop the size table
struct.pack_into(">I", zero, stsz, 20)
# Every enclosing box shrinks by what was dropped; mdat's offsets (stco) move with moov's size.
removed = size - 20
for path in (["moov"], ["moov", "trak"], ["moov", "trak", "mdia"], ["moov", "trak", "mdia", "minf"],
             ["moov", "trak", "mdia", "minf", "stbl"]):
    at = find(zero, path)
    struct.pack_into(">I", zero, at, struct.unpack(">I", zero[at:at + 4])[0] - removed)
stco = find(zero, ["moov", "trak", "mdia", "minf", "stbl", "stco"])
count = struct.unpack(">I", zero[stco + 12:stco + 16])[0]
for i in range(count):
    at = stco + 16 + 4 * i
    struct.pack_into(">I", zero, at, struct.unpack(">I", zero[at:at + 4])[0] - removed)
write("zero_length_track.mp4", zero)

# The sample entry declares a 65535×65535 frame (4.3 gigapixels).
huge = bytearray(front)
avc1 = find(huge, ["moov", "trak", "mdia", "minf", "stbl", "stsd", "avc1"])
struct.pack_into(">HH", huge, avc1 + 8 + 24, 65535, 65535)  # after the 8-byte header: 6 reserved, 2 index, 16 predefined
write("huge_dimensions.mp4", huge)

# mvhd and mdhd declare 2^32-1 units at 1 unit a second: 136 years.
long = bytearray(front)
for path in (["moov", "mvhd"], ["moov", "trak", "mdia", "mdhd"]):
    at = find(long, path)
    assert long[at + 8] == 0, "version 0 header expected"
    struct.pack_into(">II", long, at + 20, 1, 0xFFFFFFFF)  # timescale, duration
write("absurd_duration.mp4", long)

# Not a video at all, under a video's name: an HTML error page saved as .mp4.
write("html_named_mp4.mp4", b"<!DOCTYPE html><html><body>404 Not Found</body></html>\n")

# The coded frames overwritten by bytes from a fixed seed: the index is right, the pictures are noise.
import random
noise = bytearray(front)
mdat = find(noise, ["mdat"])
size = struct.unpack(">I", noise[mdat:mdat + 4])[0]
generator = random.Random(21)
noise[mdat + 8:mdat + size] = bytes(generator.getrandbits(8) for _ in range(size - 8))
write("mdat_random_bytes.mp4", noise)

# A voice memo: AAC audio in an iTunes audio file (major brand M4A), no picture track at all.
with tempfile.TemporaryDirectory() as tmp:
    subprocess.run(
        ["ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "sine=frequency=440:duration=1",
         "-c:a", "aac", "-b:a", "32k", "-fflags", "+bitexact", "-flags:a", "+bitexact", os.path.join(tmp, "a.m4a")],
        check=True)
    with open(os.path.join(tmp, "a.m4a"), "rb") as f:
        write("audio_only.m4a", f.read())

# expected.json, in the shape of ../badinputs/expected.json, for `daybook-conformance badinputs`.
import hashlib
import json

CASES = [
    ("truncated_in_mdat.mp4", "the first 60% of a 2 s H.264 MP4 whose moov comes first (-movflags +faststart)",
     "The index is whole; the mdat box declares more bytes than the file has.",
     "ffprobe reads the header (96x64, 2 s); decoding stops where the bytes do.", ["skip"],
     "Skip with a \"truncated video\" error naming the box and the byte it ends at (watch waits for it)."),
    ("missing_moov.mp4", "a 2 s H.264 MP4 written as cameras do (moov after mdat), cut just before its moov box",
     "No moov box: the index was never written or never copied.",
     "ffprobe: \"moov atom not found\".", ["skip"],
     "Skip with an \"incomplete video: no 'moov' box\" error (watch waits for it)."),
    ("zero_length_track.mp4", "the faststart MP4 with its stsz sample table emptied (count 0), the boxes resized",
     "The video track lists no samples.",
     "ffprobe: \"stream 0, missing mandatory atoms, broken header\".", ["skip"],
     "Skip with a \"video track with no frames\" error."),
    ("huge_dimensions.mp4", "the faststart MP4 with its avc1 sample entry's width and height set to 65535",
     "The sample entry declares 65535x65535 (4.3 gigapixels).",
     "ffprobe (decoding the SPS) reports 96x64 and \"Picture size 65535x65535 is invalid\".", ["skip"],
     "Refuse before decoding: the declared frame is above the pixel limit."),
    ("absurd_duration.mp4", "the faststart MP4 with mvhd and mdhd set to timescale 1, duration 2^32-1",
     "The container declares a length of 136 years.",
     "ffprobe: format duration 4294967295 s.", ["skip"],
     "Refuse before decoding: the declared length is beyond a day."),
    ("html_named_mp4.mp4", "an HTML 404 page saved under a video's name",
     "Not ISO media at all.", "ffprobe: \"moov atom not found\".", ["skip"],
     "Fail (the name claims a video): not a photo or video, looks like HTML/text."),
    ("audio_only.m4a", "1 s of a 440 Hz sine, AAC, written by FFmpeg as .m4a (major brand M4A)",
     "An MP4-family file with no video track: a voice memo beside the photos.",
     "ffprobe: one audio stream (aac).", ["skip"],
     "Not a video: skipped in a folder (\"not a JPEG (ISO media file, brand 'M4A')\"), never an entry."),
    ("mdat_random_bytes.mp4", "the faststart MP4 with every byte of its mdat payload replaced by random.Random(21)",
     "A whole, correct index pointing at noise instead of H.264 pictures.",
     "ffmpeg: decode errors on every frame.", ["skip", "ingest"],
     "No crash, within the time limit; no date or place to keep, so a failure unless a frame decodes."),
]
files = []
for name, how, defect, observed, outcome, do in CASES:
    with open(os.path.join(HERE, name), "rb") as f:
        data = f.read()
    files.append({
        "file": name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(),
        "source": "made by make_bad_videos.py (FFmpeg 5.1 testsrc2 through libx264)", "how": how,
        "defect": defect, "observed": observed, "outcome": outcome, "capture_date": [None], "gps": [None],
        "thumbnail": "any" if "ingest" in outcome else "none", "do": do,
    })
# Not made here: ExifTool's own test movie, copied in (README.md), kept by this script's output.
COPIED = [
    ("quicktime_sample.mov", "ExifTool's t/images/QuickTime.mov (Phil Harvey; Artistic/GPL), copied unchanged",
     "a 2005 Pentax QuickTime movie with no ftyp: moov first, then an empty mdat",
     "The index lists 149 Photo-JPEG frames; the media data is gone (mdat of 8 bytes).",
     "exiftool 12.57: Create Date 2005:08:11 14:03:54, 320x240; ffprobe: \"missing mandatory atoms, broken header\".",
     ["ingest"], ["2005:08:11 14:03:54"],
     "An entry without a picture, dated by its mvhd, its problem saying it is a damaged QuickTime movie."),
]
for name, source, how, defect, observed, outcome, dates, do in COPIED:
    with open(os.path.join(HERE, name), "rb") as f:
        data = f.read()
    files.append({
        "file": name, "bytes": len(data), "sha256": hashlib.sha256(data).hexdigest(), "source": source, "how": how,
        "defect": defect, "observed": observed, "outcome": outcome, "capture_date": dates, "gps": [None],
        "thumbnail": "none", "do": do,
    })
with open(os.path.join(HERE, "expected.json"), "w") as f:
    json.dump({"note": "Same schema as ../badinputs/expected.json: outcome skip = reject this file with a clear "
               "per-file error and carry on; ingest = create the entry. Lists give every acceptable answer.",
               "files": files}, f, indent=1, ensure_ascii=False)
    f.write("\n")
