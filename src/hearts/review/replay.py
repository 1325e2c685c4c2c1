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
from typing import Literal

from hearts.cards import Card, Seat
from hearts.hand import Hand, HandRecord
from hearts.records import RecordFileError, SourcedRecord, read_records
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


def replay(record: HandRecord) -> list[Step]:
    """Every step of the hand in ``record``."""
    hand = Hand.from_record(record.cut(0, passes=False))
    steps = [_snapshot(hand, "deal", None, (), None, None)]
    for passed in record.passes:
        hand.pass_cards(passed.seat, passed.cards)
        steps.append(_snapshot(hand, "pass", passed.seat, passed.cards,
                               record.pass_direction.target(passed.seat), None))
    for card in record.plays:
        played = hand.play(card)
        steps.append(_snapshot(hand, "play", played.seat, (card,), None, played.trick))
    return steps


def replay_hand(full: Hand) -> list[Step]:
    """Every step of ``full`` (a hand rebuilt from its record), replayed from the deal."""
    return replay(full.to_record())


def truncated(record: HandRecord, plays: int, passes: bool = True) -> HandRecord:
    """``record`` cut back to its first ``plays`` cards (and, without ``passes``, to
    before the exchange): the hand as it stood at that moment
    (:meth:`~hearts.hand.HandRecord.cut`: only the stand-ins of decisions made by
    then stay)."""
    return record.cut(plays, passes)


def load_record(path: Path, number: int | None = None) -> tuple[str, HandRecord]:
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
    found = records[number - 1]
    return found.where, found.record
