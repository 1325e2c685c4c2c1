"""What one seat sees (:func:`hearts.table.seat_state`), checked after every event
of random matches: it survives JSON, another seat's hidden cards cannot change
it, and it offers a seat only its own cards."""

from __future__ import annotations

import copy
import itertools
import json
import random
from collections.abc import Sequence

import pytest

from hearts import Card, Phase, Seat
from hearts.ai import Level
from hearts.hand import Hand
from hearts.options import Options
from hearts.table import (
    Computer,
    Decide,
    Person,
    SeatSpec,
    SeatState,
    Stage,
    Table,
    Wait,
    display_order,
    seat_state,
)
from hearts.table import events as ev
from hearts.table.driver import Driver

from .helpers import QS, make_driver, progress_event, two_people

TWO_OF_CLUBS = Card.parse("2C")
CARDS = Card.all()
SEATINGS: tuple[tuple[SeatSpec, ...], ...] = (
    two_people(),
    (Person("Ann"), Person("Cy"), Computer(), Person("Di")),
    (Person("Ann"), Person("Cy"), Person("Bob"), Person("Di")),
    (Computer(), Person("Cy"), Computer(level=Level.CASUAL), Computer()),
)


# --- random events ----------------------------------------------------------------------


def bad_event(table: Table, pick: random.Random) -> ev.Event:
    """Anything a person (or a stranger to the table) might send, good or bad."""
    seat = pick.choice(list(Seat))  # a computer's seat too: refused
    card = pick.choice(CARDS)
    events: list[ev.Event] = [ev.Play(seat, card),
                              ev.Pass(seat, tuple(pick.sample(CARDS, 3))),
                              ev.Continue(seat), ev.Deal(seat),
                              ev.Undo(seat), ev.AskHint(seat)]
    return pick.choice(events)


def random_event(driver: Driver, seen: Sequence[Decide | Wait],
                 pick: random.Random) -> ev.Event | None:
    """One random event: mostly the game moving on (an answer, a pause over, a
    person's card or pass), some bad or late ones, now and then new options or an
    abandoned match."""
    table = driver.table
    roll = pick.random()
    due = list(driver.due)
    decisions = [r for r in due if isinstance(r, Decide)]
    if roll < 0.6:
        progress = progress_event(table, pick)
        if decisions and (progress is None or pick.random() < 0.5):
            request: Decide | Wait = pick.choice(decisions)
        elif progress is not None:
            return progress
        elif due:
            request = pick.choice(due)
        else:
            return ev.Deal(pick.choice(table.people))
        driver.due.remove(request)
        return driver.answer(request)
    if roll < 0.85:
        return bad_event(table, pick)
    if roll < 0.9:
        if not decisions:
            return None
        return ev.Decided(pick.choice(decisions).token,  # an answer against the rules
                          tuple(pick.sample(CARDS, pick.randint(0, 3))))
    if roll < 0.95:
        if not seen:
            return None
        old = pick.choice(seen)  # a late or repeated answer
        return pick.choice([ev.Elapsed(old.token), ev.Failed(old.token, "RuntimeError: late"),
                            driver.answer(old)])
    if roll < 0.997:
        return ev.OptionsChanged(Options(target=pick.choice((50, 100)),
                                         forced_cards=pick.random() < 0.5))
    return ev.Abandon()


# --- the checks ------------------------------------------------------------------------


def hidden(table: Table, hand: Hand, seat: Seat) -> list[Card]:
    """``seat``'s cards no other seat has seen or can infer: held since the deal,
    neither passed, received nor played; not the 2 of clubs (it leads), nor
    the queen of spades (the first trick's rule tells it from the other spades)."""
    seen = {TWO_OF_CLUBS, QS, *hand.received(seat), *hand.passed(seat)}
    dealt = set(hand.dealt(seat))
    return [c for c in hand.holding(seat) if c in dealt and c not in seen]


