"""The lab's measuring tools in lab/tools/: runs compared deal by deal, conceded moons
counted, margins split, runs pooled, the OpenSpiel bench's loop, and the web icons."""

from __future__ import annotations

import gzip
import importlib.util
import json
import random
import re
import shutil
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest
from tests.deals import played_without_passing

from hearts import speedups as package_speedups
from hearts.arena.cli import main as arena
from hearts.arena.duplicate import DealResult, read_deals
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules

TOOLS = Path(__file__).parents[2] / "lab" / "tools"


def _load(name: str) -> ModuleType:
    """The script ``lab/tools/NAME.py`` as a module (its folder on the path, as when run)."""
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    spec = importlib.util.spec_from_file_location(name, TOOLS / f"{name}.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _refuses_a_broken_file(tool: ModuleType, name: str, tmp_path: Path,
                           capsys: pytest.CaptureFixture[str]) -> None:
    """The tool exits with 2 and names itself when a results file is not JSON."""
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    assert tool.main([str(broken)]) == 2
    assert f"{name}:" in capsys.readouterr().err


def _quiet_deals(path: Path) -> list[DealResult]:
    """The deals of a results file where no one shot the moon (there is one at least)."""
    quiet = [d for d in read_deals(path).values() if not (d.a_moons or d.b_moons)]
    assert quiet
    return quiet


def _tool() -> ModuleType:
    return _load("compare_runs")


def _run(folder: Path, a: str, deals: int) -> Path:
    assert arena(["match", a, "casual", "--deals", str(deals), "--seed", "4", "--quiet",
                  "--results", str(folder)]) == 0
    (path,) = folder.glob("*.jsonl")
    return path


