"""The days' deals in the store: the first play kept, the par, the figures
(beating par, the streaks) and what ``hearts stats`` and ``hearts history`` show."""

from __future__ import annotations

import contextlib
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from hearts.store import Store
from hearts.store.commands import history_main, stats_main
from hearts.store.dailies import (
    daily_figures,
    daily_row,
    daily_rows,
    finished_dailies,
    save_daily,
    set_par,
)
from hearts.store.schema import MIGRATIONS, SCHEMA_VERSION, migrate, user_version


@pytest.fixture
def db(tmp_path: Path) -> sqlite3.Connection:
    store = Store.open(tmp_path)
    connection = store.connection
    assert connection is not None
    return connection


def _finish(db: sqlite3.Connection, day: str, points: int, par: int | None,
            assisted: bool = False, finished: str | None = None) -> None:
    save_daily(db, day, "original,100", 1, '{"plays": []}', {}, points, assisted)
    if par is not None:
        set_par(db, day, "original,100", par)
    # the streak counts a deal finished on its own day
    db.execute("UPDATE dailies SET finished = ? WHERE day = ?",
               (finished or f"{day}T12:00:00+00:00", day))


def test_a_deal_is_kept_as_it_stands_and_its_first_play_counts(db: sqlite3.Connection) -> None:
    save_daily(db, "2026-12-06", "original,100", 5, '{"plays": ["2C"]}', {"stage": "playing"},
               None, False)
    row = daily_row(db, "2026-12-06", "original,100")
    assert row is not None and row.finished is None and row.points is None
    assert row.tables == {"stage": "playing"} and row.seed == 5
    save_daily(db, "2026-12-06", "original,100", 5, '{"plays": ["2C", "3C"]}', {}, 7, True)
    set_par(db, "2026-12-06", "original,100", 4)
    row = daily_row(db, "2026-12-06", "original,100")
    assert row is not None and row.finished is not None
    assert (row.points, row.par, row.assisted) == (7, 4, True)
    # a finished deal never changes (a second play of it does not count)
    save_daily(db, "2026-12-06", "original,100", 5, '{"plays": []}', {}, 0, False)
    set_par(db, "2026-12-06", "original,100", 30)
    again = daily_row(db, "2026-12-06", "original,100")
    assert again == row
    assert daily_row(db, "2026-12-06", "classic,100") is None  # another rule set's deal


def test_the_figures_count_beating_par_unassisted_and_the_streaks(
        db: sqlite3.Connection) -> None:
    _finish(db, "2026-12-01", 3, 5)     # under par
    _finish(db, "2026-12-02", 5, 5)     # level
    _finish(db, "2026-12-03", 9, 5, assisted=True)  # assisted: not compared
    # 12-04 missed; 12-05 played the day after: no streak for it
    _finish(db, "2026-12-05", 0, 2, finished="2026-12-06T01:00:00+00:00")
    _finish(db, "2026-12-06", 8, 2)     # over par
    figures = daily_figures(db, date(2026, 12, 6))
    assert figures.played == 5 and figures.assisted == 1
    assert (figures.compared, figures.beat, figures.equalled) == (4, 2, 1)
    assert figures.beat_rate == 0.5
    assert (figures.points, figures.par) == (3 + 5 + 0 + 8, 5 + 5 + 2 + 2)
    assert (figures.streak, figures.best_streak) == (1, 3)
    assert daily_figures(db, date(2026, 12, 7)).streak == 1  # yesterday still counts
    assert daily_figures(db, date(2026, 12, 8)).streak == 0
    assert [row.day for row in daily_rows(db, 2)] == ["2026-12-06", "2026-12-05"]
    assert len(finished_dailies(db)) == 5


def test_an_older_store_gains_the_dailies_table(tmp_path: Path) -> None:
    path = tmp_path / "old.db"
    with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as old:
        migrate(old, MIGRATIONS[:5])
        assert user_version(old) == 5
        assert migrate(old) == 5
        assert user_version(old) == SCHEMA_VERSION
        assert old.execute("SELECT count(*) FROM dailies").fetchone() == (0,)


def test_stats_and_history_show_the_days(tmp_path: Path, db: sqlite3.Connection,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "120")
    _finish(db, "2026-12-05", 3, 5)
    _finish(db, "2026-12-06", 8, 2, assisted=True)
    assert stats_main([]) == 0
    out = capsys.readouterr().out
    assert "Today's deals" in out and "1 of 1 (100%)" in out
    assert history_main([]) == 0
    out = capsys.readouterr().out
    assert "2 under" in out and "6 over" in out and "assisted" in out
