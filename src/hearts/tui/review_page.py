"""The review page: a hand replayed step by step beside the verdicts on its decisions.

Left and right step through the replay (home and end jump to the deal and the last
card); the trick list on the right is clickable, and a click goes to that trick's
first card; ``?`` or ``h`` explains the words and figures. Verdicts appear as they
arrive, counted by a progress bar: the review runs in a worker thread (or follows
the game's review in the background) and hands each decision over as it is
judged. A review that fails says so on the page; the game goes on.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import OptionList, ProgressBar, Static
from textual.widgets.option_list import Option

from hearts.cards import Seat
from hearts.review.document import decision_count
from hearts.review.replay import Step, replay
from hearts.review.text import card_text, cards_text, decision_line, review_help
from hearts.review.verdict import Decision

__all__ = ["ReviewApp", "ReviewHelpScreen", "ReviewScreen", "step_text"]

Reviewer = Callable[[Callable[[Decision], None]], object]
"""Runs a review, calling its argument with each decision as it is judged."""


def _headline(step: Step, number: int, total: int, ascii_only: bool) -> str:
    where = f"Step {number} of {total}: "
    if step.kind == "deal":
        return where + "the deal"
    if step.kind == "pass":
        return where + f"{step.seat} passes to {step.to}"
    return where + (f"{step.seat} plays {card_text(step.cards[0], ascii_only)} "
                    f"(trick {step.trick_number})")


def step_text(steps: list[Step], index: int, decision: Decision | None,
              ascii_only: bool = False, done: bool = False) -> Text:
    """What the page shows at step ``index``: the move, the hands, the trick, the
    points, and the verdict on the decision made in this step (if judged yet;
    ``done`` says every verdict has arrived)."""
    step = steps[index]
    lines = [_headline(step, index, len(steps) - 1, ascii_only), ""]
    if step.kind == "pass":
        lines.append(f"Passed: {cards_text(step.cards, ascii_only)}")
    for seat in Seat:
        lines.append(f"{seat!s:6} {cards_text(step.hands[seat], ascii_only)}")
    lines.append("")
    trick = "  ".join(f"{seat}: {card_text(card, ascii_only)}" for seat, card in step.trick)
    lines.append(f"Trick: {trick or '-'}")
    if step.tricks and step.kind == "play" and step.plays % 4 == 0:
        lines.append(f"Won by {step.tricks[-1].winner}")
    lines.append("Points: " + "  ".join(f"{seat} {points}"
                                         for seat, points in zip(Seat, step.points, strict=True)))
    lines.append("")
    if step.kind == "deal":
        lines.append("")
    elif decision is None:
        lines.append("Verdict: not reviewed" if done else "Verdict: being worked out...")
    else:
        lines.append("Verdict: " + decision_line(decision, ascii_only))
    return Text("\n".join(lines))


def _step_of(steps: list[Step], decision: Decision) -> int:
    """The step where ``decision`` was carried out."""
    for index, step in enumerate(steps):
        if decision.kind == "pass" and step.kind == "pass" and step.seat == decision.seat:
            return index
        if decision.kind == "play" and step.kind == "play" and step.plays == decision.plays + 1:
            return index
    raise ValueError("the decision is not in this hand")  # pragma: no cover


class ReviewHelpScreen(ModalScreen[None]):
    """What the review's words and figures mean; any key or a click closes it."""

    DEFAULT_CSS = """
    ReviewHelpScreen { align: center middle; }
    ReviewHelpScreen #review-help { width: 84; height: 90%; border: round $accent;
                                    background: $surface; padding: 0 1; }
    """

    def __init__(self, ascii_only: bool = False) -> None:
        super().__init__(id="review-help-screen")
        self.ascii_only = ascii_only

    def compose(self) -> ComposeResult:
        """The explanation, scrollable."""
        with VerticalScroll(id="review-help"):
            yield Static(review_help(self.ascii_only) + "\n\nAny key closes this help.",
                         markup=False)

    def on_key(self, event: events.Key) -> None:
        """Up, down and the page keys scroll; any other key closes the help."""
        if event.key in ("up", "down", "pageup", "pagedown"):
            return
        event.stop()
        self.dismiss(None)

    def on_click(self) -> None:
        """A click closes the help."""
        self.dismiss(None)