def swapped(table: Table, a: Seat, b: Seat, c: Card, d: Card) -> Table:
    """A copy of ``table`` whose hand was dealt with ``a``'s ``c`` and ``b``'s ``d``
    exchanged, replayed from its record through the same passes and plays."""
    hand = table.hand
    assert hand is not None
    record = hand.record()
    for seat, old, new in ((a, c, d), (b, d, c)):
        record["deal"][seat.name.lower()] = [str(new if x == old else x)
                                             for x in hand.dealt(seat)]
    twin_hand = Hand.from_record(record)
    assert d in twin_hand.holding(a) and c in twin_hand.holding(b)
    twin = copy.copy(table)
    twin.match = copy.copy(table.match)
    twin.match.hands = [*table.match.hands[:-1], twin_hand]
    if table.shown_trick is not None:
        twin.shown_trick = twin_hand.tricks[-1]
    return twin


def check_hidden_swaps(table: Table, states: dict[Seat, SeatState],
                       pick: random.Random) -> int:
    """For every seat that can be checked, swap two cards of one suit between two
    other seats, where nothing anyone saw could tell: the state of each seat that
    holds neither card must not change, while one that holds one of them sees it.
    How many swaps were made."""
    hand = table.hand
    if hand is None:
        return 0
    secret = {seat: hidden(table, hand, seat) for seat in Seat}
    unchecked = set(Seat)
    pairs = list(itertools.combinations(Seat, 2))
    pick.shuffle(pairs)
    swaps = 0
    for a, b in pairs:
        if not unchecked - {a, b}:
            continue
        candidates = [(c, d) for c in secret[a] for d in secret[b] if c.suit == d.suit]
        if not candidates:
            continue
        twin = swapped(table, a, b, *pick.choice(candidates))
        for seat in Seat:
            if seat not in (a, b):
                assert seat_state(twin, seat) == states[seat], (seat, a, b)
        assert seat_state(twin, a) != states[a]  # the check can see a difference
        unchecked -= {seat for seat in Seat if seat not in (a, b)}
        swaps += 1
        if not unchecked:
            break
    return swaps


def check_own_cards(table: Table, seat: Seat, state: SeatState) -> None:
    """Only the seat's own cards are offered to it, and only on its turn."""
    hand = table.hand
    assert state.seat == seat
    if hand is None:
        assert state.view is None and not (state.passable or state.passed or state.raised
                                           or state.legal or state.trick)
        return
    assert state.view == hand.view(seat)
    held = set(hand.holding(seat))
    assert state.cards == sorted(held, key=display_order)
    if state.legal:
        assert hand.turn == seat and table.to_play(seat)
    if table.to_play(seat):
        assert state.legal == set(hand.legal_plays())
    else:
        assert state.legal == frozenset()
    assert state.legal <= held
    assert state.passable <= held
    if state.passable:
        assert set(hand.passable(seat)) == state.passable and table.stage is Stage.PASSING
    if not table.is_person(seat):
        assert state.passable == frozenset() and state.actions == frozenset()
    assert state.passed in ((), hand.passed(seat))
    assert set(state.passed) <= set(hand.dealt(seat))
    assert state.raised <= held | set(hand.passed(seat))


def check_states(table: Table, pick: random.Random) -> int:
    """Check every seat's state; how many hidden swaps were made."""
    states = {seat: seat_state(table, seat) for seat in Seat}
    for seat, state in states.items():
        data = state.to_json()
        text = json.dumps(data)
        assert json.loads(text) == data
        assert SeatState.from_json(json.loads(text)) == state
        check_own_cards(table, seat, state)
    return check_hidden_swaps(table, states, pick)


@pytest.mark.parametrize("number", range(8))
def test_every_seats_state_is_sound_after_every_event_of_a_random_match(number: int) -> None:
    pick = random.Random(number)
    seating = SEATINGS[number % len(SEATINGS)]
    driver = make_driver(seats=seating, seed=number, hold=True, level=Level.CASUAL,
                         turn_seconds=30.0 if number >= len(SEATINGS) else None)
    table = driver.table
    seen: dict[int, Decide | Wait] = {}
    swaps = cards_played = 0
    driver.send(ev.Deal(table.people[0]))
    for _ in range(220):
        event = random_event(driver, list(seen.values()), pick)
        if event is not None:
            driver.send(event)
        seen.update((r.token, r) for r in driver.due)
        hand = table.hand
        if hand is not None and hand.phase is not Phase.OVER:
            cards_played = max(cards_played, len(hand.plays))
        swaps += check_states(table, pick)
    assert swaps > 100 and cards_played >= 12  # the checks met hands being played
