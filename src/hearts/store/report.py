"""The statistics and the match history as Rich tables (for ``hearts stats``,
``hearts history`` and the game's statistics page)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any, NamedTuple

from rich import box
from rich.table import Table

from hearts.cards import Seat
from hearts.levels import LEVEL_NAMES
from hearts.store.dailies import DailyFigures, DailyRow
from hearts.store.reviews import ReviewedHand, Reviews
from hearts.store.stats import TOTAL, Figures

__all__ = ["ROWS", "TREND_WINDOW", "Trend", "daily_history_table", "daily_table",
           "draw_trend", "history_table", "review_table", "stats_table", "trend",
           "trend_legend", "trend_text"]


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

STOOD_IN_ROW: tuple[str, Callable[[Figures], str]] = (
    "Hands a computer played in part for you (not above)", lambda f: _count(f.stood_in))
"""The row of hands a computer player made some of the person's decisions in,
shown only where there are some (a table with friends)."""


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
    rows = ROWS + ((STOOD_IN_ROW,) if any(entry.stood_in for entry in figures) else ())
    for label, show in rows:
        table.add_row(label, *(show(entry) for entry in figures))
    return table


_SIDES = ("Left", "Across", "Right")
"""The others' places as the person sees them, whatever seat they played."""


def _with(row: dict[str, Any], seat: Seat) -> str:
    """Who the person played with: the computer players' level, or the friends
    by name and where they sat from the person's seat ("Bob (across)")."""
    people = row.get("people") or []
    if not people:
        return str(row["level"]).capitalize()
    places = {seat.offset(step).name.lower(): _SIDES[step - 1].lower() for step in (1, 2, 3)}
    return ", ".join(f"{name} ({places.get(where, where)})" for where, name in people)


def history_table(rows: Sequence[dict[str, Any]], title: str | None = None) -> Table:
    """Matches, newest first (as :func:`hearts.store.stats.match_rows` gives them):
    the match's number (for ``hearts review --match``), when (local time), how it
    ended, finished hands, the totals (none before a hand is finished): yours,
    then the others' from your left, the same columns whatever seat you played;
    and whom you played with (the level, or the friends by name and place)."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, padding=0, show_edge=False)
    for name in ("Match", "Started", "Result", "Hands", "You", *_SIDES):
        table.add_column(name, no_wrap=True,
                         justify="left" if name in ("Started", "Result") else "right")
    table.add_column("With", overflow="fold")
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
        table.add_row(str(row["id"]), started.strftime("%Y-%m-%d %H:%M"), result,
                      str(row["hands"]), *scores, _with(row, seat))
    return table


def _seat(row: dict[str, Any]) -> Seat:
    """The seat the person played the match of ``row`` in (South if not said)."""
    return Seat[str(row.get("seat") or "south").upper()]


TREND_WINDOW = 10
"""How many reviewed hands the trend's moving average spans."""


class Trend(NamedTuple):
    """Points given away a decision over the reviewed hands, oldest first (hands
    with no decision to make are left out)."""

    numbers: list[int]
    """Each hand's number among the reviewed hands, from 1."""
    per_hand: list[float]
    """Each hand's points given away a decision."""
    average: list[float]
    """The moving average up to each hand: the points given away over the last
    :data:`TREND_WINDOW` hands over their decisions."""


def trend(hands: Sequence[ReviewedHand], window: int = TREND_WINDOW) -> Trend:
    """The trend of ``hands`` (oldest first)."""
    judged = [hand for hand in hands if hand.decisions > 0]
    average = []
    for end in range(1, len(judged) + 1):
        span = judged[max(0, end - window):end]
        average.append(sum(h.lost for h in span) / sum(h.decisions for h in span))
    return Trend(list(range(1, len(judged) + 1)), [h.lost / h.decisions for h in judged],
                 average)


