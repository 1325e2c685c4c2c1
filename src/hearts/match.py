"""A match: hands dealt one after another until a total reaches the target."""

from __future__ import annotations

import random

from hearts.cards import Seat
from hearts.hand import Hand
from hearts.rules import Rules
from hearts.seeds import hand_seed
from hearts.view import Phase

__all__ = ["Match", "MatchOver", "hand_seed"]


class MatchOver(ValueError):
    """Asked for another hand when the match is over, or before the hand is done."""


class Match:
    """Hands to the target score: the first dealer is South, the deal moves left
    each hand, the pass direction follows the rules (the rotation starts afresh
    with each match).

    Rules given to :meth:`deal` apply from that hand on, so options changed
    mid-match take effect from the next hand dealt.

    Hand ``n`` is dealt from :func:`hearts.seeds.hand_seed` of the match's :attr:`seed` and
    ``n``, so every hand records a seed that deals it again, and a match can be
    carried on from its seed and the hands played so far.
    """

    def __init__(self, rules: Rules | None = None,
                 rng_or_seed: random.Random | int | None = None) -> None:
        self.rules: Rules = rules or Rules()
        """The rules the next hand will be dealt with."""
        if isinstance(rng_or_seed, int):
            seed = rng_or_seed
        else:  # no seed: fresh cards every match; a Random replays exactly
            seed = (rng_or_seed or random.Random()).getrandbits(48)
        self.seed: int = seed
        """The match's seed; every hand's seed comes from it."""
        self.hands: list[Hand] = []
        """Every hand dealt so far, the current one last (a match may be carried on
        by filling this with the hands replayed from their records)."""

    @property
    def hand(self) -> Hand | None:
        """The current (latest) hand, or None before the first deal."""
        return self.hands[-1] if self.hands else None

    @property
    def scores(self) -> tuple[int, ...]:
        """Match totals, counting every finished hand."""
        totals = [0, 0, 0, 0]
        for hand in self.hands:
            if hand.phase is Phase.OVER:
                for seat, points in enumerate(hand.points):
                    totals[seat] += points
        return tuple(totals)

    @property
    def over(self) -> bool:
        """True when, after a finished hand, some total has reached the target: the
        target the last hand was played to, or the one :attr:`rules` set for the next
        hand (so lowering the target between hands can end the match at once)."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.OVER:
            return False
        return max(self.scores) >= min(hand.rules.target, self.rules.target)

    @property
    def winners(self) -> tuple[Seat, ...]:
        """The seats with the lowest total (several on a tie); empty until over."""
        if not self.over:
            return ()
        scores = self.scores
        low = min(scores)
        return tuple(seat for seat in Seat if scores[seat] == low)

    @property
    def next_dealer(self) -> Seat:
        """The dealer of the next hand."""
        return Seat(len(self.hands) % 4)

    def again(self, rules: Rules, seed: int) -> Match:
        """The match a table starts after this one: a match of the same kind (a
        duplicate evening starts another evening) with ``rules`` and ``seed``."""
        return Match(rules, seed)

    def deal(self, rules: Rules | None = None) -> Hand:
        """Deal the next hand, with new ``rules`` from this hand on if given."""
        if self.over:
            raise MatchOver("The match is over")
        if self.hand is not None and self.hand.phase is not Phase.OVER:
            raise MatchOver("The current hand is not finished")
        if rules is not None and rules != self.rules:
            self.rules = rules  # (the same rules stay one object for the match's hands)
        number = len(self.hands)
        hand = Hand.deal(self.rules, hand_seed(self.seed, number), dealer=Seat(number % 4),
                         pass_direction=self.rules.pass_direction(number),
                         scores=self.scores)
        self.hands.append(hand)
        return hand
