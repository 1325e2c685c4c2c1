"""Faults of outside players stop the run with a message; nothing finished is lost."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from hearts.arena.cli import main

FAKEBOT = Path(__file__).with_name("fakebot.py")


def bot(*args: object) -> str:
    return f"cmd:{sys.executable} {FAKEBOT} " + " ".join(map(str, args))


def _run(tmp_path: Path, player: str, *extra: str) -> int:
    return main(["match", player, "beginner", "--deals", "3", "--quiet",
                 "--results", str(tmp_path), *extra])


def _deals(tmp_path: Path) -> list[int]:
    (path,) = tmp_path.glob("*.jsonl")
    return [json.loads(line)["deal"] for line in path.read_text().splitlines()[1:]]


@pytest.mark.parametrize(("mode", "reason", "answer"), [
    ("illegal", "an illegal play: The .* is not in your hand", "answer:  [0-9TJQKA][CDHS]"),
    ("garbage", "not JSON", "answer:  I play the queen!"),
    ("wrong", 'a play answer needs "card"', 'answer:  {"id": [0-9]+, "cards": \\["2C"\\]}'),
    ("crash", "the program has exited \\(exit status 3\\) without answering",
     "answer:  \\(nothing\\)"),
])
def test_each_fault_stops_the_run_naming_deal_seat_request_and_answer(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], mode: str, reason: str,
        answer: str) -> None:
    # 26 plays a playing, 52 a deal: the 60th play request is in deal 1.
    assert _run(tmp_path, bot(mode, 60)) == 1
    err = capsys.readouterr().err
    assert "the run stopped: deal 1, playing 1 of 2, " in err
    assert "(fake-" in err  # the seat's player, by the name it gave
    request = r'  request: \{"type":"play","id":\d+,"seed":\d+,"view":\{"schema":"hearts-view"'
    for pattern in (reason, request, answer):
        assert re.search(pattern, err), (pattern, err)
    assert _deals(tmp_path) == [0]
    assert "--resume carries on" in err


def test_a_program_over_its_time_is_stopped(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(tmp_path, bot("silent", 3), "--move-time", "0.3") == 1
    err = capsys.readouterr().err
    assert "deal 0, playing 1 of 2" in err and "no answer within 0.3 s" in err
    assert '"type":"play","id":' in err
    assert _deals(tmp_path) == []


def test_resume_carries_on_after_a_fault_and_stderr_goes_to_a_log(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    once = tmp_path / "faulted"
    player = bot("garbage", 60, once)  # each worker's program faults in its second deal
    assert _run(tmp_path / "r", player, "--jobs", "2") == 1
    assert 1 <= len(_deals(tmp_path / "r")) <= 2
    capsys.readouterr()
    assert _run(tmp_path / "r", player, "--resume", "--json") == 0
    assert json.loads(capsys.readouterr().out)["deals"] == 3
    assert _deals(tmp_path / "r") == [0, 1, 2]
    (log,) = (tmp_path / "r").glob("*.a.log")
    assert '"type":"hello"' in log.read_text()
    assert list((tmp_path / "r").glob("*.b.log")) == []  # Beginner runs in-process


def test_a_bad_greeting_or_command_is_refused_before_the_run(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _run(tmp_path, bot("greeting")) == 2
    assert "bad greeting: speaks protocol 99, this side speaks 1" in capsys.readouterr().err
    assert _run(tmp_path, "cmd:/no/such/bot") == 2
    assert "cannot start '/no/such/bot'" in capsys.readouterr().err


def test_a_python_player_that_raises_stops_the_run_in_a_worker(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    here = str(Path(__file__).parent)
    monkeypatch.syspath_prepend(here)
    monkeypatch.setenv("PYTHONPATH", here)
    assert _run(tmp_path, "botpkg.lowest:make_broken", "--jobs", "2") == 1
    err = capsys.readouterr().err
    assert re.search(r"deal \d, playing 1 of 2, \w+ \(botpkg.lowest:make_broken\): the player "
                     r"raised RuntimeError: lost count of the spades", err), err
    assert "request: play, " in err and "holding" in err and "answer:  (nothing)" in err
