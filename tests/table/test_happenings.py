"""What happened at the table (hearts.table.happenings): told by the table as it
moves, each card, trick, pass and seat move once, in order; the passed and
received cards to their seat alone, so that hidden cards never change what a
watcher or another seat is told."""

from __future__ import annotations

import random

import pytest

from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.table import Computer, Person, Table
from hearts.table import events as ev
from hearts.table import happenings as hp
from hearts.table.driver import Driver

from .helpers import (
    deal_and_pass,
    make_driver,
    play_out_hand,
    progress_event,
    two_people,
)


def _told(table: Table) -> list[hp.Happening]:
    return [happening for _, happening in table.happenings.since(0)]


def test_a_hand_tells_every_card_trick_and_pass_in_order() -> None:
    driver = make_driver()
    table = driver.table
    passed = deal_and_pass(driver)
    play_out_hand(driver)
    hand = table.hand
    assert hand is not None
    told = _told(table)
    assert told[0] == hp.Dealt(1)
    direction = hand.pass_direction
    passes = [h for h in told if isinstance(h, hp.Passed)]
    assert sorted(p.seat for p in passes) == list(Seat)
    assert all(p.to == direction.target(p.seat) for p in passes)
    mine = [h for h in told if isinstance(h, hp.PassedCards) and h.seat is Seat.SOUTH]
    assert [sorted(m.cards) for m in mine] == [sorted(passed)]
    received = {h.seat: h for h in told if isinstance(h, hp.Received)}
    for seat in Seat:
        assert received[seat].cards == hand.received(seat)
        assert received[seat].giver == direction.source(seat)
    # every card, in the order played; each trick after its fourth card
    cards = [h for h in told if isinstance(h, hp.Played)]
    assert [h.card for h in cards] == list(hand.plays)
    tricks = [h for h in told if isinstance(h, hp.TrickTaken)]
    assert [t.seat for t in tricks] == [t.winner for t in hand.tricks]
    assert [t.trick for t in tricks] == list(range(1, 14))
    rules = hand.rules
    assert [t.points for t in tricks] == [sum(rules.card_points(c) for c in t.cards)
                                          for t in hand.tricks]
    for number, trick in enumerate(hand.tricks):
        index = told.index(tricks[number])
        assert [h.card for h in told[:index] if isinstance(h, hp.Played)][-4:] \
            == list(trick.cards)
    assert told[-1] == hp.HandEnded(1, hand.points, hand.shooter)
    broken = [h for h in told if isinstance(h, hp.HeartsBroken)]
    first_heart = next(h for h in cards if h.card.suit.name == "HEARTS")
    assert broken == [hp.HeartsBroken(first_heart.seat)]
    assert told.index(broken[0]) == told.index(first_heart) + 1


def test_the_log_keeps_the_hand_in_play_and_the_one_before() -> None:
    driver = make_driver()
    table = driver.table
    for number in (1, 2, 3):
        deal_and_pass(driver) if table.match.rules.pass_direction(number - 1).value \
            else driver.send(ev.Deal(Seat.SOUTH))
        play_out_hand(driver)
        hand = table.happenings.hand()
        assert hand[0][1] == hp.Dealt(number)
        assert hand[-1][1] == hp.HandEnded(number, table.match.hands[-1].points,
                                           table.match.hands[-1].shooter)
        assert [n for n, _ in hand] == list(range(hand[0][0], table.happenings.last + 1))
    kept = table.happenings.since(0)
    assert sum(isinstance(h, hp.Dealt) for _, h in kept) == 2  # the hand before, and this
    assert table.happenings.since(table.happenings.last) == []


def test_seat_moves_are_told() -> None:
    driver = make_driver(seats=(Person("Ann"), Computer(), Person("Bob"), Computer()),
                         grace=30.0, hold=True)
    table = driver.table
    start = table.happenings.last
    driver.send(ev.Drop(Seat.NORTH))
    driver.send(ev.Return(Seat.NORTH))
    driver.send(ev.Leave(Seat.NORTH))
    driver.send(ev.Sit(Seat.NORTH, "Cy"))
    driver.send(ev.FreeSeat(Seat.NORTH))
    driver.send(ev.SeatComputer(Seat.NORTH))
    driver.send(ev.Drop(Seat.SOUTH))
    token = table.grace_token(Seat.SOUTH)
    assert token is not None
    driver.send(ev.Elapsed(token))
    told = [h for _, h in table.happenings.since(start)]
    assert told == [hp.Dropped(Seat.NORTH, "Bob"), hp.CameBack(Seat.NORTH, "Bob"),
                    hp.Left(Seat.NORTH, "Bob"), hp.SatDown(Seat.NORTH, "Cy"),
                    hp.Freed(Seat.NORTH, "Cy"), hp.ComputerSeated(Seat.NORTH, None),
                    hp.Dropped(Seat.SOUTH, "Ann"), hp.StoodIn(Seat.SOUTH, "Ann")]


