"""The boards of a server (hearts.web.boards): a result is taken only as a hand's
record that verifies and was dealt the day's or the challenge's cards; a forged
or altered one is refused saying why; a name is its token's alone; the boards
are bounded, the results limited by address and network, and each board is kept
whole on disk."""

from __future__ import annotations

import copy
import json
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from hearts.cards import Seat
from hearts.challenge import Challenge, challenge_record
from hearts.daily import DailyDeal, daily_rules, day_record
from hearts.rules import Rules
from hearts.web.boards import (
    BoardLimits,
    BoardRefused,
    Boards,
    Claim,
    Result,
    check_claim,
    claim_of,
)

TODAY = date(2026, 12, 7)
RULES = daily_rules(Rules())


def as_person(record: dict[str, Any]) -> dict[str, Any]:
    """The par's hand with South named as a person (one who played as the Expert)."""
    out = copy.deepcopy(record)
    out["hand"]["players"][0] = {"seat": "south", "player": "human"}
    return out


@pytest.fixture(scope="module")
def daily() -> DailyDeal:
    return DailyDeal(TODAY, RULES)


@pytest.fixture(scope="module")
def honest(daily: DailyDeal) -> dict[str, Any]:
    hand = daily.par_hand()
    return as_person(day_record(daily, hand, hand.points[Seat.SOUTH]))


def check(record: dict[str, Any], par: int) -> list[Result]:
    return check_claim(claim_of(record, TODAY), {1: par})


def test_an_honest_result_verifies(honest: dict[str, Any]) -> None:
    [result] = check(honest, honest["par"])
    assert result == Result(1, honest["points"], honest["par"], False)


def test_an_assisted_result_is_taken_as_assisted(honest: dict[str, Any]) -> None:
    record = copy.deepcopy(honest)
    record["hand"]["assisted"] = ["south"]
    record["assisted"] = True
    [result] = check(record, honest["par"])
    assert result.assisted


def _forged(honest: dict[str, Any], how: str) -> dict[str, Any]:
    record = copy.deepcopy(honest)
    hand = record["hand"]
    if how == "altered card":  # two cards of the deal swapped between West and North
        hand["deal"]["west"][0], hand["deal"]["north"][0] = \
            hand["deal"]["north"][0], hand["deal"]["west"][0]
    elif how == "wrong seed":
        hand["seed"] += 1
    elif how == "assisted flag stripped":  # the hand's record says a hint helped
        hand["assisted"] = ["south"]
    elif how == "points":
        record["points"] -= 1
    elif how == "par":
        record["par"] -= 1
    elif how == "an Expert's play":  # the last two cards of a trick swapped
        hand["plays"][6], hand["plays"][7] = hand["plays"][7], hand["plays"][6]
    elif how == "unfinished":
        hand["plays"] = hand["plays"][:48]
    elif how == "an Expert's seed":
        hand["players"][2]["seed"] += 1
    return record


@pytest.mark.parametrize("how", ["altered card", "wrong seed", "assisted flag stripped",
                                 "points", "par", "an Expert's play", "unfinished",
                                 "an Expert's seed"])
def test_a_forged_or_altered_result_is_refused(honest: dict[str, Any], how: str) -> None:
    with pytest.raises(BoardRefused, match=r"does not verify|not a result") as refused:
        check(_forged(honest, how), honest["par"])
    assert refused.value.status == 400


def test_another_days_deal_is_refused(honest: dict[str, Any]) -> None:
    other = DailyDeal(TODAY - timedelta(days=3), RULES)
    hand = other.par_hand()
    record = as_person(day_record(other, hand, hand.points[Seat.SOUTH]))
    record["date"] = TODAY.isoformat()  # sent as today's
    with pytest.raises(BoardRefused, match="not the deal it names"):
        check(record, honest["par"])
    record["date"] = other.day.isoformat()  # sent as what it is: too old for the board
    with pytest.raises(BoardRefused, match="today's deal"):
        claim_of(record, TODAY)


