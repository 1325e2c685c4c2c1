"""Scoring: house and classic values, the jack of diamonds and shooting the moon."""

from __future__ import annotations

import itertools

import pytest

from hearts import Card, Hand, Phase, Rules, Scoring, Seat

from .helpers import (
    MOON_WITH_JACK,
    MOON_WITHOUT_JACK,
    cards,
    play_queues,
    queue_deal,
    scripted_hand,
)

RULE_SETS = [
    Rules(scoring=scoring, jack_of_diamonds=jack, leading_hearts=strict, first_trick=strict)
    for scoring, jack, strict in itertools.product(Scoring, (False, True), (False, True))
]


def rules_id(rules: Rules) -> str:
    return f"{rules.scoring.value}-jd{int(rules.jack_of_diamonds)}-strict{int(rules.first_trick)}"


def play_moon(queues: tuple[str, ...], shooter: Seat, rules: Rules) -> Hand:
    deal, by_seat = queue_deal(queues, shooter)
    hand = scripted_hand(deal, rules=rules, dealer=shooter.offset(-1))
    assert hand.turn is shooter
    play_queues(hand, {seat: queue.split() for seat, queue in by_seat.items()})
    assert hand.phase is Phase.OVER
    assert len(hand.tricks) == 13
    return hand


@pytest.mark.parametrize("shooter", list(Seat))
@pytest.mark.parametrize("rules", RULE_SETS, ids=rules_id)
def test_moon_with_the_jack(rules: Rules, shooter: Seat) -> None:
    hand = play_moon(MOON_WITH_JACK, shooter, rules)
    assert all(trick.winner is shooter for trick in hand.tricks)
    full = rules.scoring.hand_value
    jack = -10 if rules.jack_of_diamonds else 0
    expected = [full] * 4
    expected[shooter] = 0 + jack  # the jack still counts for the shooter
    assert hand.points == tuple(expected)
    assert hand.shooter is shooter


@pytest.mark.parametrize("shooter", list(Seat))
@pytest.mark.parametrize("rules", RULE_SETS, ids=rules_id)
def test_moon_without_the_jack(rules: Rules, shooter: Seat) -> None:
    hand = play_moon(MOON_WITHOUT_JACK, shooter, rules)
    jack_taker = shooter.offset(1)
    assert hand.tricks[0].winner is jack_taker
    assert Card.parse("JD") in hand.taken(jack_taker)
    assert hand.tricks[1].winner is shooter.offset(3)
    full = rules.scoring.hand_value
    expected = [full] * 4
    expected[shooter] = 0  # the jack is not needed for a moon
    if rules.jack_of_diamonds:
        expected[jack_taker] -= 10  # whoever else took the jack still gets it
    assert hand.points == tuple(expected)
    assert hand.shooter is shooter


def test_moon_figures() -> None:
    house_jack = play_moon(MOON_WITHOUT_JACK, Seat.SOUTH, Rules(jack_of_diamonds=True))
    assert house_jack.points == (0, 23, 33, 33)
    house = play_moon(MOON_WITH_JACK, Seat.SOUTH, Rules(jack_of_diamonds=True))
    assert house.points == (-10, 33, 33, 33)
    classic = play_moon(MOON_WITHOUT_JACK, Seat.NORTH,
                        Rules(scoring=Scoring.CLASSIC, jack_of_diamonds=True))
    assert classic.points == (26, 26, 0, 16)


@pytest.mark.parametrize("rules", RULE_SETS, ids=rules_id)
def test_all_but_one_heart_is_no_moon(rules: Rules) -> None:
    # As MOON_WITHOUT_JACK, but the shooter throws the 10 of hearts on the club
    # trick the fourth seat wins, and keeps the 8 of spades for the last trick.
    queues = ("2D TH AS KS QS JS TS 9S AH KH QH JH 8S", *MOON_WITHOUT_JACK[1:])
    hand = play_moon(queues, Seat.SOUTH, rules)
    assert hand.shooter is None
    assert Card.parse("TH") in hand.taken(Seat.EAST)
    jack = -10 if rules.jack_of_diamonds else 0
    if rules.scoring is Scoring.HOUSE:
        assert hand.points == (32, jack, 0, 1)
    else:
        assert hand.points == (25, jack, 0, 1)
    assert sum(hand.points) == rules.scoring.hand_value + jack


def test_points_while_playing_are_the_cards_taken_so_far() -> None:
    deal, by_seat = queue_deal(MOON_WITHOUT_JACK, Seat.SOUTH)
    for jack in (False, True):
        hand = scripted_hand(deal, rules=Rules(jack_of_diamonds=jack))
        queues = {seat: queue.split()[:1] for seat, queue in by_seat.items()}
        play_queues(hand, queues)
        assert hand.points == (0, -10 if jack else 0, 0, 0)
        assert hand.shooter is None  # not until the hand is over


@pytest.mark.parametrize("scoring", list(Scoring))
def test_taking_every_heart_but_not_the_queen_is_no_moon(scoring: Scoring) -> None:
    # South leads every heart from the top; others follow low and throw the queen
    # of spades on a club trick South does not win.
    south = "AH KH QH JH TH 9H 8H 7H 6H 5H 2C 3C 4C"
    west = "2H 5C 6C 7C 8C 9C TC JC QC KC AC QS 2S"
    north = "3H 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"
    east = "4H AD 3S 4S 5S 6S 7S 8S 9S TS JS KS AS"
    deal = [cards(south), cards(west), cards(north), cards(east)]
    hand = scripted_hand(deal, rules=Rules(scoring=scoring))
    play_queues(hand, {Seat.SOUTH: south.split(), Seat.WEST: west.split(),
                       Seat.NORTH: north.split(), Seat.EAST: east.split()})
    assert hand.phase is Phase.OVER
    assert set(hand.taken(Seat.SOUTH)) >= set(cards("AH 2H 3H 4H"))
    assert Card.parse("QS") not in hand.taken(Seat.SOUTH)
    assert hand.shooter is None
    hearts = 23 if scoring is Scoring.HOUSE else 13
    queen = 10 if scoring is Scoring.HOUSE else 13
    assert hand.points[Seat.SOUTH] == hearts
    assert sum(hand.points) == hearts + queen
    taker = next(s for s in Seat if Card.parse("QS") in hand.taken(s))
    assert hand.points[taker] == queen


def test_the_heart_table_and_the_card_table_agree() -> None:
    import random

    from hearts import core
    from hearts.ai.kit import rule_kit

    rng = random.Random(5)
    for scoring in Scoring:
        for jack in (False, True):
            kit = rule_kit(Rules(scoring=scoring, jack_of_diamonds=jack))
            assert kit.hearts is core.heart_points_table(scoring.value)
            for bits in [0, 0x1FFF, *(rng.randrange(1 << 13) for _ in range(200))]:
                cards = sum(kit.table[26 + i] for i in range(13) if bits >> i & 1)
                assert kit.hearts[bits] == cards == core.mask_points(bits << 26, scoring.value,
                                                                     jack)
    assert core.mask_points(core.JACK_OF_DIAMONDS, "house", True) == core.JACK_OF_DIAMONDS_POINTS
