"""The store: one SQLite file that keeps the match in progress, every hand and
every match.

:meth:`Store.open` never raises. Whatever is wrong with the data folder or the
file, the game gets a store it can call, and :attr:`Store.notices` says what
the player should know: a damaged file moved aside, a file from a newer
version left alone, a folder that cannot be written (the game then plays on
without saving), or another game process owning the saved match.

Every save is one transaction: the match row, the hand being played (its
record so far) and, for the process that owns it, the saved match's pointer
and the table's own state. WAL mode with ``synchronous=NORMAL`` makes a save a
fraction of a millisecond; a process killed at any moment leaves the last
committed save whole (a power cut may lose the last few, never the file).
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import platformdirs

from hearts.cards import Card, Seat
from hearts.hand import Hand, HandRecordError
from hearts.match import Match
from hearts.paths import set_aside, short_path
from hearts.store.locks import GUESTS_LOCK, OWNER_LOCK, FileLock
from hearts.store.schema import (
    SCHEMA_VERSION,
    SchemaError,
    check_schema,
    migrate,
    transaction,
    user_version,
)
from hearts.view import Phase

__all__ = ["ENV_VAR", "FILE_NAME", "SavedMatch", "Store", "database_path", "now"]

ENV_VAR = "HEARTS_DATA_DIR"
"""The environment variable that names another data folder."""
FILE_NAME = "hearts.db"
"""The database's name inside the data folder."""

_QUEEN = Card.parse("QS")
_JACK = Card.parse("JD")
_BUSY_SECONDS = 3.0


