"""Players from anywhere: our levels over the protocol, import paths, the example bot."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import hearts
from hearts import Card, Hand, Rules, Seat
from hearts.ai import Level, make_player
from hearts.arena.cli import main
from hearts.arena.players import ALIASES, PlayerLoadError, parse_player
from hearts.bot import serve
from hearts.protocol import (
    ProtocolError,
    encode,
    hello_message,
    read_answer,
    read_ready,
    read_request,
    request_message,
)

ROOT = Path(__file__).resolve().parents[2]
TESTS = Path(__file__).resolve().parent


def _json_match(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["match", *args, "--quiet", "--json"]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    data.pop("seconds")
    return data


def test_protocol_round_trip_through_hearts_bot() -> None:
    hand = Hand.deal(Rules(), 11)
    view = hand.view(Seat.NORTH)
    lines = [encode(hello_message(Rules())),
             encode(request_message("pass", 1, 77, view))]
    hand.pass_cards(Seat.SOUTH, hand.holding(Seat.SOUTH)[:3])
    out = io.StringIO()
    assert serve(Level.CLUB, 0, io.StringIO("".join(lines) + "\n{oops\n"), out, "v9") == 0
    ready, answer, error = out.getvalue().splitlines()
    assert read_ready(ready) == ("hearts-bot club", "v9")
    assert read_answer("pass", 1, answer) == make_player(Level.CLUB, 77).choose_pass(view)
    assert json.loads(error)["error"].startswith("not JSON")
    request = read_request(lines[1])
    assert (request.kind, request.number, request.seed, request.view) == ("pass", 1, 77, view)


@pytest.mark.parametrize(("line", "message"), [
    ("", "an empty line"),
    ("[1]", "not a JSON object"),
    ('{"card": "QS", "id": 4}', "answers request 4, not 3"),
    ('{"card": "XX"}', "not a card"),
    ('{"cards": ["QS"]}', 'a play answer needs "card"'),
    ('{"error": "lost my cards"}', "the program reports an error: lost my cards"),
])
def test_malformed_answers(line: str, message: str) -> None:
    with pytest.raises(ProtocolError, match=message):
        read_answer("play", 3, line)
    assert read_answer("play", 3, '{"id": 3, "card": "10h"}') == [Card.parse("TH")]
    with pytest.raises(ProtocolError, match="a list of 3 cards"):
        read_answer("pass", 3, '{"cards": ["QS", "AH"]}')


def test_our_level_over_the_protocol_decides_as_in_process(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bot = f"cmd:{sys.executable} -m hearts.bot casual"
    inside = _json_match(capsys, "club", "casual", "--deals", "3",
                         "--results", str(tmp_path / "in"))
    outside = _json_match(capsys, "club", bot, "--deals", "3", "--jobs", "2",
                          "--results", str(tmp_path / "out"))
    assert outside.pop("b") == "hearts-bot casual"
    inside.pop("b")
    assert outside == inside
    (path,) = (tmp_path / "out").glob("*.jsonl")
    header, first = (json.loads(line) for line in path.read_text().splitlines()[:2])
    assert header["b"]["command"] == f"{sys.executable} -m hearts.bot casual"
    assert header["b"]["version"].startswith(hearts.__version__ + "+")
    seat = first["hands"][0]["players"][1]
    assert seat["player"] == "cmd:" + header["b"]["command"]
    assert seat["version"] == header["b"]["version"] and isinstance(seat["seed"], int)


def test_import_path_players_in_worker_processes(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(TESTS))
    monkeypatch.setenv("PYTHONPATH", str(TESTS))
    one = _json_match(capsys, "botpkg.lowest:make", "beginner", "--deals", "4",
                      "--results", str(tmp_path / "1"))
    two = _json_match(capsys, "botpkg.lowest:make", "beginner", "--deals", "4", "--jobs", "2",
                      "--results", str(tmp_path / "2"))
    assert one == two and one["a"] == "botpkg.lowest:make" and one["deals"] == 4
    (path,) = (tmp_path / "2").glob("*.jsonl")
    header = json.loads(path.read_text().splitlines()[0])
    assert header["a"] == {"import": "botpkg.lowest:make", "version": "0.3"}


def test_bad_import_paths_are_explained(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.syspath_prepend(str(TESTS))
    for path, message in [
        ("nosuchpkg.bot:make", "cannot import nosuchpkg.bot: ModuleNotFoundError"),
        ("botpkg.lowest:missing", "botpkg.lowest has no callable 'missing'"),
        ("botpkg.lowest:not_a_factory", "has no callable 'not_a_factory'"),
        ("botpkg.lowest:make_nothing", "returned object, which has no choose_pass"),
    ]:
        assert main(["match", path, "club", "--results", str(tmp_path)]) == 2
        assert message in capsys.readouterr().err
    with pytest.raises(PlayerLoadError, match="not a player"):
        parse_player("not a path")


def test_aliases_name_import_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(ALIASES, "lowest", "botpkg.lowest:make")
    spec = parse_player("lowest")
    assert (spec.kind, spec.target) == ("python", "botpkg.lowest:make")


def test_the_example_bot_plays_a_short_match(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    example = ROOT / "examples" / "simple_bot.py"
    source = example.read_text()
    assert "import hearts" not in source and "from hearts" not in source
    data = _json_match(capsys, f"cmd:{sys.executable} {example}", "club", "--deals", "4",
                       "--results", str(tmp_path))
    assert data["a"] == "simple_bot" and data["deals"] == 4 and data["hands"] == 8


def test_a_program_plays_the_hold_hand_over_the_protocol(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Classic rules: the fourth deal is a hold hand, in which no pass is asked.
    bot = f"cmd:{sys.executable} -m hearts.bot casual"
    inside = _json_match(capsys, "club", "casual", "--deals", "4", "--rules", "classic",
                         "--results", str(tmp_path / "in"))
    outside = _json_match(capsys, "club", bot, "--deals", "4", "--rules", "classic",
                          "--results", str(tmp_path / "out"))
    outside.pop("b"), inside.pop("b")
    assert outside == inside
    (path,) = (tmp_path / "out").glob("*.jsonl")
    held = json.loads(path.read_text().splitlines()[4])["hands"]
    assert [hand["pass_direction"] for hand in held] == ["none", "none"]
    assert [hand["passes"] for hand in held] == [[], []]
    example = ROOT / "examples" / "simple_bot.py"  # which reads no rules at all
    data = _json_match(capsys, f"cmd:{sys.executable} {example}", "club", "--deals", "4",
                       "--rules", "classic", "--results", str(tmp_path / "example"))
    assert data["deals"] == 4 and data["hands"] == 8


@pytest.mark.slow
def test_the_baseline_adapter_speaks_for_the_installed_players(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Run by this environment's Python it plays this version's players, which must
    # decide exactly as in-process; `make baseline` runs it with v0.1.0's.
    adapter = ROOT / "lab" / "tools" / "baseline_bot.py"
    outside = _json_match(capsys, f"cmd:{sys.executable} {adapter} club",
                          f"cmd:{sys.executable} {adapter} beginner", "--deals", "2",
                          "--results", str(tmp_path))
    inside = _json_match(capsys, "club", "beginner", "--deals", "2",
                         "--results", str(tmp_path / "in"))
    for key in ("a", "b"):
        outside.pop(key), inside.pop(key)
    assert outside == inside
    (path,) = tmp_path.glob("*.jsonl")
    replay = subprocess.run([sys.executable, str(adapter), "--replay", str(path)],
                            capture_output=True, text=True, check=False)
    assert replay.returncode == 0, replay.stdout + replay.stderr
    assert "4 of 4 hands" in replay.stdout
    # The replay bites: with other seeds for the careless Beginner's seats, its
    # recorded decisions are no longer the ones its player makes.
    lines = path.read_text().splitlines()
    reseeded = tmp_path / "reseeded.jsonl"
    with reseeded.open("w") as out:
        for line in lines:
            data = json.loads(line)
            for record in data.get("hands", []):
                for seat in record["players"]:
                    if seat["player"].endswith("beginner"):
                        seat["seed"] += 1
            out.write(json.dumps(data) + "\n")
    replay = subprocess.run([sys.executable, str(adapter), "--replay", str(reseeded)],
                            capture_output=True, text=True, check=False)
    assert replay.returncode == 1 and "differs from v0.1.0" in replay.stdout


def test_the_baseline_adapter_refuses_a_hearts_from_pythonpath() -> None:
    # With PYTHONPATH pointing at a working tree the adapter would play that tree's
    # code under v0.1.0's name, so it refuses and says why.
    adapter = ROOT / "lab" / "tools" / "baseline_bot.py"
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    run = subprocess.run([sys.executable, str(adapter), "expert"], input='{"type": "hello"}\n',
                         capture_output=True, text=True, env=env, check=False)
    assert run.returncode == 2 and not run.stdout
    assert "hearts comes from PYTHONPATH" in run.stderr
    env.pop("PYTHONPATH")
    run = subprocess.run([sys.executable, str(adapter), "expert"], input='{"type": "hello"}\n',
                         capture_output=True, text=True, env=env, check=False)
    assert run.returncode == 0 and json.loads(run.stdout)["type"] == "ready"


def test_a_python_player_in_the_current_folder(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "herebot.py").write_text((TESTS / "botpkg" / "lowest.py").read_text())
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", [p for p in sys.path if p not in ("", str(ROOT))])
    monkeypatch.delitem(sys.modules, "herebot", raising=False)
    data = _json_match(capsys, "herebot:make", "club", "--deals", "1", "--results", "r")
    assert data["a"] == "herebot:make" and data["deals"] == 1


def test_the_shooter_has_a_short_name() -> None:
    spec = parse_player("shooter")
    assert (spec.kind, spec.target) == ("python", "hearts.ai.shooter:make")
