"""The moon-hungry measuring player: legal, replayable, and it does go for the moon."""

from __future__ import annotations

import random

from hearts.ai import Level, make_player
from hearts.ai.judgement import shoot_play
from hearts.ai.shooter import ShooterBudget, ShooterPlayer, make, shooting_pass
from hearts.cards import Card, CardSet, Seat
from hearts.hand import Hand
from hearts.rules import PassDirection, Rules, Scoring
from hearts.view import Phase

SMALL = ShooterBudget(deals=12, width=4, pass_deals=12, pass_width=3)


def _mask(text: str) -> int:
    return CardSet(text).mask


def test_make_gives_a_player_for_the_arena() -> None:
    player = make(3)
    assert isinstance(player, ShooterPlayer) and player.seed == 3


def test_the_shooting_pass_keeps_the_high_cards() -> None:
    hand = _mask("2C 3C AC KC 4D AD KD QD AH KH QH JH 5S")
    assert shooting_pass(hand) == _mask("2C 3C 4D")
    assert not shooting_pass(_mask("2S 3S QS AC KC QC JC TC 9C AH KH QH JH")) & _mask("QS")


def test_a_shooter_wins_what_it_can_and_keeps_its_points_when_it_cannot() -> None:
    hand = _mask("AH KH 5C 9C")
    # Leading: it draws the hearts first, with the lower of its two sure winners.
    assert shoot_play(hand, hand, [], 0) == Card.parse("KH").index
    # With one sure winner or none, its top heart; with no hearts, its surest winner.
    assert shoot_play(hand, _mask("KH 5C"), [], 0) == Card.parse("KH").index
    assert shoot_play(hand, _mask("AC 5D 6D"), [], 0) == Card.parse("AC").index
    # A heart it cannot be sure of only while the others hold enough hearts to duck.
    side = _mask("KH AC 5C")
    assert shoot_play(side, side, [], 0) == Card.parse("KH").index
    most_hearts = _mask("QH JH TH 9H 8H 7H 6H 5H 4H 3H")
    assert shoot_play(side, side, [], most_hearts) == Card.parse("AC").index
    # Following second: its highest card that beats the trick.
    follow = _mask("5C 9C")
    assert shoot_play(hand, follow, [Card.parse("7C").index], 0) == Card.parse("9C").index
    # Void in the suit led, it throws a plain card and keeps its hearts.
    void = _mask("AH KH 5C")
    trick = [Card.parse("2D").index, Card.parse("3D").index]
    assert shoot_play(void, void, trick, 0) == Card.parse("5C").index


def _play(hand: Hand, players: list[object]) -> None:
    if hand.phase is Phase.PASSING:
        for seat in Seat:
            hand.pass_cards(seat, players[seat].choose_pass(hand.view(seat)))  # type: ignore[attr-defined]
    while hand.phase is Phase.PLAYING:
        turn = hand.turn
        assert turn is not None
        view = hand.view(turn)
        card = players[turn].choose_play(view)  # type: ignore[attr-defined]
        assert card in view.legal
        hand.play(card)


def test_it_shoots_a_strong_hand_against_club_players() -> None:
    south = CardSet.parse("AH KH QH JH TH 9H AS KS AC KC AD KD QD")
    rest = [card for card in Card.all() if card not in south]
    random.Random(4).shuffle(rest)
    hand = Hand(Rules(), [list(south), rest[0:13], rest[13:26], rest[26:39]],
                pass_direction=PassDirection.LEFT)
    players: list[object] = [ShooterPlayer(1, SMALL)] + [
        make_player(Level.CLUB, seat) for seat in (1, 2, 3)]
    _play(hand, players)
    assert hand.shooter is Seat.SOUTH


def test_it_plays_legally_under_every_scoring() -> None:
    rng = random.Random(2)
    for deal, scoring in enumerate((Scoring.HOUSE, Scoring.CLASSIC)):
        rules = Rules(scoring=scoring, first_lead=True, leading_hearts=True, first_trick=True,
                      jack_of_diamonds=scoring is Scoring.HOUSE)
        hand = Hand.deal(rules, rng.getrandbits(32), dealer=Seat(deal))
        _play(hand, [ShooterPlayer(seat, SMALL) if seat % 2 == 0
                     else make_player(Level.CLUB, seat) for seat in range(4)])
        assert hand.phase is Phase.OVER
