"""A computer player that raises at the table: never passed over in silence."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.worker import WorkerFailed

from hearts import PlayerView, Seat
from hearts.ai import Level, Player
from hearts.cards import Card

from .helpers import SIZE, SteadyPlayer, deal_and_pass, make_app, play_out_hand_by_keys, settle

pytestmark = pytest.mark.slow  # Textual pilot tests


class Raising(SteadyPlayer):
    """Passes like the steady player, then fails every card."""

    def choose_play(self, view: PlayerView) -> Card:
        raise RuntimeError("lost its cards")


def west_fails(level: Level, seed: int) -> Player:
    """West's Beginner player fails; any other (the stand-in too) is steady."""
    return Raising() if level is Level.CASUAL and seed % 4 == Seat.WEST else SteadyPlayer()


async def test_a_failing_player_is_logged_said_and_stood_in_for(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=4, level=Level.CASUAL, player_factory=west_fails,
                   strict_failures=False, data_dir=tmp_path / "data")
    said: list[str] = []
    say = app.say

    def say_and_keep(message: str | None) -> None:
        said.append(message or "")
        say(message)

    app.say = say_and_keep  # type: ignore[method-assign]
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)  # the match goes on to the end of the hand
        hand = app.table.hand
        assert hand is not None and hand.stand_ins
        assert {(s.seat, s.player) for s in hand.stand_ins} == {(Seat.WEST, "beginner")}
    log = tmp_path / "data" / "hearts.log"
    assert "RuntimeError: lost its cards" in log.read_text()
    failed = [text for text in said if "failed" in text]
    assert failed and "hearts.log" in failed[0] and "West's Casual player" in failed[0]
    assert any("Beginner level plays that decision" in text for text in failed)


async def test_with_the_test_settings_a_failure_ends_the_test(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=4, level=Level.CASUAL, player_factory=west_fails)
    with pytest.raises(WorkerFailed, match="lost its cards"):
        async with app.run_test(size=SIZE) as pilot:
            await deal_and_pass(pilot)
            await settle(pilot)
            for _ in range(20):
                await pilot.press("space")
                await app.workers.wait_for_complete()
                await pilot.pause(0.05)
