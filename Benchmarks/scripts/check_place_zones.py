#!/usr/bin/env python3
"""How often the nearest place's time zone differs from the zone whose border holds the point.

    swift build -c release --product daybook-places-bench
    .build/release/daybook-places-bench --points 20000 --zones /tmp/zones.csv
    pip install timezonefinder        # timezone-boundary-builder polygons (ODbL), about 33 MB
    python3 Benchmarks/scripts/check_place_zones.py /tmp/zones.csv

Daybook takes a photo's zone from its nearest town (GeoNames); this measures that choice against
the boundary polygons for the same points, counting a difference only where the two zones give
different UTC offsets on some day of 2024 (Europe/Berlin and Europe/Paris agree: not counted).
A measurement tool, not a test.
"""

import csv
import sys
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from timezonefinder import TimezoneFinder


def offsets(zone):
    info = ZoneInfo(zone)
    start = datetime(2024, 1, 1, 12)
    return tuple(info.utcoffset(start + timedelta(days=d)) for d in range(0, 366, 7))


def main(path):
    finder = TimezoneFinder()
    rows = list(csv.DictReader(open(path)))
    named_differently = wrong_clock = 0
    examples = []
    for row in rows:
        latitude, longitude = float(row["latitude"]), float(row["longitude"])
        border = finder.timezone_at(lat=latitude, lng=longitude)
        if border is None or border == row["zone"]:
            continue
        named_differently += 1
        if offsets(border) != offsets(row["zone"]):
            wrong_clock += 1
            if len(examples) < 10:
                examples.append(f"{latitude:.3f},{longitude:.3f}: place {row['zone']}, border {border}")
    total = len(rows)
    print(f"{total} points on land with a named place")
    print(f"zone name differs from the border's: {named_differently} ({100 * named_differently / total:.2f} %)")
    print(f"clock differs on some day of 2024: {wrong_clock} ({100 * wrong_clock / total:.2f} %)")
    for example in examples:
        print("  " + example)


if __name__ == "__main__":
    main(sys.argv[1])
