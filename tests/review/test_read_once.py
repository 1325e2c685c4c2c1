"""The review reads a hand record once, however many decisions it judges: every
task, every cut at a decision and the replay work on the one typed record."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any
from unittest import mock

import pytest

from hearts import hand_record
from hearts.cards import Seat
from hearts.hand import HandRecord, read_record
from hearts.review import evaluate
from hearts.review.analysis import review_hand
from hearts.review.document import review_document
from hearts.review.names import Seating
from hearts.review.replay import replay
from hearts.review.verdict import tasks_of
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
    assert all(task.record is typed for task in tasks_of(typed, list(Seat), 1, 2))
    assert review_hand(typed, list(Seat), 1, 2).record is typed
