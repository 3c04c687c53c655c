#!/usr/bin/env python3
"""Test-fixture generator for Daybook: JPEGs with hand-written EXIF.

Pillow encodes the pixels; the EXIF APP1 segment (TIFF header + IFD0 + Exif sub-IFD +
GPS IFD) is written here with `struct`, so no exiftool / piexif is needed and every byte
of the metadata is under our control (byte order, NUL padding, odd values).

Subcommands
-----------
  samples [OUTDIR]        the 10 documented sample squares (default: <repo>/Tests/Fixtures/sample-squares)
  folder --count N --size WxH [--seed S] [--per-dir K] [--jobs J] OUTDIR
                          N distinct photo-like JPEGs for ingest benchmarks, laid out as
                          OUTDIR/set-001/roll-0001/photo-00001.jpg (K photos per roll,
                          10 rolls per set). WxH is the displayed size; orientation cycles
                          1,3,6,8 (6/8 are stored HxW). DateTimeOriginal 2015..2023,
                          GPS on ~half, II/MM mixed.

Output is deterministic: the same arguments give the same bytes on every run with the
same Pillow version (and, for `folder`, the same numpy version). Nothing depends on the
clock, the host or hash randomisation.
"""

from __future__ import annotations

import argparse
import io
import random
import struct
import sys
import time
from pathlib import Path

from PIL import Image, ImageChops, ImageDraw

try:  # numpy only speeds up `folder`; `samples` never uses it
    import numpy as np
except ImportError:  # pragma: no cover
    np = None

JPEG_QUALITY = 85

# ----------------------------------------------------------------------------------------
# TIFF / EXIF writer
# ----------------------------------------------------------------------------------------

BYTE, ASCII, SHORT, LONG, RATIONAL, UNDEFINED, SRATIONAL = 1, 2, 3, 4, 5, 7, 10
_TYPE_SIZE = {BYTE: 1, ASCII: 1, SHORT: 2, LONG: 4, RATIONAL: 8, UNDEFINED: 1, SRATIONAL: 8}

# IFD0 / Exif / GPS tag numbers used below
T_MAKE, T_MODEL, T_ORIENTATION, T_DATETIME = 0x010F, 0x0110, 0x0112, 0x0132
T_EXIF_IFD, T_GPS_IFD = 0x8769, 0x8825
T_EXIF_VERSION, T_DTO, T_DTD = 0x9000, 0x9003, 0x9004
T_OFFSET_TIME_ORIGINAL = 0x9011
T_EXPOSURE_BIAS = 0x9204
T_SUBSEC_ORIGINAL = 0x9291
T_GPS_VERSION, T_GPS_LAT_REF, T_GPS_LAT, T_GPS_LON_REF, T_GPS_LON = 0, 1, 2, 3, 4
T_GPS_ALT_REF, T_GPS_ALT, T_GPS_TIME, T_GPS_DATE = 5, 6, 7, 0x1D


def ascii_value(text: str | bytes, terminate: bool = True) -> tuple[int, bytes]:
    """ASCII entry; EXIF wants a NUL terminator that is counted in the entry's count."""
    raw = text.encode("ascii") if isinstance(text, str) else bytes(text)
    if terminate and not raw.endswith(b"\0"):
        raw += b"\0"
    return (ASCII, raw)


def _encode_values(bo: str, typ: int, values) -> tuple[int, bytes]:
    """Return (count, payload bytes) for one entry."""
    if typ in (ASCII, UNDEFINED):
        data = bytes(values)
        return len(data), data
    if typ == BYTE:
        return len(values), bytes(values)
    if typ == SHORT:
        return len(values), struct.pack(f"{bo}{len(values)}H", *values)
    if typ == LONG:
        return len(values), struct.pack(f"{bo}{len(values)}I", *values)
    if typ in (RATIONAL, SRATIONAL):
        fmt = "I" if typ == RATIONAL else "i"
        flat = [x for pair in values for x in pair]
        return len(values), struct.pack(f"{bo}{len(flat)}{fmt}", *flat)
    raise ValueError(f"unsupported TIFF type {typ}")


def _ifd_size(entries: dict) -> int:
    """Bytes used by an IFD plus its out-of-line value area (each value word-aligned)."""
    size = 2 + 12 * len(entries) + 4
    for typ, values in entries.values():
        count, data = _encode_values("<", typ, values)
        if len(data) > 4:
            size += len(data) + (len(data) & 1)
    return size


