"""Draw the web table's home-screen icons (``src/hearts/web/static/icon-*.png``).

The icon is a white card with a red heart on the table's green felt, as
``icon.svg`` draws it; the PNGs are for phones that want bitmaps (Android's
home screen asks for 192 and 512 pixels). Pure Python (zlib and struct), four
samples a pixel for smooth edges; run it again after changing the drawing::

    .venv/bin/python lab/tools/web_icons.py
"""

from __future__ import annotations

import struct
import zlib
from pathlib import Path

STATIC = Path(__file__).resolve().parents[2] / "src" / "hearts" / "web" / "static"

FELT = (10, 107, 34)
CARD = (251, 251, 246)
RED = (200, 0, 0)


def _inside_card(x: float, y: float) -> bool:
    """The card: a rounded rectangle in the middle (inside the maskable safe zone)."""
    left, right, top, bottom, radius = 0.24, 0.76, 0.16, 0.84, 0.06
    cx = min(max(x, left + radius), right - radius)
    cy = min(max(y, top + radius), bottom - radius)
    inside = left <= x <= right and top <= y <= bottom
    return inside and (x - cx) ** 2 + (y - cy) ** 2 <= radius ** 2


def _inside_heart(x: float, y: float) -> bool:
    """The classic heart curve, (u²+v²-1)³ <= u²v³, centred on the card."""
    u = (x - 0.5) / 0.2
    v = -(y - 0.52) / 0.2
    return (u * u + v * v - 1) ** 3 - u * u * v ** 3 <= 0


def colour(x: float, y: float) -> tuple[int, int, int]:
    """The colour at ``(x, y)``, both 0 to 1 from the top left."""
    if _inside_heart(x, y):
        return RED
    if _inside_card(x, y):
        return CARD
    return FELT


def png(size: int) -> bytes:
    """The icon as a PNG of ``size`` pixels a side."""
    offsets = (0.25, 0.75)
    rows = bytearray()
    for row in range(size):
        rows.append(0)  # no filter
        for column in range(size):
            samples = [colour((column + dx) / size, (row + dy) / size)
                       for dx in offsets for dy in offsets]
            rows.extend(round(sum(s[i] for s in samples) / len(samples)) for i in range(3))

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


def main() -> None:
    """Write the PNG icons beside ``icon.svg``."""
    for size in (192, 512):
        path = STATIC / f"icon-{size}.png"
        temporary = path.with_suffix(".tmp")
        temporary.write_bytes(png(size))
        temporary.replace(path)
        print(f"wrote {path} ({path.stat().st_size} bytes)")


if __name__ == "__main__":
    main()
