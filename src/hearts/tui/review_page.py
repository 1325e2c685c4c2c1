"""The review page: a finished hand replayed on the table, step by step, with the
verdict on each decision.

Each step shows the table as it was (:mod:`hearts.tui.replay_widgets`): every hand
face up, the person reviewing at the bottom, the trick or the pass in the
middle, the points taken so far, the decision's choices marked on the cards with
their expected points, and the verdict in words below. Left and right step
(right past the last card: the summary), home and end jump to the deal and the
last card, a click on the strip goes to the deal, the pass, a trick or the
summary; ``s`` shows the summary (the points each seat gave away, with its
uncertainty, and the three costliest decisions, which ``1``, ``2`` and ``3`` go
to); ``a`` shows everyone's decisions or one's own only (a table for friends
shows one's own first); ``?`` or ``h`` explains the words and figures.

Verdicts appear as they arrive, counted by a progress bar: the review runs in a
worker thread (or follows the game's review in the background) and hands each
decision over as it is judged. A review that fails says so on the page; the
game goes on. Only a finished hand opens: the page refuses any other.
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.renderables.bar import Bar as BarRenderable
from textual.screen import ModalScreen
from textual.widgets import ProgressBar, Static

from hearts.cards import Seat
from hearts.hand import HandRecord
from hearts.review.analysis import own_decisions
from hearts.review.cli import default_seat
from hearts.review.document import decision_count
from hearts.review.names import Seating
from hearts.review.replay import replay
from hearts.review.text import review_help, worst
from hearts.review.verdict import ERRORS, Decision
from hearts.tui.base import AsciiScrollBarRender, FitScreen
from hearts.tui.replay_frame import decision_step, frame_at, summary_lines
from hearts.tui.replay_widgets import ReplaySummary, ReplayTable, StepStrip
from hearts.tui.words import counted

__all__ = ["AsciiProgressBar", "HelpText", "ReviewApp", "ReviewHelpScreen", "ReviewScreen",
           "fit_text"]

Reviewer = Callable[[Callable[[Decision], None]], object]
"""Runs a review, calling its argument with each decision as it is judged."""


class _AsciiBar(BarRenderable):
    """The progress bar's line in plain ASCII."""

    HALF_BAR_LEFT = "="
    BAR = "="
    HALF_BAR_RIGHT = "="


class AsciiProgressBar(ProgressBar):
    """A progress bar drawn in plain ASCII (its colours tell the progress)."""

    BAR_RENDERABLE = _AsciiBar


def _text_column(line: str) -> int:
    """Where the text of a line of a list starts (after its term and a gap of two
    spaces or more: ``Expected    the points...`` gives 12), or 0 for a line of
    running text."""
    body = len(line) - len(line.lstrip(" "))
    gap = line.find("  ", body)
    if body == len(line) or gap < 0:
        return 0
    return len(line) - len(line[gap:].lstrip(" "))


def fit_text(text: str, width: int) -> str:
    """``text``, hard-wrapped for reading at 80 columns, wrapped again to ``width``
    once: a paragraph's lines joined and wrapped; each entry of a list (a term,
    then its text in a column of its own, its later lines indented to that
    column) wrapped with its text kept in its column."""
    lines = text.split("\n")
    out: list[str] = []
    index = 0
    while index < len(lines):
        line = lines[index]
        index += 1
        if not line.strip():
            out.append("")
            continue
        column = _text_column(line)
        indent = column if column else len(line) - len(line.lstrip(" "))
        words = [line[column:].strip() if column else line.strip()]
        while index < len(lines) and lines[index].strip():
            following = lines[index]
            lead = len(following) - len(following.lstrip(" "))
            if (lead != (column or len(line) - len(line.lstrip(" ")))
                    or (not column and _text_column(following))):
                break
            words.append(following.strip())
            index += 1
        if column and width - column < 20:  # too narrow for the column: run the text on
            column = indent = min(column, 4)
        out.extend(textwrap.wrap(" ".join(words), max(width, 20),
                                 initial_indent=line[:column] if column else line[:indent],
                                 subsequent_indent=" " * indent, break_on_hyphens=False)
                   or [line])
    return "\n".join(out)


class HelpText(Static):
    """Text wrapped to the width it is shown in (:func:`fit_text`), again at every
    change of size."""

    DEFAULT_CSS = """
    HelpText { width: 1fr; height: auto; }
    """

    def __init__(self, text: str) -> None:
        super().__init__("", markup=False)
        self.text = text
        """The text, hard-wrapped at 80 columns as written."""

    def on_resize(self, event: events.Resize) -> None:
        """Wrap the text to the new width."""
        self.update(fit_text(self.text, event.size.width))