def _write_ifd(bo: str, entries: dict, offset: int) -> bytes:
    """Serialise one IFD that starts at TIFF offset `offset` (must be even).

    Layout: entry count, entries sorted by tag, next-IFD offset (always 0: no IFD1),
    then the values that do not fit in 4 bytes, each starting on an even offset.
    """
    assert offset % 2 == 0
    tags = sorted(entries)
    head = bytearray(struct.pack(f"{bo}H", len(tags)))
    data_area = bytearray()
    data_start = offset + 2 + 12 * len(tags) + 4
    for tag in tags:
        typ, values = entries[tag]
        count, data = _encode_values(bo, typ, values)
        if len(data) <= 4:
            field = data.ljust(4, b"\0")  # left-justified, as TIFF requires
        else:
            field = struct.pack(f"{bo}I", data_start + len(data_area))
            data_area += data
            if len(data_area) & 1:
                data_area += b"\0"
        head += struct.pack(f"{bo}HHI", tag, typ, count) + field
    head += struct.pack(f"{bo}I", 0)  # next IFD offset
    return bytes(head + data_area)


def build_tiff(byte_order: str, ifd0: dict, exif: dict | None = None, gps: dict | None = None) -> bytes:
    """TIFF stream: header, IFD0, [Exif IFD], [GPS IFD], offsets relative to the header."""
    if byte_order not in ("II", "MM"):
        raise ValueError("byte order must be 'II' or 'MM'")
    bo = "<" if byte_order == "II" else ">"
    ifd0 = dict(ifd0)
    # placeholders so IFD0's size is known before the pointer values are
    if exif:
        ifd0[T_EXIF_IFD] = (LONG, [0])
    if gps:
        ifd0[T_GPS_IFD] = (LONG, [0])
    pos = 8 + _ifd_size(ifd0)
    if exif:
        ifd0[T_EXIF_IFD] = (LONG, [pos])
        pos += _ifd_size(exif)
    if gps:
        ifd0[T_GPS_IFD] = (LONG, [pos])
        pos += _ifd_size(gps)
    out = bytearray(byte_order.encode("ascii") + struct.pack(f"{bo}HI", 42, 8))
    out += _write_ifd(bo, ifd0, 8)
    if exif:
        assert len(out) == ifd0[T_EXIF_IFD][1][0]
        out += _write_ifd(bo, exif, len(out))
    if gps:
        assert len(out) == ifd0[T_GPS_IFD][1][0]
        out += _write_ifd(bo, gps, len(out))
    assert len(out) == pos
    return bytes(out)


def app1_segment(tiff: bytes) -> bytes:
    payload = b"Exif\0\0" + tiff
    if len(payload) + 2 > 0xFFFF:
        raise ValueError("EXIF too large for one APP1 segment")
    return b"\xFF\xE1" + struct.pack(">H", len(payload) + 2) + payload


def insert_app1(jpeg: bytes, app1: bytes | None) -> bytes:
    """Put `app1` directly after SOI and drop Pillow's APP0/JFIF (Exif files start SOI, APP1).

    With app1=None the JPEG is returned unchanged (JFIF kept: a plain JPEG).
    """
    if jpeg[:2] != b"\xFF\xD8":
        raise ValueError("not a JPEG")
    if app1 is None:
        return jpeg
    pos = 2
    kept = bytearray()
    while jpeg[pos] == 0xFF and 0xE0 <= jpeg[pos + 1] <= 0xEF:  # leading APPn segments
        (length,) = struct.unpack(">H", jpeg[pos + 2 : pos + 4])
        seg = jpeg[pos : pos + 2 + length]
        if jpeg[pos + 1] != 0xE0:  # keep anything that is not APP0
            kept += seg
        pos += 2 + length
    return b"\xFF\xD8" + app1 + bytes(kept) + jpeg[pos:]


# --- value helpers ----------------------------------------------------------------------

_MICRO = 1_000_000


