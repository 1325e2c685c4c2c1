"""The one projection of what a seat and a watcher see (:mod:`hearts.table.projection`):
every field declared once with who may see it; the public part and a seat's own
part nest into exactly the seat's whole state, which the typed value reads back
as it is; a projection kept from change to change (building again only what
moved) gives what one built afresh gives, at every step of random tables (undos,
hold hands, abandons and new options included); and the hidden cards of other
seats can change neither a watcher's view nor a seat's."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from hearts.ai import Level
from hearts.cards import Seat
from hearts.table import Decide, Person, SeatState, Table, Wait
from hearts.table import events as ev
from hearts.table.projection import FIELDS, Flat, Projection, Sees, nest, seat_state, update_flat
from hearts.table.reading import actions_of, prompt_of, shared_actions, shared_prompt
from hearts.view import Phase, Trick
from tests.engine.helpers import reachable

from .helpers import make_driver, progress_event
from .test_fuzz import OPS, RARE, SEATINGS, fuzz_step
from .test_seat_state import SEATINGS as MANY_SEATINGS
from .test_seat_state import hidden, random_event, swapped


def watcher_state(table: Table, watchers: tuple[str, ...] = ()) -> dict[str, Any]:
    """What a watcher of ``table`` is sent, whole."""
    projection = Projection()
    return nest(projection.public(table, None, watchers), projection.watcher())


def test_every_field_is_declared_once_with_who_sees_it() -> None:
    paths = [field.path for field in FIELDS]
    assert len(paths) == len(set(paths))
    for field in FIELDS:
        # a field of the seat's own has what a watcher sees instead; a public one
        # is the same for all, and needs none
        assert (field.watcher is not None) is (field.sees is Sees.SEAT), field.path
    # the declaration names every field of the typed value's JSON, and no other
    driver = make_driver(seats=[Person(name) for name in ("Ann", "Bob", "Cy", "Di")])
    before = seat_state(driver.table, Seat.SOUTH).to_json()
    driver.send(ev.Deal(Seat.SOUTH))
    during = seat_state(driver.table, Seat.SOUTH).to_json()
    assert before["view"] is None
    assert {(key,) for key in before if key != "view"} | {
        ("view", key) for key in during["view"]} == set(paths)


@pytest.mark.parametrize("seed", range(8))
def test_the_parts_nest_into_the_state_and_a_kept_projection_is_a_fresh_one(seed: int
                                                                          ) -> None:
    pick = random.Random(seed)
    driver = make_driver(seats=SEATINGS[seed % len(SEATINGS)], seed=seed, hold=True,
                         level=Level.CLUB, turn_seconds=30.0 if seed % 2 else None)
    driver.send(ev.Deal(driver.table.people[0]))
    kept = Projection()
    seen: dict[int, Decide | Wait] = {}
    compared = 0
    for _ in range(600):
        op = pick.choice(RARE) if pick.random() < 0.003 else pick.choice(OPS)
        fuzz_step(driver, list(seen.values()), op, random.Random(pick.random()), checked=False)
        seen.update((r.token, r) for r in driver.due)
        if pick.random() < 0.3:
            continue  # the kept projection is not asked at every step
        table = driver.table
        deadlines = {token: 1000.0 + token for token in table.waiting_on}
        fresh = Projection()
        public = kept.public(table, deadlines, ("Zoe",))
        assert public == fresh.public(table, deadlines, ("Zoe",))
        assert kept.watcher() == fresh.watcher()
        shared = shared_prompt(table)
        for seat in Seat:
            own = kept.own(table, seat)
            assert own == fresh.own(table, seat)
            assert not public.keys() & own.keys()  # each field in one part only
            whole = nest(public, own)
            # the whole state, read as the typed value, is written back as it was
            state = SeatState.from_json(json.loads(json.dumps(whole)))
            assert state.to_json() == whole
            assert state == seat_state(table, seat, deadlines, ("Zoe",))
            # what is made once for all the seats is what each would have had
            assert shared is None or prompt_of(table, seat) == shared
            assert actions_of(table, seat, shared_actions(table)) == actions_of(table, seat)
            compared += 1
    assert compared > 1000


def test_a_watcher_sees_the_public_part_and_no_seats_own() -> None:
    driver = make_driver(seats=[Person(name) for name in ("Ann", "Bob", "Cy", "Di")])
    table = driver.table
    assert watcher_state(table)["view"] is None
    driver.send(ev.Deal(Seat.SOUTH))
    pick = random.Random(5)
    for _ in range(30):
        state = watcher_state(table, ("Wes",))
        assert state["seat"] is None and state["actions"] == [] and not state["assisted"]
        assert state["passable"] == state["passed"] == state["raised"] == state["legal"] == []
        view = state["view"]
        assert view["seat"] is None
        assert view["hand"] == view["passed"] == view["received"] == view["legal"] == []
        assert state["watchers"] == ["Wes"]
        assert state["prompt"]["kind"] not in ("choose", "received")
        assert "next_lead" not in state["prompt"]
        event = progress_event(table, pick)
        assert event is not None
        driver.send(event)


@pytest.mark.parametrize("number", range(6))
def test_hidden_cards_change_neither_a_watchers_view_nor_another_seats(number: int) -> None:
    # the same public history, the cards two seats hold unseen exchanged: what a
    # watcher sees and what each other seat sees stay the same, while the two
    # seats themselves see the difference (so the check can see one)
    pick = random.Random(number)
    driver = make_driver(seats=MANY_SEATINGS[number % len(MANY_SEATINGS)], seed=number,
                         hold=True, level=Level.CASUAL)
    table = driver.table
    seen: dict[int, Decide | Wait] = {}
    driver.send(ev.Deal(table.people[0]))
    swaps = 0
    for _ in range(160):
        event = random_event(driver, list(seen.values()), pick)
        if event is not None:
            driver.send(event)
        seen.update((r.token, r) for r in driver.due)
        hand = table.hand
        if hand is None:
            continue
        secret = {seat: hidden(table, hand, seat) for seat in Seat}
        watched = watcher_state(table)
        projection = Projection()
        public = projection.public(table)
        owns = {seat: projection.own(table, seat) for seat in Seat}
        for a, b in ((a, b) for a in Seat for b in Seat if a < b):
            pairs = [(c, d) for c in secret[a] for d in secret[b] if c.suit == d.suit]
            if not pairs:
                continue
            twin = swapped(table, a, b, *pick.choice(pairs))
            assert watcher_state(twin) == watched, (a, b)
            other = Projection()
            assert other.public(twin) == public
            for seat in Seat:
                if seat not in (a, b):
                    assert other.own(twin, seat) == owns[seat], (seat, a, b)
            assert other.own(twin, a) != owns[a]
            swaps += 1
    assert swaps > 100


def test_a_finished_tricks_row_and_the_seats_are_made_once() -> None:
    # the hand's view is built from the hand at every card, but the rows of the
    # tricks already finished stay the same objects (and who sits where, while
    # nobody moves): nothing to compare or keep
    driver = make_driver(seats=[Person(name) for name in ("Ann", "Bob", "Cy", "Di")])
    driver.send(ev.Deal(Seat.SOUTH))
    parts = Projection()
    pick = random.Random(3)
    table = driver.table
    rows: list[object] = []
    seats = parts.public(table)["seats",]
    while len(rows) < 4:
        event = progress_event(table, pick)
        assert event is not None
        driver.send(event)
        hand = table.hand
        assert hand is not None
        public = parts.public(table)
        assert public["seats",] is seats
        now = public["view", "tricks"]
        assert now == hand.view(Seat.SOUTH).public_json()["tricks"]
        assert all(a is b for a, b in zip(rows, now, strict=False))
        rows = now



def test_a_kept_projection_holds_no_finished_hands_tricks() -> None:
    # a match keeps its hands and a server a thousand matches: the score sheet's
    # rows of the hands finished are kept, their tricks are not (made again if asked)
    driver = make_driver(seats=[Person(name) for name in ("Ann", "Bob", "Cy", "Di")])
    parts = Projection()
    pick = random.Random(5)
    table = driver.table
    while len(table.match.hands) < 3:
        driver.send(progress_event(table, pick) or ev.Deal(Seat.SOUTH))
        parts.public(table)
    finished = {trick for hand in table.match.hands if hand.phase is Phase.OVER
                for trick in hand.tricks}
    assert len(finished) >= 26
    assert not [thing for thing in reachable(parts)
                if isinstance(thing, Trick) and thing in finished]


def test_changes_of_parts_are_the_values_that_differ() -> None:
    old = {("a",): 1, ("v", "x"): [1, 2]}
    assert update_flat(dict(old), {("a",): 1, ("v", "x"): [1, 2, 3]}) == [(("v", "x"), [1, 2, 3])]
    assert update_flat(dict(old), dict(old)) == []
    assert update_flat({("v",): None}, {("v", "x"): 1}) is None  # the paths moved


def test_a_part_kept_is_brought_to_the_new_one_in_place() -> None:
    # what a change makes lives on only for the values that changed: the part
    # kept stays one old object (fewer young objects for the garbage collector)
    kept: Flat = {("a",): ["x"], ("b",): 1, ("c",): {"k": 1}}
    values = dict(kept)
    new: Flat = {("a",): ["x"], ("b",): 2, ("c",): {"k": 1}}
    assert update_flat(kept, new) == [(("b",), 2)]
    assert kept == new
    assert kept[("a",)] is values[("a",)] and kept[("c",)] is values[("c",)]
    other: Flat = {("z",): 1}
    assert update_flat(kept, other) is None  # other paths: compare whole
    assert kept == new  # and the part kept is left as it was


def _name_lists(parts: Projection) -> int:
    """How many lists of cards' names the projection holds."""
    return sum(1 for thing in reachable(parts) if isinstance(thing, list)
               and all(isinstance(name, str) and len(name) == 2 for name in thing))


def test_a_projection_keeps_the_names_it_shows_not_every_set_of_a_hand() -> None:
    # a server builds a projection a table: each set of cards' names it made was
    # kept until 64 of each kind had been made (a card played makes three)
    driver = make_driver(seats=[Person(name) for name in ("Ann", "Bob", "Cy", "Di")])
    parts = Projection()
    pick = random.Random(7)
    table = driver.table
    most = 0
    while len(table.match.hands) < 3:
        driver.send(progress_event(table, pick) or ev.Deal(Seat.SOUTH))
        parts.public(table)
        for seat in Seat:
            parts.own(table, seat)
        most = max(most, _name_lists(parts))
    assert most <= 4 * 16 + 8
    # a set still shown keeps its list (the same object) as others come and go
    shown = parts.listed_names(0b111)
    for other in range(1, 16):
        assert parts.listed_names(other << 3) is not shown
        assert parts.listed_names(0b111) is shown
