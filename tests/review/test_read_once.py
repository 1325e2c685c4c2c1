"""The review reads a hand record once, however many decisions it judges: every
task, every cut at a decision and the replay work on the one typed record."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest

from hearts import hand_record
from hearts.cards import Seat
from hearts.hand import Hand, HandRecord
from hearts.review import evaluate
from hearts.review.analysis import review_hand
from hearts.review.document import readable, review_document
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


def test_a_review_reads_its_record_once_where_it_arrives(reads: list[object]) -> None:
    data: dict[str, Any] = played_record(3).to_json()
    typed = readable(data)  # the review's edge: the store's or a file's JSON
    assert reads == [data]
    reads.clear()
    review = review_hand(typed, list(Seat), 1, 2)
    document = review_document(typed, None, 1, 2)
    replay(typed)
    Seating(typed)
    assert len(review.decisions) == len(document["decisions"]) == 56
    assert reads == []  # past the edge the typed record is never read again
    assert review_hand(typed, list(Seat), 1, 2).record is typed


def test_the_hand_is_walked_once_not_rebuilt_for_each_decision() -> None:
    typed = played_record(3)
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
