"""The aids a person may use: a hint (what the Expert would do in their place)
and undo (their last card, or their pass until the exchange). Either marks
that person as helped in this match and in the hand's record, and tells them
so once; no one else's record changes.
"""

from __future__ import annotations

from hearts.ai.levels import HINT_LEVEL
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.rules import Reason, Refusal
from hearts.seeds import hint_seed, table_deal_seed
from hearts.table import happenings as hp
from hearts.table.base import Ask, Stage, TableState
from hearts.table.effects import Decide, Effect, Say
from hearts.table.notices import Notice, NoticeKind
from hearts.view import Phase

__all__ = ["Aids"]


class Aids(TableState):
    """The hint and undo of a table."""

    def undo_refusal(self, seat: Seat) -> NoticeKind | None:
        """Why ``seat`` cannot undo now, or None if it can."""
        hand = self.hand
        if hand is None:
            return NoticeKind.NOTHING_TO_UNDO
        if self.shared:
            return NoticeKind.UNDO_SHARED
        if self.stage is Stage.PASSING:
            return None if self.passed(seat) else NoticeKind.UNDO_CHOOSING
        if self.stage in (Stage.IDLE, Stage.RECEIVED) or hand.phase is Phase.OVER:
            return (NoticeKind.UNDO_HAND_OVER if hand.phase is Phase.OVER
                    else NoticeKind.UNDO_EXCHANGED)
        if self.claimed:
            return NoticeKind.UNDO_PLAYED_OUT
        if _last_play_of(hand, seat) is None:
            return NoticeKind.UNDO_NO_CARD
        return None

    def _ask_hint(self, seat: Seat, out: list[Effect]) -> None:
        hand = self.hand
        if hand is None or not self.hint_due(seat):
            self._say(out, seat, Notice(NoticeKind.NO_HINT_NOW))
            return
        if seat in self._asks:
            return  # a hint (or a decision for this seat) is on its way already
        deal_seed = (hand.seed if hand.seed is not None
                     else table_deal_seed(self.seed, self.deals))
        ask = Ask(self._new_token(), "hint", seat, self._key(), HINT_LEVEL,
                   hint_seed(deal_seed))
        self._asks[seat] = ask
        out.append(Say(Notice(NoticeKind.THINKING), seat))
        out.append(Decide(ask.token, seat, "hint", hand.view(seat), ask.level, ask.seed))

    def _hint_refusal(self, hand: Hand, seat: Seat, cards: tuple[Card, ...]) -> Refusal | None:
        """Why ``cards`` are no advice ``seat`` could follow now, or None."""
        if self.stage is Stage.PASSING:
            return (hand.refuse_pass(seat, cards) if len(cards) == 3
                    else Refusal(Reason.THREE_CARDS))
        if len(cards) != 1:
            return Refusal(Reason.NOT_YOUR_TURN, seat=hand.turn)
        return hand.refuse_play(cards[0])

    def _hinted(self, ask: Ask, cards: tuple[Card, ...], out: list[Effect]) -> None:
        seat = ask.seat
        self._assist(out, seat)
        if self.stage is Stage.PASSING or self.to_play(seat):
            self._say(out, seat, Notice(NoticeKind.HINT, cards=cards))

    def _assist(self, out: list[Effect], seat: Seat) -> None:
        """Mark ``seat``'s person as helped in this match and this hand (their record
        says so, no one else's); the first time, tell them what that means."""
        first = seat not in self.aided
        self.aided.add(seat)
        hand = self.hand
        if hand is not None:
            hand.assisted.add(seat)
        if first:
            out.append(Say(Notice(NoticeKind.ASSISTED), seat))

    def _undo(self, seat: Seat, out: list[Effect]) -> None:
        reason = self.undo_refusal(seat)
        if reason is not None:
            self._say(out, seat, Notice(reason))
            return
        hand = self.hand
        assert hand is not None
        if self.stage is Stage.PASSING:
            passed = hand.take_back_pass(seat)
            self.happenings.take_back_pass(seat)
            self._tell(hp.PassTakenBack(seat))
            self._assist(out, seat)
            self._say(out, seat, Notice(NoticeKind.PASS_TAKEN_BACK, cards=passed))
            return
        index = _last_play_of(hand, seat)
        assert index is not None
        card = hand.plays[index]
        count = len(hand.plays) - index
        while len(hand.plays) > index:
            hand.pop()
        self.happenings.take_back(count)
        self._tell(hp.TakenBack(seat, count))
        self.stage = Stage.PLAYING
        self.shown_trick = None
        self._forget_requests()
        self._assist(out, seat)
        self._say(out, seat, Notice(NoticeKind.TAKEN_BACK, card=card))


def _last_play_of(hand: Hand, seat: Seat) -> int | None:
    """The index in ``hand.plays`` of ``seat``'s latest card, if it has played one."""
    seats = [s for trick in hand.tricks for s, _ in trick.plays()]
    seats += [s for s, _ in hand.trick]
    for index in range(len(seats) - 1, -1, -1):
        if seats[index] == seat:
            return index
    return None
