"""The table's state without the screen: undo, the last trick, claims, the sheet."""

from __future__ import annotations

import random

from hearts import Card, Match, Phase, Rules, Seat
from hearts.tui.game import USER, Game, Stage
from hearts.tui.sheet import sheet_lines


def _game_at_user_turn(plays: int, seed: int = 1) -> Game:
    game = Game(Rules(), seed)
    game.deal()
    hand = game.hand
    assert hand is not None
    for seat in Seat:
        if seat != USER:
            hand.pass_cards(seat, [c for c in hand.holding(seat) if c != Card.parse("QS")][:3])
    game.chosen = [c for c in hand.holding(USER) if c != Card.parse("QS")][:3]
    assert game.pass_user() is None
    game.settle()
    while len(hand.plays) < plays or hand.turn != USER:
        if hand.turn == USER:
            assert game.play_user(hand.legal_plays()[0]) is None
        else:
            game.play_computer(hand.turn, hand.legal_plays()[-1])  # type: ignore[arg-type]
        game.end_trick_show()
    return game


def test_undo_rebuilds_the_hand_without_the_cards_taken_back() -> None:
    game = _game_at_user_turn(10)
    hand = game.hand
    assert hand is not None
    record = hand.record()
    card = hand.legal_plays()[0]
    game.play_user(card)
    while game.hand is not None and game.hand.turn not in (USER, None):
        game.play_computer(game.hand.turn, game.hand.legal_plays()[-1])
        game.end_trick_show()
    assert game.undo() is None
    assert game.hand is not hand  # rebuilt, not mutated back
    assert game.hand is not None and game.hand.record() == record
    assert game.match.hands[-1] is game.hand
    assert game.highlighted == card and game.assisted and game.stage is Stage.PLAYING


def test_undo_refusals() -> None:
    game = Game(Rules(), 2)
    assert game.undo() == "There is nothing to undo yet"
    game.deal()
    assert game.undo() is not None and not game.assisted
    fresh = _game_at_user_turn(0, seed=3)
    hand = fresh.hand
    assert hand is not None
    if not any(s == USER for t in hand.tricks for s, _ in t.plays()) and not any(
            s == USER for s, _ in hand.trick):
        assert fresh.undo() == "You have not played a card in this hand yet"


def test_last_trick_and_review() -> None:
    game = _game_at_user_turn(0)
    assert game.show_last_trick() == "No trick has been played yet"
    game = _game_at_user_turn(8)
    hand = game.hand
    assert hand is not None
    assert game.show_last_trick() is None
    assert game.review == hand.tricks[-1]
    assert game.trick_cards() == dict(hand.tricks[-1].plays())
    assert game.prompt().endswith("any key to go back")
    assert game.close_review() and game.review is None and not game.close_review()


def test_points_settled_only_when_no_scoring_card_is_left() -> None:
    game = _game_at_user_turn(0)
    hand = game.hand
    assert hand is not None and not game.points_settled
    while hand.phase is Phase.PLAYING and not game.points_settled:
        turn = hand.turn
        legal = hand.legal_plays()
        points = [c for c in legal if hand.rules.card_points(c)]
        game._play(turn, points[-1] if points else legal[0])  # type: ignore[arg-type]
        game.end_trick_show()
    taken = set().union(*(set(hand.taken(s)) for s in Seat))
    scoring = {c for c in Card.all() if hand.rules.card_points(c)}
    assert scoring <= taken
    if hand.phase is Phase.PLAYING:
        assert game.points_settled


def test_sheet_lines_totals_moon_and_queen() -> None:
    match = Match(Rules(target=50), random.Random(4))
    while not match.over:
        hand = match.deal()
        for seat in Seat:
            hand.pass_cards(seat, [c for c in hand.holding(seat) if c != Card.parse("QS")][:3])
        while hand.phase is not Phase.OVER:
            hand.play(hand.legal_plays()[-1])
    lines = sheet_lines(match)
    assert lines[0].split()[:5] == ["Hand", "South", "West", "North", "East"]
    assert lines[-1].split() == ["Total", *[str(s) for s in match.scores]]
    assert len(lines) == len(match.hands) + 3
    assert all(len(line) <= 66 for line in lines)
    for number, hand in enumerate(match.hands, start=1):
        row = lines[1 + number]
        if hand.shooter is not None:
            assert f"moon {hand.shooter}" in row
        else:
            queen = next(s for s in Seat if Card.parse("QS") in hand.taken(s))
            assert f"QS {queen}" in row
    assert len(match.hands) >= 3
    short = sheet_lines(match, max_rows=5)
    assert len(short) == 5 and "earlier hand" in short[2] and short[-1] == lines[-1]


def test_a_hand_in_play_is_on_the_sheet() -> None:
    game = _game_at_user_turn(5)
    lines = sheet_lines(game.match)
    assert lines[2].startswith("   1*")
