"""What the replay shows at each step of a reviewed hand, as data: the four hands
face up, the trick or the pass, the points taken so far, the decision's choices
marked on the cards with their expected points, and the verdict in words.

Nothing here draws; :mod:`hearts.tui.replay_widgets` paints a :class:`Frame`
with the table page's colours. A hand is replayed only once it is over
(:func:`hearts.review.document.decision_count` refuses one that is not), so
showing every hand face up reveals nothing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Literal

from hearts.cards import Card, Seat
from hearts.review.analysis import own_decisions
from hearts.review.names import Seating
from hearts.review.replay import Step
from hearts.review.text import (
    card_text,
    cards_text,
    costly_line,
    mark,
    total_line,
    verdict_words,
    worst,
)
from hearts.review.verdict import ERRORS, Decision
from hearts.table import display_order

__all__ = ["Frame", "Mark", "MarkKind", "SummaryLine", "decision_step", "frame_at",
           "summary_lines"]

MarkKind = Literal["choice", "best", "played", "error"]
"""How a card's figure is drawn: another choice, the best choice, the card played
(when it is not the best) and the card played when it was an error."""


@dataclass(frozen=True, slots=True)
class Mark:
    """A figure on a card: the expected points of choosing it."""

    text: str
    """The figure as drawn (five characters at most)."""
    kind: MarkKind
    """Which of the choices it marks."""


@dataclass(frozen=True, slots=True)
class Frame:
    """The table at one step of the replay."""

    index: int
    """The step's number (0: the deal)."""
    step: Step
    """The step, with the position after it."""
    you: Seat
    """The seat drawn at the bottom: the person reviewing."""
    names: tuple[str, ...]
    """Each seat's name, in seat order."""
    headline: str
    """What happened in this step, in one line."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards after the step, in the table's order, in seat order."""
    trick: tuple[tuple[Seat, Card], ...]
    """The cards on the table after the step (a trick the step finished: whole)."""
    winner: Seat | None
    """Who took the trick this step finished, if it finished one."""
    passed: tuple[Card, ...] = ()
    """A pass step's three cards, in the table's order."""
    away: frozenset[Card] = frozenset()
    """Cards passed and not yet exchanged: still in the hands, drawn dimmed as at
    the table, until the fourth pass."""
    best_pass: tuple[Card, ...] = ()
    """The best pass, when the verdict names another than the one made."""
    decider: Seat | None = None
    """Whose pass or card this step is."""
    marks: Mapping[Card, Mark] = field(default_factory=dict)
    """The figures on the cards: every choice the decision had (the card played in
    the trick, or the cards passed, included)."""
    pass_mark: Mark | None = None
    """The figure of the pass made."""
    best_pass_mark: Mark | None = None
    """The figure of the best pass."""
    words: str = ""
    """The verdict in plain words (or why there is none)."""

    @property
    def points(self) -> tuple[int, ...]:
        """The points each seat has taken so far."""
        return self.step.points

    def place(self, seat: Seat) -> Seat:
        """Where ``seat`` is drawn: the person reviewing at the bottom (South's place),
        the others around as at the table."""
        return Seat((seat - self.you) % 4)


def decision_step(steps: Sequence[Step], decision: Decision) -> int:
    """The step where ``decision`` was carried out."""
    for index, step in enumerate(steps):
        if decision.kind == "pass" and step.kind == "pass" and step.seat == decision.seat:
            return index
        if decision.kind == "play" and step.kind == "play" and step.plays == decision.plays + 1:
            return index
    raise ValueError("the decision is not in this hand")


def _headline(step: Step, index: int, last: int, seating: Seating, ascii_only: bool) -> str:
    where = f"Step {index} of {last}: "
    if step.kind == "deal" or step.seat is None:
        return where + "the deal"
    name = seating.name(step.seat)
    if step.kind == "pass":
        to = seating.name(step.to) if step.to is not None else "?"
        return where + f"{name} passes {cards_text(step.cards, ascii_only)} to {to}"
    card = card_text(step.cards[0], ascii_only)
    line = where + f"{name} plays {card} (trick {step.trick_number})"
    if step.plays % 4 == 0 and step.tricks:
        line += f", {seating.name(step.tricks[-1].winner)} takes it"
    return line


def _marks(step: Step, decision: Decision) -> tuple[dict[Card, Mark], Mark | None, Mark | None]:
    """The figures of a play's choices on their cards; a pass's figures."""
    picked, best = decision.picked, decision.best
    if picked is None or best is None:
        return {}, None, None
    if decision.verdict in ERRORS:
        made: MarkKind = "error"
    else:
        made = "best" if picked is best else "played"
    if step.kind == "pass":
        best_mark = None if picked is best else Mark(mark(best.expected), "best")
        return {}, Mark(mark(picked.expected), made), best_mark
    marks = {}
    for choice in decision.choices:
        kind: MarkKind = "best" if choice is best else "choice"
        for card in choice.alike or choice.cards:
            marks[card] = Mark(mark(choice.expected), kind)
    marks[step.cards[0]] = Mark(mark(picked.expected), made)
    return marks, None, None


