"""Match mode, --rules, moons in the reports, and hearts-arena show."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from pathlib import Path

import pytest

from hearts import Hand, Seat
from hearts.arena.cli import main
from hearts.arena.games import match_wins
from hearts.arena.rulestext import parse_rules, rules_text
from hearts.arena.seating import SIDES_SWAPPED, SIDES_UPRIGHT
from hearts.rules import Passing, Rules, RuleSet, Scoring


def _games(capsys: pytest.CaptureFixture[str], results: Path, *extra: str) -> dict[str, object]:
    assert main(["games", "club", "beginner", "--rules", "50", "--seed", "3", "--quiet",
                 "--json", "--results", str(results), *extra]) == 0
    data: dict[str, object] = json.loads(capsys.readouterr().out)
    data.pop("seconds")
    return data


def test_match_wins_and_ties() -> None:
    assert match_wins((10, 30, 40, 50), SIDES_UPRIGHT) == 1.0
    assert match_wins((10, 30, 40, 50), SIDES_SWAPPED) == 0.0
    assert match_wins((10, 10, 40, 50), SIDES_UPRIGHT) == 0.5
    assert match_wins((10, 50, 10, 60), SIDES_UPRIGHT) == 1.0  # both A seats tie: A wins


def test_games_play_whole_matches_both_ways_and_resume(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    whole = _games(capsys, tmp_path / "a", "--games", "3")
    assert whole["mode"] == "games" and whole["games"] == 3 and whole["matches"] == 6
    assert whole["a_wins"] + whole["b_wins"] == 6  # type: ignore[operator]
    assert whole["rules"]["target"] == 50  # type: ignore[index]
    (path,) = (tmp_path / "a").glob("games-*.jsonl")
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert lines[0]["mode"] == "games"
    for game in lines[1:]:
        hands = [Hand.from_record(record) for record in game["hands"]]
        assert sum(1 for h in hands if h.players and h.players[0].player == "club") >= 2
        upright = [h for h in hands if h.players and h.players[0].player == "club"]
        swapped = hands[len(upright):]
        assert all(h.seed is not None for h in hands)
        for one, other in zip(upright, swapped, strict=False):
            assert one.seed == other.seed  # the same deals, seats swapped
        totals = [sum(h.points[s] for h in upright) for s in range(4)]
        assert totals == game["scores"][0] and max(totals) >= 50
        assert upright[-1].scores == tuple(
            sum(h.points[s] for h in upright[:-1]) for s in range(4))
        moons = [sum(1 for h in upright if h.shooter in sides) +
                 sum(1 for h in swapped if h.shooter in other)
                 for sides, other in (((0, 2), (1, 3)), ((1, 3), (0, 2)))]
        assert game["moons"] == moons
    assert _games(capsys, tmp_path / "b", "--games", "3", "--jobs", "2") == whole
    _games(capsys, tmp_path / "c", "--games", "1")
    assert _games(capsys, tmp_path / "c", "--games", "3", "--resume") == whole
    (resumed,) = (tmp_path / "c").glob("games-*.jsonl")
    assert resumed.read_bytes() == path.read_bytes()


def test_games_text_report(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "club", "beginner", "--games", "1", "--rules", "50", "--quiet",
                 "--results", str(tmp_path)]) == 0
    out = capsys.readouterr().out
    assert "matches to 50" in out and "2 matches" in out and "won" in out
    assert "counts half to each" in out and "moons: Club shot" in out


def test_rules_text() -> None:
    rules = parse_rules("classic-scoring,first-lead,leading-hearts,first-trick")
    assert rules == Rules(scoring=Scoring.CLASSIC, first_lead=True, leading_hearts=True,
                          first_trick=True)
    # the Classic set, passing left (and the queen of spades passed, as in Windows)
    assert parse_rules("classic,left") == replace(rules, pass_queen=True)
    assert parse_rules("classic,left,no-pass-queen") == rules
    assert parse_rules("pass-queen") == Rules(pass_queen=True)
    assert parse_rules("classic,no-first-trick").first_trick is False
    assert parse_rules("house-scoring") == Rules() and parse_rules("") == Rules()
    assert parse_rules("jack-of-diamonds, rotate ,200") == Rules(
        jack_of_diamonds=True, passing=Passing.ROTATE, target=200)
    for rules in (Rules(), parse_rules("classic-scoring,jack-of-diamonds,first-trick,rotate,50")):
        assert parse_rules(rules_text(rules)) == rules
    assert rules_text(Rules()) == "original,100"
    with pytest.raises(ValueError, match="'house-scoring' and 'classic-scoring' cannot both"):
        parse_rules("house-scoring,classic-scoring")
    with pytest.raises(ValueError, match=r"unknown rule .hearts-first.*a target score"):
        parse_rules("hearts-first")
    with pytest.raises(ValueError, match=r"unknown rule 'house' \(the scoring is house-scoring\)"):
        parse_rules("house")
    with pytest.raises(ValueError, match="'pass-queen' and 'no-pass-queen' cannot both"):
        parse_rules("pass-queen,no-pass-queen")
    with pytest.raises(ValueError, match="unknown rule 'no-left'"):
        parse_rules("no-left")


def test_rule_sets_by_name() -> None:
    assert parse_rules("original") == RuleSet.ORIGINAL.rules() == Rules()
    assert parse_rules("Classic") == RuleSet.CLASSIC.rules()
    assert parse_rules("omnibus,50") == RuleSet.OMNIBUS.rules(50)
    # words change the set whatever their order; the set keeps what is not named
    assert parse_rules("left,classic") == replace(RuleSet.CLASSIC.rules(), passing=Passing.LEFT)
    assert parse_rules("classic,house-scoring,200") == replace(
        RuleSet.CLASSIC.rules(200), scoring=Scoring.HOUSE)
    assert parse_rules("classic,classic,first-lead") == RuleSet.CLASSIC.rules()
    with pytest.raises(ValueError, match="'classic' and 'omnibus' cannot both be chosen"):
        parse_rules("classic,omnibus")
    assert rules_text(RuleSet.CLASSIC.rules()) == "classic,100"
    assert rules_text(RuleSet.OMNIBUS.rules(50)) == "omnibus,50"
    assert rules_text(parse_rules("classic,left")) == "classic,left,100"
    assert rules_text(Rules(first_trick=True, passing=Passing.ROTATE_HOLD)) == (
        "original,first-trick,rotate-hold,100")
    # Classic with the queen of spades kept, as the seed game plays it
    assert rules_text(replace(RuleSet.CLASSIC.rules(), pass_queen=False)) == (
        "classic,no-pass-queen,100")
    assert rules_text(Rules(pass_queen=True)) == "original,pass-queen,100"
    # words change the rules given, a set all but the target
    saved = Rules(jack_of_diamonds=True, target=250)
    assert parse_rules("classic", saved) == RuleSet.CLASSIC.rules(250)
    assert parse_rules("left,50", RuleSet.CLASSIC.rules()) == replace(
        RuleSet.CLASSIC.rules(50), passing=Passing.LEFT)
    assert parse_rules("", saved) == saved


def test_every_rule_combination_reads_back_from_its_text() -> None:
    for (scoring, passing), (jack, lead, hearts, trick, queen) in itertools.product(
            itertools.product(Scoring, Passing), itertools.product(*[(False, True)] * 5)):
        rules = Rules(scoring=scoring, jack_of_diamonds=jack, first_lead=lead,
                      leading_hearts=hearts, first_trick=trick, passing=passing, target=75,
                      pass_queen=queen)
        text = rules_text(rules)
        assert parse_rules(text) == rules, text
        assert len(text.split(",")) <= 6


@pytest.mark.parametrize("target", [1, 75, 100, 250, 1000])
def test_any_positive_target_is_a_rule(target: int) -> None:
    rules = parse_rules(f"classic-scoring,{target}")
    assert rules == Rules(scoring=Scoring.CLASSIC, target=target)
    assert parse_rules(rules_text(rules)) == rules


@pytest.mark.parametrize("text", ["0", "-5", "50,75", "12.5"])
def test_targets_that_are_no_positive_whole_number_are_refused(text: str) -> None:
    with pytest.raises(ValueError, match=r"target|unknown rule|cannot both"):
        parse_rules(text)


def test_the_arena_plays_games_to_any_target(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "club", "beginner", "--games", "1", "--rules", "30", "--quiet",
                 "--seed", "2", "--results", str(tmp_path)]) == 0
    capsys.readouterr()
    (path,) = tmp_path.glob("*.jsonl")
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert lines[0]["rules"]["target"] == 30
    hands = [Hand.from_record(record) for record in lines[1]["hands"]]
    assert {hand.rules.target for hand in hands} == {30}
    for scores in lines[1]["scores"]:
        assert max(scores) >= 30


def test_the_arena_plays_under_the_rules_given(tmp_path: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "club", "casual", "--deals", "2", "--quiet", "--results",
                 str(tmp_path), "--rules",
                 "classic-scoring,jack-of-diamonds,first-lead,rotate"]) == 0
    capsys.readouterr()
    (path,) = tmp_path.glob("*.jsonl")
    deal = json.loads(path.read_text().splitlines()[2])
    hand = Hand.from_record(deal["hands"][0])
    assert hand.rules == parse_rules("classic-scoring,jack-of-diamonds,first-lead,rotate")
    assert str(hand.pass_direction) == "right"  # deal 1 of a rotation
    assert sum(hand.points) in (26, 16, 78, 68)  # the jack of diamonds counts -10


def test_the_arena_plays_the_hold_hand_of_the_classic_rules(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "club", "casual", "--deals", "4", "--quiet", "--results",
                 str(tmp_path), "--rules", "classic"]) == 0
    capsys.readouterr()
    (path,) = tmp_path.glob("*.jsonl")
    deals = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    hands = [Hand.from_record(record) for deal in deals for record in deal["hands"]]
    assert {hand.rules for hand in hands} == {RuleSet.CLASSIC.rules()}
    directions = {str(hand.pass_direction) for hand in hands}
    assert directions == {"left", "right", "across", "none"}
    for hand in hands:
        assert (hand.pass_direction.name == "NONE") == (not any(hand.passed(seat) for seat in Seat))


def test_show_prints_tricks(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["match", "club", "casual", "--deals", "1", "--quiet",
                 "--results", str(tmp_path)]) == 0
    capsys.readouterr()
    (path,) = tmp_path.glob("*.jsonl")
    assert main(["show", str(path), "--hand", "2"]) == 0
    out = capsys.readouterr().out
    assert "Hand 2 (line 2, hand 2)" in out and "Hand 1" not in out
    assert "Led by" in out and "Won by" in out and " 13 " in out
    assert "casual (seed" in out and "Points: South" in out
    assert f"hearts review {path} --hand 2 --all" in out.replace("\n", "")
    assert main(["show", str(path), "--hand", "3"]) == 2
    assert "holds 2 hands" in capsys.readouterr().err