def test_an_undo_is_told() -> None:
    driver = make_driver()
    table = driver.table
    deal_and_pass(driver)
    hand = table.hand
    assert hand is not None
    while hand.turn is not Seat.SOUTH:
        driver.send(ev.Continue(Seat.SOUTH))
    card = hand.legal_plays()[0]
    driver.send(ev.Play(Seat.SOUTH, card))
    after = [h.card for _, h in table.happenings.hand() if isinstance(h, hp.Played)]
    index = after.index(card)
    driver.send(ev.Undo(Seat.SOUTH))
    last = table.happenings.hand()[-1][1]
    assert last == hp.TakenBack(Seat.SOUTH, len(after) - index)  # (which: hidden again)


def test_each_happening_reads_back_from_its_json() -> None:
    table_of_all: list[hp.Happening] = [
        hp.Dealt(3), hp.Passed(Seat.WEST, Seat.NORTH),
        hp.PassedCards(Seat.WEST, Seat.NORTH, tuple(map(Card.parse, ("QS", "AH", "2C")))),
        hp.Received(Seat.EAST, Seat.NORTH, tuple(map(Card.parse, ("10D", "3C", "KH")))),
        hp.PassTakenBack(Seat.SOUTH), hp.Played(Seat.NORTH, Card.parse("QS")),
        hp.HeartsBroken(Seat.EAST), hp.TrickTaken(Seat.SOUTH, 4, 13),
        hp.TakenBack(Seat.SOUTH, 3),
        hp.HandEnded(2, (0, 26, 0, 0), None), hp.HandEnded(2, (26, 0, 26, 26), Seat.WEST),
        hp.SatDown(Seat.NORTH, "Bob"), hp.Dropped(Seat.NORTH, "Bob"),
        hp.CameBack(Seat.NORTH, "Bob"), hp.StoodIn(Seat.WEST, None),
        hp.Left(Seat.NORTH, "Bob"), hp.Freed(Seat.EAST, None),
        hp.ComputerSeated(Seat.EAST, "Cy")]
    assert {type(h) for h in table_of_all} == set(hp.KINDS)
    for number, happening in enumerate(table_of_all, 1):
        assert hp.read_happening(hp.numbered_json(number, happening)) == (number, happening)
    assert hp.read_happening({"n": 1, "kind": "fireworks"}) is None
    bad: object
    for bad in ({"n": "1", "kind": "dealt", "hand": 1}, {"n": 1, "kind": "played"},
                {"n": 1, "kind": "played", "seat": "up", "card": "QS"},
                {"n": 1, "kind": "received", "seat": "west", "from": "east", "cards": "QS"},
                []):
        with pytest.raises(ValueError):
            hp.read_happening(bad)


@pytest.mark.parametrize("seed", range(12))
def test_hidden_cards_never_reach_a_watcher_or_another_seat(seed: int) -> None:
    """At every step of random hands (people's random legal moves, computer
    players, undo refused or not), each card a seat is told of is its own (dealt
    or received) or one played already; a watcher is told only cards played. So a
    card hidden from a seat, wherever it lies, changes nothing it is told."""
    rng = random.Random(seed)
    driver = make_driver(seats=two_people(), seed=seed)
    table = driver.table
    for _ in range(2):
        driver.send(ev.Deal(Seat.SOUTH))
        hand = table.hand
        assert hand is not None
        for _ in range(200):
            for _, happening in table.happenings.hand():
                played = set(hand.plays)
                for seat in (None, *Seat):
                    if not hp.visible(happening, seat):
                        continue
                    known = played if seat is None else \
                        played | set(hand.dealt(seat)) | set(hand.received(seat))
                    shown = set(getattr(happening, "cards", ()))
                    if isinstance(happening, hp.Played):
                        shown.add(happening.card)
                    assert shown <= known, (seat, happening)
            event = progress_event(table, rng)
            if event is None:
                break
            driver.send(event)
        assert hand.phase.name == "OVER"


def test_only_the_passer_and_the_receiver_are_told_the_cards() -> None:
    driver = make_driver(seats=two_people())
    table = driver.table
    driver.send(ev.Deal(Seat.SOUTH))
    deal_cards = {seat: table.hand.holding(seat) for seat in Seat}  # type: ignore[union-attr]
    for person in (Seat.SOUTH, Seat.NORTH):
        hand = table.hand
        assert hand is not None
        if not hand.passed(person):
            driver.send(ev.Pass(person, tuple(hand.passable(person)[:3])))
    for number, happening in table.happenings.hand():
        for seat in (None, *Seat):
            if not hp.visible(happening, seat):
                continue
            shown = getattr(happening, "cards", ())
            if isinstance(happening, hp.PassedCards):
                assert seat == happening.seat
                assert set(shown) <= set(deal_cards[happening.seat])
            elif isinstance(happening, hp.Received):
                assert seat == happening.seat
            else:
                assert not shown, (number, happening)


