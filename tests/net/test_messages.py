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
from hearts.net.wire import messages as msg
from hearts.net.wire.errors import ErrorCode
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
    join = msg.client_json(msg.Join("abc", "  Ann   Lee ", "t", msg.Resume("e1", 4)))
    assert msg.read_client(json.dumps(join), None) == msg.Join("abc", "Ann Lee", "t",
                                                               msg.Resume("e1", 4))


def test_deeply_nested_json_is_a_bad_message_not_a_crash() -> None:
    with pytest.raises(msg.MessageError, match="nested too deeply") as caught:
        msg.read_client("[" * 4000, None)
    assert caught.value.code is ErrorCode.BAD_MESSAGE


@pytest.mark.parametrize(("text", "reason", "code"), [
    ("", "not JSON", ErrorCode.BAD_MESSAGE),
    ("[1]", "a message must be a JSON object", ErrorCode.BAD_MESSAGE),
    ('{"type":"join","version":2,"code":"a","name":"b"}', "speaks version 3",
     ErrorCode.VERSION),
    ('{"type":"watch","version":2,"code":"a","name":"b"}', "speaks version 3",
     ErrorCode.VERSION),
    ('{"type":"join","version":3,"code":"a","name":"   "}', "at least one letter or digit",
     ErrorCode.BAD_NAME),
    ('{"type":"join","version":3,"code":"a","name":"' + "n" * 30 + '"}',
     "at most 24 characters", ErrorCode.BAD_NAME),
    ('{"type":"join","version":3,"code":"a","name":"Eve\\u202e\\u0007"}',
     "control or formatting", ErrorCode.BAD_NAME),
    ('{"type":"join","version":3,"code":"a","name":"b","resume":{"epoch":"e","seq":-1}}',
     "resume.seq", ErrorCode.BAD_MESSAGE),
    ('{"type":"fly"}', "unknown message type 'fly'", ErrorCode.BAD_MESSAGE),
    ('{"type":"act","action":"deal"}', "unknown message type 'act'", ErrorCode.BAD_MESSAGE),
    ('{"type":"play","card":"1X"}', "is not a card", ErrorCode.BAD_MESSAGE),
    ('{"type":"play"}', "is not a card", ErrorCode.BAD_MESSAGE),
    ('{"type":"pass","cards":["2C","3C"]}', "three cards", ErrorCode.BAD_MESSAGE),
    ('{"type":"pass","cards":["2C","3C","ZZ"]}', "is not a card", ErrorCode.BAD_MESSAGE),
    ('{"type":"review","hand":0}', "number of a hand", ErrorCode.BAD_MESSAGE),
    ("x" * (msg.MAX_MESSAGE_BYTES + 1), "message too big", ErrorCode.TOO_BIG),
])
def test_bad_messages_are_refused_with_a_reason_and_a_code(text: str, reason: str,
                                                            code: ErrorCode) -> None:
    with pytest.raises(msg.MessageError, match=reason) as caught:
        msg.read_client(text, Seat.SOUTH)
    assert caught.value.code is code


C = Card.parse


@pytest.mark.parametrize("event", [
    ev.Deal(Seat.NORTH), ev.Pass(Seat.NORTH, (C("QS"), C("2C"), C("AH"))),
    ev.Play(Seat.NORTH, C("10H")), ev.Continue(Seat.NORTH), ev.AskHint(Seat.NORTH),
    ev.Undo(Seat.NORTH),
])
def test_every_command_a_client_sends_comes_back_as_the_same_event(event: ev.PersonEvent
                                                                   ) -> None:
    data = msg.client_json(event)
    assert "seat" not in data  # the server knows whose it is
    assert msg.read_client(msg.encode(data), Seat.NORTH) == event
    with pytest.raises(msg.MessageError, match="join first") as caught:
        msg.read_client(msg.encode(data), None)
    assert caught.value.code is ErrorCode.NOT_JOINED


@pytest.mark.parametrize("message", [
    msg.Leave(), msg.Sync(), msg.AskReview(), msg.AskReview(3),
    msg.Watch("w-code", "Zoe"), msg.Watch("w-code", "Zoe", msg.Resume("e", 9)),
    msg.Join("c", "Ann"), msg.React("gg"),
])
def test_every_other_client_message_comes_back_as_it_was_sent(
        message: msg.ClientMessage) -> None:
    assert msg.read_client(msg.encode(msg.client_json(message)), None) == message


