"""hearts verify and a duplicate evening: the evening's hands verify one by one
(each turned back to its deal as first dealt) and together (every round of a
deal dealt its cards); a changed card, a changed deal or a missing round's
place is refused."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from hearts import Hand, Seat
from hearts.ai import make_player
from hearts.duplicate import DuplicateMatch, Evening
from hearts.hand import read_record
from hearts.options import Options
from hearts.table import Computer, Person
from hearts.table import events as ev
from hearts.table.driver import Driver
from hearts.table.table import Table
from hearts.verify import main as verify_main
from hearts.verify import verify_record


@pytest.fixture(scope="module")
def evening() -> list[dict[str, Any]]:
    """A whole evening (2 deals, 2 rounds) of a person in South (who plays the
    lowest card) and three Beginners."""
    table = Table(Options(), 3, (Person("Ann"), Computer(), Computer(), Computer()))
    table.match = DuplicateMatch(table.rules, 2026, Evening(2, 2), "beginner")
    driver = Driver(table, make_player)
    driver.start()
    while not table.match.over:
        driver.send(ev.Deal(Seat.SOUTH))
        while table.hand is not None and table.hand.phase.value != "over":
            hand = table.hand
            if hand.phase.value == "passing":
                driver.send(ev.Pass(Seat.SOUTH, tuple(hand.passable(Seat.SOUTH)[:3])))
            elif hand.turn is Seat.SOUTH:
                driver.send(ev.Play(Seat.SOUTH, hand.legal_plays()[0]))
            else:
                driver.send(ev.Continue(Seat.SOUTH))
    return [hand.record() for hand in table.match.hands]


def _write(path: Path, records: list[dict[str, Any]]) -> Path:
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    return path


def test_each_hand_says_which_deal_and_round_it_is(evening: list[dict[str, Any]]) -> None:
    places = [(r["duplicate"]["deal"], r["duplicate"]["round"]) for r in evening]
    assert places == [(0, 0), (1, 0), (0, 1), (1, 1)]
    assert all(r["duplicate"]["evening"] == 2026 and r["duplicate"]["rounds"] == 2
               for r in evening)
    assert all("seed" not in r for r in evening)  # moved cards are not what a seed deals
    again = read_record(json.dumps(evening[2]))
    assert again.duplicate is not None and again.duplicate.shift == 2
    assert Hand.from_record(again).record() == evening[2]


def test_a_good_evening_verifies(tmp_path: Path, evening: list[dict[str, Any]],
                                 capsys: pytest.CaptureFixture[str]) -> None:
    for record in evening:
        verdict = verify_record(read_record(record))
        assert verdict.verified and verdict.checked == 3 * 13 + 3, verdict.message
    assert verify_main([str(_write(tmp_path / "evening.jsonl", evening))]) == 0
    out = capsys.readouterr().out
    assert "4 of 4 hands verified" in out
    assert "evening 2026: verified: evening 2026: 4 hands of 2 deals, 2 of them played in " \
           "all 2 rounds" in out


def test_a_changed_card_is_refused(tmp_path: Path, evening: list[dict[str, Any]],
                                   capsys: pytest.CaptureFixture[str]) -> None:
    changed = copy.deepcopy(evening)
    record = changed[3]
    for number in range(len(record["plays"])):
        before = Hand.from_record({**record, "plays": record["plays"][:number]})
        others = [str(c) for c in before.legal_plays() if str(c) != record["plays"][number]]
        if others and before.turn is not Seat.SOUTH:
            record["plays"] = [*record["plays"][:number], others[0]]
            break
    assert verify_main([str(_write(tmp_path / "evening.jsonl", changed))]) == 1
    out = capsys.readouterr().out
    assert "line 4: NOT VERIFIED: differs at plays" in out


def test_a_round_dealt_other_cards_is_refused(tmp_path: Path, evening: list[dict[str, Any]],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    changed = copy.deepcopy(evening)
    deal = changed[2]["deal"]
    deal["south"][0], deal["west"][0] = deal["west"][0], deal["south"][0]
    changed[2].pop("stand_ins", None)
    changed[2]["passes"] = []
    changed[2]["plays"] = []
    assert verify_main([str(_write(tmp_path / "evening.jsonl", changed))]) == 1
    out = capsys.readouterr().out
    assert "line 3: NOT VERIFIED: the deal is not the one seed" in out
    assert "evening 2026: NOT VERIFIED: deal 1, round 2: its cards are not the deal's" in out


def test_a_round_moved_otherwise_is_refused(tmp_path: Path, evening: list[dict[str, Any]],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    changed = copy.deepcopy(evening)
    changed[3]["duplicate"]["round"] = 0  # deal 2 played twice as its first round
    assert verify_main([str(_write(tmp_path / "evening.jsonl", changed))]) == 1
    assert "NOT VERIFIED: deal 2, round 1 is there twice" in capsys.readouterr().out