def test_what_an_undo_took_back_is_forgotten() -> None:
    driver = make_driver()
    table = driver.table
    deal_and_pass(driver)
    hand = table.hand
    assert hand is not None
    while hand.turn is not Seat.SOUTH:
        driver.send(ev.Continue(Seat.SOUTH))
    driver.send(ev.Play(Seat.SOUTH, hand.legal_plays()[0]))
    plays = len(hand.plays)
    driver.send(ev.Undo(Seat.SOUTH))
    kept = [h.card for _, h in table.happenings.hand() if isinstance(h, hp.Played)]
    assert kept == list(hand.plays)  # the cards back in the hands are hidden again
    assert len(kept) < plays
    numbers = [n for n, _ in table.happenings.since(0)]
    assert numbers == sorted(set(numbers))


def _four_people_at_the_deal(seed: int, swap: tuple[Card, Card] | None) -> Driver:
    """A table of four people at the start of a hand dealt from ``seed``, restored
    from its record (``swap``: two cards that trade places in the deal)."""
    from hearts.match import Match
    from hearts.options import Options
    from hearts.table import restore

    table = Table(Options(), seed, [Person(name) for name in ("Ann", "Bob", "Cat", "Dan")])
    original = Match(table.match.rules, table.match.seed)
    hand = original.deal()
    record = hand.record()
    if swap is not None:
        for seat, cards in record["deal"].items():
            record["deal"][seat] = [str(swap[1]) if c == str(swap[0]) else
                                    str(swap[0]) if c == str(swap[1]) else c for c in cards]
    match = Match(table.match.rules, table.match.seed)
    match.hands = [Hand.from_record(record)]
    restore(table, match, {**table.state(), "stage": "passing", "deals": 1}, False)
    driver = Driver(table)
    driver.start()
    return driver


def _told_to(driver: Driver, seat: Seat | None) -> list[tuple[int, hp.Happening]]:
    return [(n, h) for n, h in driver.table.happenings.since(0) if hp.visible(h, seat)]


@pytest.mark.parametrize("seed", range(10))
def test_two_deals_that_differ_in_hidden_cards_tell_the_same(seed: int) -> None:
    """Two tables whose deals differ only in a card West and North trade (same
    suit, neither passed), played alike: while neither card is played, South,
    East and a watcher are told exactly the same, number for number; once one
    is, everyone is told the difference (the comparison can fail)."""
    rng = random.Random(seed)
    plain = _four_people_at_the_deal(seed, None)
    hand = plain.table.hand
    assert hand is not None
    west, north = hand.holding(Seat.WEST), hand.holding(Seat.NORTH)
    pairs = [(a, b) for a in west for b in north if a.suit == b.suit]
    a, b = rng.choice(pairs)
    swapped = _four_people_at_the_deal(seed, (a, b))
    other = swapped.table.hand
    assert other is not None and other.holding(Seat.WEST) != west
    for seat in Seat:  # the same passes, never the traded cards
        cards = tuple(c for c in hand.passable(seat) if c not in (a, b))[:3]
        plain.send(ev.Pass(seat, cards))
        swapped.send(ev.Pass(seat, cards))
    differed = False
    for _ in range(60):
        for told in (None, Seat.SOUTH, Seat.EAST):
            same = _told_to(plain, told) == _told_to(swapped, told)
            assert same or differed, told
        turn = hand.turn
        if turn is None:
            break
        legal = [c for c in hand.legal_plays() if c in other.legal_plays()]
        card = rng.choice(legal or hand.legal_plays())  # (else: a traded card, must)
        plain.send(ev.Play(turn, card))
        swapped.send(ev.Play(turn, card if card not in (a, b) else (b if card == a else a)))
        differed = differed or card in (a, b)
    assert differed  # (a traded card is played at the latest when it is all that is left)
    assert _told_to(plain, None) != _told_to(swapped, None)


def test_the_log_is_bounded_when_nobody_deals() -> None:
    log = hp.HappeningLog()
    for number in range(hp.MAX_KEPT * 3):
        log.add(hp.SatDown(Seat.NORTH, f"P{number}") if number % 2 else hp.Left(Seat.NORTH, "x"))
    kept = log.since(0)
    assert len(kept) == hp.MAX_KEPT == len(log.hand())
    assert kept[-1][0] == log.last == hp.MAX_KEPT * 3
    log.add(hp.Dealt(1))
    log.add(played := hp.played(Seat.WEST, Card.parse("2C")))
    assert [h for _, h in log.hand()] == [hp.Dealt(1), played]
