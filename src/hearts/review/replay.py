"""A hand record turned into the steps of its replay.

The first step shows the four hands as dealt; then one step for each seat's pass
(who gave which three cards to whom), in the order the record holds them; then
one step for each card played. Every step carries the position after it: each
seat's cards, the trick so far, the finished tricks with their winners and each
seat's points so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal

from hearts.cards import Card, Seat
from hearts.hand import Hand, HandRecordError
from hearts.records import RecordFileError, SourcedRecord, read_records
from hearts.rules import PassDirection
from hearts.view import Trick

__all__ = ["Step", "StepKind", "load_record", "replay", "replay_hand", "truncated"]

StepKind = Literal["deal", "pass", "play"]
"""What a step shows: the deal, one seat's pass, or one card played."""


@dataclass(frozen=True, slots=True)
class Step:
    """One step of a replay and the position after it."""

    kind: StepKind
    """``deal``, ``pass`` or ``play``."""
    seat: Seat | None
    """Who passed or played (None for the deal)."""
    cards: tuple[Card, ...]
    """The three cards passed, or the one card played (empty for the deal)."""
    to: Seat | None
    """Whom a pass went to (None otherwise)."""
    hands: tuple[tuple[Card, ...], ...]
    """Each seat's cards after this step, in seat order (passes are exchanged only
    after the fourth, as at the table)."""
    trick: tuple[tuple[Seat, Card], ...]
    """The trick so far; a trick this card finished shows complete."""
    tricks: tuple[Trick, ...]
    """The finished tricks, each with its leader and winner."""
    points: tuple[int, ...]
    """Each seat's points so far (the final points, moon included, at the end)."""
    plays: int
    """How many cards have been played after this step."""

    @property
    def trick_number(self) -> int:
        """The number (from 1) of the trick this step's card belongs to; 0 before play."""
        if self.kind != "play":
            return 0
        return (self.plays - 1) // 4 + 1


def _snapshot(hand: Hand, kind: StepKind, seat: Seat | None, cards: Sequence[Card],
              to: Seat | None, finished: Trick | None) -> Step:
    trick = finished.plays() if finished is not None else hand.trick
    return Step(kind, seat, tuple(cards), to,
                tuple(tuple(hand.holding(s)) for s in Seat), trick, hand.tricks,
                hand.points, len(hand.plays))


def replay(record: dict[str, Any] | str) -> list[Step]:
    """Every step of the hand in ``record`` (a hand record, as a dict or its JSON).

    Raises :class:`~hearts.hand.HandRecordError` when the record does not load.
    """
    full = Hand.from_record(record)
    return replay_hand(full)


def replay_hand(full: Hand) -> list[Step]:
    """Every step of ``full`` (a hand rebuilt from its record), replayed from the deal."""
    hand = Hand(full.rules, [full.dealt(seat) for seat in Seat], dealer=full.dealer,
                pass_direction=full.pass_direction, scores=full.scores)
    steps = [_snapshot(hand, "deal", None, (), None, None)]
    if full.pass_direction is not PassDirection.NONE:
        for seat in _pass_order(full):
            cards = full.passed(seat)
            hand.pass_cards(seat, cards)
            steps.append(_snapshot(hand, "pass", seat, cards,
                                   full.pass_direction.target(seat), None))
    for card in full.plays:
        played = hand.play(card)
        steps.append(_snapshot(hand, "play", played.seat, (card,), None, played.trick))
    return steps


def _pass_order(hand: Hand) -> list[Seat]:
    """The seats that passed, in the order the record keeps."""
    record = hand.record()
    return [Seat.parse(entry["seat"]) for entry in record["passes"]]


def truncated(record: dict[str, Any], plays: int, passes: bool = True) -> dict[str, Any]:
    """``record`` cut back to its first ``plays`` cards (and, without ``passes``, to
    before the exchange): the hand as it stood at that moment.

    Only the stand-ins of decisions made by then stay (a stand-in names the card
    it chose by its place among the plays, so one past the cut would point at a
    card the cut record does not hold)."""
    out = dict(record)
    if not passes:
        plays = 0
        out["passes"] = []
    out["plays"] = list(record.get("plays", []))[:plays]
    if isinstance(record.get("stand_ins"), list):
        out["stand_ins"] = [entry for entry in record["stand_ins"]
                            if not isinstance(entry, dict) or _made_by(entry, plays, passes)]
    return out


def _made_by(stand_in: dict[str, Any], plays: int, passes: bool) -> bool:
    """Whether the decision of ``stand_in`` (a record's entry) was made within the
    first ``plays`` cards (and the passes, with ``passes``)."""
    decision = stand_in.get("decision")
    if decision == "pass":
        return passes
    return not (type(decision) is int and decision >= plays)


def load_record(path: Path, number: int | None = None) -> tuple[str, dict[str, Any]]:
    """The hand record numbered ``number`` (from 1) in the file at ``path``, with
    where it was found; without ``number`` the file must hold one hand only.

    Reads table records, ``hearts history --export`` files and arena results files
    (with :func:`hearts.records.read_records`). Raises ``ValueError`` (a
    :class:`~hearts.records.RecordFileError` or a
    :class:`~hearts.hand.HandRecordError`) saying what is wrong.
    """
    records: list[SourcedRecord] = read_records(path)
    if number is None:
        if len(records) != 1:
            raise RecordFileError(f"{path} holds {len(records)} hands: choose one with --hand")
        number = 1
    if not 1 <= number <= len(records):
        raise RecordFileError(f"{path} holds {len(records)} hands; --hand must be 1 to "
                              f"{len(records)}")
    where, record = records[number - 1]
    if not isinstance(record, dict):  # pragma: no cover - read_records keeps dicts
        raise HandRecordError(f"{where}: not a hand record")
    return where, record
