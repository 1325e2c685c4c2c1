"""The store: one SQLite file that keeps the match in progress, every hand and
every match.

:meth:`Store.open` never raises. Whatever is wrong with the data folder or the
file, the game gets a store it can call, and :attr:`Store.notices` says what
the player should know: a damaged file moved aside, a file from a newer
version left alone, a folder that cannot be written (the game then plays on
without saving), or another game process owning the saved match.

Every save is one transaction: what changed since the last one. A card or a
pass is one small row appended to the hand in play (``hand_steps``); the hand's
record is written whole when it is dealt, when it ends and after an undo; the
match row and, for the process that owns it, the saved match's pointer and the
table's own state only when they changed. A save is planned
(:meth:`Store.plan_save`, cheap, where the match lives) apart from being written
(:meth:`Store.apply`, which may run on another thread), so a server writes off
its event loop; :meth:`Store.save` does both at once.

WAL mode with ``synchronous=NORMAL``: a commit is a few tens of microseconds
and never waits for the disk. A process killed at any moment (``kill -9``)
loses nothing committed: the commit is in the operating system's hands. A power
cut or a crash of the operating system may lose the last commits made since the
last checkpoint (a second or so of play), never the file.
"""

from __future__ import annotations

import contextlib
import json
import os
import sqlite3
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, NamedTuple

import orjson
import platformdirs

from hearts.cards import SEATS, Card, Seat
from hearts.hand import Hand, HandRecordError, SeatPlayer
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

__all__ = ["ENV_VAR", "FILE_NAME", "SavePlan", "SavedMatch", "Store", "database_path",
           "hand_record", "now", "use_wal"]

ENV_VAR = "HEARTS_DATA_DIR"
"""The environment variable that names another data folder."""
FILE_NAME = "hearts.db"
"""The database's name inside the data folder."""

_QUEEN = Card.parse("QS")
_JACK = Card.parse("JD")
_BUSY_SECONDS = 3.0
_CACHE_KIB = 64
"""The most memory SQLite keeps of the file's pages for one open store. A save
touches a few pages, and SQLite's default (2 MiB) let its cache grow by some
20 KiB a match while the store stayed open, a table's for as long as the table
plays: a server's thousand tables would have grown by 20 MiB a match round."""


def use_wal(db: sqlite3.Connection, seconds: float = _BUSY_SECONDS) -> None:
    """Switch the file to WAL mode. SQLite answers "database is locked" at once,
    without waiting, when another process is creating or switching the same file
    at that moment, so wait here as the busy timeout would."""
    deadline = time.monotonic() + seconds
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
    global _stamp
    second = int(time.time())
    if second != _stamp[0]:  # (a save a card: the text is made once a second)
        _stamp = (second, datetime.fromtimestamp(second, UTC).isoformat(timespec="seconds"))
    return _stamp[1]


_stamp = (0, "")


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


class _Kept(NamedTuple):
    """What a store's file holds of the match in progress, as far as the saves
    planned (or, for :attr:`Store._confirmed`, the saves written) go."""

    match: Match | None = None
    """The match whose row it is (None: none yet, the next save makes one)."""
    match_id: int | None = None
    """Its row, once known (a save planned for a new match learns it when written)."""
    hands_done: int = 0
    """Finished hands written whole."""
    assisted: bool = False
    hand: Hand | None = None
    """The hand in play as last written (the object: another one is written whole)."""
    number: int = -1
    """Its index in the match."""
    players: tuple[SeatPlayer, ...] | None = None
    passes: tuple[tuple[Seat, tuple[Card, ...]], ...] = ()
    """The passes written, by seat."""
    plays: tuple[Card, ...] = ()
    """The cards written."""
    stand_ins: tuple[Any, ...] = ()
    """The stand-ins written."""
    helped: frozenset[Seat] = frozenset()
    """The seats the hand's record says had help."""
    steps: int = 0
    """Rows in ``hand_steps`` for that hand."""
    row: tuple[Any, ...] | None = None
    """The match row's figures as last written."""
    tables: str | None = None
    """The table's state as last written."""


_MATCH_ID = object()
"""Stands in a statement's parameters for the id of the match row (known once written)."""


