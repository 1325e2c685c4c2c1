"""Properties over random deals, for every combination of the rules.

The strategy draws one of the 96 rule sets (scoring x the four on/off rules x the
three passing choices), the hand's place in the match (so every pass direction
occurs, the hold hand of left-right-across-hold too, and NONE as a library option
under any passing) and a seed; everything else follows from the seed. The
reference implementation says which way each hand passes, from the passing choice
and the hand's number alone.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from hearts import (
    Card,
    Hand,
    IllegalMove,
    Match,
    PassDirection,
    Passing,
    Phase,
    Rules,
    Scoring,
    Seat,
)

from .helpers import JD, QS, TWO_CLUBS, random_pass
from .oracle import RefHand, card_value, pass_offset

pytestmark = pytest.mark.slow  # property tests over many random hands

BOTH = (False, True)
COMBINATIONS = list(itertools.product(Scoring, BOTH, BOTH, BOTH, BOTH, Passing))
assert len(COMBINATIONS) == 96
POINT_CARDS = frozenset(c for c in Card.all() if str(c)[1] == "H" or c == QS)
OFFSETS = {PassDirection.LEFT: 1, PassDirection.ACROSS: 2, PassDirection.RIGHT: 3,
           PassDirection.NONE: None}

PROPERTY = settings(max_examples=100, deadline=None,
                    suppress_health_check=[HealthCheck.too_slow])


LIBRARY_NONE = 8
"""A hand number standing for a hand dealt with ``PassDirection.NONE`` whatever the
passing choice (as a library user may)."""


@dataclass(frozen=True)
class Setup:
    rules: Rules
    number: int
    """The hand's number in the match, or :data:`LIBRARY_NONE`."""
    direction: PassDirection
    seed: int


@st.composite
def setups(draw: st.DrawFn) -> Setup:
    scoring, jack, first_lead, leading, first_trick, passing = draw(
        st.sampled_from(COMBINATIONS))
    rules = Rules(scoring=scoring, jack_of_diamonds=jack, first_lead=first_lead,
                  leading_hearts=leading, first_trick=first_trick, passing=passing)
    number = draw(st.integers(0, LIBRARY_NONE))
    direction = PassDirection.NONE if number == LIBRARY_NONE else rules.pass_direction(number)
    return Setup(rules, number, direction, draw(st.integers(0, 2**32 - 1)))


def new_hand(setup: Setup) -> tuple[Hand, random.Random]:
    rng = random.Random(setup.seed)
    hand = Hand.deal(setup.rules, rng, dealer=Seat(rng.randrange(4)),
                     pass_direction=setup.direction)
    return hand, rng


def play_one(hand: Hand, rng: random.Random) -> None:
    """One random legal play, checking the legal plays on the way."""
    turn = hand.turn
    assert turn is not None
    legal = hand.legal_plays()
    held = hand.holding(turn)
    assert legal, "no legal play"
    assert legal == sorted(legal) and set(legal) <= set(held)
    # the masks say the same as the lists
    assert hand.legal_mask() == sum(card.bit for card in legal)
    for seat in Seat:
        assert hand.held_mask(seat) == sum(card.bit for card in hand.holding(seat))
        assert hand.received_mask(seat) == sum(card.bit for card in hand.received(seat))
    view = hand.view(turn)
    assert hand.played_mask() == view.played.mask
    assert tuple(hand.voids(seat) for seat in Seat) == view.voids
    assert hand.passes_made() == sum(1 for seat in Seat if hand.passed(seat))
    if hand.trick:
        led = hand.trick[0][1].suit
        if any(c.suit is led for c in held):
            assert all(c.suit is led for c in legal)
            assert set(legal) == {c for c in held if c.suit is led} or (
                hand.rules.first_trick and not hand.tricks)
    hand.play(rng.choice(legal), seat=turn)


def full_hand(setup: Setup) -> Hand:
    hand, rng = new_hand(setup)
    random_pass(hand, rng)
    while hand.phase is Phase.PLAYING:
        play_one(hand, rng)
    return hand


@PROPERTY
@given(setups())
def test_every_card_is_played_once_in_thirteen_tricks(setup: Setup) -> None:
    hand = full_hand(setup)
    assert hand.phase is Phase.OVER
    assert len(hand.tricks) == 13
    assert len(hand.plays) == 52 and sorted(hand.plays) == Card.all()
    assert [c for trick in hand.tricks for c in trick.cards] == list(hand.plays)
    taken = [set(hand.taken(seat)) for seat in Seat]
    assert sorted(c for cards in taken for c in cards) == Card.all()
    leader = hand.tricks[0].leader
    for trick in hand.tricks:
        assert trick.leader is leader
        led = trick.cards[0].suit
        best = max((c for c in trick.cards if c.suit is led), key=lambda c: c.rank)
        assert trick.plays()[trick.cards.index(best)][0] is trick.winner
        assert set(trick.cards) <= taken[trick.winner]
        leader = trick.winner
    assert all(hand.holding(seat) == [] for seat in Seat)


