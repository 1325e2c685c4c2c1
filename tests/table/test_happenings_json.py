"""The happenings' JSON (hearts.table.happenings): one happening of every kind
written exactly as the web table and ``hearts join`` read it, any happening read
back as it was written, and what is malformed refused with a ``ValueError``
that says which field is wrong (what arrives over the network is untrusted)."""

from __future__ import annotations

import json
import typing
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from hearts.cards import Card, Seat
from hearts.table import happenings as hp


def _cards(*texts: str) -> tuple[Card, ...]:
    return tuple(map(Card.parse, texts))


PINNED: list[tuple[hp.Happening, str]] = [
    (hp.Dealt(3), '{"n":1,"kind":"dealt","hand":3}'),
    (hp.Passed(Seat.WEST, Seat.NORTH), '{"n":2,"kind":"passed","seat":"west","to":"north"}'),
    (hp.PassedCards(Seat.WEST, Seat.NORTH, _cards("QS", "AH", "2C")),
     '{"n":3,"kind":"passed-cards","seat":"west","to":"north","cards":["QS","AH","2C"]}'),
    (hp.Received(Seat.EAST, Seat.NORTH, _cards("10D", "3C", "KH")),
     '{"n":4,"kind":"received","seat":"east","from":"north","cards":["TD","3C","KH"]}'),
    (hp.PassTakenBack(Seat.SOUTH), '{"n":5,"kind":"pass-taken-back","seat":"south"}'),
    (hp.Played(Seat.NORTH, Card.parse("QS")),
     '{"n":6,"kind":"played","seat":"north","card":"QS"}'),
    (hp.HeartsBroken(Seat.EAST), '{"n":7,"kind":"hearts-broken","seat":"east"}'),
    (hp.TrickTaken(Seat.SOUTH, 4, 13),
     '{"n":8,"kind":"trick-taken","seat":"south","trick":4,"points":13}'),
    (hp.TakenBack(Seat.SOUTH, 3), '{"n":9,"kind":"taken-back","seat":"south","count":3}'),
    (hp.HandEnded(2, (0, 26, 0, 0), None),
     '{"n":10,"kind":"hand-ended","hand":2,"points":[0,26,0,0],"shooter":null}'),
    (hp.HandEnded(2, (26, 0, 26, 26), Seat.WEST),
     '{"n":11,"kind":"hand-ended","hand":2,"points":[26,0,26,26],"shooter":"west"}'),
    (hp.SatDown(Seat.NORTH, "Zoë"), '{"n":12,"kind":"sat-down","seat":"north","name":"Zoë"}'),
    (hp.Dropped(Seat.NORTH, "Bob"), '{"n":13,"kind":"dropped","seat":"north","name":"Bob"}'),
    (hp.CameBack(Seat.NORTH, "Bob"),
     '{"n":14,"kind":"came-back","seat":"north","name":"Bob"}'),
    (hp.StoodIn(Seat.WEST, None), '{"n":15,"kind":"stood-in","seat":"west","name":null}'),
    (hp.Left(Seat.NORTH, "Bob"), '{"n":16,"kind":"left","seat":"north","name":"Bob"}'),
    (hp.Freed(Seat.EAST, None), '{"n":17,"kind":"freed","seat":"east","name":null}'),
    (hp.ComputerSeated(Seat.EAST, "Cy"),
     '{"n":18,"kind":"computer-seated","seat":"east","name":"Cy"}'),
]
"""One happening of every kind (two hands' ends: with and without a shooter), each
numbered by its place, and its JSON text exactly as sent (compact, keys in this
order; tests/net/test_messages.py holds the messages' own text to it)."""


def _text(data: dict[str, Any]) -> str:
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def test_every_kind_is_pinned() -> None:
    assert {type(happening) for happening, _ in PINNED} == set(hp.KINDS)


@pytest.mark.parametrize(("number", "happening", "text"),
                         [(n, h, t) for n, (h, t) in enumerate(PINNED, 1)])
