"""Passing: exactly three cards, never the queen of spades, the exchange after the 4th."""

from __future__ import annotations

import pytest

from hearts import Card, Hand, IllegalMove, PassDirection, Phase, Rules, Seat

from .helpers import cards, scripted_hand, snapshot

# South: 2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS     West: 3C 7C JC 2D 6D TD AD 5H 9H KH 4S 8S QS
# North: 4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS     East: 5C 9C KC 4D 8D QD 3H 7H JH 2S 6S TS AS
ROUND_ROBIN = [Card.all()[seat::4] for seat in range(4)]
PASSES = {
    Seat.SOUTH: cards("AC KD QH"),
    Seat.WEST: cards("AD KH 8S"),
    Seat.NORTH: cards("AH KS QC"),
    Seat.EAST: cards("AS JH KC"),
}


def passing_hand(direction: PassDirection = PassDirection.LEFT, pass_queen: bool = False) -> Hand:
    return scripted_hand(ROUND_ROBIN, rules=Rules(pass_queen=pass_queen), dealer=Seat.SOUTH,
                         pass_direction=direction)


def refused(hand: Hand, seat: Seat, chosen: list[Card] | list[str], words: str) -> str:
    before = snapshot(hand)
    assert hand.pass_refusal(seat, chosen) is not None
    with pytest.raises(IllegalMove, match=words) as info:
        hand.pass_cards(seat, chosen)
    assert snapshot(hand) == before
    return str(info.value)


@pytest.mark.parametrize(
    ("direction", "receiver"),
    [(PassDirection.LEFT, Seat.WEST), (PassDirection.RIGHT, Seat.EAST),
     (PassDirection.ACROSS, Seat.NORTH)],
)
def test_cards_go_to_the_right_seat(direction: PassDirection, receiver: Seat) -> None:
    hand = passing_hand(direction)
    assert direction.target(Seat.SOUTH) is receiver
    for seat in Seat:
        hand.pass_cards(seat, PASSES[seat])
    assert hand.phase is Phase.PLAYING
    for seat in Seat:
        target = direction.target(seat)
        assert hand.received(target) == tuple(sorted(PASSES[seat]))
        assert hand.passed(seat) == tuple(sorted(PASSES[seat]))
        assert all(card in hand.holding(target) for card in PASSES[seat])
        assert all(card not in hand.holding(seat) for card in PASSES[seat])
        expected = (set(ROUND_ROBIN[seat]) - set(PASSES[seat])) | set(
            PASSES[direction.source(seat)])
        assert set(hand.holding(seat)) == expected
        assert len(hand.holding(seat)) == 13
        view = hand.view(seat)
        assert view.received == tuple(sorted(PASSES[direction.source(seat)]))
        assert view.passed == tuple(sorted(PASSES[seat]))
        assert view.pass_target is target
    # The deal itself is remembered.
    assert [hand.dealt(seat) for seat in Seat] == [sorted(h) for h in ROUND_ROBIN]


@pytest.mark.parametrize(
    "order",
    [list(Seat), [Seat.EAST, Seat.NORTH, Seat.WEST, Seat.SOUTH],
     [Seat.NORTH, Seat.SOUTH, Seat.EAST, Seat.WEST]],
)
def test_the_exchange_happens_after_the_fourth_pass_in_any_order(order: list[Seat]) -> None:
    hand = passing_hand()
    for count, seat in enumerate(order, 1):
        hand.pass_cards(seat, PASSES[seat])
        if count < 4:
            assert hand.phase is Phase.PASSING
            assert hand.turn is None
            assert all(hand.received(s) == () for s in Seat)
            assert all(hand.holding(s) == sorted(ROUND_ROBIN[s]) for s in Seat)
            assert hand.passed(seat) == tuple(sorted(PASSES[seat]))
            assert hand.view(seat).received == ()
    assert hand.phase is Phase.PLAYING
    assert hand.turn is Seat.WEST  # the seat after the dealer


