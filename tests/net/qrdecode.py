"""A small QR code reader for the tests, written from the QR standard (ISO/IEC
18004) and independent of the encoder the product uses: it reads a matrix of
modules (dark is True) with a light quiet border the way a phone's camera would
after sampling, and refuses loudly whatever a camera could not read or would
read wrongly.

It finds the code in its border, checks the finder and timing patterns, reads
both copies of the format information (and of the version information from
version 7) with their BCH codes, unmasks, reads the codewords in the zig-zag
order around the function patterns, de-interleaves the blocks, recomputes every
block's Reed-Solomon codewords (a code with one wrong module fails; nothing is
corrected) and parses the numeric, alphanumeric, byte, kanji and ECI segments.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass

__all__ = ["Decoded", "QRError", "decode"]

Matrix = Sequence[Sequence[bool]]
"""Rows of modules, top to bottom, each left to right (True: dark)."""


class QRError(ValueError):
    """A matrix that is not a QR code this reader can read, and why."""


@dataclass(frozen=True)
class Decoded:
    """What a QR code says, and how it was written."""

    text: str
    version: int
    level: str
    """The error correction level: L, M, Q or H."""
    mask: int
    quiet: int
    """Light modules between the code and the matrix's edge, at the narrowest side."""


_LEVELS = {0b01: "L", 0b00: "M", 0b11: "Q", 0b10: "H"}
"""The format information's two bits of the error correction level."""

_FORMAT_MASK = 0b101010000010010
_FORMAT_POLY = 0b10100110111      # x^10 + x^8 + x^5 + x^4 + x^2 + x + 1
_VERSION_POLY = 0b1111100100101   # x^12 + x^11 + x^10 + x^9 + x^8 + x^5 + x^2 + 1

