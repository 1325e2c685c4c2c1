"""Today's deal in the terminal: dealt at once, played through, the points beside
the par at its end, the review a key away, kept in the store and carried on."""

from __future__ import annotations

import threading
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from hearts import Card, Rules, Seat
from hearts.daily import DailyDeal
from hearts.hand import SeatPlayer
from hearts.store import Store
from hearts.store.dailies import daily_row
from hearts.table import Action
from hearts.tui.daily_app import DailyApp
from hearts.tui.help import HELP_TEXT
from hearts.tui.review_page import ReviewScreen
from hearts.words.daily import ending_line

from .helpers import (
    SIZE,
    make_app,
    play_out_hand_by_keys,
    play_user_card_by_keys,
    screen_text,
    settle,
    steady_player,
)

pytestmark = pytest.mark.slow  # Textual pilot tests

DAILY = DailyDeal(date(2026, 12, 6), Rules())


def daily_app(tmp_path: Path, par: int = 7, **kwargs: Any) -> DailyApp:
    """Today's deal with steady computer players, no pauses, its own folders and a
    par given at once."""
    kwargs.setdefault("par_of", lambda daily: par)
    return DailyApp(DAILY, config_dir=tmp_path / "config", data_dir=tmp_path / "data",
                    delay_scale=0.0, player_factory=steady_player, strict_failures=True,
                    review_depth=8, **kwargs)


def kept(tmp_path: Path) -> Any:
    store = Store.open(tmp_path / "data", claim=False)
    try:
        assert store.connection is not None
        return daily_row(store.connection, DAILY.day.isoformat(), DAILY.words)
    finally:
        store.close()


async def pass_three(pilot: Any) -> None:
    """Choose three cards (never the queen of spades) by keys, and pass them."""
    await settle(pilot)
    app = pilot.app
    chosen = [c for c in app.seat_view.state.cards if c != Card.parse("QS")][:3]
    for card in chosen:
        while app.seat_view.highlighted != card:
            await pilot.press("right")
        await pilot.press("space")
    await pilot.press("p")
    await settle(pilot)


def test_the_line_at_the_end() -> None:
    assert ending_line(3, 5, False).endswith("You took 3, par 5 - 2 under par")
    assert ending_line(5, 5, True).endswith("level with par (assisted)")
    assert ending_line(9, 5, False).endswith("4 over par")
    assert "being worked out" in ending_line(9, None, False)


async def test_the_days_deal_played_through_shows_the_par_and_the_review(
        tmp_path: Path) -> None:
    app = daily_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = app.table.hand
        assert hand is not None  # dealt at once
        assert hand.dealt(Seat.SOUTH) == DAILY.deal().dealt(Seat.SOUTH)
        assert hand.players is not None
        assert hand.players[Seat.SOUTH].player == "human"
        assert hand.players[Seat.WEST] == SeatPlayer("expert", DAILY.player_seed(Seat.WEST))
        assert "Today's deal, 2026-12-06 (original,100)" in app.seat_view.prompt()
        assert not app.seat_view.can(Action.DEAL) and not app.seat_view.can(Action.ABANDON)
        await pass_three(pilot)
        await play_out_hand_by_keys(pilot)
        points = hand.points[Seat.SOUTH]
        prompt = app.seat_view.prompt()
        assert f"You took {points}, par 7" in prompt
        assert "v review your decisions" in prompt
        await pilot.press("d")  # no next deal
        assert "Today's deal is played" in app.seat_view.prompt()
        assert app.table.hand is hand
        row = kept(tmp_path)
        assert (row.points, row.par, row.assisted) == (points, 7, False)
        await pilot.press("v")
        await pilot.pause()
        page = app.screen
        assert isinstance(page, ReviewScreen)
        for _ in range(600):
            if page.done:
                break
            await pilot.pause(0.1)
        assert page.done
        await pilot.press("q")


async def test_a_deal_left_half_played_carries_on(tmp_path: Path) -> None:
    first = daily_app(tmp_path)
    async with first.run_test(size=SIZE) as pilot:
        await pass_three(pilot)
        await play_user_card_by_keys(pilot)
        await settle(pilot)
        plays = list(first.table.hand.plays) if first.table.hand else []
        await pilot.press("x")  # kept after every card: leaves without asking
    assert plays
    row = kept(tmp_path)
    assert row.finished is None
    again = daily_app(tmp_path)
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        hand = again.table.hand
        assert hand is not None and list(hand.plays[:len(plays)]) == plays
        await play_out_hand_by_keys(pilot)
        assert "par 7" in again.seat_view.prompt()
    assert kept(tmp_path).points is not None


async def test_a_finished_deal_shows_its_end_again(tmp_path: Path) -> None:
    first = daily_app(tmp_path)
    async with first.run_test(size=SIZE) as pilot:
        await pass_three(pilot)
        await play_out_hand_by_keys(pilot)
        points = first.table.hand.points[Seat.SOUTH] if first.table.hand else None
    again = daily_app(tmp_path, par=99)  # the par kept is the one shown
    async with again.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert f"You took {points}, par 7" in again.seat_view.prompt()


