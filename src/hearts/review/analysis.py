"""A whole hand's review: the verdict on every decision of the seats reviewed, each
seat's total, and the review as versioned JSON.

The JSON shape (``format`` ``hearts-review``, ``version`` 2)::

    {"format": "hearts-review", "version": 2,
     "hand": "<digest of the hand record>", "code": "<reviewer_code()>",
     "seed": 1, "depth": 1000,
     "thresholds": {"inaccuracy": 0.5, "mistake": 1.5, "blunder": 4.0, "z": 2.0},
     "measure": "the seat's own points in the hand, moons included; lower is better",
     "seats": [{"seat": "south", "player": "human" | null, "reviewed": true,
                "lost": 3.2, "lost_se": 0.4, "decisions": 9,
                "verdicts": {"best": 6, "close": 1, "inaccuracy": 1, "mistake": 1,
                             "blunder": 0}}, ...],
     "decisions": [{"seat": "south", "kind": "pass" | "play", "plays": 0, "trick": 0,
                    "chosen": ["QS", ...], "verdict": "best" | "close" | "inaccuracy"
                    | "mistake" | "blunder" | "forced", "loss": 0.0, "loss_se": 0.0,
                    "ess": 812.5, "best": ["QS"] | null, "hindsight_best": ["QS"] | null,
                    "choices": [{"cards": ["QS"], "alike": ["QS"], "expected": 4.1,
                                 "se": 0.2, "diff": 0.0, "diff_se": 0.0,
                                 "hindsight": 3.0 | null}, ...]}, ...]}

``code``, ``depth`` and ``seed`` are the review's fingerprint
(:class:`~hearts.review.fingerprint.Reviewer`). ``close`` is "too close to call".
``loss`` is measured without the winner's curse (see :mod:`hearts.review.verdict`),
so it may be a little under 0; ``lost`` is the sum of a seat's losses and
``lost_se`` its standard error; ``ess`` is the effective sample size of the deals a
decision was measured on. ``plays`` is how many cards were played before the
decision (the pass: 0), ``trick`` the trick it belongs to (the pass: 0), ``by``
(only when another player made it for the seat's own: a computer player standing in
for a person) its name; a seat's ``lost``, ``decisions`` and ``verdicts`` count its
own player's decisions alone; the
``choices`` are best first; ``alike`` lists the cards that play the same way as
``cards`` (empty for a pass); ``hindsight`` is the choice's mean points in the
real deal with every card known. :func:`validate` checks a document has this shape.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass
from typing import Any

from hearts.cards import SEAT_KEYS, Card, Seat
from hearts.hand import HandRecord
from hearts.records import hand_key
from hearts.review.fingerprint import Reviewer
from hearts.review.names import Seating
from hearts.review.verdict import (
    BLUNDER,
    INACCURACY,
    MISTAKE,
    Choice,
    Decision,
    Total,
    Z,
    judge_all,
    seat_total,
    tasks_of,
)

__all__ = ["JUDGED", "REVIEW_FORMAT", "REVIEW_VERSION", "THRESHOLDS", "VERDICTS", "Review",
           "decision_from_json", "from_json", "hand_key", "review_hand", "review_of",
           "validate"]

REVIEW_FORMAT = "hearts-review"
REVIEW_VERSION = 2
VERDICTS = ("best", "close", "inaccuracy", "mistake", "blunder", "forced")
"""Every verdict a decision may have."""
JUDGED = VERDICTS[:5]
"""The verdicts of a decision that had a choice."""
THRESHOLDS = {"inaccuracy": INACCURACY, "mistake": MISTAKE, "blunder": BLUNDER, "z": Z}
"""The thresholds as the JSON gives them."""
MEASURE = "the seat's own points in the hand, moons included; lower is better"


@dataclass(frozen=True, slots=True)
class Review:
    """The verdicts on a hand's decisions."""

    record: HandRecord
    """The hand record reviewed."""
    seats: tuple[Seat, ...]
    """The seats whose decisions were judged."""
    seed: int
    """The review's seed."""
    depth: int
    """Sampled deals a choice."""
    decisions: tuple[Decision, ...]
    """Every decision of those seats, in the order they were made."""
    code: str
    """The reviewer's code (:func:`~hearts.review.fingerprint.reviewer_code`)."""

    @property
    def reviewer(self) -> Reviewer:
        """What made this review."""
        return Reviewer(self.code, self.depth, self.seed)

    def lost(self, seat: Seat) -> Total:
        """Points ``seat``'s own player gave away against the best choices, with the
        standard error (the decisions of a player standing in are not counted)."""
        return seat_total(self.own(seat), seat)

    def of(self, seat: Seat) -> list[Decision]:
        """``seat``'s decisions, whoever made them."""
        return [d for d in self.decisions if d.seat == seat]

    @property
    def seating(self) -> Seating:
        """Who sat where in the hand reviewed."""
        return Seating(self.record)

    def own(self, seat: Seat) -> list[Decision]:
        """``seat``'s decisions its own player made (its person, where a person sat)."""
        return own_decisions(self.of(seat), self.seating)

    def stood_in(self, decision: Decision) -> str | None:
        """Who made ``decision`` when not the seat's own player ("Club"), else None."""
        return self.seating.player(decision.seat, made_at(decision))

    def to_json(self) -> dict[str, Any]:
        """The review as a JSON document (the shape in the module docstring)."""
        players = self.record.players
        seating = self.seating
        seats = []
        for seat in Seat:
            mine = own_decisions(self.of(seat), seating)
            player = None if players is None else players[seat].player
            seats.append({
                "seat": seat.name.lower(), "player": player, "reviewed": seat in self.seats,
                # from the rounded figures below, so the document adds up as printed
                "lost": round(math.fsum(round(d.loss, 3) for d in mine), 3),
                "lost_se": round(math.sqrt(math.fsum(round(d.loss_se, 3) ** 2 for d in mine)),
                                 3),
                "decisions": sum(1 for d in mine if d.verdict != "forced"),
                "verdicts": {v: sum(1 for d in mine if d.verdict == v) for v in JUDGED},
            })
        return {
            "format": REVIEW_FORMAT, "version": REVIEW_VERSION, "hand": hand_key(self.record),
            "code": self.code, "seed": self.seed, "depth": self.depth,
            "thresholds": dict(THRESHOLDS), "measure": MEASURE, "seats": seats,
            "decisions": [_with_maker(d.to_json(), seating.player(d.seat, made_at(d)))
                          for d in self.decisions],
        }


