#!/usr/bin/env python3
"""Derives the web journal's offline map outlines from Natural Earth, once.

Natural Earth's 1:110m Admin 0 countries ("naturalearth_lowres", public domain, naturalearthdata.com)
ship inside the geopandas 0.14.4 wheel on PyPI (geopandas/datasets/naturalearth_lowres). This
script downloads that wheel (no dependencies), reads the shapefile with pyshp, rounds each
coordinate to 0.01° (about 1 km, finer than the data's own accuracy), drops repeated points and
every attribute but the name, and writes the result as compact GeoJSON, which the binary carries
(docs/embedded-files.md) and serves as static/countries.js:

    python3 scripts/derive_country_outlines.py [Sources/DaybookWeb/Assets/static/countries.geojson]

Needs pip and network access to PyPI; the output is committed, so builds never run this.
"""
import io
import json
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

WHEEL = "geopandas==0.14.4"
BASE = "geopandas/datasets/naturalearth_lowres/naturalearth_lowres"


def shapefile_parts(folder):
    wheel = next(Path(folder).glob("geopandas-*.whl"))
    with zipfile.ZipFile(wheel) as archive:
        return {ext: io.BytesIO(archive.read(f"{BASE}.{ext}")) for ext in ("shp", "shx", "dbf")}


def rings(shape):
    """The shape's rings, rounded, without consecutive duplicates; rings that collapse are dropped."""
    starts = list(shape.parts) + [len(shape.points)]
    for start, end in zip(starts, starts[1:]):
        ring = []
        for x, y in shape.points[start:end]:
            point = [round(x, 2), round(y, 2)]
            if not ring or ring[-1] != point:
                ring.append(point)
        if len(ring) >= 4:
            yield ring


def main():
    import shapefile  # pyshp

    default = Path(__file__).resolve().parent.parent / "Sources/DaybookWeb/Assets/static/countries.geojson"
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else default
    with tempfile.TemporaryDirectory() as folder:
        subprocess.run([sys.executable, "-m", "pip", "download", "--no-deps", "-q", "-d", folder, WHEEL], check=True)
        parts = shapefile_parts(folder)
    # The .cpg says ISO-8859-1 ("Côte d'Ivoire").
    reader = shapefile.Reader(shp=parts["shp"], shx=parts["shx"], dbf=parts["dbf"], encoding="latin-1")
    fields = [f[0] for f in reader.fields[1:]]
    features = []
    for record, shape in zip(reader.records(), reader.shapes()):
        polygons = [[ring] for ring in rings(shape)]
        if not polygons:
            continue
        features.append({
            "type": "Feature",
            "properties": {"name": dict(zip(fields, record))["name"]},
            "geometry": {"type": "MultiPolygon", "coordinates": polygons},
        })
    text = json.dumps({"type": "FeatureCollection", "features": features}, separators=(",", ":"), ensure_ascii=True)
    # Lines under 120 characters, cut after a comma, so the file reads and diffs as text. A cut
    # inside a string would break the JSON: no name has a comma, and this says so if one ever does.
    assert all("," not in f["properties"]["name"] for f in features), "a country name with a comma"
    lines, line = [], ""
    for piece in text.split(","):
        if len(line) + len(piece) > 110:
            lines.append(line + ",")
            line = piece
        else:
            line = piece if not line else line + "," + piece
    lines.append(line)
    # To a temporary name, then renamed: a failed run leaves the old file whole.
    temporary = out.with_name(out.name + ".tmp")
    temporary.write_text("\n".join(lines) + "\n", encoding="ascii")
    temporary.replace(out)
    print(f"{out}: {len(features)} countries, {len(text)} bytes of GeoJSON", file=sys.stderr)


if __name__ == "__main__":
    main()