@dataclass(slots=True)
class SavePlan:
    """One save as statements to run in one transaction (:meth:`Store.apply`);
    plain values only, so it may be written on another thread while the match
    goes on."""

    statements: list[tuple[str, tuple[Any, ...]]] = field(default_factory=list)
    new_match: tuple[Any, ...] | None = None
    """The new match row's values, when the save starts a match."""
    after: _Kept = field(default_factory=_Kept)
    """What the file holds once this is written."""
    hands_kept: int = 0
    """Finished hands of the match the file holds once this is written."""
    seed: int | None = None
    """The seed of that match."""

    @property
    def empty(self) -> bool:
        """Nothing to write."""
        return not self.statements and self.new_match is None


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
        self._writing: sqlite3.Cursor | None = None
        """The cursor every save goes through: ``Connection.execute`` makes a cursor
        and keeps a weak reference to it each time, thousands of objects for the
        garbage collector at a server's thousand tables."""
        self._owner_lock = FileLock(path.with_name(OWNER_LOCK))
        self._guest_lock = FileLock(path.with_name(GUESTS_LOCK))
        self.busy_seconds = _BUSY_SECONDS
        """How long a write waits for another process's lock before it fails."""
        self._planned = _Kept()
        """What the file will hold once every save planned is written."""
        self._confirmed = _Kept()
        """What the file holds: the saves written."""
        self._failing = False

    # --- opening -------------------------------------------------------------------

    @classmethod
    def open(cls, data_dir: str | os.PathLike[str] | None = None, claim: bool = True,
             busy_seconds: float = _BUSY_SECONDS) -> Store:
        """Open (or create) the store in ``data_dir``; this never raises.

        With ``claim`` the process tries to own the saved match; without it, or
        when another process owns it, the store saves this process's matches
        but never touches the saved one.
        """
        store = cls(database_path(data_dir))
        store.busy_seconds = busy_seconds
        try:
            store._open(claim)
        except (OSError, sqlite3.Error, _Broken) as error:
            store._give_up(_not_saving(store.path, error))
        return store

    def wait_for_locks(self, seconds: float) -> None:
        """How long a write waits for another process's lock before it fails
        (``sqlite3.OperationalError``, "database is locked") from now on."""
        self.busy_seconds = seconds
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.execute(f"PRAGMA busy_timeout = {max(0, int(seconds * 1000))}")

    def suspend(self) -> None:
        """Close the file and let its locks go, keeping what the store knows of the
        match in progress: :meth:`resume` carries on saving into it."""
        self.close_quietly()

    def resume(self, claim: bool = True) -> bool:
        """Open the file again after :meth:`suspend` (or after it could not be
        opened), keeping what the store knows of the match in progress; True when
        it is open. Never raises: what went wrong is :attr:`problem`."""
        if self._db is not None:
            return True
        notices = len(self.notices)
        try:
            self._open(claim)
        except (OSError, sqlite3.Error, _Broken) as error:
            self.close_quietly()
            self.problem = _not_saving(self.path, error)
            return False
        del self.notices[notices:]  # said once, when it was first opened
        if self._db is None:
            return False
        self.problem = None
        return True

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
        db = self._connection()
        try:
            version = self._look(db)
            if version > SCHEMA_VERSION:
                db.close()
                self._give_up(f"{self.name} is from a newer Hearts - playing on without saving")
                return None
            use_wal(db, self.busy_seconds)
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
        # The checks and migrations leave their compiled statements in the
        # connection's cache and a weak reference to each of their cursors, some
        # sixty objects the connection keeps while it is open; a table server
        # holds a connection a table, and its collector scans them all. So the
        # connection kept is a new one, holding only what the saves use.
        db.close()
        db = self._connection()
        try:
            # (as a script: the connection keeps no compiled statement of it)
            db.executescript(f"PRAGMA synchronous = NORMAL; PRAGMA cache_size = -{_CACHE_KIB};")
        except sqlite3.Error:
            db.close()
            raise
        return db

    def _connection(self) -> sqlite3.Connection:
        # One thread at a time uses the connection, not always the one that opened
        # it: a table server writes on a thread of its own (hearts.net.tables.saver).
        return sqlite3.connect(self.path, timeout=self.busy_seconds, isolation_level=None,
                               check_same_thread=False)

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
            records = _match_records(db, match_id)
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
        done = len(hands) if hands[-1].phase is Phase.OVER else len(hands) - 1
        self._resume_at(_Kept(match, match_id, done, bool(assisted)))
        return SavedMatch(match_id, match, table, bool(assisted))

    def _resume_at(self, kept: _Kept) -> None:
        """The file holds ``kept``: plan the next saves from there."""
        self._planned = self._confirmed = kept

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
            records = _match_records(db, int(row[0]))
            hands = [Hand.from_record(record) for record in records]
        except (sqlite3.Error, ValueError, HandRecordError):
            return None
        if not hands or any(hand.phase is not Phase.OVER for hand in hands):
            return None
        match = Match(hands[-1].rules, seed)
        match.hands = hands
        self._resume_at(_Kept(match, int(row[0]), len(hands)))
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
             seat: Seat = Seat.SOUTH, assisted: bool = False) -> str | None:
        """Save ``match`` (every hand dealt, the current one as played so far) and
        the table's state, in one transaction; ``seat`` is where the person sits
        (South at the single-player table), whom the statistics count as "you";
        ``assisted``: a person had help in this match.

        A match is known by its seed: a match with another seed than the one in
        progress (or the first after :meth:`abandon`) gets a row of its own. What
        changed since the last save is written (see :meth:`plan_save`), so a
        match taken back (an undo) is saved as it now stands. Returns a notice
        when saving has just stopped working, or works again; None otherwise.
        """
        if self._db is None:
            return None
        plan = self.plan_save(match, table, seat, assisted)
        if plan is None:
            return None
        try:
            self.apply(plan)
        except sqlite3.Error as error:
            self.rewind()
            return self._failed(error)
        return self._working()

    def plan_save(self, match: Match, table: Mapping[str, Any], seat: Seat = Seat.SOUTH,
                  assisted: bool = False) -> SavePlan | None:
        """What a save of ``match`` and the table's state writes, given the saves
        planned before it (None when there is no hand yet). Cheap: the hand in play
        gets one row of what it gained (its passes, cards and stand-ins since the
        last save); its record is written whole only when it is new, is over, was
        put back by an undo, or names its people anew. The plan is to be given
        to :meth:`apply` in the order planned; after a failed one, :meth:`rewind`."""
        if not match.hands:
            return None
        kept = self._planned
        new = kept.match is None or match.seed != kept.match.seed
        stamp = now()
        plan = SavePlan(seed=match.seed)
        if new:
            first = match.hands[0]
            plan.new_match = (stamp, _level_of(first, seat), json.dumps(first.rules.to_json()),
                              match.seed, seat.name.lower())
            kept = _Kept(match)
            assisted = bool(assisted)
        else:
            assisted = kept.assisted or assisted
        last = len(match.hands) - 1
        whole = False
        hand_state = _Kept()  # the hand's fields of what is written, as the loop leaves them
        for number in range(min(kept.hands_done, last), last + 1):
            hand = match.hands[number]
            over = hand.phase is Phase.OVER
            passes = tuple((s, hand.passed(s)) for s in SEATS if hand.passed(s))
            plays = hand.plays
            stand_ins = tuple(hand.stand_ins)
            helped = frozenset(hand.assisted)
            # what was written must still be there, as it was: an undo takes a card
            # or a pass back in place, and may play another before the next save
            if not over and kept.hand is hand and kept.number == number \
                    and kept.players == hand.players and kept.helped == helped \
                    and set(kept.passes) <= set(passes) \
                    and plays[:len(kept.plays)] == kept.plays \
                    and stand_ins[:len(kept.stand_ins)] == kept.stand_ins:
                step = _step(hand, kept)
                steps = kept.steps
                if step is not None:
                    steps += 1
                    plan.statements.append((
                        "INSERT INTO hand_steps (match_id, number, step, data) VALUES"
                        " (?, ?, ?, ?)", (_MATCH_ID, number + 1, steps, step)))
            else:
                whole = True
                steps = 0
                plan.statements.append(_write_hand(number, hand, stamp, seat))
                plan.statements.append(("DELETE FROM hand_steps WHERE match_id = ? AND"
                                        " number = ?", (_MATCH_ID, number + 1)))
            hand_state = _Kept(hand=hand, number=number, players=hand.players, passes=passes,
                               plays=plays, stand_ins=stand_ins, helped=helped, steps=steps)
        if whole:
            plan.statements.append(("DELETE FROM hands WHERE match_id = ? AND number > ?",
                                    (_MATCH_ID, len(match.hands))))
            plan.statements.append(("DELETE FROM hand_steps WHERE match_id = ? AND"
                                    " number > ?", (_MATCH_ID, len(match.hands))))
        over = match.over
        row = (len(match.hands), *match.scores, int(assisted), over,
               " ".join(s.name.lower() for s in match.winners) if over else None)
        if row != kept.row:
            plan.statements.append((
                "UPDATE matches SET hands = ?, score_south = ?, score_west = ?,"
                " score_north = ?, score_east = ?, assisted = max(assisted, ?),"
                " status = CASE WHEN ? THEN 'finished' ELSE 'playing' END,"
                " ended = CASE WHEN ? THEN coalesce(ended, ?) END,"
                " winners = ? WHERE id = ?",
                (*row[:6], over, over, stamp, row[7], _MATCH_ID)))
        tables = _json_text(table) if self.owner else None
        if self.owner and (new or tables != kept.tables):
            plan.statements.append(("INSERT OR REPLACE INTO saved (slot, match_id, saved,"
                                    " tables) VALUES (1, ?, ?, ?)", (_MATCH_ID, stamp, tables)))
        done = len(match.hands) - (match.hands[-1].phase is not Phase.OVER)
        plan.after = hand_state._replace(match=match, match_id=None if new else kept.match_id,
                                         hands_done=done, assisted=assisted, row=row,
                                         tables=tables)
        plan.hands_kept = done
        self._planned = plan.after
        return plan

    def apply(self, plan: SavePlan) -> None:
        """Write a plan of :meth:`plan_save` in one transaction (raises
        ``sqlite3.Error``, the file then as it was). May run on another thread
        than the one that planned it; one plan at a time, in the order planned."""
        db = self._db
        if db is None:
            raise sqlite3.OperationalError("the store is not open")
        match_id = self._confirmed.match_id
        cursor = self._writing
        if cursor is None or cursor.connection is not db:
            cursor = self._writing = db.cursor()
        with transaction(db, cursor):
            if plan.new_match is not None:
                cursor.execute("INSERT INTO matches (started, level, rules, seed, seat)"
                               " VALUES (?, ?, ?, ?, ?)", plan.new_match)
                match_id = cursor.lastrowid
            if match_id is None:
                raise sqlite3.OperationalError("no match row to save into")
            for sql, params in plan.statements:
                cursor.execute(sql, tuple(match_id if p is _MATCH_ID else p for p in params))
        self._confirmed = plan.after._replace(match_id=match_id)

    def rewind(self) -> None:
        """A plan could not be written: plan the next saves from what the file
        holds (every plan made after the failed one is to be dropped)."""
        self._planned = self._confirmed

    @property
    def kept(self) -> tuple[int | None, int]:
        """The seed of the match in the file and how many of its hands are
        finished there (the saves written)."""
        confirmed = self._confirmed
        return (None if confirmed.match is None else confirmed.match.seed,
                confirmed.hands_done)

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
        self._planned = self._planned._replace(assisted=True)
        self._confirmed = self._confirmed._replace(assisted=True)
        db = self._db
        match_id = self._confirmed.match_id
        if db is None or match_id is None:
            return None
        try:
            with transaction(db):
                db.execute("UPDATE matches SET assisted = 1 WHERE id = ?", (match_id,))
        except sqlite3.Error as error:
            return self._failed(error)
        return self._working()

    @property
    def assisted(self) -> bool:
        """True once :meth:`mark_assisted` was called for the match in progress."""
        return self._planned.assisted

    def abandon(self) -> str | None:
        """Record the match in progress (and, for the owner, the saved match) as
        abandoned; it stays in the store with every hand played. The next
        :meth:`save` of another match starts a new row."""
        if self._db is None:
            self._planned = self._confirmed = _Kept()
            return None
        try:
            self.apply_abandon(self.plan_abandon())
        except sqlite3.Error as error:
            return self._failed(error)
        return self._working()

    def plan_abandon(self) -> int | None:
        """Plan :meth:`abandon` (written by :meth:`apply_abandon`): the next save
        starts a new match. Returns what ``apply_abandon`` takes."""
        self._planned = _Kept()
        return None

    def apply_abandon(self, _plan: int | None = None) -> None:
        """Write an abandon planned by :meth:`plan_abandon` (raises ``sqlite3.Error``)."""
        db = self._db
        if db is None:
            raise sqlite3.OperationalError("the store is not open")
        ids = [self._confirmed.match_id] if self._confirmed.match_id is not None else []
        with transaction(db):
            if self.owner:
                ids += [row[0] for row in db.execute("SELECT match_id FROM saved")]
                db.execute("DELETE FROM saved")
            for match_id in ids:
                db.execute("UPDATE matches SET status = 'abandoned', ended = ?"
                           " WHERE id = ? AND status = 'playing'", (now(), match_id))
                _compact(db, match_id)
        self._confirmed = _Kept()

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
        match = self._confirmed.match
        if self._db is not None and not self.owner and match is not None and not match.over:
            self.abandon()
        self.close_quietly()

    def close_quietly(self) -> None:
        """Close the file and let the locks go, writing nothing."""
        if self._db is not None:
            with contextlib.suppress(sqlite3.Error):
                self._db.close()
            self._db = None
        self._writing = None
        self._owner_lock.release()
        self._guest_lock.release()


