#!/usr/bin/env python3
"""Writes SampleImages/: real public-domain and CC0 photographs with EXAMPLE metadata.

The pictures are real; every date, place, camera name, orientation and sidecar in the output is
made up here, so that the demo journal shows each case Daybook handles (a HEIC, a sidecar that
supplies the place, a photo without GPS, one without any date, orientations 3, 6 and 8, three
photos on the same month-day in different years). SampleImages/README.md lists the sources and
licences. Only needed to regenerate SampleImages/; tests and CI use the committed files.

The sources come from packages at pinned versions, fetched with their ordinary clients into a
cache folder (default ~/.cache/daybook-samples) unless they are there already:
  pip download --no-deps --only-binary=:all: scikit-image==0.26.0 -d CACHE
  (cd CACHE && apt-get download lomiri-wallpapers-16.04=20.04.0-2)
Each picture taken from them is checked against its SHA-256 below.

Needs: Python 3 with Pillow, exiftool (Debian: libimage-exiftool-perl), heif-enc (Debian:
libheif-examples), dpkg-deb. The output is the same bytes for the same Pillow, exiftool and
libheif versions (README.md names the ones used).

usage: scripts/make_samples.py [--cache DIR] [OUTDIR]   (OUTDIR defaults to <repo>/SampleImages)
"""

from __future__ import annotations

import argparse
import hashlib
import io
import os
import shutil
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from PIL import Image

SKIMAGE = "scikit-image==0.26.0"
LOMIRI = "lomiri-wallpapers-16.04=20.04.0-2"

# Source pictures: package, path inside it, SHA-256 of the file.
SOURCES = {
    "rocket": (SKIMAGE, "skimage/data/rocket.jpg",
               "c2dd0de7c538df8d111e479619b129464d0269d0ae5fd18ca91d33a7fdfea95c"),
    "astronaut": (SKIMAGE, "skimage/data/astronaut.png",
                  "88431cd9653ccd539741b555fb0a46b61558b301d4110412b5bc28b5e3ea6cb5"),
    "brick": (SKIMAGE, "skimage/data/brick.png",
              "7966caf324f6ba843118d98f7a07746d22f6a343430add0233eca5f6eaaa8fcf"),
    "coffee": (SKIMAGE, "skimage/data/coffee.png",
               "cc02f8ca188b167c775a7101b5d767d1e71792cf762c33d6fa15a4599b5a8de7"),
    "chelsea": (SKIMAGE, "skimage/data/chelsea.png",
                "596aa1e7cb875eb79f437e310381d26b338a81c2da23439704a73c4651e8c4bb"),
    "camera": (SKIMAGE, "skimage/data/camera.png",
               "b0793d2adda0fa6ae899c03989482bff9a42d3d5690fc7e3648f2795d730c23a"),
    "hubble": (SKIMAGE, "skimage/data/hubble_deep_field.jpg",
               "3a19c5dd8a927a9334bb1229a6d63711b1c0c767fb27e2286e7c84a3e2c2f5f4"),
    "grass": (SKIMAGE, "skimage/data/grass.png",
              "b6b6022426b38936c43a4ac09635cd78af074e90f42ffa8227ac8b7452d39f89"),
    "gravel": (SKIMAGE, "skimage/data/gravel.png",
               "c48615b451bf1e606fbd72c0aa9f8cc0f068ab7111ef7d93bb9b0f2586440c12"),
    "seeding": (LOMIRI, "./usr/share/backgrounds/seeding_by_Clements_Engelhardt.jpg",
                "a5634d1ab5e41a3568e92d4a894a500c92b891f9ff734e50bd224d6e185a605f"),
    "clock": (SKIMAGE, "skimage/data/clock_motion.png",
              "f029226b28b642e80113d86622e9b215ee067a0966feaf5e60604a1e05733955"),
}

TOOLS = {"exiftool": "libimage-exiftool-perl", "heif-enc": "libheif-examples", "dpkg-deb": "dpkg"}

LONG_SIDE = 1600  # larger pictures are scaled down to this; smaller ones are never scaled up
QUALITY = 85
MAKE = "Daybook Sample"


@dataclass(frozen=True)
class Place:
    latitude: float
    longitude: float
    altitude: float | None = None


