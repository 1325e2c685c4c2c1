"""``hearts review``: text, JSON, the store's kept reviews and its hands."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from hearts.__main__ import main as hearts_main
from hearts.cards import Seat
from hearts.hand import read_record
from hearts.review import cli, document
from hearts.review.analysis import validate
from hearts.review.fingerprint import reviewer_code
from hearts.store import Store
from hearts.view import Phase
from tests.review.helpers import MOON_DEAL, MOON_QUEUES, scripted_record
from tests.store.helpers import play_match


@pytest.fixture
def blunder_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path / "data"))
    path = tmp_path / "hand.json"
    path.write_text(scripted_record(MOON_DEAL, MOON_QUEUES, Seat.SOUTH, "2H AH").to_text())
    return path


def test_the_text_names_the_blunder_and_the_better_card(
        blunder_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main([str(blunder_file), "--depth", "8", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.strip().startswith("Trick 12"))
    assert "2♥" in line and "blunder" in line and "better A♥" in line
    assert "hindsight A♥" in line and "points given away" in line
    assert "Points given away against the best choices (± standard error):" in out
    assert "The costliest decisions:" in out
    assert cli.main([str(blunder_file), "--depth", "8", "--jobs", "1", "--ascii"]) == 0
    out = capsys.readouterr().out
    line = next(line for line in out.splitlines() if line.strip().startswith("Trick 12"))
    assert "2H" in line and "better AH" in line and "+/-" in line
    assert not [c for c in out if ord(c) > 127]


def test_json_is_a_valid_review(blunder_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as end:
        hearts_main(["review", str(blunder_file), "--json", "--depth", "8", "--jobs", "2",
                     "--seed", "4"])
    assert end.value.code == 0
    document = json.loads(capsys.readouterr().out)
    validate(document)
    assert document["seed"] == 4 and document["depth"] == 8
    assert document["code"] == reviewer_code()
    blunder = next(d for d in document["decisions"] if d["seat"] == "south" and d["plays"] == 47)
    assert blunder["verdict"] == "blunder" and blunder["best"] == ["AH"]


def test_a_review_is_kept_in_the_store_and_read_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path))
    store = Store.open(tmp_path)
    match = play_match(store, seed=2, target=50,
                       stop=lambda m: len(m.hands) >= 2 and m.hands[-1].phase is Phase.OVER)
    store.close()
    assert cli.main(["--last", "--json", "--depth", "6", "--jobs", "1"]) == 0
    first = json.loads(capsys.readouterr().out)
    db = sqlite3.connect(tmp_path / "hearts.db")
    assert db.execute("SELECT hand, seat, depth, seed FROM reviews").fetchall() == [
        (first["hand"], "all", 6, 0)]
    db.close()

    def no_review(*args: object, **kwargs: object) -> None:
        raise AssertionError("the kept review should be used")

    monkeypatch.setattr(document, "judge_all", no_review)
    assert cli.main(["--last", "--json", "--depth", "6", "--jobs", "1"]) == 0
    assert json.loads(capsys.readouterr().out) == first
    assert cli.main(["--match", "1", "--hand", str(len(match.hands)), "--depth", "6",
                     "--jobs", "1"]) == 0
    assert "Review of match 1" in capsys.readouterr().out


def test_bad_arguments_and_files_are_refused(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path / "none"))
    with pytest.raises(SystemExit):
        cli.main([])
    with pytest.raises(SystemExit):
        cli.main(["x.json", "--seat", "south", "--all"])
    missing = tmp_path / "missing.json"
    assert cli.main([str(missing)]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert cli.main(["--last"]) == 2
    assert "no hand has been finished" in capsys.readouterr().err


def test_a_kept_hand_that_does_not_read_is_refused_where_the_store_is_read(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """The game's store is an edge: a kept hand whose record does not read is refused
    there with the record's own message, and the store keeps it as it was."""
    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path))
    store = Store.open(tmp_path)
    play_match(store, seed=2, target=50,
               stop=lambda m: bool(m.hands) and m.hands[-1].phase is Phase.OVER)
    store.close()
    db = sqlite3.connect(tmp_path / "hearts.db")
    (text,) = db.execute("SELECT record FROM hands WHERE finished IS NOT NULL").fetchone()
    broken = json.loads(text)
    broken["plays"][1] = broken["plays"][0]  # a card played twice
    with db:
        db.execute("UPDATE hands SET record = ?", (json.dumps(broken),))
    db.close()
    assert cli.main(["--last", "--json", "--depth", "2", "--jobs", "1"]) == 2
    out, err = capsys.readouterr()
    assert not out and err.startswith(
        "hearts review: This hand cannot be reviewed: hand record: plays[1]: ")
    db = sqlite3.connect(tmp_path / "hearts.db")
    assert db.execute("SELECT record FROM hands").fetchone() == (json.dumps(broken),)
    assert db.execute("SELECT count(*) FROM reviews").fetchone() == (0,)
    db.close()


