"""``hearts stats`` and ``hearts history`` on the command line."""

from __future__ import annotations

import json
import sqlite3
from datetime import UTC, datetime
from pathlib import Path

import pytest

from hearts import Hand
from hearts.__main__ import main
from hearts.store import SCHEMA_VERSION, Store
from hearts.store.commands import parse_since

from .helpers import play_match, records


def run(argv: list[str]) -> int:
    with pytest.raises(SystemExit) as done:
        main(argv)
    code = done.value.code
    assert isinstance(code, int)
    return code


def data(monkeypatch: pytest.MonkeyPatch, folder: Path) -> Path:
    monkeypatch.setenv("HEARTS_DATA_DIR", str(folder))
    return folder


def test_stats_with_no_games(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                             capsys: pytest.CaptureFixture[str]) -> None:
    data(monkeypatch, tmp_path / "none")
    assert run(["stats"]) == 0
    assert "No games recorded yet" in capsys.readouterr().out
    assert not (tmp_path / "none").exists()  # reading never makes the folder


def test_stats_prints_the_table(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    folder = data(monkeypatch, tmp_path)
    store = Store.open(folder)
    match = play_match(store, seed=3, level="strong")
    store.close()
    assert run(["stats"]) == 0
    out = capsys.readouterr().out
    assert "Hearts statistics" in out and "Strong" in out and "Total" in out
    assert f"Hands played {len(match.hands)}" in " ".join(out.split())


def test_stats_while_a_game_plays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    folder = data(monkeypatch, tmp_path)
    store = Store.open(folder)
    play_match(store, seed=3)
    assert run(["stats"]) == 0  # the game keeps its file open: reading still works
    assert "Matches played" in capsys.readouterr().out
    assert store.owner and store.saving
    store.close()


def test_stats_on_a_damaged_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    folder = data(monkeypatch, tmp_path)
    (folder / "hearts.db").write_bytes(b"not a database at all" * 100)
    assert run(["stats"]) == 1
    err = capsys.readouterr().err
    assert "hearts.db cannot be read" in err
    assert (folder / "hearts.db").read_bytes() == b"not a database at all" * 100


def test_stats_on_a_newer_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                               capsys: pytest.CaptureFixture[str]) -> None:
    folder = data(monkeypatch, tmp_path)
    Store.open(folder).close()
    db = sqlite3.connect(folder / "hearts.db")
    db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    db.close()
    assert run(["stats"]) == 1
    assert "newer Hearts" in capsys.readouterr().err


def test_history_lists_the_matches(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    folder = data(monkeypatch, tmp_path)
    store = Store.open(folder)
    play_match(store, seed=1)
    play_match(store, seed=2, stop=lambda m: len(m.hands) == 2)
    store.abandon()
    store.close()
    assert run(["history"]) == 0
    out = capsys.readouterr().out
    assert "abandoned" in out and ("won" in out or "lost" in out)


def test_history_export_replays(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                capsys: pytest.CaptureFixture[str]) -> None:
    folder = data(monkeypatch, tmp_path / "data")
    store = Store.open(folder)
    first = play_match(store, seed=1)
    second = play_match(store, seed=2, stop=lambda m: len(m.hands) == 3
                        and len(m.hands[2].plays) == 9)
    store.close()
    target = tmp_path / "hands.jsonl"
    assert run(["history", "--export", str(target)]) == 0
    finished = records(first) + records(second)[:2]
    assert f"{len(finished)} hands written" in capsys.readouterr().out
    lines = target.read_text().splitlines()
    assert lines == finished  # the unfinished hand is not exported
    for line in lines:
        hand = Hand.from_record(line)
        assert json.loads(line)["players"][0]["player"] == "human"
        assert hand.record() == json.loads(line)


def test_history_export_since(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    folder = data(monkeypatch, tmp_path / "data")
    store = Store.open(folder)
    play_match(store, seed=1)
    db = store.connection
    assert db is not None
    db.execute("UPDATE hands SET finished = '2020-01-01T12:00:00+00:00' WHERE number = 1")
    count = db.execute("SELECT count(*) FROM hands").fetchone()[0]
    store.close()
    assert run(["history", "--export", "-", "--since", "2021-01-01"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == count - 1
    assert run(["history", "--export", "-", "--since", "2019-12-31"]) == 0
    assert len(capsys.readouterr().out.splitlines()) == count


def test_history_refuses_a_bad_date(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(["history", "--since", "last tuesday"]) == 2
    assert "not a date: 'last tuesday'" in capsys.readouterr().err


def test_history_export_to_a_folder_that_is_not_there(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    folder = data(monkeypatch, tmp_path)
    store = Store.open(folder)
    play_match(store, seed=1)
    store.close()
    assert run(["history", "--export", str(tmp_path / "no" / "such" / "f.jsonl")]) == 1
    assert "cannot write" in capsys.readouterr().err


def test_since_reads_local_dates_as_utc() -> None:
    assert parse_since("2026-05-01T10:00+02:00") == "2026-05-01T08:00:00+00:00"
    midnight = datetime(2026, 5, 1).astimezone().astimezone(UTC)
    assert parse_since("2026-05-01") == midnight.isoformat(timespec="seconds")


def test_stats_draws_the_trend_of_the_reviewed_hands(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.records import hand_key
    from hearts.store.reviews import keep_review, open_for_reviews

    folder = data(monkeypatch, tmp_path)
    store = Store.open(folder)
    match = play_match(store, seed=3, level="strong")
    store.close()
    db = open_for_reviews(str(folder / "hearts.db"))
    assert db is not None
    for number, hand in enumerate(match.hands[:3]):
        seats = [{"seat": s, "lost": 1.0 + number, "lost_se": 0.3, "decisions": 10}
                 for s in ("south", "west", "north", "east")]
        keep_review(db, hand_key(hand.record()), "all", 1000, 0, json.dumps(
            {"version": 2, "code": "c", "depth": 1000, "seats": seats}))
    db.close()
    assert run(["stats"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "Your reviewed hands: points given away" in out and "3 hands reviewed" in out
    assert "Points you gave away a decision, by reviewed hand" in out
    assert "average of the last 10" in out