def test_each_kind_is_written_exactly_as_before(number: int, happening: hp.Happening,
                                                text: str) -> None:
    assert _text(hp.numbered_json(number, happening)) == text
    assert _text(hp.happening_json(happening)) == '{' + text.split(",", 1)[1]
    assert hp.read_happening(json.loads(text)) == (number, happening)


_seats = st.sampled_from(list(Seat))
_card_list = st.lists(st.sampled_from(Card.all()), max_size=3).map(tuple)
_whole = st.integers(min_value=-(2**63), max_value=2**63 - 1)
_names = st.none() | st.text(max_size=40)

_KINDS: dict[type[Any], st.SearchStrategy[Any]] = {
    hp.Dealt: st.builds(hp.Dealt, _whole),
    hp.Passed: st.builds(hp.Passed, _seats, _seats),
    hp.PassedCards: st.builds(hp.PassedCards, _seats, _seats, _card_list),
    hp.Received: st.builds(hp.Received, _seats, _seats, _card_list),
    hp.PassTakenBack: st.builds(hp.PassTakenBack, _seats),
    hp.Played: st.builds(hp.Played, _seats, st.sampled_from(Card.all())),
    hp.HeartsBroken: st.builds(hp.HeartsBroken, _seats),
    hp.TrickTaken: st.builds(hp.TrickTaken, _seats, _whole, _whole),
    hp.TakenBack: st.builds(hp.TakenBack, _seats, _whole),
    hp.HandEnded: st.builds(hp.HandEnded, _whole, st.tuples(_whole, _whole, _whole, _whole),
                            st.none() | _seats),
    hp.SatDown: st.builds(hp.SatDown, _seats, st.text(max_size=40)),
    **{kind: st.builds(kind, _seats, _names)
       for kind in typing.get_args(hp.SeatMove) if kind is not hp.SatDown},
}
"""Any happening, by kind."""

HAPPENINGS: st.SearchStrategy[hp.Happening] = st.one_of(*_KINDS.values())


def test_the_strategy_makes_every_kind() -> None:
    assert set(_KINDS) == set(hp.KINDS)


@given(st.integers(min_value=1, max_value=2**31), HAPPENINGS)
def test_any_happening_reads_back_as_it_was_written(number: int,
                                                    happening: hp.Happening) -> None:
    text = _text(hp.numbered_json(number, happening))
    assert hp.read_happening(json.loads(text)) == (number, happening)


def test_a_kind_this_program_does_not_know_is_none() -> None:
    for kind in ("fireworks", None, 5, ["played"], {"a": 1}, ""):  # (a list once crashed)
        assert hp.read_happening({"n": 1, "kind": kind, "seat": "west"}) is None
    assert hp.read_happening({"n": 1}) is None


def test_missing_names_read_as_before() -> None:
    """A person sitting down is named ("" when the name is missing or null); the
    other seat moves keep None for no name."""
    for data in ({}, {"name": None}):
        sat = {"n": 1, "kind": "sat-down", "seat": "north", **data}
        assert hp.read_happening(sat) == (1, hp.SatDown(Seat.NORTH, ""))
        for kind, cls in (("dropped", hp.Dropped), ("came-back", hp.CameBack),
                          ("stood-in", hp.StoodIn), ("left", hp.Left), ("freed", hp.Freed),
                          ("computer-seated", hp.ComputerSeated)):
            moved = {"n": 1, "kind": kind, "seat": "north", **data}
            assert hp.read_happening(moved) == (1, cls(Seat.NORTH, None))
    ended = {"n": 4, "kind": "hand-ended", "hand": 1, "points": [1, 2, 3, 20]}
    assert hp.read_happening(ended) == (4, hp.HandEnded(1, (1, 2, 3, 20), None))


def test_a_card_played_is_one_object_for_each_seat_and_card() -> None:
    read = hp.read_happening({"n": 1, "kind": "played", "seat": "west", "card": "qs"})
    assert read is not None and read[1] is hp.played(Seat.WEST, Card.parse("QS"))


