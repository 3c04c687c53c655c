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
