#!/usr/bin/env bash
# Writes Tests/Fixtures/xmp (photos with XMP and IPTC, sidecars) and the XMP fuzz seeds in
# Tests/Fixtures/fuzz/xmp. The outputs are committed: tests never need exiftool.
#
#   scripts/make_xmp_fixtures.sh          (needs exiftool: Debian's libimage-exiftool-perl,
#                                          and cjpeg/djpeg: libjpeg-turbo-progs)
#
# exiftool writes every embedded packet, IPTC record and sidecar below, except where a comment
# says the script writes the text itself (forms no tool at hand writes, and hostile inputs).
set -euo pipefail
cd "$(dirname "$0")/.."
command -v exiftool >/dev/null || { echo "needs exiftool (apt-get install libimage-exiftool-perl)" >&2; exit 1; }
out=Tests/Fixtures/xmp
seeds=Tests/Fixtures/fuzz/xmp
mkdir -p "$out" "$seeds"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
et() { exiftool -q -q -overwrite_original "$@"; }

# The base photo: Tests/Fixtures/sample-squares/08-no-exif.jpg (grey, no metadata at all) at 1/4 scale,
# re-encoded without any APP segment but JFIF's.
djpeg -scale 1/4 Tests/Fixtures/sample-squares/08-no-exif.jpg | cjpeg -quality 85 >"$out/plain.jpg"

# Embedded XMP as child elements (exiftool's default form): exif:DateTimeOriginal with its
# zone, GPS in decimal minutes (Paris).
cp "$out/plain.jpg" "$out/embedded-elements.jpg"
et -XMP-exif:DateTimeOriginal='2021:07:01 14:00:00.25+02:00' \
    -XMP-exif:GPSLatitude=48.8566 -XMP-exif:GPSLongitude=2.3522 \
    -XMP-exif:GPSAltitude=35 -XMP-exif:GPSAltitudeRef=0 "$out/embedded-elements.jpg"

# Embedded XMP as attributes of rdf:Description (exiftool's shorthand form): only
# photoshop:DateCreated, southern and western hemispheres (Rio de Janeiro).
cp "$out/plain.jpg" "$out/embedded-attributes.jpg"
et -api Compact=Shorthand -XMP-photoshop:DateCreated='2020:01:15 09:45:00-03:00' \
    -XMP-exif:GPSLatitude=-22.9068 -XMP-exif:GPSLongitude=-43.1729 "$out/embedded-attributes.jpg"

# IPTC-IIM only (APP13 Photoshop 3.0, resource 0x0404): DateCreated and TimeCreated.
cp "$out/plain.jpg" "$out/iptc-only.jpg"
et -IPTC:DateCreated=2018:05:20 -IPTC:TimeCreated=16:20:00+09:00 "$out/iptc-only.jpg"

# IPTC with a date but no time: refused with a warning (no invented midnight).
cp "$out/plain.jpg" "$out/iptc-date-only.jpg"
et -IPTC:DateCreated=2018:05:20 "$out/iptc-date-only.jpg"

# Every embedded source at once, for precedence: EXIF date (no EXIF GPS), an XMP date and
# place, an IPTC date. Expected: the EXIF date, the XMP place.
cp "$out/plain.jpg" "$out/all-sources.jpg"
et -EXIF:DateTimeOriginal='2019:07:14 10:30:00' -EXIF:OffsetTimeOriginal=+02:00 \
    -XMP-exif:DateTimeOriginal='2019:07:14 11:00:00+02:00' \
    -XMP-exif:GPSLatitude=48.858370 -XMP-exif:GPSLongitude=2.294481 \
    -IPTC:DateCreated=2019:07:13 -IPTC:TimeCreated=09:00:00+02:00 "$out/all-sources.jpg"

# XMP and IPTC, no EXIF: the XMP date wins over IPTC's.
cp "$out/plain.jpg" "$out/xmp-and-iptc.jpg"
et -XMP-xmp:CreateDate='2016:03:03 03:03:03' -IPTC:DateCreated=2016:04:04 -IPTC:TimeCreated=04:04:04 \
    "$out/xmp-and-iptc.jpg"

