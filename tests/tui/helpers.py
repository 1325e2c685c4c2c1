"""Shared helpers for the table tests: a fast app and ways to drive it."""

from __future__ import annotations

import random
import threading
from collections.abc import Callable
from pathlib import Path

from textual.pilot import Pilot
from textual.screen import Screen

from hearts import Card, Hand, Match, Phase, PlayerView, Rules, Seat
from hearts.ai import Level, Player
from hearts.table import Redraw, Save, Stage
from hearts.tui.app import HeartsApp

SIZE = (80, 24)


class SteadyPlayer:
    """A computer player for table tests that never changes when the real players
    are tuned: it passes its three highest cards and plays its lowest legal card."""

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """The three highest cards other than the queen of spades."""
        return [c for c in reversed(view.hand) if c != Card.parse("QS")][:3]

    def choose_play(self, view: PlayerView) -> Card:
        """The lowest legal card."""
        return view.legal[0]


class HeldPass(SteadyPlayer):
    """A steady player whose pass waits until ``release`` is set (at most 10 s), so
    a test can look at the table while the computer players are still choosing."""

    def __init__(self, release: threading.Event) -> None:
        self.release = release

    def choose_pass(self, view: PlayerView) -> list[Card]:
        """The steady pass, once released."""
        self.release.wait(10)
        return super().choose_pass(view)


def steady_player(level: Level, seed: int) -> Player:
    """Make a :class:`SteadyPlayer` (the level and seed do not matter to it)."""
    return SteadyPlayer()


def make_app(config_dir: Path, seed: int = 7, delay_scale: float = 0.0,
             **kwargs: object) -> HeartsApp:
    """An app with no pauses, steady players and its own options folder (with no
    notice of the first start, unless ``first_start_notice=True``).

    Pass ``player_factory=make_player`` to play against the real computer players."""
    kwargs.setdefault("level", Level.BEGINNER)
    kwargs.setdefault("player_factory", steady_player)
    kwargs.setdefault("strict_failures", True)
    kwargs.setdefault("first_start_notice", False)
    return HeartsApp(seed=seed, config_dir=config_dir, delay_scale=delay_scale,
                     **kwargs)  # type: ignore[arg-type]


async def settle(pilot: Pilot[None], limit: int = 300) -> None:
    """Wait until no computer player is thinking or due and no pause is running."""
    app = pilot.app
    assert isinstance(app, HeartsApp)
    for _ in range(limit):
        await app.workers.wait_for_complete()
        await pilot.pause(0)
        if app.settled:
            return
    raise AssertionError(f"the table never settled: {app.seat_view.stage} "
                         f"waiting on {app.table.waiting_on}")


async def wait_for_prompt(pilot: Pilot[None], part: str, seconds: float = 10.0) -> str:
    """Wait until the prompt holds ``part`` (a message timing out on a busy machine
    may take longer than it was given); the prompt at the end."""
    app = pilot.app
    assert isinstance(app, HeartsApp)
    for _ in range(int(seconds / 0.05)):
        if part in app.seat_view.prompt():
            break
        await pilot.pause(0.05)
    return app.seat_view.prompt()


def south_holds_queen(seed: int) -> bool:
    """Whether the first deal from ``seed`` gives South the queen of spades."""
    match = Match(Rules(), random.Random(seed))
    return Card.parse("QS") in match.deal().holding(Seat.SOUTH)


async def deal_and_pass(pilot: Pilot[None]) -> list[Card]:
    """Deal and pass the first three cards by keyboard; return the cards passed."""
    app = pilot.app
    assert isinstance(app, HeartsApp)
    await pilot.press("d")
    await settle(pilot)
    cards = app.seat_view.state.cards
    chosen = [c for c in cards if c != Card.parse("QS")][:3]
    for card in chosen:
        while app.seat_view.highlighted != card:
            await pilot.press("right")
        await pilot.press("space")
    await pilot.press("p")
    return chosen