@PROPERTY
@given(setups())
def test_legal_plays_are_never_empty_and_follow_suit(setup: Setup) -> None:
    full_hand(setup)  # play_one checks every position on the way


@PROPERTY
@given(setups())
def test_hand_points_total_or_moon(setup: Setup) -> None:
    hand = full_hand(setup)
    rules = setup.rules
    full = rules.scoring.hand_value
    assert full == (33 if rules.scoring is Scoring.HOUSE else 26)
    jack_seats = [seat for seat in Seat if JD in hand.taken(seat)]
    assert len(jack_seats) == 1
    jack = -10 if rules.jack_of_diamonds else 0
    shooters = [seat for seat in Seat if set(hand.taken(seat)) >= POINT_CARDS]
    if shooters:
        (shooter,) = shooters
        assert hand.shooter is shooter
        for seat in Seat:
            base = 0 if seat is shooter else full
            assert hand.points[seat] == base + (jack if seat in jack_seats else 0)
    else:
        assert hand.shooter is None
        assert sum(hand.points) == full + jack  # the jack counts once when on
        for seat in Seat:
            assert hand.points[seat] == sum(rules.card_points(c) for c in hand.taken(seat))
            assert hand.points[seat] >= (jack if seat in jack_seats else 0)


@PROPERTY
@given(setups(), st.integers(0, 60))
def test_replaying_the_record_gives_the_same_hand(setup: Setup, cut: int) -> None:
    hand, rng = new_hand(setup)
    if hand.phase is Phase.PASSING:
        random_pass(hand, rng, list(Seat)[:min(cut, 4)])
    plays = 0
    while hand.phase is Phase.PLAYING and plays < cut - 4:
        play_one(hand, rng)
        plays += 1
    copy = Hand.from_record(hand.to_json())
    assert copy.record() == hand.record()
    assert copy.points == hand.points and copy.phase is hand.phase
    assert copy.turn == hand.turn and copy.legal_plays() == hand.legal_plays()
    for seat in Seat:
        assert copy.view(seat) == hand.view(seat)


@PROPERTY
@given(setups(), st.integers(0, 51))
def test_equal_views_when_hidden_cards_are_swapped(setup: Setup, cut: int) -> None:
    hand, rng = new_hand(setup)
    passes = []
    if hand.phase is Phase.PASSING:
        random_pass(hand, rng)
        passes = [(seat, hand.passed(seat)) for seat in Seat]
    plays = 0
    while hand.phase is Phase.PLAYING and plays < cut:
        play_one(hand, rng)
        plays += 1
    # Find two other seats holding, since the deal, two cards of one suit whose
    # exchange changes nothing anyone has seen (not the 2 of clubs or the queen).
    observer = Seat(rng.randrange(4))
    others = [seat for seat in Seat if seat is not observer]
    candidates = []
    for a, b in itertools.combinations(others, 2):
        for c in hand.holding(a):
            for d in hand.holding(b):
                if (c.suit is d.suit and str(c) not in ("2C", "QS")
                        and str(d) not in ("2C", "QS")
                        and c in hand.dealt(a) and d in hand.dealt(b)
                        and c not in hand.received(a) and d not in hand.received(b)):
                    candidates.append((a, b, c, d))
    event("hidden swap" if candidates else "nothing to swap")
    if not candidates:
        return
    a, b, c, d = rng.choice(candidates)
    deal = [hand.dealt(seat) for seat in Seat]
    deal[a] = [d if x is c else x for x in deal[a]]
    deal[b] = [c if x is d else x for x in deal[b]]
    twin = Hand(setup.rules, deal, dealer=hand.dealer, pass_direction=hand.pass_direction)
    for seat, chosen in passes:
        twin.pass_cards(seat, chosen)
    for card in hand.plays:
        twin.play(card)
    fourth = next(seat for seat in others if seat not in (a, b))
    assert twin.view(observer) == hand.view(observer)
    assert twin.view(fourth) == hand.view(fourth)
    assert twin.view(a) != hand.view(a)
    assert twin.view(b) != hand.view(b)


def _ref_for(hand: Hand, setup: Setup) -> RefHand:
    rules = setup.rules
    offset = (None if setup.number == LIBRARY_NONE
              else pass_offset(rules.passing.value, setup.number))
    assert OFFSETS[hand.pass_direction] == offset
    event(f"{rules.passing.value}: {hand.pass_direction.name.lower()}")
    return RefHand(
        [[str(c) for c in hand.dealt(seat)] for seat in Seat],
        dealer=int(hand.dealer), pass_offset=offset,
        scoring="house" if rules.scoring is Scoring.HOUSE else "classic",
        jack_of_diamonds=rules.jack_of_diamonds, first_lead=rules.first_lead,
        leading_hearts=rules.leading_hearts, first_trick=rules.first_trick)


