"""Playing a hand: turns, following suit, trick winners and each optional rule."""

from __future__ import annotations

import random

import pytest

from hearts import Card, Hand, IllegalMove, PassDirection, Phase, Rules, Seat, Suit

from .helpers import (
    cards,
    deal_of,
    play_queues,
    random_pass,
    random_play,
    scripted_hand,
    snapshot,
    turn,
)

# Every fourth card of the deck: each seat holds three or four of every suit.
# South: 2C 6C TC AC 5D 9D KD 4H 8H QH 3S 7S JS     West: 3C 7C JC 2D 6D TD AD 5H 9H KH 4S 8S QS
# North: 4C 8C QC 3D 7D JD 2H 6H TH AH 5S 9S KS     East: 5C 9C KC 4D 8D QD 3H 7H JH 2S 6S TS AS
ROUND_ROBIN = [Card.all()[seat::4] for seat in range(4)]

# West and East are void in clubs.
VOIDS = deal_of(
    "2C 3C 4C 5C 6C 7C 8C 2D 3D 4D 5D 6D 7D",
    "AS KS JS TS 9S 8S 7S 2H 3H 4H 5H 6H 7H",
    "9C TC JC QC KC AC 8D 9D TD JD QD KD AD",
    "QS 6S 5S 4S 3S 2S 8H 9H TH JH QH KH AH",
)


def refused(hand: Hand, words: str, card: str, seat: Seat | None = None) -> IllegalMove:
    """Play ``card``, expect a refusal mentioning ``words``, and check nothing changed."""
    before = snapshot(hand)
    with pytest.raises(IllegalMove, match=words) as info:
        hand.play(card, seat=seat)
    assert snapshot(hand) == before
    assert isinstance(info.value, ValueError)
    return info.value


def test_a_deal_from_explicit_hands() -> None:
    hand = scripted_hand(ROUND_ROBIN, dealer=Seat.SOUTH, pass_direction=PassDirection.LEFT)
    assert hand.phase is Phase.PASSING
    assert hand.turn is None and hand.legal_plays() == []
    for seat in Seat:
        assert hand.holding(seat) == sorted(ROUND_ROBIN[seat])
        assert hand.dealt(seat) == sorted(ROUND_ROBIN[seat])
    assert hand.points == (0, 0, 0, 0)


def test_a_deal_from_a_seed_is_reproducible() -> None:
    one = Hand.deal(Rules(), 7)
    two = Hand.deal(Rules(), 7)
    assert [one.holding(s) for s in Seat] == [two.holding(s) for s in Seat]
    assert [one.holding(s) for s in Seat] != [Hand.deal(Rules(), 8).holding(s) for s in Seat]
    assert sorted(c for s in Seat for c in one.holding(s)) == Card.all()


@pytest.mark.parametrize(
    "hands",
    [
        ROUND_ROBIN[:3],
        [ROUND_ROBIN[0], ROUND_ROBIN[0], ROUND_ROBIN[2], ROUND_ROBIN[3]],
        [ROUND_ROBIN[0][:12], ROUND_ROBIN[1], ROUND_ROBIN[2],
         ROUND_ROBIN[3] + ROUND_ROBIN[0][12:]],
    ],
)
def test_bad_deals_are_refused(hands: list[list[Card]]) -> None:
    with pytest.raises(ValueError):
        Hand(Rules(), hands)


def test_no_passing_starts_play_at_once() -> None:
    hand = scripted_hand(ROUND_ROBIN, dealer=Seat.EAST)
    assert hand.phase is Phase.PLAYING
    assert hand.turn is Seat.SOUTH and hand.leader is Seat.SOUTH
    assert hand.legal_plays() == sorted(ROUND_ROBIN[Seat.SOUTH])


def test_must_follow_suit() -> None:
    hand = scripted_hand(ROUND_ROBIN)
    hand.play("2C", seat=Seat.SOUTH)
    assert hand.turn is Seat.WEST
    assert hand.legal_plays() == cards("3C 7C JC")
    error = refused(hand, "You must follow clubs", "2D")
    assert "clubs" in str(error)
    refused(hand, "You must follow clubs", "QS")
    hand.play("JC")
    assert hand.legal_plays() == cards("4C 8C QC")
    refused(hand, "You must follow clubs", "AH")


