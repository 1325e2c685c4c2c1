"""A hand's review as a document: made here, kept in the game's store, or followed
as another process makes it.

:func:`review_document` is the review's library entry: the command line, the
review page and the game's review in the background all call it. With the
store it

- serves a kept review made by this code at this depth and seed (one made by
  other code, before an upgrade, is made again and replaces it);
- follows a review another process is making (the game reviewing each hand in
  the background), handing over its verdicts as they arrive, and takes over if
  that process stops adding verdicts for :data:`STALE_SECONDS`;
- else makes the review, writing its verdicts to the store as they come so a
  second process can follow, and keeps it when done.

Verdicts are a pure function of the hand, the code, the depth and the seed, so a
review taken over part way is the same as one made at a stretch.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
import uuid
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from typing import Any

from hearts.cards import Seat
from hearts.hand import HandRecord, HandRecordError, read_record
from hearts.review.analysis import (
    decision_from_json,
    from_json,
    hand_key,
    review_of,
    validate,
)
from hearts.review.fingerprint import Reviewer
from hearts.review.verdict import Decision, Task, judge_all, tasks_of

__all__ = ["POLL_SECONDS", "STALE_SECONDS", "Progress", "ReviewUnreadable", "decision_count",
           "kept_document", "readable", "review_document", "workers"]

STALE_SECONDS = 30.0
"""How long a review being made by another process may add no verdict before this
one takes it over (a verdict takes well under a second at the default depth)."""
POLL_SECONDS = 0.25
"""How often a review followed in another process is looked at."""
_NOTE_SECONDS = 0.2
"""The verdicts so far are written at most this often while a review is made."""

Progress = Callable[[Decision], None]
"""Hears of each decision judged, in the order they were made."""


class ReviewUnreadable(ValueError):
    """A hand record that cannot be reviewed; the message says why, in words for
    the player."""


def decision_count(record: HandRecord) -> int:
    """How many decisions a review of every seat of ``record`` judges (forced cards
    included); raises :class:`ReviewUnreadable` when its hand is not over."""
    return len(_tasks(record, 0, 1))


def readable(data: dict[str, Any] | str) -> HandRecord:
    """A record as it arrives for a review (its JSON data or text, as the game's
    store keeps it) read once, here; raises :class:`ReviewUnreadable` saying why in
    the player's words when it does not read."""
    try:
        return read_record(data)
    except HandRecordError as error:
        raise ReviewUnreadable(f"This hand cannot be reviewed: {error}") from None


def _tasks(record: HandRecord, seed: int, depth: int) -> list[Task]:
    """The review's tasks; only a finished hand has any (a review shows every
    hand, which no one may see while the hand is played)."""
    if not record.over:
        raise ReviewUnreadable("This hand cannot be reviewed before it is over")
    return tasks_of(record, list(Seat), seed, depth)


@contextlib.contextmanager
def workers(jobs: int) -> Iterator[Executor | None]:
    """``jobs`` worker processes (None: this process)."""
    if jobs <= 1:
        yield None
        return
    from concurrent.futures import ProcessPoolExecutor

    with ProcessPoolExecutor(max_workers=jobs) as pool:
        yield pool


def kept_document(db: sqlite3.Connection, record: HandRecord, seed: int,
                  depth: int) -> dict[str, Any] | None:
    """The review of ``record`` kept in ``db`` if this code made it at this depth
    and seed (and it reads as a review), else None."""
    from hearts.store.reviews import kept_review

    kept = kept_review(db, hand_key(record), "all", depth, seed)
    if kept is None:
        return None
    try:
        document: dict[str, Any] = json.loads(kept)
        if Reviewer.of(document) != Reviewer.now(depth, seed):
            return None
        validate(document)
        from_json(record, document)
    except (ValueError, KeyError, TypeError):
        return None  # another version's, or damaged: made again and replaced
    return document


def review_document(record: HandRecord, db: sqlite3.Connection | None, seed: int,
                    depth: int, jobs: int = 1, progress: Progress | None = None,
                    executor: Executor | None = None) -> dict[str, Any]:
    """The review's JSON of every seat of ``record`` (see the module): kept in the
    store ``db`` (an open connection, or None), followed as another process makes
    it, or made now and kept. ``progress`` hears of each decision (of a kept
    review too). Without an ``executor`` the review starts ``jobs`` worker
    processes of its own (one: this process).

    Raises :class:`ReviewUnreadable` when the hand is not over (a record that
    does not read was refused where it arrived: :func:`readable`).
    """
    tasks = _tasks(record, seed, depth)
    told = _Teller(depth, progress)
    if db is None:
        return _made(record, tasks, seed, depth, jobs, executor, told, [], None)
    kept = kept_document(db, record, seed, depth)
    if kept is not None:
        told.up_to(kept["decisions"])
        return kept
    return _shared(record, db, tasks, seed, depth, jobs, executor, told)