def hand_records(db: sqlite3.Connection, since: str | None = None) -> Iterator[str]:
    """Every finished hand's record in ``db``, oldest first (see :meth:`Store.hand_records`)."""
    rows = db.execute(
        "SELECT record FROM hands WHERE finished IS NOT NULL AND finished >= ?"
        " ORDER BY finished, match_id, number", (since or "",))
    for (record,) in rows:
        yield record


def _json_text(value: Any) -> str:
    """``value`` as JSON text, written by orjson (a save writes the table's state
    and the hand's step at every card: the standard encoder took 2% of a network
    table's CPU a card, lab/journal.md); what orjson refuses (an integer beyond 64
    bits) by the standard encoder."""
    try:
        return orjson.dumps(value).decode()
    except orjson.JSONEncodeError:
        return json.dumps(value)


def _step(hand: Hand, kept: _Kept) -> str | None:
    """What ``hand`` gained since ``kept`` was written, as one step's JSON (None: nothing)."""
    data: dict[str, Any] = {}
    written = {seat for seat, _cards in kept.passes}
    seats = [seat for seat in SEATS if seat not in written and hand.passed(seat)]
    if len(seats) > 1:  # (saves made one) in the order passed, as the record has them
        order = [passed.seat for passed in hand.to_record().passes]
        seats.sort(key=order.index)
    passes = [{"seat": seat.name.lower(), "cards": [str(c) for c in hand.passed(seat)]}
              for seat in seats]
    if passes:
        data["passes"] = passes
    if len(hand.plays) > len(kept.plays):
        data["plays"] = [str(card) for card in hand.plays[len(kept.plays):]]
    if len(hand.stand_ins) > len(kept.stand_ins):
        data["stand_ins"] = [s.to_json() for s in hand.stand_ins[len(kept.stand_ins):]]
    return _json_text(data) if data else None


