"""Scripted situations with one right answer."""

from __future__ import annotations

import pytest

from hearts.ai import Level, Player, make_player
from hearts.ai.kit import rule_kit
from hearts.ai.search import candidates
from hearts.ai.situation import Situation
from hearts.cards import Card, CardSet, Seat, Suit
from hearts.core import legal_mask
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules
from hearts.view import Phase, PlayerView, Trick

RULES = Rules()


def player(level: Level) -> Player:
    """A player of ``level`` as the game makes it."""
    return make_player(level, 1)


def cards(text: str) -> list[Card]:
    return [Card.parse(token) for token in text.split()]


def make_view(hand: str, tricks: list[tuple[Seat, str]], trick: tuple[Seat, str],
              seat: Seat = Seat.SOUTH, scores: tuple[int, ...] = (0, 0, 0, 0)) -> PlayerView:
    """South's view after ``tricks`` (leader, four cards) and the current ``trick``."""
    finished = []
    taken = [0, 0, 0, 0]
    voids: list[set[Suit]] = [set(), set(), set(), set()]
    held = [13, 13, 13, 13]
    played = 0
    broken = False
    for leader, text in tricks:
        played_cards = cards(text)
        led = played_cards[0].suit
        best = max(range(4), key=lambda i: (played_cards[i].suit == led, played_cards[i]))
        winner = leader.offset(best)
        for i, card in enumerate(played_cards):
            who = leader.offset(i)
            held[who] -= 1
            played |= card.bit
            taken[winner] |= card.bit
            if card.suit != led:
                voids[who].add(led)
            broken = broken or card.suit is Suit.HEARTS
        finished.append(Trick(leader, tuple(played_cards), winner))
    leader, text = trick
    current = cards(text)
    plays = tuple((leader.offset(i), card) for i, card in enumerate(current))
    for who, card in plays:
        held[who] -= 1
        played |= card.bit
        if card.suit != current[0].suit:
            voids[who].add(current[0].suit)
        broken = broken or card.suit is Suit.HEARTS
    own = cards(hand)
    assert len(own) == held[seat]
    mask = CardSet(own).mask
    legal = legal_mask(mask, int(current[0].suit) if current else -1, not finished, broken,
                       False, False, False)
    return PlayerView(
        seat=seat, rules=RULES, phase=Phase.PLAYING, pass_direction=PassDirection.NONE,
        dealer=Seat.EAST, hand=tuple(sorted(own)), passed=(), received=(), trick=plays,
        leader=leader, turn=seat, tricks=tuple(finished), played=CardSet(played),
        points_taken=tuple(sum(RULES.card_points(c) for c in CardSet(t)) for t in taken),
        scores=scores, cards_held=tuple(held),
        voids=tuple(frozenset(v) for v in voids), hearts_broken=broken,
        legal=tuple(sorted(CardSet(legal))),
    )


ALL = list(Level)
FROM_CLUB = [Level.CLUB, Level.STRONG, Level.EXPERT]


@pytest.mark.parametrize("level", ALL)
def test_ducks_under_when_it_can(level: Level) -> None:
    view = make_view("5C 9C KC 2D 6D 9D 3H 4H 2S 3S 4S 6S 8S", [],
                     (Seat.WEST, "8C TC QH"))
    assert str(player(level).choose_play(view)) == "9C"


@pytest.mark.parametrize("level", ALL)
def test_sheds_the_queen_when_void(level: Level) -> None:
    view = make_view("2D 6D 9D KD 3H 4H 8H 2S 3S QS 6S AD 7H", [],
                     (Seat.WEST, "8C TC AC"))
    assert str(player(level).choose_play(view)) == "QS"


@pytest.mark.parametrize("level", ALL)
def test_does_not_win_the_queen_when_it_can_duck(level: Level) -> None:
    view = make_view("2S AS 4C 7C 9C 2D 5D 8D JD 3H 6H 9H KH", [],
                     (Seat.WEST, "8S QS 3S"))
    assert str(player(level).choose_play(view)) == "2S"


@pytest.mark.parametrize("level", FROM_CLUB)
def test_keeps_a_heart_stopper_against_a_single_scorer(level: Level) -> None:
    # North alone has points (the queen and four hearts) and leads clubs; South is
    # void and must not throw away its ace of hearts.
    tricks = [(Seat.NORTH, "AS 2S 4S QS"), (Seat.NORTH, "KD 2D 3D 5D"),
              (Seat.NORTH, "JH 2H 3H 4H")]
    view = make_view("AH 5H 8S 9S TS 4D 7D 8D JD 6S", tricks, (Seat.NORTH, "KC 2C"))
    card = player(level).choose_play(view)
    assert str(card) != "AH"


