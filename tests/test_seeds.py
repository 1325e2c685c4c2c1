"""Every derived seed, pinned: saved matches, hand records and arena results
replay only while these values stay as they are."""

from __future__ import annotations

import random

from hearts import Hand, Match, Rules, Seat, seeds


def test_a_match_deals_its_hands_from_hand_seed() -> None:
    assert seeds.hand_seed(21, 0) == 185894162967240
    assert seeds.hand_seed(21, 3) == 255253989002451
    assert seeds.hand_seed(0, 0) == 140948220706149
    match = Match(Rules(), 21)
    assert match.deal().seed == seeds.hand_seed(21, 0)


def test_hint_seed() -> None:
    assert seeds.hint_seed(12345) == 22328443927618
    assert seeds.hint_seed(0) == 273481246741417


def test_the_arena_seeds() -> None:
    assert seeds.stable_seed(3, 0) == 20169697978048
    assert seeds.arena_deal_seed(3, 0) == seeds.arena_game_seed(3, 0) == 20169697978048
    assert seeds.deal_player_seed(3, 7, 1, 2) == 217583938950484
    assert seeds.game_player_seed(3, 2, 1, 4, 3) == 189876552730175
    assert all(0 <= seeds.stable_seed(n, n * 7) < 1 << 48 for n in range(20))


def test_the_tables_match_seeds_are_what_match_draws_from_its_random() -> None:
    assert seeds.match_seed(7, 0) == 266800464311352
    assert seeds.match_seed(7, 1) == 155319138888276
    assert seeds.match_seed(7, 2) == 90506398051535
    assert seeds.match_seed(123456789, 5) == 165925171365829
    assert Match(Rules(), random.Random(7)).seed == seeds.match_seed(7, 0)
    assert Match(Rules(), random.Random("7/3")).seed == seeds.match_seed(7, 3)


def test_the_tables_player_and_deal_seeds() -> None:
    assert seeds.computer_seed(12, 3, 2) == 12 * 1009 + 3 * 4 + 2 == 12122
    assert seeds.computer_seed(0, 1, 1) == 5
    assert seeds.table_deal_seed(12, 3) == 12 * 1009 + 3 == 12111


def test_decision_seed_reads_the_view() -> None:
    hand = Hand.deal(Rules(), 99)
    west = hand.view(Seat.WEST)
    assert seeds.decision_seed(west, 5) == 1457799123417845985
    assert seeds.decision_seed(west, 5, salt=1) == 17345708628984341181
    assert seeds.decision_seed(hand.view(Seat.SOUTH), 0) == 17739548046344149122
    for seat in Seat:
        hand.pass_cards(seat, hand.holding(seat)[:3])
    for _ in range(6):
        hand.play(hand.legal_plays()[0])
    assert hand.turn is Seat.WEST
    assert seeds.decision_seed(hand.view(Seat.WEST), 11) == 12242365870250337992
    assert seeds.decision_seed(hand.view(Seat.SOUTH), 11, salt=1) == 6121134072508322900
