"""hearts verify: honest records verify; a changed card is pointed at exactly."""

from __future__ import annotations

import copy
import gzip
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from hearts import Hand, Rules, RuleSet
from hearts.__main__ import main as hearts_main
from hearts.arena.duplicate import play_deal
from hearts.arena.players import Settings, parse_player
from hearts.hand import HandRecordError, read_record
from hearts.verify import Verdict, unreadable, verify_record


@pytest.fixture(scope="module")
def honest() -> dict[str, Any]:
    result = play_deal(Rules(), 21, 2, parse_player("club"),
                       parse_player("casual"), Settings())
    return result.hands[1]


def verdict_on(data: dict[str, Any]) -> Verdict:
    """What ``hearts verify`` says of ``data`` as a file holds it: read whole where it
    arrives, else checked as far as its fields read (a changed card leaves the
    cards after it illegal)."""
    try:
        record = read_record(data)
    except HandRecordError as error:
        return unreadable(data, error)
    return verify_record(record)


def _changed_play(record: dict[str, Any], start: int) -> tuple[dict[str, Any], int]:
    """The record with the first play from ``start`` on that had a choice changed to
    another legal card."""
    for number in range(start, len(record["plays"])):
        before = Hand.from_record({**record, "plays": record["plays"][:number]})
        others = [str(c) for c in before.legal_plays() if str(c) != record["plays"][number]]
        if others:
            changed = copy.deepcopy(record)
            changed["plays"][number] = others[0]
            return changed, number
    raise AssertionError("no play had a choice")


def test_an_honest_record_verifies(honest: dict[str, Any]) -> None:
    verdict = verify_record(read_record(honest))
    assert verdict.verified, verdict.message
    assert verdict.checked == 52 + 4
    assert "the deal is the one its seed deals" in verdict.message
    assert "56 decisions of casual, club" in verdict.message


def test_a_changed_card_is_pointed_at(honest: dict[str, Any]) -> None:
    changed, number = _changed_play(honest, 17)
    verdict = verdict_on(changed)
    assert not verdict.verified
    hand = Hand.from_record({**honest, "plays": honest["plays"][:number]})
    seat = hand.turn
    assert seat is not None
    player = honest["players"][seat]
    assert verdict.message.startswith(
        f"differs at plays[{number}] (trick {number // 4 + 1}, card {number % 4 + 1}): "
        f"{seat} ({player['player']}, seed {player['seed']}) played {changed['plays'][number]}, "
        f"but from {seat}'s view it chooses {honest['plays'][number]}")
    assert verdict.checked == 4 + number + 1


def test_a_changed_pass_and_a_changed_deal(honest: dict[str, Any]) -> None:
    changed = copy.deepcopy(honest)
    south = changed["passes"][0]
    dealt = changed["deal"][south["seat"]]
    south["cards"] = [c for c in dealt if c not in south["cards"] and c != "QS"][:3]
    verdict = verdict_on(changed)
    assert not verdict.verified and verdict.message.startswith("differs at passes[0] (passing)")
    rigged = copy.deepcopy(honest)
    rigged["deal"]["south"][0], rigged["deal"]["west"][0] = (
        rigged["deal"]["west"][0], rigged["deal"]["south"][0])
    verdict = verdict_on(rigged)
    assert not verdict.verified
    assert verdict.message.startswith(f"the deal is not the one seed {honest['seed']} deals")


def test_records_without_our_players_or_seed(honest: dict[str, Any]) -> None:
    anonymous = {k: v for k, v in honest.items() if k not in ("players", "seed")}
    verdict = verify_record(read_record(anonymous))
    assert verdict.verified and verdict.checked == 0
    assert "no seed" in verdict.message and "no decisions are checked" in verdict.message
    people = copy.deepcopy(honest)
    for seat in people["players"]:
        seat["player"] = "human"
    assert "not checked: human" in verify_record(read_record(people)).message


def test_the_command(tmp_path: Path, honest: dict[str, Any],
                     capsys: pytest.CaptureFixture[str]) -> None:
    single = tmp_path / "hand.json"
    single.write_text(json.dumps(honest, indent=2))
    with pytest.raises(SystemExit) as exit_:
        hearts_main(["verify", str(single)])
    assert exit_.value.code == 0
    out = capsys.readouterr().out
    assert "the file: verified:" in out and "1 of 1 hands verified" in out
    changed, number = _changed_play(honest, 30)
    lines = tmp_path / "hands.jsonl"
    lines.write_text(json.dumps(honest) + "\n" + json.dumps(changed) + "\n")
    with pytest.raises(SystemExit) as exit_:
        hearts_main(["verify", str(lines)])
    assert exit_.value.code == 1
    out = capsys.readouterr().out
    assert "line 1: verified" in out
    assert f"line 2: NOT VERIFIED: differs at plays[{number}]" in out
    assert "1 of 2 hands verified" in out
    (tmp_path / "bad.jsonl").write_text("{nope\n")
    with pytest.raises(SystemExit) as exit_:
        hearts_main(["verify", str(tmp_path / "bad.jsonl")])
    assert exit_.value.code == 2
    assert "line 1: not JSON" in capsys.readouterr().err


