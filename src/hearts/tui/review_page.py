"""The review page: a hand replayed step by step beside the verdicts on its decisions.

Left and right step through the replay (home and end jump to the deal and the last
card); the trick list on the right is clickable, and a click goes to that trick's
first card. Verdicts appear as they arrive: the review runs in a worker thread
and hands each decision over as it is judged.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import OptionList, Static
from textual.widgets.option_list import Option

from hearts.cards import Card, Seat
from hearts.review.replay import Step, replay
from hearts.review.text import decision_line
from hearts.review.verdict import Decision

__all__ = ["ReviewApp", "ReviewScreen", "step_text"]

Reviewer = Callable[[Callable[[Decision], None]], object]
"""Runs a review, calling its argument with each decision as it is judged."""


def _cards(cards: tuple[Card, ...], ascii_only: bool) -> str:
    return " ".join(str(card) if ascii_only else card.pretty for card in cards)


def _headline(step: Step, number: int, total: int) -> str:
    where = f"Step {number} of {total}: "
    if step.kind == "deal":
        return where + "the deal"
    if step.kind == "pass":
        return where + f"{step.seat} passes to {step.to}"
    return where + f"{step.seat} plays {step.cards[0]} (trick {step.trick_number})"


def step_text(steps: list[Step], index: int, decision: Decision | None,
              ascii_only: bool = False, done: bool = False) -> Text:
    """What the page shows at step ``index``: the move, the hands, the trick, the
    points, and the verdict on the decision made in this step (if judged yet;
    ``done`` says every verdict has arrived)."""
    step = steps[index]
    lines = [_headline(step, index, len(steps) - 1), ""]
    if step.kind == "pass":
        lines.append(f"Passed: {_cards(step.cards, ascii_only)}")
    for seat in Seat:
        lines.append(f"{seat!s:6} {_cards(step.hands[seat], ascii_only)}")
    lines.append("")
    trick = "  ".join(f"{seat}: {card if ascii_only else card.pretty}"
                      for seat, card in step.trick)
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
        lines.append("Verdict: " + decision_line(decision))
    return Text("\n".join(lines))


def _step_of(steps: list[Step], decision: Decision) -> int:
    """The step where ``decision`` was carried out."""
    for index, step in enumerate(steps):
        if decision.kind == "pass" and step.kind == "pass" and step.seat == decision.seat:
            return index
        if decision.kind == "play" and step.kind == "play" and step.plays == decision.plays + 1:
            return index
    raise ValueError("the decision is not in this hand")  # pragma: no cover


class ReviewScreen(Screen[None]):
    """The replay of a hand with the verdicts beside it; ``q`` or escape closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "Back"),
        Binding("right", "step(1)", "Forward"),
        Binding("home", "jump(0)", "Deal", priority=True),  # before the trick list's
        Binding("end", "jump(-1)", "End", priority=True),
        Binding("q,escape", "close", "Close"),
    ]

    DEFAULT_CSS = """
    ReviewScreen #review-main { height: 1fr; }
    ReviewScreen #review-position { width: 1fr; padding: 0 1; }
    ReviewScreen #review-tricks { width: 34; }
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
        self.done = reviewer is None
        """Whether every verdict has arrived."""

    def compose(self) -> ComposeResult:
        """The position on the left, the tricks on the right, a status line."""
        with Horizontal(id="review-main"):
            yield Static(id="review-position")
            with Vertical(id="review-tricks"):
                yield OptionList(*self._trick_options(), id="review-trick-list")
        yield Static("", id="review-status", markup=False)

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
            self.run_worker(self._review, thread=True, name="review")

    def _review(self) -> None:
        assert self.reviewer is not None
        self.reviewer(lambda d: self.app.call_from_thread(self.add_verdict, d))
        self.app.call_from_thread(self._finished)

    def add_verdict(self, decision: Decision) -> None:
        """A verdict has arrived: keep it, and show it if its step is on screen."""
        self.verdicts[_step_of(self.steps, decision)] = decision
        self._show()

    def _finished(self) -> None:
        self.done = True
        self._show()

    def _show(self) -> None:
        text = step_text(self.steps, self.index, self.verdicts.get(self.index), self.ascii_only,
                         self.done)
        self.query_one("#review-position", Static).update(text)
        judged = len(self.verdicts)
        state = "all verdicts in" if self.done else f"{judged} verdicts so far"
        self.query_one("#review-status", Static).update(
            f"Review - left/right step, home/end, click a trick; q closes ({state})")

    def action_step(self, delta: int) -> None:
        """One step back or forward."""
        self.index = max(0, min(len(self.steps) - 1, self.index + delta))
        self._show()

    def action_jump(self, index: int) -> None:
        """To the deal (0) or the last step (-1)."""
        self.index = index % len(self.steps)
        self._show()

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