async def play_user_card_by_keys(pilot: Pilot[None]) -> Card:
    """Move the highlight to the first legal card and play it with return."""
    app = pilot.app
    assert isinstance(app, HeartsApp)
    hand = app.table.hand
    assert hand is not None and hand.turn == Seat.SOUTH
    target = hand.legal_plays()[0]
    cards = app.seat_view.state.cards
    steps = (cards.index(target) - app.seat_view.highlight.index) % len(cards)
    if steps:
        await pilot.press(*["right"] * steps)
    await pilot.press("enter")
    return target


async def deal_and_receive(pilot: Pilot[None]) -> None:
    """Deal and pass by keyboard, then wait for the computer players' passes: the
    cards received are on show (for as long as the app's pause scale keeps them)."""
    await deal_and_pass(pilot)
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def deal_and_play(pilot: Pilot[None], cards: int = 1) -> None:
    """Deal and pass by keyboard, then play South's first ``cards`` cards by keys,
    waiting for the table after each."""
    await deal_and_pass(pilot)
    await settle(pilot)
    for _ in range(cards):
        await play_user_card_by_keys(pilot)
        await settle(pilot)


async def play_out_hand_by_keys(pilot: Pilot[None]) -> None:
    """Play the current hand to its end by keyboard."""
    app = pilot.app
    assert isinstance(app, HeartsApp)
    await settle(pilot)
    while app.table.hand is not None and app.table.hand.phase is not Phase.OVER:
        assert app.seat_view.state.to_play
        await play_user_card_by_keys(pilot)
        await settle(pilot)
    assert app.seat_view.stage is Stage.IDLE


def card_offset(app: HeartsApp, card: Card) -> tuple[int, int]:
    """Where to click ``card`` inside the hand row."""
    from hearts.tui.widgets import HandRow

    row = app.screen.query_one(HandRow)
    offset = row.offset_of(card)
    assert offset is not None, f"{card} is not in the hand"
    return offset


def play_hand_in_engine(hand: Hand) -> None:
    """Play a freshly dealt hand to its end in the engine: each seat passes its
    first three cards but the queen of spades, and plays its last legal card."""
    for seat in Seat:
        hand.pass_cards(seat, [c for c in hand.holding(seat) if c != Card.parse("QS")][:3])
    while hand.phase is not Phase.OVER:
        hand.play(hand.legal_plays()[-1])


def finish_match_in_engine(app: HeartsApp, target: int = 50) -> None:
    """Replace the app's match with one played to its end in the engine."""
    rules = Rules(target=target)
    match = Match(rules, random.Random(11))
    while not match.over:
        play_hand_in_engine(match.deal())
    app.table.match = match
    app.table.stage = Stage.IDLE
    app.carry_out([Save(match, app.table.state(), app.table.assisted), Redraw()])


def stage(app: HeartsApp) -> Stage:
    """The stage the table screen shows now. Read through a call where a test checked
    the stage before pressing keys: mypy would keep ``app.seat_view.stage`` narrowed."""
    return app.seat_view.stage


def top_screen(app: HeartsApp) -> Screen[object]:
    """The screen on top now (read through a call, as :func:`stage`)."""
    return app.screen


def screen_text(app: HeartsApp) -> str:
    """Every character on the screen now, one line a row."""
    strips = app.screen._compositor.render_strips()
    return "\n".join(strip.text for strip in strips)


async def play_until(pilot: Pilot[None], done: Callable[[], bool], limit: int = 60) -> None:
    """Play the first legal card by keys until ``done()`` is true at the user's turn."""
    app = pilot.app
    assert isinstance(app, HeartsApp)
    for _ in range(limit):
        await settle(pilot)
        if done():
            return
        await play_user_card_by_keys(pilot)
    raise AssertionError("never got there")


NOT_SAVING = "/proc/self"
"""A data folder no one may write in (not even root): an app given it cannot save
its match, so quitting mid-match asks first."""
