"""Today's deal: its seed from the date and the rules, its par, and the day's
records ``hearts verify`` checks (and refuses when altered)."""

from __future__ import annotations

import copy
import hashlib
import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from hearts import Hand, Rules, RuleSet, Seat
from hearts.arena.rulestext import parse_rules
from hearts.daily import DailyDeal, DailyMatch, daily_rules, day_record
from hearts.hand import SeatPlayer
from hearts.match import MatchOver
from hearts.rules import PassDirection
from hearts.seeds import daily_seed
from hearts.verify import main as verify_main
from hearts.verify import verify_day

DAY = date(2026, 12, 6)


@pytest.fixture(scope="module")
def daily() -> DailyDeal:
    return DailyDeal(DAY, Rules())


@pytest.fixture(scope="module")
def par_hand_record(daily: DailyDeal) -> dict[str, Any]:
    """The par's day's record: the Expert in South on the day's cards."""
    hand = daily.par_hand()
    return day_record(daily, hand, hand.points[Seat.SOUTH])


def played(par_record: dict[str, Any]) -> dict[str, Any]:
    """A person's day's record: the same hand, South named as a person (a person
    may well play as the Expert did)."""
    record = copy.deepcopy(par_record)
    record["hand"]["players"][0] = {"seat": "south", "player": "human"}
    return record


def test_the_seed_is_the_sha256_of_the_documented_text() -> None:
    digest = hashlib.sha256(b"hearts-daily/1/2026-12-06/original,100").hexdigest()
    assert daily_seed("2026-12-06", "original,100") == int(digest[:12], 16)
    seat = hashlib.sha256(b"hearts-daily/1/2026-12-06/original,100/west").hexdigest()
    assert DailyDeal(DAY, Rules()).player_seed(Seat.WEST) == int(seat[:12], 16)


def test_each_day_and_rule_set_has_its_own_cards(daily: DailyDeal) -> None:
    classic = DailyDeal(DAY, RuleSet.CLASSIC.rules())
    tomorrow = DailyDeal(date(2026, 12, 7), Rules())
    assert classic.words == "classic,100" and daily.words == "original,100"
    assert len({daily.seed, classic.seed, tomorrow.seed}) == 3
    assert daily.deal().dealt(Seat.SOUTH) != tomorrow.deal().dealt(Seat.SOUTH)
    seeds = {daily.player_seed(seat) for seat in Seat}
    assert len(seeds) == 4


def test_the_day_deals_the_rotation_at_its_number() -> None:
    rotate = parse_rules("classic")  # left, right, across, hold
    directions = {DailyDeal(date(2026, 12, d), rotate).pass_direction for d in range(1, 5)}
    assert directions == set(PassDirection)
    hold = next(DailyDeal(date(2026, 12, d), rotate) for d in range(1, 5)
                if DailyDeal(date(2026, 12, d), rotate).pass_direction is PassDirection.NONE)
    assert hold.par_hand().phase.value == "over"  # a hold hand plays without passing


def test_the_days_rules_are_yours_played_to_100() -> None:
    assert daily_rules(Rules(target=50)) == Rules()
    assert daily_rules(Rules(target=50), "classic") == RuleSet.CLASSIC.rules()
    with pytest.raises(ValueError):
        daily_rules(Rules(), "bogus")


def test_the_deal_names_the_three_experts_with_their_seeds(daily: DailyDeal) -> None:
    hand = daily.deal()
    assert hand.seed == daily.seed and hand.dealer is Seat.SOUTH
    assert hand.players is not None
    assert hand.players[Seat.SOUTH] == SeatPlayer("human")
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        assert hand.players[seat] == SeatPlayer("expert", daily.player_seed(seat))


def test_a_daily_match_deals_the_day_once(daily: DailyDeal) -> None:
    match = DailyMatch(daily)
    hand = match.deal(Rules(target=10))  # the day's rules, whatever is asked
    assert hand.rules == daily.rules
    assert hand.dealt(Seat.NORTH) == daily.deal().dealt(Seat.NORTH)
    with pytest.raises(MatchOver):
        match.deal()


def test_the_par_is_the_same_worked_out_twice(daily: DailyDeal,
                                              par_hand_record: dict[str, Any]) -> None:
    again = daily.par_hand()
    assert again.record() == par_hand_record["hand"]
    assert again.points[Seat.SOUTH] == par_hand_record["par"] == daily.par()