def dms_rationals(decimal_degrees: str) -> list[tuple[int, int]]:
    """'48.858370' -> [(48,1),(51,1),(30132000,1000000)]: exact, from the decimal string.

    Seconds use denominator 10^6 so that d + m/60 + s/3600 reproduces the 6-decimal
    input exactly (well within 1e-6).
    """
    text = decimal_degrees.strip().lstrip("+-")
    whole, _, frac = text.partition(".")
    frac = (frac + "000000")[:6]
    if len(text.partition(".")[2]) > 6:
        raise ValueError("at most 6 decimals")
    micro = int(whole) * _MICRO + int(frac)
    deg, rem = divmod(micro, _MICRO)
    minutes, rem = divmod(rem * 60, _MICRO)
    seconds_num = rem * 60  # seconds * 10^6
    return [(deg, 1), (minutes, 1), (seconds_num, _MICRO)]


def gps_ifd(lat: str, lon: str, alt_m: int | None = None, alt_ref: int = 0,
            date: str | None = None, time_hms: tuple[int, int, int] | None = None) -> dict:
    """GPS IFD from signed decimal strings ('-22.951916'); refs carry the sign."""
    g = {
        T_GPS_VERSION: (BYTE, [2, 3, 0, 0]),
        T_GPS_LAT_REF: ascii_value("S" if lat.strip().startswith("-") else "N"),
        T_GPS_LAT: (RATIONAL, dms_rationals(lat)),
        T_GPS_LON_REF: ascii_value("W" if lon.strip().startswith("-") else "E"),
        T_GPS_LON: (RATIONAL, dms_rationals(lon)),
    }
    if alt_m is not None:
        g[T_GPS_ALT_REF] = (BYTE, [alt_ref])
        g[T_GPS_ALT] = (RATIONAL, [(alt_m, 1)])
    if time_hms is not None:
        g[T_GPS_TIME] = (RATIONAL, [(v, 1) for v in time_hms])
    if date is not None:
        g[T_GPS_DATE] = ascii_value(date)
    return g


EXIF_VERSION = (UNDEFINED, b"0232")

# ----------------------------------------------------------------------------------------
# Pixels
# ----------------------------------------------------------------------------------------

# EXIF orientation -> transpose that turns the DISPLAYED image into the STORED one
# (the inverse of what a viewer applies). 6: viewer rotates 90° CW, so store 90° CCW.
STORE_TRANSPOSE = {
    1: None,
    3: Image.Transpose.ROTATE_180,
    6: Image.Transpose.ROTATE_90,    # PIL's ROTATE_90 is counter-clockwise
    8: Image.Transpose.ROTATE_270,   # = 90° clockwise
}

# byte -> 0..12 (noise + 6), via bytes.translate
_NOISE_TABLE = bytes((b * 13) >> 8 for b in range(256))


def noise_image(size: tuple[int, int], seed: int) -> Image.Image:
    """RGB image of uniform values 0..12 from a seeded, version-stable Python PRNG."""
    w, h = size
    raw = random.Random(seed).randbytes(w * h * 3).translate(_NOISE_TABLE)
    return Image.frombytes("RGB", size, raw)


def sample_pixels(background: tuple[int, int, int], seed: int,
                  size: tuple[int, int] = (640, 480)) -> Image.Image:
    """DISPLAYED image: noisy solid background, magenta 96x96 top-left, cyan 64x64 bottom-right."""
    w, h = size
    bg = Image.new("RGB", size, background)
    img = ImageChops.add(bg, noise_image(size, seed), scale=1.0, offset=-6)  # ±6, clipped
    draw = ImageDraw.Draw(img)
    draw.rectangle([0, 0, 95, 95], fill=(255, 0, 255))
    draw.rectangle([w - 64, h - 64, w - 1, h - 1], fill=(0, 255, 255))
    return img


