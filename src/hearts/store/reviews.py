"""Reviews of hands kept in the store (the ``reviews`` table of schema version 2),
so a second look at a hand is instant.

A review is keyed by the hand (the digest of its record), the seat reviewed, the
depth and the seed: the review is a pure function of those, so a kept one is
exactly what reviewing again would give. Each write is one transaction.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import NamedTuple

from hearts.records import hand_key
from hearts.store.schema import SCHEMA_VERSION, migrate, transaction, user_version

__all__ = ["ReviewedHand", "find_hand", "has_reviews", "keep_review", "kept_review",
           "open_for_reviews", "reviewed_hands"]


def has_reviews(db: sqlite3.Connection) -> bool:
    """Whether ``db`` has the reviews table."""
    return db.execute("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = 'reviews'"
                      ).fetchone() is not None


def open_for_reviews(path: str) -> sqlite3.Connection | None:
    """The store at ``path`` opened for reading and keeping reviews, brought up to
    the current schema (as the game does when it opens it); None when the file
    does not exist, is empty, or was written by a newer Hearts."""
    try:  # mode=rw: never create the file
        db = sqlite3.connect(f"{Path(path).resolve().as_uri()}?mode=rw", uri=True,
                             isolation_level=None, timeout=5.0)
    except sqlite3.Error:
        return None
    try:
        version = user_version(db)
        if version == 0 or version > SCHEMA_VERSION:
            db.close()
            return None
        if version < SCHEMA_VERSION:
            migrate(db)
    except sqlite3.Error:
        db.close()
        return None
    return db


def kept_review(db: sqlite3.Connection, hand: str, seat: str, depth: int,
                seed: int) -> str | None:
    """The review's JSON kept for this key, or None."""
    if not has_reviews(db):
        return None
    row = db.execute("SELECT review FROM reviews WHERE hand = ? AND seat = ? AND depth = ?"
                     " AND seed = ?", (hand, seat, depth, seed)).fetchone()
    return None if row is None else str(row[0])


def keep_review(db: sqlite3.Connection, hand: str, seat: str, depth: int, seed: int,
                review: str) -> None:
    """Keep ``review`` (JSON) under this key, replacing any kept before."""
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    with transaction(db):
        db.execute("INSERT OR REPLACE INTO reviews (hand, seat, depth, seed, reviewed, review)"
                   " VALUES (?, ?, ?, ?, ?, ?)", (hand, seat, depth, seed, stamp, review))


def find_hand(db: sqlite3.Connection, match: int | None = None,
              number: int | None = None) -> str | None:
    """A finished hand's record: hand ``number`` of match ``match``, or without
    them the last hand finished; None when there is no such hand."""
    if match is None:
        row = db.execute("SELECT record FROM hands WHERE finished IS NOT NULL"
                         " ORDER BY finished DESC, match_id DESC, number DESC LIMIT 1"
                         ).fetchone()
    else:
        row = db.execute("SELECT record FROM hands WHERE match_id = ? AND number = ?",
                         (match, number if number is not None else 1)).fetchone()
    return None if row is None else str(row[0])


class ReviewedHand(NamedTuple):
    """What the review of one finished hand says of the person who played it."""

    finished: str
    """When the hand was finished (the store's time stamp)."""
    level: str
    """The computer players' level in that hand."""
    lost: float
    """Points the person gave away against the best choices."""
    decisions: int
    """The person's decisions that had a choice (forced ones not counted)."""


def reviewed_hands(db: sqlite3.Connection) -> list[ReviewedHand]:
    """Every finished hand a person played that has a kept review (the deepest
    kept, if several), oldest first."""
    if not has_reviews(db):
        return []
    kept: dict[str, str] = {}
    for hand, review in db.execute("SELECT hand, review FROM reviews WHERE seat = 'all'"
                                   " ORDER BY depth"):
        kept[str(hand)] = str(review)
    if not kept:
        return []
    out = []
    for text, level, finished, seat in db.execute(
            "SELECT hands.record, hands.level, hands.finished, matches.seat FROM hands"
            " JOIN matches ON matches.id = hands.match_id WHERE hands.finished IS NOT NULL"
            " ORDER BY hands.finished, hands.match_id, hands.number"):
        try:
            record = json.loads(text)
            review = kept.get(hand_key(record))
            if review is None or seat is None:
                continue
            entry = next(e for e in json.loads(review)["seats"] if e["seat"] == seat)
            out.append(ReviewedHand(str(finished), str(level), float(entry["lost"]),
                                    int(entry["decisions"])))
        except (ValueError, KeyError, TypeError, StopIteration):
            continue  # a record or review that cannot be read is left out
    return out
