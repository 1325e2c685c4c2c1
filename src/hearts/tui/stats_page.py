"""The statistics page: how you play, per level and in total, from the store; with
kept reviews, a chart of the points you gave away a decision, hand by hand,
first on the page (textual-plotext)."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Static
from textual_plotext import PlotextPlot

from hearts.paths import short_path
from hearts.store import Store, statistics
from hearts.store.dailies import daily_figures
from hearts.store.report import daily_table, draw_trend, review_table, stats_table
from hearts.store.reviews import Reviews, reviewed_hands
from hearts.tui.base import HelpKeysScreen
from hearts.tui.widgets import GameButton

__all__ = ["StatsScreen", "TrendChart", "stats_renderable"]

_NOTE = ("Abandoned and assisted (hint or undo) matches are counted on their own, "
         "never as losses.")


def _reviews(store: Store) -> Reviews | None:
    """The kept reviews the statistics count, or None when they cannot be read."""
    db = store.connection
    if db is None:
        return None
    try:
        return reviewed_hands(db)
    except sqlite3.Error:
        return None


def stats_renderable(store: Store, ascii_only: bool = False) -> RenderableType:
    """The figures as the page shows them, or why there are none."""
    db = store.connection
    if db is None:
        return Text(store.problem or "Statistics are not available")
    try:
        figures = statistics(db)
        reviewed = reviewed_hands(db)
        days = daily_figures(db, datetime.now(UTC).date())
    except sqlite3.Error as error:
        return Text(f"Statistics cannot be read from {store.name} ({error})")
    if not figures[-1].hands and not figures[-1].abandoned and not days.played:
        return Text("No hands finished yet: the figures appear here as you play.")
    parts: list[RenderableType] = [stats_table(figures, title="Statistics", ascii_only=ascii_only),
                                   Text(_NOTE)]
    if days.played:
        parts += [Text(""), daily_table(days, ascii_only)]
    if reviewed.hands or reviewed.other:
        parts += [Text(""), review_table(reviewed, ascii_only)]
    return Group(*parts, Text(f"Kept in {short_path(store.path, 60)}"))


class TrendChart(PlotextPlot):
    """The points given away a decision over the reviewed hands, with a moving
    average."""

    DEFAULT_CSS = """
    TrendChart { height: 12; width: 1fr; min-width: 40; }
    """

    def __init__(self, reviews: Reviews, ascii_only: bool = False) -> None:
        super().__init__(id="trend-chart")
        self.reviews = reviews
        """The reviewed hands it draws."""
        self.ascii_only = ascii_only

    def on_mount(self) -> None:
        """Draw the chart."""
        draw_trend(self.plt, self.reviews.hands, self.ascii_only)


class StatsScreen(HelpKeysScreen):
    """The statistics page; ``t``, ``q``, ``c``, ``x`` or Close goes back."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("t,q,c,x", "close", "Close", show=False),
        Binding("ctrl+l", "redraw", show=False),
    ]

    def __init__(self, store: Store) -> None:
        super().__init__(id="stats-screen")
        self.store = store
        """Where the figures come from."""

    def compose(self) -> ComposeResult:
        """The figures and the buttons."""
        with Horizontal(id="main"):
            with VerticalScroll(id="stats-scroll"):
                ascii_only = bool(getattr(self.app, "ascii_only", False))
                reviews = _reviews(self.store)
                if reviews is not None and any(h.decisions for h in reviews.hands):
                    yield TrendChart(reviews, ascii_only)
                yield Static(stats_renderable(self.store, ascii_only), id="stats-text")
            with Vertical(id="buttons"):
                yield GameButton("Close", "close", "C")
                yield GameButton("Help", "help")
                yield GameButton("Quit", "quit")
        yield Static("Statistics - t, q, c or Close returns to the game", classes="status",
                     markup=False)
        yield Static("", classes="too-small", markup=False)

    def on_mount(self) -> None:
        """Let the arrow keys scroll the figures."""
        super().on_mount()
        self.query_one("#stats-scroll").focus()

    def action_close(self) -> None:
        """Back to the table."""
        self.dismiss(None)
