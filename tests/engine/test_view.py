"""PlayerView: what one seat may know, and nothing else."""

from __future__ import annotations

import dataclasses
import enum
import random
from collections.abc import Iterator

import pytest

from hearts import (
    Card,
    CardSet,
    Hand,
    PassDirection,
    Phase,
    PlayerView,
    Rules,
    Seat,
    Suit,
    Trick,
)

from .helpers import cards, random_pass, random_play, scripted_hand

DESIGN_FIELDS = {
    "seat", "rules", "phase", "pass_direction", "dealer", "hand", "passed", "received",
    "trick", "leader", "tricks", "played", "points_taken", "scores", "cards_held", "voids",
    "hearts_broken", "legal",
}

ROUND_ROBIN = [Card.all()[seat::4] for seat in range(4)]


def walk(value: object) -> Iterator[object]:
    """Every value reachable from a view through its fields and containers."""
    yield value
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        for field in dataclasses.fields(value):
            yield from walk(getattr(value, field.name))
    elif isinstance(value, CardSet):
        yield from value
    elif isinstance(value, tuple | frozenset):
        for item in value:
            yield from walk(item)


PLAIN = (bool, int, str, type(None), Card, CardSet, enum.Enum, Rules, PlayerView, Trick,
         tuple, frozenset)


def check_view_is_honest(hand: Hand, seat: Seat) -> PlayerView:
    view = hand.view(seat)
    known = (set(view.hand) | set(view.played) | set(view.passed) | set(view.received))
    for value in walk(view):
        assert isinstance(value, PLAIN), type(value)  # plain values, no link to the hand
        if isinstance(value, Card):
            assert value in known, (seat, value)
    others = {card for other in Seat if other != seat for card in hand.holding(other)}
    assert not others & set(view.hand)
    hidden = others - set(view.passed)  # cards this seat passed it may still know
    assert not hidden & {v for v in walk(view) if isinstance(v, Card)}
    return view


def test_view_fields_are_the_designs() -> None:
    names = {field.name for field in dataclasses.fields(PlayerView)}
    assert names >= DESIGN_FIELDS
    assert names - DESIGN_FIELDS <= {"turn"}


def test_views_are_frozen_and_hashable() -> None:
    hand = Hand.deal(Rules(), 1)
    view = hand.view(Seat.SOUTH)
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.seat = Seat.WEST  # type: ignore[misc]
    assert hash(view) == hash(hand.view(Seat.SOUTH))
    assert view == hand.view(Seat.SOUTH)
    assert view != hand.view(Seat.WEST)


def test_view_contents_during_a_hand() -> None:
    hand = scripted_hand(ROUND_ROBIN, rules=Rules(first_lead=True), dealer=Seat.EAST,
                         pass_direction=PassDirection.LEFT)
    view = hand.view(Seat.SOUTH)
    assert view.seat is Seat.SOUTH and view.phase is Phase.PASSING
    assert view.dealer is Seat.EAST and view.pass_direction is PassDirection.LEFT
    assert view.rules == Rules(first_lead=True)
    assert view.hand == tuple(sorted(ROUND_ROBIN[0]))
    assert view.passed == () and view.received == ()
    assert view.trick == () and view.tricks == () and view.played == CardSet()
    assert view.leader is None and view.legal == ()
    assert view.cards_held == (13, 13, 13, 13)
    assert view.points_taken == (0, 0, 0, 0) and view.scores == (0, 0, 0, 0)
    assert view.voids == (frozenset(),) * 4 and not view.hearts_broken
    assert view.pass_target is Seat.WEST
    hand.pass_cards(Seat.SOUTH, cards("AC KD QH"))
    view = hand.view(Seat.SOUTH)
    assert view.passed == tuple(cards("AC KD QH"))
    assert view.hand == tuple(sorted(ROUND_ROBIN[0]))  # until the exchange
    assert hand.view(Seat.WEST).passed == ()
    hand.pass_cards(Seat.WEST, cards("AD KH 8S"))
    hand.pass_cards(Seat.NORTH, cards("AH KS QC"))
    hand.pass_cards(Seat.EAST, cards("AS JH KC"))
    view = hand.view(Seat.SOUTH)
    assert view.phase is Phase.PLAYING
    assert view.received == tuple(cards("KC JH AS"))
    assert set(view.hand) == (set(ROUND_ROBIN[0]) - set(cards("AC KD QH"))) | set(
        cards("AS JH KC"))
    assert view.turn is Seat.SOUTH and view.leader is Seat.SOUTH
    assert view.legal == tuple(cards("2C"))
    assert hand.view(Seat.WEST).legal == ()
    hand.play("2C")
    hand.play("3C")
    view = hand.view(Seat.NORTH)
    assert view.trick == ((Seat.SOUTH, Card.parse("2C")), (Seat.WEST, Card.parse("3C")))
    assert view.led_suit is Suit.CLUBS
    assert view.played == CardSet(cards("2C 3C"))
    assert view.cards_held == (12, 12, 13, 13)
    assert view.legal == tuple(cards("4C 8C"))  # North passed the queen of clubs
    assert view.trick_number == 0
    hand.play("8C")
    hand.play("5C")
    view = hand.view(Seat.EAST)
    assert view.trick == ()
    assert view.tricks == (Trick(Seat.SOUTH, tuple(cards("2C 3C 8C 5C")), Seat.NORTH),)
    assert view.tricks[0].plays()[2] == (Seat.NORTH, Card.parse("8C"))
    assert view.trick_number == 1 and view.turn is Seat.NORTH and view.leader is Seat.NORTH
    assert view.cards_held == (12, 12, 12, 12)