def test_what_is_no_result_is_refused() -> None:
    data: object
    for data in (None, [], {"format": "hearts-hand"}, {"format": "hearts-daily", "version": 9},
                 {"format": "hearts-challenge", "version": 1, "code": "nope"}):
        with pytest.raises(BoardRefused):
            claim_of(data, TODAY)


def _claim(honest: dict[str, Any]) -> Claim:
    return claim_of(honest, TODAY)


def test_a_name_is_its_tokens_and_each_deals_first_result_stands(
        tmp_path: Path, honest: dict[str, Any]) -> None:
    boards = Boards(tmp_path / "boards")
    claim = _claim(honest)
    results = check(honest, honest["par"])
    boards.add(claim, "Ann", "token-ann", results, "t1")
    for name, token, why in (("ann", "token-eve", "already called Ann"),
                             ("Bob", "token-ann", "you are on this board as Ann"),
                             ("Ann", "token-ann", "first play")):
        with pytest.raises(BoardRefused, match=why) as refused:
            boards.check_room(claim, name, token)
        assert refused.value.status == 409
    boards.add(claim, "Bob", "token-bob", [Result(1, 3, honest["par"], True)], "t2")
    public = boards.board(claim.kind, claim.ident).public()
    assert [e["name"] for e in public["entries"]] == sorted(
        ["Ann", "Bob"], key=lambda n: 3 - honest["par"] if n == "Bob" else
        honest["points"] - honest["par"])
    assert "key" not in json.dumps(public)  # no token's trace is shown
    # kept whole on disk, with no token in it, and read again by a new server
    kept = boards.path(claim.kind, claim.ident)
    assert "token-ann" not in kept.read_text()
    again = Boards(tmp_path / "boards").board(claim.kind, claim.ident)
    assert [e["name"] for e in again.entries] == ["Ann", "Bob"]
    assert again.entries[1]["deals"]["1"]["assisted"] is True


def test_a_board_is_bounded_in_names_and_the_boards_in_number(
        tmp_path: Path, honest: dict[str, Any]) -> None:
    now = [0.0]
    boards = Boards(tmp_path / "boards", BoardLimits(names=2, boards=2), clock=lambda: now[0])
    claim = _claim(honest)
    result = [Result(1, 0, 0, False)]
    boards.add(claim, "Ann", "a", result, "t")
    boards.add(claim, "Bob", "b", result, "t")
    with pytest.raises(BoardRefused, match="full: it holds 2 names") as refused:
        boards.check_room(claim, "Cy", "c")
    assert refused.value.status == 507
    other = Claim("challenge", Challenge(1, RULES, 2).code, claim.deals)
    boards.add(other, "Ann", "a", result, "t")
    third = Claim("challenge", Challenge(2, RULES, 2).code, claim.deals)
    with pytest.raises(BoardRefused, match="as many boards as it may in a day"):
        boards.add(third, "Ann", "a", result, "t")
    assert not boards.path(third.kind, third.ident).exists()
    now[0] += 12 * 3600.0  # half a day on: one more board may be begun
    boards.add(third, "Ann", "a", result, "t")


def test_results_are_limited_by_address_network_and_in_all(tmp_path: Path) -> None:
    now = [0.0]
    boards = Boards(tmp_path, BoardLimits(per_address=3, per_network=5, per_hour=8),
                    clock=lambda: now[0])
    for _ in range(3):
        boards.admit("10.0.0.1")
    with pytest.raises(BoardRefused, match="one address") as refused:
        boards.admit("10.0.0.1")
    assert refused.value.status == 429
    boards.admit("10.0.0.2")
    boards.admit("10.0.0.3")
    with pytest.raises(BoardRefused, match="one network"):
        boards.admit("10.0.0.4")
    for number in range(3):
        boards.admit(f"10.0.{number + 1}.9")
    with pytest.raises(BoardRefused, match="this server"):
        boards.admit("10.0.9.9")
    now[0] += 3600.0  # an hour later, all is forgiven
    boards.admit("10.0.0.1")
    with pytest.raises(BoardRefused, match="one address"):
        boards.admit("10.0.0.1", deals=3)  # a challenge's record counts each deal


