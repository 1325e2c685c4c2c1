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


def test_the_schemas_written_from_the_code_are_as_published() -> None:
    """docs/schema/happening.json is what ``python -m hearts.net.wire.schema`` writes
    from each happening's form: a kind or field changed in the code and not
    written out again fails here."""
    from hearts.net.wire import schema

    assert schema.written()
    for name, text in schema.written().items():
        assert (SCHEMAS / name).read_text(encoding="utf-8") == text, \
            f"{name}: run python -m hearts.net.wire.schema"
    assert schema.main([str(SCHEMAS), "--check"]) == 0


def test_the_schema_command_writes_the_files_and_checks_them(tmp_path: Path) -> None:
    from hearts.net.wire import schema

    assert schema.main([str(tmp_path), "--check"]) == 1  # nothing written yet
    assert schema.main([str(tmp_path)]) == 0
    assert (tmp_path / "happening.json").read_text(encoding="utf-8") == \
        (SCHEMAS / "happening.json").read_text(encoding="utf-8")
    assert schema.main([str(tmp_path), "--check"]) == 0
    (tmp_path / "happening.json").write_text("{}\n", encoding="utf-8")
    assert schema.main([str(tmp_path), "--check"]) == 1
    assert (tmp_path / "happening.json").read_text(encoding="utf-8") == "{}\n"  # untouched


def test_a_happening_is_a_seat_and_a_card_as_the_server_says_them() -> None:
    server = json.loads((SCHEMAS / "server.json").read_text(encoding="utf-8"))
    happening = json.loads((SCHEMAS / "happening.json").read_text(encoding="utf-8"))
    assert happening["$defs"] == {name: server["$defs"][name] for name in ("seat", "card")}


def _change(*events: dict[str, object]) -> dict[str, object]:
    return {"type": "change", "version": 3, "seq": 2, "base": 1, "now": 1.5, "set": [],
            "events": list(events)}


def test_the_happenings_schema_takes_every_kind_and_refuses_what_the_table_never_sends() -> None:
    from ..table.test_happenings_json import PINNED

    for _, text in PINNED:
        check(_change(json.loads(text)), "server.json")
    played = {"n": 3, "kind": "played", "seat": "west", "card": "QS"}
    taken = {"n": 4, "kind": "trick-taken", "seat": "west", "trick": 13, "points": 13}
    passed = {"n": 1, "kind": "passed-cards", "seat": "west", "to": "north",
              "cards": ["QS", "AH", "2C"]}
    for good in (played, taken, passed):
        check(_change(good), "server.json")
    for bad in ({**played, "card": "QX"}, {**played, "seat": "nowhere"},
                {**played, "colour": "red"}, {"n": 3, "kind": "played", "seat": "west"},
                {**played, "kind": "fireworks"}, {**played, "n": 0},
                {**taken, "trick": 14}, {**taken, "trick": 0},
                {**passed, "cards": ["QS", "AH"]},
                {"n": 5, "kind": "taken-back", "seat": "west", "count": 53},
                {"n": 6, "kind": "hand-ended", "hand": 1, "points": [0, 0, 26]},
                {"n": 7, "kind": "dropped", "seat": "west"}):
        assert problems(_change(bad), "server.json"), bad


def test_the_document_lists_each_happening_with_exactly_its_fields() -> None:
    """docs/network.md's table of happenings (kind, fields, who is told) names each
    kind the code writes with exactly the fields its form writes, in order."""
    from hearts.table import happenings as hp

    text = NETWORK.read_text(encoding="utf-8")
    part = text[text.index("#### What happened"):]
    rows = re.findall(r"^\| `([a-z-]+)` \| (.*?) \| .*? \|$", part[:part.index("```")], re.M)
    documented = {kind: re.findall(r"`([a-z_]+)`", fields) for kind, fields in rows}
    written = {}
    for alternative in hp.json_schema()["oneOf"]:
        kind = alternative["properties"]["kind"]
        fields = [key for key in alternative["properties"] if key not in ("n", "kind")]
        for each in kind.get("enum", [kind.get("const")]):
            written[each] = fields
    assert len(rows) == len(documented)  # no kind twice
    assert documented == written
