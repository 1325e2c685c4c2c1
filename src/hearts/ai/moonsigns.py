"""What one seat can see of another seat's chances of shooting the moon.

:func:`moon_signs` turns a :class:`~hearts.view.PlayerView` into one row of
numbers for each other seat that may still shoot (no seat but it has taken a
point): the points and tricks it has taken, how it has played (its leads,
its discards, its leads of high cards, the tricks it won with high cards and
the cards it played that nothing still out could beat), what it passed us or we
passed it, where the high hearts and the queen of spades can still be, and
our own stoppers. A seat another has already spoiled gets no row: its chance
is nought. The moon-threat model (:mod:`hearts.ai.moonmodel`) reads the rows.

Only the view is read, so hidden cards cannot change a row; a view with no
pass (a hold hand) has no passing features set.
"""

from __future__ import annotations

from typing import Final

from hearts.ai.kit import rule_kit
from hearts.core import FULL_DECK, HEARTS, POINT_CARDS, QUEEN_OF_SPADES, SUIT_MASKS
from hearts.rules import PassDirection
from hearts.view import Phase, PlayerView

__all__ = ["SIGN_NAMES", "moon_signs"]

SIGN_NAMES: Final = (
    "bias", "tricks_played", "passing", "classic", "leading_hearts", "first_trick",
    "no_pass", "pass_left", "pass_right", "pass_across",
    "is_passer", "is_target", "got_high", "got_all_low", "got_hearts", "got_points",
    "gave_high_hearts", "gave_queen", "gave_high",
    "its_points", "has_points", "its_tricks", "trick_share", "leads_now",
    "winning_trick", "leads_heart_now", "trick_points",
    "its_voids", "void_hearts", "discards", "high_discards", "low_discards",
    "heart_leads", "high_wins", "lost_follows", "high_leads", "boss_plays",
    "my_hearts", "my_sure_stopper", "hearts_over_mine", "my_high_hearts",
    "high_hearts_out", "high_hearts_its", "high_hearts_it_may_hold",
    "my_queen", "queen_out", "queen_its",
    "hearts_out", "hearts_played", "my_high_cards", "my_cards", "others_tricks",
    "hearts_broken",
)
"""The name of each number in a row, in order."""

HIGH_HEARTS: Final = 0b111 << (26 + 10)
"""The queen, king and ace of hearts."""
HIGH_RANKS: Final = sum(0x1F00 << (13 * suit) for suit in range(4))
"""The 10, jack, queen, king and ace of every suit."""
LOW_RANKS: Final = sum(0x7F << (13 * suit) for suit in range(4))
"""The 2 to the 8 of every suit."""
TOP_RANKS: Final = sum(0x1C00 << (13 * suit) for suit in range(4))
"""The queen, king and ace of every suit."""
_DIRECTIONS: Final = (PassDirection.NONE, PassDirection.LEFT, PassDirection.RIGHT,
                      PassDirection.ACROSS)


def _mask(cards: object) -> int:
    mask = 0
    for card in cards:  # type: ignore[attr-defined]
        mask |= card.bit
    return mask


def _count(mask: int) -> int:
    return mask.bit_count()


