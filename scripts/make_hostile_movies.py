#!/usr/bin/env python3
"""Writes small QuickTime/MP4 files whose boxes lie, for the tests and the benchmark that
show Daybook refuses them before FFmpeg allocates what they declare.

  make_hostile_movies.py sample-bomb OUT [--tracks N] [--samples N] [--mdat-bytes N]
      An ftyp, a moov whose video tracks each declare N one-byte samples in one chunk
      (constant-size stsz, one stts run, one stsc run, one stco offset), and an mdat of
      --mdat-bytes zeros. FFmpeg's index costs about 24 bytes a declared sample.

  make_hostile_movies.py trun-bomb OUT [--samples N] [--overrun]
      A fragmented movie: a moof whose trun declares N samples with no per-sample fields.
      --overrun: the trun's size runs far past its traf (FFmpeg reads it cut at the traf's end).

  make_hostile_movies.py lying-size OUT --from MOVIE --width W --height H
      MOVIE with every visual sample entry's width and height (in stsd) rewritten to W x H,
      so the container declares a frame other than the one the bitstream codes.
"""
import argparse
import struct


def box(kind, *payload):
    body = b"".join(payload)
    return struct.pack(">I", 8 + len(body)) + kind + body


def full(kind, version, flags, *payload):
    return box(kind, struct.pack(">I", (version << 24) | flags), *payload)


def matrix():
    return struct.pack(">9I", 0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000)


def sample_entry():
    # An avc1 entry with a frame size and no avcC: enough for the demuxer to build its index.
    visual = struct.pack(">6xH16xHHIIIH32sHh", 1, 320, 240, 0x480000, 0x480000, 0, 1, b"", 24, -1)
    return box(b"avc1", visual)


def track(number, samples, mdat_offset, stco_declared):
    stbl = box(
        b"stbl",
        full(b"stsd", 0, 0, struct.pack(">I", 1), sample_entry()),
        full(b"stts", 0, 0, struct.pack(">III", 1, samples, 1)),
        full(b"stsc", 0, 0, struct.pack(">IIII", 1, 1, samples, 1)),
        full(b"stsz", 0, 0, struct.pack(">II", 1, samples)),
        full(b"stco", 0, 0, struct.pack(">II", stco_declared, mdat_offset)),
    )
    minf = box(
        b"minf",
        full(b"vmhd", 0, 1, struct.pack(">HHHH", 0, 0, 0, 0)),
        box(b"dinf", full(b"dref", 0, 0, struct.pack(">I", 1), full(b"url ", 0, 1))),
        stbl,
    )
    mdia = box(
        b"mdia",
        full(b"mdhd", 0, 0, struct.pack(">IIIIHH", 0, 0, 30, samples, 0x55C4, 0)),
        full(b"hdlr", 0, 0, struct.pack(">I4s12x", 0, b"vide"), b"Video\0"),
        minf,
    )
    tkhd = full(b"tkhd", 0, 3, struct.pack(">IIII4xII8xhhH2x", 0, 0, number, 0, samples, 0, 0, 0, 0), matrix(),
                struct.pack(">II", 320 << 16, 240 << 16))
    return box(b"trak", tkhd, mdia)


def mvhd(duration):
    return full(b"mvhd", 0, 0, struct.pack(">IIII", 0, 0, 30, duration), struct.pack(">IH10x", 0x10000, 0x100),
                matrix(), struct.pack(">24xI", 2))


def sample_bomb(tracks, samples, mdat_bytes):
    ftyp = box(b"ftyp", b"isom", struct.pack(">I", 512), b"isomiso2mp41")
    mdat = box(b"mdat", bytes(mdat_bytes))

    def movie(mdat_offset):
        return box(b"moov", mvhd(samples), *[track(n + 1, samples, mdat_offset, 1) for n in range(tracks)])

    # The moov precedes the mdat, so the chunk offset depends on the moov's own length.
    first = movie(0)
    return ftyp + movie(len(ftyp) + len(first) + 8) + mdat


def trun_bomb(samples, overrun=False):
    ftyp = box(b"ftyp", b"isom", struct.pack(">I", 512), b"isomiso2mp41")
    mvex = box(b"mvex", full(b"trex", 0, 0, struct.pack(">IIIII", 1, 1, 1, 1, 0)))
    moov = box(b"moov", mvhd(0), track(1, 0, 0, 0), mvex)
    traf = box(
        b"traf",
        full(b"tfhd", 0, 0x020000, struct.pack(">I", 1)),
        full(b"trun", 0, 0, struct.pack(">I", samples)),
    )
    if overrun:
        at = traf.index(b"trun") - 4
        traf = traf[:at] + struct.pack(">I", 0x25000010) + traf[at + 4:]
    moof = box(b"moof", full(b"mfhd", 0, 0, struct.pack(">I", 1)), traf)
    return ftyp + moov + moof + box(b"mdat", bytes(64))


VISUAL_ENTRIES = (b"avc1", b"avc3", b"hvc1", b"hev1", b"mp4v", b"jpeg", b"mjpa", b"mjpb", b"s263", b"av01", b"vp09")


def lying_size(movie, width, height):
    data = bytearray(movie)
    patched = 0
    for kind in VISUAL_ENTRIES:
        start = 0
        while (at := data.find(kind, start)) >= 4:
            start = at + 4
            entry = at - 4
            # A visual sample entry: 8 header bytes, 6 reserved, the data reference index, 16
            # bytes of predefined and reserved fields, then width and height (16 bits each).
            if data[at - 4:at] == b"\0\0\0\0" or entry + 36 > len(data):
                continue
            struct.pack_into(">HH", data, entry + 32, width, height)
            patched += 1
    if patched == 0:
        raise SystemExit("no visual sample entry found")
    return bytes(data)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["sample-bomb", "trun-bomb", "lying-size"])
    parser.add_argument("out")
    parser.add_argument("--tracks", type=int, default=3)
    parser.add_argument("--samples", type=int, default=80_000_000)
    parser.add_argument("--mdat-bytes", type=int, default=64)
    parser.add_argument("--overrun", action="store_true")
    parser.add_argument("--from", dest="source")
    parser.add_argument("--width", type=int, default=320)
    parser.add_argument("--height", type=int, default=240)
    args = parser.parse_args()
    if args.kind == "sample-bomb":
        data = sample_bomb(args.tracks, args.samples, args.mdat_bytes)
    elif args.kind == "trun-bomb":
        data = trun_bomb(args.samples, args.overrun)
    else:
        with open(args.source, "rb") as source:
            data = lying_size(source.read(), args.width, args.height)
    with open(args.out, "wb") as out:
        out.write(data)


if __name__ == "__main__":
    main()
