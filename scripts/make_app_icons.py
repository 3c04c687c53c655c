#!/usr/bin/env python3
"""Draws the web journal's app icons (the manifest's and the apple-touch-icon) into
Sources/DaybookWeb/Assets/static/: a journal page with a photo and lines of text, in the
colours of daybook.css. Shapes only, no font, so every machine draws the same bytes.

    python3 scripts/make_app_icons.py      (needs Pillow)

"any" icons are a rounded square with clear corners; the maskable one fills its square and
keeps the drawing inside the middle 80 %, the safe zone a launcher's mask never cuts.
"""
from pathlib import Path

from PIL import Image, ImageDraw

ACCENT = (0x2F, 0x6F, 0x5E, 255)  # --accent
PAPER = (0xFB, 0xFA, 0xF7, 255)  # --paper
LINE = (0xD8, 0xDD, 0xE3, 255)  # --line
SUN = (0xF2, 0xC1, 0x4E, 255)
HILL = (0x8F, 0xB9, 0xA8, 255)
OUT = Path(__file__).resolve().parent.parent / "Sources/DaybookWeb/Assets/static"
SCALE = 4  # drawn large, then reduced: smooth edges without anti-aliasing primitives


def page(draw, size, inset):
    """The journal page in the middle `1 - 2 * inset` of a `size` square."""
    s = size
    left, top, right, bottom = s * (inset + 0.08), s * inset, s * (1 - inset - 0.08), s * (1 - inset)
    width = right - left
    draw.rounded_rectangle((left, top, right, bottom), radius=width * 0.08, fill=PAPER)
    # The photo at the top of the page: sky, sun, a hill.
    px0, py0, px1, py1 = left + width * 0.12, top + width * 0.12, right - width * 0.12, top + width * 0.62
    draw.rounded_rectangle((px0, py0, px1, py1), radius=width * 0.04, fill=(0xDC, 0xEF, 0xE8, 255))
    r = width * 0.08
    cx, cy = px1 - width * 0.2, py0 + width * 0.16
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=SUN)
    draw.polygon([(px0, py1), (px0 + (px1 - px0) * 0.4, py0 + (py1 - py0) * 0.45), (px1, py1)], fill=HILL)
    # Three lines of writing under it.
    y = py1 + width * 0.14
    for fraction in (0.76, 0.76, 0.5):
        draw.rounded_rectangle((px0, y, px0 + (px1 - px0) * fraction, y + width * 0.06), radius=width * 0.03, fill=ACCENT)
        y += width * 0.14


def icon(size, maskable):
    big = size * SCALE
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    if maskable:
        draw.rectangle((0, 0, big, big), fill=ACCENT)
        page(draw, big, 0.2)
    else:
        draw.rounded_rectangle((0, 0, big - 1, big - 1), radius=big * 0.18, fill=ACCENT)
        page(draw, big, 0.12)
    return image.resize((size, size), Image.LANCZOS)


def main():
    for name, size, maskable in [
        ("icon-192.png", 192, False),
        ("icon-512.png", 512, False),
        ("icon-maskable-512.png", 512, True),
        ("apple-touch-icon.png", 180, True),
    ]:
        # No metadata (no time stamp): the same drawing gives the same bytes.
        icon(size, maskable).save(OUT / name, optimize=True)
        print(OUT / name)


if __name__ == "__main__":
    main()