def _write_hand(number: int, hand: Hand, stamp: str, seat: Seat) -> tuple[str, tuple[Any, ...]]:
    """The statement that writes ``hand``'s whole record and figures."""
    over = hand.phase is Phase.OVER
    points: tuple[int | None, ...] = hand.points if over else (None,) * 4
    shooter = hand.shooter
    return (
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
        (_MATCH_ID, number + 1, stamp if over else None, _level_of(hand, seat),
         json.dumps(hand.rules.to_json()), *points,
         shooter.name.lower() if over and shooter is not None else None,
         _taker(hand, _QUEEN) if over else None,
         _taker(hand, _JACK) if over and hand.rules.jack_of_diamonds else None,
         hand.to_json()))


def _merged(record: str, steps: list[str]) -> str:
    """A hand's record with its steps put in."""
    if not steps:
        return record
    data = json.loads(record)
    for text in steps:
        step = json.loads(text)
        for name in ("passes", "plays", "stand_ins"):
            if step.get(name):
                data.setdefault(name, []).extend(step[name])
    return json.dumps(data)


def hand_record(db: sqlite3.Connection, match_id: int, number: int) -> str | None:
    """The record of hand ``number`` (from 1) of match ``match_id`` as it stands: its
    record with the steps written since put in; None when there is no such hand."""
    row = db.execute("SELECT record FROM hands WHERE match_id = ? AND number = ?",
                     (match_id, number)).fetchone()
    if row is None:
        return None
    steps = [data for (data,) in db.execute(
        "SELECT data FROM hand_steps WHERE match_id = ? AND number = ? ORDER BY step",
        (match_id, number))]
    return _merged(str(row[0]), steps)


def _compact(db: sqlite3.Connection, match_id: int) -> None:
    """Write the records of a match's hands whole, their steps put in (a match
    left for good keeps no steps)."""
    numbers = [int(n) for (n,) in db.execute(
        "SELECT DISTINCT number FROM hand_steps WHERE match_id = ?", (match_id,))]
    for number in numbers:
        record = hand_record(db, match_id, number)
        if record is not None:
            db.execute("UPDATE hands SET record = ? WHERE match_id = ? AND number = ?",
                       (record, match_id, number))
    db.execute("DELETE FROM hand_steps WHERE match_id = ?", (match_id,))


def _match_records(db: sqlite3.Connection, match_id: int) -> list[str]:
    """Every hand's record of a match, in order, as it stands (steps put in)."""
    steps: dict[int, list[str]] = {}
    for number, data in db.execute("SELECT number, data FROM hand_steps WHERE match_id = ?"
                                   " ORDER BY number, step", (match_id,)):
        steps.setdefault(int(number), []).append(str(data))
    return [_merged(str(record), steps.get(int(number), [])) for number, record in db.execute(
        "SELECT number, record FROM hands WHERE match_id = ? ORDER BY number", (match_id,))]
