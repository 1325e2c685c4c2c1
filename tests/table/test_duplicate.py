"""A duplicate evening at a table (hearts.duplicate): each deal's rounds hold its
cards moved round the seats, the computers holding the same cards are seeded
alike and see the deal as first dealt, the standings add up the differences
from the others who held the same cards, and a person who drops mid-evening
is stood in for by the player of their cards, on the record."""

from __future__ import annotations

import json
import random
from dataclasses import replace
from fractions import Fraction

import pytest

from hearts import Phase, Seat
from hearts.ai import make_player
from hearts.duplicate import (
    DuplicateMatch,
    Evening,
    EveningError,
    Standing,
    base_view,
    check_evening,
    deal_round,
    evening_standings,
    player_seed,
    standings,
    to_base,
)
from hearts.hand import Hand
from hearts.rules import Rules
from hearts.table import Computer, Notice, NoticeKind, Person, Stage
from hearts.table import events as ev
from hearts.table.driver import Driver
from hearts.verify import verify_evenings, verify_record
from hearts.words import catalogue
from hearts.words.standings import standings_text

from ..schemas import check
from .helpers import make_driver, progress_event

RULES = Rules()


def play_evening_hand(driver: Driver, pick: random.Random, limit: int = 400) -> Hand:
    """Deal the next hand and play it out, the people choosing at random."""
    table = driver.table
    driver.send(ev.Deal(Seat.SOUTH))
    for _ in range(limit):
        hand = table.hand
        assert hand is not None
        if hand.phase is Phase.OVER and table.stage is Stage.IDLE:
            return hand
        event = progress_event(table, pick)
        assert event is not None, (table.stage, hand.turn)
        driver.send(event)
    raise AssertionError("the hand never ended")


def evening_driver(seats: tuple[object, ...], evening: Evening, seed: int = 99,
                   grace: float | None = None) -> Driver:
    """A started table of ``seats`` playing one duplicate evening at Beginner level,
    the computers real players (seeded as the evening says)."""
    driver = make_driver(seats, factory=make_player, grace=grace)  # type: ignore[arg-type]
    table = driver.table
    table.match = DuplicateMatch(table.rules, seed, evening, "beginner")
    return driver


def test_the_people_decide_how_often_each_deal_comes_round() -> None:
    assert Evening.for_people(3, 1) == Evening(3, 2)
    assert Evening.for_people(3, 2) == Evening(3, 2)
    assert Evening.for_people(3, 3) == Evening(3, 4)
    assert Evening.for_people(3, 4) == Evening(3, 4)
    with pytest.raises(ValueError):
        Evening(0, 2)
    with pytest.raises(ValueError):
        Evening(2, 3)


def test_the_rounds_come_round_one_deal_after_another_each_deal_first_seen_elsewhere() -> None:
    evening = Evening(4, 4)
    places = [evening.place(5, number) for number in range(evening.hands)]
    assert [(p.deal, p.round) for p in places[:5]] == [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)]
    for deal in range(4):  # every deal: each seat holds each hand once
        assert sorted(p.shift for p in places if p.deal == deal) == [0, 1, 2, 3]
    # the first round of the four deals moves the cards 0, 1, 2 and 3 seats
    assert [p.shift for p in places[:4]] == [0, 1, 2, 3]
    across = Evening(2, 2)
    assert [across.place(5, n).shift for n in range(4)] == [0, 2, 2, 0]


def test_every_round_of_a_deal_holds_its_cards_moved_round_the_seats() -> None:
    evening = Evening(2, 4)
    base = [deal_round(RULES, evening.place(11, deal), "club") for deal in range(2)]
    for number in range(evening.hands):
        place = evening.place(11, number)
        hand = deal_round(RULES, place, "club")
        first = base[place.deal]
        first_shift = evening.place(11, place.deal).shift
        for seat in Seat:
            cards = seat.offset(place.shift)  # where these cards were dealt
            assert hand.dealt(seat) == first.dealt(cards.offset(-first_shift))
            assert hand.players is not None
            assert hand.players[seat].seed == player_seed(place, seat)
        assert hand.dealer.offset(place.shift) == Seat(place.deal % 4)
        assert hand.duplicate == place and not any(hand.scores)
    assert base[0].dealt(Seat.SOUTH) != base[1].dealt(Seat.SOUTH)


