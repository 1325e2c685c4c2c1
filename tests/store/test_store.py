"""The store without the UI: round trips, resuming, abandoning, ownership,
migrations, and every kind of bad file or folder."""

from __future__ import annotations

import gc
import hashlib
import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from hearts import Hand, Match, Phase, Rules, Seat
from hearts.store import SCHEMA_VERSION, Store, database_path
from hearts.store.schema import MIGRATIONS, SchemaError, migrate, user_version
from hearts.store.store import hand_record

from .helpers import deal_next, pass_all, play_match, records


def rows(store: Store, query: str, *args: object) -> list[tuple[object, ...]]:
    db = store.connection
    assert db is not None
    return db.execute(query, args).fetchall()


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# --- where the file lives -------------------------------------------------------------


def test_data_folder_from_the_environment(tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path / "elsewhere"))
    assert database_path() == tmp_path / "elsewhere" / "hearts.db"
    assert database_path(tmp_path) == tmp_path / "hearts.db"
    monkeypatch.delenv("HEARTS_DATA_DIR")
    assert database_path().name == "hearts.db"
    assert "hearts" in database_path().parent.parts[-1]


def test_the_file_is_made_on_first_use(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "folder"
    store = Store.open(folder)
    assert store.saving and store.owner and store.notices == []
    assert (folder / "hearts.db").exists()
    db = store.connection
    assert db is not None
    assert user_version(db) == SCHEMA_VERSION
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    store.close()


# --- round trips ----------------------------------------------------------------------


def _statements() -> int:
    gc.collect()
    return sum(type(o).__module__ == "sqlite3" and type(o).__name__ == "Statement"
               for o in gc.get_objects())


def test_an_open_store_keeps_only_what_its_saves_use(tmp_path: Path) -> None:
    # the checks and migrations of opening compile some thirty statements; a
    # table server keeps a store open a table, and its collector scans them all
    before = _statements()
    store = Store.open(tmp_path)
    try:
        assert store.saving
        assert _statements() - before <= 4
        match = Match(Rules(target=26))
        deal_next(match)
        store.save(match, {})
        assert _statements() - before <= 12  # (the save's own few)
    finally:
        store.close()


# SQLite's own memory (its page cache), read in a process of its own: the
# count is the process's, whatever else it opened.
_SQLITE_MEMORY_OVER_MATCHES = """
import ctypes, pathlib, sys, tempfile
from hearts.store import Store
from tests.store.helpers import play_match

lib = next((ctypes.CDLL(line.split()[-1]) for line in
            pathlib.Path("/proc/self/maps").read_text().splitlines() if "libsqlite3" in line),
           None)
if lib is None:
    print("unknown")
    sys.exit()
lib.sqlite3_memory_used.restype = ctypes.c_int64
store = Store.open(pathlib.Path(tempfile.mkdtemp()))
used = []
for seed in range(5):
    play_match(store, seed=seed, target=100, rng_seed=seed)
    used.append(lib.sqlite3_memory_used() // 1024)
store.close()
print(*used)
"""


def test_an_open_store_keeps_its_memory_level_match_after_match() -> None:
    # a table server keeps a table's store open while the table plays, match
    # after match: SQLite's default page cache grew by some 20 KiB a match
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", _SQLITE_MEMORY_OVER_MATCHES], cwd=root,
                          capture_output=True, text=True, check=True, timeout=120)
    if done.stdout.strip() == "unknown":
        pytest.skip("SQLite's library is not found in /proc/self/maps")
    used = [int(kib) for kib in done.stdout.split()]
    assert len(used) == 5 and used[-1] - used[0] <= 8, used


