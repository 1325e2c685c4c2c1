"""The verdict on every decision of a hand: expected points of each choice, the
choice made marked against the best, and a hindsight line.

For each decision of a seat (its pass, and each card it played that was not
forced) the hand is rebuilt from its record up to that moment and the seat's
:class:`~hearts.view.PlayerView` is measured by :mod:`hearts.review.evaluate`:
the expected points the seat ends the hand with after each choice (its own
points, moons included, lower is better) on the same sampled deals, with the
standard error of each figure and of each figure's difference from the best.
Only the view is read, so the verdict never depends on a card the seat could not
see.

The choice made is marked by ``loss``, the points it gave away against the best
choice, measured without the winner's curse (the best of several noisy figures
looks better than it is): the best is picked on one half of the deals and the
loss measured on the other half, both ways round
(:meth:`~hearts.review.evaluate.Measured.loss`). ``loss`` has a standard error,
``loss_se``; the verdict names an error only when the loss stands clear of it,
by :data:`Z` standard errors:

- ``best``: the loss is surely under :data:`INACCURACY` (0.5 points):
  ``loss + Z * loss_se < 0.5``. Choices closer than half a point are not told
  apart: neither is wrong.
- ``close`` (too close to call): the loss may be under half a point or over it;
  more deals would tell.
- an error, when ``loss - Z * loss_se >= 0.5``, named by ``loss``:
  ``inaccuracy`` under :data:`MISTAKE` (1.5): a heart or two given away, as when
  a card too high takes a trick with a heart in it; ``mistake`` under
  :data:`BLUNDER` (4): a small slip repeated, or a fair chance of taking the
  queen of spades; ``blunder`` from 4: the queen of spades taken one time in
  three, or a moon shot let through one time in six, a decision that costs the
  hand's average result (about a quarter of its 26 or 33 points) or more.

The **hindsight** line is apart from the verdict and labelled so: with every card
known (the real deal), each choice played out by judgement in all seats on
:data:`~hearts.review.evaluate.HINDSIGHT_PLAYOUTS` playouts; it says which
choice would have been best in this deal, which a player could not know.

A seat's total is the sum of its decisions' losses, with the standard error of
the sum (each decision is measured on deals of its own): the points it gave away
against the best choices, the same figure for every seat, so a person compares
with the computer players at the table. A review is a pure function of
(record, seat, seed, depth): no clock and no global random state.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any, Literal, NamedTuple

from hearts.ai.kit import rule_kit
from hearts.ai.situation import Situation
from hearts.cards import Card, Seat, cards_of_mask
from hearts.hand import Hand, HandRecord
from hearts.review.evaluate import (
    Measured,
    hindsight_pass,
    hindsight_play,
    measure_pass,
    measure_play,
    pass_options,
    play_groups,
)
from hearts.view import PlayerView

__all__ = [
    "BLUNDER",
    "DEFAULT_DEPTH",
    "ERRORS",
    "INACCURACY",
    "MISTAKE",
    "Choice",
    "Decision",
    "Task",
    "Total",
    "Verdict",
    "Z",
    "classify",
    "decide",
    "judge_all",
    "seat_total",
    "tasks_of",
]

INACCURACY = 0.5
"""Points given away from which a choice is an inaccuracy (see the module)."""
MISTAKE = 1.5
"""Points given away from which a choice is a mistake."""
BLUNDER = 4.0
"""Points given away from which a choice is a blunder."""
Z = 2.0
"""Standard errors by which a loss must stand clear of :data:`INACCURACY` to be
called best (below) or an error (above); in between it is too close to call."""

DEFAULT_DEPTH = 1000
"""Sampled deals a decision by default, for every legal choice (the Expert plays
on 320 deals for a shortlist of up to 8 cards, and 320 more for its two or three
finalists). ``python -m hearts.bench review`` times a full review (all four
seats); docs/review.md gives the figures."""

Verdict = Literal["best", "close", "inaccuracy", "mistake", "blunder", "forced"]
"""How the choice made compares with the best (``close``: too close to call;
``forced``: one legal card, or every legal card plays alike, so there was no
choice)."""

ERRORS: tuple[Verdict, ...] = ("inaccuracy", "mistake", "blunder")
"""The verdicts that name an error, mildest first."""


def classify(loss: float, se: float = 0.0) -> Verdict:
    """The verdict on a choice that gave away ``loss`` points against the best,
    measured with standard error ``se`` (see the module)."""
    if loss + Z * se < INACCURACY:
        return "best"
    if loss - Z * se < INACCURACY:
        return "close"
    if loss < MISTAKE:
        return "inaccuracy"
    if loss < BLUNDER:
        return "mistake"
    return "blunder"


@dataclass(frozen=True, slots=True)
class Choice:
    """One choice measured: a card (with the cards that play alike) or a pass."""

    cards: tuple[Card, ...]
    """The card played, or the three cards passed."""
    alike: tuple[Card, ...]
    """For a card, every legal card that plays the same way (itself included)."""
    expected: float
    """Expected points for the seat in the hand after this choice."""
    se: float
    """Standard error of ``expected``."""
    diff: float
    """``expected`` minus the best choice's, measured deal by deal (0 for the best)."""
    diff_se: float
    """Standard error of ``diff``."""
    hindsight: float | None
    """Mean points in the real deal with every card known (None when not measured)."""

    def to_json(self) -> dict[str, Any]:
        """The choice's entry in a review's JSON."""
        return {"cards": [str(c) for c in self.cards], "alike": [str(c) for c in self.alike],
                "expected": _round(self.expected), "se": _round(self.se),
                "diff": _round(self.diff), "diff_se": _round(self.diff_se),
                "hindsight": None if self.hindsight is None else _round(self.hindsight)}


