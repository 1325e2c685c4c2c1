"""Cards, suits, seats and sets of cards.

A card is a small integer index, ``suit * 13 + (rank - 2)``, wrapped in an
interned :class:`Card` object; a set of cards is a 52-bit mask wrapped in a
:class:`CardSet`. The lean search core (:mod:`hearts.core`) uses the same
indices and masks without the wrappers.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import ClassVar

__all__ = ["RANK_NAMES", "SEATS", "SEAT_KEYS", "Card", "CardSet", "Seat", "Suit",
           "cards_of_mask", "names_of_mask"]


class Suit(IntEnum):
    """The four suits, in the order a hand is sorted."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def letter(self) -> str:
        """One capital letter: ``C``, ``D``, ``H`` or ``S``."""
        return "CDHS"[self]

    @property
    def symbol(self) -> str:
        """The suit symbol: ``♣``, ``♦``, ``♥`` or ``♠``."""
        return "♣♦♥♠"[self]

    @property
    def is_red(self) -> bool:
        """True for hearts and diamonds."""
        return self in (Suit.DIAMONDS, Suit.HEARTS)

    @property
    def mask(self) -> int:
        """The 52-bit mask of the thirteen cards of this suit."""
        return 0x1FFF << (13 * self)

    def __str__(self) -> str:
        return self.name.lower()


class Seat(IntEnum):
    """The four seats in play order; the seat to a seat's left plays next."""

    SOUTH = 0
    WEST = 1
    NORTH = 2
    EAST = 3

    @property
    def left(self) -> Seat:
        """The next seat in play order (the seat a left pass goes to)."""
        return Seat((self + 1) % 4)

    def offset(self, steps: int) -> Seat:
        """The seat ``steps`` places further round the table."""
        return Seat((self + steps) % 4)

    @classmethod
    def parse(cls, text: str) -> Seat:
        """A seat from ``"south"``, ``"S"``, ``"0"`` and the like."""
        key = text.strip().upper()
        for seat in cls:
            if key in (seat.name, seat.name[0], str(int(seat))):
                return seat
        raise ValueError(f"not a seat: {text!r} (use south, west, north or east)")

    def __str__(self) -> str:
        return self.name.capitalize()


SEATS: tuple[Seat, ...] = tuple(Seat)
"""The four seats in order (a tuple: looping over it is cheaper than over ``Seat``)."""

SEAT_KEYS = tuple(seat.name.lower() for seat in Seat)
"""Each seat as JSON writes it, by seat: ``"south"``, ``"west"``, ``"north"``, ``"east"``."""

RANK_NAMES = {2: "2", 3: "3", 4: "4", 5: "5", 6: "6", 7: "7", 8: "8", 9: "9",
              10: "T", 11: "J", 12: "Q", 13: "K", 14: "A"}
_RANK_WORDS = {11: "jack", 12: "queen", 13: "king", 14: "ace"}
_RANK_BY_TEXT = {name: rank for rank, name in RANK_NAMES.items()} | {"10": 10}
_SUIT_BY_TEXT = {
    "C": Suit.CLUBS, "D": Suit.DIAMONDS, "H": Suit.HEARTS, "S": Suit.SPADES,
    "♣": Suit.CLUBS, "♦": Suit.DIAMONDS, "♥": Suit.HEARTS, "♠": Suit.SPADES,
    "♧": Suit.CLUBS, "♢": Suit.DIAMONDS, "♡": Suit.HEARTS, "♤": Suit.SPADES,
}


