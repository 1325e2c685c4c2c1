"""The five difficulty levels."""

from __future__ import annotations

from enum import IntEnum

__all__ = ["Level"]


class Level(IntEnum):
    """The five difficulty levels, weakest first; ``str(level)`` is its display name."""

    BEGINNER = 1
    CASUAL = 2
    CLUB = 3
    STRONG = 4
    EXPERT = 5

    @property
    def label(self) -> str:
        """The display name: ``Beginner`` .. ``Expert``."""
        return self.name.capitalize()

    @property
    def searches(self) -> bool:
        """True for the levels that search (Strong and Expert)."""
        return self >= Level.STRONG

    @classmethod
    def parse(cls, text: str | int) -> Level:
        """A level from its number (``"4"``) or its name (``"strong"``), any case."""
        key = str(text).strip()
        if key.isdigit() and 1 <= int(key) <= 5:
            return cls(int(key))
        for level in cls:
            if level.name == key.upper():
                return level
        raise ValueError(
            f"not a level: {text!r} (use 1-5 or beginner, casual, club, strong, expert)")

    def __str__(self) -> str:
        return self.label
