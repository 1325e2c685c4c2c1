"""The aids a person may use: a hint (what the Expert would do in their place)
and undo (their last card, or their pass until the exchange). Either marks
that person as helped in this match and in the hand's record, and tells them
so once; no one else's record changes.

:class:`Aids` reads the table as a :class:`~hearts.table.situation.Situation`
(what any front end may read of it), asks for hints through the table's
:class:`~hearts.table.requests.Requests` (the answer is checked by
:class:`~hearts.table.decisions.Decisions`), and tells what an undo took back
in the table's log. It never moves the table itself: an undo of a card returns
True, and the table goes back to play.
"""

from __future__ import annotations

from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.levels import HINT_LEVEL
from hearts.seeds import hint_seed, table_deal_seed
from hearts.table import happenings as hp
from hearts.table.effects import Effect, Say
from hearts.table.happenings import HappeningLog
from hearts.table.notices import Notice, NoticeKind
from hearts.table.requests import Key, Requests
from hearts.table.situation import Situation
from hearts.table.stage import Stage
from hearts.view import Phase

__all__ = ["Aids"]


class Aids:
    """The hint and undo of a table, and who had help in this match."""

    def __init__(self, table: Situation, requests: Requests, happenings: HappeningLog) -> None:
        self._table = table
        self._requests = requests
        self._happenings = happenings
        self.aided: set[Seat] = set()
        """The seats whose people had help (a hint or an undo) in this match."""

    def undo_refusal(self, seat: Seat) -> NoticeKind | None:
        """Why ``seat`` cannot undo now, or None if it can."""
        table = self._table
        hand = table.hand
        if hand is None:
            return NoticeKind.NOTHING_TO_UNDO
        if table.shared:
            return NoticeKind.UNDO_SHARED
        if table.stage is Stage.PASSING:
            return None if table.passed(seat) else NoticeKind.UNDO_CHOOSING
        if table.stage in (Stage.IDLE, Stage.RECEIVED) or hand.phase is Phase.OVER:
            return (NoticeKind.UNDO_HAND_OVER if hand.phase is Phase.OVER
                    else NoticeKind.UNDO_EXCHANGED)
        if table.claimed:
            return NoticeKind.UNDO_PLAYED_OUT
        if _last_play_of(hand, seat) is None:
            return NoticeKind.UNDO_NO_CARD
        return None

    def ask_hint(self, seat: Seat, key: Key, out: list[Effect]) -> None:
        """``seat``'s person asks what the Expert would do (at position ``key``)."""
        table = self._table
        hand = table.hand
        if hand is None or not table.hint_due(seat):
            out.append(Say(Notice(NoticeKind.NO_HINT_NOW), seat))
            return
        if self._requests.asked(seat):
            return  # a hint (or a decision for this seat) is on its way already
        deal_seed = (hand.seed if hand.seed is not None
                     else table_deal_seed(table.seed, table.deals))
        out.append(Say(Notice(NoticeKind.THINKING), seat))
        self._requests.ask(out, seat, "hint", key, HINT_LEVEL, hint_seed(deal_seed),
                           hand.view(seat))

    def hinted(self, seat: Seat, cards: tuple[Card, ...], out: list[Effect]) -> None:
        """The hint ``seat`` asked for came: ``cards``, told to them alone if the
        decision is still theirs to make."""
        self._assist(out, seat)
        if self._table.stage is Stage.PASSING or self._table.to_play(seat):
            out.append(Say(Notice(NoticeKind.HINT, cards=cards), seat))

    def undo(self, seat: Seat, out: list[Effect]) -> bool:
        """``seat``'s person takes back their pass, or their last card and every card
        after it; True when cards were taken back (the table is to go back to play,
        forgetting what it asked)."""
        reason = self.undo_refusal(seat)
        if reason is not None:
            out.append(Say(Notice(reason), seat))
            return False
        hand = self._table.hand
        assert hand is not None
        if self._table.stage is Stage.PASSING:
            passed = hand.take_back_pass(seat)
            self._happenings.take_back_pass(seat)
            self._happenings.add(hp.PassTakenBack(seat))
            self._assist(out, seat)
            out.append(Say(Notice(NoticeKind.PASS_TAKEN_BACK, cards=passed), seat))
            return False
        index = _last_play_of(hand, seat)
        assert index is not None
        card = hand.plays[index]
        count = len(hand.plays) - index
        while len(hand.plays) > index:
            hand.pop()
        self._happenings.take_back(count)
        self._happenings.add(hp.TakenBack(seat, count))
        self._assist(out, seat)
        out.append(Say(Notice(NoticeKind.TAKEN_BACK, card=card), seat))
        return True

    def _assist(self, out: list[Effect], seat: Seat) -> None:
        """Mark ``seat``'s person as helped in this match and this hand (their record
        says so, no one else's); the first time, tell them what that means."""
        first = seat not in self.aided
        self.aided.add(seat)
        hand = self._table.hand
        if hand is not None:
            hand.assisted.add(seat)
        if first:
            out.append(Say(Notice(NoticeKind.ASSISTED), seat))


def _last_play_of(hand: Hand, seat: Seat) -> int | None:
    """The index in ``hand.plays`` of ``seat``'s latest card, if it has played one."""
    seats = [s for trick in hand.tricks for s, _ in trick.plays()]
    seats += [s for s, _ in hand.trick]
    for index in range(len(seats) - 1, -1, -1):
        if seats[index] == seat:
            return index
    return None
