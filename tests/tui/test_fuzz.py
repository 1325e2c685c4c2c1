"""Thousands of seeded random keys, clicks and resizes: nothing raises and the
engine's invariants hold throughout."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from textual import events

from hearts import Phase, Seat
from hearts.tui.app import HeartsApp

from .helpers import make_app

pytestmark = pytest.mark.slow  # thousands of random key presses and resizes

KEYS = ["left", "right", "space", "enter", "d", "p", "c", "o", "s", "x", "escape", "h",
        "alt+h", "ctrl+l", "q", "1", "2", "3", "4", "5", "6", "7", "8", "9", "0", "z",
        "question_mark", "f1", "l", "u", "r", "a", "y", "n", "exclamation_mark"]
SIZES = [(80, 24), (100, 30), (70, 20), (120, 40), (81, 25)]
EVENTS = 2000


def check_invariants(app: HeartsApp) -> None:
    hand = app.table.hand
    if hand is None:
        return
    seen: set[object] = set()
    for seat in Seat:
        cards = hand.holding(seat)
        assert not seen & set(cards)
        seen |= set(cards)
    assert not seen & set(hand.plays)
    assert len(seen) + len(hand.plays) == 52
    assert len(hand.tricks) == len(hand.plays) // 4
    if hand.phase is Phase.OVER:
        assert sum(hand.points) in (hand.rules.scoring.hand_value,
                                    3 * hand.rules.scoring.hand_value)
    cards_in_hand = app.seat_view.state.cards
    assert set(app.seat_view.choice.cards) <= set(cards_in_hand)


async def test_random_input_never_breaks_the_game(tmp_path: Path) -> None:
    rng = random.Random(2024)
    app = make_app(tmp_path, seed=99)
    app.exit = lambda *args, **kwargs: None  # type: ignore[method-assign]
    async with app.run_test(size=(80, 24)) as pilot:
        size = (80, 24)
        for number in range(EVENTS):
            roll = rng.random()
            if roll < 0.6:
                key = rng.choice(KEYS)
                app.post_message(events.Key(key, key if len(key) == 1 else None))
            elif roll < 0.98:
                x, y = rng.randrange(size[0]), rng.randrange(size[1])
                for kind in (events.MouseDown, events.MouseUp):
                    app.post_message(kind(None, x, y, 0, 0, 1, False, False, False,
                                          screen_x=x, screen_y=y))
            else:
                size = rng.choice(SIZES)
                await pilot.resize_terminal(*size)
            if number % 10 == 0:
                await app.workers.wait_for_complete()
                await pilot.pause(0)
                check_invariants(app)
        await app.workers.wait_for_complete()
        await pilot.pause(0)
        check_invariants(app)
        assert len(app.table.match.hands) >= 1  # the random play got somewhere
