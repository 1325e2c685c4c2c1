"""The flow of a match at the table, as a pure state machine.

:class:`Table` has one entry point, :meth:`Table.handle`: an event in (a
person's action, a computer player's answer, a pause that ran out), the
effects out (ask a seat to decide, wait, save, tell, redraw). It knows nothing
of Textual, threads, clocks or files, so the terminal app, a network server
and the tests all drive the same flow. What one seat may see and do is built
from it by :mod:`hearts.table.projection`; what it tells people are
:class:`~hearts.table.notices.Notice` values and happenings
(:mod:`hearts.table.happenings`), which each front end words in its own way.

The table holds the rules' flow (deal, pass, play, the trick on show, the hand
over) and the readings every front end relies on; the rest is in its parts,
each with one job (docs/development.md lists them): what it asked and waits for
(:class:`~hearts.table.requests.Requests`: a late answer or an old timer never
acts on a table that moved on), who sits where
(:class:`~hearts.table.seats.Seats`), the computer players asked and their
answers checked (:class:`~hearts.table.decisions.Decisions`), hint and undo
(:class:`~hearts.table.aids.Aids`), whose move is due
(:mod:`hearts.table.turns`) and what a save keeps
(:mod:`hearts.table.snapshot`). The parts read the table only through its
public readings (:class:`~hearts.table.situation.Situation`).

When a computer player raises, the table asks it once more; if it fails
again, the level below it makes that decision, and the hand's record says so
(:class:`~hearts.hand.StandIn`). Nothing is ever played silently in its place.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, assert_never

from hearts.cards import Card, Seat
from hearts.duplicate import DuplicateMatch, evening_standings
from hearts.hand import Hand
from hearts.levels import Level
from hearts.match import Match
from hearts.options import Options
from hearts.rules import Reason, Refusal, Rules
from hearts.seeds import match_seed
from hearts.table import events as ev
from hearts.table import happenings as hp
from hearts.table import snapshot, turns
from hearts.table.aids import Aids
from hearts.table.decisions import Decisions
from hearts.table.effects import Abandoned, Effect, Redraw, Save, Say
from hearts.table.happenings import HappeningLog
from hearts.table.notices import Notice, NoticeKind
from hearts.table.order import SUIT_ORDER, display_order
from hearts.table.requests import Key, Pause, Requests
from hearts.table.seating import Seating, SeatSpec, one_person
from hearts.table.seats import Seats
from hearts.table.stage import Stage
from hearts.view import Phase, Trick
from hearts.words.standings import standings_text

__all__ = ["SUIT_ORDER", "Pause", "Stage", "Table", "display_order"]


class Table:
    """A match of Hearts at a table of four seats, each a person or a computer player.

    Build it with the seats, the options and the seed every deal and computer
    decision comes from; :meth:`start` gives the first effects (after
    :func:`~hearts.table.snapshot.restore`, whatever the saved table was
    waiting for), and every
    event goes through :meth:`handle`. With ``turn_seconds``, a person who does
    not pass or play within that time has a computer player decide for them,
    that once.
    """

    def __init__(self, options: Options, seed: int,
                 seats: Sequence[SeatSpec] | None = None, level: Level | None = None,
                 turn_seconds: float | None = None, grace: float | None = None) -> None:
        self.options = options
        """The options in force; their rules apply from the next deal."""
        self.level_override = level
        """A level for this run only (``--level``)."""
        self.turn_seconds = turn_seconds
        """How long a person has to pass or play (None: as long as they like)."""
        self.seed = seed
        """The seed of every deal and every computer decision."""
        self.games = 0
        """How many matches were started after the first (each has its own seed)."""
        self.deals = 0
        """How many hands were dealt at this table (the computer players' seeds use it)."""
        self.match = Match(options.rules(), match_seed(seed, 0))
        """The match being played."""
        self.stage = Stage.IDLE
        """Where the table stands."""
        self.happenings = HappeningLog()
        """What happened at the table, numbered (:mod:`hearts.table.happenings`):
        the hand in play's and the one before it."""
        self.shown_trick: Trick | None = None
        """The finished trick on show, during ``TRICK_SHOW``."""
        self.claimed = False
        """True while the rest of a hand whose points are settled is played out."""
        self._requests = Requests()
        self._seats = Seats(tuple(seats or one_person()), grace, self._requests,
                            self.happenings)
        self._aids = Aids(self, self._requests, self.happenings)
        self._decisions = Decisions(self, self._requests)

    # --- what anyone may read ----------------------------------------------------

    @property
    def shared(self) -> bool:
        """Friends share the table: the records name the people, and undo is not offered."""
        return self._seats.shared

    @shared.setter
    def shared(self, shared: bool) -> None:
        self._seats.shared = shared

    @property
    def named(self) -> bool:
        """People are shown by their names (a network table), not by their seats."""
        return self._seats.named

    @named.setter
    def named(self, named: bool) -> None:
        self._seats.named = named

    @property
    def aided(self) -> set[Seat]:
        """The seats whose people had help (a hint or an undo) in this match."""
        return self._aids.aided

    @aided.setter
    def aided(self, aided: set[Seat]) -> None:
        self._aids.aided = aided

    @property
    def assisted(self) -> bool:
        """True once a person had help (a hint or an undo) in this match."""
        return bool(self.aided)

    @property
    def stuck(self) -> bool:
        """True when a decision failed at every level: nothing more is asked until
        the hand is left (abandoned, or taken back by an undo)."""
        return self._requests.stuck

    @property
    def seats(self) -> tuple[Seating, ...]:
        """Who sits where now, in seat order."""
        return self._seats.now

    def seating(self, seat: Seat) -> Seating:
        """Who sits in ``seat`` now."""
        return self._seats.of(seat)

    @property
    def people(self) -> tuple[Seat, ...]:
        """The seats whose people are here and decide."""
        return self._seats.people

    def is_person(self, seat: Seat) -> bool:
        """True when ``seat``'s person is here and decides."""
        return self._seats.of(seat).person_decides

    def place(self, seat: Seat, seating: Seating) -> None:
        """Put ``seating`` in ``seat`` before :meth:`start` (a table set up again
        after a restart: see :meth:`Seats.place <hearts.table.seats.Seats.place>`)."""
        self._seats.place(seat, seating)

    def grace_token(self, seat: Seat) -> int | None:
        """The token of the grace timer running for ``seat``, if one is."""
        return self._requests.grace_token(seat)

    @property
    def level(self) -> Level:
        """The computer players' level for the next hand."""
        return self.level_override or Level(self.options.difficulty)

    def level_of(self, seat: Seat) -> Level:
        """The level a computer seat plays the next hand at."""
        return self._seats.of(seat).level or self.level

    @property
    def hand(self) -> Hand | None:
        """The current hand, or None before the first deal."""
        return self.match.hand

    @property
    def rules(self) -> Rules:
        """The rules the next hand will be dealt with."""
        return self.match.rules

    @property
    def in_progress(self) -> bool:
        """True when a match has begun and is not over (quitting would lose it)."""
        return bool(self.match.hands) and not self.match.over

    @property
    def target(self) -> int:
        """The score that ends the match now: the hand's target while it is played,
        the next hand's between hands."""
        hand = self.hand
        if hand is None or self.stage is Stage.IDLE:
            return self.match.rules.target
        return hand.rules.target

    def last_trick(self) -> Trick | None:
        """The trick the last-trick key shows: the one that finished last."""
        hand = self.hand
        return hand.tricks[-1] if hand is not None and hand.tricks else None

    def passed(self, seat: Seat) -> bool:
        """True once ``seat``'s cards have gone, while the others are still choosing."""
        return turns.passed(self.hand, seat)

    def to_play(self, seat: Seat) -> bool:
        """True when the table waits for ``seat``'s card."""
        return turns.to_play(self.hand, self.stage, self.claimed, seat)

    def hint_due(self, seat: Seat) -> bool:
        """True when ``seat`` has a decision a hint can help with."""
        return (self.stage is Stage.PASSING and not self.passed(seat)) or self.to_play(seat)

    def undo_refusal(self, seat: Seat) -> NoticeKind | None:
        """Why ``seat`` cannot undo now, or None if it can."""
        return self._aids.undo_refusal(seat)

    @property
    def computer_due(self) -> Seat | None:
        """The computer seat whose card is due now, if any."""
        return turns.computer_due(self.hand, self.stage, self._computer_decides)

    @property
    def points_settled(self) -> bool:
        """True when play goes on but no card left to be taken carries points."""
        return turns.points_settled(self.hand, self.stage)

    @property
    def waiting(self) -> tuple[Seat, ...]:
        """The seats whose pass or card the table waits for from a person (or from a
        seat nobody sits in yet), in seat order; also while a computer player
        decides for a person whose time ran out."""
        hand = self.hand
        if hand is None or self.stuck:
            return ()
        return turns.waiting(hand, self.stage, self.claimed, self._computer_decides)

    @property
    def turn_timer(self) -> tuple[int, tuple[Seat, ...]] | None:
        """The turn timer running: its token (the front end knows when it ends) and
        the seats whose time it is; None when none runs."""
        token = self._requests.timer_token
        return None if token is None else (token, self.waiting)

    @property
    def settled(self) -> bool:
        """True when nothing is being decided or waited for (tests wait for this)."""
        return self._requests.settled

    @property
    def waiting_on(self) -> tuple[int, ...]:
        """The tokens of the answers and pauses the table waits for."""
        return self._requests.waiting_on

    def _computer_decides(self, seat: Seat) -> bool:
        return self._seats.of(seat).computer_decides

    # --- what changed, told cheaply ------------------------------------------------

    @property
    def looks(self) -> tuple[object, ...]:
        """Everything a seat's state is built from, told cheaply: while it stays
        equal, every seat's state does too (a front end need not build them again)."""
        hand = self.hand
        grown = None if hand is None else (
            id(hand), len(hand.plays), hand.passes_made())
        return (id(self.match), len(self.match.hands), grown, self.stage, self.claimed,
                self.stuck, self.shown_trick is not None, self._seats.now,
                frozenset(self.aided), self._requests.graces, self._requests.timer_token,
                self.match.rules, self.level, self.shared, self.named)

    def state(self) -> dict[str, Any]:
        """What the table must remember beside the match, as JSON values
        (:mod:`hearts.table.snapshot`)."""
        return snapshot.kept(self)

    # --- events in, effects out --------------------------------------------------

    def start(self) -> list[Effect]:
        """The effects to begin with: whatever the table is waiting for (after
        :func:`~hearts.table.snapshot.restore`, a resumed hand carries on)."""
        out: list[Effect] = []
        self._seats.wait_for_absent(out)
        if self.stage is Stage.RECEIVED:
            self._requests.pause(out, self.options.speed.received_delay, Pause.RECEIVED)
        elif self.stage is Stage.TRICK_SHOW:
            self._requests.pause(out, self.options.speed.trick_delay, Pause.TRICK)
        self._advance(out)
        out.append(Redraw())
        return out

    def handle(self, event: ev.Event) -> list[Effect]:
        """Take one event; return what is to be done, in order."""
        before = snapshot.mark(self)
        told = self.happenings.last
        out: list[Effect] = []
        self._dispatch(event, out)
        self._advance(out)
        if snapshot.mark(self) != before:
            out.append(Save(self.match, self.state(), self.assisted))
        if out or self.happenings.last != told:  # (a seat's move may be all that happened)
            out.append(Redraw())
        return out

    def _dispatch(self, event: ev.Event, out: list[Effect]) -> None:
        match event:
            case ev.Decided():
                self._decided(event, out)
            case ev.Failed():
                self._decisions.failed(event, out)
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
                self._seats.handle(event, out)
            case ev.Pass() | ev.Play() | ev.Continue() | ev.Undo() | ev.AskHint():
                if self.is_person(event.seat):
                    self._person(event, out)
                else:
                    out.append(Say(Notice(NoticeKind.NOT_A_PERSON, event.seat), event.seat))
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
                refused = self._play_person(seat, event.card, out)
                if refused is not None:
                    out.append(Say(refused, seat))
            case ev.Continue():
                self._settle()
            case ev.Undo():
                if self._aids.undo(seat, out):
                    self._clear_table(Stage.PLAYING)  # back to the card taken back
            case ev.AskHint():
                self._aids.ask_hint(seat, self._key(), out)
            case _:
                assert_never(event)

    # --- the deal, the match, the options -------------------------------------------

    def _deal(self, seat: Seat, out: list[Effect]) -> None:
        if self.stage is not Stage.IDLE:
            out.append(Say(Notice(NoticeKind.FINISH_HAND), seat))
            return
        if self.match.over:
            self._new_match()
        rules = self.options.rules()
        hand = self.match.deal(rules)
        self.deals += 1
        self.happenings.add(hp.Dealt(len(self.match.hands)))
        hand.players = self._seats.players(hand.players, self._decisions.computer)
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
        self._requests.forget()

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

    # --- the pass ------------------------------------------------------------

    def _pass(self, seat: Seat, cards: tuple[Card, ...], out: list[Effect]) -> None:
        hand = self.hand
        if self.stage is not Stage.PASSING or hand is None:
            out.append(Say(Notice.refused(Refusal(Reason.NOT_PASSING)), seat))
            return
        refusal = hand.refuse_pass(seat, cards) if len(cards) == 3 else \
            Refusal(Reason.THREE_CARDS)
        if refusal is not None:
            out.append(Say(Notice.refused(refusal), seat))
            return
        self._pass_made(hand, seat, cards)
        self._seats.record_person(hand, seat, None)
        self._requests.answered(seat)  # a hint (or stand-in) for this pass has nothing to say
        self._after_pass(out)

    def _pass_made(self, hand: Hand, seat: Seat, cards: tuple[Card, ...]) -> None:
        """``seat`` passes ``cards`` (checked): told to everyone, the cards to ``seat``
        alone; the exchange, once it comes, to each receiver."""
        hand.pass_cards(seat, cards)
        for happening in hp.of_pass(hand, seat):
            self.happenings.add(happening)

    def _after_pass(self, out: list[Effect]) -> None:
        hand = self.hand
        if hand is not None and hand.phase is Phase.PLAYING:
            self.stage = Stage.RECEIVED
            self._requests.forget_asks()
            self._requests.stop_timer()
            self._requests.pause(out, self.options.speed.received_delay, Pause.RECEIVED)

    def _settle(self) -> None:
        """Put the received cards into the hands and start play."""
        if self.stage is Stage.RECEIVED:
            self.stage = Stage.PLAYING
            self._requests.end_pause()

    # --- the play ------------------------------------------------------------

    def _play_person(self, seat: Seat, card: Card, out: list[Effect]) -> Notice | None:
        hand = self.hand
        if self.stage is Stage.RECEIVED:
            self._settle()  # the card is played from the hand the cards joined
        if self.stage is Stage.IDLE:
            return Notice(NoticeKind.PRESS_DEAL)
        if hand is None or self.stage not in (Stage.PLAYING, Stage.TRICK_SHOW):
            return Notice(NoticeKind.NOT_PLAYING)
        if hand.turn != seat or self.claimed:
            return Notice.refused(Refusal(Reason.NOT_YOUR_TURN, seat=hand.turn))
        refusal = hand.refuse_play(card)
        if refusal is not None:
            return Notice.refused(refusal)
        if self.stage is Stage.TRICK_SHOW:
            self._end_trick_show()
        self._seats.record_person(hand, seat, len(hand.plays))
        self._play(seat, card, out)
        return None

    def _play(self, seat: Seat, card: Card, out: list[Effect]) -> None:
        hand = self.hand
        assert hand is not None
        broken = hand.hearts_broken
        play = hand.play(card, seat=seat)
        for happening in hp.of_card(hand, play, broken, len(self.match.hands)):
            self.happenings.add(happening)
        self._requests.card_played(seat)
        if hand.phase is Phase.OVER and isinstance(self.match, DuplicateMatch):
            standings = evening_standings(self.match)
            out.append(Say(Notice(NoticeKind.STANDINGS, standings=standings,
                                  text=standings_text(standings))))
        if play.trick is not None and not self.claimed:
            self.shown_trick = play.trick
            self.stage = Stage.TRICK_SHOW
            self._requests.pause(out, self.options.speed.trick_delay, Pause.TRICK)
        elif hand.phase is Phase.OVER:
            self._hand_over()

    def _hand_over(self) -> None:
        self.stage = Stage.IDLE
        self.claimed = False
        self.shown_trick = None
        self._requests.forget()

    def _end_trick_show(self) -> None:
        hand = self.hand
        if self.stage is not Stage.TRICK_SHOW or hand is None:
            return
        self.shown_trick = None
        self._requests.end_pause()
        if hand.phase is Phase.OVER:
            self._hand_over()
        else:
            self.stage = Stage.PLAYING

    # --- what is due next ----------------------------------------------------------

    def _key(self) -> Key:
        """Where the match stands: an answer asked at another position is stale."""
        hand = self.hand
        if hand is None:
            return (0, 0, 0)
        return (len(self.match.hands), 0 if hand.phase is Phase.PASSING else 1, len(hand.plays))

    def _advance(self, out: list[Effect]) -> None:
        """Ask for whatever is due now: passes, the next computer card, a pause."""
        key = self._key()
        requests = self._requests
        requests.drop_stale(key)
        hand = self.hand
        if hand is None or self.stuck:
            return
        if self.stage is Stage.PASSING:
            self._decisions.ask_passes(hand, key, out)
            return
        if self.stage is not Stage.PLAYING:
            return
        if self.points_settled and not self.claimed:
            self.claimed = True
            requests.end_pause()
            requests.stop_timer()
            out.append(Say(Notice(NoticeKind.PLAYED_OUT)))
        turn = hand.turn
        if turn is None:
            return
        if self._seats.of(turn).computer_decides:
            self._decisions.ask_card(hand, turn, key, out)
        elif self.claimed:  # the person's card (away or not): nothing is left to choose
            self._seats.record_person(hand, turn, len(hand.plays))
            self._play(turn, hand.legal_plays()[0], out)
            self._advance(out)
        elif not self.is_person(turn):
            pass  # the seat is free or its person away: the grace time runs
        elif self.options.forced_cards and len(hand.legal_plays()) == 1:
            if not requests.pausing(Pause.FORCED):
                requests.pause(out, self.options.speed.card_delay, Pause.FORCED)
        else:
            self._decisions.time_turn(turn, key, out)

    # --- answers and pauses -------------------------------------------------------

    def _elapsed(self, event: ev.Elapsed, out: list[Effect]) -> None:
        requests = self._requests
        timed = requests.timer_over(event.token)
        if timed is not None:
            self._decisions.timed_out(*timed, self._key(), out)
            return
        waited = requests.grace_over(event.token)
        if waited is not None:
            self._seats.grace_over(waited, out)
            return
        kind = requests.pause_over(event.token)
        hand = self.hand
        if kind is None or hand is None:
            return
        match kind:
            case Pause.RECEIVED:
                self._settle()
            case Pause.TRICK:
                self._end_trick_show()
            case Pause.CARD:
                turn = hand.turn
                ready = None if turn is None else requests.take_card(turn)
                if turn is not None and ready is not None:
                    card, ask = ready
                    self._decisions.record(ask, len(hand.plays))
                    self._play(turn, card, out)
                else:
                    requests.wait_card()
            case Pause.FORCED:
                seat = hand.turn
                legal = hand.legal_plays()
                if seat is not None and self.is_person(seat) and len(legal) == 1 \
                        and self.options.forced_cards:
                    self._seats.record_person(hand, seat, len(hand.plays))
                    self._play(seat, legal[0], out)
                    out.append(Say(Notice(NoticeKind.FORCED_CARD, card=legal[0]), seat))
            case Pause.TURN:
                pass  # the turn timer has a token of its own (above)
            case _:
                assert_never(kind)

    def _decided(self, event: ev.Decided, out: list[Effect]) -> None:
        made = self._decisions.answer(event, self._key(), out)
        hand = self.hand
        if made is None or hand is None:
            return
        ask, cards = made
        if ask.kind == "hint":
            self._aids.hinted(ask.seat, cards, out)
        elif ask.kind == "pass":
            self._pass_made(hand, ask.seat, cards)
            self._decisions.record(ask, None)
            self._after_pass(out)
        else:
            self._decisions.record(ask, len(hand.plays))
            if self.stage is Stage.TRICK_SHOW:
                self._end_trick_show()
            self._play(ask.seat, cards[0], out)

