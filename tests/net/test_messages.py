"""The network messages: what a client may send, and what one seat is sent."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.match import Match
from hearts.net import messages as msg
from hearts.options import Options
from hearts.table import Computer, Decide, Table, restore
from hearts.table import events as ev
from hearts.table.driver import Driver

NAMES = ["South", "West", "North", "East"]
HERE = [True, False, False, False]


def test_a_join_is_read() -> None:
    join = msg.read_client(json.dumps({"type": "join", "version": 1, "code": "abc",
                                       "name": "  Ann   Lee ", "token": "t"}))
    assert join == msg.Join("abc", "Ann Lee", "t")


@pytest.mark.parametrize(("text", "reason"), [
    ("", "not JSON"),
    ("[1]", "a message must be a JSON object"),
    ('{"type":"join","version":2,"code":"a","name":"b"}', "speaks version 1"),
    ('{"type":"join","version":1,"code":"a","name":"   "}', "at least one letter or digit"),
    ('{"type":"join","version":1,"code":"a","name":"' + "n" * 30 + '"}', "at most 24 characters"),
    ('{"type":"fly"}', "unknown message type 'fly'"),
    ('{"type":"act","action":"undo"}', "unknown action 'undo'"),
    ('{"type":"act","action":"use","card":"1X"}', "is not a card"),
    ('{"type":"act","action":"choose"}', "is not a card"),
    ('{"type":"act","action":"move","step":true}', "'step' must be a whole number"),
    ("x" * (msg.MAX_MESSAGE_BYTES + 1), "message too big"),
])
def test_bad_messages_are_refused_with_a_reason(text: str, reason: str) -> None:
    with pytest.raises(msg.MessageError, match=reason):
        msg.read_client(text)


def test_acts_are_read() -> None:
    assert msg.read_client('{"type":"act","action":"use","card":"QS"}') == \
        msg.Act("use", card=Card.parse("QS"))
    assert msg.read_client('{"type":"act","action":"move","step":-1}') == \
        msg.Act("move", step=-1)
    assert msg.read_client('{"type":"act","action":"use"}') == msg.Act("use")  # the highlight
    assert msg.read_client('{"type":"leave"}') == msg.Leave()


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=200), st.binary(max_size=200),
    _JSON.map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(["join", "act", "leave", "x"]),
                           "action": st.sampled_from([*msg.ACTIONS, "undo", 3]),
                           "card": st.text(max_size=4) | st.integers(),
                           "step": st.integers() | st.text(max_size=3),
                           "version": st.integers(0, 2), "code": st.text(max_size=70),
                           "name": st.text(max_size=30)}).map(json.dumps)))
def test_any_message_is_read_or_refused_with_a_message_error(text: str | bytes) -> None:
    try:
        msg.read_client(text)
    except msg.MessageError as error:
        assert str(error)


def _mid_hand(plays: int) -> Table:
    """A table of four computer players, stopped ``plays`` cards into its first hand."""
    table = Table(Options(difficulty=1), 11, [Computer()] * 4)
    driver = Driver(table)
    driver.hold = True
    driver.start()
    driver.send(ev.Deal(Seat.SOUTH))
    while table.hand is not None and len(table.hand.plays) < plays:
        request = next((r for r in driver.due if isinstance(r, Decide)), driver.due[0])
        driver.due.remove(request)
        driver._take(table.handle(driver.answer(request)))
    return table


def _swapped(table: Table, first: Seat, second: Seat) -> Table:
    """The same table, but ``first`` and ``second`` hold each other's lowest unplayed
    card of a suit both hold (neither passed nor received)."""
    hand = table.hand
    assert hand is not None
    record: dict[str, Any] = hand.record()
    moved = {c for p in record["passes"] for c in p["cards"]}
    mine = [c for c in hand.holding(first) if str(c) not in moved]
    theirs = [c for c in hand.holding(second) if str(c) not in moved]
    a, b = next((x, y) for x in mine for y in theirs if x.suit == y.suit)
    deal = record["deal"]
    for name, out, into in ((first.name.lower(), a, b), (second.name.lower(), b, a)):
        deal[name] = [str(into) if c == str(out) else c for c in deal[name]]
    other = Table(table.options, table.seed, table.seats)
    match = Match(table.match.rules, table.match.seed)
    match.hands = [Hand.from_record(record)]
    restore(other, match, table.state(), table.assisted)
    return other


@pytest.mark.parametrize("plays", [0, 5, 22])
def test_a_seat_is_sent_nothing_of_the_others_hidden_cards(plays: int) -> None:
    table = _mid_hand(plays)
    swapped = _swapped(table, Seat.WEST, Seat.NORTH)
    assert swapped.hand is not None and table.hand is not None
    assert swapped.hand.holding(Seat.WEST) != table.hand.holding(Seat.WEST)
    sent = msg.encode(msg.state_message(table, Seat.SOUTH, NAMES, HERE))
    assert msg.encode(msg.state_message(swapped, Seat.SOUTH, NAMES, HERE)) == sent
    # the comparison can fail: the seat's own cards do show
    own = _swapped(table, Seat.SOUTH, Seat.NORTH)
    assert msg.encode(msg.state_message(own, Seat.SOUTH, NAMES, HERE)) != sent


def test_the_server_side_loads_without_textual() -> None:
    import subprocess
    import sys

    code = ("import sys, hearts.net.server, hearts.net.cli, hearts.net.bench\n"
            "print(any(m == 'textual' or m.startswith(('textual.', 'hearts.tui'))"
            " for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60).stdout.strip()
    assert out == "False"
