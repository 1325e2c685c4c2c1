"""Quick reactions in the terminal (``hearts join``): the words of each, the
reactions shown by their seats for a few seconds, and the person's mute, kept
in ``reactions.json`` in the data folder (the page that sends one is
:mod:`hearts.tui.reactions_page`)."""

from __future__ import annotations

import contextlib
import json
import os
import time
from pathlib import Path

from hearts.cards import Seat
from hearts.paths import set_aside, short_path, write_atomically
from hearts.words import fill, words

__all__ = ["REACTION_SECONDS", "Shown", "load_muted", "reaction_words", "said_text",
           "save_muted"]

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


def load_muted(path: str | os.PathLike[str]) -> tuple[bool, str | None]:
    """Whether the person muted reactions (kept in ``path``), and a notice when the
    file could not be read (it is set aside, and reactions are shown)."""
    place = Path(path)
    try:
        if place.stat().st_size > 4096:
            raise ValueError("too large")
        muted = json.loads(place.read_text(encoding="utf-8"))["muted"]
        if not isinstance(muted, bool):
            raise ValueError("'muted' is not true or false")
        return muted, None
    except FileNotFoundError:
        return False, None
    except (OSError, ValueError, KeyError, TypeError) as error:
        try:
            aside = set_aside(place)
            return False, (f"The reactions file could not be read ({error}); it was kept as "
                           f"{short_path(aside)}")
        except OSError:
            return False, f"The reactions file {short_path(place)} could not be read"


def save_muted(path: str | os.PathLike[str], muted: bool) -> None:
    """Keep the person's mute in ``path`` (whole or not at all; a mute not kept
    loses no play, so a write that fails is left)."""
    place = Path(path)
    with contextlib.suppress(OSError):
        place.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(place, [json.dumps({"version": 1, "muted": muted}) + "\n"])
