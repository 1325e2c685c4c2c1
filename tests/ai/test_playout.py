"""The playout's own helpers: its random draws and its packing of the position."""

from __future__ import annotations

import random

from tests.engine.helpers import random_play

from hearts.ai.judgement import CLUBS_MASK, ONE, of_seat, pack_voids
from hearts.ai.playout import below
from hearts.ai.situation import Situation
from hearts.ai.trial import position_after
from hearts.cards import CardSet, Seat
from hearts.core import CLUBS
from hearts.hand import Hand
from hearts.rules import Rules


def test_below_draws_as_randrange() -> None:
    for n in (1, 2, 3, 7, 8, 13, 52):
        ours, theirs = random.Random(n), random.Random(n)
        assert [below(ours.getrandbits, n) for _ in range(500)] == \
            [theirs.randrange(n) for _ in range(500)]


def test_the_shift_constants_are_wide() -> None:
    # Compiled, a shift of a literal would be cut to 32 bits (see judgement.ONE).
    for n in (0, 30, 31, 32, 51):
        assert ONE << n == 1 << n
    assert [CLUBS_MASK << 13 * suit for suit in range(4)] == \
        [CLUBS << 13 * suit for suit in range(4)]


def test_voids_and_seats_pack_by_seat() -> None:
    assert pack_voids((1, 2, 4, 8)) == 1 | 2 << 4 | 4 << 8 | 8 << 12
    assert [of_seat(seat, 10, 11, 12, 13) for seat in range(4)] == [10, 11, 12, 13]


def test_the_position_after_our_card_is_the_hand_after_it() -> None:
    """:func:`hearts.ai.trial.position_after` (where every trial's playout starts, the
    search's and the lab's) is the hand itself once the card is played: the hands,
    the trick or the trick taken and who leads next, hearts broken, our void shown."""
    rng = random.Random(11)
    checked = 0
    while checked < 300:
        hand = Hand.deal(Rules(), rng)
        for seat in Seat:
            hand.pass_cards(seat, hand.holding(seat)[:3])
        random_play(hand, rng, rng.randrange(0, 51))
        me = hand.turn
        assert me is not None
        s = Situation.of(hand.view(me))
        world = [CardSet(hand.holding(seat)).mask for seat in Seat]
        for card in hand.legal_plays():
            led = hand.trick[0][1].suit if hand.trick else None
            hands, trick, lead, played, taken, voids, broken, first = \
                position_after(s, world, card.index)
            hand.play(card)
            assert hands == [CardSet(hand.holding(seat)).mask for seat in Seat]
            assert trick == [each.index for _, each in hand.trick]
            assert lead == (hand.tricks[-1].winner if not trick else s.leader)
            assert played == sum(each.bit for each in hand.plays)
            assert taken == [hand.taken(seat).mask for seat in Seat]
            # (told when a trick is taken: a heart discarded counts by the next lead)
            assert broken == (hand.hearts_broken if not trick else s.broken)
            assert first == (not hand.tricks)
            shown = led is not None and card.suit != led
            assert voids[me] == s.voids[me] | (1 << led if shown and led is not None else 0)
            assert voids[:me] + voids[me + 1:] == list(s.voids[:me] + s.voids[me + 1:])
            hand.pop()
            checked += 1