def test_the_command_reads_gzipped_results(tmp_path: Path, honest: dict[str, Any],
                                           capsys: pytest.CaptureFixture[str]) -> None:
    packed = tmp_path / "run.jsonl.gz"
    header = {"format": "hearts-arena-results"}
    with gzip.open(packed, "wt", encoding="utf-8") as file:
        file.write(json.dumps(header) + "\n" + json.dumps({"deal": 0, "hands": [honest]}) + "\n")
    with pytest.raises(SystemExit) as exit_:
        hearts_main(["verify", str(packed)])
    assert exit_.value.code == 0
    assert "line 2, hand 1: verified" in capsys.readouterr().out
    broken = tmp_path / "broken.jsonl.gz"
    broken.write_bytes(b"not gzip at all")
    with pytest.raises(SystemExit) as exit_:
        hearts_main(["verify", str(broken)])
    assert exit_.value.code == 2
    assert f"cannot read {broken}" in capsys.readouterr().err


def test_the_help_page_tells_players_how_to_check_a_hand() -> None:
    from hearts.tui.help import HELP_TEXT, unwrap

    text = unwrap(HELP_TEXT)
    assert "never see a card you cannot see" in text
    assert "hearts verify hands.jsonl" in text and "seed and the hand number" in text
    assert "hearts history --export hands.jsonl" in text


def test_a_stand_in_decision_is_checked_against_the_player_that_made_it() -> None:
    """West's Club player fails every card; Casual stands in, the record says so, and
    verify rebuilds those decisions with Casual."""
    from hearts import Seat
    from hearts.ai import Level, Player, make_player
    from hearts.options import Options
    from hearts.table import Outcome, Table, seat_state
    from hearts.table import events as ev
    from hearts.table.driver import Driver
    from hearts.view import Phase

    class Broken:
        def __init__(self, seed: int) -> None:
            self.inner = make_player(Level.CLUB, seed)

        def choose_pass(self, view: Any) -> Any:
            return self.inner.choose_pass(view)

        def choose_play(self, view: Any) -> Any:
            raise RuntimeError("no card today")

    def factory(level: Level, seed: int) -> Player:
        if level is Level.CLUB and seed % 4 == Seat.WEST:
            return Broken(seed)
        return make_player(level, seed)

    table = Table(Options(), seed=4, level=Level.CLUB)
    driver = Driver(table, factory)
    driver.start()
    driver.send(ev.Deal(Seat.SOUTH))
    cards = [c for c in seat_state(table, Seat.SOUTH).cards if str(c) != "QS"][:3]
    driver.send(ev.Pass(Seat.SOUTH, tuple(cards)))
    hand = table.hand
    assert hand is not None
    while hand.phase is not Phase.OVER:
        legal = seat_state(table, Seat.SOUTH).legal
        driver.send(ev.Play(Seat.SOUTH, min(legal, key=lambda c: c.rank)))
    assert hand.stand_ins and {s.seat for s in hand.stand_ins} == {Seat.WEST}
    assert {s.player for s in hand.stand_ins} == {"casual"}
    assert any(said.notice.outcome is Outcome.LOWER_LEVEL for said in driver.said)
    record = hand.to_record()
    assert verify_record(record).verified
    wrong = record.to_json()
    wrong["stand_ins"] = [{**entry, "player": "club"} for entry in wrong["stand_ins"]]
    assert not verify_record(read_record(wrong)).verified


def test_records_from_before_the_queen_could_be_passed_still_verify() -> None:
    # a Classic hand as 0.3.0 recorded it: its rules name no pass_queen (off)
    kept = replace(RuleSet.CLASSIC.rules(), pass_queen=False)
    record = play_deal(kept, 5, 0, parse_player("club"), parse_player("casual"),
                       Settings()).hands[0]
    assert "pass_queen" not in record["rules"]
    verdict = verify_record(read_record(record))
    assert verdict.verified, verdict.message
    # the same deal under today's Classic, where the computer players may pass it
    record = play_deal(RuleSet.CLASSIC.rules(), 5, 0, parse_player("club"),
                       parse_player("casual"), Settings()).hands[0]
    assert record["rules"]["pass_queen"] is True
    assert any("QS" in entry["cards"] for entry in record["passes"])  # West passes it
    verdict = verify_record(read_record(record))
    assert verdict.verified, verdict.message


def test_a_file_is_read_once_and_a_broken_hand_is_reported_on_its_line(
        tmp_path: Path, honest: dict[str, Any], capsys: pytest.CaptureFixture[str]) -> None:
    from hearts.hand import HandRecordError
    from hearts.records import read_records

    broken = {k: v for k, v in honest.items() if k != "deal"}
    changed, number = _changed_play(honest, 30)
    lines = tmp_path / "hands.jsonl"
    lines.write_text("\n".join(json.dumps(r) for r in (honest, broken, changed)) + "\n")
    first, second, third = read_records(lines)
    assert first.where == "line 1" and first.record == read_record(honest)
    assert isinstance(second.parsed, HandRecordError) and second.data == broken
    with pytest.raises(HandRecordError, match="deal is missing"):
        second.record  # noqa: B018 - the property raises
    assert isinstance(third.parsed, HandRecordError)  # later cards are illegal after it
    with pytest.raises(SystemExit) as exit_:
        hearts_main(["verify", str(lines)])
    assert exit_.value.code == 1
    out = capsys.readouterr().out
    assert "line 1: verified" in out
    assert "line 2: NOT VERIFIED: not a hand record: hand record: deal is missing" in out
    assert f"line 3: NOT VERIFIED: differs at plays[{number}]" in out
    assert "1 of 3 hands verified" in out
    assert verify_record(read_record(honest)).verified  # typed, read by the caller
