#!/usr/bin/env bash
# Installs what Daybook needs on Debian 12, skipping what is already there.
# The Swift 6 toolchain itself must already be on PATH (swift.org's Debian 12 build).
set -euo pipefail

# libheif-dev: HEIC/HEIF photos (libheif 1.15, HEVC through libde265). libheif-examples
# (heif-convert, heif-enc): the reference for HEIF transforms in tests, and the benchmark's
# HEIC photos. libvips-tools (vipsthumbnail): the benchmark's HEIC comparison.
# libspng-dev, libwebp-dev, libgif-dev: PNG, WebP and GIF photos. imagemagick, webp, libimage-exiftool-perl: the
# Tests/Fixtures/stills recipes and exiftool's readings that the stills tests compare with.
# libxml2: FoundationXML (XMP sidecars and packets) links it.
packages=(libexif-dev libjpeg-dev libsqlite3-dev libxml2 pkg-config libjpeg-turbo-progs sqlite3 tzdata python3 python3-pip
          libheif-dev libheif-examples libvips-tools libspng-dev libwebp-dev libgif-dev imagemagick webp libimage-exiftool-perl)
# daybook serve: Leaflet and its marker-cluster plugin (served from /usr/share/javascript), headless
# Chromium for the browser test (WebTests.BrowserTests) and the screenshots, wrk for the web benchmark.
# libraw-dev: camera RAW files (metadata and the embedded JPEG preview, no demosaicing);
# libavif-bin (avifenc) and libimage-exiftool-perl: the AVIF and RAW test files and the
# exiftool checks (docs/raw.md).
packages+=(libraw-dev libavif-bin libimage-exiftool-perl)
# libavformat-dev, libavcodec-dev, libswscale-dev, libavutil-dev: videos (.mov, .mp4, .m4v,
# .3gp; FFmpeg 5.1 on Debian 12). ffmpeg (ffmpeg, ffprobe): the Tests/Fixtures/videos recipes
# and the second reader the video conformance checks compare with.
packages+=(libavformat-dev libavcodec-dev libswscale-dev libavutil-dev ffmpeg)
# libcurl4-openssl-dev: the weather archive's HTTPS client (CCurl) is compiled against curl.h;
# libcurl itself is opened on the first weather request, not linked.
packages+=(libcurl4-openssl-dev)
# The release CLI links Foundation statically (Package.swift): its XML and zlib parts need these.
packages+=(libxml2-dev zlib1g-dev)
packages+=(libjs-leaflet libjs-leaflet.markercluster chromium wrk)
# systemd (systemd-analyze): scripts/check_units.sh verifies the user units in contrib/.
packages+=(systemd)
# openssl and curl: the HTTPS tests read the generated certificates with `openssl x509`/`verify`
# and fetch pages with `curl --cacert`, as a person checking their server would.
packages+=(openssl curl)
# `daybook remind`'s tests: an SMTP server with STARTTLS (python3-aiosmtpd), a notification
# server on a private session bus (python3-dbus, python3-gi, dbus-daemon), and the two ways the
# reminder reaches the desktop (notify-send from libnotify-bin; gdbus from libglib2.0-bin).
packages+=(python3-aiosmtpd python3-dbus python3-gi dbus-daemon libnotify-bin libglib2.0-bin)
# syncthing: the two-device tests (Tests/SyncTests) run two real instances sharing journal/.
packages+=(syncthing)
missing=()
for package in "${packages[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if ((${#missing[@]})); then
    echo "setup: installing ${missing[*]}" >&2
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

if ! command -v swift >/dev/null 2>&1; then
    for candidate in /opt/swift/usr/bin /usr/share/swift/usr/bin; do
        [ -x "$candidate/swift" ] && export PATH="$candidate:$PATH" && break
    done
fi
command -v swift >/dev/null 2>&1 || { echo "setup: no Swift toolchain on PATH (Swift 6 is required)" >&2; exit 1; }

# Test tooling only: the pushed reminder's test decrypts what it receives with http-ece (RFC 8291),
# which Debian does not package.
if ! /usr/bin/python3 -c 'import http_ece' 2>/dev/null; then
    echo "setup: installing http-ece for the Web Push test" >&2
    /usr/bin/python3 -m pip install --quiet http-ece==1.2.1 2>/dev/null \
        || /usr/bin/python3 -m pip install --quiet --break-system-packages http-ece==1.2.1
fi

# Test tooling only: the photo generator (scripts/make_photos.py) uses Pillow and numpy.
if ! python3 -c 'import PIL, numpy' 2>/dev/null; then
    echo "setup: installing Pillow and numpy for the test photo generator" >&2
    python3 -m pip install --quiet pillow numpy 2>/dev/null \
        || python3 -m pip install --quiet --break-system-packages pillow numpy
fi