def moon_signs(view: PlayerView) -> dict[int, list[float]]:
    """A row of :data:`SIGN_NAMES` numbers for each other seat that may still shoot
    the moon, by seat number (seats another has spoiled are left out)."""
    me = int(view.seat)
    taken = [0, 0, 0, 0]
    tricks_won = [0, 0, 0, 0]
    discards = [0, 0, 0, 0]
    high_discards = [0, 0, 0, 0]
    low_discards = [0, 0, 0, 0]
    heart_leads = [0, 0, 0, 0]
    high_wins = [0, 0, 0, 0]
    lost_follows = [0, 0, 0, 0]
    high_leads = [0, 0, 0, 0]
    boss_plays = [0, 0, 0, 0]
    gone = 0
    for trick in view.tricks:
        mask = _mask(trick.cards)
        winner = int(trick.winner)
        taken[winner] |= mask
        tricks_won[winner] += 1
        led = trick.cards[0].suit
        leader = int(trick.leader)
        if led == 2:
            heart_leads[leader] += 1
        if trick.cards[0].bit & TOP_RANKS:
            high_leads[leader] += 1
        for offset, card in enumerate(trick.cards):
            seat = (leader + offset) & 3
            # The highest card of its suit not yet played when it was played.
            if not (FULL_DECK & ~gone & SUIT_MASKS[card.suit]) >> (card.index + 1):
                boss_plays[seat] += 1
            gone |= card.bit
            if card.suit != led:
                discards[seat] += 1
                if card.bit & HIGH_RANKS:
                    high_discards[seat] += 1
                elif card.bit & LOW_RANKS:
                    low_discards[seat] += 1
            elif seat == winner:
                if card.bit & TOP_RANKS:
                    high_wins[seat] += 1
            else:
                lost_follows[seat] += 1
    scorers = [seat for seat in range(4) if taken[seat] & POINT_CARDS]
    if len(scorers) > 1:
        return {}
    hand = _mask(view.hand)
    played = view.played.mask
    out = FULL_DECK & ~played & ~hand
    kit = rule_kit(view.rules)
    classic = kit.scoring == "classic"
    value = float(kit.value)

    def points(mask: int) -> int:
        return kit.hearts[(mask >> 26) & 0x1FFF] + (kit.queen if mask & QUEEN_OF_SPADES else 0)

    direction = view.pass_direction
    passer = int(direction.source(view.seat)) if direction is not PassDirection.NONE else -1
    target = int(direction.target(view.seat)) if direction is not PassDirection.NONE else -1
    received = _mask(view.received)
    passed = _mask(view.passed)
    my_hearts = hand & HEARTS
    hearts_out = out & HEARTS
    top_heart = my_hearts.bit_length() - 1
    over_mine = hearts_out >> top_heart if my_hearts else hearts_out >> 26
    sure = bool(my_hearts) and not over_mine
    trick_cards = [card for _, card in view.trick]
    trick_mask = _mask(trick_cards)
    trick_winner = -1
    if view.trick:
        led = trick_cards[0].suit
        best = max((card for card in trick_cards if card.suit == led), key=lambda c: c.rank)
        trick_winner = int(next(seat for seat, card in view.trick if card == best))
    done = len(view.tricks)
    common = [
        1.0, done / 13, float(view.phase is Phase.PASSING), float(classic),
        float(view.rules.leading_hearts), float(view.rules.first_trick),
        *(float(direction is d) for d in _DIRECTIONS),
    ]
    mine = [
        _count(my_hearts) / 13, float(sure), _count(over_mine) / 13,
        _count(hand & HIGH_HEARTS) / 3,
    ]
    rows: dict[int, list[float]] = {}
    for seat in range(4):
        if seat == me or (scorers and scorers[0] != seat):
            continue
        is_passer = seat == passer and bool(received)
        is_target = seat == target and bool(passed)
        others = sum(tricks_won[o] for o in range(4) if o not in (me, seat))
        rows[seat] = [
            *common,
            float(seat == passer), float(seat == target),
            _count(received & HIGH_RANKS) / 3 if is_passer else 0.0,
            float(is_passer and not received & ~LOW_RANKS),
            _count(received & HEARTS) / 3 if is_passer else 0.0,
            points(received) / value if is_passer else 0.0,
            _count(passed & HIGH_HEARTS) / 3 if is_target else 0.0,
            float(is_target and bool(passed & QUEEN_OF_SPADES)),
            _count(passed & HIGH_RANKS) / 3 if is_target else 0.0,
            points(taken[seat]) / value, float(bool(taken[seat] & POINT_CARDS)),
            tricks_won[seat] / 13, tricks_won[seat] / done if done else 0.0,
            float(done > 0 and view.leader is not None and int(view.leader) == seat),
            float(trick_winner == seat),
            float(bool(view.trick) and int(view.trick[0][0]) == seat
                  and trick_cards[0].suit == 2),
            points(trick_mask) / value,
            len(view.voids[seat]) / 4, float(2 in {int(s) for s in view.voids[seat]}),
            discards[seat] / 4, high_discards[seat] / 4, low_discards[seat] / 4,
            heart_leads[seat] / 4, high_wins[seat] / 4, lost_follows[seat] / 4,
            high_leads[seat] / 4, boss_plays[seat] / 4,
            *mine,
            _count(out & HIGH_HEARTS) / 3, _count(taken[seat] & HIGH_HEARTS) / 3,
            (_count(out & HIGH_HEARTS) / 3
             if 2 not in {int(s) for s in view.voids[seat]} else 0.0),
            float(bool(hand & QUEEN_OF_SPADES)), float(bool(out & QUEEN_OF_SPADES)),
            float(bool(taken[seat] & QUEEN_OF_SPADES)),
            _count(hearts_out) / 13, _count(played & HEARTS) / 13,
            _count(hand & HIGH_RANKS) / 13, _count(hand) / 13, others / 13,
            float(view.hearts_broken),
        ]
    return rows