_MASKS: dict[int, Callable[[int, int], bool]] = {
    0: lambda i, j: (i + j) % 2 == 0,
    1: lambda i, j: i % 2 == 0,
    2: lambda i, j: j % 3 == 0,
    3: lambda i, j: (i + j) % 3 == 0,
    4: lambda i, j: (i // 2 + j // 3) % 2 == 0,
    5: lambda i, j: (i * j) % 2 + (i * j) % 3 == 0,
    6: lambda i, j: ((i * j) % 2 + (i * j) % 3) % 2 == 0,
    7: lambda i, j: ((i + j) % 2 + (i * j) % 3) % 2 == 0,
}
"""The data masks: a module at row i, column j is inverted where the rule holds."""

# Per error correction level, for versions 1 to 40: the Reed-Solomon codewords of
# each block, and the number of blocks (ISO/IEC 18004, table 9).
_EC_PER_BLOCK = {
    "L": "7 10 15 20 26 18 20 24 30 18 20 24 26 30 22 24 28 30 28 28 28 28 30 30 26 28 30"
         + " 30" * 13,
    "M": "10 16 26 18 24 16 18 22 22 26 30 22 22 24 24 28 28 26 26 26 26" + " 28" * 19,
    "Q": "13 22 18 26 18 24 18 22 20 24 28 26 24 20 30 24 28 28 26 30 28 30 30 30 30 28"
         + " 30" * 14,
    "H": "17 28 22 16 22 28 26 26 24 28 24 28 22 24 24 30 28 28 26 28 30 24" + " 30" * 18,
}
_BLOCKS = {
    "L": "1 1 1 1 1 2 2 2 2 4 4 4 4 4 6 6 6 6 7 8 8 9 9 10 12 12 12 13 14 15 16 17 18 19"
         " 19 20 21 22 24 25",
    "M": "1 1 1 2 2 4 4 4 5 5 5 8 9 9 10 10 11 13 14 16 17 17 18 20 21 23 25 26 28 29 31"
         " 33 35 37 38 40 43 45 47 49",
    "Q": "1 1 2 2 4 4 6 6 8 8 8 10 12 16 12 17 16 18 21 20 23 23 25 27 29 34 34 35 38 40"
         " 43 45 48 51 53 56 59 62 65 68",
    "H": "1 1 2 4 4 4 5 6 8 8 11 11 16 16 18 16 19 21 25 25 25 34 30 32 35 37 40 42 45 48"
         " 51 54 57 60 63 66 70 74 77 81",
}

_ALPHANUMERIC = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"


def decode(matrix: Matrix) -> Decoded:
    """The text of the one QR code (model 2, not micro) in ``matrix``; raises
    :class:`QRError` saying what is wrong where a module is out of place."""
    code, quiet = _crop(matrix)
    size = len(code)
    version = (size - 17) // 4
    _check_patterns(code, version)
    level, mask = _format(code)
    if version >= 7:
        _check_version(code, version)
    function = _function_modules(version)
    inverted = _MASKS[mask]
    bits = [code[i][j] != inverted(i, j) for i, j in _zigzag(size) if not function[i][j]]
    codewords = [sum(bit << (7 - k) for k, bit in enumerate(bits[n:n + 8]))
                 for n in range(0, len(bits) - 7, 8)]
    data = _deinterleave(codewords, version, level)
    return Decoded(_parse(data, version), version, level, mask, quiet)


def _crop(matrix: Matrix) -> tuple[list[list[bool]], int]:
    """The code's modules without the border, and the border's narrowest width."""
    if len({len(row) for row in matrix}) != 1:
        raise QRError("the matrix's rows are not all as long")
    dark_rows = [i for i, row in enumerate(matrix) if any(row)]
    dark_columns = [j for j in range(len(matrix[0])) if any(row[j] for row in matrix)]
    if not dark_rows:
        raise QRError("no dark module: no code")
    top, bottom, left, right = dark_rows[0], dark_rows[-1], dark_columns[0], dark_columns[-1]
    size = bottom - top + 1
    if right - left + 1 != size:
        raise QRError(f"the dark modules span {right - left + 1} columns and {size} rows")
    if size < 21 or size > 177 or (size - 17) % 4:
        raise QRError(f"no QR code is {size} modules wide")
    quiet = min(top, left, len(matrix) - 1 - bottom, len(matrix[0]) - 1 - right)
    if quiet < 1:
        raise QRError("the code has no light border (are dark and light swapped?)")
    return [list(row[left:right + 1]) for row in matrix[top:bottom + 1]], quiet


def _check_patterns(code: list[list[bool]], version: int) -> None:
    """The three finder patterns with their light separators, the timing and the
    alignment patterns."""
    size = len(code)
    for top, left in ((0, 0), (0, size - 7), (size - 7, 0)):
        for i in range(-1, 8):
            for j in range(-1, 8):
                if not (0 <= top + i < size and 0 <= left + j < size):
                    continue
                ring = max(abs(i - 3), abs(j - 3))
                if code[top + i][left + j] != (ring != 2 and ring != 4):
                    raise QRError(f"the finder pattern at ({top}, {left}) is broken")
    for k in range(8, size - 8):
        if code[6][k] != (k % 2 == 0) or code[k][6] != (k % 2 == 0):
            raise QRError(f"the timing pattern is broken at {k}")
    for i, j in _alignment_centres(version):
        for di in range(-2, 3):
            for dj in range(-2, 3):
                if code[i + di][j + dj] != (max(abs(di), abs(dj)) != 1):
                    raise QRError(f"the alignment pattern at ({i}, {j}) is broken")


def _remainder(value: int, poly: int) -> int:
    """``value`` modulo ``poly``, both polynomials over GF(2) as bits."""
    while value.bit_length() >= poly.bit_length():
        value ^= poly << (value.bit_length() - poly.bit_length())
    return value


def _format(code: list[list[bool]]) -> tuple[str, int]:
    """The error correction level and mask, from both copies of the format
    information (each must be a codeword of its BCH code, and they must agree)."""
    size = len(code)
    first = [*((i, 8) for i in range(6)), (7, 8), (8, 8), (8, 7),
             *((8, j) for j in range(5, -1, -1))]
    second = [(8, size - 1 - k) for k in range(8)] + [(size - 7 + k, 8) for k in range(7)]
    words = [sum(code[i][j] << bit for bit, (i, j) in enumerate(copy)) ^ _FORMAT_MASK
             for copy in (first, second)]
    for word, name in zip(words, ("first", "second"), strict=True):
        if _remainder(word, _FORMAT_POLY):
            raise QRError(f"the {name} copy of the format information fails its BCH check")
    if words[0] != words[1]:
        raise QRError("the two copies of the format information differ")
    if not code[size - 8][8]:
        raise QRError("the dark module beside the lower finder is light")
    return _LEVELS[words[0] >> 13], (words[0] >> 10) & 0b111


def _check_version(code: list[list[bool]], version: int) -> None:
    """Both copies of the version information (versions 7 and up) are ``version``'s."""
    size = len(code)
    expected = version << 12 | _remainder(version << 12, _VERSION_POLY)
    upper_right = [(bit // 3, size - 11 + bit % 3) for bit in range(18)]
    lower_left = [(j, i) for i, j in upper_right]
    for name, copy in (("upper right", upper_right), ("lower left", lower_left)):
        word = sum(code[i][j] << bit for bit, (i, j) in enumerate(copy))
        if word != expected:
            raise QRError(f"the {name} version information is not version {version}'s")


def _alignment_centres(version: int) -> list[tuple[int, int]]:
    """The alignment patterns' centres (row, column): every pair of the version's
    coordinates but those under a finder pattern."""
    if version == 1:
        return []
    count, last = version // 7 + 2, 4 * version + 10
    spread = -(-(last - 6) // (count - 1))  # evenly spread, rounded up to even
    step = 26 if version == 32 else spread + spread % 2  # (version 32 the exception)
    places = [6] + [last - step * k for k in range(count - 2, -1, -1)]
    return [(i, j) for i in places for j in places
            if (i, j) not in {(6, 6), (6, last), (last, 6)}]


def _function_modules(version: int) -> list[list[bool]]:
    """Where the function patterns are (finders with separators and format
    information, timing, alignment, version information): no data there."""
    size = 4 * version + 17
    taken = [[False] * size for _ in range(size)]

    def take(top: int, left: int, height: int, width: int) -> None:
        for i in range(top, top + height):
            taken[i][left:left + width] = [True] * width

    take(0, 0, 9, 9)
    take(0, size - 8, 9, 8)
    take(size - 8, 0, 8, 9)
    take(6, 0, 1, size)
    take(0, 6, size, 1)
    for i, j in _alignment_centres(version):
        take(i - 2, j - 2, 5, 5)
    if version >= 7:
        take(0, size - 11, 6, 3)
        take(size - 11, 0, 3, 6)
    return taken


def _zigzag(size: int) -> Iterator[tuple[int, int]]:
    """Every module in the order the codewords' bits are placed: two columns at a
    time from the right, up then down, stepping over the vertical timing pattern."""
    right, upward = size - 1, True
    while right > 0:
        if right == 6:
            right = 5
        for i in range(size - 1, -1, -1) if upward else range(size):
            yield i, right
            yield i, right - 1
        right, upward = right - 2, not upward


def _gf_tables() -> tuple[list[int], list[int]]:
    """Powers and logarithms of GF(256) built on x^8 + x^4 + x^3 + x^2 + 1."""
    power, log = [0] * 510, [0] * 256
    value = 1
    for k in range(255):
        power[k] = power[k + 255] = value
        log[value] = k
        value <<= 1
        if value & 0x100:
            value ^= 0x11D
    return power, log


_POWER, _LOG = _gf_tables()


def _times(a: int, b: int) -> int:
    return 0 if a == 0 or b == 0 else _POWER[_LOG[a] + _LOG[b]]


def _error_codewords(data: Sequence[int], count: int) -> list[int]:
    """The ``count`` Reed-Solomon codewords of ``data``: the remainder of
    data(x)·x^count divided by the generator (x - a^0)(x - a^1)...(x - a^(count-1))."""
    generator = [1]
    for k in range(count):
        generator = [a ^ _times(b, _POWER[k])
                     for a, b in zip([*generator, 0], [0, *generator], strict=True)]
    rest = [*data, *([0] * count)]
    for n in range(len(data)):
        factor = rest[n]
        if factor:
            for k, coefficient in enumerate(generator):
                rest[n + k] ^= _times(coefficient, factor)
    return rest[-count:]


def _deinterleave(codewords: list[int], version: int, level: str) -> list[int]:
    """The data codewords, block after block, once every block's error
    correction codewords are found as they should be."""
    total = len(codewords)
    blocks = int(_BLOCKS[level].split()[version - 1])
    ec = int(_EC_PER_BLOCK[level].split()[version - 1])
    short = blocks - total % blocks
    sizes = [total // blocks - ec + (b >= short) for b in range(blocks)]
    data: list[list[int]] = [[] for _ in range(blocks)]
    stream = iter(codewords)
    for k in range(max(sizes)):
        for block, size in zip(data, sizes, strict=True):
            if k < size:
                block.append(next(stream))
    checks: list[list[int]] = [[] for _ in range(blocks)]
    for _ in range(ec):
        for check in checks:
            check.append(next(stream))
    for b, (block, check) in enumerate(zip(data, checks, strict=True)):
        if _error_codewords(block, ec) != check:
            raise QRError(f"block {b + 1} of {blocks} fails its Reed-Solomon check")
    return [word for block in data for word in block]


class _Bits:
    """The data codewords read as a stream of bits, most significant first."""

    def __init__(self, codewords: list[int]) -> None:
        self.bits = [word >> (7 - k) & 1 for word in codewords for k in range(8)]
        self.at = 0

    def left(self) -> int:
        return len(self.bits) - self.at

    def read(self, count: int) -> int:
        if count > self.left():
            raise QRError("a segment runs past the data")
        value = 0
        for bit in self.bits[self.at:self.at + count]:
            value = value << 1 | bit
        self.at += count
        return value


def _parse(codewords: list[int], version: int) -> str:
    """The text of the data's segments, up to the terminator or the end."""
    bits, text, charset = _Bits(codewords), [], ""
    group = 0 if version <= 9 else 1 if version <= 26 else 2
    while bits.left() >= 4:
        mode = bits.read(4)
        if mode == 0b0000:
            break
        if mode == 0b0111:  # ECI: the byte segments' character set
            number = _eci(bits)
            charset = {3: "latin-1", 26: "utf-8", 20: "shift_jis"}.get(number, "")
            if not charset:
                raise QRError(f"ECI {number} is not a character set this reader knows")
            continue
        count_width = {0b0001: (10, 12, 14), 0b0010: (9, 11, 13), 0b0100: (8, 16, 16),
                       0b1000: (8, 10, 12)}.get(mode)
        if count_width is None:
            raise QRError(f"mode {mode:04b} is not one this reader knows")
        count = bits.read(count_width[group])
        if mode == 0b0001:
            text.append(_numeric(bits, count))
        elif mode == 0b0010:
            text.append(_alphanumeric(bits, count))
        elif mode == 0b0100:
            raw = bytes(bits.read(8) for _ in range(count))
            text.append(_byte_text(raw, charset))
        else:
            text.append(_kanji(bits, count))
    return "".join(text)


def _eci(bits: _Bits) -> int:
    """An ECI designator: one, two or three bytes, told by the first's high bits."""
    first = bits.read(8)
    if first < 0x80:
        return first
    if first < 0xC0:
        return (first & 0x3F) << 8 | bits.read(8)
    if first < 0xE0:
        return (first & 0x1F) << 16 | bits.read(16)
    raise QRError(f"no ECI designator starts {first:08b}")


def _numeric(bits: _Bits, count: int) -> str:
    """``count`` digits: three in 10 bits, and the last two in 7 or one in 4."""
    digits = []
    for done in range(0, count, 3):
        width, most = {1: (4, 9), 2: (7, 99)}.get(count - done, (10, 999))
        value = bits.read(width)
        if value > most:
            raise QRError(f"{value} is not a group of numeric mode")
        digits.append(str(value).zfill(min(3, count - done)))
    return "".join(digits)


def _alphanumeric(bits: _Bits, count: int) -> str:
    """``count`` characters of the 45: two in 11 bits, a last one in 6."""
    chars: list[str] = []
    for done in range(0, count, 2):
        if count - done == 1:
            indices = [bits.read(6)]
        else:
            value = bits.read(11)
            indices = [value // 45, value % 45]
        if max(indices) >= len(_ALPHANUMERIC):
            raise QRError("a character out of alphanumeric mode's 45")
        chars.extend(_ALPHANUMERIC[k] for k in indices)
    return "".join(chars)


def _byte_text(raw: bytes, charset: str) -> str:
    """A byte segment's text: in the ECI's character set if one was given, else
    UTF-8 where the bytes are UTF-8 (as encoders write and phones read) and
    ISO-8859-1 (the standard's default) where they are not."""
    try:
        return raw.decode(charset or "utf-8")
    except UnicodeDecodeError:
        if charset:
            raise QRError(f"a byte segment is not {charset}") from None
        return raw.decode("latin-1")


def _kanji(bits: _Bits, count: int) -> str:
    """``count`` Shift JIS double bytes, 13 bits each."""
    raw = bytearray()
    for _ in range(count):
        value = bits.read(13)
        double = (value // 0xC0) << 8 | value % 0xC0
        raw += (double + (0x8140 if double < 0x1F00 else 0xC140)).to_bytes(2, "big")
    try:
        return raw.decode("shift_jis")
    except UnicodeDecodeError:
        raise QRError("a kanji segment is not Shift JIS") from None
