"""The pages ``hearts join`` shows before the person has a seat: while it
connects, and when the table refused to seat them (the reason, on its own, and
the way out): never an empty table with buttons that cannot be used."""

from __future__ import annotations

from typing import ClassVar

from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical
from textual.widgets import Static

from hearts.tui.base import FitScreen
from hearts.tui.widgets import GameButton

__all__ = ["ConnectingScreen", "RefusedScreen"]


class RefusedScreen(FitScreen):
    """Why the table would not seat this person; ``x``, return or Quit leave."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x,enter,escape,q", "quit", "Quit", show=False),
    ]

    def __init__(self, reason: str, title: str = "The table did not seat you") -> None:
        super().__init__(id="refused-screen")
        self.reason = reason
        """What the table said, in words."""
        self.heading = title
        """What happened, in a few words."""

    def compose(self) -> ComposeResult:
        """The reason and a Quit button."""
        with Vertical(id="main"):
            yield Static(self.heading, id="refused-title", markup=False)
            yield Static(self.reason, id="refused-reason", markup=False)
            yield Static("Press x (or return) to quit.", id="refused-keys", markup=False)
            yield GameButton("Quit", "quit")
        yield Static("", classes="too-small", markup=False)

    def action_quit(self) -> None:
        """Leave ``hearts join``."""
        self.app.exit()


class ConnectingScreen(FitScreen):
    """Connecting to the table: where, and what went wrong so far; ``x`` quits,
    ``v`` reviews the last hand kept here meanwhile."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("x,escape,q", "quit", "Quit", show=False),
        Binding("v", "review", "Review the last hand", show=False),
    ]

    def __init__(self, address: str) -> None:
        super().__init__(id="connecting-screen")
        self.address = address
        """Where the table is."""

    def compose(self) -> ComposeResult:
        """Where, how it goes, and a Quit button."""
        with Vertical(id="main"):
            yield Static(f"Connecting to the table at {self.address}...",
                         id="connecting-title", markup=False)
            yield Static("", id="connecting-trouble", markup=False)
            yield Static("Press x to quit.", id="connecting-keys", markup=False)
            yield GameButton("Quit", "quit")
        yield Static("", classes="too-small", markup=False)

    def action_review(self) -> None:
        """Review the last hand kept here (the app says if there is none)."""
        open_review = getattr(self.app, "open_review", None)
        if callable(open_review):
            open_review()

    def trouble(self, text: str) -> None:
        """Say what went wrong with the last try."""
        for line in self.query("#connecting-trouble").results(Static):
            line.update(text)  # none while the page is put up or taken down

    def action_quit(self) -> None:
        """Leave ``hearts join``."""
        self.app.exit()
