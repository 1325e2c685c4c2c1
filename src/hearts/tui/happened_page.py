"""What happened at a table of friends (``hearts join``), in words: ``w`` opens
it over the table, the newest line last; any key goes back. The lines are the
ones the server's events told (each card played, each trick taken, the pass),
so a person who looked away, or reads with a screen reader, can catch up."""

from __future__ import annotations

from collections.abc import Sequence

from textual import events
from textual.app import ComposeResult
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Static

from hearts.words import words

__all__ = ["HappenedScreen"]


class HappenedScreen(ModalScreen[None]):
    """The lines of what happened, oldest first, scrolled to the newest."""

    def __init__(self, lines: Sequence[str]) -> None:
        super().__init__(id="happened-screen")
        self.lines = tuple(lines)
        """What is shown, oldest first."""

    def compose(self) -> ComposeResult:
        """The title, the lines (or a word that there are none yet) and the keys."""
        with Vertical(id="happened-box"):
            yield Static(str(words("happened.title")), id="happened-title", markup=False)
            with VerticalScroll(id="happened-lines"):
                text = "\n".join(self.lines) or str(words("happened.none"))
                yield Static(text, id="happened-text", markup=False)
            yield Static(str(words("happened.keys")), id="happened-keys", markup=False)

    def on_mount(self) -> None:
        """Draw in ASCII if the app does, and show the newest lines."""
        if getattr(self.app, "ascii_only", False):
            self.add_class("ascii")
        self.query_one("#happened-lines", VerticalScroll).scroll_end(animate=False)

    def on_key(self, event: events.Key) -> None:
        """Up and down scroll; any other key goes back to the table."""
        if event.key in ("up", "down", "pageup", "pagedown", "home", "end"):
            return
        event.stop()
        self.dismiss(None)

    def on_click(self, event: events.Click) -> None:
        """A click goes back too."""
        event.stop()
        self.dismiss(None)