def made_at(decision: Decision) -> int | None:
    """Where ``decision`` stands among the hand's decisions as a record names them:
    None for the pass, else the index of the card played."""
    return None if decision.kind == "pass" else decision.plays


def own_decisions(decisions: Iterable[Decision], seating: Seating) -> list[Decision]:
    """The decisions each seat's own player made (not a player standing in)."""
    return [d for d in decisions if seating.own(d.seat, made_at(d))]


def _with_maker(entry: dict[str, Any], player: str | None) -> dict[str, Any]:
    """A decision's JSON, naming the player that stood in for the seat's own."""
    if player is not None:
        entry["by"] = player
    return entry


def review_hand(record: HandRecord, seats: Iterable[Seat], seed: int, depth: int,
                executor: Executor | None = None,
                progress: Callable[[Decision], None] | None = None) -> Review:
    """Judge every decision of ``seats`` in the hand ``record``; ``progress`` hears
    of each verdict in order."""
    chosen = tuple(sorted(set(seats)))
    decisions = []
    for decision in judge_all(tasks_of(record, chosen, seed, depth), executor):
        decisions.append(decision)
        if progress is not None:
            progress(decision)
    return review_of(record, chosen, seed, depth, decisions)


def review_of(record: HandRecord, seats: Iterable[Seat], seed: int, depth: int,
              decisions: Iterable[Decision]) -> Review:
    """The review of ``seats`` made of ``decisions`` (every decision of those seats,
    in order) by this code."""
    return Review(record, tuple(sorted(set(seats))), seed, depth, tuple(decisions),
                  Reviewer.now(depth, seed).code)