_PLAYED = {"n": 1, "kind": "played", "seat": "north", "card": "QS"}
_RECEIVED = {"n": 1, "kind": "received", "seat": "east", "from": "north",
             "cards": ["QS", "AH", "2C"]}
_ENDED = {"n": 1, "kind": "hand-ended", "hand": 2, "points": [0, 26, 0, 0], "shooter": None}


_GONE = object()
"""A field left out (for :func:`_with`)."""


def _with(base: dict[str, Any], **changed: Any) -> dict[str, Any]:
    data = {**base, **changed}
    return {key: value for key, value in data.items() if value is not _GONE}


@pytest.mark.parametrize(("data", "says"), [
    ([], "object"), ("played", "object"), (None, "object"),
    (_with(_PLAYED, n="1"), "'n'"), (_with(_PLAYED, n=True), "'n'"),
    (_with(_PLAYED, n=1.0), "'n'"), (_with(_PLAYED, n=_GONE), "'n'"),
    ({"n": 1, "kind": "dealt", "hand": "3"}, "'hand'"),
    ({"n": 1, "kind": "dealt", "hand": False}, "'hand'"),
    ({"n": 1, "kind": "dealt"}, "'hand'"),
    (_with(_PLAYED, seat="up"), "'seat'"), (_with(_PLAYED, seat="SOUTH"), "'seat'"),
    (_with(_PLAYED, seat=0), "'seat'"), (_with(_PLAYED, seat=None), "'seat'"),
    (_with(_PLAYED, seat=_GONE), "'seat'"),
    (_with(_PLAYED, card=_GONE), "card"), (_with(_PLAYED, card=12), "card"),
    (_with(_PLAYED, card="QSSS"), "card"), (_with(_PLAYED, card="ZZ"), "card"),
    (_with(_PLAYED, card=["QS"]), "card"),
    (_with(_RECEIVED, cards="QS"), "'cards'"),
    (_with(_RECEIVED, cards=["QS", "AH", "2C", "3C"]), "'cards'"),
    (_with(_RECEIVED, cards=["QS", "AH", 5]), "'cards'"),
    (_with(_RECEIVED, cards=["QS", "AH", "10DX"]), "'cards'"),
    (_with(_RECEIVED, cards=["QS", "AH", "ZZ"]), "card"),
    (_with(_RECEIVED, cards=_GONE), "'cards'"),
    (_with(_RECEIVED, **{"from": "up"}), "'from'"),
    ({"n": 1, "kind": "passed-cards", "seat": "west", "to": "north",
      "cards": ["QS", "AH", "2C", "3C"]}, "'cards'"),
    ({"n": 1, "kind": "passed", "seat": "west", "to": 2}, "'to'"),
    ({"n": 1, "kind": "trick-taken", "seat": "west", "trick": True, "points": 0}, "'trick'"),
    ({"n": 1, "kind": "trick-taken", "seat": "west", "trick": 1, "points": "0"}, "'points'"),
    ({"n": 1, "kind": "taken-back", "seat": "west", "count": None}, "'count'"),
    (_with(_ENDED, points=[0, 26, 0]), "points"),
    (_with(_ENDED, points=[0, 26, 0, 0, 0]), "points"),
    (_with(_ENDED, points=[0, 26, 0, True]), "points"),
    (_with(_ENDED, points=[0, 26, 0, "0"]), "points"),
    (_with(_ENDED, points="0,26,0,0"), "points"),
    (_with(_ENDED, points=_GONE), "points"),
    (_with(_ENDED, shooter="up"), "'shooter'"), (_with(_ENDED, shooter=1), "'shooter'"),
    (_with(_ENDED, hand=None), "'hand'"),
    ({"n": 1, "kind": "dropped", "seat": "west", "name": 5}, "'name'"),
    ({"n": 1, "kind": "left", "seat": "west", "name": True}, "'name'"),
    ({"n": 1, "kind": "sat-down", "seat": "west", "name": ["Ann"]}, "'name'"),
])
def test_what_is_malformed_is_refused_with_a_clear_message(data: object, says: str) -> None:
    with pytest.raises(ValueError, match=says):
        hp.read_happening(data)
