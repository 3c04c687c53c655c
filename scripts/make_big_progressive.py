#!/usr/bin/env python3
"""Progressive 4:4:4 JPEGs of a large frame in a small file, for decode-memory tests.

  make_big_progressive.py OUT.jpg WIDTHxHEIGHT [--baseline] [--quality Q]

A progressive JPEG costs libjpeg its whole coefficient array (128 bytes per 8x8 block per
component) whatever the file size: broad gradients and a few shapes compress a 10000x10000
frame to about a megabyte. Deterministic for a given Pillow version.
"""

import argparse

from PIL import Image, ImageDraw

Image.MAX_IMAGE_PIXELS = None  # these frames are large on purpose


def make(width: int, height: int) -> Image.Image:
    red = Image.linear_gradient("L").resize((width, height))
    green = red.transpose(Image.Transpose.ROTATE_90).resize((width, height))
    blue = Image.radial_gradient("L").resize((width, height))
    image = Image.merge("RGB", (red, green, blue))
    draw = ImageDraw.Draw(image)
    step = max(width, height) // 7
    for i in range(6):
        x, y = (i * step) % width, (i * 2 * step) % height
        draw.ellipse((x, y, x + step, y + step // 2), fill=(40 * i, 255 - 40 * i, 128))
    return image


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("out")
    parser.add_argument("size")
    parser.add_argument("--baseline", action="store_true")
    parser.add_argument("--quality", type=int, default=80)
    args = parser.parse_args()
    width, height = (int(v) for v in args.size.lower().split("x"))
    make(width, height).save(
        args.out, "JPEG", quality=args.quality, progressive=not args.baseline, subsampling=0, optimize=False
    )


if __name__ == "__main__":
    main()
