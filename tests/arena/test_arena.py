"""The arena on a handful of deals: results, resuming, and independence from --jobs."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts.ai import Level
from hearts.arena.cli import main
from hearts.arena.duplicate import play_deal
from hearts.arena.runner import ResultsFileError, RunSpec, load_results, run
from hearts.arena.stats import summarize
from hearts.rules import Rules


def _match(capsys: pytest.CaptureFixture[str], results: Path, *extra: str) -> dict[str, object]:
    assert main(["match", "club", "1", "--seed", "4", "--quiet", "--json",
                 "--results", str(results), *extra]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    data.pop("seconds")
    return data


def test_match_is_independent_of_jobs_and_resumes(tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    whole = _match(capsys, tmp_path / "a", "--deals", "6", "--jobs", "1")
    assert whole["deals"] == 6 and whole["hands"] == 12
    assert whole["a"] == "Club" and whole["b"] == "Beginner"
    assert _match(capsys, tmp_path / "b", "--deals", "6", "--jobs", "2") == whole
    _match(capsys, tmp_path / "c", "--deals", "2")
    assert _match(capsys, tmp_path / "c", "--deals", "6", "--resume") == whole
    files = list((tmp_path / "c").iterdir())
    assert len(files) == 1 and len(files[0].read_text().splitlines()) == 7


def test_resume_replays_a_line_cut_short(tmp_path: Path) -> None:
    spec = RunSpec(Level.CASUAL, Level.BEGINNER, 4, 2, Rules())
    path = tmp_path / spec.filename()
    full = run(spec, path)
    text = path.read_text()
    path.write_text(text[: text.rfind("{") + 5])
    assert len(load_results(path, spec)) == 3
    assert run(spec, path, resume=True) == full
    other = RunSpec(Level.CLUB, Level.BEGINNER, 4, 2, Rules())
    with pytest.raises(ResultsFileError):
        load_results(path, other)


def test_duplicate_deal_swaps_the_same_cards() -> None:
    result = play_deal(Rules(), 3, 0, Level.CLUB, Level.CLUB)
    assert sum(result.a_points) + sum(result.b_points) in (66, 66 + 33 * 2, 66 * 2)
    same = summarize([play_deal(Rules(), 3, d, Level.CLUB, Level.CLUB) for d in range(4)])
    assert same.deals == 4 and same.hands == 8


def test_text_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "2", "beginner", "--deals", "2", "--quiet",
                 "--results", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "Casual" in out and "z =" in out and "4 hands" in out


def test_ladder_writes_strength_files(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    from hearts.ai import players
    from hearts.ai.search import Budget

    tiny = Budget(deals=2, width=3)
    monkeypatch.setitem(players.BUDGETS, Level.STRONG, tiny)
    monkeypatch.setitem(players.BUDGETS, Level.EXPERT, tiny)
    assert main(["ladder", "--deals", "1", "--seed", "2", "--quiet", "--results",
                 str(tmp_path / "r"), "--docs", str(tmp_path / "docs")]) == 0
    data = json.loads((tmp_path / "docs" / "strength.json").read_text())
    assert [(s["upper"], s["lower"]) for s in data["steps"]] == [
        ("Casual", "Beginner"), ("Club", "Casual"), ("Strong", "Club"), ("Expert", "Strong")]
    for field in ("deals", "hands", "upper_mean", "lower_mean", "diff", "ci95", "z"):
        assert field in data["steps"][0]
    assert data["seed"] == 2 and data["command"].startswith("hearts-arena ladder")
    assert "| Expert | Strong |" in (tmp_path / "docs" / "strength.md").read_text()


def test_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        main(["match", "club", "grandmaster"])
    assert main(["match", "club", "1", "--deals", "0"]) == 2


def test_results_of_other_players_code_are_refused(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    from hearts.arena import runner

    spec = RunSpec(Level.CASUAL, Level.BEGINNER, 2, 5, Rules())
    path = tmp_path / spec.filename()
    run(spec, path)
    header = json.loads(path.read_text().splitlines()[0])
    assert header["players"] == runner.players_fingerprint()
    assert len(header["players"]) == 16
    assert len(load_results(path, spec)) == 2
    monkeypatch.setattr(runner, "players_fingerprint", lambda: "0" * 16)
    with pytest.raises(ResultsFileError, match="other players' code"):
        load_results(path, spec)
    assert len(run(spec, path)) == 2  # without --resume it starts afresh
    assert json.loads(path.read_text().splitlines()[0])["players"] == "0" * 16
