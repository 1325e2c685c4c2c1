"""A game whose terminal is closed under it ends, instead of running on unseen.

Under ``make play`` a closed terminal window does not reach the game as a
hang-up (make holds the terminal's session and waits for the game); the game
itself sees its terminal gone and ends, having saved every card.
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
import time
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow


def test_the_game_ends_when_its_terminal_is_closed(tmp_path: Path) -> None:
    master, slave = pty.openpty()
    env = {**os.environ, "HEARTS_DATA_DIR": str(tmp_path / "data"),
           "HEARTS_CONFIG_DIR": str(tmp_path / "config"), "TERM": "xterm-256color",
           "COLUMNS": "100", "LINES": "30"}
    # a parent that waits for the game and holds the terminal, as make does
    game = subprocess.Popen([sys.executable, "-m", "hearts"], stdin=slave, stdout=slave,
                            stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    try:
        deadline = time.monotonic() + 60
        started = b""
        while b"Welcome to Hearts" not in started:  # the table is on the screen
            assert time.monotonic() < deadline and game.poll() is None, started[-2000:]
            try:
                started += os.read(master, 65536)
            except OSError:
                break
        os.close(master)  # the terminal window is closed
        master = -1
        assert game.wait(15) == 0
    finally:
        if master >= 0:
            os.close(master)
        if game.poll() is None:
            game.kill()
            game.wait()