class ReviewHelpScreen(ModalScreen[None]):
    """What the review's words and figures mean; any key or a click closes it."""

    DEFAULT_CSS = """
    ReviewHelpScreen { align: center middle; }
    ReviewHelpScreen #review-help { width: 100%; max-width: 84; height: 90%;
                                    border: round $accent; background: $surface;
                                    padding: 0 1; }
    ReviewHelpScreen.ascii #review-help { border: ascii $accent; }
    """

    def __init__(self, ascii_only: bool = False) -> None:
        super().__init__(id="review-help-screen")
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        """The explanation, scrollable, wrapped to the box (once, whatever its width)."""
        with VerticalScroll(id="review-help"):
            yield HelpText(review_help(self.ascii_only) + "\n\nAny key closes this help.")

    def on_mount(self) -> None:
        """In ASCII, a plain border and scrollbar."""
        if self.ascii_only:
            self.add_class("ascii")
            scroller = self.query_one("#review-help", VerticalScroll)
            scroller.vertical_scrollbar.renderer = AsciiScrollBarRender  # type: ignore[misc]

    def on_key(self, event: events.Key) -> None:
        """Up, down and the page keys scroll; any other key closes the help."""
        if event.key in ("up", "down", "pageup", "pagedown"):
            return
        event.stop()
        self.dismiss(None)

    def on_click(self) -> None:
        """A click closes the help."""
        self.dismiss(None)