def draw_trend(plt: Any, hands: Sequence[ReviewedHand], ascii_only: bool = False) -> bool:
    """Draw the trend of ``hands`` on ``plt`` (the ``plotext`` module, or a
    textual-plotext widget's ``plt``): each hand as a point and the moving
    average as a line. False (and nothing drawn) when no hand had a decision."""
    found = trend(hands)
    plt.clear_data()
    if not found.numbers:
        return False
    plt.theme("clear")
    hand_mark, line_mark = ("*", "o") if ascii_only else ("dot", "braille")
    # The legend goes under the chart: plotext's own, drawn in its top left
    # corner, hid the points there (the first hands', when they were the worst).
    # The hands are drawn over the average, which starts on the first of them.
    plt.plot(found.numbers, found.average, marker=line_mark)
    plt.scatter(found.numbers, found.per_hand, marker=hand_mark)
    plt.xlabel(trend_legend(ascii_only))
    plt.title("Points you gave away a decision, by reviewed hand")
    last = found.numbers[-1]
    step = max(1, (last + 5) // 6)
    plt.xticks(list(range(1, last + 1, step)))
    plt.xlim(0.5, last + 0.5)
    plt.ylim(0, max(0.5, max(found.per_hand) * 1.1))
    if ascii_only:
        plt.frame(False)
    return True


def trend_legend(ascii_only: bool = False) -> str:
    """The chart's legend, one line under it: the mark of a hand and of the average."""
    hand, line = ("*", "oo") if ascii_only else ("•", "⠒⠒")
    return f"{hand} a hand    {line} average of the last {TREND_WINDOW}"


def trend_text(hands: Sequence[ReviewedHand], width: int, height: int,
               ascii_only: bool = False) -> str | None:
    """The trend chart as text with colour codes (for ``hearts stats``), or None
    when no hand had a decision."""
    import plotext  # type: ignore[import-untyped]

    plotext.clear_figure()
    plotext.plotsize(width, height)
    if not draw_trend(plotext, hands, ascii_only):
        return None
    return str(plotext.build())


def review_table(reviews: Reviews, ascii_only: bool = False) -> Table:
    """From the kept reviews: the points you gave away against the Expert's best
    choices, a hand and a decision, per level and in total; the caption says
    which reviews are counted."""
    hands = reviews.hands
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
        table.add_row(_heading(level), _count(len(mine)),
                      _average(lost / len(mine) if mine else None),
                      _average(lost / decisions if decisions else None))
    caption = f"{_count(len(hands))} {'hand' if len(hands) == 1 else 'hands'} reviewed"
    if reviews.other:
        caption += f" ({_count(reviews.other)} by an earlier version of the review, not counted)"
    table.caption = caption
    return table


def daily_table(figures: DailyFigures, ascii_only: bool = False) -> Table:
    """The days' deals: how many played, how often you beat the par, your streak."""
    table = Table(title="Today's deals (hearts daily)",
                  box=ASCII_HEAD if ascii_only else box.SIMPLE_HEAD, pad_edge=False,
                  padding=(0, 1), show_header=False)
    table.add_column("", no_wrap=True)
    table.add_column("", justify="right", no_wrap=True)
    compared = figures.compared
    table.add_row("Days' deals played", _count(figures.played))
    table.add_row("Assisted", _count(figures.assisted))
    table.add_row("Beat par (unassisted)",
                  f"{figures.beat:,} of {compared:,} ({_share(figures.beat_rate)})")
    table.add_row("Level with par", _count(figures.equalled))
    table.add_row("Your points a deal",
                  _average(figures.points / compared if compared else None))
    table.add_row("Par a deal", _average(figures.par / compared if compared else None))
    table.add_row("Days in a row now", _count(figures.streak))
    table.add_row("Most days in a row", _count(figures.best_streak))
    return table


def _against_par(row: DailyRow) -> str:
    if row.points is None:
        return "playing"
    if row.par is None:
        return "par not worked out"
    difference = row.points - row.par
    if difference == 0:
        return "level"
    return f"{abs(difference)} {'under' if difference < 0 else 'over'}"


def daily_history_table(rows: Sequence[DailyRow], title: str | None = None) -> Table:
    """The days' deals kept, a row each: the day, the rules, your points, the par."""
    table = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False, padding=(0, 1))
    for name, justify in (("Day", "left"), ("Rules", "left"), ("You", "right"),
                          ("Par", "right"), ("Against par", "left"), ("Help", "left")):
        table.add_column(name, justify=justify, no_wrap=True)  # type: ignore[arg-type]
    for row in rows:
        table.add_row(row.day, row.rules, "-" if row.points is None else str(row.points),
                      "-" if row.par is None else str(row.par), _against_par(row),
                      "assisted" if row.assisted else "")
    return table