class Card:
    """One of the 52 cards. Instances are interned: ``Card(suit, rank)`` is
    always the same object for the same card, so cards compare and hash fast.

    ``str(card)`` is the short form (``QS``, ``TH``) that :meth:`parse` reads back.
    """

    __slots__ = ("_text", "bit", "index", "rank", "suit")

    index: int
    """Position in the deck, ``suit * 13 + rank - 2`` (0 = 2C, 51 = AS)."""
    suit: Suit
    """The card's suit."""
    rank: int
    """The card's rank, 2 to 14 (jack 11, queen 12, king 13, ace 14)."""
    bit: int
    """``1 << index``: the card as a one-card mask."""
    _text: str

    _all: ClassVar[list[Card]] = []

    def __new__(cls, suit: Suit | int, rank: int) -> Card:
        if not 0 <= suit <= 3 or not 2 <= rank <= 14:
            raise ValueError(f"no such card: suit {suit}, rank {rank}")
        return cls._all[int(suit) * 13 + rank - 2]

    @classmethod
    def _make(cls, index: int) -> Card:
        card = object.__new__(cls)
        card.index = index
        card.suit = Suit(index // 13)
        card.rank = index % 13 + 2
        card.bit = 1 << index
        card._text = RANK_NAMES[card.rank] + card.suit.letter  # written often (JSON)
        return card

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card at a deck index, 0 (2C) to 51 (AS)."""
        if not 0 <= index < 52:
            raise ValueError(f"no card has index {index}")
        return cls._all[index]

    @classmethod
    def parse(cls, text: str) -> Card:
        """A card from a rank and a suit: ``QS``, ``10h``, ``th``, ``Q♠``, ``10♥``."""
        token = text.strip().upper() if isinstance(text, str) else ""
        if len(token) >= 2:
            rank = _RANK_BY_TEXT.get(token[:-1])
            suit = _SUIT_BY_TEXT.get(token[-1])
            if rank is not None and suit is not None:
                return cls._all[suit * 13 + rank - 2]
        raise ValueError(
            f"not a card: {text!r} (write a rank 2-10, T, J, Q, K or A "
            "and a suit C, D, H, S or a suit symbol, e.g. QS or 10♥)"
        )

    @classmethod
    def all(cls) -> list[Card]:
        """The whole deck in index order."""
        return list(cls._all)

    @property
    def rank_name(self) -> str:
        """The rank as one character: ``2``-``9``, ``T``, ``J``, ``Q``, ``K``, ``A``."""
        return RANK_NAMES[self.rank]

    @property
    def pretty(self) -> str:
        """The display form with a suit symbol: ``Q♠``, ``10♥``."""
        rank = "10" if self.rank == 10 else self.rank_name
        return rank + self.suit.symbol

    @property
    def long_name(self) -> str:
        """Words for messages: ``queen of spades``, ``10 of hearts``."""
        return f"{_RANK_WORDS.get(self.rank, str(self.rank))} of {self.suit}"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    def __hash__(self) -> int:
        return self.index

    def __lt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __le__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index <= other.index

    def __gt__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index > other.index

    def __ge__(self, other: object) -> bool:
        if not isinstance(other, Card):
            return NotImplemented
        return self.index >= other.index

    def __reduce__(self) -> tuple[object, tuple[int]]:
        return (Card.from_index, (self.index,))


Card._all.extend(Card._make(i) for i in range(52))
FULL_DECK = (1 << 52) - 1

# The cards of one suit's 13 bits, by key ``first_index << 13 | bits``: filled as
# masks are met (at most 4 * 8192 entries), so a mask becomes cards in four lookups.
_SUIT_CARDS: dict[int, tuple[Card, ...]] = {}


def _suit_cards(key: int) -> tuple[Card, ...]:
    first, bits = key >> 13, key & 0x1FFF
    out = []
    while bits:
        low = bits & -bits
        out.append(Card._all[first + low.bit_length() - 1])
        bits ^= low
    cards = _SUIT_CARDS[key] = tuple(out)
    return cards


def cards_of_mask(mask: int, _known: dict[int, tuple[Card, ...]] = _SUIT_CARDS) -> list[Card]:
    """The cards of a 52-bit mask, sorted by index."""
    try:
        return [*_known[mask & 0x1FFF], *_known[13 << 13 | (mask >> 13) & 0x1FFF],
                *_known[26 << 13 | (mask >> 26) & 0x1FFF],
                *_known[39 << 13 | (mask >> 39) & 0x1FFF]]
    except KeyError:
        for first in (0, 13, 26, 39):
            _suit_cards(first << 13 | (mask >> first) & 0x1FFF)
        return cards_of_mask(mask)


_SUIT_NAMES: dict[int, tuple[str, ...]] = {}


def names_of_mask(mask: int, _known: dict[int, tuple[str, ...]] = _SUIT_NAMES) -> list[str]:
    """The names of the cards of a 52-bit mask (``"QS"``), sorted by index: the
    names of :func:`cards_of_mask`, each suit's made once."""
    try:
        return [*_known[mask & 0x1FFF], *_known[13 << 13 | (mask >> 13) & 0x1FFF],
                *_known[26 << 13 | (mask >> 26) & 0x1FFF],
                *_known[39 << 13 | (mask >> 39) & 0x1FFF]]
    except KeyError:
        for first in (0, 13, 26, 39):
            key = first << 13 | (mask >> first) & 0x1FFF
            if key not in _known:
                _known[key] = tuple(str(card) for card in _suit_cards(key))
        return names_of_mask(mask)


class CardSet:
    """An immutable set of cards over a 52-bit mask (like python-chess's SquareSet).

    Supports ``in``, ``len``, iteration in deck order, ``| & - ^`` with other
    card sets, equality and hashing.
    """

    __slots__ = ("mask",)

    mask: int
    """Bit ``i`` is set when the card with index ``i`` is in the set."""

    def __init__(self, cards: Iterable[Card | str] | int = 0) -> None:
        if isinstance(cards, str):
            cards = cards.replace(",", " ").split()
        if isinstance(cards, int):
            if not 0 <= cards <= FULL_DECK:
                raise ValueError(f"not a 52-bit card mask: {cards}")
            self.mask = cards
            return
        mask = 0
        for card in cards:
            mask |= (card if isinstance(card, Card) else Card.parse(card)).bit
        self.mask = mask

    @classmethod
    def parse(cls, text: str) -> CardSet:
        """A set from cards separated by spaces or commas: ``"QS AH 10c"``."""
        return cls(text)

    def suit(self, suit: Suit) -> CardSet:
        """The cards of one suit."""
        return CardSet(self.mask & suit.mask)

    def __contains__(self, card: object) -> bool:
        return isinstance(card, Card) and bool(self.mask & card.bit)

    def __iter__(self) -> Iterator[Card]:
        return iter(cards_of_mask(self.mask))

    def __len__(self) -> int:
        return self.mask.bit_count()

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __or__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.mask | other.mask)

    def __and__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.mask & other.mask)

    def __sub__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.mask & ~other.mask)

    def __xor__(self, other: object) -> CardSet:
        if not isinstance(other, CardSet):
            return NotImplemented
        return CardSet(self.mask ^ other.mask)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, CardSet) and other.mask == self.mask

    def __hash__(self) -> int:
        return hash(self.mask)

    def __str__(self) -> str:
        return " ".join(str(card) for card in self)

    def __repr__(self) -> str:
        return f"CardSet.parse({str(self)!r})"