@dataclass(frozen=True)
class Sample:
    """One output photo and the example metadata written into it."""
    name: str  # output file name; .heic means HEIF
    source: str
    crop: tuple[int, int, int, int] | None = None  # (left, top, right, bottom) of the source
    orientation: int | None = None  # EXIF tag; the pixels are stored so that it displays upright
    date: str | None = None  # DateTimeOriginal, "YYYY:MM:DD HH:MM:SS"
    offset: str | None = None  # OffsetTimeOriginal
    gps_utc: tuple[str, str] | None = None  # GPSDateStamp, GPSTimeStamp
    place: Place | None = None  # written into EXIF
    sidecar_place: Place | None = None  # written only into NAME.xmp beside the photo
    model: str | None = "Example Camera"


SAMPLES = [
    Sample("01-cape-canaveral-rocket.jpg", "rocket", date="2015:02:11 18:03:00", offset="-05:00",
           place=Place(28.56194, -80.57722, 3)),
    Sample("02-houston-astronaut.jpg", "astronaut", crop=(56, 0, 456, 512), orientation=8,
           date="2016:03:22 10:15:00", place=Place(29.75800, -95.36700, 15)),
    Sample("03-kyoto-stone-path.jpg", "brick", crop=(0, 64, 512, 448), orientation=8,
           date="2018:06:21 14:30:00", offset="+09:00", place=Place(35.02680, 135.79470, 60)),
    Sample("04-lisbon-coffee.jpg", "coffee", date="2019:05:14 09:12:00", offset="+01:00",
           place=Place(38.71100, -9.14200, 40)),
    Sample("05-paris-cat.jpg", "chelsea", orientation=6, date="2019:11:03 16:20:00",
           offset="+01:00", place=Place(48.88670, 2.34310, 130)),
    Sample("06-boston-camera.jpg", "camera", orientation=3, date="2020:09:08 10:05:00",
           gps_utc=("2020:09:08", "14:05:00"), place=Place(42.35500, -71.06560, 10)),
    Sample("07-hubble-deep-field.jpg", "hubble", date="2020:12:21 22:30:00", offset="+01:00"),
    Sample("08-zermatt-meadow.jpg", "grass", crop=(0, 64, 512, 448), date="2021:06:21 11:40:00",
           offset="+02:00", place=Place(45.99360, 7.74080, 2210)),
    Sample("09-etretat-pebbles.jpg", "gravel", crop=(0, 64, 512, 448), orientation=6,
           date="2022:08:16 19:10:00", offset="+02:00", sidecar_place=Place(49.70730, 0.20340)),
    Sample("10-reykjavik-dandelions.heic", "seeding", date="2023:06:21 23:40:00", offset="+00:00",
           place=Place(64.14660, -21.94260, 20), model="Example Phone"),
    Sample("11-prague-clock.jpg", "clock", place=Place(50.08700, 14.42070), model=None),
]

# Stored pixels for each EXIF orientation: the inverse of what a viewer applies.
STORE = {1: None, 3: Image.Transpose.ROTATE_180, 6: Image.Transpose.ROTATE_90,
         8: Image.Transpose.ROTATE_270}


def run(*args: str, cwd: Path | None = None) -> bytes:
    return subprocess.run(args, cwd=cwd, check=True, capture_output=True).stdout


def fetch_sources(cache: Path) -> dict[str, bytes]:
    cache.mkdir(parents=True, exist_ok=True)
    wheels = sorted(cache.glob("scikit_image-0.26.0-*.whl"))
    if not wheels:
        run(sys.executable, "-m", "pip", "download", "--no-deps", "--only-binary=:all:", SKIMAGE,
            "-d", str(cache))
        wheels = sorted(cache.glob("scikit_image-0.26.0-*.whl"))
    debs = sorted(cache.glob("lomiri-wallpapers-16.04_20.04.0-2_all.deb"))
    if not debs:
        run("apt-get", "download", LOMIRI, cwd=cache)
        debs = sorted(cache.glob("lomiri-wallpapers-16.04_20.04.0-2_all.deb"))
    with zipfile.ZipFile(wheels[0]) as wheel:
        skimage = {p: wheel.read(p) for (pkg, p, _) in SOURCES.values() if pkg == SKIMAGE}
    with tarfile.open(fileobj=io.BytesIO(run("dpkg-deb", "--fsys-tarfile", str(debs[0])))) as deb:
        lomiri = {p: deb.extractfile(p).read() for (pkg, p, _) in SOURCES.values() if pkg == LOMIRI}
    found = {}
    for key, (pkg, path, digest) in SOURCES.items():
        data = (skimage if pkg == SKIMAGE else lomiri)[path]
        if hashlib.sha256(data).hexdigest() != digest:
            sys.exit(f"make_samples: {pkg} {path} is not the pinned picture (SHA-256 differs)")
        found[key] = data
    return found


