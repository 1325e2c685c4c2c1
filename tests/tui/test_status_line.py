"""The status line and header: messages read whole, give way to the prompt, nothing stale."""

from __future__ import annotations

from pathlib import Path

import pytest

from .helpers import (
    SIZE,
    finish_match_in_engine,
    make_app,
    screen_text,
    settle,
    wait_for_prompt,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot


async def test_a_long_message_is_read_whole_at_80_columns(tmp_path: Path) -> None:
    folder = tmp_path / "a-config-folder-with-a-rather-long-name"
    folder.mkdir()
    (folder / "options.json").write_bytes(b'{"target": 100, "speed": "\xff\xfe"}')
    app = make_app(folder)
    async with app.run_test(size=SIZE):
        message = app.seat_view.prompt()
        assert "a-config-folder-with-a-rather-long-name/options.json" in message
        assert len(message) > 80
        shown = "".join(screen_text(app).splitlines()[-3:])
        assert "".join(message.split()) in "".join(shown.split())


async def test_an_error_gives_way_to_the_prompt(tmp_path: Path) -> None:
    app = make_app(tmp_path, message_seconds=1.5)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("d")
        assert "Finish this hand first" in app.seat_view.prompt()
        assert app.seat_view.prompt().endswith("may not be passed")  # the prompt stays on show
        for _ in range(100):
            if app.seat_view.notice is None:
                break
            await pilot.pause(0.05)
        assert app.seat_view.prompt().startswith("Choose 3 cards to pass"), app.seat_view.prompt()


async def test_no_hand_0_before_the_first_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE):
        assert "Hand 0" not in screen_text(app)


async def test_game_over_header_and_prompt_after_cancel(tmp_path: Path) -> None:
    # the message shown long enough to be read back on a loaded machine
    app = make_app(tmp_path, message_seconds=4.0)
    async with app.run_test(size=SIZE) as pilot:
        finish_match_in_engine(app)
        await pilot.pause()
        text = screen_text(app)
        assert "Game over" in text and "Hand over" not in text
        await pilot.press("o", "c")
        assert "Options unchanged" in app.seat_view.prompt()
        assert (await wait_for_prompt(pilot, "Deal for a new game", 20)).endswith(
            " - Deal for a new game, v to review")



async def test_a_hint_is_put_away_when_its_turn_is_over(tmp_path: Path) -> None:
    """A hint names the card for one turn: once it is played the line would name a
    card no longer held while the others play (the computer players pause here)."""
    app = make_app(tmp_path, message_seconds=600, delay_scale=0.2)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d", "question_mark", "p")  # the hint chooses the pass
        for _ in range(400):
            if app.seat_view.state.legal and app.seat_view.state.view is not None \
                    and app.seat_view.state.view.played:
                break  # our turn, after someone else's card
            await pilot.pause(0.02)
        assert app.seat_view.state.legal
        await pilot.press("question_mark")
        for _ in range(100):
            if app.seat_view.notice and app.seat_view.notice.startswith("Hint"):
                break
            await pilot.pause(0.02)
        hinted = app.seat_view.notice
        assert hinted is not None and hinted.startswith("Hint"), hinted
        await pilot.press("space")  # the hint's card is highlighted: play it
        await pilot.pause(0.05)
        assert not app.seat_view.state.legal  # the others are still to play
        assert app.seat_view.notice != hinted