def test_a_finished_match_is_kept_whole(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    match = play_match(store, seed=5, rng_seed=5)
    assert match.over
    (status, hands, *scores, winners, level, seed) = rows(
        store, "SELECT status, hands, score_south, score_west, score_north, score_east,"
        " winners, level, seed FROM matches")[0]
    assert status == "finished" and hands == len(match.hands) and level == "club"
    assert tuple(scores) == match.scores and seed == 5
    assert winners == " ".join(seat.name.lower() for seat in match.winners)
    stored = rows(store, "SELECT number, record, points_south, points_west, points_north,"
                  " points_east, moon, queen, finished FROM hands ORDER BY number")
    assert [row[1] for row in stored] == records(match)
    for (number, record, *points, moon, queen, finished), hand in zip(stored, match.hands,
                                                                       strict=True):
        replayed = Hand.from_record(str(record))
        assert replayed.points == hand.points == tuple(points)
        assert replayed.players == hand.players and replayed.seed == hand.seed
        assert moon == (hand.shooter.name.lower() if hand.shooter is not None else None)
        assert queen == next(s.name.lower() for s in Seat if "QS" in str(hand.taken(s)).split())
        assert finished is not None and isinstance(number, int) and number >= 1
    store.close()


def test_jack_of_diamonds_taker_is_kept_when_it_counts(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    match = Match(Rules(jack_of_diamonds=True), 3)
    hand = deal_next(match)
    pass_all(hand)
    while hand.phase is not Phase.OVER:
        hand.play(hand.legal_plays()[0])
    store.save(match, {})
    jack = rows(store, "SELECT jack FROM hands")[0][0]
    assert jack == next(s.name.lower() for s in Seat if "JD" in str(hand.taken(s)).split())
    store.close()


def test_resume_after_every_card(tmp_path: Path) -> None:
    """After any save, a fresh store loads exactly the match as it stood."""
    store = Store.open(tmp_path)
    checked = 0

    def check(match: Match) -> None:
        nonlocal checked
        if len(match.hands[-1].plays) % 7 or checked > 40:
            return
        other = Store.open(tmp_path, claim=False)  # reads without taking the match
        db = other.connection
        assert db is not None
        # the hand in play is its record and the steps written since
        got = [hand_record(db, match_id, number) for match_id, number in db.execute(
            "SELECT match_id, number FROM hands ORDER BY number").fetchall()]
        assert [json.loads(r) for r in got if r] == [json.loads(r) for r in records(match)]
        other.close_quietly()
        checked += 1

    match = play_match(store, seed=9, rng_seed=9, after=check,
                       stop=lambda m: len(m.hands) == 2 and len(m.hands[1].plays) == 23)
    store.save(match, {"stage": "playing", "cursor": 4})
    store.close()
    again = Store.open(tmp_path)
    saved = again.load()
    assert saved is not None
    assert saved.table == {"stage": "playing", "cursor": 4}
    assert records(saved.match) == records(match)
    assert saved.match.seed == match.seed and saved.match.scores == match.scores
    assert saved.match.hand is not None and len(saved.match.hand.plays) == 23
    # carrying on deals exactly what the first match would have dealt
    resumed, original = saved.match, match
    for played in (resumed, original):
        hand = played.hand
        assert hand is not None
        while hand.phase is not Phase.OVER:
            hand.play(hand.legal_plays()[0])
    assert resumed.deal().record() == original.deal().record()
    again.close()


def test_a_finished_match_is_saved_to_show_game_over(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    match = play_match(store, seed=2)
    store.close()
    store = Store.open(tmp_path)
    saved = store.load()
    assert saved is not None and saved.match.over and saved.match.winners == match.winners
    # the next match gets a row of its own, and takes the saved place
    following = Match(Rules(), 8)
    deal_next(following)
    store.save(following, {})
    assert rows(store, "SELECT id, status FROM matches ORDER BY id") == [
        (1, "finished"), (2, "playing")]
    assert rows(store, "SELECT match_id FROM saved") == [(2,)]
    store.close()


def test_nothing_dealt_nothing_saved(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    assert store.save(Match(Rules(), 1), {}) is None
    assert rows(store, "SELECT count(*) FROM matches") == [(0,)]
    assert store.load() is None
    store.close()


# --- abandoning and the assisted flag ---------------------------------------------------


def test_abandon_keeps_the_match_and_every_hand(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    match = play_match(store, seed=4, stop=lambda m: len(m.hands) == 2
                       and len(m.hands[1].plays) == 10)
    store.close()
    store = Store.open(tmp_path)  # as hearts --new does: abandon before loading
    store.abandon()
    assert rows(store, "SELECT status, ended IS NOT NULL, hands FROM matches") == [
        ("abandoned", 1, 2)]
    assert rows(store, "SELECT count(*) FROM saved") == [(0,)]
    assert [r for (r,) in rows(store, "SELECT record FROM hands ORDER BY number")] == \
        records(match)
    assert store.load() is None
    store.close()


def test_abandon_leaves_a_finished_match_finished(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    play_match(store, seed=4)
    store.abandon()
    assert rows(store, "SELECT status FROM matches") == [("finished",)]
    store.close()


def test_assisted_is_saved_with_the_match(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    match = Match(Rules(), 3)
    deal_next(match)
    store.save(match, {})
    assert not store.assisted
    assert store.mark_assisted() is None
    assert rows(store, "SELECT assisted FROM matches") == [(1,)]
    store.save(match, {})
    assert rows(store, "SELECT assisted FROM matches") == [(1,)]
    store.close()
    store = Store.open(tmp_path)
    saved = store.load()
    assert saved is not None and saved.assisted and store.assisted
    store.abandon()
    assert not store.assisted
    store.close()


def test_assisted_before_the_first_save_is_kept(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    store.mark_assisted()
    match = Match(Rules(), 3)
    deal_next(match)
    # a new match starts unassisted: the flag belongs to the match in progress
    store.save(match, {})
    assert rows(store, "SELECT assisted FROM matches") == [(0,)]
    store.mark_assisted()
    assert rows(store, "SELECT assisted FROM matches") == [(1,)]
    store.close()


# --- two game processes on one folder --------------------------------------------------


def test_only_one_store_owns_the_saved_match(tmp_path: Path) -> None:
    owner = Store.open(tmp_path)
    first = play_match(owner, seed=1, stop=lambda m: len(m.hands[0].plays) == 8)
    guest = Store.open(tmp_path)
    assert owner.owner and not guest.owner and guest.saving
    assert guest.notices == ["The saved match is open in another window - "
                             "this one plays a new match"]
    assert guest.load() is None
    second = play_match(guest, seed=2, stop=lambda m: len(m.hands[0].plays) == 5)
    assert rows(owner, "SELECT match_id FROM saved") == [(1,)]
    assert rows(owner, "SELECT id, status FROM matches ORDER BY id") == [
        (1, "playing"), (2, "playing")]
    guest.close()  # a guest that leaves before the end abandons its match
    assert rows(owner, "SELECT id, status FROM matches ORDER BY id") == [
        (1, "playing"), (2, "abandoned")]
    assert len(second.hands) == 1
    owner.close()
    owner = Store.open(tmp_path)
    saved = owner.load()
    assert saved is not None and records(saved.match) == records(first)
    owner.close()


def test_a_killed_guests_match_is_swept_when_no_guest_plays(tmp_path: Path) -> None:
    owner = Store.open(tmp_path)
    killed = Store.open(tmp_path)
    play_match(killed, seed=2, stop=lambda m: len(m.hands[0].plays) == 5)
    alive = Store.open(tmp_path)
    play_match(alive, seed=3, stop=lambda m: len(m.hands[0].plays) == 5)
    killed.close_quietly()  # as kill -9 leaves it: nothing written
    owner.close()
    owner = Store.open(tmp_path)  # a guest is still playing: nothing is swept
    assert rows(owner, "SELECT id, status FROM matches ORDER BY id") == [
        (1, "playing"), (2, "playing")]
    owner.close()
    alive.close_quietly()
    owner = Store.open(tmp_path)
    assert rows(owner, "SELECT id, status FROM matches ORDER BY id") == [
        (1, "abandoned"), (2, "abandoned")]
    owner.close()


def test_a_closed_owner_lets_the_next_process_own(tmp_path: Path) -> None:
    first = Store.open(tmp_path)
    first.close()
    second = Store.open(tmp_path)
    assert second.owner
    second.close()


# --- migrations -------------------------------------------------------------------------


def test_every_version_migrates_to_the_newest(tmp_path: Path) -> None:
    """Version 0 (an empty file, or an SQLite file with nothing in it) is the only
    earlier version; each reaches the newest."""
    (tmp_path / "a").mkdir()
    (tmp_path / "a" / "hearts.db").write_bytes(b"")
    (tmp_path / "b").mkdir()
    sqlite3.connect(tmp_path / "b" / "hearts.db").execute("PRAGMA user_version = 0").close()
    for folder in ("a", "b"):
        store = Store.open(tmp_path / folder)
        assert store.saving and store.notices == []
        db = store.connection
        assert db is not None and user_version(db) == SCHEMA_VERSION
        store.close()


def test_migrations_run_one_step_at_a_time_and_keep_the_data(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    play_match(store, seed=1)
    store.close()

    def add_notes(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE matches ADD COLUMN note TEXT DEFAULT 'kept'")

    def broken_step(db: sqlite3.Connection) -> None:
        db.execute("ALTER TABLE hands ADD COLUMN extra TEXT")
        raise sqlite3.OperationalError("this step fails half way")

    db = sqlite3.connect(tmp_path / "hearts.db", isolation_level=None)
    assert migrate(db, [*MIGRATIONS, add_notes]) == SCHEMA_VERSION
    assert user_version(db) == SCHEMA_VERSION + 1
    assert db.execute("SELECT note, status FROM matches").fetchall() == [("kept", "finished")]
    with pytest.raises(sqlite3.OperationalError):
        migrate(db, [*MIGRATIONS, add_notes, broken_step])
    assert user_version(db) == SCHEMA_VERSION + 1  # the failed step left nothing behind
    columns = {row[1] for row in db.execute("PRAGMA table_info(hands)")}
    assert "extra" not in columns
    db.close()


def test_another_programs_database_is_not_migrated(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "other.db", isolation_level=None)
    db.execute("CREATE TABLE notes (text TEXT)")
    with pytest.raises(SchemaError):
        migrate(db)
    db.close()


# --- bad files and folders --------------------------------------------------------------


def broken_copies(folder: Path) -> list[Path]:
    return sorted(p for p in folder.iterdir() if p.name.endswith(".broken"))


def check_moved_aside(folder: Path, original: bytes) -> Store:
    store = Store.open(folder)
    assert store.saving
    (aside,) = broken_copies(folder)
    assert aside.read_bytes() == original
    assert aside.name.startswith("hearts.db.") and aside.name[10:12] == "20"
    assert store.notices == [f"hearts.db was damaged - kept as {aside.name}"]
    assert len(store.notices[0]) <= 78
    match = play_match(store, seed=3)  # a fresh file that works
    assert rows(store, "SELECT count(*) FROM hands") == [(len(match.hands),)]
    return store


def test_a_file_that_is_not_sqlite_is_moved_aside(tmp_path: Path) -> None:
    original = b"These are my notes, not a database.\n" * 200
    (tmp_path / "hearts.db").write_bytes(original)
    check_moved_aside(tmp_path, original).close()


def test_a_corrupt_file_is_moved_aside(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    play_match(store, seed=1, target=100)
    store.close()
    path = tmp_path / "hearts.db"
    assert not Path(f"{path}-wal").exists()  # checkpointed on close
    data = bytearray(path.read_bytes())
    page = int.from_bytes(data[16:18], "big")
    data[page * 3 + 8: page * 3 + 200] = b"Z" * 192
    path.write_bytes(bytes(data))
    store = check_moved_aside(tmp_path, bytes(data))
    assert store.damage == "integrity check failed"
    store.close()


@pytest.mark.parametrize("schema", [
    "CREATE TABLE notes (text TEXT)",
    "CREATE TABLE matches (id INTEGER); PRAGMA user_version = 1",
])
def test_a_foreign_database_is_moved_aside(tmp_path: Path, schema: str) -> None:
    db = sqlite3.connect(tmp_path / "hearts.db")
    db.executescript(schema)
    db.close()
    original = (tmp_path / "hearts.db").read_bytes()
    check_moved_aside(tmp_path, original).close()


def test_a_newer_file_is_never_rewritten(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    play_match(store, seed=1)
    store.close()
    path = tmp_path / "hearts.db"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    before = digest(path)
    names = sorted(p.name for p in tmp_path.iterdir())
    store = Store.open(tmp_path)
    assert not store.saving
    assert store.notices == ["hearts.db is from a newer Hearts - playing on without saving"]
    assert store.load() is None
    assert store.save(play_match(None, seed=2), {}) is None
    store.mark_assisted()
    store.abandon()
    store.close()
    assert digest(path) == before
    assert sorted(p.name for p in tmp_path.iterdir()) == names


def test_a_folder_that_cannot_be_made(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    store = Store.open(blocker / "data")
    assert not store.saving and store.problem is not None
    assert store.notices[0].startswith("Not saving progress: ")
    assert "hearts.db" in store.notices[0] and len(store.notices[0]) <= 80
    assert store.save(play_match(None, seed=2), {}) is None
    assert store.load() is None
    store.close()
    assert blocker.read_text() == "not a folder"


def test_a_folder_that_cannot_be_written(tmp_path: Path) -> None:
    # /proc/self refuses new files even to root (who ignores chmod)
    store = Store.open("/proc/self")
    assert not store.saving
    assert store.notices[0].startswith("Not saving progress: /proc/self/hearts.db")
    store.close()


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_folder_with_a_store(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    play_match(store, seed=1)
    store.close()
    tmp_path.chmod(0o555)
    try:
        store = Store.open(tmp_path)
        assert not store.saving and "hearts.db" in store.notices[0]
        store.close()
    finally:
        tmp_path.chmod(0o755)


def test_a_full_disk_loses_nothing_once_there_is_room(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    db = store.connection
    assert db is not None
    pages = db.execute("PRAGMA page_count").fetchone()[0]
    db.execute(f"PRAGMA max_page_count = {pages + 1}")  # the disk fills up soon
    notices: list[str | None] = []
    match = play_match(None, seed=6, target=200,
                       after=lambda m: notices.append(store.save(m, {})),
                       stop=lambda m: len(m.hands) == 6)
    failures = [n for n in notices if n]
    assert len(failures) == 1  # said once, not at every card
    assert failures[0].startswith("Not saving progress: ")
    assert failures[0].endswith("hearts.db - the disk is full")
    assert not store.saving and store.problem == failures[0]
    stored = rows(store, "SELECT count(*) FROM hands")[0][0]
    assert isinstance(stored, int) and stored < len(match.hands)
    db.execute("PRAGMA max_page_count = 1000000")  # room again
    assert store.save(match, {}) == "Progress is being saved again in hearts.db"
    assert store.saving
    assert [r for (r,) in rows(store, "SELECT record FROM hands ORDER BY number")] == \
        records(match)
    store.close()


def test_a_saved_match_that_cannot_be_replayed(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    play_match(store, seed=1, stop=lambda m: len(m.hands) == 2 and len(m.hands[1].plays) == 3)
    db = store.connection
    assert db is not None
    text = rows(store, "SELECT record FROM hands WHERE number = 1")[0][0]
    assert isinstance(text, str)
    record = json.loads(text)
    record["plays"][5] = record["plays"][4]  # the same card twice
    db.execute("UPDATE hands SET record = ? WHERE number = 1", (json.dumps(record),))
    store.close()
    store = Store.open(tmp_path)
    assert store.load() is None
    assert store.notices == ["The saved match in hearts.db cannot be read - a new match begins"]
    assert rows(store, "SELECT status FROM matches") == [("abandoned",)]
    assert rows(store, "SELECT count(*) FROM hands") == [(2,)]  # kept, not deleted
    store.close()


def test_a_match_taken_back_is_saved_as_it_now_stands(tmp_path: Path) -> None:
    """An undo may rebuild the match (a new Match object, the same seed) with the
    last card or the last deal taken back: the store follows it."""
    store = Store.open(tmp_path)
    match = play_match(store, seed=7)
    assert rows(store, "SELECT status FROM matches") == [("finished",)]

    def rebuilt(hands: list[str]) -> Match:
        again = Match(Rules(target=50), match.seed)
        again.hands = [Hand.from_record(record) for record in hands]
        return again

    last = json.loads(match.hands[-1].to_json())
    last["plays"] = last["plays"][:-1]  # the match's last card taken back
    undone = rebuilt([*records(match)[:-1], json.dumps(last)])
    store.save(undone, {})
    assert rows(store, "SELECT id, status, ended, winners FROM matches") == [
        (1, "playing", None, None)]
    assert rows(store, "SELECT finished, points_south, queen FROM hands WHERE number = ?",
                len(match.hands)) == [(None, None, None)]
    shorter = rebuilt(records(match)[:2])  # back to the end of hand 2
    store.save(shorter, {})
    assert rows(store, "SELECT count(*) FROM hands") == [(2,)]
    assert rows(store, "SELECT count(*) FROM matches") == [(1,)]
    store.close()
    store = Store.open(tmp_path)
    saved = store.load()
    assert saved is not None and records(saved.match) == records(shorter)
    store.close()


def test_a_version_2_store_opens_whole_in_the_game_and_gains_the_seat(tmp_path: Path) -> None:
    # A store written by v0.2.0's first schema (version 2, no seat column):
    # the game brings it up to date and loses nothing; it is not taken for damage.
    store = Store.open(tmp_path)
    play_match(store, seed=3)
    play_match(store, seed=4, stop=lambda m: len(m.hands) == 2)
    store.close()
    db = sqlite3.connect(tmp_path / "hearts.db", isolation_level=None)
    db.execute("ALTER TABLE matches DROP COLUMN seat")
    db.execute("DROP TABLE review_progress")  # version 4's
    db.execute("DROP TABLE hand_steps")  # version 5's
    db.execute("DROP TABLE dailies")  # version 6's
    db.execute("DROP TABLE challenge_deals")  # version 7's
    db.execute("PRAGMA user_version = 2")
    before = db.execute("SELECT count(*) FROM hands").fetchone()[0]
    db.close()

    again = Store.open(tmp_path)
    assert again.damage is None and not again.notices
    saved = again.load()
    assert saved is not None and saved.match.seed == 4
    assert again.connection is not None
    assert again.connection.execute("SELECT count(*) FROM hands").fetchone()[0] == before
    assert again.connection.execute("SELECT DISTINCT seat FROM matches").fetchall() == [
        ("south",)]
    assert user_version(again.connection) == SCHEMA_VERSION
    again.close()
    assert not list(tmp_path.glob("hearts.db.*.broken"))
