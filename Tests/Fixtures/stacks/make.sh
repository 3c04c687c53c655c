#!/bin/sh
# Regenerates the stack and duplicate fixtures from the committed corpus photos
# (Tests/Fixtures/corpus, ianare/exif-samples; see its README for origin and licence) with
# ImageMagick and exiftool only. Run from this folder. See README.md.
set -eu
corpus=../corpus/jpg/gps
base=$(mktemp -d)
trap 'rm -rf "$base"' EXIT

convert "$corpus/DSCN0012.jpg" -strip -resize 320x240 "$base/a.png"
convert "$corpus/DSCN0021.jpg" -strip -resize 320x240 "$base/b.png"

# A hand-held burst: shifts of a few pixels, sensor noise, small exposure changes.
frame() { # frame OUT ROLL BRIGHTNESS SEED
    convert "$base/a.png" -roll "$2" -modulate "$3" -seed "$4" -attenuate 0.25 +noise Gaussian -quality 85 "$1"
}
frame burst-1.jpg +0+0 100 1
frame burst-2.jpg +3-2 104 2
frame burst-3.jpg -2+3 96 3
frame other-camera.jpg +1+1 100 4
convert "$base/b.png" -quality 85 different-shot.jpg

stamp() { # stamp FILE MAKE TIME SUBSEC
    exiftool -q -overwrite_original -Make="$2" -Model="Model 1" -DateTimeOriginal="2024:05:01 $3" \
        -SubSecTimeOriginal="$4" "$1"
}
stamp burst-1.jpg BurstCam 10:00:00 000
stamp burst-2.jpg BurstCam 10:00:00 400
stamp burst-3.jpg BurstCam 10:00:00 800
# 1.2 s after the burst's last frame, same camera: another shot, never in the stack.
stamp different-shot.jpg BurstCam 10:00:02 000
# Within the burst's time and alike, but another camera: not in the stack.
stamp other-camera.jpg OtherCam 10:00:00 600

# Copies of a corpus photo as a messenger or an export makes them: no metadata left.
convert "$corpus/DSCN0025.jpg" -strip -quality 40 copy-q40.jpg
convert "$corpus/DSCN0025.jpg" -strip -resize 50% -quality 75 copy-half.jpg