@PROPERTY
@given(setups())
def test_the_engine_agrees_with_a_reference_implementation(setup: Setup) -> None:
    hand, rng = new_hand(setup)
    ref = _ref_for(hand, setup)
    assert hand.phase.value == ref.phase
    # Passing, with a refused attempt before each real pass.
    for seat in rng.sample(list(Seat), 4):
        if hand.phase is not Phase.PASSING:
            break
        held = hand.holding(seat)
        attempt = rng.sample(held, rng.choice([2, 3, 3, 4]))
        if QS in held and rng.random() < 0.5:
            attempt = [QS, *[c for c in held if c != QS][:2]]
        names = [str(c) for c in attempt]
        assert (hand.pass_refusal(seat, attempt) is None) == ref.can_pass(int(seat), names)
        if not ref.can_pass(int(seat), names):
            before = hand.record()
            try:
                hand.pass_cards(seat, attempt)
            except IllegalMove:
                pass
            else:
                raise AssertionError(f"pass of {names} accepted")
            assert hand.record() == before
        chosen = rng.sample([c for c in held if c != QS], 3)
        if ref.can_pass(int(seat), names):
            chosen = attempt
        hand.pass_cards(seat, chosen)
        ref.pass_cards(int(seat), [str(c) for c in chosen])
    # Playing.
    while hand.phase is Phase.PLAYING:
        assert ref.phase == "playing"
        assert hand.turn == ref.turn
        assert hand.turn is not None and ref.turn is not None
        assert {str(c) for c in hand.holding(hand.turn)} == ref.hands[ref.turn]
        legal = {str(c) for c in hand.legal_plays()}
        assert legal == ref.legal(), (legal, ref.legal())
        for card in hand.holding(hand.turn):
            reason = hand.play_refusal(card)
            assert (reason is None) == (str(card) in legal), (card, reason)
            if reason is not None:
                assert reason and reason[0].isupper()
        if not hand.trick:
            assert hand.hearts_broken == ref.hearts_broken
        if rng.random() < 0.1:
            wrong = [c for c in Card.all() if str(c) not in legal]
            before = hand.record()
            card = rng.choice(wrong)
            try:
                hand.play(card)
            except IllegalMove as error:
                assert str(error)
            else:
                raise AssertionError(f"{card} accepted")
            assert hand.record() == before
        card = rng.choice(hand.legal_plays())
        hand.play(card)
        ref.play(str(card))
        if len(ref.trick) == 0 and ref.phase == "playing":
            assert [t.winner for t in hand.tricks] == [w for _, _, w in ref.tricks]
        if ref.phase == "playing":
            assert list(hand.points) == ref.running_points()
    assert ref.phase == "over"
    assert [int(t.winner) for t in hand.tricks] == [w for _, _, w in ref.tricks]
    assert [[str(c) for c in t.cards] for t in hand.tricks] == [c for _, c, _ in ref.tricks]
    assert list(hand.points) == ref.final()


@pytest.mark.parametrize("passing", list(Passing))
def test_a_match_passes_each_hand_as_the_reference_says(passing: Passing) -> None:
    match = Match(Rules(passing=passing, first_lead=True, target=10_000), rng_or_seed=3)
    rng = random.Random(3)
    for number in range(9):
        hand = match.deal()
        offset = pass_offset(passing.value, number)
        assert OFFSETS[hand.pass_direction] == offset
        # a hold hand is played as dealt: no pass is asked, the 2 of clubs leads
        assert (hand.phase is Phase.PASSING) == (offset is not None)
        if offset is None:
            assert hand.pass_refusal(Seat.SOUTH, hand.holding(Seat.SOUTH)[:3]) == (
                "Cards are not being passed now")
            assert hand.turn is not None and TWO_CLUBS in hand.dealt(hand.turn)
            assert hand.legal_plays() == [TWO_CLUBS]
        random_pass(hand, rng)
        while hand.phase is Phase.PLAYING:
            play_one(hand, rng)
        if offset is None:
            assert all(hand.received(seat) == () for seat in Seat)


def test_the_reference_scores_house_values() -> None:
    # A check on the oracle itself, against the spec's table.
    values = {"QS": 10, "AH": 5, "KH": 4, "QH": 3, "JH": 2, "TH": 1, "2H": 1, "JD": 0}
    for card, value in values.items():
        assert card_value(card, "house", False) == value
    assert card_value("JD", "house", True) == -10
    assert card_value("QS", "classic", False) == 13
    assert sum(card_value(s + "H", "house", False) for s in "23456789TJQKA") == 23
