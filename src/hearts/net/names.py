"""People's names at a network table: checked where they arrive.

A name reaches every other person's screen, so it is refused unless it is
plain text: no control characters (a bell, an escape that retitles a window or
fills a clipboard), no formatting characters (the bidirectional overrides
that show a name reversed, zero-width joiners), at most :data:`MAX_NAME`
characters, with at least one letter or digit.
"""

from __future__ import annotations

import unicodedata

__all__ = ["MAX_NAME", "BadName", "check_name", "name_key"]

MAX_NAME = 24
"""The longest name, in characters."""

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
    name = " ".join(text.split())
    if not any(char.isalnum() for char in name):
        raise BadName("a name needs at least one letter or digit")
    if len(name) > MAX_NAME:
        raise BadName(f"a name has at most {MAX_NAME} characters")
    return name


def name_key(name: str) -> str:
    """What two names must share to be the same name at one table ("ann" is "Ann")."""
    return unicodedata.normalize("NFKC", name).casefold()