def _round(value: float) -> float:
    return round(value, 3)


@dataclass(frozen=True, slots=True)
class Decision:
    """The verdict on one decision of one seat."""

    seat: Seat
    """Who decided."""
    kind: Literal["pass", "play"]
    """Its pass or a card."""
    plays: int
    """Cards played before the decision (0 for the pass)."""
    chosen: tuple[Card, ...]
    """What the seat did."""
    verdict: Verdict
    """How that compares with the best."""
    loss: float
    """Points the choice gave away against the best choice, measured without the
    winner's curse (so it may come out a little under 0); 0 when forced."""
    loss_se: float
    """Standard error of ``loss``."""
    choices: tuple[Choice, ...]
    """Every measured choice, best first (empty when forced)."""
    depth: int
    """Sampled deals each choice was measured on."""
    ess: float
    """The deals' effective sample size (they are weighted by how likely the
    other seats' plays were in each): as sure as this many equal deals."""

    @property
    def trick_number(self) -> int:
        """The trick (from 1) of a card; 0 for the pass."""
        return 0 if self.kind == "pass" else self.plays // 4 + 1

    @property
    def best(self) -> Choice | None:
        """The best choice measured (None when forced)."""
        return self.choices[0] if self.choices else None

    @property
    def picked(self) -> Choice | None:
        """The choice made, as measured (None when forced)."""
        return next((c for c in self.choices
                     if set(c.cards) == set(self.chosen) or self.chosen[0] in c.alike), None)

    @property
    def better(self) -> Choice | None:
        """The best choice other than the one made (None when forced)."""
        picked = self.picked
        return next((c for c in self.choices if c is not picked), None)

    @property
    def hindsight_best(self) -> Choice | None:
        """The choice best in hindsight (every card known), or None."""
        known = [c for c in self.choices if c.hindsight is not None]
        return min(known, key=lambda c: c.hindsight or 0.0) if known else None

    def to_json(self) -> dict[str, Any]:
        """The decision's entry in a review's JSON."""
        best = self.best
        hindsight = self.hindsight_best
        return {
            "seat": self.seat.name.lower(), "kind": self.kind, "plays": self.plays,
            "trick": self.trick_number, "chosen": [str(c) for c in self.chosen],
            "verdict": self.verdict, "loss": _round(self.loss), "loss_se": _round(self.loss_se),
            "ess": round(self.ess, 1),
            "best": None if best is None else [str(c) for c in best.cards],
            "hindsight_best": None if hindsight is None else [str(c) for c in hindsight.cards],
            "choices": [choice.to_json() for choice in self.choices],
        }


@dataclass(frozen=True)
class Task:
    """One decision to judge: everything a worker process needs (the hand is
    walked once, by :func:`tasks_of`, never rebuilt for each decision)."""

    seat: Seat
    """Who decides."""
    kind: Literal["pass", "play"]
    """The pass or a card."""
    plays: int
    """Cards played before the decision."""
    seed: int
    """The review's seed."""
    depth: int
    """Sampled deals a choice."""
    view: PlayerView
    """What the seat saw when it decided: all the verdict's figures come from it."""
    chosen: tuple[Card, ...]
    """What the seat chose."""
    world: tuple[int, ...]
    """Every seat's cards as masks (for a card, those held at the decision; for the
    pass, those dealt): the hindsight's alone, never the verdict's."""
    passes: tuple[int | None, ...] = ()
    """For the pass, every seat's pass as a mask (None: not passed): hindsight too."""


