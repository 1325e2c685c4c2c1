"""Helpers shared by the engine tests: building deals, scripted and random play."""

from __future__ import annotations

import gc
import random
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from hearts import Card, Hand, PassDirection, Phase, Rules, Seat

QS = Card.parse("QS")
JD = Card.parse("JD")
TWO_CLUBS = Card.parse("2C")


def cards(text: str) -> list[Card]:
    """Cards from ``"QS AH 2c"``."""
    return [Card.parse(token) for token in text.split()]


def rest_of_deck(*hands: Iterable[Card]) -> list[Card]:
    """The cards of the deck in none of ``hands``."""
    used = {card for hand in hands for card in hand}
    return [card for card in Card.all() if card not in used]


def deal_of(south: str, west: str, north: str, east: str | None = None) -> list[list[Card]]:
    """Four hands from text; East gets the rest of the deck when not given."""
    hands = [cards(south), cards(west), cards(north)]
    hands.append(cards(east) if east is not None else rest_of_deck(*hands))
    for hand in hands:
        assert len(hand) == 13, hand
    assert len({card for hand in hands for card in hand}) == 52
    return hands


def scripted_hand(
    deal: Sequence[Iterable[Card]],
    rules: Rules | None = None,
    dealer: Seat = Seat.EAST,
    pass_direction: PassDirection = PassDirection.NONE,
) -> Hand:
    """A hand from an explicit deal; by default East deals (South leads), no passing."""
    return Hand(rules or Rules(), [list(hand) for hand in deal], dealer=dealer,
                pass_direction=pass_direction)


def rotate(deal: Sequence[Sequence[Any]], steps: int) -> list[list[Any]]:
    """The deal turned ``steps`` seats round: what seat ``s`` had goes to ``s + steps``."""
    out: list[list[Any]] = [[] for _ in range(4)]
    for seat in range(4):
        out[(seat + steps) % 4] = list(deal[seat])
    return out


def predeal(after_pass: Sequence[Sequence[Card]], direction: PassDirection
            ) -> tuple[list[list[Card]], dict[Seat, list[Card]]]:
    """A deal and passes that leave every seat holding ``after_pass`` once exchanged.

    Each seat passes three cards (never the queen of spades) that its target is
    meant to hold.
    """
    passes = {}
    for seat in Seat:
        target = direction.target(seat)
        passes[seat] = [c for c in after_pass[target] if c != QS][:3]
    deal = []
    for seat in Seat:
        source = direction.source(seat)
        held = [c for c in after_pass[seat] if c not in passes[source]]
        deal.append(held + passes[seat])
    return deal, passes


def play_queues(hand: Hand, queues: Mapping[Seat, Iterable[str | Card]]) -> None:
    """Play each seat's cards in the order given until the queues run out."""
    pending = {Seat(seat): [Card.parse(c) if isinstance(c, str) else c for c in queue]
               for seat, queue in queues.items()}
    while hand.phase is Phase.PLAYING and hand.turn is not None and pending.get(hand.turn):
        seat = hand.turn
        hand.play(pending[seat].pop(0), seat=seat)


def turn(hand: Hand) -> Seat | None:
    """Whose turn it is now. Read through a call where a test checked the turn
    before playing: mypy would keep ``hand.turn`` narrowed by that check."""
    return hand.turn


def random_pass(hand: Hand, rng: random.Random, seats: Iterable[Seat] = tuple(Seat)) -> None:
    """Pass three random cards (never the queen of spades) for each of ``seats``
    that has not passed yet."""
    for seat in seats:
        if hand.phase is not Phase.PASSING or hand.passed(seat):
            continue
        choices = [card for card in hand.holding(seat) if card != QS]
        hand.pass_cards(seat, rng.sample(choices, 3))


def random_play(hand: Hand, rng: random.Random, plays: int | None = None) -> None:
    """Play random legal cards (``plays`` of them, or to the end of the hand)."""
    count = 0
    while hand.phase is Phase.PLAYING and (plays is None or count < plays):
        hand.play(rng.choice(hand.legal_plays()))
        count += 1


def random_full_hand(rules: Rules, seed: int,
                     pass_direction: PassDirection = PassDirection.LEFT) -> Hand:
    """A hand dealt, passed and played to the end at random."""
    rng = random.Random(seed)
    hand = Hand.deal(rules, rng, dealer=Seat(rng.randrange(4)), pass_direction=pass_direction)
    if hand.phase is Phase.PASSING:
        random_pass(hand, rng)
    random_play(hand, rng)
    return hand


def snapshot(hand: Hand) -> tuple[Any, ...]:
    """Everything observable about a hand, to check a refusal changed nothing."""
    return (
        hand.record(),
        hand.phase,
        hand.turn,
        hand.leader,
        hand.trick,
        hand.tricks,
        hand.points,
        hand.hearts_broken,
        tuple(tuple(hand.holding(seat)) for seat in Seat),
        tuple(hand.passed(seat) for seat in Seat),
        tuple(hand.received(seat) for seat in Seat),
        tuple(hand.legal_plays()),
        tuple(hand.view(seat) for seat in Seat),
    )


# --- Scripted moons --------------------------------------------------------------
# Queues of plays, in order, for the shooter (who must lead the first trick) and the
# three seats after it. The first_lead rule must be off (the 2 of clubs is elsewhere);
# every other rule may be on or off.

MOON_WITH_JACK = (
    "AS KS QS JS TS 9S 8S AH KH QH JH TH 9H",   # the shooter takes all 13 tricks
    "2S 3S JD 2C 3C 4C 5C 2H 3H 4H 6C 7C 8C",   # throws the jack of diamonds away
    "4S 5S 9C TC JC QC KC 5H 6H AC 2D 3D 4D",
    "6S 7S 5D 6D 7D 8D 9D 7H 8H TD QD KD AD",
)

MOON_WITHOUT_JACK = (
    "2D 8S AS KS QS JS TS 9S AH KH QH JH TH",   # loses two pointless tricks
    "JD 2C 3S 5S 5C 6C 7C 8C 2H 3H 4H 9C TC",   # wins the first with the jack
    "3D 3C 4S 6S JC QC KC 5D 5H 6H 7H 6D 7D",
    "4D AC 2S 7S 4C 8D 9D TD 8H 9H QD KD AD",   # wins the second trick
)


def queue_deal(queues: Sequence[str], shooter: Seat) -> tuple[list[list[Card]], dict[Seat, str]]:
    """The deal (indexed by seat) and play queues of a scripted moon for ``shooter``."""
    relative = [cards(queue) for queue in queues]
    deal = rotate(relative, int(shooter))
    by_seat = {shooter.offset(i): queues[i] for i in range(4)}
    return deal, by_seat


def reachable(root: object) -> list[object]:
    """Every object the collector can reach from ``root`` (itself included; classes
    are not followed)."""
    seen: dict[int, object] = {id(root): root}
    stack = [root]
    while stack:
        for child in gc.get_referents(stack.pop()):
            if id(child) not in seen and not isinstance(child, type):
                seen[id(child)] = child
                stack.append(child)
    return list(seen.values())
