"""The learned model of play's lab tools: the rows, a small training run, the
offline measure of the inference and the arena's players."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from tests.lab.test_tools import _load

from hearts.ai.playfeatures import FEATURES
from hearts.ai.playmodel import PlayModel
from hearts.hand import Hand

CHEAP = ("club", "casual", "beginner", "club")


def _hands(tmp_path: Path) -> Path:
    """Hands of judgement players with every split of the deals among them."""
    data, rows = _load("moon_data"), _load("play_rows")
    records = []
    splits = {0: 0, 1: 0, 2: 0}
    for number in range(3000):
        if sorted(data.hand_plan(3, number)[2]) != sorted(CHEAP):
            continue
        record = data.play_hand(3, number)
        split = rows.split_of(record)
        if splits[split] < (6 if split == 0 else 3):
            records.append(record)
            splits[split] += 1
        if min(splits.values()) >= 3 and splits[0] >= 6:
            break
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


@pytest.fixture(scope="module")
def hands(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return _hands(tmp_path_factory.mktemp("play"))


def test_rows_hold_every_choice_with_the_card_played(hands: Path) -> None:
    rows = _load("play_rows")
    built = rows.build([hands], 1)
    records = list(rows.records(hands))
    assert len(np.unique(built["hand"])) == len(records) == 12
    assert built["x"].shape[1] == rows.WIDTH and built["x"].max() <= FEATURES
    counts, starts = built["count"], built["start"]
    assert (counts >= 2).all() and list(starts[1:]) == list(np.cumsum(counts)[:-1])
    assert ((built["played"] >= 0) & (built["played"] < counts)).all()
    assert ((built["judged"] >= 0) & (built["judged"] < counts)).all()
    # Club players play judgement's card every time.
    club = list(built["players"]).index("club")
    mine = built["player"] == club
    assert mine.any() and (built["played"][mine] == built["judged"][mine]).all()
    shots = sum(Hand.from_record(r).shooter is not None for r in records)
    assert bool(built["shot"].any()) == bool(shots)


def test_training_writes_weights_the_package_reads(hands: Path, tmp_path: Path) -> None:
    rows, train = _load("play_rows"), _load("play_train")
    path = tmp_path / "rows.npz"
    data = rows.build([hands], 1)
    np.savez_compressed(path, files=np.asarray([str(hands)]), **data)
    weights, report = tmp_path / "w.json", tmp_path / "report.md"
    assert train.main([str(path), "--out", str(weights), "--report", str(report),
                       "--epochs", "2", "--batch", "200"]) == 0
    model = PlayModel.load(weights)
    assert len(model.weights) == FEATURES + 1
    text = report.read_text()
    assert "| all |" in text and "judgement" in text
    again = tmp_path / "again.json"
    assert train.main([str(path), "--out", str(again), "--epochs", "2", "--batch", "200"]) == 0
    assert PlayModel.load(again).fingerprint == model.fingerprint
    assert train.main([str(path), "--weights", str(weights)]) == 0


def test_the_offline_measure_weighs_every_scheme(hands: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    posterior = _load("play_posterior")
    assert posterior.main([str(hands), "--hands", "1", "--deals", "6", "--every", "9",
                           "--scheme", "none", "--scheme", "miss0.5",
                           "--scheme", "miss0.5+model0.5_floor0.02"]) == 0
    out = capsys.readouterr().out
    assert "miss0.5+model0.5_floor0.02" in out
    lines = [line.split() for line in out.splitlines()[2:]]
    assert [line[0] for line in lines] == ["none", "miss0.5", "miss0.5+model0.5_floor0.02"]
    assert float(lines[0][3]) == 1.0


def test_the_moon_odds_are_scored_on_held_out_hands(hands: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    odds = _load("play_moon_odds")
    assert odds.main([str(hands), "--hands", "2", "--deals", "4"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("2 held-out hands; power 0.25") and "Brier, plays" in out


def test_the_arena_players_are_named_by_their_settings() -> None:
    players = _load("play_expert")
    budget = players.model35_floor2_shoot_reply(1).budget
    assert (budget.model, budget.floor, budget.model_shooting, budget.shooter_model) == (
        0.35, 0.02, True, True)
    assert players.model50_floor0p5(1).budget.floor == 0.005
    assert players.model50_floor0p5(1).budget.miss == 0.5
    assert players.model50_floor2_nomiss(1).budget.miss == 1.0
    odds = players.model25_floor2_shoot_odds_lone20(1).budget
    assert odds.moon_odds and odds.model_shooting and odds.lone_watch == 0.2
    assert players.reply(1).budget.model == 0.0 and players.reply(1).budget.shooter_model
    with pytest.raises(AttributeError):
        _ = players.model_floor


def test_the_shooting_rates_are_counted_for_both_plays(capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    rate = _load("play_shoot_rate")
    assert rate.main(["--deals", "40", "--high", "5"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "playing to shoot" in out[0] and int(out[0].split()[0]) > 0
    assert [line.split(":")[0].strip() for line in out[1:]] == ["shoot()", "shooting table"]


def test_decision_times_are_printed_for_each_player(capsys: pytest.CaptureFixture[str]) -> None:
    timing = _load("play_time")
    assert timing.main(["expert", "model25_floor2_shoot", "--positions", "3",
                        "--rules", "classic"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines[1:]] == ["expert", "model25_floor2_shoot"]


def test_agreement_with_the_expert_is_counted_by_stage(hands: Path,
                                                       capsys: pytest.CaptureFixture[str]
                                                       ) -> None:
    agree = _load("play_agree")
    assert agree.main([str(hands), "--hands", "1", "--every", "7"]) == 0
    lines = capsys.readouterr().out.splitlines()
    last = lines[-1].split()
    assert last[0] == "all" and int(last[1]) > 0
    assert 0.0 <= float(last[2]) <= 1.0 and 0.0 <= float(last[3]) <= 1.0