def tasks_of(record: HandRecord, seats: Sequence[Seat], seed: int,
             depth: int) -> list[Task]:
    """Every decision of ``seats`` in the hand, in the order they were made, the
    hand walked forward once."""
    out: list[Task] = []
    passed = {passed.seat for passed in record.passes}
    if passed & set(seats):
        before = Hand.from_record(record.cut(0, passes=False))
        dealt = tuple(_mask(cards) for cards in record.deal)
        passes = tuple(_mask(record.passed(seat)) or None for seat in Seat)
        for seat in seats:
            if seat in passed:
                out.append(Task(seat, "pass", 0, seed, depth, before.view(seat),
                                tuple(record.passed(seat)), dealt, passes))
    replayed = Hand.from_record(record.cut(0))
    for index, card in enumerate(record.plays):
        turn = replayed.turn
        if turn is not None and turn in seats:
            world = tuple(replayed.held_mask(seat) for seat in Seat)
            out.append(Task(turn, "play", index, seed, depth, replayed.view(turn), (card,),
                            world))
        replayed.play(card)
    return out


def decide(task: Task) -> Decision:
    """The verdict on ``task``'s decision (pure: the same task gives the same verdict)."""
    if task.kind == "pass":
        return _decide_pass(task)
    return _decide_play(task)


def _mask(cards: Sequence[Card]) -> int:
    mask = 0
    for card in cards:
        mask |= card.bit
    return mask


def _choices(found: Measured, cards: Callable[[int], tuple[Card, ...]],
             alike: Callable[[int], tuple[Card, ...]],
             hindsight: Sequence[float] | None) -> list[Choice]:
    order = sorted(range(len(found.choices)),
                   key=lambda i: (found.figures(i).expected, i))
    best = order[0]
    out = []
    for i in order:
        figures = found.figures(i)
        diff = found.difference(i, best) if i != best else None
        out.append(Choice(cards(found.choices[i]), alike(found.choices[i]), figures.expected,
                          figures.se, 0.0 if diff is None else diff.expected,
                          0.0 if diff is None else diff.se,
                          None if hindsight is None else hindsight[i]))
    return out


def _verdict(task: Task, chosen: tuple[Card, ...], choices: list[Choice], found: Measured,
             position: int) -> Decision:
    loss = found.loss(position)
    return Decision(task.seat, task.kind, task.plays, chosen,
                    classify(loss.expected, loss.se), loss.expected, loss.se, tuple(choices),
                    task.depth, found.effective_deals)


def _decide_play(task: Task) -> Decision:
    (chosen,) = task.chosen
    view = task.view
    s = Situation.of(view)
    groups = play_groups(s, rule_kit(view.rules))
    if len(groups) == 1:
        return Decision(task.seat, "play", task.plays, (chosen,), "forced", 0.0, 0.0, (),
                        task.depth, 0.0)
    by_card = {card: group for group in groups for card in group}
    found = measure_play(view, task.seed, task.depth, [group[0] for group in groups])
    hindsight = hindsight_play(view, task.world, task.seed, found.choices)
    choices = _choices(found, lambda c: (Card.from_index(c),),
                       lambda c: tuple(Card.from_index(x) for x in by_card[c]), hindsight)
    position = next(i for i, group in enumerate(groups) if chosen.index in group)
    return _verdict(task, (chosen,), choices, found, position)


def _decide_pass(task: Task) -> Decision:
    view = task.view
    chosen_mask = _mask(task.chosen)
    options = pass_options(view, chosen_mask)
    found = measure_pass(view, task.seed, task.depth, options)
    hindsight = hindsight_pass(view, task.world, task.passes, task.seed, options)

    def cards(mask: int) -> tuple[Card, ...]:
        return tuple(cards_of_mask(mask))

    choices = _choices(found, cards, lambda mask: (), hindsight)
    return _verdict(task, task.chosen, choices, found, options.index(chosen_mask))


def judge_all(tasks: Sequence[Task], executor: Executor | None = None) -> Iterator[Decision]:
    """The verdict on each task, in the tasks' order; with an ``executor`` the
    tasks run in its processes (the most costly first), else here."""
    if executor is None:
        for task in tasks:
            yield decide(task)
        return
    order = sorted(range(len(tasks)), key=lambda i: (tasks[i].plays, i))
    futures = {i: executor.submit(decide, tasks[i]) for i in order}
    for i in range(len(tasks)):
        yield futures[i].result()


class Total(NamedTuple):
    """The points a seat gave away over its decisions, with the standard error."""

    lost: float
    """The sum of the decisions' losses."""
    se: float
    """Its standard error (the decisions are measured on deals of their own)."""


def seat_total(decisions: Sequence[Decision], seat: Seat) -> Total:
    """Points ``seat`` gave away in ``decisions`` against the best choices."""
    mine = [d for d in decisions if d.seat == seat]
    return Total(math.fsum(d.loss for d in mine), math.sqrt(math.fsum(d.loss_se ** 2
                                                                       for d in mine)))