def test_highest_of_the_suit_led_wins_and_the_winner_leads() -> None:
    hand = scripted_hand(VOIDS)
    assert hand.turn is Seat.SOUTH
    hand.play("2C")
    assert hand.legal_plays() == sorted(VOIDS[Seat.WEST])  # void: anything
    hand.play("AS")          # a higher card, but not of the suit led
    hand.play("9C")
    result = hand.play("QS")  # East is void too
    assert result.trick is not None
    assert result.trick.winner is Seat.NORTH
    assert result.trick.leader is Seat.SOUTH
    assert result.trick.cards == tuple(cards("2C AS 9C QS"))
    assert hand.tricks == (result.trick,)
    assert turn(hand) is Seat.NORTH and hand.leader is Seat.NORTH
    assert hand.trick == ()
    assert hand.points == (0, 0, 10, 0)
    assert set(hand.taken(Seat.NORTH)) == set(cards("2C AS 9C QS"))
    assert Suit.CLUBS in hand.view(Seat.SOUTH).voids[Seat.WEST]
    assert Suit.CLUBS in hand.view(Seat.SOUTH).voids[Seat.EAST]
    assert hand.view(Seat.SOUTH).voids[Seat.NORTH] == frozenset()
    # The next trick: North leads, and the highest diamond wins.
    hand.play("8D")
    hand.play("3S")          # East void in diamonds
    hand.play("7D")
    result = hand.play("2H")  # West void in diamonds
    assert result.trick is not None and result.trick.winner is Seat.NORTH


def test_current_trick_and_play_results() -> None:
    hand = scripted_hand(ROUND_ROBIN)
    first = hand.play("2C")
    assert (first.seat, first.card, first.trick) == (Seat.SOUTH, Card.parse("2C"), None)
    hand.play("3C")
    assert hand.trick == ((Seat.SOUTH, Card.parse("2C")), (Seat.WEST, Card.parse("3C")))
    assert hand.plays == tuple(cards("2C 3C"))
    assert Card.parse("2C") not in hand.holding(Seat.SOUTH)
    assert len(hand.holding(Seat.SOUTH)) == 12


def test_not_your_turn() -> None:
    hand = scripted_hand(ROUND_ROBIN)
    assert hand.turn is Seat.SOUTH
    # A card from West's own hand, with West named as the player.
    error = refused(hand, "turn", "3C", seat=Seat.WEST)
    assert "South" in str(error)
    # Even a card South could legally play is refused when West is named.
    refused(hand, "turn", "2C", seat=Seat.WEST)
    hand.play("2C", seat=Seat.SOUTH)
    refused(hand, "turn", "4C", seat=Seat.NORTH)


def test_not_in_your_hand() -> None:
    hand = scripted_hand(ROUND_ROBIN)
    error = refused(hand, "not in your hand", "3C")
    assert "3 of clubs" in str(error)
    refused(hand, "not in your hand", "QS", seat=Seat.SOUTH)


def test_play_outside_the_playing_phase() -> None:
    hand = scripted_hand(ROUND_ROBIN, pass_direction=PassDirection.LEFT)
    refused(hand, "passed", "2C")
    refused(hand, "passed", "2C", seat=Seat.SOUTH)
    rng = random.Random(1)
    random_pass(hand, rng)
    random_play(hand, rng)
    assert hand.turn is None and hand.leader is None and hand.legal_plays() == []
    refused(hand, "over", "2C")


def test_string_and_card_arguments_are_equivalent() -> None:
    one = scripted_hand(ROUND_ROBIN)
    two = scripted_hand(ROUND_ROBIN)
    one.play("2c")
    two.play(Card.parse("2C"))
    assert one.record() == two.record()


# --- First lead ---------------------------------------------------------------------


@pytest.mark.parametrize("dealer", list(Seat))
def test_without_first_lead_the_seat_after_the_dealer_leads_anything(dealer: Seat) -> None:
    hand = scripted_hand(ROUND_ROBIN, rules=Rules(first_lead=False), dealer=dealer)
    assert hand.turn is dealer.left
    assert hand.legal_plays() == sorted(ROUND_ROBIN[dealer.left])
    hand.play(max(ROUND_ROBIN[dealer.left]))  # any card, even the highest spade


@pytest.mark.parametrize("dealer", list(Seat))
def test_first_lead_the_holder_of_the_two_of_clubs_must_lead_it(dealer: Seat) -> None:
    hand = scripted_hand(ROUND_ROBIN, rules=Rules(first_lead=True), dealer=dealer)
    assert hand.turn is Seat.SOUTH  # South holds the 2 of clubs
    assert hand.legal_plays() == cards("2C")
    refused(hand, "The first lead must be the 2 of clubs", "6C")
    refused(hand, "The first lead must be the 2 of clubs", "QH")
    hand.play("2C")
    assert turn(hand) is Seat.WEST