def test_the_final_view() -> None:
    rng = random.Random(3)
    hand = Hand.deal(Rules(), rng, pass_direction=PassDirection.NONE, scores=(10, 20, 30, 40))
    random_play(hand, rng)
    view = check_view_is_honest(hand, Seat.EAST)
    assert view.phase is Phase.OVER and view.turn is None and view.leader is None
    assert view.hand == () and view.cards_held == (0, 0, 0, 0)
    assert len(view.played) == 52 and view.trick_number == 13
    assert view.points_taken == hand.points
    assert view.scores == (10, 20, 30, 40)


@pytest.mark.parametrize("seed", range(8))
def test_no_hidden_card_is_reachable(seed: int) -> None:
    rng = random.Random(seed)
    hand = Hand.deal(Rules(first_lead=seed % 2 == 1), rng,
                     pass_direction=list(PassDirection)[seed % 4])
    for seat in Seat:
        check_view_is_honest(hand, seat)
    if hand.phase is Phase.PASSING:
        for seat in Seat:
            random_pass(hand, rng, [seat])
            for other in Seat:
                check_view_is_honest(hand, other)
    while hand.phase is Phase.PLAYING:
        random_play(hand, rng, plays=1)
        for seat in Seat:
            check_view_is_honest(hand, seat)


def test_views_are_snapshots_not_live() -> None:
    hand = scripted_hand(ROUND_ROBIN)
    view = hand.view(Seat.SOUTH)
    copy = hand.view(Seat.SOUTH)
    hand.play("2C")
    assert view == copy
    assert Card.parse("2C") in view.hand
    assert view.cards_held == (13, 13, 13, 13)


# A deal where West and North hold cards South cannot see: the 9 and 10 of
# diamonds may be swapped between them without South being able to tell.
HIDDEN_A = [
    cards("2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC"),
    cards("2D 3D 4D 9D 2H 3H 4H 5H 6H 7H 8H 2S 3S"),
    cards("5D 6D 7D TD 9H TH JH QH KH AH 4S 5S 6S"),
    cards("8D JD QD KD AD 7S 8S 9S TS JS QS KS AS"),
]
HIDDEN_B = [
    HIDDEN_A[0],
    [c if str(c) != "9D" else Card.parse("TD") for c in HIDDEN_A[1]],
    [c if str(c) != "TD" else Card.parse("9D") for c in HIDDEN_A[2]],
    HIDDEN_A[3],
]
# South leads clubs, which nobody else holds, and wins every trick.
PUBLIC = ["2C", "3S", "4S", "7S",
          "3C", "2D", "5D", "8D",
          "4C", "3D", "6D", "JD"]


@pytest.mark.parametrize("plays", [0, 1, 4, 7, 12])
def test_equal_views_when_hands_differ_only_in_hidden_cards(plays: int) -> None:
    one = scripted_hand(HIDDEN_A)
    two = scripted_hand(HIDDEN_B)
    for card in PUBLIC[:plays]:
        one.play(card)
        two.play(card)
    assert one.view(Seat.SOUTH) == two.view(Seat.SOUTH)
    assert one.view(Seat.EAST) == two.view(Seat.EAST)
    assert one.view(Seat.WEST) != two.view(Seat.WEST)
    assert one.view(Seat.NORTH) != two.view(Seat.NORTH)


def test_different_views_when_the_seat_can_tell() -> None:
    one = scripted_hand(HIDDEN_A)
    two = scripted_hand(HIDDEN_A)
    one.play("2C")
    two.play("3C")
    assert one.view(Seat.NORTH) != two.view(Seat.NORTH)  # a different card was played
    # A swap involving South's own hand is visible to South.
    swapped = [list(h) for h in HIDDEN_A]
    swapped[0][0], swapped[3][0] = swapped[3][0], swapped[0][0]
    assert scripted_hand(HIDDEN_A).view(Seat.SOUTH) != scripted_hand(swapped).view(Seat.SOUTH)
    # Different scores, dealers or rules are visible too.
    assert (Hand(Rules(), HIDDEN_A, scores=(1, 0, 0, 0)).view(Seat.SOUTH)
            != Hand(Rules(), HIDDEN_A).view(Seat.SOUTH))
    assert (Hand(Rules(), HIDDEN_A, dealer=Seat.WEST).view(Seat.SOUTH)
            != Hand(Rules(), HIDDEN_A).view(Seat.SOUTH))
    assert (Hand(Rules(target=50), HIDDEN_A).view(Seat.SOUTH)
            != Hand(Rules(), HIDDEN_A).view(Seat.SOUTH))


def test_equal_views_with_passing_when_the_swap_is_hidden() -> None:
    # South passes left to West and receives from East; a swap between West and
    # North of cards neither passes stays hidden from South.
    one = scripted_hand(HIDDEN_A, pass_direction=PassDirection.LEFT)
    two = scripted_hand(HIDDEN_B, pass_direction=PassDirection.LEFT)
    passes = {Seat.SOUTH: "2C 3C 4C", Seat.WEST: "2H 3H 4H", Seat.NORTH: "JH QH KH",
              Seat.EAST: "AS KS JS"}
    for seat, chosen in passes.items():
        one.pass_cards(seat, cards(chosen))
        two.pass_cards(seat, cards(chosen))
        assert one.view(Seat.SOUTH) == two.view(Seat.SOUTH)
    assert one.view(Seat.SOUTH).received == tuple(cards("JS KS AS"))
    assert one.view(Seat.WEST).received == tuple(cards("2C 3C 4C"))
    assert one.view(Seat.WEST) != two.view(Seat.WEST)
