"""The store's tables, their version (``PRAGMA user_version``) and the migrations.

Version 0 is an empty file. Each entry of :data:`MIGRATIONS` takes the
database one version up; :func:`migrate` runs the missing ones in order, each in
its own transaction together with the new version number, so a crash leaves the
file at one version or the next, never between.

Seats are stored by name (``south``, ``west``, ``north``, ``east``), times as
ISO 8601 text in UTC, rules as the JSON of ``Rules.to_json``.
"""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Callable, Iterator

__all__ = ["MIGRATIONS", "SCHEMA_VERSION", "SchemaError", "check_schema", "migrate",
           "transaction", "user_version"]

_VERSION_1 = """
CREATE TABLE matches (
    id          INTEGER PRIMARY KEY,
    started     TEXT NOT NULL,
    ended       TEXT,
    status      TEXT NOT NULL DEFAULT 'playing'
                CHECK (status IN ('playing', 'finished', 'abandoned')),
    level       TEXT NOT NULL,
    rules       TEXT NOT NULL,
    seed        INTEGER NOT NULL,
    hands       INTEGER NOT NULL DEFAULT 0,
    score_south INTEGER NOT NULL DEFAULT 0,
    score_west  INTEGER NOT NULL DEFAULT 0,
    score_north INTEGER NOT NULL DEFAULT 0,
    score_east  INTEGER NOT NULL DEFAULT 0,
    winners     TEXT,
    assisted    INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX matches_by_end ON matches (status, ended);

CREATE TABLE hands (
    match_id     INTEGER NOT NULL REFERENCES matches (id),
    number       INTEGER NOT NULL,
    finished     TEXT,
    level        TEXT NOT NULL,
    rules        TEXT NOT NULL,
    points_south INTEGER,
    points_west  INTEGER,
    points_north INTEGER,
    points_east  INTEGER,
    moon         TEXT,
    queen        TEXT,
    jack         TEXT,
    record       TEXT NOT NULL,
    PRIMARY KEY (match_id, number)
);
CREATE INDEX hands_by_finish ON hands (finished);
CREATE INDEX hands_figures ON hands (level, finished, points_south, points_west,
    points_north, points_east, moon, queen);

CREATE TABLE saved (
    slot     INTEGER PRIMARY KEY CHECK (slot = 1),
    match_id INTEGER NOT NULL REFERENCES matches (id),
    saved    TEXT NOT NULL,
    tables   TEXT NOT NULL
);
"""
"""Version 1: every match, every hand (the one being played too, with its
``finished`` time and figures left empty until it is over) and the saved match.
The statistics read the hands through ``hands_figures`` alone, never the
records beside them."""


def _to_version_1(db: sqlite3.Connection) -> None:
    for statement in _VERSION_1.split(";"):
        if statement.strip():
            db.execute(statement)


_VERSION_2 = """
CREATE TABLE reviews (
    hand     TEXT NOT NULL,
    seat     TEXT NOT NULL,
    depth    INTEGER NOT NULL,
    seed     INTEGER NOT NULL,
    reviewed TEXT NOT NULL,
    review   TEXT NOT NULL,
    PRIMARY KEY (hand, seat, depth, seed)
)
"""
"""Version 2: the reviews of hands (``hearts review``), kept so a second look is
instant. ``hand`` is the digest of the hand record
(:func:`hearts.review.analysis.hand_key`), ``seat`` the seat reviewed (or ``all``),
``review`` the review's JSON."""


def _to_version_2(db: sqlite3.Connection) -> None:
    db.execute(_VERSION_2)


_VERSION_3 = "ALTER TABLE matches ADD COLUMN seat TEXT NOT NULL DEFAULT 'south'"
"""Version 3: the seat the person played each match in (``south`` at the
single-player table; any seat at a network table), which the statistics and the
history count as "you"."""


def _to_version_3(db: sqlite3.Connection) -> None:
    db.execute(_VERSION_3)


_VERSION_4 = """
CREATE TABLE review_progress (
    hand      TEXT NOT NULL,
    depth     INTEGER NOT NULL,
    seed      INTEGER NOT NULL,
    code      TEXT NOT NULL,
    owner     TEXT NOT NULL,
    updated   REAL NOT NULL,
    decisions TEXT NOT NULL,
    PRIMARY KEY (hand, depth, seed)
)
"""
"""Version 4: the reviews being made, so that a second process (the review page
while the game reviews each hand in the background) shows the verdicts as they
arrive instead of making them again. ``code`` is the reviewer's fingerprint,
``owner`` names the process making the review, ``updated`` is when it last
added a verdict (seconds since the epoch), ``decisions`` the verdicts so far
(a JSON list). The row goes when the review is kept in ``reviews``."""


def _to_version_4(db: sqlite3.Connection) -> None:
    db.execute(_VERSION_4)


_VERSION_5 = """
CREATE TABLE hand_steps (
    match_id INTEGER NOT NULL,
    number   INTEGER NOT NULL,
    step     INTEGER NOT NULL,
    data     TEXT NOT NULL,
    PRIMARY KEY (match_id, number, step)
) WITHOUT ROWID
"""
"""Version 5: what a hand in play gained since its record was last written whole,
so a card is one small row instead of the hand's whole record written again.
``data`` is a JSON object of lists (``passes``, ``plays``, ``stand_ins``) whose
entries extend the record's lists of the same name, step after step
(:func:`hearts.store.store.hand_record` puts them together). A hand's steps go
when its record is written whole again (at the hand's end, after an undo)."""