def test_only_a_heart_no_unseen_heart_beats_is_kept_back_as_a_stopper() -> None:
    # North alone has points and leads clubs; South is void. With the ace and king
    # of hearts unseen, South's queen may lose to them, so the search weighs
    # throwing it like any card; once both are played it is kept out of the search.
    kit = rule_kit(RULES)
    queen = Card.parse("QH").index
    open_view = make_view("QH 5H 3S 6S 8S 9S TS 4D 7D 8D JD AD",
                          [(Seat.NORTH, "AS 2S 4S QS")], (Seat.NORTH, "KC 2C"))
    assert queen in candidates(Situation.of(open_view), kit, 8)
    boss_view = make_view("QH 5H 3S 8S 9S TS 4D 7D 8D JD",
                          [(Seat.NORTH, "AS 2S 4S QS"), (Seat.NORTH, "AH 2H 3H 4H"),
                           (Seat.NORTH, "KH 6H 7H 8H")], (Seat.NORTH, "KC 2C"))
    assert queen not in candidates(Situation.of(boss_view), kit, 8)


@pytest.mark.parametrize("level", FROM_CLUB)
def test_stops_a_moon_in_progress(level: Level) -> None:
    # North has the queen and twelve hearts; East throws the last heart on North's
    # diamond; South, last to play, must take it with the king of diamonds.
    tricks = [(Seat.NORTH, "AS 2S 3S QS"), (Seat.NORTH, "AH 2H 3H 4H"),
              (Seat.NORTH, "KH 5H 6H 7H"), (Seat.NORTH, "QH 8H 9H TH"),
              (Seat.NORTH, "2C 3C 4C AC")]
    view = make_view("KD 2D 5C 6C 7C 8S 9S TS", tricks, (Seat.WEST, "5D 9D JH"))
    assert str(player(level).choose_play(view)) == "KD"


@pytest.mark.parametrize("level", [Level.STRONG, Level.EXPERT])
def test_keeps_the_queen_off_a_trailer_it_would_push_out(level: Level) -> None:
    # West (92) wins the trick; the queen would end the match with North (40)
    # lowest, so South (50) keeps it; with level totals it sheds it at once.
    hand = "QS 2D 6D 9D KD 3H 4H 8H 2S 3S 6S AD 7H"
    trick = (Seat.WEST, "AC 2C 3C")
    late = make_view(hand, [], trick, scores=(50, 92, 40, 60))
    assert str(player(level).choose_play(late)) != "QS"
    assert str(player(level).choose_play(make_view(hand, [], trick))) == "QS"


def test_takes_a_heart_early_against_the_seat_that_passed_it_low_cards() -> None:
    # East passed South 2C 5D 2H (a seat going for the moon keeps its high cards),
    # won the first trick and leads the queen of hearts: South takes it with the king
    # rather than let East run the hand.
    hand = Hand(RULES, [
        cards("3C JC 4D 7D 9D TD KD AD KH 2S 3S 4S AS"),
        cards("9C 3D 8D QD 3H 5H 7H 8H 9H JH 7S TS QS"),
        cards("4C 5C 6C 7C KC 2D 4H 6H TH QH AH 8S 9S"),
        cards("2C 8C TC QC AC 5D 6D JD 2H 5S 6S JS KS"),
    ], dealer=Seat.SOUTH, pass_direction=PassDirection.LEFT)
    passes = {Seat.SOUTH: "JC KD AD", Seat.WEST: "9C 8D QD", Seat.NORTH: "KC QH AH",
              Seat.EAST: "2C 5D 2H"}
    for seat, text in passes.items():
        hand.pass_cards(seat, cards(text))
    for card in cards("JC 9C AC 3C QH"):
        hand.play(card)
    assert str(player(Level.EXPERT).choose_play(hand.view(Seat.SOUTH))) == "KH"


@pytest.mark.parametrize("level", [Level.STRONG, Level.EXPERT])
def test_lets_through_a_moon_that_ends_the_match_with_it_lowest(level: Level) -> None:
    # The moon in progress of test_stops_a_moon_in_progress, near the end of a
    # match: North's shot (33 to each other seat) takes West (75) over 100 with
    # South (30 + 33) lowest, so South wins the match by ducking; taking the heart
    # with the king of diamonds would keep the match going with East (35) close
    # behind and North (68 + 31) not yet out.
    tricks = [(Seat.NORTH, "AS 2S 3S QS"), (Seat.NORTH, "AH 2H 3H 4H"),
              (Seat.NORTH, "KH 5H 6H 7H"), (Seat.NORTH, "QH 8H 9H TH"),
              (Seat.NORTH, "2C 3C 4C AC")]
    view = make_view("KD 2D 5C 6C 7C 8S 9S TS", tricks, (Seat.WEST, "5D 9D JH"),
                     scores=(30, 75, 68, 35))
    assert str(player(level).choose_play(view)) != "KD"
