"""The flow of a match at the table, as a pure state machine.

:class:`Table` has one entry point, :meth:`Table.handle`: an event in (a
person's action, a computer player's answer, a pause that ran out), the
effects out (ask a seat to decide, wait, save, tell, redraw). It knows
nothing of Textual, threads, clocks or files, so the terminal app, a network
server and the tests all drive the same flow. What one seat may see and do is
built from it by :func:`hearts.table.projection.seat_state`; what it tells
people are :class:`~hearts.table.notices.Notice` values, which each front end
words in its own way.

Every request the table makes carries a fresh token. It waits for at most one
answer per seat, one pause and one turn timer; an answer or a pause whose
token is not the one it waits for is ignored, so a late answer or an old
timer never acts on a table that has moved on.

When a computer player raises, the table asks it once more; if it fails
again, the level below it makes that decision, and the hand's record says so
(:class:`~hearts.hand.StandIn`). Nothing is ever played silently in its place.
"""

from __future__ import annotations

import dataclasses
from typing import Any, Literal, assert_never

from hearts.ai import Level
from hearts.cards import SEATS, Card, Seat
from hearts.duplicate import DuplicateMatch, decision_view, evening_standings
from hearts.hand import Hand
from hearts.rules import Reason, Refusal
from hearts.seeds import match_seed
from hearts.table import events as ev
from hearts.table import happenings as hp
from hearts.table.aids import Aids
from hearts.table.base import SUIT_ORDER, Ask, Pause, Stage, display_order
from hearts.table.effects import Abandoned, Decide, Effect, Redraw, Save, Say, Wait
from hearts.table.lifecycle import SeatLifecycle
from hearts.table.notices import Notice, NoticeKind, Outcome
from hearts.table.seating import Presence
from hearts.view import Phase
from hearts.words.standings import standings_text

__all__ = ["SUIT_ORDER", "Pause", "Stage", "Table", "display_order"]


