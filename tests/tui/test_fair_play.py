"""A game played at the table, exported with hearts history, verifies with hearts verify;
a card changed in the export is caught."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from hearts import Hand
from hearts.__main__ import main as hearts_main
from hearts.ai import Level, make_player
from hearts.view import Phase

from .helpers import SIZE, deal_and_pass, make_app, play_out_hand_by_keys, settle

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


async def _play_two_hands(tmp_path: Path) -> None:
    app = make_app(tmp_path, level=Level.CLUB, player_factory=make_player)
    async with app.run_test(size=SIZE) as pilot:
        for _ in range(2):
            await deal_and_pass(pilot)
            await play_out_hand_by_keys(pilot)
            await settle(pilot)
        assert app.table.hand is not None and app.table.hand.phase is Phase.OVER


def _run(argv: list[str]) -> int:
    with pytest.raises(SystemExit) as leaving:
        hearts_main(argv)
    return int(leaving.value.code or 0)


async def test_hands_played_at_the_table_verify(tmp_path: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    await _play_two_hands(tmp_path)
    export = tmp_path / "hands.jsonl"
    assert _run(["history", "--export", str(export)]) == 0
    records = [json.loads(line) for line in export.read_text().splitlines()]
    assert len(records) == 2
    for record in records:
        assert record["players"][0] == {"seat": "south", "player": "human"}
        assert {entry["player"] for entry in record["players"][1:]} == {"club"}
        assert isinstance(record["seed"], int)
    capsys.readouterr()
    assert _run(["verify", str(export)]) == 0
    assert capsys.readouterr().out.count("verified") >= 2

    # one computer card changed to another legal card: verify names the hand
    record = records[1]
    for number in range(len(record["plays"])):
        before = Hand.from_record({**record, "plays": record["plays"][:number]})
        others = [str(c) for c in before.legal_plays() if str(c) != record["plays"][number]]
        if before.turn != 0 and others:
            record["plays"][number] = others[0]
            break
    export.write_text("\n".join(json.dumps(r) for r in records) + "\n")
    assert _run(["verify", str(export)]) == 1
    assert f"differs at plays[{number}]" in capsys.readouterr().out
