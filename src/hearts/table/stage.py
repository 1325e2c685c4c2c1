"""Where the table stands: the stages of a hand at the table, for every part of
it and every front end."""

from __future__ import annotations

from enum import Enum

__all__ = ["Stage"]


class Stage(Enum):
    """Where the table stands."""

    IDLE = "idle"
    """Before the first deal, between hands, or after the game is over."""
    PASSING = "passing"
    """Cards are being chosen to pass."""
    RECEIVED = "received"
    """The cards just received are held up out of the hands."""
    PLAYING = "playing"
    """Tricks are being played."""
    TRICK_SHOW = "trick"
    """A finished trick is left on show for a moment."""