def encode_jpeg(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    img.save(buf, "JPEG", quality=JPEG_QUALITY)
    return buf.getvalue()


# ----------------------------------------------------------------------------------------
# `samples`
# ----------------------------------------------------------------------------------------

def _ifd0(make=None, model=None, orientation=None, datetime=None) -> dict:
    d = {}
    if make is not None:
        d[T_MAKE] = make if isinstance(make, tuple) else ascii_value(make)
    if model is not None:
        d[T_MODEL] = model if isinstance(model, tuple) else ascii_value(model)
    if orientation is not None:
        d[T_ORIENTATION] = (SHORT, [orientation])
    if datetime is not None:
        d[T_DATETIME] = ascii_value(datetime)
    return d


def _exif(dto=None, dtd=None, subsec=None, offset=None) -> dict:
    d = {T_EXIF_VERSION: EXIF_VERSION}
    if dto is not None:
        d[T_DTO] = ascii_value(dto)
    if dtd is not None:
        d[T_DTD] = ascii_value(dtd)
    if offset is not None:
        d[T_OFFSET_TIME_ORIGINAL] = ascii_value(offset)
    if subsec is not None:
        d[T_SUBSEC_ORIGINAL] = ascii_value(subsec)
    return d


# name, background, orientation (None = no tag), byte order or None (= no APP1), ifd0, exif, gps
SAMPLES = [
    ("01-paris-2019-07.jpg", (30, 80, 200), 1, "II",
     _ifd0("Daybook", "SampleCam One", 1),
     _exif(dto="2019:07:14 10:30:00", subsec="250", offset="+02:00"),
     gps_ifd("48.858370", "2.294481", alt_m=35, alt_ref=0)),
    ("02-rio-2020-01.jpg", (40, 160, 60), 6, "MM",
     _ifd0("Daybook", "SampleCam Two", 6),
     _exif(dto="2020:01:05 08:15:30"),
     gps_ifd("-22.951916", "-43.210487", date="2020:01:05", time_hms=(11, 15, 30))),
    ("03-newyork-2021-03.jpg", (200, 30, 30), 3, "II",
     _ifd0("Daybook", "SampleCam One", 3),
     _exif(dto="2021:03:20 18:45:00"),
     gps_ifd("40.689247", "-74.044502", alt_m=93, alt_ref=0)),
    ("04-sydney-2021-12.jpg", (230, 210, 40), 8, "MM",
     _ifd0("Daybook", "SampleCam Two", 8),
     _exif(dto="2021:12:24 21:00:00"),
     gps_ifd("-33.856784", "151.215297")),
    ("05-createdate-only-2018-05.jpg", (240, 140, 20), 1, "II",
     _ifd0(orientation=1, datetime="2018:06:01 09:00:00"),
     _exif(dtd="2018:05:01 12:00:00"),
     None),
    ("06-modifydate-only-2017-09.jpg", (120, 40, 170), None, "MM",
     _ifd0(datetime="2017:09:10 07:20:00"),
     None,  # no Exif sub-IFD at all
     None),
    ("07-deadsea-2022-06.jpg", (245, 245, 245), 1, "II",
     _ifd0(orientation=1),
     _exif(dto="2022:06:30 14:00:00", offset="+03:00"),
     gps_ifd("31.559029", "35.473190", alt_m=430, alt_ref=1)),
    ("08-no-exif.jpg", (128, 128, 128), None, None, None, None, None),
    ("09-night-2023-02.jpg", (12, 12, 20), 1, "MM",
     # "Daybook" + 2 spaces + NUL (count 10); "SampleCam One" + terminator + 1 extra NUL (count 15)
     _ifd0(ascii_value(b"Daybook  \0", terminate=False),
           ascii_value(b"SampleCam One\0\0", terminate=False), 1),
     _exif(dto="2023:02:28 23:59:59"),
     None),
    ("10-mumbai-2023-08.jpg", (240, 120, 180), 1, "II",
     _ifd0(orientation=1),
     _exif(dto="2023:08:15 06:00:00", offset="+05:30"),
     gps_ifd("19.076090", "72.877426", date="2023:08:15", time_hms=(0, 30, 0))),
]


def make_sample(index: int, spec) -> bytes:
    name, background, orientation, byte_order, ifd0, exif, gps = spec
    displayed = sample_pixels(background, seed=1000 + index)
    transpose = STORE_TRANSPOSE[orientation or 1]
    stored = displayed.transpose(transpose) if transpose is not None else displayed
    jpeg = encode_jpeg(stored)
    app1 = app1_segment(build_tiff(byte_order, ifd0, exif, gps)) if byte_order else None
    return insert_app1(jpeg, app1)


def cmd_samples(args) -> int:
    outdir = Path(args.outdir)
    outdir.mkdir(parents=True, exist_ok=True)
    for i, spec in enumerate(SAMPLES, start=1):
        data = make_sample(i, spec)
        (outdir / spec[0]).write_bytes(data)
        print(f"{outdir / spec[0]}  {len(data)} bytes")
    return 0


# ----------------------------------------------------------------------------------------
# `folder`
# ----------------------------------------------------------------------------------------

ORIENTATION_CYCLE = (1, 3, 6, 8)
_DATE_START = 1420070400        # 2015-01-01 00:00:00 (interpreted as naive local time)
_DATE_SPAN = 9 * 365 * 86400    # ~ 2015 .. 2023
_OFFSETS = ["+00:00", "+01:00", "+02:00", "-05:00", "-08:00", "+05:30", "+09:00", "+10:00"]
_CAMERAS = ["SampleCam One", "SampleCam Two", "SampleCam Three"]


def _civil_from_days(z: int) -> tuple[int, int, int]:
    """Days since 1970-01-01 -> (y, m, d); avoids datetime/time zone dependencies."""
    z += 719468
    era = z // 146097
    doe = z - era * 146097
    yoe = (doe - doe // 1460 + doe // 36524 - doe // 146096) // 365
    y = yoe + era * 400
    doy = doe - (365 * yoe + yoe // 4 - yoe // 100)
    mp = (5 * doy + 2) // 153
    d = doy - (153 * mp + 2) // 5 + 1
    m = mp + 3 if mp < 10 else mp - 9
    return (y + (m <= 2), m, d)


def _exif_datetime(epoch: int) -> str:
    days, secs = divmod(epoch, 86400)
    y, m, d = _civil_from_days(days)
    return f"{y:04d}:{m:02d}:{d:02d} {secs // 3600:02d}:{secs // 60 % 60:02d}:{secs % 60:02d}"


def _micro_str(micro: int) -> str:
    """-610642 -> '-0.610642' (no float round-trip)."""
    sign = "-" if micro < 0 else ""
    whole, frac = divmod(abs(micro), _MICRO)
    return f"{sign}{whole}.{frac:06d}"


def folder_exif(index: int, rng: random.Random) -> tuple[int, bytes]:
    """(orientation, APP1) for photo `index` (1-based)."""
    orientation = ORIENTATION_CYCLE[(index - 1) % 4]
    taken = _DATE_START + rng.randrange(_DATE_SPAN)
    byte_order = rng.choice(("II", "MM"))
    ifd0 = _ifd0("Daybook", rng.choice(_CAMERAS), orientation,
                 _exif_datetime(taken + rng.randrange(0, 30 * 86400)))
    exif = _exif(dto=_exif_datetime(taken), dtd=_exif_datetime(taken),
                 subsec=f"{rng.randrange(1000):03d}",
                 offset=rng.choice(_OFFSETS) if rng.random() < 0.7 else None)
    exif[T_EXPOSURE_BIAS] = (SRATIONAL, [(rng.choice([-2, -1, 0, 1, 2]), 3)])
    gps = None
    if rng.random() < 0.5:
        lat = rng.randrange(-60_000_000, 70_000_001)
        lon = rng.randrange(-180_000_000, 180_000_001)
        gps = gps_ifd(_micro_str(lat), _micro_str(lon),
                      alt_m=rng.randrange(0, 3000), alt_ref=0)
    return orientation, app1_segment(build_tiff(byte_order, ifd0, exif, gps))


_noise_cache: dict = {}


def _noise_field(w: int, h: int, seed: int):
    """One square noise field per (process, longest side, seed), 64 px larger than the frame
    either way up; each photo crops it at its own offset. Fresh 12 MP noise per file would
    roughly double the run time. Depends only on (size, seed), so --jobs does not matter."""
    side = max(w, h) + 64
    key = (side, seed)
    if key not in _noise_cache:
        _noise_cache.clear()
        nw = nh = side
        if np is not None:
            gen = np.random.default_rng([seed, 0x6E6F697365])
            field = np.frombuffer(gen.bytes(nw * nh * 3), dtype=np.uint8)
            field = np.frombuffer(_NOISE_TABLE, dtype=np.uint8)[field].reshape(nh, nw, 3)
            _noise_cache[key] = Image.fromarray(field, "RGB")
        else:
            _noise_cache[key] = noise_image((nw, nh), seed)
    return _noise_cache[key]


def folder_pixels(w: int, h: int, seed: int, rng: random.Random) -> Image.Image:
    """Photo-like frame of w x h: smooth gradient + a few shapes + mild noise (0..+12).

    Cost per 12 MP frame is a few full-frame C passes (no per-pixel Python): bicubic
    upscale of a tiny colour grid to 1/4 size, NEAREST to full size (4x4 steps of a smooth
    gradient are invisible under the noise), shapes, one crop and one add_modulo.
    """
    # Grid values 40..190: bicubic overshoots by at most ~28 % of the range (-> <= 232),
    # shapes use 0..243, so adding noise 0..12 modulo 256 never wraps.
    gw, gh = rng.randint(2, 4), rng.randint(2, 4)
    grid = Image.frombytes("RGB", (gw, gh), bytes(rng.randrange(40, 191) for _ in range(gw * gh * 3)))
    img = grid.resize((max(1, -(-w // 4)), max(1, -(-h // 4))), Image.Resampling.BICUBIC)
    img = img.resize((w, h), Image.Resampling.NEAREST)
    draw = ImageDraw.Draw(img)
    for _ in range(rng.randint(3, 7)):
        x0, y0 = rng.randrange(w), rng.randrange(h)
        x1 = min(w - 1, x0 + rng.randint(w // 20, w // 3))
        y1 = min(h - 1, y0 + rng.randint(h // 20, h // 3))
        colour = tuple(rng.randrange(244) for _ in range(3))
        if rng.random() < 0.5:
            draw.ellipse([x0, y0, x1, y1], fill=colour)
        else:
            draw.rectangle([x0, y0, x1, y1], fill=colour)
    # noise: crop the shared field at a per-photo offset
    field = _noise_field(w, h, seed)
    ox, oy = rng.randrange(64), rng.randrange(64)
    return ImageChops.add_modulo(img, field.crop((ox, oy, ox + w, oy + h)))


def folder_one(task) -> int:
    index, outdir, w, h, seed, per_dir = task
    rng = random.Random(f"daybook-folder:{seed}:{index}")  # str seeds are hashed stably
    orientation, app1 = folder_exif(index, rng)
    # --size is the DISPLAYED size; for 6/8 the stored frame is h x w
    sw, sh = (h, w) if orientation in (6, 8) else (w, h)
    img = folder_pixels(sw, sh, seed, rng)
    data = insert_app1(encode_jpeg(img), app1)
    roll = (index - 1) // per_dir
    path = Path(outdir) / f"set-{roll // 10 + 1:03d}" / f"roll-{roll + 1:04d}" / f"photo-{index:05d}.jpg"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(data)
    return len(data)


def cmd_folder(args) -> int:
    try:
        w, h = (int(v) for v in args.size.lower().split("x"))
    except ValueError:
        print("--size must look like 4000x3000", file=sys.stderr)
        return 2
    if w < 16 or h < 16 or args.count < 1 or args.per_dir < 1:
        print("bad --size/--count/--per-dir", file=sys.stderr)
        return 2
    tasks = [(i, args.outdir, w, h, args.seed, args.per_dir) for i in range(1, args.count + 1)]
    t0 = time.perf_counter()
    jobs = args.jobs or 1
    if jobs > 1:
        import multiprocessing as mp
        with mp.get_context("fork" if sys.platform != "win32" else "spawn").Pool(jobs) as pool:
            total = sum(pool.imap_unordered(folder_one, tasks, chunksize=4))
    else:
        total = sum(folder_one(t) for t in tasks)
    dt = time.perf_counter() - t0
    print(f"wrote {args.count} files ({total / 1e6:.1f} MB) of {w}x{h} to {args.outdir} "
          f"in {dt:.2f} s ({dt / args.count * 1000:.0f} ms/file, jobs={jobs})")
    return 0


# ----------------------------------------------------------------------------------------

def main(argv=None) -> int:
    repo = Path(__file__).resolve().parent.parent
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("samples", help="write the 10 documented sample squares")
    s.add_argument("outdir", nargs="?", default=str(repo / "Tests/Fixtures/sample-squares"))
    s.set_defaults(func=cmd_samples)
    f = sub.add_parser("folder", help="write N distinct photo-like JPEGs in nested folders")
    f.add_argument("--count", type=int, required=True)
    f.add_argument("--size", required=True, help="DISPLAYED size WxH, e.g. 4000x3000")
    f.add_argument("--seed", type=int, default=1)
    f.add_argument("--per-dir", type=int, default=10, help="photos per leaf folder (default 10)")
    f.add_argument("--jobs", type=int, default=1, help="worker processes (default 1); "
                   "output does not depend on it")
    f.add_argument("outdir")
    f.set_defaults(func=cmd_folder)
    args = p.parse_args(argv)
    return args.func(args)


if __name__ == "__main__":
    sys.exit(main())
