"""A seat's state as flat parts (what a network table sends): put back together,
the parts are the seat's state built afresh, at every step of random tables
(undos, hold hands, abandons and new options included), whether or not the parts
were built at the steps between."""

from __future__ import annotations

import random

import pytest

from hearts.ai import Level
from hearts.cards import Seat
from hearts.table import Decide, Person, Wait, seat_state, sheet_rows
from hearts.table import events as ev
from hearts.table.seatparts import Flat, StateParts, nest, update_flat
from hearts.table.seatstate import actions_of, prompt_of, shared_actions, shared_prompt

from .helpers import make_driver, progress_event
from .test_fuzz import OPS, RARE, SEATINGS, fuzz_step


@pytest.mark.parametrize("seed", range(8))
def test_the_parts_put_together_are_the_state_built_afresh(seed: int) -> None:
    pick = random.Random(seed)
    driver = make_driver(seats=SEATINGS[seed % len(SEATINGS)], seed=seed, hold=True,
                         level=Level.CLUB, turn_seconds=30.0 if seed % 2 else None)
    driver.send(ev.Deal(driver.table.people[0]))
    parts = StateParts()
    seen: dict[int, Decide | Wait] = {}
    compared = 0
    for _ in range(600):
        op = pick.choice(RARE) if pick.random() < 0.003 else pick.choice(OPS)
        fuzz_step(driver, list(seen.values()), op, random.Random(pick.random()), checked=False)
        seen.update((r.token, r) for r in driver.due)
        if pick.random() < 0.3:
            continue  # the parts are not built at every step
        table = driver.table
        deadlines = {token: 1000.0 + token for token in table.waiting_on}
        public = parts.public(table, deadlines, ("Zoe",))
        sheet = sheet_rows(table.match)
        shared = shared_prompt(table)
        for seat in Seat:
            truth = seat_state(table, seat, sheet, deadlines, ("Zoe",)).to_json()
            assert nest(public, parts.own(table, seat)) == truth
            # what is made once for all the seats is what each would have had
            assert shared is None or prompt_of(table, seat) == shared
            assert actions_of(table, seat, shared_actions(table)) == actions_of(table, seat)
            compared += 1
    assert compared > 1000


def test_a_finished_tricks_row_and_the_seats_are_made_once() -> None:
    # the hand's view is built from the hand at every card, but the rows of the
    # tricks already finished stay the same objects (and who sits where, while
    # nobody moves): nothing to compare or keep
    driver = make_driver(seats=[Person(name) for name in ("Ann", "Bob", "Cy", "Di")])
    driver.send(ev.Deal(Seat.SOUTH))
    parts = StateParts()
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