# Sidecars, made by exiftool from the base photo (so they also carry its tiff: properties,
# as sidecars made from real photos do).
exiftool -q -q -o "$work/a.xmp" -XMP-exif:DateTimeOriginal='2022:06:10 18:05:00+03:00' \
    -XMP-exif:GPSLatitude=31.5590 -XMP-exif:GPSLongitude=35.4732 \
    -XMP-exif:GPSAltitude=430 -XMP-exif:GPSAltitudeRef#=1 "$out/plain.jpg"
mv "$work/a.xmp" "$out/sidecar-elements.xmp"
exiftool -q -q -api Compact=Shorthand -o "$work/b.xmp" -XMP-photoshop:DateCreated='2019:07:15 08:00:00+02:00' \
    -XMP-exif:GPSLatitude=43.2965 -XMP-exif:GPSLongitude=5.3698 "$out/plain.jpg"
mv "$work/b.xmp" "$out/sidecar-corrected.xmp"
exiftool -q -q -o "$work/c.xmp" -XMP-exif:DateTimeOriginal='2019:07:16 20:00:00+02:00' "$out/plain.jpg"
mv "$work/c.xmp" "$out/sidecar-corrected-again.xmp"

# Written by this script: the DDD,MM,SSK form of XMP's GPSCoordinate (exiftool always writes
# decimal minutes), as attributes, with a prefix other than the usual one for exif: (only the
# namespace URI counts), xmp:CreateDate with a fraction and no zone (Sydney).
cat >"$out/sidecar-dms-attributes.xmp" <<'EOF'
<?xpacket begin="﻿" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:xmp="http://ns.adobe.com/xap/1.0/"
    xmlns:ex="http://ns.adobe.com/exif/1.0/"
    xmp:CreateDate="2021-12-24T21:00:30.5"
    ex:GPSLatitude="33,51,24.42S"
    ex:GPSLongitude="151,12,55.07E"/>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>
EOF

# A broken sidecar: the elements sidecar cut in the middle of an element.
head -c 420 "$out/sidecar-elements.xmp" >"$out/sidecar-broken.xmp"

# Hostile XML, written by this script; also seeds of the fuzz target `xmp`.
{
    printf '<?xml version="1.0"?>\n<!DOCTYPE x:xmpmeta [\n <!ENTITY a "aaaaaaaaaa">\n'
    prev=a
    for n in b c d e f g h i j; do
        printf ' <!ENTITY %s "%s">\n' "$n" "$(printf "&$prev;%.0s" 1 2 3 4 5 6 7 8 9 10)"
        prev=$n
    done
    printf ']>\n<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">\n'
    printf '<rdf:Description xmlns:photoshop="http://ns.adobe.com/photoshop/1.0/" photoshop:DateCreated="2020-01-01T00:00:00&j;"/>\n'
    printf '</rdf:RDF></x:xmpmeta>\n'
} >"$seeds/billion-laughs.xmp"
cat >"$seeds/external-entity.xmp" <<'EOF'
<?xml version="1.0"?>
<!DOCTYPE x:xmpmeta [ <!ENTITY secret SYSTEM "file:///etc/hostname"> ]>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/"><exif:DateTimeOriginal>&secret;</exif:DateTimeOriginal></rdf:Description>
</rdf:RDF></x:xmpmeta>
EOF
{
    printf '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">'
    printf '<rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/"><exif:UserComment>'
    for _ in $(seq 1 100); do printf '<rdf:Alt>'; done
    for _ in $(seq 1 100); do printf '</rdf:Alt>'; done
    printf '</exif:UserComment></rdf:Description></rdf:RDF></x:xmpmeta>'
} >"$seeds/deep-nesting.xmp"
printf '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:DateTimeOriginal="2020-01-01T00:00:00\xff\xfe"/></rdf:RDF></x:xmpmeta>' \
    >"$seeds/not-utf8.xmp"
cp "$out/sidecar-broken.xmp" "$seeds/truncated.xmp"
# Valid packets as seeds too: each form the reader knows.
cp "$out/sidecar-elements.xmp" "$out/sidecar-dms-attributes.xmp" "$out/sidecar-corrected.xmp" "$seeds/"
exiftool -b -XMP "$out/embedded-attributes.jpg" >"$seeds/embedded-attributes-packet.xmp"
echo "wrote $(ls "$out" | wc -l) files in $out and $(ls "$seeds" | wc -l) in $seeds"
