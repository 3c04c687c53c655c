#!/bin/sh
# Regenerates the motion-photo fixtures (README.md says what each one is) with ffmpeg,
# ImageMagick and exiftool 12.57 (Debian 12); none of them is made by Daybook.
set -eu
cd "$(dirname "$0")"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A one-second 64x48 H.264 clip and a 96x64 JPEG with a capture date.
ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc=size=64x48:rate=10 -t 1 -c:v libx264 -pix_fmt yuv420p \
    -fflags +bitexact -flags:v +bitexact -map_metadata -1 "$work/clip.mp4"
convert -size 96x64 gradient:orange-purple -quality 85 "$work/photo.jpg"
exiftool -q -overwrite_original -DateTimeOriginal='2024:06:01 10:20:30' -OffsetTimeOriginal=+02:00 "$work/photo.jpg"
clip_length=$(stat -c %s "$work/clip.mp4")

# The XMP a Pixel writes: GCamera:MotionPhoto and a Container directory, the photo first,
# then the appended video/mp4 with its length ($1) and the padding after the photo ($2).
container_xmp() {
    cat <<XMP
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about=""
    xmlns:GCamera="http://ns.google.com/photos/1.0/camera/"
    xmlns:Container="http://ns.google.com/photos/1.0/container/"
    xmlns:Item="http://ns.google.com/photos/1.0/container/item/"
   GCamera:MotionPhoto="1" GCamera:MotionPhotoVersion="1" GCamera:MotionPhotoPresentationTimestampUs="500000">
   <Container:Directory>
    <rdf:Seq>
     <rdf:li rdf:parseType="Resource">
      <Container:Item Item:Mime="image/jpeg" Item:Semantic="Primary" Item:Length="0" Item:Padding="$2"/>
     </rdf:li>
     <rdf:li rdf:parseType="Resource">
      <Container:Item Item:Mime="video/mp4" Item:Semantic="MotionPhoto" Item:Length="$1" Item:Padding="0"/>
     </rdf:li>
    </rdf:Seq>
   </Container:Directory>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
XMP
}

# Google motion photo: the container XMP, then the clip appended.
container_xmp "$clip_length" 0 > "$work/google.xmp"
cp "$work/photo.jpg" "$work/google.jpg"
exiftool -q -overwrite_original "-xmp<=$work/google.xmp" "$work/google.jpg"
cat "$work/google.jpg" "$work/clip.mp4" > google-motion.jpg

# The same in HEIC (Pixel 8 and later): libheif 1.15's heif-enc of the photo (it keeps the
# EXIF), the container XMP naming the primary image/heic, then the clip appended.
heif-enc -q 50 -o "$work/google.heic" "$work/photo.jpg"
sed 's|image/jpeg|image/heic|' "$work/google.xmp" > "$work/google-heic.xmp"
exiftool -q -overwrite_original "-xmp<=$work/google-heic.xmp" "$work/google.heic"
cat "$work/google.heic" "$work/clip.mp4" > google-motion.heic

# Older Google micro video: GCamera:MicroVideo and the clip's distance from the file's end.
cp "$work/photo.jpg" "$work/micro.jpg"
exiftool -q -overwrite_original -XMP-GCamera:MicroVideo=1 -XMP-GCamera:MicroVideoVersion=1 \
    -XMP-GCamera:MicroVideoOffset="$clip_length" "$work/micro.jpg"
cat "$work/micro.jpg" "$work/clip.mp4" > google-microvideo.jpg

# Samsung's trailer without XMP (Galaxy phones before 2022), after the image's end: a block
# (2 zero bytes, type 0x0A30 little-endian, the name's length, "MotionPhoto_Data", the clip),
# then the SEF directory ("SEFH", version 106, 1 entry: 2 zero bytes, the type, the block's
# distance back from the directory, its size), the directory's size and "SEFT".
python3 - "$work/photo.jpg" "$work/clip.mp4" samsung-trailer.jpg <<'PY'
import struct, sys
photo, clip = open(sys.argv[1], "rb").read(), open(sys.argv[2], "rb").read()
name = b"MotionPhoto_Data"
block = struct.pack("<HHI", 0, 0x0A30, len(name)) + name + clip
directory = b"SEFH" + struct.pack("<II", 106, 1) + struct.pack("<HHII", 0, 0x0A30, len(block), len(block))
open(sys.argv[3], "wb").write(photo + block + directory + struct.pack("<I", len(directory)) + b"SEFT")
PY

mkdir -p bad
# A directory whose video is longer than the whole file.
container_xmp 999999999 0 > "$work/past-end.xmp"
cp "$work/photo.jpg" "$work/past-end.jpg"
exiftool -q -overwrite_original "-xmp<=$work/past-end.xmp" "$work/past-end.jpg"
cat "$work/past-end.jpg" "$work/clip.mp4" > bad/length-past-end.jpg

# A directory that points at appended bytes which are no MP4.
head -c "$clip_length" /dev/zero | tr '\0' 'x' > "$work/not-mp4.bin"
cp "$work/google.jpg" "$work/not-mp4.jpg"
cat "$work/not-mp4.jpg" "$work/not-mp4.bin" > bad/clip-not-mp4.jpg

