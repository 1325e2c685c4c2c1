"""People's names at a network table: checked where they arrive.

A name reaches every other person's screen, so it is refused unless it is
plain text: no control characters (a bell, an escape that retitles a window or
fills a clipboard), no formatting characters (the bidirectional overrides
that show a name reversed, zero-width joiners), at most :data:`MAX_NAME`
characters, with at least one letter or digit that shows (not a filler such as
U+3164, which is a "letter" drawn as nothing), and at most
:data:`MAX_MARKS` combining marks on one letter (marks piled high spill over
the lines of every other person's screen).
"""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_MARKS", "MAX_NAME", "BadName", "check_name", "name_key"]

MAX_NAME = 24
"""The longest name, in characters."""

MAX_MARKS = 2
"""The most combining marks on one character (enough for any language's accents)."""

_BLANK = frozenset("\u115f\u1160\u3164\uffa0\u2800\u17b4\u17b5\u180e\u034f")
"""Characters that count as letters (or marks) but are drawn as nothing: the
Hangul fillers, the Braille blank, and a few more ignorable ones."""

_REFUSED_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"})
"""Control, format (bidirectional overrides among them), surrogate, private-use
and unassigned characters, and line and paragraph separators."""


class BadName(ValueError):
    """A name that cannot be shown to the others; the text says why."""


def check_name(text: str) -> str:
    """``text`` as the table will show it (runs of spaces made one, none at
    either end), or :class:`BadName` saying why it cannot be."""
    for char in text:
        if unicodedata.category(char) in _REFUSED_CATEGORIES:
            raise BadName(f"a name may not hold control or formatting characters "
                          f"(U+{ord(char):04X})")
    marks = 0
    for char in text:
        marks = marks + 1 if unicodedata.category(char) in ("Mn", "Me") else 0
        if marks > MAX_MARKS:
            raise BadName(f"a name may have at most {MAX_MARKS} accents or marks on one "
                          "letter")
    name = " ".join(text.split())
    if not any(char.isalnum() and char not in _BLANK for char in name):
        raise BadName("a name needs at least one letter or digit that shows")
    if len(name) > MAX_NAME:
        raise BadName(f"a name has at most {MAX_NAME} characters")
    return name


def name_key(name: str) -> str:
    """What two names must share to be the same name at one table ("ann" is "Ann")."""
    return unicodedata.normalize("NFKC", name).casefold()