def test_passing_accepts_strings_in_any_order() -> None:
    one = passing_hand()
    two = passing_hand()
    one.pass_cards(Seat.SOUTH, ["qh", "AC", "K♦"])
    two.pass_cards(Seat.SOUTH, cards("AC KD QH"))
    assert one.record() == two.record()
    assert one.passed(Seat.SOUTH) == tuple(cards("AC KD QH"))


def test_the_queen_of_spades_may_not_be_passed() -> None:
    hand = passing_hand()
    message = refused(hand, Seat.WEST, cards("QS AD KH"), "queen of spades")
    assert message == "The queen of spades may not be passed"
    hand.pass_cards(Seat.WEST, cards("AD KH 8S"))


def test_the_queen_of_spades_may_be_passed_where_the_rules_say_so() -> None:
    hand = passing_hand(pass_queen=True)
    assert hand.refuse_pass(Seat.WEST, cards("QS AD KH")) is None
    hand.pass_cards(Seat.WEST, cards("QS AD KH"))
    for seat in (Seat.SOUTH, Seat.NORTH, Seat.EAST):
        hand.pass_cards(seat, PASSES[seat])
    assert Card.parse("QS") in hand.holding(Seat.NORTH)  # West passes left, to North
    assert hand.received(Seat.NORTH) == tuple(sorted(cards("QS AD KH")))
    # the record says so, and replays only under the rule
    record = hand.record()
    assert record["rules"]["pass_queen"] is True
    assert Hand.from_record(record).holding(Seat.NORTH) == hand.holding(Seat.NORTH)
    del record["rules"]["pass_queen"]
    with pytest.raises(ValueError, match="queen of spades may not be passed"):
        Hand.from_record(record)


@pytest.mark.parametrize(
    "chosen",
    [[], ["AC"], ["AC", "KD"], ["AC", "KD", "QH", "2C"], ["AC", "AC", "KD"],
     ["AC", "AC", "AC"], ["AC", "KD", "KD"]],
)
def test_exactly_three_cards(chosen: list[str]) -> None:
    hand = passing_hand()
    message = refused(hand, Seat.SOUTH, chosen, "exactly 3")
    assert message == "Choose exactly 3 cards to pass"


def test_passing_a_card_not_held() -> None:
    hand = passing_hand()
    message = refused(hand, Seat.SOUTH, cards("AC KD AS"), "not in your hand")
    assert "ace of spades" in message


def test_passing_twice() -> None:
    hand = passing_hand()
    hand.pass_cards(Seat.SOUTH, PASSES[Seat.SOUTH])
    refused(hand, Seat.SOUTH, cards("2C 6C TC"), "already passed")


def test_no_passing_while_playing() -> None:
    hand = passing_hand(PassDirection.NONE)
    assert hand.phase is Phase.PLAYING
    refused(hand, Seat.SOUTH, PASSES[Seat.SOUTH], "not being passed")
    full = passing_hand()
    for seat in Seat:
        full.pass_cards(seat, PASSES[seat])
    refused(full, Seat.SOUTH, cards("2C 6C TC"), "not being passed")


def test_pass_refusal_answers_without_acting() -> None:
    hand = passing_hand()
    before = snapshot(hand)
    assert hand.pass_refusal(Seat.SOUTH, PASSES[Seat.SOUTH]) is None
    assert hand.pass_refusal(Seat.WEST, cards("QS AD KH")) is not None
    assert snapshot(hand) == before


def test_the_queen_may_be_received_only_if_never_passed() -> None:
    # The queen stays with whoever is dealt it, through every direction.
    for direction in (PassDirection.LEFT, PassDirection.RIGHT, PassDirection.ACROSS):
        hand = passing_hand(direction)
        for seat in Seat:
            hand.pass_cards(seat, PASSES[seat])
        assert Card.parse("QS") in hand.holding(Seat.WEST)