_JSON = st.recursive(st.none() | st.booleans() | st.integers() | st.floats() | st.text(),
                     lambda inner: st.lists(inner, max_size=4)
                     | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=12)


@settings(max_examples=300, deadline=None)
@given(st.one_of(
    st.text(max_size=200), st.binary(max_size=200),
    _JSON.map(json.dumps),
    st.fixed_dictionaries({"type": st.sampled_from([*msg.COMMANDS, "join", "watch", "leave",
                                                    "review", "sync", "x"]),
                           "card": st.text(max_size=4) | st.integers(),
                           "cards": st.lists(st.text(max_size=3), max_size=4),
                           "hand": st.integers() | st.text(max_size=3),
                           "resume": _JSON,
                           "version": st.integers(0, 4), "code": st.text(max_size=70),
                           "name": st.text(max_size=30)}).map(json.dumps)),
    st.sampled_from([None, *Seat]))
def test_any_message_is_read_or_refused_with_a_message_error(text: str | bytes,
                                                             seat: Seat | None) -> None:
    try:
        msg.read_client(text, seat)
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
    return msg.server_text(msg.StateMessage(1, 0.0, seat_state(table, seat).to_json()))


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
    sent = msg.StateMessage(7, 1.5, state.to_json())
    back = msg.read_server(msg.server_text(sent))
    assert back == sent and isinstance(back, msg.StateMessage) and back.seat_state() == state
    notice = Notice(NoticeKind.HINT, cards=(Card.parse("QS"), Card.parse("2C"),
                                            Card.parse("AH")))
    assert msg.read_server(msg.server_text(msg.NoticeMessage(notice))) == \
        msg.NoticeMessage(notice)
    with pytest.raises(ValueError, match="seq"):
        msg.read_server({"type": "state", "now": 1, "state": state.to_json()})


@pytest.mark.parametrize("message", [
    msg.Welcome("seat", Seat.WEST, "tok", "t1", "ep"), msg.Welcome("watch", None, None, "t1", "e"),
    msg.ChangeMessage(8, 7, 2.0, ((("stage",), "idle"), (("view", "trick"), [["south", "2C"]]))),
    msg.HandMessage({"format": "hearts-hand"}, 12, Seat.NORTH),
    msg.ReviewMessage(2, Seat.EAST, {"decisions": []}),
    msg.ErrorMessage(ErrorCode.BAD_CODE, "no table has that code"),
    msg.Reaction(Seat.EAST, "nice"),
])
def test_every_server_message_comes_back_as_it_was_sent(message: msg.ServerMessage) -> None:
    text = msg.server_text(message)
    assert json.loads(text)["version"] == msg.NETWORK_VERSION
    assert msg.read_server(text) == message


def test_a_seed_beyond_64_bits_and_a_name_beyond_ascii_go_as_json() -> None:
    # the messages are written by orjson, which refuses integers beyond 64 bits
    # (the standard encoder writes those) and writes letters beyond ASCII raw
    hand = msg.HandMessage({"format": "hearts-hand", "seed": 2**70}, 2**64 + 5, Seat.NORTH)
    assert msg.read_server(msg.server_text(hand)) == hand
    named = msg.ChangeMessage(3, 2, 5.5, ((("watchers",), ["Zoë", "Łukasz"]),))
    text = msg.server_text(named)
    assert msg.read_server(text) == named and "Zoë" in text
    assert msg.change_text(3, 2, 5.5, msg.entries_text(named.set)) == text


def test_a_message_of_a_newer_kind_is_left_out_and_an_unknown_code_is_none() -> None:
    assert msg.read_server('{"type":"fireworks","version":9}') is None
    error = msg.read_server('{"type":"error","code":"martians","message":"m"}')
    assert error == msg.ErrorMessage(None, "m")