def test_in_a_terminal_the_review_page_opens(
        blunder_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened: list[object] = []

    class FakeApp:
        def __init__(self, record: object, reviewer: object, ascii_only: bool,
                     you: Seat | None, everyone: bool | None) -> None:
            opened.append(record)
            opened.append((you, everyone))
            self.reviewer = reviewer

        def run(self) -> None:
            seen: list[object] = []
            self.reviewer(seen.append)  # type: ignore[operator]
            opened.append(len(seen))

    import hearts.tui.review_page
    from hearts.tui import review_command

    monkeypatch.setattr(hearts.tui.review_page, "ReviewApp", FakeApp)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert review_command.main([str(blunder_file), "--depth", "4", "--jobs", "1"]) == 0
    assert opened == [read_record(blunder_file.read_text()), (Seat.SOUTH, None), 52]
    opened.clear()  # --seat and --all say whose decisions the page shows
    assert review_command.main([str(blunder_file), "--depth", "4", "--jobs", "1", "--all"]) == 0
    assert opened[1] == (Seat.SOUTH, True)
    opened.clear()
    assert review_command.main([str(blunder_file), "--depth", "4", "--jobs", "1", "--seat",
                                "west"]) == 0
    assert opened[1:2] == [(Seat.WEST, None)]  # opened[1] would keep the narrowing above


def test_the_last_hand_of_a_friend_shows_the_friends_own_seat(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    # U4: Bob sat North at Ann's table; his own store keeps his hands with his seat
    from hearts import Match, Rules
    from hearts.hand import SeatPlayer
    from tests.store.helpers import deal_next, pass_all

    monkeypatch.setenv("HEARTS_DATA_DIR", str(tmp_path))
    store = Store.open(tmp_path, claim=False)
    match = Match(Rules(target=500), 3)
    hand = deal_next(match)
    hand.players = (SeatPlayer("human", name="Ann"), SeatPlayer("club", 1),
                    SeatPlayer("human", name="Bob"), SeatPlayer("club", 3))
    pass_all(hand)
    while hand.phase is not Phase.OVER:
        hand.play(hand.legal_plays()[0])
    store.save(match, {"stage": "idle"}, Seat.NORTH)
    store.close()
    assert cli.main(["--last", "--text", "--depth", "4", "--jobs", "1"]) == 0
    out = capsys.readouterr().out
    assert "\nBob (North)\n  " in out and "\nAnn (South)\n  " not in out
    assert cli.main(["--match", "1", "--hand", "1", "--text", "--depth", "4", "--jobs", "1",
                     "--seat", "south"]) == 0
    assert "\nAnn (South)\n  " in capsys.readouterr().out  # --seat still chooses
    opened: list[object] = []

    class FakeApp:
        def __init__(self, record: object, reviewer: object, ascii_only: bool,
                     you: Seat | None, everyone: bool | None) -> None:
            opened.append(you)

        def run(self) -> None:
            pass

    import hearts.tui.review_page
    from hearts.tui import review_command

    monkeypatch.setattr(hearts.tui.review_page, "ReviewApp", FakeApp)
    monkeypatch.setattr("sys.stdout.isatty", lambda: True)
    assert review_command.main(["--last", "--depth", "4", "--jobs", "1"]) == 0
    assert opened == [Seat.NORTH]  # the page too: Bob at the bottom, his decisions


def test_the_review_library_imports_nothing_of_the_terminal_ui() -> None:
    import ast

    import hearts.review

    folder = Path(hearts.review.__file__).parent
    for path in folder.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([node.module or ""] if isinstance(node, ast.ImportFrom)
                     else [a.name for a in node.names] if isinstance(node, ast.Import) else [])
            assert not [n for n in names if n.startswith(("hearts.tui", "textual"))], path