def _use_wal(db: sqlite3.Connection) -> None:
    """Switch the file to WAL mode. SQLite answers "database is locked" at once,
    without waiting, when another process is creating or switching the same file
    at that moment, so wait here as the busy timeout would."""
    deadline = time.monotonic() + _BUSY_SECONDS
    while True:
        try:
            db.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.Error as error:
            if not _is_busy(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


def database_path(data_dir: str | os.PathLike[str] | None = None) -> Path:
    """Where the database lives: ``data_dir``, else ``$HEARTS_DATA_DIR``, else
    the user's data folder for ``hearts``."""
    if data_dir is None:
        data_dir = os.environ.get(ENV_VAR) or platformdirs.user_data_path("hearts")
    return Path(data_dir) / FILE_NAME


def now() -> str:
    """The time now as the store writes it: ISO 8601, UTC, whole seconds."""
    return datetime.now(UTC).isoformat(timespec="seconds")


@dataclass(frozen=True, slots=True)
class SavedMatch:
    """The saved match, as :meth:`Store.load` gives it back."""

    match_id: int
    """Its row in the store."""
    match: Match
    """The match rebuilt: every hand replayed from its record, the current one last."""
    table: dict[str, Any]
    """The table's own state, as the game saved it (stage, chosen cards, ...)."""
    assisted: bool
    """True once the player had help (a hint or an undo) in this match."""


class _Broken(Exception):
    """The file cannot be used as it is: it is to be moved aside."""


FRIENDS = "friends"
"""The level the statistics give a hand played with other people at the table:
matches with friends are counted apart from matches against the computer."""


def _level_of(hand: Hand, person: Seat = Seat.SOUTH) -> str:
    """The level of the computer players in ``hand``, from its record of who sat
    where: every seat but ``person``'s ("mixed" when they differ), or
    :data:`FRIENDS` when another person sat at the table too."""
    players = hand.players
    if players is None:
        return "unknown"
    others = [player.player for seat, player in zip(Seat, players, strict=True)
              if seat is not person]
    if "human" in others:
        return FRIENDS
    names = set(others)
    return names.pop() if len(names) == 1 else "mixed"


def _taker(hand: Hand, card: Card) -> str | None:
    for seat in Seat:
        if card in hand.taken(seat):
            return seat.name.lower()
    return None


def _is_damage(error: sqlite3.Error) -> bool:
    name = getattr(error, "sqlite_errorname", "")
    return name.startswith(("SQLITE_NOTADB", "SQLITE_CORRUPT"))


def _is_busy(error: sqlite3.Error) -> bool:
    return getattr(error, "sqlite_errorname", "").startswith("SQLITE_BUSY")


def _reason(error: BaseException) -> str:
    """A few words for a notice: why a file could not be written."""
    if isinstance(error, sqlite3.Error):
        name = getattr(error, "sqlite_errorname", "")
        if name.startswith("SQLITE_FULL"):
            return "the disk is full"
        if name.startswith("SQLITE_READONLY") or name.startswith("SQLITE_PERM"):
            return "it is read-only"
        if _is_busy(error):
            return "it is busy"
        if name.startswith("SQLITE_CANTOPEN"):
            return "it cannot be opened"
    text = error.strerror if isinstance(error, OSError) and error.strerror else str(error)
    return text.lower() if 0 < len(text) <= 24 else "it cannot be written"


def _not_saving(path: Path, error: BaseException) -> str:
    """The notice that progress is not being saved: at most 78 characters."""
    return f"Not saving progress: {short_path(path, 32)} - {_reason(error)}"


class Store:
    """The game's store. Make one with :meth:`open`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        """The database file."""
        self.notices: list[str] = []
        """Messages for the player about the store, oldest first."""
        self.owner = False
        """True when this process owns (resumes and saves into) the saved match."""
        self.problem: str | None = None
        """Why nothing is being saved, or None while saving works."""
        self.damage: str | None = None
        """What was wrong with a damaged file this store moved aside."""
        self._db: sqlite3.Connection | None = None
        self._owner_lock = FileLock(path.with_name(OWNER_LOCK))
        self._guest_lock = FileLock(path.with_name(GUESTS_LOCK))
        self._match: Match | None = None
        self._match_id: int | None = None
        self._hands_done = 0
        self._assisted = False
        self._failing = False

    # --- opening -------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None, claim: bool = True) -> Store:
        """Open (or create) the store in ``data_dir``; this never raises.

        With ``claim`` the process tries to own the saved match; without it, or
        when another process owns it, the store saves this process's matches
        but never touches the saved one.
        """
        store = cls(database_path(data_dir))
        try:
            store._open(claim)
        except (OSError, sqlite3.Error, _Broken) as error:
            store._give_up(_not_saving(store.path, error))
        return store

    @property
    def saving(self) -> bool:
        """True while progress is being saved."""
        return self._db is not None and self.problem is None

    @property
    def empty(self) -> bool:
        """True when the file holds no match at all: nothing was ever played here
        (False when that cannot be told, the file being unusable)."""
        if self._db is None:
            return False
        try:
            return self._db.execute("SELECT 1 FROM matches LIMIT 1").fetchone() is None
        except sqlite3.Error:
            return False

    @property
    def name(self) -> str:
        """The file's name, for notices."""
        return self.path.name

    def _give_up(self, notice: str) -> None:
        self.close_quietly()
        self.problem = notice
        self.notices.append(notice)

    def _open(self, claim: bool) -> None:
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self.owner = claim and self._owner_lock.acquire()
        if not self.owner:
            self._guest_lock.acquire(shared=True)
            if claim:
                self.notices.append("The saved match is open in another window - "
                                    "this one plays a new match")
        try:
            self._db = self._connect()
        except _Broken as broken:
            self.damage = str(broken)
            if not self.owner:
                self._give_up(f"{self.name} is damaged - not saving in this window")
                return
            aside = self._move_aside()
            self.notices.append(f"{self.name} was damaged - kept as {aside.name}")
            self._db = self._connect()
        if self._db is not None and self.owner:
            self._sweep_orphans()

    def _connect(self) -> sqlite3.Connection | None:
        """Open the file and bring its tables up to date; None if it is newer."""
        db = sqlite3.connect(self.path, timeout=_BUSY_SECONDS, isolation_level=None)
        try:
            version = self._look(db)
            if version > SCHEMA_VERSION:
                db.close()
                self._give_up(f"{self.name} is from a newer Hearts - playing on without saving")
                return None
            _use_wal(db)
            db.execute("PRAGMA synchronous = NORMAL")
            migrate(db)
            check_schema(db)
        except SchemaError as error:
            db.close()
            raise _Broken(str(error)) from None
        except sqlite3.Error as error:
            db.close()
            if _is_damage(error):
                raise _Broken(str(error)) from None
            raise
        return db

    @staticmethod
    def _look(db: sqlite3.Connection) -> int:
        """Check the file before anything is written to it, in one read transaction
        (so another process creating it at the same moment is seen whole or not at
        all); returns its version. A file that is not ours stays as it was."""
        db.execute("BEGIN")
        try:
            version = user_version(db)
            if version == 0:
                if db.execute("SELECT count(*) FROM sqlite_schema").fetchone()[0]:
                    raise SchemaError("the file holds another program's tables")
            elif version <= SCHEMA_VERSION:
                result = db.execute("PRAGMA integrity_check(1)").fetchone()[0]
                if result != "ok":
                    raise _Broken("integrity check failed")
                check_schema(db)  # an older version's tables too, before migrating
        finally:
            if db.in_transaction:
                db.execute("COMMIT")
        return version

    def _move_aside(self) -> Path:
        """Rename the damaged file (and its journal files) to a ``.broken`` name."""
        return set_aside(self.path, companions=("-wal", "-shm"))

    def _sweep_orphans(self) -> None:
        """Record as abandoned the matches other game processes left unfinished
        when they were killed (only when no other process is playing one)."""
        sweeper = FileLock(self._guest_lock.path)
        if not sweeper.acquire():
            return
        try:
            assert self._db is not None
            with transaction(self._db):
                self._db.execute(
                    "UPDATE matches SET status = 'abandoned', ended = ? WHERE status = 'playing'"
                    " AND id NOT IN (SELECT match_id FROM saved)", (now(),))
        except sqlite3.Error:
            pass  # tried again at the next start
        finally:
            sweeper.release()

    # --- the saved match -------------------------------------------------------

    def load(self) -> SavedMatch | None:
        """The saved match, if this process owns it and there is one.

        A saved match that cannot be replayed is recorded as abandoned, with a
        notice; None is returned then.
        """
        db = self._db
        if db is None or not self.owner:
            return None
        try:
            row = db.execute(
                "SELECT saved.match_id, saved.tables, matches.seed, matches.assisted,"
                " matches.status FROM saved JOIN matches ON matches.id = saved.match_id"
            ).fetchone()
            if row is None:
                return None
            match_id, tables, seed, assisted, status = row
            records = [record for (record,) in db.execute(
                "SELECT record FROM hands WHERE match_id = ? ORDER BY number", (match_id,))]
        except sqlite3.Error as error:
            self._failed(error)
            return None
        try:
            if status == "abandoned" or not records:
                raise ValueError("the saved match has no hand to carry on")
            table = json.loads(tables)
            if not isinstance(table, dict):
                raise ValueError("the table's state is not a JSON object")
            hands = [Hand.from_record(record) for record in records]
            if any(hand.phase is not Phase.OVER for hand in hands[:-1]):
                raise ValueError("a hand before the last is unfinished")
            match = Match(hands[-1].rules, int(seed))
            match.hands = hands
        except (ValueError, HandRecordError) as error:
            self.notices.append(f"The saved match in {self.name} cannot be read - "
                                "a new match begins")
            self._forget_saved(match_id, str(error))
            return None
        self._match, self._match_id = match, match_id
        self._hands_done = len(hands) if hands[-1].phase is Phase.OVER else len(hands) - 1
        self._assisted = bool(assisted)
        return SavedMatch(match_id, match, table, bool(assisted))

    def continue_match(self, seed: int) -> Match | None:
        """The newest unfinished match kept with ``seed`` whose hands are all over,
        made the one the next :meth:`save` carries on (a network seat's client that
        was restarted mid-match keeps adding to the same match); None when there is
        none or it cannot be read."""
        db = self._db
        if db is None:
            return None
        try:
            # A guest's unfinished match is recorded as abandoned when it closes;
            # carried on, the next save marks it as playing again.
            row = db.execute("SELECT id FROM matches WHERE seed = ? AND status IN"
                             " ('playing', 'abandoned') ORDER BY id DESC LIMIT 1",
                             (seed,)).fetchone()
            if row is None:
                return None
            records = [record for (record,) in db.execute(
                "SELECT record FROM hands WHERE match_id = ? ORDER BY number", (row[0],))]
            hands = [Hand.from_record(record) for record in records]
        except (sqlite3.Error, ValueError, HandRecordError):
            return None
        if not hands or any(hand.phase is not Phase.OVER for hand in hands):
            return None
        match = Match(hands[-1].rules, seed)
        match.hands = hands
        self._match, self._match_id, self._hands_done = match, int(row[0]), len(hands)
        self._assisted = False
        return match

    def _forget_saved(self, match_id: int, why: str) -> None:
        assert self._db is not None
        try:
            with transaction(self._db):
                self._db.execute("UPDATE matches SET status = 'abandoned', ended = ?"
                                 " WHERE id = ? AND status = 'playing'", (now(), match_id))
                self._db.execute("DELETE FROM saved")
        except sqlite3.Error as error:
            self._failed(error)

    def save(self, match: Match, table: Mapping[str, Any],
             seat: Seat = Seat.SOUTH) -> str | None:
        """Save ``match`` (every hand dealt, the current one as played so far) and
        the table's state, in one transaction; ``seat`` is where the person sits
        (South at the single-player table), whom the statistics count as "you".

        A match is known by its seed: a match with another seed than the one in
        progress (or the first after :meth:`abandon`) gets a row of its own. The
        latest hand is always written again, and hands beyond the last are
        dropped, so a match taken back (an undo) is saved as it now stands.
        Returns a notice when saving has just stopped working, or works again;
        None otherwise.
        """
        db = self._db
        if db is None or not match.hands:
            return None
        new = self._match_id is None or self._match is None or match.seed != self._match.seed
        match_id = None if new else self._match_id
        first = 0 if new else min(self._hands_done, len(match.hands) - 1)
        assisted = False if new else self._assisted
        stamp = now()
        try:
            with transaction(db):
                if match_id is None:
                    match_id = self._insert_match(db, match, stamp, seat)
                for number in range(first, len(match.hands)):
                    self._write_hand(db, match_id, number, match.hands[number], stamp, seat)
                db.execute("DELETE FROM hands WHERE match_id = ? AND number > ?",
                           (match_id, len(match.hands)))
                self._update_match(db, match_id, match, assisted, stamp)
                if self.owner:
                    db.execute("INSERT OR REPLACE INTO saved (slot, match_id, saved, tables)"
                               " VALUES (1, ?, ?, ?)", (match_id, stamp, json.dumps(table)))
        except sqlite3.Error as error:
            return self._failed(error)
        self._match, self._match_id, self._assisted = match, match_id, assisted
        done = len(match.hands)
        if match.hands[-1].phase is not Phase.OVER:
            done -= 1
        self._hands_done = done
        return self._working()

    def _insert_match(self, db: sqlite3.Connection, match: Match, stamp: str,
                      seat: Seat) -> int:
        first = match.hands[0]
        cursor = db.execute(
            "INSERT INTO matches (started, level, rules, seed, seat) VALUES (?, ?, ?, ?, ?)",
            (stamp, _level_of(first, seat), json.dumps(first.rules.to_json()), match.seed,
             seat.name.lower()))
        assert cursor.lastrowid is not None
        return cursor.lastrowid

    def _write_hand(self, db: sqlite3.Connection, match_id: int, number: int, hand: Hand,
                    stamp: str, seat: Seat) -> None:
        over = hand.phase is Phase.OVER
        points: tuple[int | None, ...] = hand.points if over else (None,) * 4
        shooter = hand.shooter
        db.execute(
            "INSERT INTO hands (match_id, number, finished, level, rules, points_south,"
            " points_west, points_north, points_east, moon, queen, jack, record)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
            " ON CONFLICT (match_id, number) DO UPDATE SET"
            " finished = CASE WHEN excluded.finished IS NULL THEN NULL"
            " ELSE coalesce(hands.finished, excluded.finished) END,"
            " points_south = excluded.points_south, points_west = excluded.points_west,"
            " points_north = excluded.points_north, points_east = excluded.points_east,"
            " moon = excluded.moon, queen = excluded.queen, jack = excluded.jack,"
            " record = excluded.record",
            (match_id, number + 1, stamp if over else None, _level_of(hand, seat),
             json.dumps(hand.rules.to_json()), *points,
             shooter.name.lower() if over and shooter is not None else None,
             _taker(hand, _QUEEN) if over else None,
             _taker(hand, _JACK) if over and hand.rules.jack_of_diamonds else None,
             hand.to_json()))

    def _update_match(self, db: sqlite3.Connection, match_id: int, match: Match,
                      assisted: bool, stamp: str) -> None:
        scores = match.scores
        over = match.over
        winners = " ".join(seat.name.lower() for seat in match.winners) if over else None
        db.execute(
            "UPDATE matches SET hands = ?, score_south = ?, score_west = ?, score_north = ?,"
            " score_east = ?, assisted = max(assisted, ?),"
            " status = CASE WHEN ? THEN 'finished' ELSE 'playing' END,"
            " ended = CASE WHEN ? THEN coalesce(ended, ?) END,"
            " winners = ? WHERE id = ?",
            (len(match.hands), *scores, int(assisted), over, over, stamp, winners, match_id))

    def _failed(self, error: sqlite3.Error) -> str | None:
        notice = _not_saving(self.path, error)
        self.problem = notice
        if self._failing:
            return None
        self._failing = True
        self.notices.append(notice)
        return notice

    def _working(self) -> str | None:
        self.problem = None
        if not self._failing:
            return None
        self._failing = False
        return f"Progress is being saved again in {self.name}"

    def mark_assisted(self) -> str | None:
        """Record that the player had help (a hint or an undo) in the match in
        progress; it is saved at once if the match is in the store already."""
        self._assisted = True
        db = self._db
        if db is None or self._match_id is None:
            return None
        try:
            with transaction(db):
                db.execute("UPDATE matches SET assisted = 1 WHERE id = ?", (self._match_id,))
        except sqlite3.Error as error:
            return self._failed(error)
        return self._working()

    @property
    def assisted(self) -> bool:
        """True once :meth:`mark_assisted` was called for the match in progress."""
        return self._assisted

    def abandon(self) -> str | None:
        """Record the match in progress (and, for the owner, the saved match) as
        abandoned; it stays in the store with every hand played. The next
        :meth:`save` of another match starts a new row."""
        db = self._db
        ids = [self._match_id] if self._match_id is not None else []
        self._match, self._match_id, self._hands_done, self._assisted = None, None, 0, False
        if db is None:
            return None
        try:
            with transaction(db):
                if self.owner:
                    ids += [row[0] for row in db.execute("SELECT match_id FROM saved")]
                    db.execute("DELETE FROM saved")
                for match_id in ids:
                    db.execute("UPDATE matches SET status = 'abandoned', ended = ?"
                               " WHERE id = ? AND status = 'playing'", (now(), match_id))
        except sqlite3.Error as error:
            return self._failed(error)
        return self._working()

    # --- reading ---------------------------------------------------------------------

    @property
    def connection(self) -> sqlite3.Connection | None:
        """The open database, for queries (None when there is none)."""
        return self._db

    def hand_records(self, since: str | None = None) -> Iterator[str]:
        """Every finished hand's record (JSON), oldest first; ``since`` (ISO 8601,
        UTC) keeps the hands finished at or after it."""
        if self._db is None:
            return iter(())
        return hand_records(self._db, since)

    # --- closing ---------------------------------------------------------------------

    def close(self) -> None:
        """Finish with the store. A process that does not own the saved match
        records its own unfinished match as abandoned."""
        if self._db is not None and not self.owner and self._match is not None \
                and not self._match.over:
            self.abandon()
        self.close_quietly()

    def close_quietly(self) -> None:
        """Close the file and let the locks go, writing nothing."""
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
        self._owner_lock.release()
        self._guest_lock.release()


def hand_records(db: sqlite3.Connection, since: str | None = None) -> Iterator[str]:
    """Every finished hand's record in ``db``, oldest first (see :meth:`Store.hand_records`)."""
    rows = db.execute(
        "SELECT record FROM hands WHERE finished IS NOT NULL AND finished >= ?"
        " ORDER BY finished, match_id, number", (since or "",))
    for (record,) in rows:
        yield record
