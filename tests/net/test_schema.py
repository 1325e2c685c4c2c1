"""docs/schema/: a JSON Schema for every message, both ways. The schemas are valid,
take the document's own examples, and refuse what the server refuses; the
browser tests hold every frame the web table sends and receives to them."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from hearts.ai import Level, make_player
from hearts.cards import Seat
from hearts.hand import Hand
from hearts.net.tables.reviews import review_message
from hearts.net.wire.errors import ErrorCode
from hearts.net.wire.messages import read_server, server_json
from hearts.rules import Reason, Rules
from hearts.table import NoticeKind

from ..schemas import SCHEMAS, check, problems

NETWORK = Path(__file__).resolve().parents[2] / "docs" / "network.md"


def test_the_documents_examples_are_messages() -> None:
    text = NETWORK.read_text(encoding="utf-8")
    part = text[text.index("### Client to server"):text.index("### Server to client")]
    examples = [json.loads(line) for line in re.findall(r"^\{.*\}$", part, re.M)]
    assert len(examples) >= 3
    for example in examples:
        check(example, "client.json")


@pytest.mark.parametrize("message", [
    {"type": "play", "card": "QX"},
    {"type": "pass", "cards": ["QS", "AH"]},
    {"type": "pass", "cards": ["QS", "QS", "AH"]},
    {"type": "join", "version": 2, "code": "c", "name": "Ann"},
    {"type": "join", "version": 3, "code": "c", "name": ""},
    {"type": "act", "action": "deal"},  # version 2's vocabulary is gone
    {"type": "deal", "card": "QS"},
    {"type": "review", "hand": 0},
])
def test_what_the_server_refuses_the_schema_refuses(message: dict[str, object]) -> None:
    assert problems(message, "client.json")


def test_every_code_and_reason_is_in_the_schemas() -> None:
    server = json.loads((SCHEMAS / "server.json").read_text(encoding="utf-8"))
    codes = set(server["$defs"]["error"]["properties"]["code"]["enum"])
    assert {code.value for code in ErrorCode} <= codes
    reasons = server["$defs"]["the-notice"]["properties"]["refusal"]["properties"]["reason"]
    assert {reason.value for reason in Reason} == set(reasons["enum"])
    text = NETWORK.read_text(encoding="utf-8")
    for kind in NoticeKind:  # the notices the document lists are strings of the schema
        check({"type": "notice", "version": 3, "notice": {"kind": kind.value}}, "server.json")
    assert "[schema/](schema/)" in text


def test_a_review_message_is_a_message() -> None:
    hand = Hand.deal(Rules(), 5)
    players = [make_player(Level.BEGINNER, seed) for seed in range(4)]
    for seat in Seat:
        hand.pass_cards(seat, players[seat].choose_pass(hand.view(seat)))
    while hand.turn is not None:
        hand.play(players[hand.turn].choose_play(hand.view(hand.turn)))
    document = {"format": "hearts-review", "version": 2, "seats": [], "decisions": []}
    check(server_json(review_message(1, "south", document, hand.to_record())), "server.json")


def test_a_change_gives_exactly_the_new_state_when_a_field_goes() -> None:
    from hearts.net.wire.messages import apply_change, diff_state

    old = {"prompt": {"kind": "choose", "direction": "left"}, "seq": 1}
    new = {"prompt": {"kind": "received", "seat": "east"}, "seq": 1}
    assert apply_change(old, diff_state(old, new)) == new


def test_the_documents_server_examples_are_messages() -> None:
    text = NETWORK.read_text(encoding="utf-8")
    part = text[text.index("### Server to client"):text.index("### The seat state")]
    examples = [json.loads(line) for line in re.findall(r"^\{.*\}$", part, re.M)]
    assert examples
    for example in examples:
        check(example, "server.json")
        assert read_server(example) is not None
