"""A hand without a pass (the hold hand of the Classic rules) replays and is reviewed:
thirteen cards a seat, no pass to judge."""

from __future__ import annotations

from hearts import Hand, PassDirection, RuleSet, Seat
from hearts.ai import Level, make_player
from hearts.hand import SeatPlayer
from hearts.review.analysis import review_hand
from hearts.review.replay import replay


def _hold_hand(seed: int) -> Hand:
    hand = Hand.deal(RuleSet.CLASSIC.rules(), seed, pass_direction=PassDirection.NONE)
    players = [make_player(Level.CLUB, 4 * seed + seat) for seat in range(4)]
    hand.players = (SeatPlayer("human"),
                    *(SeatPlayer("club", 4 * seed + seat) for seat in range(1, 4)))
    while hand.turn is not None:
        hand.play(players[hand.turn].choose_play(hand.view(hand.turn)))
    return hand


def test_a_hold_hand_is_reviewed_card_by_card() -> None:
    record = _hold_hand(3).to_record()
    assert record.pass_direction is PassDirection.NONE and record.passes == ()
    steps = replay(record)
    assert not any(step.kind == "pass" for step in steps)
    review = review_hand(record, [Seat.SOUTH], 1, 4)
    assert [d.kind for d in review.decisions] == ["play"] * 13
    assert str(review.record.plays[0]) == "2C"  # the Classic first lead
