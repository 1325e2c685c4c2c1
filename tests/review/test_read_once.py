"""The review reads a hand record once, however many decisions it judges: every
task, every cut at a decision and the replay work on the one typed record."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest

from hearts import hand_record
from hearts.cards import Seat
from hearts.hand import Hand, HandRecord, read_record
from hearts.review import evaluate
from hearts.review.analysis import review_hand
from hearts.review.document import review_document
from hearts.review.names import Seating
from hearts.review.replay import replay
from hearts.review.verdict import decide, tasks_of
from tests.review.helpers import played_record


@pytest.fixture
def reads() -> Iterator[list[object]]:
    """Every JSON record read (by read_record, HandRecord.unchecked or Hand.from_record)."""
    seen: list[object] = []
    real = hand_record._read

    def counted(data: object) -> HandRecord:
        seen.append(data)
        return real(data)

    with mock.patch.object(hand_record, "_read", counted), \
            mock.patch.object(evaluate, "HINDSIGHT_PLAYOUTS", 1):
        yield seen


def test_a_review_reads_its_record_once(reads: list[object]) -> None:
    record: dict[str, Any] = played_record(3)
    review = review_hand(record, list(Seat), 1, 2)
    assert len(review.decisions) == 56 and reads == [record]
    reads.clear()
    document = review_document(record, None, 1, 2)
    assert len(document["decisions"]) == 56 and reads == [record]
    reads.clear()
    typed = read_record(record)
    reads.clear()
    review_hand(typed, list(Seat), 1, 2)
    review_document(typed, None, 1, 2)
    replay(typed)
    Seating(typed)
    assert reads == []  # a typed record is never read again
    assert review_hand(typed, list(Seat), 1, 2).record is typed


def test_the_hand_is_walked_once_not_rebuilt_for_each_decision() -> None:
    typed = read_record(played_record(3))
    built = []
    real = Hand.from_record.__func__  # type: ignore[attr-defined]

    def counted(cls: type[Hand], record: object) -> Hand:
        built.append(record)
        return real(cls, record)  # type: ignore[no-any-return]

    with mock.patch.object(Hand, "from_record", classmethod(counted)), \
            mock.patch.object(evaluate, "HINDSIGHT_PLAYOUTS", 1):
        tasks = tasks_of(typed, list(Seat), 1, 2)
        assert len(tasks) == 56 and len(built) == 2  # the hand before the passes, and after
        for task in tasks:
            decide(task)
    assert len(built) == 2
    assert review_hand(typed, list(Seat), 1, 2).record is typed
