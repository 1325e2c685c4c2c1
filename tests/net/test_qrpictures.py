"""The tests' readers of the product's QR pictures (tests/net/qrpictures.py) give
back the modules segno drew, whatever the SVG's scale, border and colours, and
refuse a picture a camera could not read as dark on light."""

from __future__ import annotations

import base64
import io
from urllib.parse import unquote

import pytest
import segno
from PIL import Image, ImageDraw

from tests.net.qrdecode import decode
from tests.net.qrpictures import (
    SVGError,
    modules_from_half_blocks,
    modules_from_screenshot,
    modules_from_svg_uri,
)

CODE = segno.make("http://h:1/t/t1/?code=ab", micro=False)


def modules(border: int) -> list[list[bool]]:
    """The code's modules with ``border`` light ones around (True: dark)."""
    return [[bool(module) for module in row] for row in CODE.matrix_iter(border=border)]


@pytest.mark.parametrize(("scale", "border", "dark", "light", "options"), [
    (5, 2, "#000000", "#ffffff", {}),
    (1, 0, "#000", "#fff", {}),
    (3, 4, "black", "white", {"xmldecl": True}),
    (7, 1, "#123", "#eee", {"encode_minimal": True, "omit_charset": True}),
])
def test_segnos_svg_paints_its_modules(scale: int, border: int, dark: str, light: str,
                                       options: dict[str, bool]) -> None:
    uri = CODE.svg_data_uri(scale=scale, border=border, dark=dark, light=light, **options)
    assert modules_from_svg_uri(uri, scale) == modules(border)


def test_a_base64_svg_reads_the_same() -> None:
    svg = unquote(CODE.svg_data_uri(scale=4, border=2, light="#fff").partition(",")[2])
    uri = "data:image/svg+xml;base64," + base64.b64encode(svg.encode()).decode()
    assert modules_from_svg_uri(uri, 4) == modules(2)


def test_an_svg_neither_dark_on_light_nor_of_the_scale_is_refused() -> None:
    with pytest.raises(SVGError, match="not painted"):  # no background: the page's shows
        modules_from_svg_uri(CODE.svg_data_uri(scale=2, border=2, light=None), 2)
    with pytest.raises(SVGError, match="neither dark nor light"):
        modules_from_svg_uri(CODE.svg_data_uri(scale=2, dark="#777777", light="#fff"), 2)
    with pytest.raises(SVGError, match="modules of 3 pixels"):
        modules_from_svg_uri(CODE.svg_data_uri(scale=2, border=2, light="#fff"), 3)
    with pytest.raises(SVGError, match="not an SVG data address"):
        modules_from_svg_uri("data:image/png;base64,AAAA", 2)


def test_half_blocks_are_two_rows_of_modules() -> None:
    assert modules_from_half_blocks(["\u2580\u2584 \u2588"]) == [[True, False, False, True],
                                                                [False, True, False, True]]
    with pytest.raises(ValueError, match="not a half block"):
        modules_from_half_blocks(["\u2580#"])


def png(image: Image.Image) -> bytes:
    """``image`` as PNG bytes, as a browser's screenshot comes."""
    out = io.BytesIO()
    image.save(out, format="PNG")
    return out.getvalue()


@pytest.mark.parametrize(("scale", "stretch"), [(3, 1.0), (2, 1.55), (1, 3.1), (4, 2.3)])
def test_a_screenshot_gives_its_modules(scale: int, stretch: float) -> None:
    out = io.BytesIO()
    CODE.save(out, kind="png", scale=scale, border=2)
    image = Image.open(io.BytesIO(out.getvalue())).convert("RGB")
    side = round(image.size[0] * stretch)
    image = image.resize((side, side), Image.Resampling.NEAREST)  # as CSS pixelated
    corners = ImageDraw.Draw(image)
    for x, y in ((0, 0), (side - 1, 0), (0, side - 1), (side - 1, side - 1)):
        corners.ellipse((x - 2, y - 2, x + 2, y + 2), fill=(0, 40, 0))  # the page behind
    assert modules_from_screenshot(png(image)) == modules(2)
    assert decode(modules_from_screenshot(png(image))).text == "http://h:1/t/t1/?code=ab"


def test_a_screenshot_of_no_code_is_refused() -> None:
    with pytest.raises(ValueError, match="no dark pixel"):
        modules_from_screenshot(png(Image.new("RGB", (40, 40), "white")))