class Table(SeatLifecycle, Aids):
    """A match of Hearts at a table of four seats, each a person or a computer player.

    Build it with the seats, the options and the seed every deal and computer
    decision comes from; :meth:`start` gives the first effects (after
    :meth:`restore`, whatever the saved table was waiting for), and every
    event goes through :meth:`handle`. With ``turn_seconds``, a person who does
    not pass or play within that time has a computer player decide for them,
    that once.
    """

    def start(self) -> list[Effect]:
        """The effects to begin with: whatever the table is waiting for (after
        :meth:`restore`, a resumed hand carries on)."""
        out: list[Effect] = []
        for seat in Seat:
            if self._seating[seat].presence in (Presence.AWAY, Presence.FREE) \
                    and seat not in self._graces:
                self._wait_for(seat, out)
        if self.stage is Stage.RECEIVED:
            self._wait(out, self.options.speed.received_delay, Pause.RECEIVED)
        elif self.stage is Stage.TRICK_SHOW:
            self._wait(out, self.options.speed.trick_delay, Pause.TRICK)
        self._advance(out)
        out.append(Redraw())
        return out

    def handle(self, event: ev.Event) -> list[Effect]:
        """Take one event; return what is to be done, in order."""
        before = self._fingerprint()
        out: list[Effect] = []
        self._dispatch(event, out)
        self._advance(out)
        changed = self._fingerprint() != before
        if changed:
            out.append(Save(self.match, self.state(), self.assisted))
        if out:
            out.append(Redraw())
        return out

    def _dispatch(self, event: ev.Event, out: list[Effect]) -> None:
        match event:
            case ev.Decided():
                self._decided(event, out)
            case ev.Failed():
                self._failed(event, out)
            case ev.Elapsed():
                self._elapsed(event, out)
            case ev.Abandon():
                self._abandon(out)
            case ev.OptionsChanged():
                self._options_changed(event, out)
            case ev.Deal():
                self._deal(event.seat, out)  # whoever asks (a table of computers too)
            case ev.Sit() | ev.Return() | ev.Drop() | ev.Leave() | ev.FreeSeat() \
                    | ev.SeatComputer():
                self._seat_event(event, out)
            case ev.Pass() | ev.Play() | ev.Continue() | ev.Undo() | ev.AskHint():
                if self.is_person(event.seat):
                    self._person(event, out)
                else:
                    self._say(out, event.seat, Notice(NoticeKind.NOT_A_PERSON, event.seat))
            case _:
                assert_never(event)

    def _person(self, event: ev.PersonEvent, out: list[Effect]) -> None:
        """A person's action, from their own seat."""
        seat = event.seat
        match event:
            case ev.Deal():
                self._deal(seat, out)
            case ev.Pass():
                self._pass(seat, event.cards, out)
            case ev.Play():
                self._say(out, seat, self._play_person(seat, event.card, out))
            case ev.Continue():
                self._settle()
            case ev.Undo():
                self._undo(seat, out)
            case ev.AskHint():
                self._ask_hint(seat, out)
            case _:
                assert_never(event)

    def state(self) -> dict[str, Any]:
        """What the table must remember beside the match, as JSON values."""
        return {
            "stage": self.stage.value,
            "seed": self.seed,
            "games": self.games,
            "deals": self.deals,
            "rules": self.match.rules.to_json(),
        }

    def _fingerprint(self) -> tuple[object, ...]:
        """What a save keeps, told cheaply (it is asked twice an event): a hand only
        grows by passes, cards, stand-ins and marks of help, or is put back whole
        by an undo; and everything :meth:`state` holds."""
        hand = self.hand
        grown = None if hand is None else (
            id(hand), len(hand.plays), hand.passes_made(),
            len(hand.stand_ins), frozenset(hand.assisted))
        return (id(self.match), len(self.match.hands), grown, self.stage, self.seed,
                self.games, self.deals, self.match.rules, frozenset(self.aided))

    def _deal(self, seat: Seat, out: list[Effect]) -> None:
        if self.stage is not Stage.IDLE:
            self._say(out, seat, Notice(NoticeKind.FINISH_HAND))
            return
        if self.match.over:
            self._new_match()
        rules = self.options.rules()
        hand = self.match.deal(rules)
        self.deals += 1
        self._tell(hp.Dealt(len(self.match.hands)))
        # a match that deals set cards may name its computer players (today's deal):
        # a seat no person holds keeps the player the deal gave it
        named = hand.players
        hand.players = tuple(
            named[each] if named is not None and named[each].seed is not None
            and not self.seating(each).held else self._owner(each) for each in Seat)
        if hand.phase is Phase.PASSING:
            self._clear_table(Stage.PASSING)
        else:  # the hold hand: no passing, play begins at once
            self._clear_table(Stage.PLAYING)
            out.append(Say(Notice(NoticeKind.HOLD_HAND)))

    def _new_match(self) -> None:
        self.games += 1
        self.match = self.match.again(self.options.rules(), match_seed(self.seed, self.games))
        self.aided = set()
        self._clear_table(Stage.IDLE)

    def _clear_table(self, stage: Stage) -> None:
        """Nothing chosen, shown or asked: the table as a new hand (or match) finds it."""
        self.stage = stage
        self.shown_trick = None
        self.claimed = False
        self._forget_requests()

    def _abandon(self, out: list[Effect]) -> None:
        out.append(Abandoned())
        self._new_match()
        out.append(Say(Notice(NoticeKind.ABANDONED)))

    def _options_changed(self, event: ev.OptionsChanged, out: list[Effect]) -> None:
        self.options = event.options
        self.level_override = event.level
        if self.stage is Stage.IDLE and not self.match.over:
            self.match.rules = event.options.rules()
            if self.match.over:
                out.append(Say(Notice(NoticeKind.TARGET_NOW, count=self.match.rules.target)))

    def _pass(self, seat: Seat, cards: tuple[Card, ...], out: list[Effect]) -> None:
        hand = self.hand
        if self.stage is not Stage.PASSING or hand is None:
            self._say(out, seat, _refused(Refusal(Reason.NOT_PASSING)))
            return
        refusal = hand.refuse_pass(seat, cards) if len(cards) == 3 else \
            Refusal(Reason.THREE_CARDS)
        if refusal is not None:
            self._say(out, seat, _refused(refusal))
            return
        self._pass_made(hand, seat, cards)
        self._record_person(seat, None)
        self._asks.pop(seat, None)  # a hint (or stand-in) for this pass has nothing to say
        self._after_pass(out)

    def _pass_made(self, hand: Hand, seat: Seat, cards: tuple[Card, ...]) -> None:
        """``seat`` passes ``cards`` (checked): told to everyone, the cards to ``seat``
        alone; the exchange, once it comes, to each receiver."""
        hand.pass_cards(seat, cards)
        to = hand.pass_direction.target(seat)
        self._tell(hp.Passed(seat, to))
        self._tell(hp.PassedCards(seat, to, hand.passed(seat)))
        if hand.phase is Phase.PLAYING:
            for each in SEATS:
                self._tell(hp.Received(each, hand.pass_direction.source(each),
                                       hand.received(each)))

    def _after_pass(self, out: list[Effect]) -> None:
        hand = self.hand
        if hand is not None and hand.phase is Phase.PLAYING:
            self.stage = Stage.RECEIVED
            self._asks.clear()
            self._timer = None
            self._wait(out, self.options.speed.received_delay, Pause.RECEIVED)

    def _settle(self) -> None:
        """Put the received cards into the hands and start play."""
        if self.stage is Stage.RECEIVED:
            self.stage = Stage.PLAYING
            self._pause = None

    def _play_person(self, seat: Seat, card: Card, out: list[Effect]) -> Notice | None:
        hand = self.hand
        if self.stage is Stage.RECEIVED:
            self._settle()  # the card is played from the hand the cards joined
        if self.stage is Stage.IDLE:
            return Notice(NoticeKind.PRESS_DEAL)
        if hand is None or self.stage not in (Stage.PLAYING, Stage.TRICK_SHOW):
            return Notice(NoticeKind.NOT_PLAYING)
        if hand.turn != seat or self.claimed:
            return _refused(Refusal(Reason.NOT_YOUR_TURN, seat=hand.turn))
        refusal = hand.refuse_play(card)
        if refusal is not None:
            return _refused(refusal)
        if self.stage is Stage.TRICK_SHOW:
            self._end_trick_show()
        self._record_person(seat, len(hand.plays))
        self._play(seat, card, out)
        return None

    def _play(self, seat: Seat, card: Card, out: list[Effect]) -> None:
        hand = self.hand
        assert hand is not None
        broken = hand.hearts_broken
        play = hand.play(card, seat=seat)
        self._tell(hp.played(seat, card))
        if hand.hearts_broken and not broken:
            self._tell(hp.HeartsBroken(seat))
        finished = play.trick
        if finished is not None:
            rules = hand.rules
            self._tell(hp.TrickTaken(finished.winner, len(hand.tricks),
                                     sum(rules.card_points(each) for each in finished.cards)))
            if hand.phase is Phase.OVER:
                self._tell(hp.HandEnded(len(self.match.hands), hand.points, hand.shooter))
        self._asks.pop(seat, None)
        self._ready.clear()
        self._pause = None
        self._timer = None
        self._card_waited = False
        if hand.phase is Phase.OVER and isinstance(self.match, DuplicateMatch):
            standings = evening_standings(self.match)
            out.append(Say(Notice(NoticeKind.STANDINGS, standings=standings,
                                  text=standings_text(standings))))
        if play.trick is not None and not self.claimed:
            self.shown_trick = play.trick
            self.stage = Stage.TRICK_SHOW
            self._wait(out, self.options.speed.trick_delay, Pause.TRICK)
        elif hand.phase is Phase.OVER:
            self._hand_over()

    def _hand_over(self) -> None:
        self.stage = Stage.IDLE
        self.claimed = False
        self.shown_trick = None
        self._forget_requests()

    def _end_trick_show(self) -> None:
        hand = self.hand
        if self.stage is not Stage.TRICK_SHOW or hand is None:
            return
        self.shown_trick = None
        self._pause = None
        if hand.phase is Phase.OVER:
            self._hand_over()
        else:
            self.stage = Stage.PLAYING

    def _advance(self, out: list[Effect]) -> None:
        """Ask for whatever is due now: passes, the next computer card, a pause."""
        key = self._key()
        for seat, ask in list(self._asks.items()):
            if ask.key != key:
                del self._asks[seat]
        if self._timer is not None and self._timer[2] != key:
            self._timer = None
        hand = self.hand
        if hand is None or self.stuck:
            return
        if self.stage is Stage.PASSING:
            for seat in SEATS:
                if self._seating[seat].computer_decides and not hand.passed(seat) \
                        and seat not in self._asks:
                    self._ask(out, seat, "pass")
            self._time_passes(out, hand)
            return
        if self.stage is not Stage.PLAYING:
            return
        if self.points_settled and not self.claimed:
            self.claimed = True
            self._pause = None
            self._timer = None
            out.append(Say(Notice(NoticeKind.PLAYED_OUT)))
        turn = hand.turn
        if turn is None:
            return
        if not self._seating[turn].computer_decides:
            if self.claimed:  # the person's card (away or not): nothing is left to choose
                self._record_person(turn, len(hand.plays))
                self._play(turn, hand.legal_plays()[0], out)
                self._advance(out)
            elif not self.is_person(turn):
                pass  # the seat is free or its person away: the grace time runs
            elif self.options.forced_cards and len(hand.legal_plays()) == 1:
                if self._pause is None or self._pause[1] is not Pause.FORCED:
                    self._wait(out, self.options.speed.card_delay, Pause.FORCED)
            else:
                self._time_turn(out, turn, key)
            return
        if turn not in self._asks and turn not in self._ready:
            self._ask(out, turn, "play")
            if not self.claimed:
                self._wait(out, self.options.speed.card_delay, Pause.CARD)

    def _time_passes(self, out: list[Effect], hand: Hand) -> None:
        """Start the turn timer on the people still choosing their pass."""
        waiting = [seat for seat in self.people if not hand.passed(seat)]
        if waiting and self._timer is None and self.turn_seconds is not None:
            self._start_timer(out, waiting[0], self._key())

    def _time_turn(self, out: list[Effect], seat: Seat, key: tuple[int, int, int]) -> None:
        """Start the turn timer on the person whose card is due."""
        if self.turn_seconds is not None and self._timer is None and not self._deciding(seat):
            self._start_timer(out, seat, key)

    def _start_timer(self, out: list[Effect], seat: Seat, key: tuple[int, int, int]) -> None:
        assert self.turn_seconds is not None
        token = self._new_token()
        self._timer = (token, seat, key)
        out.append(Wait(token, self.turn_seconds, scaled=False))

    def _timed_out(self, out: list[Effect]) -> None:
        """A person's turn timer ran out: a computer player decides for them, once."""
        assert self._timer is not None
        _, seat, key = self._timer
        self._timer = None
        hand = self.hand
        if hand is None or key != self._key() or not self.is_person(seat):
            return
        # a hint on its way gives way to the decision made for the person
        if self.stage is Stage.PASSING:
            late = [s for s in self.people if not hand.passed(s) and not self._deciding(s)]
            for each in late:
                self._ask(out, each, "pass", timed_out=True)
                self._say(out, None, Notice(NoticeKind.TIMED_OUT, each))
        elif self.to_play(seat) and not self._deciding(seat):
            self._ask(out, seat, "play", timed_out=True)
            self._say(out, None, Notice(NoticeKind.TIMED_OUT, seat))

    def _ask(self, out: list[Effect], seat: Seat, kind: Literal["pass", "play"],
             timed_out: bool = False) -> None:
        hand = self.hand
        assert hand is not None
        level, seed = self._player_of(seat)
        ask = Ask(self._new_token(), kind, seat, self._key(), level, seed,
                   timed_out=timed_out)
        self._asks[seat] = ask
        out.append(Decide(ask.token, seat, kind, decision_view(hand, seat), level, seed))

    def _player_of(self, seat: Seat) -> tuple[Level, int]:
        """The level and seed of the computer player in ``seat`` for this hand, as
        the hand's record names them (so a resumed hand plays on as before)."""
        hand = self.hand
        assert hand is not None
        named = hand.players[seat] if hand.players is not None else None
        if named is not None and named.seed is not None:
            try:
                return Level.parse(named.player), named.seed
            except ValueError:
                pass  # not one of our levels: the table's level plays the seat
        return self.level_of(seat), self._computer_seed(seat)

    def _elapsed(self, event: ev.Elapsed, out: list[Effect]) -> None:
        if self._timer is not None and self._timer[0] == event.token:
            self._timed_out(out)
            return
        waited = next((seat for seat, token in self._graces.items() if token == event.token),
                      None)
        if waited is not None:
            self._grace_over(waited, out)
            return
        if self._pause is None or self._pause[0] != event.token:
            return
        kind = self._pause[1]
        self._pause = None
        hand = self.hand
        if hand is None:
            return
        match kind:
            case Pause.RECEIVED:
                self._settle()
            case Pause.TRICK:
                self._end_trick_show()
            case Pause.CARD:
                turn = hand.turn
                if turn is not None and turn in self._ready:
                    card, ask = self._ready.pop(turn)
                    self._record_stand_in(ask, len(hand.plays))
                    self._play(turn, card, out)
                else:
                    self._card_waited = True
            case Pause.FORCED:
                seat = hand.turn
                legal = hand.legal_plays()
                if seat is not None and self.is_person(seat) and len(legal) == 1 \
                        and self.options.forced_cards:
                    self._record_person(seat, len(hand.plays))
                    self._play(seat, legal[0], out)
                    self._say(out, seat, Notice(NoticeKind.FORCED_CARD, card=legal[0]))
            case Pause.TURN:
                pass  # the turn timer has a token of its own (above)
            case _:
                assert_never(kind)

    def _decided(self, event: ev.Decided, out: list[Effect]) -> None:
        ask = next((a for a in self._asks.values() if a.token == event.token), None)
        hand = self.hand
        if ask is None or hand is None or ask.key != self._key():
            return
        if event.level is not None and event.level < ask.level:
            ask = dataclasses.replace(ask, level=event.level)  # recorded as made by it
        if ask.kind == "hint":
            refusal = self._hint_refusal(hand, ask.seat, event.cards)
            if refusal is not None:
                self._failed(ev.Failed(ask.token, f"an illegal hint ({refusal})"), out)
                return
            del self._asks[ask.seat]
            self._hinted(ask, event.cards, out)
            return
        if ask.kind == "pass":
            refusal = (hand.refuse_pass(ask.seat, event.cards) if len(event.cards) == 3
                       else Refusal(Reason.THREE_CARDS))
            if refusal is not None:
                self._failed(ev.Failed(ask.token, f"an illegal pass ({refusal})"), out)
                return
            del self._asks[ask.seat]
            self._pass_made(hand, ask.seat, event.cards)
            self._record_stand_in(ask, None)
            self._after_pass(out)
            return
        card = event.cards[0] if len(event.cards) == 1 else None
        refusal = None if card is None else hand.refuse_play(card)
        if refusal is not None or card is None:
            why = "no card" if card is None else str(refusal)
            self._failed(ev.Failed(ask.token, f"an illegal card ({why})"), out)
            return
        del self._asks[ask.seat]
        if self.claimed or self._card_waited or ask.timed_out:
            self._record_stand_in(ask, len(hand.plays))
            if self.stage is Stage.TRICK_SHOW:
                self._end_trick_show()
            self._play(ask.seat, card, out)
        else:
            # recorded only once played: a saved record names no card not yet played
            self._ready[ask.seat] = (card, ask)

    def _record_stand_in(self, ask: Ask, play: int | None) -> None:
        self._record_decider(ask.seat, play, ask.level.name.lower(), ask.seed)

    def _failed(self, event: ev.Failed, out: list[Effect]) -> None:
        ask = next((a for a in self._asks.values() if a.token == event.token), None)
        hand = self.hand
        if ask is None or hand is None:
            return

        def failed(outcome: Outcome, lower: Level | None = None) -> Notice:
            return Notice(NoticeKind.PLAYER_FAILED, None if ask.kind == "hint" else ask.seat,
                          decision=ask.kind, level=ask.level, lower=lower, outcome=outcome,
                          error=event.error, log=event.log)

        told = ask.seat if ask.kind == "hint" else None  # a hint is the asker's alone
        if ask.tries < 2:
            retry = Ask(self._new_token(), ask.kind, ask.seat, ask.key, ask.level, ask.seed,
                         ask.tries + 1, ask.timed_out)
            out.append(Say(failed(Outcome.ASK_AGAIN), told))
        elif ask.level > Level.BEGINNER:
            lower = Level(ask.level - 1)
            retry = Ask(self._new_token(), ask.kind, ask.seat, ask.key, lower, ask.seed,
                         1, ask.timed_out)
            out.append(Say(failed(Outcome.LOWER_LEVEL, lower), told))
        elif ask.kind == "hint":
            del self._asks[ask.seat]
            out.append(Say(failed(Outcome.NO_HINT), ask.seat))
            return
        else:
            del self._asks[ask.seat]
            self.stuck = True
            out.append(Say(failed(Outcome.STUCK)))
            return
        self._asks[ask.seat] = retry
        out.append(Decide(retry.token, ask.seat, ask.kind, decision_view(hand, ask.seat),
                          retry.level, retry.seed))


def _refused(refusal: Refusal) -> Notice:
    return Notice(NoticeKind.REFUSED, refusal=refusal)
