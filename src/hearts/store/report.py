"""The statistics and the match history as Rich tables (for ``hearts stats``,
``hearts history`` and the game's statistics page)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from rich import box
from rich.table import Table

from hearts.cards import Seat
from hearts.levels import LEVEL_NAMES
from hearts.store.reviews import ReviewedHand
from hearts.store.stats import TOTAL, Figures

__all__ = ["ROWS", "history_table", "stats_table"]


def _count(value: int) -> str:
    return f"{value:,}"


def _average(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _share(value: float | None) -> str:
    return "-" if value is None else f"{value:.0%}"


ROWS: tuple[tuple[str, Callable[[Figures], str]], ...] = (
    ("Matches played", lambda f: _count(f.finished)),
    ("Won", lambda f: _count(f.finished_won)),
    ("Win rate unassisted", lambda f: _share(f.win_rate)),
    ("Winning streak now", lambda f: _count(f.current_streak)),
    ("Best winning streak", lambda f: _count(f.best_streak)),
    ("Abandoned", lambda f: _count(f.abandoned)),
    ("Assisted (won)", lambda f: f"{f.assisted:,} ({f.assisted_won:,})"),
    ("Hands played", lambda f: _count(f.hands)),
    ("Your points a hand", lambda f: _average(f.your_points)),
    ("Theirs a hand", lambda f: _average(f.their_points)),
    ("Moons you shot", lambda f: _count(f.moons_yours)),
    ("Moons against you", lambda f: _count(f.moons_against)),
    ("Queen of spades", lambda f: f"{f.queens:,} ({_share(f.queen_rate)})"),
)
"""The table's rows: a label and how each column shows the figure."""


def _heading(level: str) -> str:
    return "Total" if level == TOTAL else level.capitalize()


ASCII_HEAD = box.Box("    \n    \n -- \n    \n    \n    \n    \n    \n", ascii=True)
"""Rich's SIMPLE_HEAD drawn with a plain ``-`` rule, for ASCII-only screens."""


def stats_table(figures: Sequence[Figures], title: str | None = None,
                ascii_only: bool = False) -> Table:
    """A figure a row, a level a column, the total last (a ``-`` rule under the
    headings with ``ascii_only``)."""
    table = Table(title=title, box=ASCII_HEAD if ascii_only else box.SIMPLE_HEAD,
                  pad_edge=False, padding=(0, 1))
    table.add_column("", no_wrap=True)
    for entry in figures:
        table.add_column(_heading(entry.level), justify="right", no_wrap=True)
    for label, show in ROWS:
        table.add_row(label, *(show(entry) for entry in figures))
    return table


def history_table(rows: Sequence[dict[str, Any]], title: str | None = None) -> Table:
    """Matches, newest first (as :func:`hearts.store.stats.match_rows` gives them):
    when (local time), level, how it ended, finished hands and the totals (none
    before a hand is finished)."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    # At the single-player table the others are West, North and East; a match
    # played from another seat (at a network table) names them by where they sat.
    others = ("W", "N", "E") if all(_seat(row) is Seat.SOUTH for row in rows) else \
        ("Left", "Across", "Right")
    for name in ("Started", "Level", "Result", "Hands", "You", *others):
        table.add_column(name, no_wrap=True,
                         justify="left" if name in ("Started", "Level", "Result") else "right")
    for row in rows:
        seat = _seat(row)
        result = row["status"]
        if result == "finished":
            result = "won" if seat.name.lower() in (row["winners"] or "").split() else "lost"
        if row["assisted"]:
            result += ", assisted"
        started = datetime.fromisoformat(row["started"]).astimezone()
        scores = [str(row[f"score_{seat.offset(step).name.lower()}"]) if row["hands"] else "-"
                  for step in range(4)]
        table.add_row(started.strftime("%Y-%m-%d %H:%M"), row["level"].capitalize(), result,
                      str(row["hands"]), *scores)
    return table


def _seat(row: dict[str, Any]) -> Seat:
    """The seat the person played the match of ``row`` in (South if not said)."""
    return Seat[str(row.get("seat") or "south").upper()]


SPARKS = "▁▂▃▄▅▆▇█"
"""The bars of a sparkline, lowest first."""
ASCII_SPARKS = "_.-=+*#@"
"""The same in plain ASCII."""
TREND_HANDS = 40
"""How many of the latest reviewed hands the trend line shows."""


def sparkline(values: Sequence[float], ascii_only: bool = False) -> str:
    """One character a value, from the lowest bar (0) to the highest (the most)."""
    bars = ASCII_SPARKS if ascii_only else SPARKS
    top = max(values, default=0.0)
    if top <= 0:
        return bars[0] * len(values)
    return "".join(bars[min(len(bars) - 1, int(value / top * (len(bars) - 1) + 0.5))]
                   for value in values)


def review_table(hands: Sequence[ReviewedHand], ascii_only: bool = False) -> Table:
    """From the kept reviews: the points you gave away against the Expert's best
    choices, a hand and a decision, per level and in total, and the trend over the
    latest hands (a sparkline, oldest on the left)."""
    table = Table(title="Your reviewed hands: points given away",
                  box=ASCII_HEAD if ascii_only else box.SIMPLE_HEAD, pad_edge=False,
                  padding=(0, 1))
    for name in ("", "Hands", "A hand", "A decision"):
        table.add_column(name, justify="left" if not name else "right", no_wrap=True)
    levels = sorted({hand.level for hand in hands}, key=lambda level: (
        LEVEL_NAMES.index(level) if level in LEVEL_NAMES else len(LEVEL_NAMES), level))
    for level in [*levels, TOTAL]:
        mine = [hand for hand in hands if level in (TOTAL, hand.level)]
        lost = sum(hand.lost for hand in mine)
        decisions = sum(hand.decisions for hand in mine)
        table.add_row(_heading(level), _count(len(mine)), _average(lost / len(mine)),
                      _average(lost / decisions if decisions else None))
    latest = [hand.lost for hand in hands[-TREND_HANDS:]]
    table.caption = (f"Latest {len(latest)} hands, oldest first: "
                     f"{sparkline(latest, ascii_only)} (highest {max(latest):.1f})")
    return table
