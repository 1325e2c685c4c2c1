"""The tests' own QR code reader (tests/net/qrdecode.py) reads what a good encoder
(segno) writes, at every version, level, mask and mode, and refuses a code with a
module out of place rather than read it wrongly."""

from __future__ import annotations

import random
from typing import Any, cast

import pytest
import segno
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from segno import consts

from tests.net.qrdecode import QRError, decode

LEVELS = "LMQH"
BORDER = 4
CAPACITY = cast(dict[int, dict[int, int]], consts.SYMBOL_CAPACITY)
"""segno's data bits of each version at each level."""


def modules(code: segno.QRCode, border: int = BORDER) -> list[list[bool]]:
    """``code``'s modules with a light border (True: dark)."""
    return [[bool(module) for module in row] for row in code.matrix_iter(border=border)]


def make(content: Any, level: str = "M", **options: Any) -> segno.QRCode:
    """A QR code (never a micro one) of ``content`` at ``level`` exactly."""
    return segno.make(content, error=level, micro=False, boost_error=False, **options)


def flip(matrix: list[list[bool]], *places: tuple[int, int]) -> list[list[bool]]:
    """A copy of ``matrix`` with the modules at the code's ``places`` (row, column,
    counted inside the border) the other colour."""
    flipped = [row[:] for row in matrix]
    for row, column in places:
        flipped[row + BORDER][column + BORDER] = not flipped[row + BORDER][column + BORDER]
    return flipped


def test_every_version_reads_with_its_version_and_level() -> None:
    words = random.Random(40)
    for version in range(1, 41):
        level = LEVELS[version % 4]
        bits = CAPACITY[version][consts.ERROR_MAPPING[level]]
        length = (bits - 4 - (8 if version < 10 else 16)) // 8  # the code full of bytes
        text = "".join(words.choice("queen of spades, QS/?=") for _ in range(length))
        read = decode(modules(make(text, level, version=version, mode="byte")))
        assert (read.text, read.version, read.level, read.quiet) == (text, version, level, BORDER)


@pytest.mark.parametrize("level", LEVELS)
def test_each_level_and_mask_reads(level: str) -> None:
    for mask in range(8):
        read = decode(modules(make("http://127.0.0.1:4000/t/t1/?code=x", level, mask=mask)))
        assert (read.text, read.level, read.mask) == ("http://127.0.0.1:4000/t/t1/?code=x",
                                                      level, mask)


@pytest.mark.parametrize(("content", "text"), [
    ("0123456789012", "0123456789012"),               # numeric, 3 + 3 + 3 + 3 + 1
    ("01234567890", "01234567890"),                   # numeric ending in two digits
    ("HEARTS: $25 +10% A*B/C-D.E", "HEARTS: $25 +10% A*B/C-D.E"),  # alphanumeric
    ("HEART", "HEART"),                               # alphanumeric ending in one
    ("h\u00e9art", "h\u00e9art"),                      # bytes of ISO-8859-1
    ("\u2665 \u00e9 \u2660", "\u2665 \u00e9 \u2660"),  # bytes of UTF-8
    ("\u3053\u3093\u306b\u3061\u306f", "\u3053\u3093\u306b\u3061\u306f"),  # kanji
    ([("12345", consts.MODE_NUMERIC), ("ABC", consts.MODE_ALPHANUMERIC),
      ("/t/?x", consts.MODE_BYTE)], "12345ABC/t/?x"),  # three segments
])
def test_each_mode_reads(content: Any, text: str) -> None:
    for level in LEVELS:
        assert decode(modules(make(content, level))).text == text


def test_an_eci_sets_the_bytes_character_set() -> None:
    assert decode(modules(make("\u2665 h\u00e9art", eci=True))).text == "\u2665 h\u00e9art"
    assert decode(modules(make("h\u00e9art", eci=True, encoding="utf-8"))).text == "h\u00e9art"


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.text(st.characters(codec="utf-8"), min_size=1, max_size=300),
       level=st.sampled_from(LEVELS))