class ReviewScreen(FitScreen):
    """The replay of a finished hand with the verdicts; ``q`` or escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Back"),
        Binding("right", "step(1)", "Forward"),
        Binding("home", "jump(0)", "Deal"),
        Binding("end", "jump(-1)", "Last card"),
        Binding("s", "summary", "Summary"),
        Binding("1", "worst(1)", "Costliest decision", show=False),
        Binding("2", "worst(2)", "Second costliest", show=False),
        Binding("3", "worst(3)", "Third costliest", show=False),
        Binding("a", "everyone", "Everyone's decisions"),
        Binding("question_mark,h", "help", "Help"),
        Binding("q,escape", "close", "Close"),
    ]

    DEFAULT_CSS = """
    ReviewScreen #review-headline { height: 1; padding: 0 1; color: #ffffff;
                                    text-style: bold; }
    ReviewScreen #review-strip { height: 1; }
    ReviewScreen #review-table { height: 1fr; }
    ReviewScreen #review-summary { height: 1fr; display: none; }
    ReviewScreen #review-words { height: 2; padding: 0 1; color: #e8ffe8; }
    ReviewScreen #review-bottom { dock: bottom; height: 2; }
    ReviewScreen #review-status { height: 1; }
    ReviewScreen #review-progress { height: 1; }
    ReviewScreen #review-progress-label { width: auto; }
    ReviewScreen #review-progress-bar { width: auto; }
    ReviewScreen #review-state { width: 1fr; padding: 0 0 0 2; }
    """

    def __init__(self, record: HandRecord, reviewer: Reviewer | None = None,
                 ascii_only: bool = False, you: Seat | None = None,
                 everyone: bool | None = None) -> None:
        super().__init__(id="review-screen")
        self.total = decision_count(record)  # refuses a hand that is not over
        """How many verdicts the review gives (forced cards included)."""
        self.steps = replay(record)
        """The replay's steps."""
        self.seating = Seating(record)
        """Who sat where, as the page names them."""
        self.you = default_seat(record) if you is None else you
        """The person reviewing: their seat is drawn at the bottom."""
        self.everyone = not self.seating.friends if everyone is None else everyone
        """Show every seat's decisions (else one's own only)."""
        self.index = 0
        """The step shown; one past the last is the summary."""
        self.verdicts: dict[int, Decision] = {}
        """The verdicts judged so far, by the step they were carried out in."""
        self.reviewer = reviewer
        self.ascii_only = ascii_only
        self.done = reviewer is None
        """Whether every verdict has arrived (or the review failed)."""
        self.failure: str | None = None
        """Why the review failed, if it did."""

    @property
    def summary_index(self) -> int:
        """The summary's place, one past the last step."""
        return len(self.steps)

    @property
    def shown(self) -> list[Seat]:
        """The seats whose decisions are shown."""
        return [seat for seat in Seat if self.everyone or seat == self.you]

    def compose(self) -> ComposeResult:
        """The headline, the strip of steps, the table (or the summary), the verdict
        in words, the status line and the verdicts' progress."""
        with Vertical(id="main"):
            yield Static("", id="review-headline", markup=False)
            yield StepStrip(self.steps, self.ascii_only, id="review-strip")
            yield ReplayTable(self.ascii_only, id="review-table")
            yield ReplaySummary(self.ascii_only, id="review-summary")
            yield Static("", id="review-words", markup=False)
        with Vertical(id="review-bottom", classes="status"):
            yield Static("", id="review-status", markup=False)
            with Horizontal(id="review-progress"):
                yield Static("Verdicts ", id="review-progress-label", markup=False)
                bar = AsciiProgressBar if self.ascii_only else ProgressBar
                yield bar(total=self.total, show_eta=False, id="review-progress-bar")
                yield Static("", id="review-state", markup=False)
        yield Static("", classes="too-small", markup=False)

    def on_mount(self) -> None:
        """Show the deal and start the review."""
        super().on_mount()
        self._show()
        if self.reviewer is not None:
            self.run_worker(self._review, thread=True, name="review", exit_on_error=False)

    def _review(self) -> None:
        assert self.reviewer is not None
        try:
            self.reviewer(lambda d: self.app.call_from_thread(self.add_verdict, d))
        except Exception as error:  # said on the page: a review never ends the game
            self.app.call_from_thread(self._failed, f"{type(error).__name__}: {error}")
            return
        self.app.call_from_thread(self._finished)

    def add_verdict(self, decision: Decision) -> None:
        """A verdict has arrived: keep it, and show it if its step is on screen."""
        self.verdicts[decision_step(self.steps, decision)] = decision
        self._show()

    def _finished(self) -> None:
        self.done = True
        self._show()

    def _failed(self, reason: str) -> None:
        self.failure = reason
        self.done = True
        self._show()

    def _decisions(self) -> list[Decision]:
        """The verdicts so far, in the order they were made."""
        return [self.verdicts[index] for index in sorted(self.verdicts)]

    def worst(self) -> list[Decision]:
        """The costliest decisions the summary lists, costliest first."""
        return worst(own_decisions(self._decisions(), self.seating), self.shown)

    def _show(self) -> None:
        if not self.is_mounted:
            return
        shown = self.shown
        table = self.query_one(ReplayTable)
        summary = self.query_one(ReplaySummary)
        at_summary = self.index == self.summary_index
        table.display = not at_summary
        summary.display = at_summary
        errors = frozenset(index for index, d in self.verdicts.items()
                           if d.seat in shown and d.verdict in ERRORS)
        self.query_one(StepStrip).show(self.index, errors)
        headline = self.query_one("#review-headline", Static)
        words = self.query_one("#review-words", Static)
        if at_summary:
            last = self.steps[-1]
            summary.show(summary_lines(self._decisions(), self.seating, self.you, shown,
                                       last.points, self.total, self.ascii_only))
            headline.update("The hand in sum")
            words.update("1, 2 or 3 goes to a costliest decision; left goes back to the "
                         "last card, home to the deal.")
        else:
            step = self.steps[self.index]
            frame = frame_at(self.steps, self.index, self.verdicts.get(self.index),
                             self.seating, self.you,
                             shown=step.seat is None or step.seat in shown, done=self.done,
                             ascii_only=self.ascii_only)
            table.show(frame)
            headline.update(frame.headline)
            words.update(frame.words)
        judged = len(self.verdicts)
        self.query_one("#review-progress-bar", ProgressBar).update(progress=judged)
        if self.failure is not None:
            state = f"the review failed ({self.failure}); {counted(judged, 'verdict')}"
        elif self.done:
            state = "all verdicts in"
        else:
            state = f"{judged} of {self.total} verdicts"
        self.query_one("#review-state", Static).update(state)
        whose = "yours" if self.everyone else "everyone's"
        self.query_one("#review-status", Static).update(
            f"left/right step, home/end, s summary, a {whose}, ? help, q close")

    def _go(self, index: int) -> None:
        self.index = max(0, min(self.summary_index, index))
        self._show()

    def action_step(self, delta: int) -> None:
        """One step back or forward (past the last card: the summary)."""
        self._go(self.index + delta)

    def action_jump(self, index: int) -> None:
        """To the deal (0) or the last card (-1)."""
        self._go(index % len(self.steps))

    def action_summary(self) -> None:
        """To the summary."""
        self._go(self.summary_index)

    def action_worst(self, number: int) -> None:
        """To the ``number``-th costliest decision of the summary, if there is one."""
        costly = self.worst()
        if 1 <= number <= len(costly):
            self._go(decision_step(self.steps, costly[number - 1]))

    def action_everyone(self) -> None:
        """Show everyone's decisions, or one's own only."""
        self.everyone = not self.everyone
        self._show()

    def action_help(self) -> None:
        """Explain the verdicts, the thresholds, the figures and hindsight."""
        self.app.push_screen(ReviewHelpScreen(self.ascii_only))

    def on_step_strip_chosen(self, message: StepStrip.Chosen) -> None:
        """An entry of the strip clicked: go there."""
        self._go(message.index)

    def on_replay_summary_chosen(self, message: ReplaySummary.Chosen) -> None:
        """One of the costliest decisions clicked: go to it."""
        self.action_worst(message.number)

    def fits_again(self) -> None:
        """The terminal is big enough again: draw the step."""
        self._show()

    def action_close(self) -> None:
        """Leave the page."""
        self.leave(None)


class ReviewApp(App[None]):
    """A small app of its own around the review page (``hearts review FILE``)."""

    CSS_PATH = "hearts.tcss"
    TITLE = "Hearts review"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, record: HandRecord, reviewer: Reviewer | None = None,
                 ascii_only: bool = False, you: Seat | None = None,
                 everyone: bool | None = None) -> None:
        super().__init__()
        self.record = record
        self.reviewer = reviewer
        self.ascii_only = ascii_only
        """Draw in plain ASCII."""
        self.you = you
        self.everyone = everyone

    def on_mount(self) -> None:
        """Open the page; closing it ends the app."""
        self.push_screen(ReviewScreen(self.record, self.reviewer, self.ascii_only, self.you,
                                      self.everyone),
                         lambda _result: self.exit())
