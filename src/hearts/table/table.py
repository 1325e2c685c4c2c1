"""The flow of a match at the table, as a pure state machine.

:class:`Table` has one entry point, :meth:`Table.handle`: an event in (a
person's action, a computer player's answer, a pause that ran out), the
effects out (ask a seat to decide, wait, save, tell, redraw). It knows
nothing of Textual, threads, clocks or files, so the terminal app, a network
server and the tests all drive the same flow. What one seat may see and do is
built from it by :func:`hearts.table.seatstate.seat_state`; what it tells
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

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, Literal, assert_never

from hearts.ai import Level
from hearts.ai.hint import HINT_LEVEL
from hearts.cards import Card, Seat, Suit
from hearts.hand import Hand, SeatPlayer, StandIn
from hearts.match import Match
from hearts.options import Options
from hearts.rules import Reason, Refusal, Rules
from hearts.seeds import computer_seed, hint_seed, match_seed, table_deal_seed
from hearts.table import events as ev
from hearts.table.effects import Abandoned, Decide, Effect, Redraw, Save, Say, Wait
from hearts.table.notices import Notice, NoticeKind, Outcome
from hearts.table.seating import Presence, Seating, SeatSpec, one_person
from hearts.view import Phase, Trick

__all__ = ["SUIT_ORDER", "Pause", "Stage", "Table", "display_order"]

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order of the suits in a person's hand, so the two red suits never touch."""


def display_order(card: Card) -> tuple[int, int]:
    """Sort key of a card in a person's hand: by :data:`SUIT_ORDER`, low to high."""
    return SUIT_ORDER.index(card.suit), card.rank


class Stage(Enum):
    """Where the table stands."""

    IDLE = "idle"
    """Before the first deal, between hands, or after the game is over."""
    PASSING = "passing"
    """Cards are being chosen to pass."""
    RECEIVED = "received"
    """The cards just received are held up out of the hands."""
    PLAYING = "playing"
    """Tricks are being played."""
    TRICK_SHOW = "trick"
    """A finished trick is left on show for a moment."""


class Pause(Enum):
    """What a pause the table asked for (:class:`~hearts.table.effects.Wait`) is for."""

    RECEIVED = "received"
    """The cards just received are on show."""
    TRICK = "trick"
    """A finished trick is on show."""
    CARD = "card"
    """A computer player's card appears after a moment."""
    FORCED = "forced"
    """A person's only card is played for them after a moment."""
    TURN = "turn"
    """A person's time to decide (the turn timer of a network table)."""


@dataclass(frozen=True, slots=True)
class _Ask:
    """A request the table waits on."""

    token: int
    kind: Literal["pass", "play", "hint"]
    seat: Seat
    key: tuple[int, int, int]
    """The position asked about; an answer for another position is stale."""
    level: Level
    seed: int
    tries: int = 1
    """How many times this decision has been asked (a failure asks once more)."""
    timed_out: bool = False
    """True when the person's turn timer ran out: the card is played at once."""


