"""The moon-threat model's lab tools: the logged hands, their rows, the training,
the gate's count and the replayed runs."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from tests.deals import played_without_passing
from tests.lab.test_tools import _load

from hearts.ai import Level, make_player
from hearts.ai.moonmodel import MoonModel
from hearts.ai.moonsigns import SIGN_NAMES
from hearts.ai.players import BUDGETS, SearchPlayer
from hearts.arena.cli import main as arena
from hearts.arena.duplicate import read_deals
from hearts.cards import Card, CardSet, Seat
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules

CHEAP = ("club", "casual", "beginner", "club")


def small_moon_expert(seed: int = 0) -> SearchPlayer:
    """An Expert with a tiny budget and a low gate, so that the mode comes on often."""
    budget = BUDGETS[Level.EXPERT]._replace(deals=6, late_deals=4, extra_deals=6, width=4,
                                            moon_gate=0.05, moon_weight=2.0)
    return SearchPlayer(Level.EXPERT, seed, budget)


def small_expert(seed: int = 0) -> SearchPlayer:
    """The same without the mode."""
    return SearchPlayer(Level.EXPERT, seed, small_moon_expert(seed).budget._replace(moon_gate=0.0))


def _cheap_hands(seed: int, count: int) -> list[int]:
    data = _load("moon_data")
    found = [n for n in range(200) if sorted(data.hand_plan(seed, n)[2]) == sorted(CHEAP)]
    assert len(found) >= count
    return found[:count]


def test_a_hand_plan_depends_only_on_the_seed_and_number() -> None:
    data = _load("moon_data")
    plans = [data.hand_plan(5, n) for n in range(40)]
    assert plans == [data.hand_plan(5, n) for n in range(40)]
    directions = {str(plan[1]) for plan in plans}
    assert directions == {"left", "right", "across", "none"}
    assert {plan[0].scoring.value for plan in plans} == {"house", "classic"}


def test_logged_hands_give_rows_with_their_labels(tmp_path: Path) -> None:
    data, rows = _load("moon_data"), _load("moon_rows")
    records = [data.play_hand(5, n) for n in _cheap_hands(5, 3)]
    path = tmp_path / "hands.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    for record in records:
        hand = Hand.from_record(record)
        got, facts, about = rows.rows_of(record)
        assert len(got) == len(facts) and all(len(r) == len(SIGN_NAMES) for r in got)
        shooter = -1 if hand.shooter is None else int(hand.shooter)
        assert all(f[0] == int(f[3] == shooter) for f in facts)
        assert about[1] == shooter and about[0] == 52 + 4 * bool(record["passes"])
        expected = list(rows.sure_trick(hand)) if shooter >= 0 else [-1, False]
        assert about[2:] == [expected[0], int(expected[1])]
    built = rows.build([path], 1)
    assert built["x"].shape[1] == len(SIGN_NAMES)
    assert list(built["hands"][:, 0]) == [0, 1, 2]
    assert list(built["hands"][:, 1]) == [{3: 2, 4: 1}.get(r["number"] % 5, 0) for r in records]


def _held_moon() -> Hand:
    """A hand South holds the top of every suit in, played out: its moon is forced."""
    south = "AC KC QC JC AD KD QD JD AH KH QH JH AS"
    rest = [c for c in Card.all() if str(c) not in south.split()]
    hand = Hand(Rules(), [CardSet.parse(south), rest[0::3], rest[1::3], rest[2::3]],
                dealer=Seat.EAST, pass_direction=PassDirection.NONE)
    players = [make_player(Level.CLUB, seat) for seat in range(4)]
    while hand.turn is not None:
        hand.play(players[hand.turn].choose_play(hand.view(hand.turn)))
    return hand


def test_a_moon_held_from_the_deal_is_sure_from_the_first_trick() -> None:
    sure = _load("moon_sure")
    hand = _held_moon()
    assert hand.shooter == Seat.SOUTH
    assert sure.sure_trick(hand) == (0, False)


def test_a_moon_a_defender_could_break_is_not_sure_while_it_can() -> None:
    sure = _load("moon_sure")
    # West holds the ace of hearts, South everything else that wins: it is sure
    # only once the ace is gone or can no longer take a point.
    south = "AC KC QC JC AD KD QD JD KH QH JH TH AS"
    west = "2C 3C 4C 2D 3D 4D 5D AH 2S 3S 4S 5S 6S"
    rest = [c for c in Card.all() if str(c) not in (south + " " + west).split()]
    hand = Hand(Rules(), [CardSet.parse(south), CardSet.parse(west), rest[0::2], rest[1::2]],
                dealer=Seat.EAST, pass_direction=PassDirection.NONE)
    search = sure._Search(0, (False, False, False), 10**6)
    start = [CardSet.parse(south).mask, CardSet.parse(west).mask,
             sum(c.bit for c in rest[0::2]), sum(c.bit for c in rest[1::2])]
    assert not search.forced(start, [], 0, False, True)
    # A search over its budget stops (the sure trick is then left late, never early).
    with pytest.raises(sure._OverBudget):
        sure._Search(0, (False, False, False), 1).forced(start, [], 0, False, True)
    with pytest.raises(ValueError, match="no one shot"):
        sure.sure_trick(hand)


def test_training_writes_weights_the_package_reads_alike(tmp_path: Path) -> None:
    train = _load("moon_train")
    rng = np.random.default_rng(3)
    size = 1200
    x = rng.uniform(0, 1, (size, len(SIGN_NAMES))).astype(np.float32)
    x[:, 0] = 1.0
    y = (rng.uniform(0, 1, size) < 1 / (1 + np.exp(-(4 * x[:, 5] - 3)))).astype(np.int64)
    hands = np.arange(size) // 6
    rows = tmp_path / "rows.npz"
    np.savez_compressed(
        rows, x=x, names=np.asarray(SIGN_NAMES), label=y, trick=np.arange(size) % 13,
        observer=np.zeros(size, dtype=np.int64), target=np.ones(size, dtype=np.int64),
        shooter_player=np.zeros(size, dtype=np.int64), watch=np.arange(size) % 3,
        decision=np.arange(size) % 6, hand=hands, split=hands % 3, source=np.zeros(size),
        hands=np.stack([np.arange(200), np.arange(200) % 3, np.full(200, 6),
                        np.full(200, -1), np.full(200, -1), np.zeros(200, dtype=np.int64)],
                       axis=1))
    weights = tmp_path / "weights.json"
    report = tmp_path / "report.md"
    assert train.main([str(rows), "--out", str(weights), "--report", str(report),
                       "--hidden", "4"]) == 0
    model = MoonModel.load(weights)
    z = x[:20].astype(np.float64)
    assert np.allclose([model.chance([float(v) for v in row]) for row in z],
                       train.network_forecast(weights, z), atol=1e-9)
    text = report.read_text()
    assert model.fingerprint in text and "| network |" in text and "| watch |" in text
    again = tmp_path / "again.json"
    assert train.main([str(rows), "--out", str(again), "--hidden", "4"]) == 0
    assert MoonModel.load(again).fingerprint == model.fingerprint


def _runs(folder: Path, a: str, b: str, deals: int) -> Path:
    assert arena(["match", a, b, "--deals", str(deals), "--seed", "3", "--quiet",
                  "--results", str(folder)]) == 0
    (path,) = folder.glob("*.jsonl")
    return path


@pytest.mark.slow
def test_a_replayed_run_is_the_run_the_arena_plays(tmp_path: Path) -> None:
    replay = _load("moon_replay")
    here = "tests.lab.test_moon_tools"
    before = _runs(tmp_path / "before", f"{here}:small_expert", "casual", 3)
    real = read_deals(_runs(tmp_path / "real", f"{here}:small_moon_expert", "casual", 3))
    out = tmp_path / "replayed.jsonl"
    assert replay.main([str(before), f"{here}:small_moon_expert", str(out)]) == 0
    replayed = read_deals(out)
    assert sorted(replayed) == sorted(real) == [0, 1, 2]
    for number, deal in real.items():
        assert replayed[number].hands == deal.hands
        assert (replayed[number].a_points, replayed[number].b_points) == (deal.a_points,
                                                                          deal.b_points)
    gate = _load("moon_gate")
    text = gate.report(real, read_deals(before), 0.05)
    assert "hands with the mode never on" in text
    counts = [int(part.split(" of ")[0].split()[-1]) for part in text.splitlines()[1:]]
    compared = [int(part.split(" of ")[1].split()[0]) for part in text.splitlines()[1:]]
    assert counts[0] == compared[0]  # where the mode never came on, nothing changed


def test_decision_times_are_taken_at_positions_the_shooter_makes() -> None:
    timing = _load("moon_time")
    views = timing.positions(1, 3)
    assert views and all(len(view.legal) > 1 and view.seat is not Seat.NORTH for view in views)
    times = timing.timed(lambda view: view.legal[0], views[:5])
    assert len(times) == 5 and all(wall >= 0 and cpu >= 0 for wall, cpu in times)
    line = timing._line("mode off", times)
    assert line.startswith("mode off") and "p95" in line and " 5 " in line
    assert "no decisions" in timing._line("mode on, entered", [])


def test_the_moon_search_gate_is_counted_at_each_threshold(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]
                                                           ) -> None:
    counter = _load("moon_search_gate")
    run = _runs(tmp_path / "run", "club", "casual", 2)
    capsys.readouterr()
    assert counter.main([str(run), "--thresholds", "0,0.05,0.5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith(run.name) and len(lines) == 4
    fired = [int(line.split("fires at ")[1].split()[0]) for line in lines[1:]]
    assert fired == sorted(fired, reverse=True)
    assert counter.main([str(tmp_path / "missing.jsonl")]) == 2


def test_the_calibration_logs_gated_decisions_fits_and_reports(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    calibrate = _load("moon_calibrate")
    run = _runs(tmp_path / "run", "club", "casual", 4)
    rows = tmp_path / "rows.jsonl"
    assert calibrate.main(["rows", f"{run}@0:4", "--kind", "club", "--out", str(rows),
                           "--gate", "0.001"]) == 0
    logged = [json.loads(line) for line in rows.read_text().splitlines()]
    assert logged and all(row["kind"] == "club" and 0 <= row["deal"] < 4 for row in logged)
    assert all(len(row["inputs"]) == 7 and 0.001 <= row["chance"] <= 1 for row in logged)
    # A made moon for one row in each kind, so the fit has both outcomes.
    other = tmp_path / "other.jsonl"
    other.write_text("".join(json.dumps({**row, "kind": "other", "made": i % 3 == 0}) + "\n"
                             for i, row in enumerate(logged)))
    coef = tmp_path / "coef.json"
    capsys.readouterr()
    assert calibrate.main(["fit", str(rows), str(other), "--test", str(other),
                           "--out", str(coef)]) == 0
    out = capsys.readouterr().out
    assert "## Held out" in out and "### the calibrated chance, other" in out
    fitted = json.loads(coef.read_text())["coefficients"]
    assert len(fitted) == 8
    assert calibrate.main(["report", str(other), "--coef", str(coef)]) == 0
    assert calibrate.main(["rows", str(tmp_path / "missing.jsonl"), "--kind", "x",
                           "--out", str(rows)]) == 2


def test_the_moon_search_expert_is_named_by_its_gate_and_deals() -> None:
    named = _load("moon_search_expert")
    budget = named.gate3_deals160(7).budget
    assert (budget.moon_search, budget.moon_deals) == (0.03, 160)
    assert named.off(7).budget == BUDGETS[Level.EXPERT]
    with pytest.raises(AttributeError):
        named.gate3  # noqa: B018
    scaled = named.gate3_deals160_scale10(7).budget
    assert (scaled.moon_search, scaled.moon_deals, scaled.moon_scale) == (0.03, 160, 10.0)
    assert budget.moon_scale == 1.0
    assert not budget.moon_calibrated and not scaled.moon_calibrated
    calibrated = named.gate3_deals160_cal(7).budget
    assert calibrated.moon_calibrated and calibrated.moon_scale == 1.0


MONSTER = ("AC KC QC AD KD QD AH KH QH JH TH AS KS", "2C 3C 4C 5C 6C 2D 3D 4D 2H 3H 4H 2S 3S",
           "7C 8C 9C TC 5D 6D 7D 8D 5H 6H 7H 4S 5S", "JD TD 9D 8H 9H JC 6S 7S 8S 9S TS JS QS")
"""South's, West's, North's and East's cards: South can run the whole hand."""


def _monster(direction: PassDirection = PassDirection.NONE) -> Hand:
    return Hand(Rules(), [CardSet.parse(cards) for cards in MONSTER], pass_direction=direction)


def test_the_forced_shooter_goes_for_the_moon_when_its_playouts_make_it() -> None:
    forced = _load("forced_shooter")
    hand = _monster()
    for card in ["2C", "7C", "JC"]:  # West leads the two of clubs; South is last
        hand.play(card)
    view = hand.view(Seat.SOUTH)
    card, rate = forced.make(3).shot_card(view)
    assert rate >= forced.READY and Card.from_index(card) in view.legal
    assert forced.make(3).choose_play(view) == Card.from_index(card)
    assert forced.make(3).ready == forced.READY and forced.eager(3).ready < forced.READY
    assert forced.shot_made((0, 26, 26, 26), 0, 26)
    assert not forced.shot_made((0, 23, 26, 3), 0, 26)
    assert not forced.shot_made((3, 23, 0, 0), 0, 26)


def test_the_forced_shooter_plays_as_the_expert_where_no_shot_is_on() -> None:
    forced = _load("forced_shooter")
    spoiled = played_without_passing("9C KC 2C 3C AH 2H KH 3H QH")  # North has points
    view = spoiled.view(Seat.EAST)
    assert forced.make(3).shot_card(view) == (-1, 0.0)
    assert forced.make(3).choose_play(view) == make_player(Level.EXPERT, 3).choose_play(view)
    weak = played_without_passing("9C KC 2C").view(Seat.SOUTH)  # no points yet, a weak hand
    card, rate = forced.make(3).shot_card(weak)
    assert card >= 0 and rate < forced.READY
    assert forced.make(3).choose_play(weak) == make_player(Level.EXPERT, 3).choose_play(weak)


def test_the_forced_shooter_passes_to_shoot_from_a_shooting_hand() -> None:
    forced = _load("forced_shooter")
    shooter = forced.shooting_pass
    view = _monster(PassDirection.LEFT).view(Seat.SOUTH)
    dealt = sum(card.bit for card in view.hand)
    assert forced.make(3).choose_pass(view) == forced.cards_of_mask(shooter(dealt))
    plain = _monster(PassDirection.LEFT).view(Seat.WEST)
    assert forced.make(3).choose_pass(plain) == make_player(Level.EXPERT, 3).choose_pass(plain)