def test_a_change_turns_a_state_into_the_next_and_leaves_the_first_as_it_was() -> None:
    table = _mid_hand(5)
    before = seat_state(table, Seat.EAST).to_json()
    later = seat_state(_mid_hand(9), Seat.EAST).to_json()
    entries = msg.diff_state(before, later)
    assert entries and all(path[0] in later for path, _ in entries)
    copy = json.loads(json.dumps(before))
    assert msg.apply_change(before, entries) == later
    assert before == copy  # untouched
    assert msg.diff_state(later, later) == []
    with pytest.raises(ValueError, match="leads nowhere"):
        msg.apply_change(before, [(("stage", "deeper"), 1)])


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
    assert _documented("### The seat state (schema 3)") == fields


def test_the_document_names_every_message_error_code_and_notice_kind() -> None:
    assert _documented("### Error codes") == {code.value for code in ErrorCode}
    assert _documented("### Notices") == {kind.value for kind in NoticeKind}
    assert _documented("### Prompts") == {kind.value for kind in PromptKind}
    assert _documented("### Client to server") == {"join", "watch", *msg.COMMANDS, "review",
                                                   "sync", "leave", "host", "reaction"}
    assert _documented("### Server to client") == {"welcome", "state", "change", "notice",
                                                   "hand", "review", "error", "seat-link",
                                                   "reaction"}
    text = DOCS.read_text(encoding="utf-8")
    assert f"version {msg.NETWORK_VERSION}" in text.splitlines()[0]


def test_the_server_side_loads_without_textual() -> None:
    import subprocess
    import sys

    code = ("import sys, hearts.net.server, hearts.net.host.cli, hearts.net.bench\n"
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


def test_the_document_names_every_happening() -> None:
    from hearts.table import happenings as hp

    assert _documented("#### What happened") == set(hp.KINDS.values())
    assert hp.MAX_KEPT < msg.MAX_EVENTS  # a whole state's hand so far is always read


def test_the_happenings_go_exactly_as_pinned_both_ways_they_are_written() -> None:
    """A change's events (written by the server's fast path, :func:`msg.events_text`)
    and a state's (written by :func:`msg.server_text`) are the pinned text of each
    happening, and read back as they were."""
    from ..schemas import check
    from ..table.test_happenings_json import PINNED

    told = tuple((number, happening) for number, (happening, _) in enumerate(PINNED, 1))
    pinned = ",".join(text for _, text in PINNED)
    assert msg.events_text(told) == pinned
    assert msg.events_text(told) == pinned  # (the second time from the cache)
    change = msg.ChangeMessage(8, 7, 1234.5, ((("stage",), "playing"),), told)
    text = msg.server_text(change)
    assert text.endswith(f',"events":[{pinned}]}}')
    assert msg.change_text(8, 7, 1234.5, msg.entries_text(change.set),
                           msg.events_text(told)) == text
    assert msg.read_server(text) == change
    check(json.loads(text), "server.json")  # the schema published holds every kind
    state = msg.StateMessage(9, 1234.5, {"stage": "playing"}, told)
    text = msg.server_text(state)
    assert text.endswith(f',"events":[{pinned}]}}')
    assert msg.read_server(text) == state


def test_the_web_table_knows_every_field_and_seat_move_of_a_happening() -> None:
    """The web table's ``Happening`` type (types.js) names exactly the fields the
    server writes, and its seat moves (happenings.js) are the table's: what both
    languages must agree on is checked here, since it cannot be written once."""
    import typing

    from hearts.table import happenings as hp

    from ..table.test_happenings_json import PINNED

    scripts = Path(msg.__file__).parents[2] / "web" / "static" / "js"
    types = (scripts / "types.js").read_text(encoding="utf-8")
    typedef = types[types.index("@typedef {object} Happening"):]
    typedef = typedef[:typedef.index("*/")]
    named = set(re.findall(r"@property \{[^}]*\} \[?(\w+)", typedef))
    assert named == {key for _, text in PINNED for key in json.loads(text)}
    script = (scripts / "happenings.js").read_text(encoding="utf-8")
    moves = re.search(r"const MOVES = \[(.*?)\];", script)
    assert moves is not None
    assert set(re.findall(r'"([a-z-]+)"', moves.group(1))) == \
        {hp.KINDS[move] for move in typing.get_args(hp.SeatMove)}
