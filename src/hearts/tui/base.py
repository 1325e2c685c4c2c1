"""What every page of the game shares: the minimum size and the too-small notice."""

from __future__ import annotations

from textual import events
from textual.screen import Screen
from textual.widgets import Static

__all__ = ["MIN_HEIGHT", "MIN_WIDTH", "FitScreen", "too_small_text"]

MIN_WIDTH = 80
"""The narrowest terminal the table fits."""
MIN_HEIGHT = 24
"""The shortest terminal the table fits."""


def too_small_text(width: int, height: int) -> str:
    """The notice shown when the terminal is below the minimum size."""
    return (f"The terminal is too small for Hearts.\n\n"
            f"It must be at least {MIN_WIDTH} x {MIN_HEIGHT}; it is {width} x {height} now.\n\n"
            "Enlarge the window to carry on; the game is kept.")


class FitScreen(Screen[object]):
    """A page that hides itself behind a notice when the terminal is too small.

    Subclasses compose a container with id ``main`` and a ``Static`` with the
    class ``too-small``.
    """

    def on_mount(self) -> None:
        """Check the size as the page appears."""
        self.fit(self.app.size.width, self.app.size.height)

    def on_resize(self, event: events.Resize) -> None:
        """Check the size whenever the terminal changes."""
        self.fit(event.size.width, event.size.height)

    def fit(self, width: int, height: int) -> None:
        """Show the page, or the too-small notice."""
        small = width < MIN_WIDTH or height < MIN_HEIGHT
        notice = self.query_one(".too-small", Static)
        if small:
            notice.update(too_small_text(width, height))
        notice.display = small
        for child in self.query_children("#main"):
            child.display = not small
        for child in self.query_children(".status"):
            child.display = not small
