"""The page ``hearts join`` shows when the table refused to seat the person: the
reason, on its own, and the way out (never an empty table with buttons that
cannot be used)."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from hearts.tui.base import FitScreen
from hearts.tui.widgets import GameButton

__all__ = ["RefusedScreen"]


class RefusedScreen(FitScreen):
    """Why the table would not seat this person; ``x``, return or Quit leave."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x,enter,escape,q", "quit", "Quit", show=False),
    ]

    def __init__(self, reason: str) -> None:
        super().__init__(id="refused-screen")
        self.reason = reason
        """What the table said, in words."""

    def compose(self) -> ComposeResult:
        """The reason and a Quit button."""
        with Vertical(id="main"):
            yield Static("The table did not seat you", id="refused-title", markup=False)
            yield Static(self.reason, id="refused-reason", markup=False)
            yield Static("Press x (or return) to quit.", id="refused-keys", markup=False)
            yield GameButton("Quit", "quit")
        yield Static("", classes="too-small", markup=False)

    def action_quit(self) -> None:
        """Leave ``hearts join``."""
        self.app.exit()