def test_the_computers_holding_the_same_cards_play_them_the_same_in_every_round() -> None:
    driver = evening_driver((Computer(),) * 4, Evening(2, 4))
    pick = random.Random(1)
    hands = [play_evening_hand(driver, pick) for _ in range(8)]
    assert driver.table.match.over
    for deal in range(2):
        rounds = [hand for hand in hands if hand.duplicate is not None
                  and hand.duplicate.deal == deal]
        assert len(rounds) == 4
        first = rounds[0]
        assert first.duplicate is not None
        for hand in rounds[1:]:
            assert hand.duplicate is not None
            assert hand.plays == first.plays  # the same cards, in the same order
            moved = hand.duplicate.shift - first.duplicate.shift
            assert all(hand.points[seat] == first.points[seat.offset(moved)] for seat in Seat)
    # four computers: everyone took exactly what the others took with the same cards
    assert all(row.difference == 0 and row.hands == 8 for row in standings(hands))
    said = [s.notice for s in driver.said if s.notice.kind is NoticeKind.STANDINGS]
    assert len(said) == 8 and said[-1].text is not None
    assert said[-1].standings == evening_standings(driver.table.match)  # type: ignore[arg-type]
    assert said[-1].text == ("Duplicate evening over: South (computer) 0, West (computer) 0, "
                             "North (computer) 0, East (computer) 0 (lower is better)")


def test_a_computer_sees_the_deal_as_first_dealt_at_every_step() -> None:
    driver = evening_driver((Person("Ann"), Computer(), Computer(), Computer()), Evening(1, 2))
    pick = random.Random(4)
    for _ in range(2):
        hand = play_evening_hand(driver, pick)
        assert hand.duplicate is not None
        record = hand.to_record()
        first = to_base(record)
        for plays in range(0, 53, 5):
            now = Hand.from_record(record.cut(plays))
            then = Hand.from_record(first.cut(plays))
            for seat in Seat:
                assert base_view(now.view(seat), hand.duplicate.shift) \
                    == then.view(seat.offset(hand.duplicate.shift))


def test_the_standings_are_the_points_less_the_others_on_the_same_cards() -> None:
    driver = evening_driver((Person("Ann"), Computer(), Person("Bob"), Computer()),
                            Evening(2, 2))
    pick = random.Random(8)
    hands = [play_evening_hand(driver, pick) for _ in range(4)]
    expected: dict[Seat, Fraction] = dict.fromkeys(Seat, Fraction(0))
    for hand in hands:
        place = hand.duplicate
        assert place is not None
        other = next(h for h in hands if h.duplicate is not None
                     and h.duplicate.deal == place.deal and h.duplicate.round != place.round)
        assert other.duplicate is not None
        for seat in Seat:  # the seat of the other round that held these cards
            where = seat.offset(place.shift - other.duplicate.shift)
            expected[seat] += hand.points[seat] - other.points[where]
    board = {row.seat: row for row in standings(hands)}
    assert {seat: row.difference for seat, row in board.items()} == expected
    assert sum(expected.values()) == 0  # two rounds: one's gain is another's loss
    assert [row.name for row in standings(hands)][:2] in (["Ann", "Bob"], ["Bob", "Ann"])
    assert board[Seat.SOUTH].person and not board[Seat.WEST].person
    assert board[Seat.SOUTH].points == sum(hand.points[Seat.SOUTH] for hand in hands)
    text = standings_text(evening_standings(driver.table.match))  # type: ignore[arg-type]
    rows = {row.name: row for row in board.values()}
    assert text == (f"Duplicate evening over: {words(rows, 'Ann')}, {words(rows, 'Bob')} "
                    "(lower is better)") or text == (
                    f"Duplicate evening over: {words(rows, 'Bob')}, {words(rows, 'Ann')} "
                    "(lower is better)")
    winners = driver.table.match.winners
    best = min(row.difference for row in board.values())
    assert winners and all(board[seat].difference == best for seat in winners)


def words(rows: dict[str, Standing], name: str) -> str:
    """How the standings line gives ``name``'s difference (one decimal, signed)."""
    tenths = round(rows[name].difference * 10)
    sign = "+" if tenths > 0 else "-" if tenths < 0 else ""
    return f"{name} {sign}{abs(tenths) / 10:.1f}" if tenths else f"{name} 0"


def test_after_one_round_nobody_is_compared_yet() -> None:
    driver = evening_driver((Person("Ann"), Computer(), Computer(), Computer()), Evening(2, 2))
    play_evening_hand(driver, random.Random(2))
    rows = standings(driver.table.match.hands)
    assert all(row.hands == 0 for row in rows)
    text = standings_text(evening_standings(driver.table.match))  # type: ignore[arg-type]
    assert text == "Duplicate, deal 1 of 2, round 1 of 2: compared once a deal is played again"


def test_a_person_who_drops_is_stood_in_for_by_the_player_of_their_cards() -> None:
    driver = evening_driver((Person("Ann"), Computer(), Person("Bob"), Computer()),
                            Evening(1, 2), grace=30.0)
    table = driver.table
    pick = random.Random(3)
    play_evening_hand(driver, pick)
    driver.send(ev.Deal(Seat.SOUTH))
    for _ in range(12):  # a few passes and cards, then Bob drops
        event = progress_event(table, pick)
        if event is None:
            break
        driver.send(event)
    driver.send(ev.Drop(Seat.NORTH))  # the driver lets the grace time run out at once
    assert table.seating(Seat.NORTH).computer_decides
    for _ in range(400):
        hand = table.hand
        assert hand is not None
        if hand.phase is Phase.OVER and table.stage is Stage.IDLE:
            break
        event = progress_event(table, pick)
        assert event is not None
        driver.send(event)
    hand = table.hand
    assert hand is not None and hand.duplicate is not None and table.match.over
    stood = [s for s in hand.stand_ins if s.seat is Seat.NORTH]
    assert stood and all(s.seed == player_seed(hand.duplicate, Seat.NORTH) for s in stood)
    board = {row.name: row for row in standings(table.match.hands)}
    assert board["Bob"].stood_in == 1 and board["Bob"].hands == 2
    records = [h.to_record() for h in table.match.hands]
    assert all(verify_record(record).verified for record in records)
    [(_where, verdict)] = verify_evenings(records)
    assert verdict.verified, verdict.message


