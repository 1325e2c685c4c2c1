"""Reviews of hands kept in the store (the ``reviews`` table of schema version 2),
so a second look at a hand is instant, and the reviews being made (the
``review_progress`` table of version 4), so a second process shows their
verdicts as they arrive.

A review is keyed by the hand (the digest of its record), the seat reviewed, the
depth and the seed; its JSON carries the fingerprint of the code that made it,
which the review checks before it serves a kept review and the statistics read
so as never to mix two versions of the reviewer. Each write is one transaction.
"""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

from hearts.cards import Seat
from hearts.records import hand_key
from hearts.store.schema import SCHEMA_VERSION, migrate, transaction, user_version
from hearts.store.store import hand_record

__all__ = ["KeptHand", "Progress", "ReviewedHand", "Reviews", "claim_review", "find_hand",
           "find_kept_hand", "has_reviews", "keep_review", "kept_review", "note_progress",
           "open_for_reviews", "review_progress", "reviewed_hands"]


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
    """Keep ``review`` (JSON) under this key, replacing any kept before; the
    progress of its making (if any) goes in the same transaction."""
    stamp = datetime.now(UTC).isoformat(timespec="seconds")
    with transaction(db):
        db.execute("INSERT OR REPLACE INTO reviews (hand, seat, depth, seed, reviewed, review)"
                   " VALUES (?, ?, ?, ?, ?, ?)", (hand, seat, depth, seed, stamp, review))
        if _has_table(db, "review_progress"):
            db.execute("DELETE FROM review_progress WHERE hand = ? AND depth = ? AND seed = ?",
                       (hand, depth, seed))


def _has_table(db: sqlite3.Connection, name: str) -> bool:
    return db.execute("SELECT 1 FROM sqlite_schema WHERE type = 'table' AND name = ?",
                      (name,)).fetchone() is not None


class Progress(NamedTuple):
    """A review being made: who makes it, and its verdicts so far."""

    code: str
    """The fingerprint of the reviewer's code."""
    owner: str
    """The process making it (a name it chose)."""
    updated: float
    """When it last added a verdict (seconds since the epoch)."""
    decisions: str
    """The verdicts so far, as a JSON list."""


def review_progress(db: sqlite3.Connection, hand: str, depth: int,
                    seed: int) -> Progress | None:
    """The review of this key being made, or None."""
    if not _has_table(db, "review_progress"):
        return None
    row = db.execute("SELECT code, owner, updated, decisions FROM review_progress"
                     " WHERE hand = ? AND depth = ? AND seed = ?", (hand, depth, seed)).fetchone()
    return None if row is None else Progress(str(row[0]), str(row[1]), float(row[2]),
                                             str(row[3]))


def claim_review(db: sqlite3.Connection, hand: str, depth: int, seed: int, code: str,
                 owner: str, now: float, stale: float) -> Progress | None:
    """Take the making of this review on, unless another process is making it with
    the same ``code`` and has added a verdict in the last ``stale`` seconds; in
    one transaction. Returns the progress as it then stands (``owner`` says who
    makes it; a taken-over review keeps its verdicts so far when the code is the
    same), or None when the store has no place for it (an older schema)."""
    if not _has_table(db, "review_progress"):
        return None
    with transaction(db):
        found = review_progress(db, hand, depth, seed)
        if found is not None and found.code == code and (
                found.owner == owner or now - found.updated < stale):
            return found
        decisions = found.decisions if found is not None and found.code == code else "[]"
        db.execute("INSERT OR REPLACE INTO review_progress (hand, depth, seed, code, owner,"
                   " updated, decisions) VALUES (?, ?, ?, ?, ?, ?, ?)",
                   (hand, depth, seed, code, owner, now, decisions))
    return Progress(code, owner, now, decisions)


def note_progress(db: sqlite3.Connection, hand: str, depth: int, seed: int, owner: str,
                  decisions: str, now: float) -> bool:
    """Write the verdicts so far of a review ``owner`` makes; False (and nothing
    written) when another process has taken it over."""
    with transaction(db):
        changed = db.execute("UPDATE review_progress SET decisions = ?, updated = ?"
                             " WHERE hand = ? AND depth = ? AND seed = ? AND owner = ?",
                             (decisions, now, hand, depth, seed, owner)).rowcount
    return changed > 0


