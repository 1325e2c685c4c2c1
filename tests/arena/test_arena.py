"""The arena on a handful of deals: results, resuming, and independence from --jobs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.arena import cli
from hearts.arena.cli import main
from hearts.arena.duplicate import play_deal
from hearts.arena.executors import InlineExecutor
from hearts.arena.players import PlayerSpec, Settings, parse_player
from hearts.arena.runner import ResultsFileError, RunSpec, load_results, run
from hearts.arena.stats import summarize
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.rules import Rules
from hearts.speedups import Status

CLUB, CASUAL, BEGINNER = (parse_player(name) for name in ("club", "casual", "beginner"))


def _match(capsys: pytest.CaptureFixture[str], results: Path, *extra: str) -> dict[str, object]:
    assert main(["match", "club", "1", "--seed", "4", "--quiet", "--json",
                 "--results", str(results), *extra]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    data.pop("seconds")
    return data


def _only_file(folder: Path) -> Path:
    files = list(folder.glob("*.jsonl"))
    assert len(files) == 1
    return files[0]


def test_match_is_independent_of_jobs_and_resumes(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    whole = _match(capsys, tmp_path / "a", "--deals", "6", "--jobs", "1")
    assert whole["deals"] == 6 and whole["hands"] == 12
    assert whole["a"] == "Club" and whole["b"] == "Beginner"
    assert _match(capsys, tmp_path / "b", "--deals", "6", "--jobs", "2") == whole
    assert main(["match", "club", "1", "--seed", "4", "--quiet", "--deals", "6",
                 "--results", str(tmp_path / "b")]) == 0
    assert "the earlier results are kept in" in capsys.readouterr().err
    assert len(list((tmp_path / "b").glob(_only_file(tmp_path / "b").name + ".*.old"))) == 1
    assert _only_file(tmp_path / "a").read_bytes() == _only_file(tmp_path / "b").read_bytes()
    _match(capsys, tmp_path / "c", "--deals", "2")
    assert _match(capsys, tmp_path / "c", "--deals", "6", "--resume") == whole
    assert _only_file(tmp_path / "c").read_bytes() == _only_file(tmp_path / "a").read_bytes()
    assert len(_only_file(tmp_path / "c").read_text().splitlines()) == 7


def test_resume_replays_a_line_cut_short(tmp_path: Path) -> None:
    spec = RunSpec(CASUAL, BEGINNER, 4, 2, Rules())
    path = tmp_path / spec.filename()
    full = run(spec, path, InlineExecutor())
    text = path.read_text()
    path.write_text(text[: text.rfind("{") + 5])
    assert len(load_results(path, spec)) == 3
    assert run(spec, path, InlineExecutor(), resume=True) == full
    other = RunSpec(CLUB, BEGINNER, 4, 2, Rules())
    with pytest.raises(ResultsFileError):
        load_results(path, other)


def test_starting_afresh_moves_the_old_results_aside(tmp_path: Path) -> None:
    spec = RunSpec(CASUAL, BEGINNER, 2, 2, Rules())
    path = tmp_path / spec.filename()
    run(spec, path, InlineExecutor())
    before = path.read_text()
    run(spec, path, InlineExecutor())
    (aside,) = tmp_path.glob(path.name + ".*.old")
    assert aside.read_text() == before
    assert path.read_text() == before
    run(spec, path, InlineExecutor())
    assert len(list(tmp_path.glob(path.name + ".*.old"))) == 2  # never overwritten
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.endswith(".old")) == [
        path.name]  # no temporary file left


def test_duplicate_deal_swaps_the_same_cards_and_records_both_hands() -> None:
    result = play_deal(Rules(), 3, 0, CLUB, CASUAL, Settings())
    assert sum(result.a_points) + sum(result.b_points) in (66, 66 + 33 * 2, 66 * 2)
    first, second = (Hand.from_record(record) for record in result.hands)
    assert first.seed == second.seed and first.seed is not None
    assert [first.dealt(s) for s in Seat] == [second.dealt(s) for s in Seat]
    assert first.players is not None and second.players is not None
    assert [p.player for p in first.players] == ["club", "casual", "club", "casual"]
    assert [p.player for p in second.players] == ["casual", "club", "casual", "club"]
    assert all(p.seed is not None for p in first.players + second.players)
    assert result.a_points == (first.points[0], first.points[2], second.points[1],
                               second.points[3])
    same = summarize([play_deal(Rules(), 3, d, CLUB, CLUB, Settings()) for d in range(4)])
    assert same.deals == 4 and same.hands == 8


def test_text_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "2", "beginner", "--deals", "2", "--quiet",
                 "--results", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Casual" in out and "z =" in out and "4 hands" in out
    assert "moons: Casual shot" in out


def test_ladder_writes_strength_files(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from hearts.ai import Level, players
    from hearts.ai.passsearch import PassBudget
    from hearts.ai.search import Budget

    tiny = Budget(deals=2, width=3)
    monkeypatch.setitem(players.BUDGETS, Level.STRONG, tiny)
    monkeypatch.setitem(players.BUDGETS, Level.EXPERT, tiny)
    monkeypatch.setitem(players.PASS_BUDGETS, Level.EXPERT, PassBudget(deals=0, width=3))
    assert main(["ladder", "--deals", "1", "--seed", "2", "--quiet", "--rules", "classic",
                 "--results", str(tmp_path / "r"), "--out", str(tmp_path / "docs")]) == 0
    data = json.loads((tmp_path / "docs" / "strength.json").read_text())
    assert [(s["upper"], s["lower"]) for s in data["steps"]] == [
        ("Casual", "Beginner"), ("Club", "Casual"), ("Strong", "Club"), ("Expert", "Strong")]
    for field in ("deals", "hands", "upper_mean", "lower_mean", "diff", "ci95", "z",
                  "upper_moons", "lower_moons"):
        assert field in data["steps"][0]
    assert data["seed"] == 2
    assert data["command"] == "hearts-arena ladder --deals 1 --seed 2 --rules classic,100"
    assert data["rules"]["scoring"] == "classic"
    page = (tmp_path / "docs" / "strength.md").read_text()
    assert "| Expert | Strong |" in page and "Upper moons" in page


def test_the_ladder_writes_into_the_lab_unless_told_otherwise(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    # Its raw output is the lab's: docs/strength.md is a curated page it must not
    # overwrite. --docs, the option's old name, still names another folder.
    from hearts.ai import Level, players
    from hearts.ai.passsearch import PassBudget
    from hearts.ai.search import Budget

    tiny = Budget(deals=2, width=3)
    monkeypatch.setitem(players.BUDGETS, Level.STRONG, tiny)
    monkeypatch.setitem(players.BUDGETS, Level.EXPERT, tiny)
    monkeypatch.setitem(players.PASS_BUDGETS, Level.EXPERT, PassBudget(deals=0, width=3))
    monkeypatch.chdir(tmp_path)
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "strength.md").write_text("curated\n")
    assert main(["ladder", "--deals", "1", "--seed", "2", "--quiet", "--results", "r"]) == 0
    assert (tmp_path / "docs" / "strength.md").read_text() == "curated\n"
    assert not (tmp_path / "docs" / "strength.json").exists()
    data = json.loads((tmp_path / "lab" / "ladder" / "strength.json").read_text())
    assert data["command"] == "hearts-arena ladder --deals 1 --seed 2"
    assert "wrote lab/ladder/strength.md" in capsys.readouterr().out
    assert main(["ladder", "--deals", "1", "--seed", "2", "--quiet", "--resume",
                 "--results", "r", "--docs", "elsewhere"]) == 0
    assert (tmp_path / "elsewhere" / "strength.md").exists()


def test_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["match", "club", "grandmaster"])
    assert "not a player: 'grandmaster'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["match", "club", "1", "--rules", "classic,hearts-first"])
    assert "unknown rule 'hearts-first'" in capsys.readouterr().err
    assert main(["match", "club", "1", "--deals", "0"]) == 2
    assert main(["games", "club", "1", "--games", "0"]) == 2


def test_results_of_other_players_code_are_refused(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from hearts.arena import players

    spec = RunSpec(CASUAL, BEGINNER, 2, 5, Rules())
    path = tmp_path / spec.filename()
    run(spec, path, InlineExecutor())
    header = json.loads(path.read_text().splitlines()[0])
    assert header["a"]["code"] == players.players_fingerprint()
    assert len(header["a"]["code"]) == 16
    assert len(load_results(path, spec)) == 2
    monkeypatch.setattr(players, "players_fingerprint", lambda: "0" * 16)
    with pytest.raises(ResultsFileError, match="other players' code"):
        load_results(path, spec)
    assert len(run(spec, path, InlineExecutor())) == 2  # without --resume it starts afresh
    assert json.loads(path.read_text().splitlines()[0])["a"]["code"] == "0" * 16


def test_outside_players_are_named_by_path_and_version(tmp_path: Path) -> None:
    spec = RunSpec(PlayerSpec("python", "mybots.one:make", version="1.0"),
                   PlayerSpec("program", "./bot --fast", version="2", name="bot"), 3, 1, Rules())
    header = spec.header()
    assert header["a"] == {"import": "mybots.one:make", "version": "1.0"}
    assert header["b"] == {"command": "./bot --fast", "version": "2"}
    newer = RunSpec(PlayerSpec("python", "mybots.one:make", version="1.1"), spec.b, 3, 1,
                    Rules())
    assert newer.filename() == spec.filename()
    path = tmp_path / "results.jsonl"
    path.write_text(json.dumps(header) + "\n")
    with pytest.raises(ResultsFileError, match="another version of side A"):
        load_results(path, newer)


@pytest.mark.parametrize("compiled", [True, False])
def test_a_run_says_when_our_players_run_as_pure_python(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        compiled: bool) -> None:
    reason = "the source changed since it was compiled (make compile rebuilds it)"
    monkeypatch.setattr(cli, "speedups_status", lambda: Status(compiled, reason))
    assert main(["match", "club", "beginner", "--deals", "1", "--quiet",
                 "--results", str(tmp_path)]) == 0
    err = capsys.readouterr().err
    assert ("run as pure Python here" in err and reason in err) is not compiled