def _to_version_5(db: sqlite3.Connection) -> None:
    db.execute(_VERSION_5)


_VERSION_6 = """
CREATE TABLE dailies (
    day      TEXT NOT NULL,
    rules    TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    started  TEXT NOT NULL,
    finished TEXT,
    points   INTEGER,
    par      INTEGER,
    assisted INTEGER NOT NULL DEFAULT 0,
    record   TEXT NOT NULL,
    tables   TEXT NOT NULL,
    PRIMARY KEY (day, rules)
)
"""
"""Version 6: the days' deals played (``hearts daily``), one row a day and rule set:
``day`` the deal's UTC date, ``rules`` its rules' canonical words, ``seed`` the
seed it was dealt from, ``started`` and ``finished`` when it was played (UTC; no
``finished`` while it is played), ``points`` South's and ``par`` the Expert's once
known, ``assisted`` whether a hint or an undo helped, ``record`` the hand's record
as it stands, ``tables`` the table's own state (as the ``saved`` table's). The
first play of a deal is the one kept: a finished row never changes."""


def _to_version_6(db: sqlite3.Connection) -> None:
    db.execute(_VERSION_6)


_VERSION_7 = """
CREATE TABLE challenge_deals (
    code     TEXT NOT NULL,
    deal     TEXT NOT NULL,
    seed     INTEGER NOT NULL,
    started  TEXT NOT NULL,
    finished TEXT,
    points   INTEGER,
    par      INTEGER,
    assisted INTEGER NOT NULL DEFAULT 0,
    record   TEXT NOT NULL,
    tables   TEXT NOT NULL,
    PRIMARY KEY (code, deal)
)
"""
"""Version 7: the deals of challenges between friends (``hearts challenge play``),
one row a deal, kept as ``dailies`` keeps a day's: ``code`` the challenge's code,
``deal`` the deal's number in it (from 1), the rest as in ``dailies``."""


def _to_version_7(db: sqlite3.Connection) -> None:
    db.execute(_VERSION_7)


MIGRATIONS: list[Callable[[sqlite3.Connection], None]] = [_to_version_1, _to_version_2,
                                                          _to_version_3, _to_version_4,
                                                          _to_version_5, _to_version_6,
                                                          _to_version_7]
"""``MIGRATIONS[n]`` takes a database from version ``n`` to ``n + 1``."""

SCHEMA_VERSION = len(MIGRATIONS)
"""The version this code writes."""

_EXPECTED_COLUMNS = {
    "matches": {"id", "started", "ended", "status", "level", "rules", "seed", "hands",
                "score_south", "score_west", "score_north", "score_east", "winners",
                "assisted"},
    "hands": {"match_id", "number", "finished", "level", "rules", "points_south",
              "points_west", "points_north", "points_east", "moon", "queen", "jack",
              "record"},
    "saved": {"slot", "match_id", "saved", "tables"},
}


class SchemaError(Exception):
    """The file is an SQLite database, but not one of ours."""


@contextlib.contextmanager
def transaction(db: sqlite3.Connection, cursor: sqlite3.Cursor | None = None
                ) -> Iterator[None]:
    """One write transaction (``BEGIN IMMEDIATE``): committed whole, or rolled back
    whole if anything in it raises. The connection must be in autocommit mode.
    Given a cursor of ``db``, its statements go through it."""
    through = db if cursor is None else cursor
    through.execute("BEGIN IMMEDIATE")
    try:
        yield
    except BaseException:
        if db.in_transaction:
            through.execute("ROLLBACK")
        raise
    through.execute("COMMIT")


def user_version(db: sqlite3.Connection) -> int:
    """The schema version written in the file."""
    return int(db.execute("PRAGMA user_version").fetchone()[0])


def migrate(db: sqlite3.Connection,
            migrations: list[Callable[[sqlite3.Connection], None]] | None = None) -> int:
    """Bring ``db`` up to the newest version, one step a transaction; returns the
    version it started at. The caller has checked the version is not newer."""
    steps = MIGRATIONS if migrations is None else migrations
    start = user_version(db)
    for version in range(start, len(steps)):
        with transaction(db):
            if user_version(db) != version:  # another process got there first
                continue
            if version == 0 and db.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]:
                raise SchemaError("the file holds another program's tables")
            steps[version](db)
            db.execute(f"PRAGMA user_version = {version + 1}")
    return start


_ADDED_COLUMNS = {3: {"matches": {"seat"}}}
"""Columns a version added to the tables of version 1, by version."""


def check_schema(db: sqlite3.Connection) -> None:
    """Raise :class:`SchemaError` unless the tables are the ones this code expects
    of the file's version (an older file is checked before it is migrated)."""
    version = user_version(db)
    for table, expected in _EXPECTED_COLUMNS.items():
        for added in (_ADDED_COLUMNS[v].get(table, set())
                      for v in _ADDED_COLUMNS if v <= version):
            expected = expected | added
        found = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
        missing = expected - found
        if missing:
            raise SchemaError(f"table {table} lacks {', '.join(sorted(missing))}")
