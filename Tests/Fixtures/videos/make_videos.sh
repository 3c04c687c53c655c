#!/usr/bin/env bash
# Regenerates the test videos with FFmpeg 5.1 and exiftool 12.57 (Debian 12), then truth.json
# from ffprobe and exiftool: the second readers the video tests compare Daybook with.
set -euo pipefail
cd "$(dirname "$0")"
# Deterministic output: no encoder version string, bit-exact codecs.
common=(-hide_banner -loglevel error -y)
# After the inputs: no encoder version string, bit-exact output.
exact=(-fflags +bitexact -flags:v +bitexact)
x264=(-c:v libx264 -preset veryfast -pix_fmt yuv420p -x264-params threads=1)

# 1. H.264 MP4, 160x120, 2 s, iPhone-style keys: local creation date with its offset, an
#    ISO 6709 place (Paris), make and model (mdta keys through use_metadata_tags).
ffmpeg "${common[@]}" -f lavfi -i "testsrc2=size=160x120:rate=15:duration=2" "${x264[@]}" "${exact[@]}" \
    -movflags +use_metadata_tags \
    -metadata "com.apple.quicktime.creationdate=2023-06-14T18:30:05+0200" \
    -metadata "com.apple.quicktime.location.ISO6709=+48.8584+002.2945+035.000/" \
    -metadata "com.apple.quicktime.make=Apple" -metadata "com.apple.quicktime.model=iPhone 12" \
    h264_keys.mp4

# 2. HEVC QuickTime, 128x96 stored, shown 96x128: the display matrix turns it 90° clockwise,
#    written by exiftool (FFmpeg 5.1's rotate=90 no longer sets the matrix). Only the mvhd
#    creation time (UTC) dates it.
ffmpeg "${common[@]}" -f lavfi -i "testsrc2=size=128x96:rate=10:duration=1" "${exact[@]}" -c:v libx265 -preset ultrafast \
    -x265-params log-level=error:pools=1:frame-threads=1 -pix_fmt yuv420p -tag:v hvc1 -f mov \
    -metadata creation_time=2022-12-31T23:15:00Z hevc_rotated.mov
exiftool -q -overwrite_original -Rotation=90 hevc_rotated.mov

# 3. H.264 MP4, 96x64, 3 s: the first 1.5 s black, then a red frame: the poster must skip
#    the black and show red.
ffmpeg "${common[@]}" -f lavfi -i "color=c=black:size=96x64:rate=10:duration=1.5" \
    -f lavfi -i "color=c=red:size=96x64:rate=10:duration=1.5" \
    -filter_complex "[0:v][1:v]concat=n=2:v=1[v]" -map "[v]" "${x264[@]}" "${exact[@]}" -g 10 black_start.mp4

# 4. 3GPP, 64x48, 1 s, no metadata at all.
ffmpeg "${common[@]}" -f lavfi -i "testsrc2=size=64x48:rate=10:duration=1" "${x264[@]}" "${exact[@]}" -f 3gp plain.3gp

# 5. H.264 MP4, 64x48, 1 s: only the mvhd time (UTC) and an ISO 6709 place (Tokyo): the entry
#    keeps the instant and shows it in Asia/Tokyo (UTC+09:00).
#    The place is written by exiftool (Keys:GPSCoordinates), the second writer of the keys.
ffmpeg "${common[@]}" -f lavfi -i "testsrc2=size=64x48:rate=10:duration=1" "${x264[@]}" "${exact[@]}" \
    -metadata creation_time=2023-03-05T11:00:00Z mvhd_place.mp4
exiftool -q -overwrite_original "-Keys:GPSCoordinates=35.6586, 139.7454" mvhd_place.mp4

# 6. H.264 MP4, 160x120, 1 s, tagged BT.709 limited range as every HD phone video is: the
#    poster must convert with the 709 matrix (swscale assumes 601).
ffmpeg "${common[@]}" -f lavfi -i "testsrc2=size=160x120:rate=10:duration=1" -vf "scale=out_color_matrix=bt709:out_range=tv" \
    "${x264[@]}" "${exact[@]}" -colorspace bt709 -color_primaries bt709 -color_trc bt709 -color_range tv bt709.mp4

exiftool -j -G -n -QuickTime:all -Keys:all -Composite:Rotation -Composite:GPSPosition *.mp4 *.mov *.3gp > exiftool.json
for f in *.mp4 *.mov *.3gp; do
    ffprobe -v error -show_format -show_streams -of json "$f" | python3 -c '
import json, sys
probe = json.load(sys.stdin)
json.dump({"file": sys.argv[1], "ffprobe": probe}, sys.stdout)
print()' "$f"
done > ffprobe.jsonl
python3 - <<'PY'
import json
exif = {e["SourceFile"]: e for e in json.load(open("exiftool.json"))}
files = []
for line in open("ffprobe.jsonl"):
    entry = json.loads(line)
    entry["exiftool"] = exif[entry["file"]]
    files.append(entry)
json.dump({"files": files}, open("truth.json", "w"), indent=1, sort_keys=True)
PY
rm exiftool.json ffprobe.jsonl