def displayed(sample: Sample, data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data)).convert("RGB")
    if sample.crop:
        image = image.crop(sample.crop)
    if max(image.size) > LONG_SIDE:
        scale = LONG_SIDE / max(image.size)
        image = image.resize((round(image.width * scale), round(image.height * scale)),
                             Image.Resampling.LANCZOS)
    return image


def place_args(place: Place) -> list[str]:
    args = [f"-GPS:GPSLatitude={abs(place.latitude)}",
            f"-GPS:GPSLatitudeRef={'N' if place.latitude >= 0 else 'S'}",
            f"-GPS:GPSLongitude={abs(place.longitude)}",
            f"-GPS:GPSLongitudeRef={'E' if place.longitude >= 0 else 'W'}"]
    if place.altitude is not None:
        args += [f"-GPS:GPSAltitude={abs(place.altitude)}",
                 f"-GPS:GPSAltitudeRef={0 if place.altitude >= 0 else 1}"]
    return args


def sidecar_args(place: Place) -> list[str]:
    # XMP keeps the hemisphere in the value itself ("49,42.438N"), so there is no Ref tag.
    return [f"-XMP-exif:GPSLatitude={abs(place.latitude)} {'N' if place.latitude >= 0 else 'S'}",
            f"-XMP-exif:GPSLongitude={abs(place.longitude)} {'E' if place.longitude >= 0 else 'W'}"]


def exif_args(sample: Sample) -> list[str]:
    args = []
    if sample.model:
        args += [f"-EXIF:Make={MAKE}", f"-EXIF:Model={sample.model}"]
    if sample.orientation:
        args.append(f"-EXIF:Orientation#={sample.orientation}")
    if sample.date:
        args.append(f"-EXIF:DateTimeOriginal={sample.date}")
    if sample.offset:
        args.append(f"-EXIF:OffsetTimeOriginal={sample.offset}")
    if sample.gps_utc:
        args += [f"-GPS:GPSDateStamp={sample.gps_utc[0]}", f"-GPS:GPSTimeStamp={sample.gps_utc[1]}"]
    if sample.place:
        args += place_args(sample.place)
    return args


def make(sample: Sample, data: bytes, work: Path, out: Path) -> None:
    image = displayed(sample, data)
    transpose = STORE[sample.orientation or 1]
    stored = image.transpose(transpose) if transpose is not None else image
    jpeg = work / (Path(sample.name).stem + ".jpg")
    stored.save(jpeg, "JPEG", quality=QUALITY)
    if sample.name.endswith(".heic"):
        # heif-enc copies the JPEG's Exif segment into the HEIF's Exif item; a HEIF carries its
        # orientation in the container, so these photos keep the pixels upright and no tag.
        run("exiftool", "-q", "-overwrite_original", *exif_args(sample), str(jpeg))
        target = work / sample.name
        run("heif-enc", "-q", "60", "-o", str(target), str(jpeg))
    else:
        run("exiftool", "-q", "-overwrite_original", *exif_args(sample), str(jpeg))
        target = jpeg
    if sample.sidecar_place:
        sidecar = work / (sample.name + ".xmp")
        run("exiftool", "-q", "-o", str(sidecar), *sidecar_args(sample.sidecar_place))
        os.replace(sidecar, out / sidecar.name)
    os.replace(target, out / sample.name)


def main(argv: list[str] | None = None) -> int:
    repo = Path(__file__).resolve().parent.parent
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--cache", default=str(Path.home() / ".cache/daybook-samples"),
                        help="folder for the downloaded packages (default ~/.cache/daybook-samples)")
    parser.add_argument("outdir", nargs="?", default=str(repo / "SampleImages"))
    args = parser.parse_args(argv)
    for tool, package in TOOLS.items():
        if shutil.which(tool) is None:
            sys.exit(f"make_samples: {tool} not found; install it: apt-get install -y {package}")
    sources = fetch_sources(Path(args.cache))
    out = Path(args.outdir)
    out.mkdir(parents=True, exist_ok=True)
    # Written beside the output and renamed into place, so a failed run leaves no half file.
    with tempfile.TemporaryDirectory(dir=out) as work:
        for sample in SAMPLES:
            make(sample, sources[sample.source], Path(work), out)
            print(f"{sample.name}: {(out / sample.name).stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