def test_a_broken_board_is_moved_aside_not_lost(tmp_path: Path, honest: dict[str, Any]
                                                ) -> None:
    said: list[str] = []
    boards = Boards(tmp_path, warn=said.append)
    claim = _claim(honest)
    path = boards.path(claim.kind, claim.ident)
    path.write_text("{not json")
    board = boards.board(claim.kind, claim.ident)
    assert board.entries == [] and said and "moved aside" in said[0]
    assert [p for p in tmp_path.iterdir() if p.name.endswith(".broken")]


def test_a_challenges_deals_go_on_its_board_side_by_side(tmp_path: Path) -> None:
    challenge = Challenge(987654321, RULES, 2)
    entries: list[dict[str, Any]] = []
    pars: dict[int, int] = {}
    for number in (1, 2):
        deal = challenge.deal(number)
        hand = deal.par_hand()
        entry: dict[str, Any] = {"deal": number, "points": hand.points[Seat.SOUTH],
                                 "par": hand.points[Seat.SOUTH], "assisted": False,
                                 "hand": hand.record()}
        entry["hand"]["players"][0] = {"seat": "south", "player": "human"}
        entries.append(entry)
        pars[number] = hand.points[Seat.SOUTH]
    record = challenge_record(challenge, "Cy", entries)
    claim = claim_of(record, TODAY)
    assert claim.kind == "challenge" and claim.ident == challenge.code and claim.name == "Cy"
    results = check_claim(claim, pars)
    board = Boards(tmp_path).add(claim, "Cy", "cy", results, "t")
    assert board.public()["deals"] == 2
    assert set(board.public()["entries"][0]["deals"]) == {"1", "2"}
    swapped = copy.deepcopy(record)  # deal 2's hand sent as deal 1's
    swapped["deals"][0]["hand"] = entries[1]["hand"]
    with pytest.raises(BoardRefused, match="deal 1"):
        check_claim(claim_of(swapped, TODAY), pars)


def test_two_workers_share_the_boards(tmp_path: Path, honest: dict[str, Any]) -> None:
    from hearts.net.server import TableServer
    from hearts.net.tables.table import TableConfig
    from hearts.web.daily import boards_folder

    worker = TableServer(tmp_path / "w2", TableConfig(), 0)
    worker.prefix = "w2-"
    alone = TableServer(tmp_path / "one", TableConfig(), 0)
    assert boards_folder(worker) == tmp_path / "web" / "boards"
    assert boards_folder(alone) == tmp_path / "one" / "web" / "boards"
    first, second = Boards(tmp_path / "shared"), Boards(tmp_path / "shared")
    claim = _claim(honest)
    result = [Result(1, 0, 0, False)]
    assert first.board(claim.kind, claim.ident).entries == []  # held by the first
    second.add(claim, "Bob", "b", result, "t")
    first.add(claim, "Ann", "a", result, "t")  # on top of Bob's, not over it
    for boards in (first, second):
        names = [e["name"] for e in boards.board(claim.kind, claim.ident).entries]
        assert names == ["Bob", "Ann"]
    with pytest.raises(BoardRefused, match="already called Bob"):
        first.check_room(claim, "bob", "x")


def test_a_result_a_computer_played_part_of_is_marked(tmp_path: Path, daily: DailyDeal,
                                                      honest: dict[str, Any]) -> None:
    record = copy.deepcopy(honest)  # South's pass made by a computer standing in
    record["hand"]["stand_ins"] = [{"seat": "south", "decision": "pass", "player": "expert",
                                    "seed": daily.player_seed(Seat.SOUTH)}]
    [result] = check(record, honest["par"])
    assert result.stood_in and not result.assisted
    board = Boards(tmp_path).add(_claim(record), "Ann", "a", [result], "t")
    assert board.entries[0]["deals"]["1"]["computer"] is True
    [plain] = check(honest, honest["par"])
    assert not plain.stood_in