# A micro-video offset reaching back into the image itself.
cp "$work/photo.jpg" "$work/overlap.jpg"
exiftool -q -overwrite_original -XMP-GCamera:MicroVideo=1 -XMP-GCamera:MicroVideoOffset=$((clip_length + 200)) "$work/overlap.jpg"
cat "$work/overlap.jpg" "$work/clip.mp4" > bad/offset-into-image.jpg

# Apple Live Photos (live/): a photo and its .MOV. exiftool 12.57 cannot add a tag to a maker
# note, so the Apple maker note (header "Apple iOS\0", version 1, "MM", an IFD of
# MakerNoteVersion and ContentIdentifier, tag 0x0011, offsets from the note's start) is
# written by the Python lines below and put in place whole with `exiftool "-MakerNotes<=…"`;
# exiftool reads it back as Apple:MediaGroupUUID (its 12.57 name of ContentIdentifier).
apple_maker_note() {
    python3 - "$1" "$2" <<'PY'
import struct, sys
identifier = sys.argv[1].encode() + b"\0"
entries = 2
data = 14 + 2 + entries * 12 + 4
ifd = struct.pack(">H", entries) + struct.pack(">HHII", 0x0001, 9, 1, 15)
ifd += struct.pack(">HHII", 0x0011, 2, len(identifier), data) + struct.pack(">I", 0)
open(sys.argv[2], "wb").write(b"Apple iOS\0" + b"\0\1" + b"MM" + ifd + identifier)
PY
}

# A 96x64 JPEG from an iPhone taken at $2 (EXIF form) with content identifier $3 (none when
# empty), written to $1.
live_photo() {
    convert -size 96x64 gradient:skyblue-navy -quality 85 "$1"
    exiftool -q -overwrite_original -Make=Apple -Model='iPhone 12' -DateTimeOriginal="$2" -OffsetTimeOriginal=+02:00 "$1"
    if [ -n "$3" ]; then
        apple_maker_note "$3" "$work/note.bin"
        exiftool -q -overwrite_original "-MakerNotes<=$work/note.bin" "$1"
    fi
}

# A half-second QuickTime movie with Apple's keys: content identifier $2 and creation date $3
# (each left out when empty), and an mvhd creation time $4 (UTC, left at 0 when empty).
live_movie() {
    set -- "$1" "$2" "$3" "$4"
    keys=""
    [ -n "$2" ] && keys="$keys -metadata com.apple.quicktime.content.identifier=$2"
    [ -n "$3" ] && keys="$keys -metadata com.apple.quicktime.creationdate=$3"
    [ -n "$4" ] && keys="$keys -metadata creation_time=$4"
    # shellcheck disable=SC2086
    ffmpeg -hide_banner -loglevel error -y -f lavfi -i testsrc=size=64x48:rate=10 -t 0.5 -c:v libx264 -pix_fmt yuv420p \
        -fflags +bitexact -flags:v +bitexact -map_metadata -1 -movflags use_metadata_tags $keys -f mov "$1"
}

mkdir -p live
id1=6B0D5B2B-7F67-4A8F-9C59-1D1A3E2F4A10
id2=0E5C2B8A-3D3F-4C1E-8A77-52B1D5E9F001
id3=9A1F0C33-6E2D-4B8B-B0A4-7C5D2E1F8A22
# 1: identifiers match (JPEG).
live_photo live/IMG_0001.JPG '2024:06:01 10:20:30' "$id1"
live_movie live/IMG_0001.MOV "$id1" 2024-06-01T10:20:30+0200 ""
# 2: identifiers match (HEIC, the movie's extension in lower case).
live_photo "$work/heic.jpg" '2024:06:01 11:00:00' "$id2"
heif-enc -q 50 -o live/IMG_0002.HEIC "$work/heic.jpg"
exiftool -q -overwrite_original "-MakerNotes<=$work/note.bin" live/IMG_0002.HEIC
live_movie live/IMG_0002.mov "$id2" 2024-06-01T11:00:00+0200 ""
# 3: no identifiers; the movie's creation date 2 s after the photo.
live_photo live/IMG_0003.JPG '2024:06:01 12:00:00' ""
live_movie live/IMG_0003.MOV "" 2024-06-01T12:00:02+0200 ""
# 4: no identifiers, no creation date; mvhd (UTC) 1 s after the photo.
live_photo live/IMG_0004.JPG '2024:06:01 13:00:00' ""
live_movie live/IMG_0004.MOV "" "" 2024-06-01T11:00:01Z
# 5: same name and time, different identifiers: not a pair.
live_photo live/IMG_0005.JPG '2024:06:01 14:00:00' "$id1"
live_movie live/IMG_0005.MOV "$id3" 2024-06-01T14:00:00+0200 ""
# 6: same name, no identifiers, an hour apart: not a pair.
live_photo live/IMG_0006.JPG '2024:06:01 15:00:00' ""
live_movie live/IMG_0006.MOV "" 2024-06-01T16:00:00+0200 ""