def test_first_lead_follows_the_two_of_clubs_through_the_pass() -> None:
    hand = scripted_hand(ROUND_ROBIN, rules=Rules(first_lead=True), dealer=Seat.NORTH,
                         pass_direction=PassDirection.ACROSS)
    hand.pass_cards(Seat.SOUTH, cards("2C 6C TC"))
    for seat in (Seat.WEST, Seat.NORTH, Seat.EAST):
        hand.pass_cards(seat, [c for c in hand.holding(seat) if str(c) != "QS"][:3])
    assert Card.parse("2C") in hand.holding(Seat.NORTH)
    assert hand.turn is Seat.NORTH
    assert hand.legal_plays() == cards("2C")


def test_first_lead_only_binds_the_first_trick() -> None:
    hand = scripted_hand(ROUND_ROBIN, rules=Rules(first_lead=True))
    play_queues(hand, {Seat.SOUTH: ["2C"], Seat.WEST: ["3C"], Seat.NORTH: ["4C"],
                       Seat.EAST: ["5C"]})
    assert hand.turn is Seat.EAST
    assert hand.legal_plays() == hand.holding(Seat.EAST)


# --- Leading hearts ------------------------------------------------------------------

# South holds high clubs and low hearts; West can throw a heart on a club lead.
HEARTS_DEAL = deal_of(
    "JC QC KC AC 2H 3H 4H 5H 6H 7H 8H 9H TH",
    "JH QH KH AH 2S 3S 4S 5S 6S 7S 8S 9S TS",
    "2C 3C 4C 5C 6C 7C 8C 9C TC JS QS KS AS",
)


def test_leading_hearts_refused_until_a_heart_has_been_played() -> None:
    hand = scripted_hand(HEARTS_DEAL, rules=Rules(leading_hearts=True))
    assert hand.turn is Seat.SOUTH
    assert hand.legal_plays() == cards("JC QC KC AC")
    error = refused(hand, "Hearts have not been broken yet", "2H")
    assert str(error) == "Hearts have not been broken yet"
    assert not hand.hearts_broken
    hand.play("AC")
    hand.play("JH")   # West is void in clubs and throws a heart
    hand.play("2C")
    hand.play("2D")
    assert hand.turn is Seat.SOUTH
    assert hand.hearts_broken and hand.view(Seat.NORTH).hearts_broken
    assert hand.legal_plays() == hand.holding(Seat.SOUTH)  # hearts included
    hand.play("2H")


def test_without_the_leading_hearts_rule_hearts_lead_at_once() -> None:
    hand = scripted_hand(HEARTS_DEAL, rules=Rules(leading_hearts=False))
    assert hand.legal_plays() == hand.holding(Seat.SOUTH)
    hand.play("2H")


@pytest.mark.parametrize("first_trick", [False, True])
def test_leading_hearts_allowed_when_only_hearts_are_held(first_trick: bool) -> None:
    deal = deal_of("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
                   "2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC",
                   "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD")
    hand = scripted_hand(deal, rules=Rules(leading_hearts=True, first_trick=first_trick))
    assert hand.turn is Seat.SOUTH
    assert hand.legal_plays() == cards("2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH")
    hand.play("AH")


def test_the_queen_of_spades_does_not_break_hearts() -> None:
    deal = deal_of("3C 4C 5C 6C 7C 8C 9C TC JC QC KC AC 2H",
                   "QS 3H 4H 5H 6H 7H 8H 9H TH JH QH KH AH",
                   "2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AD")
    hand = scripted_hand(deal, rules=Rules(leading_hearts=True))
    play_queues(hand, {Seat.SOUTH: ["AC"], Seat.WEST: ["QS"], Seat.NORTH: ["2D"],
                       Seat.EAST: ["2C"]})
    assert hand.turn is Seat.SOUTH and not hand.hearts_broken
    assert Card.parse("2H") not in hand.legal_plays()


# --- First trick -----------------------------------------------------------------------

# West holds only hearts and the queen; North holds the last heart, the jack of
# diamonds and spades; South holds the 2 of clubs.
FIRST_TRICK_DEAL = deal_of(
    "2C 2D 3D 4D 5D 6D 7D 8D 9D TD QD KD AD",
    "QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
    "AH JD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS",
)


