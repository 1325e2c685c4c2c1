"""Game processes sharing one data folder, and processes killed with SIGKILL at
random moments: the store never breaks and resuming always works."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from hearts.cards import Seat
from hearts.store import Store

pytestmark = pytest.mark.slow  # game processes started, and killed

HERE = Path(__file__).parent


def test_two_processes_at_once(tmp_path: Path) -> None:
    """Two processes save every card into one file at the same time: exactly one
    owns the saved match, and both matches are kept whole."""
    children = [subprocess.Popen([sys.executable, str(HERE / "child_match.py"),
                                  str(tmp_path), str(seed)],
                                 stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
                for seed in (1, 2)]
    roles = []
    for child in children:
        assert child.stdout is not None
        roles.append(child.stdout.readline().strip())
    assert sorted(roles) == ["guest", "owner"]
    for child in children:  # both start saving together
        assert child.stdin is not None
        child.stdin.write("go\n")
        child.stdin.flush()
    results = []
    for child in children:
        out, _ = child.communicate(timeout=120)
        assert child.returncode == 0
        word, match_text, hands_text = out.split()
        assert word == "done"
        results.append((int(match_text), int(hands_text)))
    db = sqlite3.connect(tmp_path / "hearts.db")
    assert db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
    for match_id, hands in results:
        assert db.execute("SELECT status, hands FROM matches WHERE id = ?",
                          (match_id,)).fetchone() == ("finished", hands)
        assert db.execute("SELECT count(*) FROM hands WHERE match_id = ? AND finished"
                          " IS NOT NULL", (match_id,)).fetchone()[0] == hands
    owner_id = results[roles.index("owner")][0]
    assert db.execute("SELECT match_id FROM saved").fetchall() == [(owner_id,)]
    db.close()


_OPEN_AND_SAY = """
import sys
from hearts.store import Store
store = Store.open(sys.argv[1])
print(store.connection is not None, store.notices, flush=True)
"""


def test_processes_creating_the_file_at_once(tmp_path: Path) -> None:
    """Two games started at the same moment on a new data folder both save: SQLite
    refuses the switch to WAL mode at once, without its busy wait, while the
    other process is creating the file, and the store waits for it itself."""
    for attempt in range(8):
        folder = tmp_path / str(attempt)
        children = [subprocess.Popen([sys.executable, "-c", _OPEN_AND_SAY, str(folder)],
                                     stdout=subprocess.PIPE, text=True) for _ in range(2)]
        said = [child.communicate(timeout=60)[0] for child in children]
        assert all(line.startswith("True") for line in said), said


def _options(folder: Path) -> Path:
    folder.mkdir()
    (folder / "options.json").write_text(json.dumps({"target": 50, "difficulty": "beginner"}))
    return folder


def _child(data: Path, config: Path, matches: int) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, str(HERE / "child_app.py"), str(data),
                             str(config), str(matches)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def _lines(child: subprocess.Popen[str]) -> list[str]:
    """Collect the child's lines as they come, in a thread."""
    lines: list[str] = []

    def read() -> None:
        assert child.stdout is not None
        for line in child.stdout:
            if line.endswith("\n"):  # a line cut short by the kill is left out
                lines.append(line.strip())

    threading.Thread(target=read, daemon=True).start()
    return lines


def _stored(data: Path) -> list[tuple[int, int, str, dict[str, object]]]:
    """Every stored hand: its match's seed, number, the match's status and the
    hand record (passes in seat order: who passed first depends on timing)."""
    db = sqlite3.connect(data / "hearts.db")
    rows = db.execute("SELECT matches.seed, number, status, record FROM hands"
                      " JOIN matches ON matches.id = match_id ORDER BY match_id, number")
    out = []
    for seed, number, status, text in rows:
        record = json.loads(text)
        record["passes"].sort(key=lambda entry: ("south", "west", "north", "east").index(
            entry["seat"]))
        out.append((seed, number, status, record))
    db.close()
    return out


def _progress(line: str) -> tuple[int, ...]:
    return tuple(int(word) for word in line.split()[1:])


def _run_until_a_random_moment(child: subprocess.Popen[str], lines: list[str],
                               rng: random.Random) -> bool:
    """Let the child run to a random moment; False if it ended first. Most moments
    are counted in saves (so a fast machine is killed as often as a slow one), a
    random few milliseconds after one; some are counted in time from the start,
    to hit starting up and resuming too."""
    if rng.random() < 0.2:
        moment = time.monotonic() + rng.uniform(0.05, 1.5)
        saves = None
    else:
        moment = time.monotonic() + 60
        saves = rng.randint(1, 25)
    while child.poll() is None:
        if saves is not None and sum(line.startswith("saved") for line in lines) >= saves:
            time.sleep(rng.uniform(0, 0.02))
            return child.poll() is None
        if time.monotonic() >= moment:
            return True
        time.sleep(0.002)
    return False


def test_kill_9_at_random_moments(tmp_path: Path) -> None:
    """The real game plays two matches by itself and is killed with SIGKILL at
    random moments, again and again, for about 40 seconds (longer on a busy
    machine, until it was killed ten times) or until it gets through. After
    every kill the file is whole and holds every save the game reported; every
    restart resumes; and the matches end exactly as an uninterrupted run of the
    same game does."""
    config = _options(tmp_path / "config")
    matches = 2
    reference = _child(tmp_path / "reference", config, matches)  # runs meanwhile
    reference_lines = _lines(reference)
    data = tmp_path / "data"
    seed = int.from_bytes(os.urandom(4), "big")
    rng = random.Random(seed)
    deadline = time.monotonic() + 40
    kills = 0
    resumable = False
    while True:
        child = _child(data, config, matches)
        lines = _lines(child)
        # about 40 s, or longer on a busy machine until ten kills were made
        now = time.monotonic()
        killing = now < deadline or (kills < 10 and now < deadline + 120)
        if killing and _run_until_a_random_moment(child, lines, rng):
            os.kill(child.pid, signal.SIGKILL)
            kills += 1
        child.wait(timeout=120)
        time.sleep(0.05)  # let the reader thread take the last lines
        if "over" in lines:
            break
        assert killing, f"an uninterrupted run did not finish (kill seed {seed})"
        starts = [line for line in lines if line.startswith("start")]
        assert starts in ([], [f"start {resumable}"]), (starts, resumable, seed)
        store = Store.open(data)
        assert store.notices == [], (store.notices, seed)
        saved = store.load()
        reported = [_progress(line) for line in lines if line.startswith("saved")]
        if reported:
            assert saved is not None, seed
            hand = saved.match.hand
            assert hand is not None
            got = (saved.match.seed, len(saved.match.hands),
                   sum(bool(hand.passed(s)) for s in Seat), len(hand.plays))
            last = reported[-1]
            # the saved state is at least the last one reported (or a new match
            # the game had begun saving before it could report it)
            assert got >= last if got[0] == last[0] else got[1] == 1, (got, last, seed)
        resumable = saved is not None
        store.close()
    print(f"{kills} kills (kill seed {seed})")
    assert kills >= 10, f"only {kills} kills in the time allowed"
    reference.wait(timeout=120)
    time.sleep(0.05)
    assert "over" in reference_lines
    played = _stored(data)
    expected = _stored(tmp_path / "reference")
    assert [row[:3] for row in played] == [row[:3] for row in expected]
    assert [row[3] for row in played] == [row[3] for row in expected], seed
    assert {row[2] for row in played} == {"finished"}