def test_any_text_reads_back(text: str, level: str) -> None:
    try:
        latin = text.encode("latin-1")
    except UnicodeEncodeError:
        latin = b""
    if latin and not latin.isascii():  # bytes that are both: a reader takes them as UTF-8
        try:
            latin.decode("utf-8")
            assume(False)
        except UnicodeDecodeError:
            pass
    try:
        code = make(text, level)
    except segno.DataOverflowError:
        assume(False)
    if code.mode == "kanji":  # segno 1.6.6 takes some Latin-1 pairs for kanji: 'àA'
        try:
            text.encode("shift_jis")
        except UnicodeEncodeError:
            assume(False)
    assert decode(modules(code)).text == text


@settings(max_examples=60, deadline=None)
@given(version=st.integers(1, 40), level=st.sampled_from(LEVELS), data=st.data())
def test_a_flipped_data_module_fails_the_reed_solomon_check(version: int, level: str,
                                                            data: st.DataObject) -> None:
    matrix = modules(make("x" * version, level, version=version))
    size = 4 * version + 17
    # the two right-hand columns below the upper right finder hold only data
    place = (data.draw(st.integers(9, size - 1)), size - 1 - data.draw(st.integers(0, 1)))
    with pytest.raises(QRError, match="Reed-Solomon"):
        decode(flip(matrix, place))


def format_places(size: int) -> list[tuple[int, int]]:
    """Both copies of the format information, where they lie (with the timing
    and dark modules among them, the same in every code of a version)."""
    return ([(8, k) for k in range(9)] + [(k, 8) for k in range(8)]
            + [(8, size - 1 - k) for k in range(8)] + [(size - 1 - k, 8) for k in range(8)])


def test_a_broken_format_information_is_refused() -> None:
    code = modules(make("http://h:1/t/t1/?code=ab", "M", mask=0))
    size = len(code) - 2 * BORDER
    with pytest.raises(QRError, match="first copy of the format information"):
        decode(flip(code, (8, 1)))
    with pytest.raises(QRError, match="second copy of the format information"):
        decode(flip(code, (8, size - 2)))
    with pytest.raises(QRError, match="first copy"):
        decode(flip(code, (8, 1), (8, size - 2)))  # the same bit in both
    # another mask's format information (a good BCH codeword) in one copy, then both
    other = modules(make("http://h:1/t/t1/?code=ab", "M", mask=5))
    swapped = [row[:] for row in code]
    for i, j in format_places(size)[:17]:
        swapped[i + BORDER][j + BORDER] = other[i + BORDER][j + BORDER]
    with pytest.raises(QRError, match="copies of the format information differ"):
        decode(swapped)
    for i, j in format_places(size)[17:]:
        swapped[i + BORDER][j + BORDER] = other[i + BORDER][j + BORDER]
    with pytest.raises(QRError, match="Reed-Solomon"):
        decode(swapped)  # unmasked with the wrong mask


def test_broken_patterns_and_version_information_are_refused() -> None:
    code = modules(make("x" * 100, "M", version=7))
    size = 45
    assert decode(code).version == 7
    for place, message in [((3, 3), "finder pattern at \\(0, 0\\)"),
                           ((1, size - 2), "finder pattern at \\(0, 38\\)"),
                           ((size - 8, 3), "finder pattern at \\(38, 0\\)"),
                           ((6, 11), "timing"),
                           ((22, 22), "alignment pattern at \\(22, 22\\)"),
                           ((0, size - 11), "upper right version information"),
                           ((size - 11, 5), "lower left version information"),
                           ((size - 8, 8), "dark module")]:
        with pytest.raises(QRError, match=message):
            decode(flip(code, place))


def test_a_code_without_its_light_border_is_refused() -> None:
    code = make("http://h:1/t/t1/?code=ab")
    with pytest.raises(QRError, match="no light border"):
        decode(modules(code, border=0))
    with pytest.raises(QRError, match="no light border"):
        decode([[not module for module in row] for row in modules(code)])
    assert decode(modules(code, border=1)).quiet == 1
    with pytest.raises(QRError, match="no dark module"):
        decode([[False] * 30 for _ in range(30)])
    cut = modules(code)[:-BORDER - 1]
    with pytest.raises(QRError, match="span"):
        decode(cut)
