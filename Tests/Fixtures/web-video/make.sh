#!/bin/sh
# Regenerates the web video fixtures (FFmpeg 5.1, Debian 12). Run from this folder.
set -e
# H.264 yuv420p in MP4, moov first: what phones write and what Chromium plays.
ffmpeg -v error -y -f lavfi -i testsrc=size=320x240:rate=25 -t 3 -pix_fmt yuv420p -c:v libx264 -preset veryslow -crf 38 \
    -movflags +faststart -map_metadata -1 -fflags +bitexact clip.mp4
# The same picture as HEVC in a QuickTime .mov (iPhone-style hvc1 tag): Debian's Chromium cannot decode it.
ffmpeg -v error -y -f lavfi -i testsrc=size=320x240:rate=25 -t 2 -pix_fmt yuv420p -c:v libx265 -x265-params log-level=error \
    -crf 38 -tag:v hvc1 -movflags +faststart -map_metadata -1 -fflags +bitexact hevc.mov
# The poster: the first frame of clip.mp4 as a JPEG, as ingest's thumbnail would be.
ffmpeg -v error -y -i clip.mp4 -frames:v 1 -q:v 5 poster.jpg