def test_an_evening_whose_cards_were_changed_is_refused() -> None:
    driver = evening_driver((Computer(),) * 4, Evening(1, 2))
    pick = random.Random(5)
    records = [play_evening_hand(driver, pick).to_record() for _ in range(2)]
    assert check_evening(records).startswith("evening 99: 2 hands of 1 deals")
    place = records[1].duplicate
    assert place is not None
    with pytest.raises(EveningError, match="moved 0 seats, not 2"):
        check_evening([records[0], replace(records[1], duplicate=place._replace(shift=0))])
    with pytest.raises(EveningError, match="there twice"):
        check_evening([records[0], records[0]])
    with pytest.raises(EveningError, match="different evenings"):
        check_evening([records[0], replace(records[1], duplicate=place._replace(evening=100))])
    swapped = list(records[1].deal)
    swapped[0], swapped[1] = swapped[1], swapped[0]
    with pytest.raises(EveningError, match="not the deal's"):
        check_evening([records[0], replace(records[1], deal=tuple(swapped))])


def test_the_standings_say_who_had_help() -> None:
    driver = evening_driver((Person("Ann"), Computer(), Person("Bob"), Computer()),
                            Evening(1, 2))
    pick = random.Random(6)
    hands = [play_evening_hand(driver, pick) for _ in range(2)]
    hands[1].assisted.add(Seat.SOUTH)  # as a hint in that hand would have marked it
    board = {row.name: row for row in standings(hands)}
    assert board["Ann"].assisted == 1 and board["Bob"].assisted == 0
    text = standings_text(evening_standings(driver.table.match))  # type: ignore[arg-type]
    assert "Ann " in text and "(1 assisted)" in text and text.count("assisted") == 1


def test_the_standings_notice_is_data_each_front_end_words_from_the_catalogue(
        monkeypatch: pytest.MonkeyPatch) -> None:
    driver = evening_driver((Person("Ann"), Computer(), Person("Bob"), Computer()),
                            Evening(1, 2))
    pick = random.Random(6)
    for _ in range(2):
        play_evening_hand(driver, pick)
    said = [s.notice for s in driver.said if s.notice.kind is NoticeKind.STANDINGS]
    first, last = said[0].standings, said[-1].standings
    assert first is not None and last is not None
    assert (first.finished, first.over, first.deal, first.round, first.rows) == (1, False, 1, 1, ())
    assert (last.finished, last.over, last.rounds) == (2, True, 2)
    assert [row.name for row in last.rows] in (["Ann", "Bob"], ["Bob", "Ann"])  # the people's
    # over the network exactly, a difference of thirds included
    for notice in said:
        assert Notice.from_json(json.loads(json.dumps(notice.to_json()))) == notice
        check({"type": "notice", "version": 3, "notice": notice.to_json()}, "server.json")
    thirds = replace(last, rows=tuple(replace(row, difference=Fraction(-7, 3))
                                      for row in last.rows))
    sent = Notice(NoticeKind.STANDINGS, standings=thirds)
    assert Notice.from_json(json.loads(json.dumps(sent.to_json()))) == sent
    assert "-2.3" in standings_text(thirds)
    # the words are the catalogue's: another language's entries give other words
    monkeypatch.setitem(catalogue("en")["standings"], "over", "Soirée terminée")
    monkeypatch.setitem(catalogue("en")["standings"], "line", "{where} : {names}")
    assert standings_text(last).startswith("Soirée terminée : ")
    assert not standings_text(last).endswith("(lower is better)")


@pytest.mark.parametrize("forged", [
    {"rows": "x"}, {"rows": [{"seat": "south", "difference": [1, 0]}]},
    {"rows": [{"seat": "middle", "difference": [1, 1]}]},
    {"rows": [{"seat": "south", "difference": [1, 1], "hands": -1}]},
    {"rows": [{"seat": "south", "name": None, "difference": [1, 1], "hands": 1, "points": 1,
               "stood_in": 0, "assisted": 0}] * 65},
])
def test_forged_standings_are_refused(forged: dict[str, object]) -> None:
    data = {"finished": 1, "over": False, "deal": 1, "deals": 1, "round": 1, "rounds": 2,
            "rows": []} | forged
    with pytest.raises(ValueError):
        Notice.from_json({"kind": "standings", "standings": data})
