"""The five difficulty levels."""

from __future__ import annotations

from enum import IntEnum

from hearts.levels import LEVEL_LABELS, LEVEL_NAMES, level_choices

__all__ = ["HINT_LEVEL", "Level"]


class Level(IntEnum):
    """The five difficulty levels, weakest first; ``str(level)`` is its display name.

    The members' names and order are :data:`hearts.levels.LEVEL_NAMES` (a test
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
