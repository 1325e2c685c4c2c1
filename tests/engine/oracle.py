"""An independent, deliberately plain reference implementation of the rules.

It shares nothing with the engine but the card names (``"QS"``, ``"TH"``): cards are
strings, hands are Python sets, and every rule is written out straight from the
options page of the spec. The properties drive it side by side with the engine.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

RANKS = "23456789TJQKA"
HEART_VALUES_HOUSE = {"A": 5, "K": 4, "Q": 3, "J": 2}


def suit(card: str) -> str:
    return card[-1]


def rank(card: str) -> int:
    return RANKS.index(card[0]) + 2


def is_points(card: str) -> bool:
    """A card carrying (positive) points: any heart, or the queen of spades."""
    return suit(card) == "H" or card == "QS"


def card_value(card: str, scoring: str, jack_of_diamonds: bool) -> int:
    if card == "QS":
        return 10 if scoring == "house" else 13
    if suit(card) == "H":
        return HEART_VALUES_HOUSE.get(card[0], 1) if scoring == "house" else 1
    if card == "JD" and jack_of_diamonds:
        return -10
    return 0


def hand_value(scoring: str) -> int:
    return 33 if scoring == "house" else 26


def final_scores(taken: Sequence[set[str]], scoring: str,
                 jack_of_diamonds: bool) -> list[int]:
    """Each seat's points for a finished hand, shooting the moon included."""
    all_points = {s + "H" for s in RANKS} | {"QS"}
    jack = [(-10 if jack_of_diamonds and "JD" in cards else 0) for cards in taken]
    for shooter, cards in enumerate(taken):
        if all_points <= cards:
            return [(0 if seat == shooter else hand_value(scoring)) + jack[seat]
                    for seat in range(4)]
    return [sum(card_value(c, scoring, jack_of_diamonds) for c in cards) for cards in taken]


def pass_offset(passing: str, hand_number: int) -> int | None:
    """How many seats round hand ``hand_number`` (0 = a match's first) passes, by the
    options page's passing choice; None for the hold hand, in which nobody passes."""
    if passing == "left":
        return 1
    if passing == "rotate":  # left, right, across
        return [1, 3, 2][hand_number % 3]
    assert passing == "rotate-hold", passing  # left, right, across, hold
    return [1, 3, 2, None][hand_number % 4]


class RefHand:
    """One hand by the book. Seats are 0..3 (South, West, North, East)."""

    def __init__(self, deal: Sequence[Iterable[str]], *, dealer: int, pass_offset: int | None,
                 scoring: str = "house", jack_of_diamonds: bool = False,
                 first_lead: bool = False, leading_hearts: bool = False,
                 first_trick: bool = False) -> None:
        self.hands = [set(cards) for cards in deal]
        assert all(len(h) == 13 for h in self.hands)
        assert len(set().union(*self.hands)) == 52
        self.dealer = dealer
        self.pass_offset = pass_offset
        self.scoring = scoring
        self.jack_of_diamonds = jack_of_diamonds
        self.first_lead = first_lead
        self.leading_hearts = leading_hearts
        self.first_trick = first_trick
        self.passes: dict[int, set[str]] = {}
        self.trick: list[tuple[int, str]] = []
        self.tricks: list[tuple[int, list[str], int]] = []  # (leader, cards, winner)
        self.taken: list[set[str]] = [set(), set(), set(), set()]
        self.turn: int | None = None
        self.phase = "passing"
        if pass_offset is None:
            self._start()

    # --- passing ---------------------------------------------------------------

    def can_pass(self, seat: int, cards: Sequence[str]) -> bool:
        return (self.phase == "passing" and seat not in self.passes
                and len(cards) == 3 and len(set(cards)) == 3
                and all(c in self.hands[seat] for c in cards) and "QS" not in cards)

    def pass_cards(self, seat: int, cards: Sequence[str]) -> None:
        assert self.can_pass(seat, cards)
        self.passes[seat] = set(cards)
        if len(self.passes) == 4:
            assert self.pass_offset is not None
            for giver, given in self.passes.items():
                self.hands[giver] -= given
            for giver, given in self.passes.items():
                self.hands[(giver + self.pass_offset) % 4] |= given
            self._start()

    def _start(self) -> None:
        self.phase = "playing"
        if self.first_lead:
            self.turn = next(s for s in range(4) if "2C" in self.hands[s])
        else:
            self.turn = (self.dealer + 1) % 4

    # --- playing -----------------------------------------------------------------

    @property
    def hearts_broken(self) -> bool:
        """A heart has been played to some earlier (finished) trick."""
        return any(suit(c) == "H" for _, cards, _ in self.tricks for c in cards)

    def legal(self) -> set[str]:
        """The cards the seat to play may play."""
        if self.turn is None:
            return set()
        hand = self.hands[self.turn]
        first = not self.tricks
        if self.trick:
            led = suit(self.trick[0][1])
            same = {c for c in hand if suit(c) == led}
            if same:
                if first and self.first_trick:
                    # "No card carrying points may be played to the first trick unless
                    # there is no alternative": following suit too (the queen of
                    # spades on a spade lead, when another spade is held).
                    return {c for c in same if not is_points(c)} or same
                return same
            if first and self.first_trick:
                return {c for c in hand if not is_points(c)} or set(hand)
            return set(hand)
        # Leading.
        options = set(hand)
        if first and self.first_lead:
            return {"2C"}
        if first and self.first_trick:
            options = {c for c in options if not is_points(c)} or options
        if self.leading_hearts and not self.hearts_broken:
            options = {c for c in options if suit(c) != "H"} or options
        return options

    def play(self, card: str) -> None:
        assert card in self.legal(), (card, self.legal())
        assert self.turn is not None
        self.hands[self.turn].remove(card)
        self.trick.append((self.turn, card))
        if len(self.trick) < 4:
            self.turn = (self.turn + 1) % 4
            return
        led = suit(self.trick[0][1])
        winner = max((p for p in self.trick if suit(p[1]) == led), key=lambda p: rank(p[1]))[0]
        cards = [c for _, c in self.trick]
        self.tricks.append((self.trick[0][0], cards, winner))
        self.taken[winner] |= set(cards)
        self.trick = []
        if len(self.tricks) == 13:
            self.turn = None
            self.phase = "over"
        else:
            self.turn = winner

    def running_points(self) -> list[int]:
        return [sum(card_value(c, self.scoring, self.jack_of_diamonds) for c in cards)
                for cards in self.taken]

    def final(self) -> list[int]:
        assert self.phase == "over"
        return final_scores(self.taken, self.scoring, self.jack_of_diamonds)
