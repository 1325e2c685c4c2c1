"""Helpers for the store tests: matches played in the engine, saved as the game saves."""

from __future__ import annotations

import random
from collections.abc import Callable

from hearts import Card, Match, Phase, Rules, Seat, SeatPlayer
from hearts.hand import Hand
from hearts.store import Store

QS = Card.parse("QS")


def seat_players(level: str = "club", first_seed: int = 100,
                 person: Seat = Seat.SOUTH) -> tuple[SeatPlayer, ...]:
    """Who sits where, as the table records it: the person in ``person``."""
    return tuple(SeatPlayer("human") if seat == person else SeatPlayer(level, first_seed + seat)
                 for seat in Seat)


def deal_next(match: Match, level: str = "club", person: Seat = Seat.SOUTH) -> Hand:
    """Deal the next hand and name its players (the person in ``person``)."""
    hand = match.deal()
    hand.players = seat_players(level, 10 * len(match.hands), person)
    return hand


def pass_all(hand: Hand) -> None:
    """Every seat passes its first three cards other than the queen of spades (in a
    hold hand nobody passes)."""
    if hand.phase is not Phase.PASSING:
        return
    for seat in Seat:
        hand.pass_cards(seat, [c for c in hand.holding(seat) if c != QS][:3])


def play_match(store: Store | None, seed: int = 1, target: int = 50, level: str = "club",
               rng_seed: int = 0, after: Callable[[Match], object] | None = None,
               stop: Callable[[Match], bool] | None = None, seat: Seat = Seat.SOUTH,
               rules: Rules | None = None) -> Match:
    """Play a match at random (by ``rules``, else the defaults to ``target``), saving
    after every pass and every card as the table does; ``stop`` ends it early (the
    match is then left unfinished)."""
    rng = random.Random(rng_seed)
    match = Match(rules or Rules(target=target), seed)
    table = {"stage": "playing"}

    def save() -> None:
        if store is not None:
            store.save(match, table, seat)
        if after is not None:
            after(match)

    while not match.over:
        hand = deal_next(match, level, seat)
        save()
        pass_all(hand)
        save()
        while hand.phase is not Phase.OVER:
            if stop is not None and stop(match):
                return match
            hand.play(rng.choice(hand.legal_plays()))
            save()
    return match


def records(match: Match) -> list[str]:
    """Every hand's record, in order."""
    return [hand.to_json() for hand in match.hands]
