"""A table's address as a QR code (segno), for a phone's camera: as an SVG image
for a web page, and as rows of half-block characters for the host's terminal
(two rows of modules a line, so a table's page fits in about 40 columns and
20 lines)."""

from __future__ import annotations

import segno

__all__ = ["qr_rows", "qr_svg_uri"]

_BORDER = 2
"""Light modules around the code (the standard asks four; two scan well on a
screen, where the code sits on a light panel of its own)."""

_HALVES = {(False, False): " ", (True, False): "\u2580", (False, True): "\u2584",
           (True, True): "\u2588"}
"""The character for a pair of modules, upper and lower (True: dark)."""


def _code(text: str) -> segno.QRCode:
    return segno.make(text, error="m", micro=False)


def qr_svg_uri(text: str, scale: int = 5) -> str:
    """``text`` as a QR code: an SVG image in a ``data:`` address (a page's
    ``<img src>``), ``scale`` pixels a module, dark on white."""
    return str(_code(text).svg_data_uri(scale=scale, border=_BORDER, dark="#000000",
                                        light="#ffffff"))


def qr_rows(text: str) -> list[str]:
    """``text`` as a QR code in rows of half blocks: a dark module is ink, so show
    them black on white (every line the same width)."""
    matrix = [[bool(module) for module in row]
              for row in _code(text).matrix_iter(border=_BORDER)]
    if len(matrix) % 2:
        matrix.append([False] * len(matrix[0]))
    return ["".join(_HALVES[(upper, lower)] for upper, lower in zip(top, bottom, strict=True))
            for top, bottom in zip(matrix[::2], matrix[1::2], strict=True)]