def _home_env(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    env["HEARTS_DATA_DIR"] = str(home / "data")
    env["HEARTS_CONFIG_DIR"] = str(home / "config")
    return env


@pytest.mark.slow
def test_the_days_deal_and_par_are_the_same_in_two_fresh_homes(tmp_path: Path) -> None:
    outputs = []
    for name in ("ann", "bob"):
        home = tmp_path / name
        result = subprocess.run(
            [sys.executable, "-m", "hearts", "daily", "--par", "--json", "--date", "2026-12-06"],
            capture_output=True, text=True, env=_home_env(home), timeout=300, check=True)
        outputs.append(json.loads(result.stdout))
    assert outputs[0] == outputs[1]
    assert outputs[0]["date"] == "2026-12-06" and outputs[0]["rules"] == "original,100"
    assert verify_day(outputs[0]).verified


def test_a_played_day_verifies(par_hand_record: dict[str, Any]) -> None:
    verdict = verify_day(played(par_hand_record), par_hand_record["par"])
    assert verdict.verified, verdict.message
    assert verdict.checked == 3 * 13 + (3 if par_hand_record["hand"]["passes"] else 0)


def test_the_par_itself_verifies_and_is_played_again(par_hand_record: dict[str, Any]) -> None:
    verdict = verify_day(par_hand_record)  # the par worked out again here
    assert verdict.verified, verdict.message
    assert "played again" in verdict.message


def _altered(record: dict[str, Any], change: str) -> dict[str, Any]:
    out = copy.deepcopy(record)
    hand = out["hand"]
    if change == "points":
        out["points"] += 1
    elif change == "par":
        out["par"] -= 1
    elif change == "date":
        out["date"] = "2026-12-05"
    elif change == "rules":
        out["rules"] = "classic,100"
    elif change == "words":
        out["rules"] = "original"  # the same rules, but not written as the day's are
    elif change == "seat seed":
        hand["players"][1]["seed"] += 1
    elif change == "seat level":
        hand["players"][2]["player"] = "beginner"
    elif change == "seed":
        hand["seed"] += 1
    elif change == "cards":  # two cards of the deal swapped between West and North
        hand["deal"]["west"][0], hand["deal"]["north"][0] = \
            hand["deal"]["north"][0], hand["deal"]["west"][0]
    elif change == "unfinished":
        hand["plays"] = hand["plays"][:40]
    elif change == "assisted":
        out["assisted"] = True
    elif change == "order":  # two cards of the second trick swapped
        hand["plays"][4], hand["plays"][5] = hand["plays"][5], hand["plays"][4]
    elif change == "format":
        out["format"] = "hearts-hand"
    return out


@pytest.mark.parametrize("change", ["points", "par", "date", "rules", "words", "seat seed",
                                    "seat level", "seed", "cards", "unfinished", "assisted",
                                    "order", "format"])
def test_an_altered_day_is_refused_with_a_reason(par_hand_record: dict[str, Any],
                                                 change: str) -> None:
    honest = played(par_hand_record)
    verdict = verify_day(_altered(honest, change), par_hand_record["par"])
    assert not verdict.verified
    assert verdict.message


def test_an_experts_card_changed_in_play_is_named(par_hand_record: dict[str, Any]) -> None:
    record = played(par_hand_record)
    hand = record["hand"]
    plays = hand["plays"]
    for index in range(len(plays)):
        before = Hand.from_record({**hand, "plays": plays[:index]})
        others = [c for c in before.legal_plays() if str(c) != plays[index]]
        if before.turn is not Seat.SOUTH and others:
            break
    else:
        pytest.fail("no computer player ever had a choice")
    hand["plays"] = [*plays[:index], str(others[0])]
    verdict = verify_day(record, par_hand_record["par"])
    assert not verdict.verified
    assert f"differs at plays[{index}]" in verdict.message
    assert str(before.turn) in verdict.message


def test_hearts_verify_checks_a_file_of_days(tmp_path: Path, par_hand_record: dict[str, Any],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    honest = played(par_hand_record)
    good = tmp_path / "days.jsonl"
    good.write_text(json.dumps(honest) + "\n" + json.dumps(par_hand_record) + "\n")
    assert verify_main([str(good)]) == 0
    out = capsys.readouterr().out
    assert "2 of 2 deals verified" in out
    forged = tmp_path / "forged.json"
    forged.write_text(json.dumps(_altered(honest, "points")))
    assert verify_main([str(forged)]) == 1
    out = capsys.readouterr().out
    assert "NOT VERIFIED" in out and "claims" in out


def test_hearts_daily_exports_the_days_finished(tmp_path: Path, daily: DailyDeal,
                                                par_hand_record: dict[str, Any],
                                                capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.store import Store
    from hearts.store.dailies import save_daily, set_par
    from hearts.tui.daily_command import main as daily_main

    honest = played(par_hand_record)
    store = Store.open()
    db = store.connection
    assert db is not None
    save_daily(db, "2026-12-06", daily.words, daily.seed, json.dumps(honest["hand"]), {},
               honest["points"], False)
    set_par(db, "2026-12-06", daily.words, honest["par"])
    save_daily(db, "2026-12-07", daily.words, 1, "{}", {}, None, False)  # not finished
    store.close()
    target = tmp_path / "days.jsonl"
    assert daily_main(["--export", str(target)]) == 0
    lines = target.read_text().splitlines()
    assert [json.loads(line) for line in lines] == [honest]
    assert verify_main([str(target)]) == 0
    assert "1 of 1 deals verified" in capsys.readouterr().out


def test_hearts_daily_refuses_a_day_to_come(capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.tui.daily_command import main as daily_main

    with pytest.raises(SystemExit):
        daily_main(["--par", "--date", "2999-01-01"])
    assert "has not come yet" in capsys.readouterr().err