class ReviewScreen(Screen[None]):
    """The replay of a hand with the verdicts beside it; ``q`` or escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Back"),
        Binding("right", "step(1)", "Forward"),
        Binding("home", "jump(0)", "Deal", priority=True),  # before the trick list's
        Binding("end", "jump(-1)", "End", priority=True),
        Binding("question_mark,h", "help", "Help"),
        Binding("q,escape", "close", "Close"),
    ]

    DEFAULT_CSS = """
    ReviewScreen #review-main { height: 1fr; }
    ReviewScreen #review-position { width: 1fr; padding: 0 1; }
    ReviewScreen #review-tricks { width: 34; }
    ReviewScreen #review-progress { height: 1; dock: bottom; padding: 0 1; }
    ReviewScreen #review-progress-bar { width: auto; }
    ReviewScreen #review-status { height: 1; dock: bottom; }
    """

    def __init__(self, record: dict[str, Any], reviewer: Reviewer | None = None,
                 ascii_only: bool = False) -> None:
        super().__init__(id="review-screen")
        self.steps = replay(record)
        """The replay's steps."""
        self.index = 0
        """The step shown."""
        self.verdicts: dict[int, Decision] = {}
        """The verdicts judged so far, by the step they were carried out in."""
        self.reviewer = reviewer
        self.ascii_only = ascii_only
        self.total = decision_count(record)
        """How many verdicts the review gives (forced cards included)."""
        self.done = reviewer is None
        """Whether every verdict has arrived (or the review failed)."""
        self.failure: str | None = None
        """Why the review failed, if it did."""

    def compose(self) -> ComposeResult:
        """The position on the left, the tricks on the right, the verdicts' progress
        and a status line."""
        with Horizontal(id="review-main"):
            yield Static(id="review-position")
            with Vertical(id="review-tricks"):
                yield OptionList(*self._trick_options(), id="review-trick-list")
        yield Static("", id="review-status", markup=False)
        with Horizontal(id="review-progress"):
            yield Static("Verdicts ", id="review-progress-label", markup=False)
            yield ProgressBar(total=self.total, show_eta=False, id="review-progress-bar")

    def _trick_options(self) -> list[Option]:
        options = []
        for index, step in enumerate(self.steps):
            if step.kind == "play" and step.plays % 4 == 1:
                number = step.trick_number
                options.append(Option(f"Trick {number:2}", id=f"step-{index}"))
        return options

    def on_mount(self) -> None:
        """Show the deal and start the review."""
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
        self.verdicts[_step_of(self.steps, decision)] = decision
        self._show()

    def _finished(self) -> None:
        self.done = True
        self._show()

    def _failed(self, reason: str) -> None:
        self.failure = reason
        self.done = True
        self._show()

    def _show(self) -> None:
        text = step_text(self.steps, self.index, self.verdicts.get(self.index), self.ascii_only,
                         self.done)
        self.query_one("#review-position", Static).update(text)
        judged = len(self.verdicts)
        self.query_one("#review-progress-bar", ProgressBar).update(progress=judged)
        if self.failure is not None:
            state = f"the review failed ({self.failure}); {judged} verdicts"
        elif self.done:
            state = "all verdicts in"
        else:
            state = f"{judged} of {self.total} verdicts"
        self.query_one("#review-status", Static).update(
            f"Review - left/right step, home/end, click a trick; ? help; q closes ({state})")

    def action_step(self, delta: int) -> None:
        """One step back or forward."""
        self.index = max(0, min(len(self.steps) - 1, self.index + delta))
        self._show()

    def action_jump(self, index: int) -> None:
        """To the deal (0) or the last step (-1)."""
        self.index = index % len(self.steps)
        self._show()

    def action_help(self) -> None:
        """Explain the verdicts, the thresholds, the figures and hindsight."""
        self.app.push_screen(ReviewHelpScreen(self.ascii_only))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        """A trick clicked: go to its first card."""
        option_id = event.option.id or ""
        if option_id.startswith("step-"):
            self.index = int(option_id[5:])
            self._show()

    def action_close(self) -> None:
        """Leave the page."""
        self.dismiss(None)


class ReviewApp(App[None]):
    """A small app of its own around the review page (``hearts review FILE``)."""

    def __init__(self, record: dict[str, Any], reviewer: Reviewer | None = None,
                 ascii_only: bool = False) -> None:
        super().__init__()
        self.record = record
        self.reviewer = reviewer
        self.ascii_only = ascii_only

    def on_mount(self) -> None:
        """Open the page; closing it ends the app."""
        self.push_screen(ReviewScreen(self.record, self.reviewer, self.ascii_only),
                         lambda _result: self.exit())
