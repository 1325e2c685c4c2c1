"""Quick reactions in the terminal (``hearts join``): the words of each, and the
reactions shown by their seats for a few seconds (the page that sends one is
:mod:`hearts.tui.reactions_page`)."""

from __future__ import annotations

import time

from hearts.cards import Seat
from hearts.words import fill, words

__all__ = ["REACTION_SECONDS", "Shown", "reaction_words", "said_text"]

REACTION_SECONDS = 5.0
"""How long a reaction stays by its seat."""


def reaction_words(name: str) -> str | None:
    """The words of the reaction ``name`` (None for one this client has none for:
    a newer server's, which is left out)."""
    said = words("reactions.words")
    text = said.get(name) if isinstance(said, dict) else None
    return text if isinstance(text, str) else None


class Shown:
    """The reactions on show, by seat, each until its time is up; and whether the
    person muted them (then nothing is shown)."""

    def __init__(self, seconds: float = REACTION_SECONDS) -> None:
        self.seconds = seconds
        """How long each stays."""
        self.muted = False
        """The person does not want to see reactions."""
        self._shown: dict[Seat, tuple[str, float]] = {}

    def show(self, seat: Seat, text: str) -> None:
        """Show ``text`` by ``seat`` (in place of one shown there already)."""
        if not self.muted:
            self._shown[seat] = (text, time.monotonic() + self.seconds)

    def at(self, seat: Seat) -> str | None:
        """The reaction by ``seat`` now, if one is on show."""
        shown = self._shown.get(seat)
        if shown is None or shown[1] <= time.monotonic() or self.muted:
            return None
        return shown[0]

    def toggle_mute(self) -> bool:
        """Mute reactions, or show them again; True when muted now."""
        self.muted = not self.muted
        self._shown.clear()
        return self.muted


def said_text(who: str, text: str, yours: bool) -> str:
    """A reaction as the status line says it: "Bob: Nice play!" or "You: Thanks!"."""
    return fill(str(words("reactions.said-you" if yours else "reactions.said")),
                who=who, what=text)
