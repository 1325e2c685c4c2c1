"""The QR codes the product draws turned back into modules, as a camera would
see them, for :mod:`tests.net.qrdecode`: the terminal's half-block rows, the SVG
image of a ``data:`` address (painted shape by shape, each module read at its
centre), and a screenshot of the code as a browser shows it."""

from __future__ import annotations

import base64
import io
import re
import xml.etree.ElementTree as ElementTree
from dataclasses import dataclass
from itertools import pairwise
from urllib.parse import unquote

from PIL import Image

__all__ = ["SVGError", "modules_from_half_blocks", "modules_from_screenshot",
           "modules_from_svg_uri"]

_HALVES = {" ": (False, False), "\u2580": (True, False), "\u2584": (False, True),
           "\u2588": (True, True)}
"""A half-block character's upper and lower module (True: ink, dark)."""


def modules_from_half_blocks(rows: list[str]) -> list[list[bool]]:
    """The modules of rows of half blocks, two rows of modules a line."""
    matrix: list[list[bool]] = []
    for row in rows:
        if set(row) - set(_HALVES):
            raise ValueError(f"not a half block: {sorted(set(row) - set(_HALVES))}")
        pairs = [_HALVES[char] for char in row]
        matrix += [[upper for upper, _ in pairs], [lower for _, lower in pairs]]
    return matrix


class SVGError(ValueError):
    """An SVG image this reader cannot turn into modules, and why."""


@dataclass(frozen=True)
class _Box:
    """An axis-aligned rectangle painted in one colour."""

    left: float
    top: float
    right: float
    bottom: float
    dark: bool

    def holds(self, x: float, y: float) -> bool:
        return self.left <= x <= self.right and self.top <= y <= self.bottom


@dataclass(frozen=True)
class _Polygon:
    """A filled outline (the even-odd rule) in one colour."""

    points: list[tuple[float, float]]
    dark: bool

    def holds(self, x: float, y: float) -> bool:
        inside = False
        for (x1, y1), (x2, y2) in zip(self.points, self.points[1:] + self.points[:1],
                                      strict=True):
            if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
                inside = not inside
        return inside


_Shape = _Box | _Polygon


def modules_from_svg_uri(uri: str, scale: int) -> list[list[bool]]:
    """The modules of an SVG image in a ``data:`` address, ``scale`` pixels a
    module: every module's centre must be painted, dark or light."""
    head, _, body = uri.partition(",")
    if not head.startswith("data:image/svg+xml"):
        raise SVGError(f"not an SVG data address: {head[:40]!r}")
    text = base64.b64decode(body).decode() if head.endswith(";base64") else unquote(body)
    svg = ElementTree.fromstring(text)
    if svg.tag != "{http://www.w3.org/2000/svg}svg":
        raise SVGError(f"the image is a {svg.tag}, not an SVG")
    width, height = float(svg.get("width", "nan")), float(svg.get("height", "nan"))
    if svg.get("viewBox") not in (None, f"0 0 {svg.get('width')} {svg.get('height')}"):
        raise SVGError("a viewBox other than the image's size")
    if width != height or width % scale:
        raise SVGError(f"a {width}x{height} image is not square modules of {scale} pixels")
    shapes: list[_Shape] = []
    _paint(svg, (1.0, 0.0, 0.0), shapes)
    size = int(width) // scale
    matrix = []
    for row in range(size):
        line = []
        for column in range(size):
            x, y = (column + 0.5) * scale, (row + 0.5) * scale
            colours = [shape.dark for shape in shapes if shape.holds(x, y)]
            if not colours:
                raise SVGError(f"the module at ({row}, {column}) is not painted")
            line.append(colours[-1])
        matrix.append(line)
    return matrix


_Transform = tuple[float, float, float]
"""A uniform scale and a translation: (x, y) is drawn at (s*x + dx, s*y + dy)."""


def _paint(element: ElementTree.Element, outer: _Transform, shapes: list[_Shape]) -> None:
    """Add the shapes ``element`` and its children paint, in the order painted."""
    transform = _transform(element.get("transform", ""), outer)
    tag = element.tag.rpartition("}")[2]
    if tag == "path":
        _path(element, transform, shapes)
    elif tag == "rect":
        s, dx, dy = transform
        x, y = float(element.get("x", "0")), float(element.get("y", "0"))
        w, h = float(element.get("width", "0")), float(element.get("height", "0"))
        fill = _dark(element.get("fill", "#000"))
        if fill is not None:
            shapes.append(_Box(s * x + dx, s * y + dy, s * (x + w) + dx, s * (y + h) + dy, fill))
    elif tag not in ("svg", "g", "title", "desc"):
        raise SVGError(f"an SVG element this reader does not know: {tag}")
    for child in element:
        _paint(child, transform, shapes)


def _transform(text: str, outer: _Transform) -> _Transform:
    """``outer`` followed by the scales and translations of a transform attribute."""
    s, dx, dy = outer
    for name, arguments in re.findall(r"(\w+)\(([^)]*)\)", text):
        numbers = [float(n) for n in re.split(r"[\s,]+", arguments.strip())]
        if name == "scale" and (len(numbers) == 1 or numbers[0] == numbers[1]):
            s *= numbers[0]
        elif name == "translate":
            dx, dy = dx + s * numbers[0], dy + s * (numbers[1] if len(numbers) > 1 else 0)
        else:
            raise SVGError(f"a transform this reader does not know: {name}({arguments})")
    return s, dx, dy


