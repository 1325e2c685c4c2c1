"""The difficulty levels' names: the one list every layer reads.

Low in the layers on purpose: the options, the store and the computer players
(:class:`hearts.ai.levels.Level`) all take the levels from here.
"""

from __future__ import annotations

__all__ = ["LEVEL_LABELS", "LEVEL_NAMES", "level_choices"]

LEVEL_NAMES = ("beginner", "casual", "club", "strong", "expert")
"""The levels' names, weakest first: level ``n`` (1-5) is ``LEVEL_NAMES[n - 1]``.
Saved files (the options, the store, results) hold these names."""
LEVEL_LABELS = tuple(name.capitalize() for name in LEVEL_NAMES)
"""The names as shown to the player: ``Beginner`` .. ``Expert``."""


def level_choices() -> str:
    """How a level may be named, for help and error messages:
    ``1-5 or beginner, casual, club, strong, expert``."""
    return f"1-{len(LEVEL_NAMES)} or {', '.join(LEVEL_NAMES)}"
