"""Cards, suits, seats and card sets."""

from __future__ import annotations

import copy
import pickle

import pytest

from hearts import Card, CardSet, Seat, Suit


@pytest.mark.parametrize(
    ("text", "suit", "rank"),
    [
        ("QS", Suit.SPADES, 12),
        ("10H", Suit.HEARTS, 10),
        ("10h", Suit.HEARTS, 10),
        ("th", Suit.HEARTS, 10),
        ("TH", Suit.HEARTS, 10),
        ("Q♠", Suit.SPADES, 12),
        ("10♥", Suit.HEARTS, 10),
        ("2c", Suit.CLUBS, 2),
        ("AD", Suit.DIAMONDS, 14),
        ("a♦", Suit.DIAMONDS, 14),
        ("J♣", Suit.CLUBS, 11),
        ("K♡", Suit.HEARTS, 13),
        ("  qs  ", Suit.SPADES, 12),
    ],
)
def test_parse(text: str, suit: Suit, rank: int) -> None:
    card = Card.parse(text)
    assert (card.suit, card.rank) == (suit, rank)
    assert card is Card(suit, rank)


@pytest.mark.parametrize(
    "text",
    ["", " ", "Q", "S", "1H", "11H", "0S", "QX", "ZZ", "QSS", "10", "H10", "♠Q", "QS AH",
     "1♥", "qs,", "25"],
)
def test_parse_rejects_non_cards_with_a_clear_value_error(text: str) -> None:
    with pytest.raises(ValueError, match="not a card") as info:
        Card.parse(text)
    assert repr(text) in str(info.value)  # names what was given


@pytest.mark.parametrize("value", [None, 12])
def test_parse_rejects_non_strings_with_a_value_error(value: object) -> None:
    with pytest.raises(ValueError, match="not a card"):
        Card.parse(value)  # type: ignore[arg-type]


def test_str_round_trips_for_the_whole_deck() -> None:
    deck = Card.all()
    assert len(deck) == 52
    assert len({str(card) for card in deck}) == 52
    for card in deck:
        text = str(card)
        assert len(text) == 2
        assert Card.parse(text) is card
        assert Card.parse(text.lower()) is card
        assert Card.parse(card.pretty) is card
        assert eval(repr(card), {"Card": Card}) is card


def test_short_and_pretty_forms() -> None:
    assert str(Card.parse("10h")) == "TH"
    assert str(Card.parse("Q♠")) == "QS"
    assert Card.parse("QS").pretty == "Q♠"
    assert Card.parse("TH").pretty == "10♥"
    assert Card.parse("2C").pretty == "2♣"
    assert Card.parse("AD").pretty == "A♦"
    assert Card.parse("QS").long_name == "queen of spades"
    assert Card.parse("TH").long_name == "10 of hearts"


def test_card_construction_and_indices() -> None:
    assert Card(Suit.CLUBS, 2).index == 0
    assert Card(Suit.SPADES, 14).index == 51
    for index, card in enumerate(Card.all()):
        assert card.index == index
        assert Card.from_index(index) is card
        assert card.bit == 1 << index
        assert Card(card.suit, card.rank) is card
        assert 2 <= card.rank <= 14
    with pytest.raises(ValueError):
        Card(Suit.CLUBS, 1)
    with pytest.raises(ValueError):
        Card(Suit.CLUBS, 15)
    with pytest.raises(ValueError):
        Card(4, 2)
    with pytest.raises(ValueError):
        Card.from_index(52)
    with pytest.raises(ValueError):
        Card.from_index(-1)


def test_ordering_is_by_suit_then_rank() -> None:
    deck = Card.all()
    assert sorted(reversed(deck)) == deck
    assert Card.parse("AC") < Card.parse("2D") < Card.parse("2H") < Card.parse("2S")
    assert Card.parse("TH") < Card.parse("JH") < Card.parse("QH") < Card.parse("KH")
    assert Card.parse("KH") > Card.parse("QH") >= Card.parse("QH") <= Card.parse("QH")
    assert [s.letter for s in Suit] == ["C", "D", "H", "S"]


def test_cards_are_interned_hashable_and_pickle_to_themselves() -> None:
    card = Card.parse("QS")
    assert card is Card.parse("q♠") is Card(Suit.SPADES, 12)
    assert card == Card.parse("QS")
    assert card != Card.parse("QH")
    assert len({Card.parse("QS"), Card.parse("Q♠"), Card.parse("qs")}) == 1
    for any_card in Card.all():
        assert pickle.loads(pickle.dumps(any_card)) is any_card
        assert copy.deepcopy(any_card) is any_card
        assert copy.copy(any_card) is any_card


def test_suits() -> None:
    assert [int(s) for s in Suit] == [0, 1, 2, 3]
    assert [s.symbol for s in Suit] == ["♣", "♦", "♥", "♠"]
    assert [s.is_red for s in Suit] == [False, True, True, False]
    assert [len(CardSet(s.mask)) for s in Suit] == [13] * 4
    assert all(card.suit is s for s in Suit for card in CardSet(s.mask))


# --- Seats ---------------------------------------------------------------------------