def _path(element: ElementTree.Element, transform: _Transform, shapes: list[_Shape]) -> None:
    """The filled outlines and then the stroked lines of a path (straight lines
    only: M, L, H, V and Z, absolute and relative)."""
    s, dx, dy = transform
    outlines = [[(s * x + dx, s * y + dy) for x, y in outline]
                for outline in _outlines(element.get("d", ""))]
    fill = _dark(element.get("fill", "#000"))
    if fill is not None:
        shapes.extend(_Polygon(outline, fill) for outline in outlines if len(outline) > 2)
    stroke = _dark(element.get("stroke", "none"))
    if stroke is None:
        return
    if element.get("stroke-linecap", "butt") != "butt":
        raise SVGError("a stroke whose line ends reach past its points")
    half = s * float(element.get("stroke-width", "1")) / 2
    for outline in outlines:
        for (x1, y1), (x2, y2) in pairwise(outline):
            if y1 == y2:
                shapes.append(_Box(min(x1, x2), y1 - half, max(x1, x2), y1 + half, stroke))
            elif x1 == x2:
                shapes.append(_Box(x1 - half, min(y1, y2), x1 + half, max(y1, y2), stroke))
            else:
                raise SVGError("a slanted line in a QR code")


def _outlines(d: str) -> list[list[tuple[float, float]]]:
    """The points of each subpath of a path's ``d`` (closed ones end at their start)."""
    tokens = re.findall(r"[A-Za-z]|[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?", d)
    outlines: list[list[tuple[float, float]]] = []
    x = y = 0.0
    command, k = "", 0
    while k < len(tokens):
        if tokens[k].isalpha():
            command, k = tokens[k], k + 1
        relative = command.islower()
        if command in "Zz":
            if not outlines:
                raise SVGError("a path closed before it started")
            outlines[-1].append(outlines[-1][0])
            x, y = outlines[-1][0]
            outlines.append([(x, y)])
            continue
        take = 2 if command in "MmLl" else 1
        try:
            numbers = [float(token) for token in tokens[k:k + take]]
        except ValueError:
            raise SVGError(f"a path command {command} lacks its numbers") from None
        if command not in "MmLlHhVv" or len(numbers) < take:
            raise SVGError(f"a path command this reader does not know: {command!r}")
        k += take
        if command in "MmLl":
            x, y = numbers[0] + x * relative, numbers[1] + y * relative
        elif command in "Hh":
            x = numbers[0] + x * relative
        else:
            y = numbers[0] + y * relative
        if command in "Mm":
            outlines.append([(x, y)])
            command = "l" if relative else "L"  # further pairs draw lines
        else:
            outlines[-1].append((x, y))
    return [outline for outline in outlines if len(outline) > 1]


def _dark(colour: str) -> bool | None:
    """Whether a paint is dark (True) or light (False), None for no paint; a
    colour between the two is no colour for a QR code."""
    if colour == "none":
        return None
    named = {"black": "#000000", "white": "#ffffff"}
    colour = named.get(colour.lower(), colour)
    if re.fullmatch(r"#[0-9a-fA-F]{3}", colour):
        colour = "#" + "".join(digit * 2 for digit in colour[1:])
    if not re.fullmatch(r"#[0-9a-fA-F]{6}", colour):
        raise SVGError(f"a colour this reader does not know: {colour!r}")
    red, green, blue = (int(colour[k:k + 2], 16) / 255 for k in (1, 3, 5))
    luminance = 0.2126 * red + 0.7152 * green + 0.0722 * blue
    if 0.25 <= luminance <= 0.75:
        raise SVGError(f"{colour} is neither dark nor light")
    return luminance < 0.25


def modules_from_screenshot(png: bytes) -> list[list[bool]]:
    """The modules of a QR code in a screenshot of its light panel, read at their
    centres after finding the module's width from the upper left finder (seven
    modules wide). Dark pixels joined to the picture's edge are the page behind
    the panel's rounded corners, not the code."""
    image = Image.open(io.BytesIO(png)).convert("L")
    width, height = image.size
    grey = image.tobytes()  # a byte a pixel, row after row
    dark = [[grey[y * width + x] < 128 for x in range(width)] for y in range(height)]
    outside = [(x, y) for x in range(width) for y in (0, height - 1)] + \
              [(x, y) for y in range(height) for x in (0, width - 1)]
    while outside:  # what the page shows around the panel is no module
        x, y = outside.pop()
        if 0 <= x < width and 0 <= y < height and dark[y][x]:
            dark[y][x] = False
            outside += [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    inked = [(x, y) for y in range(height) for x in range(width) if dark[y][x]]
    if not inked:
        raise ValueError("no dark pixel inside the panel")
    left, top = min(x for x, _ in inked), min(y for _, y in inked)
    right, bottom = max(x for x, _ in inked) + 1, max(y for _, y in inked) + 1
    finder = next(x for x in range(left, right + 1) if x == right or not dark[top][x]) - left
    guess = round((right - left) / (finder / 7))
    size = 17 + 4 * max(1, round((guess - 17) / 4))
    pitch = (right - left) / size
    border = round(min(left, top, width - right, height - bottom) / pitch)
    matrix = [[False] * (size + 2 * border) for _ in range(border)]
    for row in range(size):
        y = int(top + (row + 0.5) * pitch)
        matrix.append([False] * border
                      + [dark[y][int(left + (column + 0.5) * pitch)] for column in range(size)]
                      + [False] * border)
    return matrix + [[False] * (size + 2 * border) for _ in range(border)]