def test_first_trick_a_player_with_only_hearts_and_the_queen_may_play_them() -> None:
    hand = scripted_hand(FIRST_TRICK_DEAL, rules=Rules(first_lead=True, first_trick=True))
    hand.play("2C")
    assert hand.turn is Seat.WEST
    assert hand.legal_plays() == sorted(FIRST_TRICK_DEAL[Seat.WEST])
    hand.play("QS")


@pytest.mark.parametrize("west_plays", ["KH", "2H"])
def test_first_trick_hearts_allowed_without_alternative(west_plays: str) -> None:
    hand = scripted_hand(FIRST_TRICK_DEAL, rules=Rules(first_lead=True, first_trick=True))
    hand.play("2C")
    hand.play(west_plays)
    assert hand.turn is Seat.NORTH


def test_first_trick_no_points_when_there_is_an_alternative() -> None:
    hand = scripted_hand(FIRST_TRICK_DEAL, rules=Rules(first_lead=True, first_trick=True))
    hand.play("2C")
    hand.play("QS")
    assert hand.legal_plays() == sorted(cards("JD 2S 3S 4S 5S 6S 7S 8S 9S TS JS KS"))
    error = refused(hand, "first trick", "AH")
    assert "point" in str(error).lower()
    hand.play("JD")  # the jack of diamonds is not a points card for this rule
    hand.play("3C")
    assert hand.turn is Seat.EAST
    hand.play("4C")  # the second trick: anything goes for a void player
    assert hand.legal_plays() == sorted(FIRST_TRICK_DEAL[Seat.SOUTH])[1:]
    hand.play("2D")
    hand.play("2H")
    assert Card.parse("AH") in hand.legal_plays()
    hand.play("AH")


def test_without_the_first_trick_rule_points_may_be_played_at_once() -> None:
    hand = scripted_hand(FIRST_TRICK_DEAL, rules=Rules(first_lead=True))
    hand.play("2C")
    hand.play("QS")
    assert hand.legal_plays() == hand.holding(Seat.NORTH)
    hand.play("AH")


def test_first_trick_leader_may_not_lead_points_if_it_has_anything_else() -> None:
    deal = deal_of("QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH 2C",
                   "KH AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
                   "KD AD 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    hand = scripted_hand(deal, rules=Rules(first_trick=True))
    assert hand.turn is Seat.SOUTH
    assert hand.legal_plays() == cards("2C")
    refused(hand, "first trick", "QS")
    refused(hand, "first trick", "5H")


@pytest.mark.parametrize(("leading_hearts", "legal"), [(False, None), (True, "QS")])
def test_first_trick_leader_holding_only_hearts_and_the_queen(
        leading_hearts: bool, legal: str | None) -> None:
    deal = deal_of("QS 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                   "AH 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                   "AD 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
    hand = scripted_hand(deal, rules=Rules(first_trick=True, leading_hearts=leading_hearts))
    expected = cards(legal) if legal else sorted(deal[Seat.SOUTH])
    assert hand.legal_plays() == expected


def test_first_trick_queen_refused_when_following_spades_with_another_spade() -> None:
    # The first_lead rule is off, so the first trick may be led with a spade.
    deal = deal_of("KS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                   "QS 5S AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD",
                   "2S 3S 4S 6S 7S 8S 9S TS JS AS QD KD AD")
    hand = scripted_hand(deal, rules=Rules(first_trick=True))
    hand.play("KS")
    assert hand.turn is Seat.WEST
    assert hand.legal_plays() == cards("5S")
    refused(hand, "first trick", "QS")


def test_first_trick_queen_allowed_when_it_is_the_only_spade() -> None:
    deal = deal_of("KS 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
                   "QS AC 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD",
                   "2S 3S 4S 5S 6S 7S 8S 9S TS JS AS KD AD")
    hand = scripted_hand(deal, rules=Rules(first_trick=True))
    hand.play("KS")
    assert hand.legal_plays() == cards("QS")
    hand.play("QS")


def test_hearts_are_broken_as_soon_as_a_heart_is_played() -> None:
    rng = random.Random(11)
    for _ in range(50):
        hand = Hand.deal(Rules(), rng, pass_direction=PassDirection.NONE)
        while hand.phase is Phase.PLAYING:
            card = rng.choice(hand.legal_plays())
            hand.play(card)
            if card.suit is Suit.HEARTS:
                assert hand.hearts_broken
                assert hand.view(Seat.SOUTH).hearts_broken
                return
            assert hand.hearts_broken == any(c.suit is Suit.HEARTS for c in hand.plays)
    raise AssertionError("no heart was played in 50 hands")