def test_compares_the_deals_both_runs_hold(tmp_path: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    tool = _tool()
    old = _run(tmp_path / "old", "club", 4)
    new = _run(tmp_path / "new", "beginner", 3)
    zipped = tmp_path / "old.jsonl.gz"
    with old.open("rb") as source, gzip.open(zipped, "wb") as target:
        shutil.copyfileobj(source, target)
    capsys.readouterr()
    assert tool.main([str(zipped), str(new)]) == 0
    out = capsys.readouterr().out
    assert out.startswith("3 deals in both runs (6 hands each)")
    before, after = read_deals(old), read_deals(new)
    assert sorted(before) == [0, 1, 2, 3] and sorted(after) == [0, 1, 2]
    change = sum(after[d].saving() - before[d].saving() for d in range(3)) / 3
    assert f"new - old: {change:+.3f}" in out


def test_the_same_run_compared_with_itself_changes_nothing(tmp_path: Path) -> None:
    tool = _tool()
    run = read_deals(_run(tmp_path, "club", 3))
    lines = tool.compare(run, run)
    assert "new - old: +0.000 ± 0.000" in lines[-3]
    assert lines[-2] == "  A conceded fewer moons in 0 deals and more in 0 (sign test z = 0.00)"
    assert re.fullmatch(r"  A gave away its last high heart in \d+ passes of old; new kept it "
                        r"in 0 of them, and gave it away in 0 passes where old kept it", lines[-1])
    assert tool.compare(run, {}) == ["the two runs share no deal"]


def test_passes_that_give_the_stopper_away_are_paired_seat_by_seat() -> None:
    tool = _tool()

    def deal(south: list[str], west: list[str]) -> DealResult:
        hands = []
        for passes in ({"south": south, "west": ["2C", "3C", "4C"]},
                       {"south": ["2C", "3C", "4C"], "west": west}):
            hands.append({"deal": {"south": ["AH", "5H", "2C", "3C", "4C"],
                                   "west": ["QH", "KH", "2C", "3C", "4C"],
                                   "north": ["2C"], "east": ["2C"]},
                          "passes": [{"seat": seat, "cards": cards}
                                     for seat, cards in (*passes.items(), ("north", ["2C"]),
                                                         ("east", ["2C"]))]})
        return DealResult(0, (0, 0, 0, 0), (0, 0, 0, 0), 0, 0, tuple(hands))

    # South (side A in the first playing) gave its ace away before and keeps it
    # now; West (side A in the second) kept a high heart before and gives both
    # away now.
    old = {0: deal(["AH", "2C", "3C"], ["QH", "2C", "3C"])}
    new = {0: deal(["5H", "2C", "3C"], ["QH", "KH", "2C"])}
    assert tool.stopper_change(old, new, [0]) == (
        "  A gave away its last high heart in 1 passes of old; new kept it in 1 of them, "
        "and gave it away in 1 passes where old kept it")


def test_conceded_moons_are_paired_deal_by_deal() -> None:
    tool = _tool()

    def deal(number: int, conceded: int) -> DealResult:
        return DealResult(number, (5, 5, 5, 5), (5, 5, 5, 5), 0, conceded, ())

    old = {n: deal(n, moons) for n, moons in enumerate([2, 1, 1, 0, 0])}
    new = {n: deal(n, moons) for n, moons in enumerate([0, 0, 1, 0, 1])}
    line = tool.conceded_change(old, new, sorted(old))
    assert line == ("  A conceded fewer moons in 2 deals and more in 1 "
                    f"(sign test z = {1 / 3 ** 0.5:.2f})")


def test_an_unreadable_file_is_reported(tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    broken = tmp_path / "broken.jsonl"
    broken.write_text("{not json\n")
    assert _tool().main([str(broken), str(broken)]) == 2
    assert "compare_runs:" in capsys.readouterr().err


def _conceded_moons() -> ModuleType:
    return _load("conceded_moons")


def test_a_top_heart_discarded_as_the_first_points_is_counted_for_the_trick_winner() -> None:
    tool = _conceded_moons()
    # West wins the second trick with the queen of diamonds; North, out of
    # diamonds, throws its ace of hearts on it: the hand's first points.
    fed = played_without_passing("8D 2D 5D AD 4D QD AH 6D").to_record()
    assert tool._replay(fed, {Seat.NORTH, Seat.SOUTH}).fed is Seat.WEST
    # Not counted when the trick goes to the same side.
    assert tool._replay(fed, {Seat.NORTH, Seat.WEST}).fed is None
    # Nor when the heart thrown is not North's top one.
    queen = played_without_passing("8D 2D 5D AD 4D QD QH 6D").to_record()
    assert tool._replay(queen, {Seat.NORTH, Seat.SOUTH}).fed is None


@pytest.mark.slow
def test_conceded_moons_agree_with_the_arena_count(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    tool = _conceded_moons()
    path = _run(tmp_path, "club", 150)
    conceded = read_deals(path)
    moons = sum(result.b_moons for result in conceded.values())
    assert moons > 0
    counts = tool.tally(tool.hand_records(path), "club")
    assert counts["conceded hands"] == moons
    assert counts["conceded hands"] + counts["other hands"] == 300
    for key, value in counts.items():
        if ":" in key:
            assert value <= counts[f"{key.split(':')[0]} hands"]
    for kind in ("conceded", "other"):
        last = counts[f"{kind}: ducked a lone scorer's points trick when last"]
        under = counts[f"{kind}: ducked under a lone scorer it could overtake"]
        assert last <= under <= counts[f"{kind}: could overtake a lone scorer winning a trick"]
    assert counts["other: ducked under a lone scorer it could overtake"] > 0
    fed = "gave another player the first points, discarding a top high heart"
    then_shot = counts["conceded: gave them so to the player who then shot"]
    assert counts[f"conceded: {fed}"] >= then_shot
    assert counts[f"other: {fed}"] > 0
    shot = sum(result.a_moons for result in conceded.values())
    assert tool.main([str(path), "--player", "casual"]) == 0
    assert f"{shot:6d}  conceded hands" in capsys.readouterr().out


def _split_margin() -> ModuleType:
    return _load("split_margin")


def _played_out(queen_to: set[Seat]) -> Hand:
    """:data:`SIGNS_DEAL` played out at random, no moon, the queen of spades taken
    by a seat in ``queen_to``."""
    for seed in range(200):
        hand, rng = played_without_passing(""), random.Random(seed)
        while hand.turn is not None:
            hand.play(rng.choice(hand.legal_plays()))
        queen = next(t.winner for t in hand.tricks if Card.parse("QS") in t.cards)
        if hand.shooter is None and queen in queen_to:
            return hand
    raise AssertionError("no such playout")


def test_the_margin_of_a_deal_splits_by_card_and_follows_the_queen() -> None:
    tool = _split_margin()
    # West is dealt the queen. Upright West plays for B and South or North
    # (side A) takes the queen; swapped West plays for A and its side takes it.
    upright = _played_out({Seat.SOUTH, Seat.NORTH})
    swapped = _played_out({Seat.WEST, Seat.EAST})
    p, q = upright.points, swapped.points
    deal = DealResult(0, (p[0], p[2], q[1], q[3]), (p[1], p[3], q[0], q[2]), 0, 0,
                      (upright.record(), swapped.record()))
    hands = tool.replayed(deal)
    assert tool.queen_taken_by_holder(hands) == (True, False)
    queen, hearts, other = tool.card_savings(deal, hands)
    assert queen == -5.0  # A took the queen (10 points) in both playings: 20 over 4 hands
    assert other == 0.0
    assert queen + hearts == pytest.approx(deal.saving())
    assert "with A holding it and not B in 1 deals, the reverse in 0" in tool.split({0: deal})[-1]


def test_the_parts_of_a_run_add_up_to_its_margin(tmp_path: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    tool = _split_margin()
    path = _run(tmp_path, "club", 30)
    quiet = _quiet_deals(path)
    for deal in quiet:
        assert sum(tool.card_savings(deal, tool.replayed(deal))) == pytest.approx(deal.saving())
    capsys.readouterr()
    assert tool.main([str(path)]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"{path}: 30 deals (60 hands): A saves ")
    assert f"  {len(quiet)} deals without: " in out
    assert "of which the queen of spades" in out
    _refuses_a_broken_file(tool, "split_margin", tmp_path, capsys)


def test_queen_odds_predict_for_each_seat_and_count_who_took_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tool = _load("queen_odds")
    path = _run(tmp_path, "club", 6)
    for deal in _quiet_deals(path):
        found = list(tool.predictions(deal, 8))
        assert found == list(tool.predictions(deal, 8))
        takers = [next(t.winner for t in Hand.from_record(record).tricks
                       if Card.parse("QS") in t.cards) for record in deal.hands]
        assert sum(took for *_, took in found) <= len(takers)
        assert 1 <= sum(holds for _, holds, _, _ in found) <= 2
        assert all(0.0 <= chance <= 1.0 for _, _, chance, _ in found)
        assert {side for side, *_ in found} <= {"a", "b"}
    capsys.readouterr()
    assert tool.main([str(path), "--samples", "4"]) == 0
    out = capsys.readouterr().out
    assert "A seats holding the queen:" in out and "B seats not holding it:" in out
    _refuses_a_broken_file(tool, "queen_odds", tmp_path, capsys)


@pytest.mark.slow
def test_pass_regret_scores_the_passes_each_budget_finds(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tool = _load("pass_regret")
    path = _run(tmp_path, "club", 2)
    deals = read_deals(path)
    rows = [row for deal in deals.values() for row in tool.regrets(deal, (4, 12), 30)]
    assert rows == [row for deal in deals.values() for row in tool.regrets(deal, (4, 12), 30)]
    assert rows and all(len(row) == 2 for row in rows)
    assert all(regret >= 0.0 for row in rows for regret in row)
    # Each pass is scored against the best of those found, so one of them is it.
    assert all(min(row) == 0.0 for row in rows)
    assert tool.main([str(path), "--hands", "1", "--deals", "4,8", "--reference", "20"]) == 0
    out = capsys.readouterr().out
    assert "   4 deals: mean regret" in out and "   8 deals: mean regret" in out
    _refuses_a_broken_file(tool, "pass_regret", tmp_path, capsys)


def _seeded_run(folder: Path, seed: int, a: str = "club") -> Path:
    assert arena(["match", a, "casual", "--deals", "3", "--seed", str(seed), "--quiet",
                  "--results", str(folder)]) == 0
    (path,) = folder.glob("*.jsonl")
    return path


def test_runs_on_different_seeds_pool_into_one_summary(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tool = _load("pool_runs")
    first, second = _seeded_run(tmp_path / "one", 4), _seeded_run(tmp_path / "two", 5)
    capsys.readouterr()
    assert tool.main([str(first), str(second)]) == 0
    out = capsys.readouterr().out.splitlines()
    both = [*read_deals(first).values(), *read_deals(second).values()]
    mean = sum(d.saving() for d in both) / len(both)
    assert "(seed 4)" in out[0] and "(seed 5)" in out[1]
    assert out[2].startswith("pooled: 6 deals (12 hands)")
    assert f"A saves {mean:+.3f}" in out[2]


def test_pooling_refuses_a_seed_twice_or_another_match(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    tool = _load("pool_runs")
    first = _seeded_run(tmp_path / "one", 4)
    other = _seeded_run(tmp_path / "other", 5, a="beginner")
    capsys.readouterr()
    assert tool.main([str(first), str(first)]) == 2
    assert "a seed appears twice" in capsys.readouterr().err
    assert tool.main([str(first), str(other)]) == 2
    assert "not the same match" in capsys.readouterr().err
    _refuses_a_broken_file(tool, "pool_runs", tmp_path, capsys)


class _FakeState:
    """A game of one chance node, then six moves each from the legal actions given."""

    def __init__(self, log: list[tuple[str, int]]) -> None:
        self.log = log

    def is_terminal(self) -> bool:
        return len(self.log) == 7

    def is_chance_node(self) -> bool:
        return not self.log

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(10, 0.5), (11, 0.5)]

    def legal_actions(self) -> list[int]:
        return [len(self.log), len(self.log) + 100]

    def apply_action(self, action: int) -> None:
        allowed = ([a for a, _ in self.chance_outcomes()] if self.is_chance_node()
                   else self.legal_actions())
        assert action in allowed and not self.is_terminal()
        self.log.append(("chance" if self.is_chance_node() else "play", action))


class _FakeGame:
    def __init__(self) -> None:
        self.logs: list[list[tuple[str, int]]] = []

    def new_initial_state(self) -> _FakeState:
        self.logs.append([])
        return _FakeState(self.logs[-1])


def test_the_openspiel_loop_plays_each_hand_out_through_legal_actions() -> None:
    tool = _load("bench_openspiel")
    game = _FakeGame()
    tool.openspiel_hand(game, random.Random(3))
    (log,) = game.logs
    assert log[0][0] == "chance" and [kind for kind, _ in log[1:]] == ["play"] * 6
    # Over many hands both chance outcomes and both legal actions come up.
    rng = random.Random(4)
    for _ in range(40):
        tool.openspiel_hand(game, rng)
    assert {log[0][1] for log in game.logs} == {10, 11}
    assert {log[3][1] for log in game.logs} == {3, 103}
    hands = tool.rate(lambda: tool.openspiel_hand(game, rng), 0.01)
    assert hands > 0 and len(game.logs) >= 41 + 50


def test_the_deeper_expert_searches_more_deals_and_plays_legally() -> None:
    import random

    from lab.tools.deeper_expert import FACTOR, make

    from hearts import Hand, Phase, Rules, Seat
    from hearts.ai import Level
    from hearts.ai.players import BUDGETS

    player = make(3)
    assert player.budget.deals == BUDGETS[Level.EXPERT].deals * FACTOR
    hand = Hand.deal(Rules(), random.Random(3))
    for seat in Seat:
        hand.pass_cards(seat, player.choose_pass(hand.view(seat)))
    assert hand.phase is Phase.PLAYING and hand.turn is not None
    card = player.choose_play(hand.view(hand.turn))
    assert card in hand.legal_plays()


def test_the_wider_second_round_compares_more_finalists_over_more_deals() -> None:
    from lab.tools.deeper_expert import FINALISTS, SECOND_FACTOR, make_second_round

    from hearts.ai import Level
    from hearts.ai.players import BUDGETS

    expert = BUDGETS[Level.EXPERT]
    budget = make_second_round(3).budget
    assert budget.finalists == FINALISTS > expert.finalists
    assert budget.extra_deals == expert.extra_deals * SECOND_FACTOR
    assert budget._replace(finalists=expert.finalists, extra_deals=expert.extra_deals) == expert


def test_state_cpu_builds_the_same_states_as_parts_as_apart(capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    from hearts.table import seat_state
    from hearts.table.projection import Projection, nest

    tool = _load("state_cpu")
    tables = tool.positions(3)
    for table in tables:
        parts = Projection()
        public = parts.public(table)
        together = [nest(public, parts.own(table, seat)) for seat in Seat]
        assert together == [seat_state(table, seat).to_json() for seat in Seat]
    assert tool.main(["--positions", "2", "--reps", "1", "--rounds", "1"]) == 0
    assert "us of CPU a change" in capsys.readouterr().out


@pytest.mark.parametrize("shape", [[], ["--raw"]])
def test_the_socket_floor_counts_the_cards_its_people_play(shape: list[str]) -> None:
    done = subprocess.run(
        [sys.executable, str(TOOLS / "socket_floor.py"), "--tables", "2", "--seconds", "1.5",
         "--pace", "0.25", "--processes", "1", *shape],
        capture_output=True, text=True, timeout=120, check=True)
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["raw"] is bool(shape)
    assert 6 <= report["cards"] <= 18  # 2 tables, a card every 0.25 s each, 1.5 s
    assert report["cpu_ms_per_card"] >= 0 and 0 <= report["cpu_share"] <= 1.5


def test_the_web_icons_are_the_ones_the_script_draws() -> None:
    # the committed home-screen icons are this script's drawing, so a change to one
    # without the other shows here
    icons = _load("web_icons")
    drawn = icons.png(192)
    assert drawn[:8] == b"\x89PNG\r\n\x1a\n"
    assert drawn == (icons.STATIC / "icon-192.png").read_bytes()
    assert icons.colour(0.5, 0.5) == icons.RED and icons.colour(0.02, 0.02) == icons.FELT
    assert icons.colour(0.3, 0.2) == icons.CARD


def test_a_compiled_copy_lists_the_modules_added_once(tmp_path: Path) -> None:
    tool = _load("compiled_copy")
    speedups = tmp_path / "speedups.py"
    shutil.copy2(Path(__file__).parents[2] / "src" / "hearts" / "speedups.py", speedups)
    tool.add_modules(speedups, ["hearts.table.projection", "hearts.core"])
    spec = importlib.util.spec_from_file_location("copied_speedups", speedups)
    assert spec and spec.loader
    copied = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = copied  # its dataclass looks itself up there
    try:
        spec.loader.exec_module(copied)
    finally:
        del sys.modules[spec.name]
    added: tuple[str, ...] = copied.MODULES[len(package_speedups.MODULES):]
    assert copied.MODULES[:len(package_speedups.MODULES)] == package_speedups.MODULES
    assert added == ("hearts.table.projection",)


def test_the_table_profile_shares_the_time_by_module(
        capsys: pytest.CaptureFixture[str]) -> None:
    import cProfile
    import pstats

    tool = _load("table_cpu")
    hand = Hand.deal(Rules(), 5, pass_direction=PassDirection.NONE)
    profiler = cProfile.Profile()
    profiler.enable()
    while hand.legal_plays():
        hand.play(hand.legal_plays()[0])
    profiler.disable()
    tool.print_modules(pstats.Stats(profiler), 52, shown=1000)
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("own time by module")
    shares = {line.split()[-1]: float(line.split()[0].rstrip("%")) for line in lines[1:]}
    assert "hearts/hand.py" in shares and 99 <= sum(shares.values()) <= 101