def _words(step: Step, decision: Decision | None, seating: Seating, shown: bool, done: bool,
           ascii_only: bool) -> str:
    if step.kind == "deal" or step.seat is None:
        return ("The deal. At each decision, the figure under a card is the points that "
                "choice could expect (lower is better): gold the best, red an error.")
    name = seating.name(step.seat)
    if not shown:
        return f"{name}'s decision is not shown: a shows everyone's."
    if decision is None:
        return f"{name}'s decision: not reviewed." if done else \
            f"{name}'s decision: being worked out..."
    words = verdict_words(decision, name, ascii_only)
    stand_in = seating.player(step.seat, None if step.kind == "pass" else step.plays - 1)
    if stand_in is not None:
        words += f" (A {stand_in} player stood in for {name}.)"
    return words


def frame_at(steps: Sequence[Step], index: int, decision: Decision | None, seating: Seating,
             you: Seat, shown: bool = True, done: bool = False,
             ascii_only: bool = False) -> Frame:
    """The table at step ``index`` of ``steps``, with ``decision`` (the verdict on
    this step's pass or card, if judged yet) marked on the cards when ``shown``
    (False hides it: another person's, at a table for friends); ``done`` says
    every verdict has arrived."""
    step = steps[index]
    hands = tuple(tuple(sorted(cards, key=display_order)) for cards in step.hands)
    finished = step.kind == "play" and step.plays % 4 == 0 and bool(step.tricks)
    winner = step.tricks[-1].winner if finished else None
    visible = decision if shown else None
    marks: dict[Card, Mark] = {}
    pass_mark = best_mark = None
    best_pass: tuple[Card, ...] = ()
    if visible is not None:
        marks, pass_mark, best_mark = _marks(step, visible)
        best = visible.best
        if best_mark is not None and best is not None:
            best_pass = tuple(sorted(best.cards, key=display_order))
    passes = [earlier for earlier in steps[:index + 1] if earlier.kind == "pass"]
    away = frozenset(card for earlier in passes for card in earlier.cards) \
        if len(passes) < 4 else frozenset()
    return Frame(
        index=index, step=step, you=you, names=seating.names, away=away,
        headline=_headline(step, index, len(steps) - 1, seating, ascii_only),
        hands=hands, trick=step.trick, winner=winner,
        passed=tuple(sorted(step.cards, key=display_order)) if step.kind == "pass" else (),
        best_pass=best_pass, decider=step.seat, marks=marks, pass_mark=pass_mark,
        best_pass_mark=best_mark,
        words=_words(step, decision, seating, shown, done, ascii_only))


@dataclass(frozen=True, slots=True)
class SummaryLine:
    """A line of the summary at the end of the replay."""

    text: str
    """The words (wrapped to the page, continued lines indented)."""
    number: int | None = None
    """For one of the costliest decisions, its number (its key: 1, 2 or 3)."""
    heading: bool = False
    """A heading line."""


def summary_lines(decisions: Sequence[Decision], seating: Seating, you: Seat,
                  shown: Sequence[Seat], final: Sequence[int], total: int,
                  ascii_only: bool = False) -> list[SummaryLine]:
    """The summary: the points each seat took, the points each seat ``shown`` gave away
    against the best choices (with the standard error), and their costliest
    decisions, numbered; ``total`` verdicts are due, of which ``decisions`` have
    arrived."""
    pm = "+/-" if ascii_only else "\u00b1"
    taken = ", ".join(f"{seating.name(seat)} {points}"
                      for seat, points in zip(Seat, final, strict=True))
    lines = [SummaryLine(f"Points taken in the hand: {taken}."), SummaryLine(""),
             SummaryLine(f"Points given away against the best choices ({pm} standard error):",
                         heading=True)]
    width = max(len(seating.title(seat)) for seat in Seat)
    own = own_decisions(decisions, seating)
    for seat in Seat:
        title = f"{seating.title(seat):{width}}"
        if seat in shown:
            lines.append(SummaryLine("  " + total_line(own, seat, title, ascii_only)))
            others = sum(1 for d in decisions if d.seat == seat and d not in own)
            if others:
                lines.append(SummaryLine(
                    f"  {'':{width}} and {others} decision{'s' if others > 1 else ''} of a "
                    "computer player standing in, not counted"))
        else:
            lines.append(SummaryLine(f"  {title} not shown (a shows everyone's)"))
    if len(decisions) < total:
        lines.append(SummaryLine(f"  ({len(decisions)} of {total} verdicts so far)"))
    lines.append(SummaryLine(""))
    costly = worst(own, shown)
    whose = "Your" if {d.seat for d in costly} <= {you} else "The"
    if costly:
        keys = ", ".join(str(n) for n in range(1, len(costly) + 1))
        lines.append(SummaryLine(f"{whose} costliest decisions ({keys} shows one):",
                                 heading=True))
        lines.extend(SummaryLine(f"{number}  {costly_line(d, seating.name(d.seat), ascii_only)}",
                                 number)
                     for number, d in enumerate(costly, 1))
    else:
        lines.append(SummaryLine("No error among the decisions shown: each was best, too "
                                 "close to call or forced.", heading=True))
    return lines
