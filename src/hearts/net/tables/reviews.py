"""The ``review`` message: a finished hand's review for the seat that asks.

A person at a network table (the web table's Review button, or ``v``) asks for
the review of a finished hand of the match; the server measures that seat's
decisions alone (docs/review.md) in its executor, never on the event loop, at a
bounded depth, one review at a time a table, and keeps the last few it made.
The answer carries the review document, the hand's record (every card is public
once the hand is over) and the replay's steps, each with the table as it was,
so a client draws the review without replaying the rules itself.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from concurrent.futures import Executor
from typing import Any

from hearts.cards import SEAT_KEYS, Seat
from hearts.hand import HandRecord
from hearts.net.wire.messages import ReviewMessage
from hearts.records import hand_key
from hearts.review.analysis import review_hand
from hearts.review.replay import replay

__all__ = ["REVIEW_DEPTH", "REVIEW_SEED", "Reviews", "review_document", "review_message",
           "steps_json"]

REVIEW_DEPTH = 300
"""Deals each figure of a table's review is measured on: fewer than ``hearts
review``'s 1,000 (a seat's hand takes well under a second of a worker), so a
server's reviews stay cheap; the verdicts say how sure they are."""

REVIEW_SEED = 1
"""The review's seed: the same hand is always reviewed alike."""


def review_document(record: HandRecord, seat: str, depth: int = REVIEW_DEPTH,
                    seed: int = REVIEW_SEED) -> dict[str, Any]:
    """The review document of ``seat``'s decisions in the finished hand ``record``
    (run in a worker: picklable, and it starts no process of its own)."""
    return review_hand(record, [Seat.parse(seat)], seed, depth).to_json()


def steps_json(record: HandRecord) -> list[dict[str, Any]]:
    """The replay of ``record`` as JSON: each step's kind, who, the cards, whom a
    pass went to, and the table after it (the hands, the trick, the points)."""
    return [{"kind": step.kind, "seat": None if step.seat is None else SEAT_KEYS[step.seat],
             "cards": [str(card) for card in step.cards],
             "to": None if step.to is None else SEAT_KEYS[step.to],
             "hands": [[str(card) for card in hand] for hand in step.hands],
             "trick": [[SEAT_KEYS[seat], str(card)] for seat, card in step.trick],
             "points": list(step.points), "plays": step.plays}
            for step in replay(record)]


def review_message(number: int, seat: str, document: dict[str, Any],
                   record: HandRecord) -> ReviewMessage:
    """The ``review`` message of hand ``number`` for ``seat``."""
    return ReviewMessage(number, Seat.parse(seat), document, record.to_json(),
                         steps_json(record))


class Reviews:
    """One table's reviews: made one at a time in the executor, the last few kept."""

    KEEP = 8
    """How many reviews a table keeps."""

    def __init__(self, executor: Executor | None, depth: int = REVIEW_DEPTH) -> None:
        self.executor = executor
        """Where reviews are made (the computer players' workers)."""
        self.depth = depth
        """Deals a figure is measured on."""
        self.made = 0
        """How many reviews were made (not served from the kept ones)."""
        self._kept: OrderedDict[tuple[str, str], dict[str, Any]] = OrderedDict()
        self._one = asyncio.Lock()

    async def document(self, record: HandRecord, seat: str) -> dict[str, Any]:
        """The review document of ``seat`` in the finished hand ``record`` (read
        once by the caller: the worker and the replay's steps share it)."""
        key = (hand_key(record), seat)
        async with self._one:
            kept = self._kept.get(key)
            if kept is None:
                loop = asyncio.get_running_loop()
                kept = await loop.run_in_executor(self.executor, review_document, record,
                                                  seat, self.depth)
                self.made += 1
                self._kept[key] = kept
                while len(self._kept) > self.KEEP:
                    self._kept.popitem(last=False)
            else:
                self._kept.move_to_end(key)
        return kept
