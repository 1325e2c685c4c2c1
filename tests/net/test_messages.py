"""The network messages: what a client may send, and what one seat is sent."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.match import Match
from hearts.net import messages as msg
from hearts.net.errors import ErrorCode
from hearts.options import Options
from hearts.table import (
    Computer,
    Decide,
    Notice,
    NoticeKind,
    PromptKind,
    SeatState,
    Table,
    restore,
    seat_state,
)
from hearts.table import events as ev
from hearts.table.driver import Driver


def test_a_join_is_read() -> None:
    join = msg.read_client(json.dumps(msg.join_message("abc", "  Ann   Lee ", "t")))
    assert join == msg.Join("abc", "Ann Lee", "t")


def test_deeply_nested_json_is_a_bad_message_not_a_crash() -> None:
    with pytest.raises(msg.MessageError, match="nested too deeply") as caught:
        msg.read_client("[" * 4000)
    assert caught.value.code is ErrorCode.BAD_MESSAGE


@pytest.mark.parametrize(("text", "reason", "code"), [
    ("", "not JSON", ErrorCode.BAD_MESSAGE),
    ("[1]", "a message must be a JSON object", ErrorCode.BAD_MESSAGE),
    ('{"type":"join","version":1,"code":"a","name":"b"}', "speaks version 2",
     ErrorCode.VERSION),
    ('{"type":"join","version":2,"code":"a","name":"   "}', "at least one letter or digit",
     ErrorCode.BAD_NAME),
    ('{"type":"join","version":2,"code":"a","name":"' + "n" * 30 + '"}',
     "at most 24 characters", ErrorCode.BAD_NAME),
    ('{"type":"join","version":2,"code":"a","name":"Eve\\u202e\\u0007"}',
     "control or formatting", ErrorCode.BAD_NAME),
    ('{"type":"fly"}', "unknown message type 'fly'", ErrorCode.BAD_MESSAGE),
    ('{"type":"act","action":"undo"}', "unknown action 'undo'", ErrorCode.BAD_MESSAGE),
    ('{"type":"act","action":"move","step":1}', "unknown action 'move'", ErrorCode.BAD_MESSAGE),
    ('{"type":"act","action":"use","card":"1X"}', "is not a card", ErrorCode.BAD_MESSAGE),
    ('{"type":"act","action":"use"}', "is not a card", ErrorCode.BAD_MESSAGE),
    ('{"type":"act","action":"choose"}', "is not a card", ErrorCode.BAD_MESSAGE),
    ("x" * (msg.MAX_MESSAGE_BYTES + 1), "message too big", ErrorCode.TOO_BIG),
])
def test_bad_messages_are_refused_with_a_reason_and_a_code(text: str, reason: str,
                                                            code: ErrorCode) -> None:
    with pytest.raises(msg.MessageError, match=reason) as caught:
        msg.read_client(text)
    assert caught.value.code is code


@pytest.mark.parametrize("event", [
    ev.Deal(Seat.NORTH), ev.PassChosen(Seat.NORTH), ev.Clear(Seat.NORTH),
    ev.Continue(Seat.NORTH), ev.AskHint(Seat.NORTH), ev.Use(Seat.NORTH, Card.parse("QS")),
    ev.Choose(Seat.NORTH, Card.parse("10H")),
])
def test_every_event_a_client_sends_comes_back_as_the_same_event(event: ev.PersonEvent
                                                                 ) -> None:
    message = msg.act_message(event)
    assert message is not None
    act = msg.read_client(msg.encode(message))
    assert isinstance(act, msg.Act)
    assert msg.event_of(act, Seat.NORTH) == event


def test_undo_is_not_carried_and_leave_is_read() -> None:
    assert msg.act_message(ev.Undo(Seat.SOUTH)) is None
    assert msg.read_client('{"type":"leave"}') == msg.Leave()


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=200), st.binary(max_size=200),
    _JSON.map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from(["join", "act", "leave", "x"]),
                           "action": st.sampled_from([*msg.ActKind, "undo", 3]),
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


def _state(table: Table, seat: Seat) -> str:
    return msg.encode(msg.state_message(seat_state(table, seat), 1))


@pytest.mark.parametrize("plays", [0, 5, 22])
def test_a_seat_is_sent_nothing_of_the_others_hidden_cards(plays: int) -> None:
    table = _mid_hand(plays)
    swapped = _swapped(table, Seat.WEST, Seat.NORTH)
    assert swapped.hand is not None and table.hand is not None
    assert swapped.hand.holding(Seat.WEST) != table.hand.holding(Seat.WEST)
    assert _state(swapped, Seat.SOUTH) == _state(table, Seat.SOUTH)
    # the comparison can fail: the seat's own cards do show
    own = _swapped(table, Seat.SOUTH, Seat.NORTH)
    assert _state(own, Seat.SOUTH) != _state(table, Seat.SOUTH)


def test_a_state_and_a_notice_come_back_as_they_were_sent() -> None:
    table = _mid_hand(5)
    state = seat_state(table, Seat.EAST)
    assert msg.read_state(json.loads(msg.encode(msg.state_message(state, 7)))) == (state, 7)
    notice = Notice(NoticeKind.HINT, cards=(Card.parse("QS"), Card.parse("2C"),
                                            Card.parse("AH")))
    assert msg.read_notice(json.loads(msg.encode(msg.notice_message(notice)))) == notice
    with pytest.raises(ValueError, match="seq"):
        msg.read_state({"type": "state", "state": state.to_json()})


# --- docs/network.md describes these messages: a test holds them together ----------

DOCS = Path(__file__).parents[2] / "docs" / "network.md"


def _documented(heading: str) -> set[str]:
    """The names in the first column of the first table under ``heading``."""
    lines = DOCS.read_text(encoding="utf-8").splitlines()
    start = lines.index(heading)
    table = []
    for line in lines[start + 1:]:
        if line.startswith("|"):
            table.append(line)
        elif table or line.startswith("#"):
            break
    assert len(table) > 2, f"no table under {heading}"
    names: set[str] = set()
    for line in table[2:]:  # below the header and its rule
        names.update(re.findall(r"`([a-z_-]+)`", line.split("|")[1]))
    return names


def test_the_document_names_every_field_of_a_seat_state() -> None:
    table = _mid_hand(5)
    fields = set(seat_state(table, Seat.SOUTH).to_json())
    assert _documented("### The seat state") == fields


def test_the_document_names_every_action_error_code_and_notice_kind() -> None:
    assert _documented("### Actions") == {kind.value for kind in msg.ActKind}
    assert _documented("### Error codes") == {code.value for code in ErrorCode}
    assert _documented("### Notices") == {kind.value for kind in NoticeKind}
    assert _documented("### Prompts") == {kind.value for kind in PromptKind}
    assert _documented("### Client to server") == {"join", "act", "leave"}
    assert _documented("### Server to client") == {"welcome", "state", "notice", "hand",
                                                   "error"}
    text = DOCS.read_text(encoding="utf-8")
    assert f"version {msg.NETWORK_VERSION}" in text.splitlines()[0]


def test_the_server_side_loads_without_textual() -> None:
    import subprocess
    import sys

    code = ("import sys, hearts.net.server, hearts.net.cli, hearts.net.bench\n"
            "print(any(m == 'textual' or m.startswith(('textual.', 'hearts.tui'))"
            " for m in sys.modules))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60).stdout.strip()
    assert out == "False"


def test_a_field_from_a_newer_version_is_left_out() -> None:
    notice = Notice(NoticeKind.FORCED_CARD, card=Card.parse("2C"))
    newer = {**notice.to_json(), "colour": "red"}
    assert Notice.from_json(newer) == notice
    table = _mid_hand(5)
    state = seat_state(table, Seat.SOUTH)
    newer_state = {**state.to_json(), "mood": "cheerful"}
    newer_state["prompt"] = {**newer_state["prompt"], "hint": 1}
    assert SeatState.from_json(newer_state) == state