def _cards(values: Sequence[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(value) for value in values)


def decision_from_json(entry: dict[str, Any], depth: int) -> Decision:
    """The decision of a review's JSON entry (figures as rounded in the JSON),
    measured on ``depth`` deals a choice; raises ``ValueError`` when the entry
    is not one."""
    _check_decision(entry, "decision")
    choices = tuple(
        Choice(_cards(c["cards"]), _cards(c["alike"]), c["expected"], c["se"], c["diff"],
               c["diff_se"], c["hindsight"]) for c in entry["choices"])
    return Decision(Seat.parse(entry["seat"]), entry["kind"], entry["plays"],
                    _cards(entry["chosen"]), entry["verdict"], entry["loss"], entry["loss_se"],
                    choices, depth, entry["ess"])


def from_json(record: HandRecord, document: dict[str, Any]) -> Review:
    """The review of ``record`` that ``document`` (from :meth:`Review.to_json`, checked
    with :func:`validate`) holds; figures are as rounded in the JSON."""
    validate(document)
    decisions = [decision_from_json(entry, document["depth"]) for entry in document["decisions"]]
    seats = tuple(Seat.parse(s["seat"]) for s in document["seats"] if s["reviewed"])
    return Review(record, seats, document["seed"], document["depth"],
                  tuple(decisions), document["code"])




def _check(condition: bool, where: str) -> None:
    if not condition:
        raise ValueError(f"review JSON: {where}")


def _is_cards(value: object) -> bool:
    return isinstance(value, list) and all(isinstance(c, str) for c in value)


def _is_number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def validate(document: dict[str, Any]) -> None:
    """Raise ``ValueError`` naming the first place ``document`` departs from the
    shape in this module's docstring."""
    _check(document.get("format") == REVIEW_FORMAT, "format")
    _check(document.get("version") == REVIEW_VERSION, "version")
    _check(isinstance(document.get("hand"), str), "hand")
    _check(isinstance(document.get("code"), str), "code")
    for name in ("seed", "depth"):
        _check(type(document.get(name)) is int, name)
    _check(document.get("thresholds") == THRESHOLDS, "thresholds")
    seats: Sequence[Any] = document.get("seats", ())
    _check(isinstance(seats, list) and len(seats) == 4, "seats")
    for seat, entry in zip(Seat, seats, strict=True):
        where = f"seats[{int(seat)}]"
        _check(isinstance(entry, dict) and entry.get("seat") == seat.name.lower(), where)
        _check(isinstance(entry.get("reviewed"), bool), f"{where}.reviewed")
        for name in ("lost", "lost_se"):
            _check(_is_number(entry.get(name)), f"{where}.{name}")
        _check(type(entry.get("decisions")) is int, f"{where}.decisions")
        _check(set(entry.get("verdicts", {})) == set(JUDGED), f"{where}.verdicts")
    decisions = document.get("decisions")
    _check(isinstance(decisions, list), "decisions")
    assert isinstance(decisions, list)
    for number, entry in enumerate(decisions):
        _check_decision(entry, f"decisions[{number}]")


def _check_decision(entry: Any, where: str) -> None:
    _check(isinstance(entry, dict), where)
    _check(entry.get("seat") in SEAT_KEYS, f"{where}.seat")
    _check(entry.get("kind") in ("pass", "play"), f"{where}.kind")
    _check(type(entry.get("plays")) is int, f"{where}.plays")
    _check(entry.get("verdict") in VERDICTS, f"{where}.verdict")
    _check(_is_cards(entry.get("chosen")), f"{where}.chosen")
    for name in ("loss", "loss_se", "ess"):
        _check(_is_number(entry.get(name)), f"{where}.{name}")
    _check(entry.get("best") is None or _is_cards(entry.get("best")), f"{where}.best")
    choices = entry.get("choices")
    _check(isinstance(choices, list) and (bool(choices) or entry["verdict"] == "forced"),
           f"{where}.choices")
    assert isinstance(choices, list)
    for index, choice in enumerate(choices):
        place = f"{where}.choices[{index}]"
        _check(isinstance(choice, dict) and _is_cards(choice.get("cards"))
               and _is_cards(choice.get("alike")), place)
        for name in ("expected", "se", "diff", "diff_se"):
            _check(_is_number(choice.get(name)), f"{place}.{name}")
        _check(choice.get("hindsight") is None or _is_number(choice.get("hindsight")),
               f"{place}.hindsight")