async def test_a_hint_marks_the_deal_assisted(tmp_path: Path) -> None:
    app = daily_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")  # the Expert's three cards, chosen
        await settle(pilot)
        assert len(app.seat_view.choice.cards) == 3
        await pilot.press("p")
        await settle(pilot)
        await play_out_hand_by_keys(pilot)
        assert "(assisted)" in app.seat_view.prompt()
    assert kept(tmp_path).assisted


async def test_the_par_shows_when_it_is_worked_out_after_the_end(tmp_path: Path) -> None:
    release = threading.Event()

    def slow_par(daily: DailyDeal) -> int:
        release.wait(60)
        return 4

    async def table_settled() -> None:  # (settle() would wait for the par too)
        for _ in range(600):
            await pilot.pause(0.01)
            if app.settled:
                return
        raise AssertionError("the table never settled")

    app = daily_app(tmp_path, par_of=slow_par)
    async with app.run_test(size=SIZE) as pilot:
        await table_settled()
        chosen = [c for c in app.seat_view.state.cards if c != Card.parse("QS")][:3]
        for card in chosen:
            while app.seat_view.highlighted != card:
                await pilot.press("right")
            await pilot.press("space")
        await pilot.press("p")
        await table_settled()
        while app.table.hand is not None and app.table.hand.turn is not None:
            await play_user_card_by_keys(pilot)
            await table_settled()
        assert "the par is being worked out" in app.seat_view.prompt()
        release.set()
        for _ in range(100):
            if "par 4" in app.seat_view.prompt():
                break
            await pilot.pause(0.05)
        assert "par 4" in app.seat_view.prompt()
    assert kept(tmp_path).par == 4


async def test_y_in_the_game_leaves_for_todays_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("y")  # the match is saved after every card: no question
        await pilot.pause()
    assert app.wants_daily


def test_the_help_names_the_key() -> None:
    assert "today's deal" in HELP_TEXT.lower()
    assert "\n  y " in HELP_TEXT


def test_the_game_plays_todays_deal_and_then_carries_the_match_on(
        monkeypatch: pytest.MonkeyPatch) -> None:
    import hearts.tui.app
    import hearts.tui.daily_app
    from hearts.tui.cli import main

    runs: list[dict[str, Any]] = []
    played: list[DailyDeal] = []

    class Game:
        def __init__(self, **kwargs: Any) -> None:
            runs.append(kwargs)
            self.wants_daily = False

        def run(self) -> None:
            self.wants_daily = len(runs) == 1  # y in the first run only

    monkeypatch.setattr(hearts.tui.app, "HeartsApp", Game)
    monkeypatch.setattr(hearts.tui.daily_app, "play_daily",
                        lambda daily, ascii_only: played.append(daily))
    main(["--seed", "5", "--rules", "classic"])
    assert len(runs) == 2 and len(played) == 1
    assert played[0].words == "classic,100"
    assert runs[0]["seed"] == 5 and runs[0]["new_match"]
    assert "seed" not in runs[1] and not runs[1].get("new_match")  # the match resumed


async def test_the_statistics_page_shows_the_days(tmp_path: Path) -> None:
    app = daily_app(tmp_path)
    async with app.run_test(size=(100, 40)) as pilot:
        await pass_three(pilot)
        await play_out_hand_by_keys(pilot)
        await pilot.press("t")
        await pilot.pause()
        from hearts.tui.stats_page import StatsScreen

        assert isinstance(app.screen, StatsScreen)
        text = screen_text(app)
        assert "Today's deals" in text and "Days in a row now" in text


async def test_a_challenges_deal_goes_on_to_the_next(tmp_path: Path) -> None:
    from hearts.challenge import Challenge
    from hearts.store.dailies import CHALLENGES, challenge_rows

    challenge = Challenge(99, Rules(), 3)
    app = DailyApp(challenge.deal(2), par_of=lambda deal: 5, shelf=CHALLENGES,
                   key=(challenge.code, "2"), opening="Challenge, deal 2 of 3",
                   then="d deal 3 of 3", config_dir=tmp_path / "config",
                   data_dir=tmp_path / "data", delay_scale=0.0, player_factory=steady_player,
                   strict_failures=True)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert "Challenge, deal 2 of 3" in app.seat_view.prompt()
        await pilot.press("d")  # not before the hand is over
        assert app.is_running and not app.wants_next
        await pass_three(pilot)
        await play_out_hand_by_keys(pilot)
        assert "d deal 3 of 3" in app.seat_view.prompt()
        await pilot.press("d")
        await pilot.pause()
    assert app.wants_next
    store = Store.open(tmp_path / "data", claim=False)
    assert store.connection is not None
    rows = challenge_rows(store.connection, challenge.code)
    store.close()
    assert [(row.rules, row.par) for row in rows] == [("2", 5)]
    assert rows[0].seed == challenge.deal(2).seed
