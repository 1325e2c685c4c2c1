"""Challenges between friends: the code, its deals, the records and their check."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest

from hearts import Rules, RuleSet, Seat
from hearts.arena.rulestext import parse_rules
from hearts.challenge import Challenge, ChallengeError, challenge_record, read_challenge_record
from hearts.hand import SeatPlayer
from hearts.seeds import challenge_seed_text, text_seed
from hearts.tui.challenge_command import main as challenge_main
from hearts.verify import main as verify_main
from hearts.verify import verify_challenge

CHALLENGE = Challenge(123456789, Rules(), 2)


@pytest.mark.parametrize("rules", [Rules(), RuleSet.CLASSIC.rules(), RuleSet.OMNIBUS.rules(),
                                   parse_rules("classic,left,no-pass-queen,250"),
                                   parse_rules("original,rotate,first-trick,50")])
def test_a_code_names_its_rules_deals_and_seed(rules: Rules) -> None:
    challenge = Challenge(random.Random(3).getrandbits(48), rules, 7)
    code = challenge.code
    assert len(code.replace("-", "")) == 20
    assert Challenge.parse(code) == challenge
    assert Challenge.parse(code.upper().replace("-", " ")) == challenge  # as typed


def test_a_mistyped_code_is_refused() -> None:
    code = CHALLENGE.code
    wrong = ("b" if code[0] != "b" else "c") + code[1:]
    with pytest.raises(ChallengeError, match="mistyped"):
        Challenge.parse(wrong)
    for bad in ("", "abc", code + "a", code.replace(code[1], "1")):
        with pytest.raises(ChallengeError):
            Challenge.parse(bad)


def test_each_deal_is_seeded_from_the_code_and_differs() -> None:
    first, second = CHALLENGE.deal(1), CHALLENGE.deal(2)
    assert first.seed == text_seed(challenge_seed_text(123456789, "original,100", 0))
    assert first.seed != second.seed
    assert first.deal().dealt(Seat.SOUTH) != second.deal().dealt(Seat.SOUTH)
    with pytest.raises(ChallengeError):
        CHALLENGE.deal(3)


def test_a_new_challenge_is_played_to_100() -> None:
    challenge = Challenge.new(Rules(target=50), 3, random.Random(1))
    assert challenge.rules.target == 100 and challenge.deals == 3


@pytest.fixture(scope="module")
def record() -> dict[str, Any]:
    """A person's challenge record: each deal played as the Expert plays it."""
    deals = []
    for number in (1, 2):
        hand = CHALLENGE.deal(number).par_hand()
        hand.players = (SeatPlayer("human"), *hand.players[1:]) if hand.players else None
        deals.append({"deal": number, "points": hand.points[Seat.SOUTH],
                      "par": hand.points[Seat.SOUTH], "assisted": False,
                      "hand": hand.record()})
    return challenge_record(CHALLENGE, "Ann", deals)


def test_a_challenge_record_verifies_deal_by_deal(record: dict[str, Any]) -> None:
    verdicts = verify_challenge(record)
    assert [where for where, _ in verdicts] == ["deal 1", "deal 2"]
    assert all(verdict.verified for _, verdict in verdicts), verdicts


@pytest.mark.parametrize("change", ["points", "par", "code", "deal", "name", "twice"])
def test_an_altered_challenge_record_is_refused(record: dict[str, Any], change: str) -> None:
    out = copy.deepcopy(record)
    if change == "points":
        out["deals"][0]["points"] += 2
    elif change == "par":
        out["deals"][1]["par"] += 1
    elif change == "code":  # the same hands claimed for another challenge
        out["code"] = Challenge(987654321, Rules(), 2).code
    elif change == "deal":  # deal 1's hand claimed as deal 2's
        out["deals"][1]["hand"] = out["deals"][0]["hand"]
    elif change == "name":
        out["name"] = "x" * 100
    elif change == "twice":
        out["deals"][1]["deal"] = 1
    verdicts = verify_challenge(out)
    assert not all(verdict.verified for _, verdict in verdicts)


def test_show_compares_the_friends_deal_by_deal(tmp_path: Path, record: dict[str, Any],
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    ann = tmp_path / "ann.json"
    ann.write_text(json.dumps(record))
    bob_record = copy.deepcopy(record)
    bob_record["name"] = "Bob"
    bob_record["deals"] = bob_record["deals"][:1]
    bob = tmp_path / "bob.json"
    bob.write_text(json.dumps(bob_record))
    forged = copy.deepcopy(record)
    forged["name"] = "Eve"
    forged["deals"][0]["points"] -= 1
    eve = tmp_path / "eve.json"
    eve.write_text(json.dumps(forged))
    junk = tmp_path / "junk.json"
    junk.write_text("not json")
    assert challenge_main(["show", CHALLENGE.code, str(ann), str(bob)]) == 0
    out = capsys.readouterr().out
    assert "Ann" in out and "Bob" in out and "Par" in out
    par1 = record["deals"][0]["par"]
    assert f"{par1} (+0)" in out
    assert challenge_main(["show", CHALLENGE.code, str(eve), str(junk)]) == 1
    out = capsys.readouterr().out
    assert "Eve, deal 1: NOT VERIFIED" in out and "refused" in out and "not JSON" in out
    assert verify_main([str(ann)]) == 0
    assert "2 of 2 deals verified" in capsys.readouterr().out


def test_new_prints_a_code_that_reads(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("HEARTS_CONFIG_DIR", str(tmp_path))
    assert challenge_main(["new", "--deals", "3", "--rules", "classic"]) == 0
    code = capsys.readouterr().out.splitlines()[0]
    challenge = Challenge.parse(code)
    assert challenge.deals == 3 and challenge.rules == RuleSet.CLASSIC.rules()


def test_export_writes_the_deals_kept(tmp_path: Path, record: dict[str, Any],
                                      capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.store import Store
    from hearts.store.dailies import CHALLENGES, save_daily, set_par

    store = Store.open()
    db = store.connection
    assert db is not None
    entry = record["deals"][1]
    save_daily(db, CHALLENGE.code, "2", CHALLENGE.deal(2).seed, json.dumps(entry["hand"]), {},
               entry["points"], False, shelf=CHALLENGES)
    set_par(db, CHALLENGE.code, "2", entry["par"], shelf=CHALLENGES)
    store.close()
    target = tmp_path / "mine.json"
    assert challenge_main(["export", CHALLENGE.code, str(target), "--name", "Ann"]) == 0
    written = json.loads(target.read_text())
    challenge, name, deals = read_challenge_record(written)
    assert (challenge, name, [d["deal"] for d in deals]) == (CHALLENGE, "Ann", [2])
    assert all(verdict.verified for _, verdict in verify_challenge(written))