class Table:
    """A match of Hearts at a table of four seats, each a person or a computer player.

    Build it with the seats, the options and the seed every deal and computer
    decision comes from; :meth:`start` gives the first effects (after
    :meth:`restore`, whatever the saved table was waiting for), and every
    event goes through :meth:`handle`. With ``turn_seconds``, a person who does
    not pass or play within that time has a computer player decide for them,
    that once.
    """

    def __init__(self, options: Options, seed: int,
                 seats: Sequence[SeatSpec] | None = None, level: Level | None = None,
                 turn_seconds: float | None = None, grace: float | None = None) -> None:
        specs = tuple(seats or one_person())
        if len(specs) != 4:
            raise ValueError("a table has 4 seats")
        self._seating = [Seating.of(spec) for spec in specs]
        self.shared = sum(each.for_person for each in self._seating) > 1
        """Friends share the table (it was set up with more than one person's seat):
        the records name the people, and undo is not offered."""
        self.named = self.shared
        """People are shown by their names (a network table, even of one person),
        not by their seats."""
        self.grace = grace
        """How long the table waits for a person's seat that is free or whose person
        dropped, before a computer player stands in (None: for ever)."""
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
        self.shown_trick: Trick | None = None
        """The finished trick on show, during ``TRICK_SHOW``."""
        self.aided: set[Seat] = set()
        """The seats whose people had help (a hint or an undo) in this match."""
        self.claimed = False
        """True while the rest of a hand whose points are settled is played out."""
        self.stuck = False
        """True when a decision failed at every level: nothing more is asked until
        the hand is left (abandoned, or taken back by an undo)."""
        self._graces: dict[Seat, int] = {}
        """The grace timers running, by seat: their tokens."""
        self._quiet = {seat for seat in Seat if self._seating[seat].presence is Presence.AWAY}
        """Seats away since the table started (again): their return is not news."""
        self._token = 0
        self._asks: dict[Seat, _Ask] = {}
        self._ready: dict[Seat, tuple[Card, _Ask]] = {}
        """Computer cards decided before their pause ran out, with the request."""
        self._pause: tuple[int, Pause] | None = None
        self._timer: tuple[int, Seat, tuple[int, int, int]] | None = None
        """The turn timer running: its token, the seat and the position it times."""
        self._card_waited = False

    # --- who sits where ---------------------------------------------------

    @property
    def seats(self) -> tuple[Seating, ...]:
        """Who sits where now, in seat order."""
        return tuple(self._seating)

    def seating(self, seat: Seat) -> Seating:
        """Who sits in ``seat`` now."""
        return self._seating[seat]

    @property
    def people(self) -> tuple[Seat, ...]:
        """The seats whose people are here and decide."""
        return tuple(seat for seat in Seat if self._seating[seat].person_decides)


    def is_person(self, seat: Seat) -> bool:
        """True when ``seat``'s person is here and decides."""
        return self._seating[seat].person_decides

    def grace_token(self, seat: Seat) -> int | None:
        """The token of the grace timer running for ``seat``, if one is (the front end
        knows when it ends)."""
        return self._graces.get(seat)

    @property
    def assisted(self) -> bool:
        """True once a person had help (a hint or an undo) in this match."""
        return bool(self.aided)

    def place(self, seat: Seat, seating: Seating) -> None:
        """Put ``seating`` in ``seat`` before :meth:`start` (a table set up again
        after a restart: its people away until they come back, and nobody told
        when they do: they were not seen to go)."""
        self._seating[seat] = seating
        if seating.presence is Presence.AWAY:
            self._quiet.add(seat)

    def _seat_event(self, event: ev.SeatEvent, out: list[Effect]) -> None:
        """Who sits in a seat changes (see :mod:`hearts.table.seating`)."""
        seat = event.seat
        now = self._seating[seat]
        name = now.name
        match event:
            case ev.Sit():
                if now.held or now.presence is Presence.COMPUTER:
                    return
                self._seat(seat, Seating(Presence.HERE, event.name), out)
                self._say(out, None, Notice(NoticeKind.JOINED, seat, name=event.name))
            case ev.Return():
                if not now.held or now.presence is Presence.HERE:
                    return
                quiet = seat in self._quiet
                self._seat(seat, Seating(Presence.HERE, name), out)
                if not quiet:
                    self._say(out, None, Notice(NoticeKind.BACK, seat, name=name))
            case ev.Drop():
                if now.presence is not Presence.HERE:
                    return
                self._seat(seat, Seating(Presence.AWAY, name), out)
                self._say(out, None, Notice(NoticeKind.AWAY, seat, name=name))
            case ev.Leave():
                if not now.held:
                    return
                self._seat(seat, Seating(Presence.STAND_IN), out)
                self._say(out, None, Notice(NoticeKind.LEFT, seat, name=name))
            case ev.FreeSeat():
                if not now.held and now.presence is not Presence.COMPUTER:
                    return
                self._seat(seat, Seating(Presence.STAND_IN), out)
                self._say(out, None, Notice(NoticeKind.FREED, seat, name=name))
            case ev.SeatComputer():
                if now.presence is Presence.COMPUTER:
                    return
                self._seat(seat, Seating(Presence.COMPUTER), out)
                self._say(out, None, Notice(NoticeKind.COMPUTER_SEATED, seat, name=name))
            case _:
                assert_never(event)

    def _seat(self, seat: Seat, seating: Seating, out: list[Effect]) -> None:
        """Put ``seating`` in ``seat``: whatever the seat was asked and has not
        answered is forgotten (a late answer is then ignored), and the table waits
        the grace time for a seat nobody decides for."""
        self._seating[seat] = seating
        self._quiet.discard(seat)
        self._asks.pop(seat, None)
        self._ready.pop(seat, None)
        self._graces.pop(seat, None)
        if self._timer is not None and self._timer[1] == seat:
            self._timer = None
        if seating.presence in (Presence.AWAY, Presence.FREE):
            self._wait_for(seat, out)

    def _wait_for(self, seat: Seat, out: list[Effect]) -> None:
        """Start the grace timer of ``seat`` (free, or its person away)."""
        if self.grace is not None:
            token = self._new_token()
            self._graces[seat] = token
            out.append(Wait(token, self.grace, scaled=False))

    def _grace_over(self, seat: Seat, out: list[Effect]) -> None:
        """Nobody came for ``seat`` in time: a computer player stands in."""
        del self._graces[seat]
        now = self._seating[seat]
        self._seat(seat, Seating(Presence.STAND_IN, now.name), out)
        self._say(out, None, Notice(NoticeKind.STAND_IN, seat, name=now.name))

    @property
    def level(self) -> Level:
        """The computer players' level for the next hand."""
        return self.level_override or Level(self.options.difficulty)

    def level_of(self, seat: Seat) -> Level:
        """The level a computer seat plays the next hand at."""
        return self._seating[seat].level or self.level

    # --- what anyone may read ---------------------------------------------

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

    def passed(self, seat: Seat) -> bool:
        """True once ``seat``'s cards have gone, while the others are still choosing."""
        hand = self.hand
        return hand is not None and hand.phase is Phase.PASSING and bool(hand.passed(seat))

    def to_play(self, seat: Seat) -> bool:
        """True when the table waits for ``seat``'s card."""
        hand = self.hand
        return (self.stage in (Stage.PLAYING, Stage.TRICK_SHOW) and hand is not None
                and hand.turn == seat and not self.claimed)

    @property
    def computer_due(self) -> Seat | None:
        """The computer seat whose card is due now, if any."""
        hand = self.hand
        if self.stage is not Stage.PLAYING or hand is None or hand.turn is None:
            return None
        return hand.turn if self._seating[hand.turn].computer_decides else None

    def hint_due(self, seat: Seat) -> bool:
        """True when ``seat`` has a decision a hint can help with."""
        return (self.stage is Stage.PASSING and not self.passed(seat)) or self.to_play(seat)

    @property
    def points_settled(self) -> bool:
        """True when play goes on but no card left to be taken carries points (nor
        the jack of diamonds when it counts): the rest cannot change any score."""
        hand = self.hand
        if hand is None or hand.phase is not Phase.PLAYING or self.stage is not Stage.PLAYING:
            return False
        taken = 0
        for seat in Seat:
            taken |= hand.taken(seat).mask
        return all(taken & card.bit for card in Card.all() if hand.rules.card_points(card))

    def last_trick(self) -> Trick | None:
        """The trick the last-trick key shows: the one that finished last."""
        hand = self.hand
        return hand.tricks[-1] if hand is not None and hand.tricks else None

    @property
    def waiting(self) -> tuple[Seat, ...]:
        """The seats whose pass or card the table waits for from a person (or from a
        seat nobody sits in yet), in seat order; also while a computer player
        decides for a person whose time ran out."""
        hand = self.hand
        if hand is None or self.stuck:
            return ()
        if self.stage is Stage.PASSING:
            return tuple(seat for seat in Seat if not hand.passed(seat)
                         and not self._seating[seat].computer_decides)
        turn = hand.turn
        if self.stage in (Stage.PLAYING, Stage.TRICK_SHOW) and turn is not None \
                and not self.claimed and not self._seating[turn].computer_decides:
            return (turn,)
        return ()

    @property
    def turn_timer(self) -> tuple[int, tuple[Seat, ...]] | None:
        """The turn timer running: its token (the front end knows when it ends) and
        the seats whose time it is; None when none runs."""
        if self._timer is None:
            return None
        return self._timer[0], self.waiting

    @property
    def settled(self) -> bool:
        """True when nothing is being decided or waited for (tests wait for this)."""
        return not self._asks and self._pause is None and not self._ready

    @property
    def waiting_on(self) -> tuple[int, ...]:
        """The tokens of the answers and pauses the table waits for."""
        tokens = [ask.token for ask in self._asks.values()]
        tokens += self._graces.values()
        if self._pause is not None:
            tokens.append(self._pause[0])
        if self._timer is not None:
            tokens.append(self._timer[0])
        return tuple(tokens)

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

    # --- the one entry point --------------------------------------------------

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

    # --- saving -------------------------------------------------------------

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
        grows by passes, cards and stand-ins, or is put back whole by an undo; and
        everything :meth:`state` holds."""
        hand = self.hand
        grown = None if hand is None else (
            id(hand), len(hand.plays), sum(1 for seat in Seat if hand.passed(seat)),
            len(hand.stand_ins))
        return (id(self.match), len(self.match.hands), grown, self.stage, self.seed,
                self.games, self.deals, self.match.rules, frozenset(self.aided))

    # --- dealing --------------------------------------------------------------

    def _deal(self, seat: Seat, out: list[Effect]) -> None:
        if self.stage is not Stage.IDLE:
            self._say(out, seat, Notice(NoticeKind.FINISH_HAND))
            return
        if self.match.over:
            self._new_match()
        rules = self.options.rules()
        hand = self.match.deal(rules)
        self.deals += 1
        hand.players = tuple(self._owner(each) for each in Seat)
        if hand.phase is Phase.PASSING:
            self._clear_table(Stage.PASSING)
        else:  # the hold hand: no passing, play begins at once
            self._clear_table(Stage.PLAYING)
            out.append(Say(Notice(NoticeKind.HOLD_HAND)))

    def _owner(self, seat: Seat) -> SeatPlayer:
        """Who the record of the hand just dealt gives ``seat`` to: the person who
        holds it (here, away or stood in for), else the computer player that plays it
        until someone takes it. Every decision another makes is recorded apart
        (:class:`~hearts.hand.StandIn`)."""
        if self._seating[seat].held:
            return SeatPlayer("human", name=self._recorded_name(seat))
        return SeatPlayer(self.level_of(seat).name.lower(), self._computer_seed(seat))

    def _recorded_name(self, seat: Seat) -> str | None:
        """The name a hand record gives the person in ``seat``: theirs where people
        share the table, none for the one person of a game against the computer."""
        return self._seating[seat].name if self.shared else None

    def _record_decider(self, seat: Seat, play: int | None, player: str, seed: int | None,
                        name: str | None = None) -> None:
        """Record who made ``seat``'s decision (the pass, or the card at index ``play``)
        when it is not the player the hand's record gives the seat to."""
        hand = self.hand
        if hand is None or hand.players is None:
            return
        owner = hand.players[seat]
        if (owner.player, owner.seed, owner.name) != (player, seed, name):
            hand.stand_ins.append(StandIn(seat, play, player, seed, name))

    def _record_person(self, seat: Seat, play: int | None) -> None:
        """Record that the person in ``seat`` made this decision themselves."""
        self._record_decider(seat, play, "human", None, self._recorded_name(seat))

    def _computer_seed(self, seat: Seat) -> int:
        """The seed of the computer player in ``seat`` for the hand just dealt."""
        return computer_seed(self.seed, self.deals, seat)

    def _new_match(self) -> None:
        self.games += 1
        self.match = Match(self.options.rules(), match_seed(self.seed, self.games))
        self.aided = set()
        self._clear_table(Stage.IDLE)

    def _clear_table(self, stage: Stage) -> None:
        """Nothing chosen, shown or asked: the table as a new hand (or match) finds it."""
        self.stage = stage
        self.shown_trick = None
        self.claimed = False
        self._forget_requests()

    def _forget_requests(self) -> None:
        self.stuck = False
        self._asks.clear()
        self._ready.clear()
        self._pause = None
        self._timer = None
        self._card_waited = False

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

    # --- a person's side: passing -----------------------------------------------

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
        hand.pass_cards(seat, cards)
        self._record_person(seat, None)
        self._asks.pop(seat, None)  # a hint (or stand-in) for this pass has nothing to say
        self._after_pass(out)

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

    # --- playing ----------------------------------------------------------------

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
        play = hand.play(card, seat=seat)
        self._asks.pop(seat, None)
        self._ready.clear()
        self._pause = None
        self._timer = None
        self._card_waited = False
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

    # --- what is due next ------------------------------------------------------

    def _key(self) -> tuple[int, int, int]:
        hand = self.hand
        if hand is None:
            return (0, 0, 0)
        return (len(self.match.hands), 0 if hand.phase is Phase.PASSING else 1, len(hand.plays))

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
            for seat in Seat:
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

    def _deciding(self, seat: Seat) -> bool:
        """True when a computer player is deciding for ``seat`` (not a hint)."""
        ask = self._asks.get(seat)
        return ask is not None and ask.kind != "hint"

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

    def _new_token(self) -> int:
        self._token += 1
        return self._token

    def _ask(self, out: list[Effect], seat: Seat, kind: Literal["pass", "play"],
             timed_out: bool = False) -> None:
        hand = self.hand
        assert hand is not None
        level, seed = self._player_of(seat)
        ask = _Ask(self._new_token(), kind, seat, self._key(), level, seed,
                   timed_out=timed_out)
        self._asks[seat] = ask
        out.append(Decide(ask.token, seat, kind, hand.view(seat), level, seed))

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

    def _wait(self, out: list[Effect], seconds: float, kind: Pause) -> None:
        token = self._new_token()
        self._pause = (token, kind)
        out.append(Wait(token, seconds))

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
            hand.pass_cards(ask.seat, event.cards)
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

    def _record_stand_in(self, ask: _Ask, play: int | None) -> None:
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
            retry = _Ask(self._new_token(), ask.kind, ask.seat, ask.key, ask.level, ask.seed,
                         ask.tries + 1, ask.timed_out)
            out.append(Say(failed(Outcome.ASK_AGAIN), told))
        elif ask.level > Level.BEGINNER:
            lower = Level(ask.level - 1)
            retry = _Ask(self._new_token(), ask.kind, ask.seat, ask.key, lower, ask.seed,
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
        out.append(Decide(retry.token, ask.seat, ask.kind, hand.view(ask.seat), retry.level,
                          retry.seed))

    # --- the aids ------------------------------------------------------------------

    def _ask_hint(self, seat: Seat, out: list[Effect]) -> None:
        hand = self.hand
        if hand is None or not self.hint_due(seat):
            self._say(out, seat, Notice(NoticeKind.NO_HINT_NOW))
            return
        if seat in self._asks:
            return  # a hint (or a decision for this seat) is on its way already
        deal_seed = (hand.seed if hand.seed is not None
                     else table_deal_seed(self.seed, self.deals))
        ask = _Ask(self._new_token(), "hint", seat, self._key(), HINT_LEVEL,
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

    def _hinted(self, ask: _Ask, cards: tuple[Card, ...], out: list[Effect]) -> None:
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
            self._assist(out, seat)
            self._say(out, seat, Notice(NoticeKind.PASS_TAKEN_BACK, cards=passed))
            return
        index = _last_play_of(hand, seat)
        assert index is not None
        card = hand.plays[index]
        while len(hand.plays) > index:
            hand.pop()
        self.stage = Stage.PLAYING
        self.shown_trick = None
        self._forget_requests()
        self._assist(out, seat)
        self._say(out, seat, Notice(NoticeKind.TAKEN_BACK, card=card))

    def _say(self, out: list[Effect], seat: Seat | None, notice: Notice | None) -> None:
        if notice is not None:
            out.append(Say(notice, seat))


def _refused(refusal: Refusal) -> Notice:
    return Notice(NoticeKind.REFUSED, refusal=refusal)


def _last_play_of(hand: Hand, seat: Seat) -> int | None:
    """The index in ``hand.plays`` of ``seat``'s latest card, if it has played one."""
    seats = [s for trick in hand.tricks for s, _ in trick.plays()]
    seats += [s for s, _ in hand.trick]
    for index in range(len(seats) - 1, -1, -1):
        if seats[index] == seat:
            return index
    return None