def test_seats_in_play_order() -> None:
    assert list(Seat) == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST]
    assert [int(s) for s in Seat] == [0, 1, 2, 3]
    assert Seat.SOUTH.left is Seat.WEST
    assert Seat.WEST.left is Seat.NORTH
    assert Seat.NORTH.left is Seat.EAST
    assert Seat.EAST.left is Seat.SOUTH
    assert Seat.SOUTH.offset(2) is Seat.NORTH
    assert Seat.SOUTH.offset(-1) is Seat.EAST
    assert str(Seat.NORTH) == "North"


@pytest.mark.parametrize(
    ("text", "seat"),
    [("south", Seat.SOUTH), ("S", Seat.SOUTH), ("0", Seat.SOUTH), ("West", Seat.WEST),
     ("w", Seat.WEST), ("1", Seat.WEST), ("NORTH", Seat.NORTH), ("n", Seat.NORTH),
     (" east ", Seat.EAST), ("3", Seat.EAST)],
)
def test_seat_parse(text: str, seat: Seat) -> None:
    assert Seat.parse(text) is seat


@pytest.mark.parametrize("text", ["", "x", "4", "southwest", "-1"])
def test_seat_parse_rejects(text: str) -> None:
    with pytest.raises(ValueError, match="not a seat"):
        Seat.parse(text)


# --- CardSet ---------------------------------------------------------------------------


def test_cardset_construction_and_basic_protocols() -> None:
    qs, ah, two = Card.parse("QS"), Card.parse("AH"), Card.parse("2C")
    cs = CardSet([qs, ah, two])
    assert len(cs) == 3
    assert list(cs) == [two, ah, qs]  # deck order
    assert qs in cs and ah in cs and two in cs
    assert Card.parse("KH") not in cs
    assert "QS" not in cs  # only cards are members
    assert bool(cs) and not CardSet()
    assert len(CardSet()) == 0
    assert CardSet(["QS", "AH", "2C"]) == cs
    assert CardSet.parse("QS, AH 2c") == cs
    assert CardSet(cs.mask) == cs
    assert CardSet(qs.bit | ah.bit | two.bit) == cs
    assert str(cs) == "2C AH QS"
    assert eval(repr(cs), {"CardSet": CardSet}) == cs
    assert len(CardSet(Card.all())) == 52
    assert CardSet((1 << 52) - 1) == CardSet(Card.all())
    with pytest.raises(ValueError):
        CardSet(1 << 52)
    with pytest.raises(ValueError):
        CardSet(-1)
    with pytest.raises(ValueError):
        CardSet(["QS", "XX"])


def test_cardset_set_operations_match_python_sets() -> None:
    a_cards = set(Card.all()[::3])
    b_cards = set(Card.all()[::5])
    a, b = CardSet(a_cards), CardSet(b_cards)
    assert set(a | b) == a_cards | b_cards
    assert set(a & b) == a_cards & b_cards
    assert set(a - b) == a_cards - b_cards
    assert set(a ^ b) == a_cards ^ b_cards
    assert len(a | b) == len(a_cards | b_cards)
    assert set(a.suit(Suit.HEARTS)) == {c for c in a_cards if c.suit is Suit.HEARTS}
    # Immutable: the operands are unchanged.
    assert set(a) == a_cards and set(b) == b_cards


def test_cardset_equality_and_hash() -> None:
    a = CardSet.parse("QS AH")
    b = CardSet.parse("AH QS")
    assert a == b and hash(a) == hash(b)
    assert a != CardSet.parse("QS")
    assert a != {Card.parse("QS"), Card.parse("AH")}  # not equal to other types
    assert len({a, b, CardSet.parse("QS")}) == 2


def test_cardset_pickles() -> None:
    cs = CardSet.parse("QS AH 2C JD")
    assert pickle.loads(pickle.dumps(cs)) == cs
    assert copy.deepcopy(cs) == cs


@pytest.mark.parametrize(
    "operation",
    [lambda: CardSet() | {Card.parse("QS")}, lambda: CardSet() & 3, lambda: CardSet() - [],
     lambda: CardSet() ^ "QS", lambda: Card.parse("QS") < 3, lambda: Card.parse("QS") >= None],
    ids=["or-set", "and-int", "sub-list", "xor-str", "lt-int", "ge-none"],
)
def test_foreign_operands_raise_type_error(operation: object) -> None:
    with pytest.raises(TypeError):
        operation()  # type: ignore[operator]


def test_a_card_set_from_a_string_reads_card_names() -> None:
    assert CardSet("QS, AH 10c") == CardSet.parse("QS AH TC")
    assert len(CardSet("QS")) == 1


def test_the_named_card_indices_are_the_cards() -> None:
    from hearts import core

    assert core.QUEEN_OF_SPADES_INDEX == Card.parse("QS").index == 49
    assert Card.parse("QS").bit == core.QUEEN_OF_SPADES
    assert core.JACK_OF_DIAMONDS_INDEX == Card.parse("JD").index == 22
    assert Card.parse("JD").bit == core.JACK_OF_DIAMONDS
