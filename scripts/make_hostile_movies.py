#!/usr/bin/env python3
"""Writes small QuickTime/MP4 files whose boxes lie, for the tests and the benchmark that
show Daybook refuses them before FFmpeg allocates what they declare.

  make_hostile_movies.py sample-bomb OUT [--tracks N] [--samples N] [--mdat-bytes N]
      An ftyp, a moov whose video tracks each declare N one-byte samples in one chunk
      (constant-size stsz, one stts run, one stsc run, one stco offset), and an mdat of
      --mdat-bytes zeros. FFmpeg's index costs about 24 bytes a declared sample.

  make_hostile_movies.py trun-bomb OUT [--samples N]
      A fragmented movie: a moof whose trun declares N samples with no per-sample fields.
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


def trun_bomb(samples):
    ftyp = box(b"ftyp", b"isom", struct.pack(">I", 512), b"isomiso2mp41")
    mvex = box(b"mvex", full(b"trex", 0, 0, struct.pack(">IIIII", 1, 1, 1, 1, 0)))
    moov = box(b"moov", mvhd(0), track(1, 0, 0, 0), mvex)
    traf = box(
        b"traf",
        full(b"tfhd", 0, 0x020000, struct.pack(">I", 1)),
        full(b"trun", 0, 0, struct.pack(">I", samples)),
    )
    moof = box(b"moof", full(b"mfhd", 0, 0, struct.pack(">I", 1)), traf)
    return ftyp + moov + moof + box(b"mdat", bytes(64))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("kind", choices=["sample-bomb", "trun-bomb"])
    parser.add_argument("out")
    parser.add_argument("--tracks", type=int, default=3)
    parser.add_argument("--samples", type=int, default=80_000_000)
    parser.add_argument("--mdat-bytes", type=int, default=64)
    args = parser.parse_args()
    data = sample_bomb(args.tracks, args.samples, args.mdat_bytes) if args.kind == "sample-bomb" else trun_bomb(args.samples)
    with open(args.out, "wb") as out:
        out.write(data)


if __name__ == "__main__":
    main()
