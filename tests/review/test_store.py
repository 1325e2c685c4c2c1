"""Reviews kept in the store: schema version 2 and its migration from version 1."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from hearts.store import SCHEMA_VERSION, Store
from hearts.store.reviews import (
    find_hand,
    has_reviews,
    keep_review,
    kept_review,
    open_for_reviews,
)
from hearts.store.schema import MIGRATIONS, migrate, user_version
from tests.store.helpers import play_match


def version_1_file(path: Path) -> None:
    db = sqlite3.connect(path, isolation_level=None)
    migrate(db, MIGRATIONS[:1])
    db.close()


def test_a_version_1_store_gains_the_reviews_table(tmp_path: Path) -> None:
    path = tmp_path / "hearts.db"
    version_1_file(path)
    db = open_for_reviews(str(path))
    assert db is not None and user_version(db) == SCHEMA_VERSION and has_reviews(db)
    db.close()
    other = tmp_path / "game"
    other.mkdir()
    version_1_file(other / "hearts.db")
    store = Store.open(other)  # the game migrates too, and keeps the file
    assert store.connection is not None and has_reviews(store.connection)
    assert store.damage is None and user_version(store.connection) == SCHEMA_VERSION
    store.close()


def test_reviews_are_kept_by_hand_seat_depth_and_seed(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    play_match(store, seed=1)
    store.close()
    db = open_for_reviews(str(tmp_path / "hearts.db"))
    assert db is not None
    assert kept_review(db, "abc", "all", 10, 0) is None
    keep_review(db, "abc", "all", 10, 0, '{"a": 1}')
    keep_review(db, "abc", "all", 10, 1, '{"a": 2}')
    keep_review(db, "abc", "all", 10, 0, '{"a": 3}')
    assert kept_review(db, "abc", "all", 10, 0) == '{"a": 3}'
    assert kept_review(db, "abc", "all", 10, 1) == '{"a": 2}'
    assert kept_review(db, "abc", "south", 10, 0) is None
    last = find_hand(db)
    assert last is not None and last == find_hand(db, *db.execute(
        "SELECT match_id, number FROM hands ORDER BY finished DESC, number DESC").fetchone())
    assert find_hand(db, 99, 1) is None
    db.close()


def test_no_store_or_a_newer_one_is_left_alone(tmp_path: Path) -> None:
    assert open_for_reviews(str(tmp_path / "none.db")) is None
    assert not (tmp_path / "none.db").exists()
    (tmp_path / "empty.db").touch()
    assert open_for_reviews(str(tmp_path / "empty.db")) is None  # version 0: the game's to make
    newer = tmp_path / "newer.db"
    db = sqlite3.connect(newer)
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    assert open_for_reviews(str(newer)) is None
