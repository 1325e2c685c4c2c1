"""A PlayerView turned into the plain ints the players work on."""

from __future__ import annotations

from dataclasses import dataclass

from hearts.seeds import decision_seed
from hearts.view import PlayerView

__all__ = ["Situation", "view_key"]


@dataclass(frozen=True, slots=True)
class Situation:
    """What one seat knows during play, as masks and small ints."""

    me: int
    """The seat deciding."""
    hand: int
    """Its cards."""
    legal: int
    """Its legal plays."""
    trick: tuple[int, ...]
    """The current trick's card indices in play order."""
    leader: int
    """Who led the current trick."""
    played: int
    """Every card played so far, the current trick included."""
    taken: tuple[int, ...]
    """The cards each seat has taken in finished tricks."""
    voids: tuple[int, ...]
    """Each seat's shown-out suits as a 4-bit mask."""
    held: tuple[int, ...]
    """How many cards each seat holds."""
    known: tuple[int, ...]
    """Cards known to be in each other seat's hand (what this seat passed it)."""
    broken: bool
    """Hearts have been broken."""
    first: bool
    """This is the first trick."""
    scores: tuple[int, ...]
    """Match totals before this hand."""
    received: int = 0
    """The cards passed to this seat."""
    passer: int = -1
    """The seat that passed them (-1 when nothing was passed)."""

    @classmethod
    def of(cls, view: PlayerView) -> Situation:
        """The situation a view describes."""
        me = int(view.seat)
        taken = [0, 0, 0, 0]
        for trick in view.tricks:
            mask = 0
            for card in trick.cards:
                mask |= card.bit
            taken[trick.winner] |= mask
        voids = tuple(sum(1 << suit for suit in seat_voids) for seat_voids in view.voids)
        played = view.played.mask
        known = [0, 0, 0, 0]
        if view.passed and view.received:
            passed = 0
            for card in view.passed:
                passed |= card.bit
            known[view.pass_target] = passed & ~played
        hand = 0
        for card in view.hand:
            hand |= card.bit
        legal = 0
        for card in view.legal:
            legal |= card.bit
        leader = int(view.leader) if view.leader is not None else me
        received = 0
        for card in view.received:
            received |= card.bit
        passer = int(view.pass_direction.source(view.seat)) if received else -1
        return cls(me, hand, legal, tuple(card.index for _, card in view.trick), leader,
                   played, tuple(taken), voids, tuple(view.cards_held), tuple(known),
                   view.hearts_broken, not view.tricks, tuple(view.scores), received, passer)


view_key = decision_seed
"""A stable 64-bit number from the view's contents and a seed:
:func:`hearts.seeds.decision_seed` (the name kept for its callers)."""