class KeptHand(NamedTuple):
    """A hand of the store, with the seat the person played it from."""

    record: str
    """The hand record's JSON."""
    seat: Seat
    """The person's seat in its match (South at the single-player table; any seat
    at a network table)."""


def find_kept_hand(db: sqlite3.Connection, match: int | None = None,
                   number: int | None = None) -> KeptHand | None:
    """A finished hand and the person's seat: hand ``number`` of match ``match``,
    or without them the last hand finished; None when there is no such hand."""
    select = ("SELECT hands.record, matches.seat FROM hands"
              " JOIN matches ON matches.id = hands.match_id")
    if match is None:
        row = db.execute(f"{select} WHERE hands.finished IS NOT NULL ORDER BY"
                         " hands.finished DESC, hands.match_id DESC, hands.number DESC LIMIT 1"
                         ).fetchone()
    else:
        row = db.execute(f"{select} WHERE hands.match_id = ? AND hands.number = ?",
                         (match, number if number is not None else 1)).fetchone()
    if row is None:
        return None
    try:
        seat = Seat.parse(str(row[1]))
    except ValueError:
        seat = Seat.SOUTH
    record = str(row[0])
    if match is not None:  # a hand in play: its record and the steps written since
        record = hand_record(db, match, number if number is not None else 1) or record
    return KeptHand(record, seat)


def find_hand(db: sqlite3.Connection, match: int | None = None,
              number: int | None = None) -> str | None:
    """A finished hand's record: hand ``number`` of match ``match``, or without
    them the last hand finished; None when there is no such hand."""
    found = find_kept_hand(db, match, number)
    return None if found is None else found.record


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
    lost_se: float = 0.0
    """The standard error of ``lost``."""


class Reviews(NamedTuple):
    """The reviewed hands the statistics count: those reviewed by one reviewer."""

    hands: list[ReviewedHand]
    """The hands, oldest first."""
    code: str | None
    """The fingerprint of that reviewer's code: the one that made the latest kept
    review (None when no review is kept)."""
    other: int
    """Hands reviewed only by other code (an earlier version), not counted."""


def _fingerprint(review: Any) -> str | None:
    if isinstance(review, dict) and review.get("version") == 2 \
            and isinstance(review.get("code"), str):
        return str(review["code"])
    return None


def reviewed_hands(db: sqlite3.Connection) -> Reviews:
    """Every finished hand a person played that has a kept review by the reviewer
    of the latest kept review (the deepest kept, if several), oldest first; the
    others are counted apart, never mixed in."""
    if not has_reviews(db):
        return Reviews([], None, 0)
    newest: str | None = None
    by_code: dict[str, dict[str, Any]] = {}
    every: set[str] = set()
    for hand, text in db.execute("SELECT hand, review FROM reviews WHERE seat = 'all'"
                                 " ORDER BY reviewed, rowid"):
        try:
            review = json.loads(text)
        except ValueError:
            continue
        every.add(str(hand))
        code = _fingerprint(review)
        if code is None:
            continue
        newest = code
        deepest = by_code.setdefault(code, {}).get(str(hand))
        if deepest is None or review.get("depth", 0) >= deepest.get("depth", 0):
            by_code[code][str(hand)] = review
    kept = by_code.get(newest, {}) if newest is not None else {}
    out = []
    other = 0
    for text, level, finished, seat in db.execute(
            "SELECT hands.record, hands.level, hands.finished, matches.seat FROM hands"
            " JOIN matches ON matches.id = hands.match_id WHERE hands.finished IS NOT NULL"
            " ORDER BY hands.finished, hands.match_id, hands.number"):
        try:
            key = hand_key(json.loads(text))
            review = kept.get(key)
            if review is None or seat is None:
                other += key in every
                continue
            entry = next(e for e in review["seats"] if e["seat"] == seat)
            out.append(ReviewedHand(str(finished), str(level), float(entry["lost"]),
                                    int(entry["decisions"]), float(entry["lost_se"])))
        except (ValueError, KeyError, TypeError, StopIteration):
            continue  # a record or review that cannot be read is left out
    return Reviews(out, newest, other)