class _Teller:
    """Hands each decision to ``progress`` once, in order."""

    def __init__(self, depth: int, progress: Progress | None) -> None:
        self.depth = depth
        self.progress = progress
        self.told = 0

    def up_to(self, entries: Sequence[dict[str, Any]]) -> None:
        """Tell the decisions (JSON entries, in order) not told yet."""
        if self.progress is None or len(entries) <= self.told:
            return
        for decision in _decisions(entries[self.told:], self.depth):
            self.progress(decision)
        self.told = len(entries)


def _decisions(entries: Sequence[dict[str, Any]], depth: int) -> list[Decision]:
    """Decisions from their JSON entries (as a kept review holds them)."""
    return [decision_from_json(entry, depth) for entry in entries]


def _shared(record: HandRecord, db: sqlite3.Connection, tasks: Sequence[Task], seed: int,
            depth: int, jobs: int, executor: Executor | None, told: _Teller) -> dict[str, Any]:
    """Follow the review another process is making, or make it here, sharing the
    verdicts through the store."""
    from hearts.store.reviews import claim_review

    key = hand_key(record)
    code = Reviewer.now(depth, seed).code
    owner = f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
    while True:
        try:
            found = claim_review(db, key, depth, seed, code, owner, time.time(), STALE_SECONDS)
        except sqlite3.Error:
            found = None  # the store is busy or read-only: the review is made here alone
        if found is None:
            return _made(record, tasks, seed, depth, jobs, executor, told, [], None)
        done = _entries(found.decisions, tasks, depth)
        told.up_to(done)
        if found.owner == owner:
            return _made(record, tasks, seed, depth, jobs, executor, told, done,
                         (db, key, owner))
        kept = _wait_for(db, record, tasks, seed, depth, found.updated, told)
        if kept is not None:
            return kept


def _entries(text: str, tasks: Sequence[Task], depth: int) -> list[dict[str, Any]]:
    """The verdicts so far (JSON) of a review being made: the first of ``tasks``'
    decisions, or none when they do not read as such."""
    try:
        entries = json.loads(text)
        if not isinstance(entries, list) or len(entries) > len(tasks):
            return []
        decisions = _decisions(entries, depth)
    except (ValueError, KeyError, TypeError):
        return []
    if any((d.seat, d.kind, d.plays) != (t.seat, t.kind, t.plays)
           for d, t in zip(decisions, tasks, strict=False)):
        return []
    return entries


def _wait_for(db: sqlite3.Connection, record: HandRecord, tasks: Sequence[Task], seed: int,
              depth: int, updated: float, told: _Teller) -> dict[str, Any] | None:
    """Follow the review another process makes until it is kept (returned), or it
    stops adding verdicts for a while (None: time to take it over)."""
    from hearts.store.reviews import review_progress

    key = hand_key(record)
    last = time.monotonic()
    while True:
        time.sleep(POLL_SECONDS)
        try:
            found = review_progress(db, key, depth, seed)
            kept = kept_document(db, record, seed, depth)  # after: kept as its progress went
        except sqlite3.Error:
            continue
        if kept is not None:
            told.up_to(kept["decisions"])
            return kept
        if found is None:
            return None  # it stopped without keeping the review: made here
        if found.updated != updated:
            updated, last = found.updated, time.monotonic()
            told.up_to(_entries(found.decisions, tasks, depth))
        elif time.monotonic() - last >= STALE_SECONDS:
            return None


def _made(record: HandRecord, tasks: Sequence[Task], seed: int, depth: int, jobs: int,
          executor: Executor | None, told: _Teller, done: list[dict[str, Any]],
          shared: tuple[sqlite3.Connection, str, str] | None) -> dict[str, Any]:
    """Judge the tasks not ``done`` yet, telling and sharing each verdict; the
    whole review, kept in the store when ``shared`` names it."""
    entries = list(done)
    noted = time.monotonic()

    def judged(decision: Decision) -> None:
        nonlocal noted
        entries.append(decision.to_json())
        told.up_to(entries)
        if shared is not None and time.monotonic() - noted >= _NOTE_SECONDS:
            noted = time.monotonic()
            _note(shared, depth, seed, entries)

    rest = tasks[len(entries):]
    if executor is None and jobs > 1 and len(rest) > 1:
        with workers(jobs) as pool:
            for decision in judge_all(rest, pool):
                judged(decision)
    else:
        for decision in judge_all(rest, executor):
            judged(decision)
    review = review_of(record, list(Seat), seed, depth, _decisions(entries, depth))
    document = review.to_json()
    if shared is not None:
        from hearts.store.reviews import keep_review

        db, key, _owner = shared
        with contextlib.suppress(sqlite3.Error):
            keep_review(db, key, "all", depth, seed, json.dumps(document))
    return document


def _note(shared: tuple[sqlite3.Connection, str, str], depth: int, seed: int,
          entries: list[dict[str, Any]]) -> None:
    from hearts.store.reviews import note_progress

    db, key, owner = shared
    with contextlib.suppress(sqlite3.Error):
        note_progress(db, key, depth, seed, owner, json.dumps(entries), time.time())
