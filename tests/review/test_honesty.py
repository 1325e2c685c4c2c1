"""The verdict on a decision reads only what the deciding seat could see.

The hidden cards of the other seats are swapped (cards each still holds from its
deal, so the record stays consistent up to the decision), and the verdict of the
decision must not change; the hindsight line, which knows the real deal, may.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from hearts.cards import Card, Seat
from hearts.hand import Hand, HandRecord, read_record
from hearts.review.replay import truncated
from hearts.review.verdict import Decision, Task, decide, tasks_of
from tests.review.helpers import played_record

DEPTH = 40


def figures(decision: Decision) -> list[Any]:
    """Everything in a decision but the hindsight."""
    return [decision.verdict, decision.loss, decision.loss_se,
            [(c.cards, c.alike, c.expected, c.se, c.diff, c.diff_se) for c in decision.choices]]


def task_at(record: HandRecord, kind: str, plays: int) -> Task:
    """South's task of ``kind`` after ``plays`` cards, walked from ``record``."""
    return next(t for t in tasks_of(record, [Seat.SOUTH], 1, DEPTH)
                if t.kind == kind and t.plays == plays)


def swapped(record: HandRecord, seat: Seat, plays: int, rng: random.Random,
            swaps: int = 4) -> HandRecord:
    """``record`` up to ``plays`` cards, with hidden cards of the seats other than
    ``seat`` swapped between them: cards dealt to a seat, not passed, still held
    at the decision, and of a suit the other seat has not shown out of."""
    full = Hand.from_record(record)
    at = Hand.from_record(truncated(record, plays))
    view = at.view(seat)
    hands = {s: list(full.dealt(s)) for s in Seat}
    others = [s for s in Seat if s != seat]
    done = 0
    for _attempt in range(200):
        a, b = rng.sample(others, 2)
        held_a = [c for c in at.holding(a) if c in hands[a] and c not in full.passed(a)]
        held_b = [c for c in at.holding(b) if c in hands[b] and c not in full.passed(b)]
        if not held_a or not held_b:
            continue
        x, y = rng.choice(held_a), rng.choice(held_b)
        if x == y or x.suit in view.voids[b] or y.suit in view.voids[a]:
            continue
        hands[a][hands[a].index(x)] = y
        hands[b][hands[b].index(y)] = x
        done += 1
        if done == swaps:
            break
    assert done >= 1
    out = truncated(record, plays + 1).to_json()
    out["deal"] = {s.name.lower(): [str(c) for c in hands[s]] for s in Seat}
    return read_record(out)  # still a consistent hand up to and with the decision


@pytest.mark.parametrize("seed", [3, 8])
def test_a_verdict_does_not_change_when_the_hidden_cards_do(seed: int) -> None:
    record = played_record(seed)
    rng = random.Random(seed)
    tasks = [t for t in tasks_of(record, [Seat.SOUTH], 1, DEPTH) if t.kind == "play"]
    checked = changed = 0
    for task in tasks[1:10]:
        original = decide(task)
        if original.verdict == "forced":
            continue
        other = swapped(record, Seat.SOUTH, task.plays, rng)
        assert other.deal != truncated(record, task.plays + 1).deal
        again = decide(task_at(other, "play", task.plays))
        assert figures(again) == figures(original)
        checked += 1
        changed += [c.hindsight for c in again.choices] != [c.hindsight for c in original.choices]
    assert checked >= 3
    assert changed >= 1  # the swaps did change the real deal: the hindsight saw it


def test_the_pass_verdict_does_not_change_when_the_others_cards_do() -> None:
    record = played_record(5)
    task = next(t for t in tasks_of(record, [Seat.SOUTH], 1, DEPTH) if t.kind == "pass")
    original = decide(task)
    full = Hand.from_record(record)
    deal = {s: list(full.dealt(s)) for s in Seat}
    # West's and North's unpassed cards swapped; the passes stay the same.
    west = [c for c in deal[Seat.WEST] if c not in full.passed(Seat.WEST)]
    north = [c for c in deal[Seat.NORTH] if c not in full.passed(Seat.NORTH)]
    swap = list(zip(west[:5], north[-5:], strict=True))
    for x, y in swap:
        deal[Seat.WEST][deal[Seat.WEST].index(x)] = y
        deal[Seat.NORTH][deal[Seat.NORTH].index(y)] = x
    cut = truncated(record, 0).to_json()
    cut["deal"] = {s.name.lower(): [str(c) for c in deal[s]] for s in Seat}
    other = read_record(cut)
    again = decide(task_at(other, "pass", 0))
    assert figures(again) == figures(original)
    assert all(isinstance(c, Card) for c in again.chosen)
