"""The difficulty levels: their names, the one list every layer reads, and
:class:`Level`.

Low in the layers on purpose: the options, the store, the table's flow and the
computer players all take the levels from here, so that naming a level never
loads a computer player (:mod:`hearts.ai.levels` gives the same names).
"""

from __future__ import annotations

from enum import IntEnum

__all__ = ["HINT_LEVEL", "LEVEL_LABELS", "LEVEL_NAMES", "Level", "level_choices"]

LEVEL_NAMES = ("beginner", "casual", "club", "strong", "expert")
"""The levels' names, weakest first: level ``n`` (1-5) is ``LEVEL_NAMES[n - 1]``.
Saved files (the options, the store, results) hold these names."""
LEVEL_LABELS = tuple(name.capitalize() for name in LEVEL_NAMES)
"""The names as shown to the player: ``Beginner`` .. ``Expert``."""


def level_choices() -> str:
    """How a level may be named, for help and error messages:
    ``1-5 or beginner, casual, club, strong, expert``."""
    return f"1-{len(LEVEL_NAMES)} or {', '.join(LEVEL_NAMES)}"


class Level(IntEnum):
    """The five difficulty levels, weakest first; ``str(level)`` is its display name.

    The members' names and order are :data:`LEVEL_NAMES` (a test
    holds them together); names and labels are read from there.
    """

    BEGINNER = 1
    CASUAL = 2
    CLUB = 3
    STRONG = 4
    EXPERT = 5

    @property
    def label(self) -> str:
        """The display name: ``Beginner`` .. ``Expert``."""
        return LEVEL_LABELS[self - 1]

    @property
    def searches(self) -> bool:
        """True for the levels that search (Strong and Expert)."""
        return self >= Level.STRONG

    @classmethod
    def parse(cls, text: str | int) -> Level:
        """A level from its number (``"4"``) or its name (``"strong"``), any case."""
        key = str(text).strip()
        if key.isdigit() and 1 <= int(key) <= len(LEVEL_NAMES):
            return cls(int(key))
        if key.lower() in LEVEL_NAMES:
            return cls(LEVEL_NAMES.index(key.lower()) + 1)
        raise ValueError(f"not a level: {text!r} (use {level_choices()})")

    def __str__(self) -> str:
        return self.label


HINT_LEVEL = Level.EXPERT
"""The level whose decision the hint shows."""
