"""The flow of a match at the table, as a pure state machine.

:class:`Table` has one entry point, :meth:`Table.handle`: an event in (a
person's key, a computer player's answer, a pause that ran out), the effects
out (ask a seat to decide, wait, save, say, redraw). It knows nothing of
Textual, threads, clocks or files, so the terminal app, a network server and
the tests all drive the same flow.

Every request the table makes carries a fresh token. It waits for at most one
answer per seat, one hint and one pause; an answer or a pause whose token is
not the one it waits for is ignored, so a late answer or an old timer never
acts on a table that has moved on.

When a computer player raises, the table asks it once more; if it fails
again, the level below it makes that decision, and the hand's record says so
(:class:`~hearts.hand.StandIn`). Nothing is ever played silently in its place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import Any, Literal

from hearts.ai import Level
from hearts.ai.hint import HINT_LEVEL
from hearts.cards import Card, Seat, Suit
from hearts.hand import Hand, SeatPlayer, StandIn
from hearts.match import Match
from hearts.options import Options
from hearts.rules import IllegalMove, Rules
from hearts.seeds import computer_seed, hint_seed, match_seed, table_deal_seed
from hearts.table import events as ev
from hearts.table.effects import Abandoned, Decide, Effect, Redraw, Save, Say, Wait
from hearts.table.seating import Computer, Person, SeatSpec, one_person
from hearts.view import Phase, Trick

__all__ = ["SUIT_ORDER", "Desk", "Stage", "Table", "display_order"]

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


@dataclass
class Desk:
    """What only one person's side of the table holds: the cards they chose to
    pass and their highlight."""

    chosen: list[Card] = field(default_factory=list)
    """The cards chosen to pass, in the order chosen."""
    cursor: int = 0
    """The index of the highlighted card in the hand as drawn."""
    aimed: tuple[int, int] | None = None
    """The position at which the highlight was last put on the lowest legal card."""


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
    standing_in: bool = False
    """True when a lower level was asked because the seat's own player failed."""


_DIRECTION_WORDS = {"left": "left", "right": "right", "across": "across"}


def _names(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def _card_names(cards: Sequence[Card]) -> str:
    return _names([f"the {card.long_name}" for card in cards])


def _lowest(cards: Sequence[Card]) -> Card:
    """The lowest card (by rank, then in the order drawn)."""
    return min(cards, key=lambda card: (card.rank, display_order(card)))


class Table:
    """A match of Hearts at a table of four seats, each a person or a computer player.

    Build it with the seats, the options and the seed every deal and computer
    decision comes from; :meth:`start` gives the first effects (after
    :meth:`restore`, whatever the saved table was waiting for), and every
    event goes through :meth:`handle`.
    """

    def __init__(self, options: Options, seed: int,
                 seats: Sequence[SeatSpec] | None = None, level: Level | None = None) -> None:
        self.seats: tuple[SeatSpec, ...] = tuple(seats or one_person())
        """Who sits where, in seat order."""
        if len(self.seats) != 4:
            raise ValueError("a table has 4 seats")
        self.options = options
        """The options in force; their rules apply from the next deal."""
        self.level_override = level
        """A level for this run only (``--level``)."""
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
        self.desks: dict[Seat, Desk] = {seat: Desk() for seat in self.people}
        """Each person's chosen cards and highlight."""
        self.shown_trick: Trick | None = None
        """The finished trick on show, during ``TRICK_SHOW``."""
        self.assisted = False
        """True once a person had help (a hint or an undo) in this match."""
        self.claimed = False
        """True while the rest of a hand whose points are settled is played out."""
        self.stuck = False
        """True when a decision failed at every level: nothing more is asked until
        the hand is left (abandoned, or taken back by an undo)."""
        self._told_assisted = False
        self._token = 0
        self._asks: dict[Seat, _Ask] = {}
        self._ready: dict[Seat, tuple[Card, _Ask]] = {}
        """Computer cards decided before their pause ran out, with the request."""
        self._pause: tuple[int, str] | None = None
        self._card_waited = False

    # --- who sits where ---------------------------------------------------

    @property
    def people(self) -> tuple[Seat, ...]:
        """The seats people play."""
        return tuple(seat for seat, spec in zip(Seat, self.seats, strict=True)
                     if isinstance(spec, Person))

    def seat_as(self, seat: Seat, spec: SeatSpec) -> list[Effect]:
        """Let ``spec`` play ``seat`` from now on: a computer player standing in for
        a person who left (a network table), or the person back in their seat.

        Whatever the seat was asked and has not answered is forgotten (a late
        answer is then ignored); what is due now is asked for. A computer player
        in a seat the hand's record gives to a person is recorded as a stand-in
        for every decision it makes.
        """
        if self.seats[seat] == spec:
            return []
        seats = list(self.seats)
        seats[seat] = spec
        self.seats = tuple(seats)
        self._asks.pop(seat, None)
        self._ready.pop(seat, None)
        if isinstance(spec, Person):
            self.desks.setdefault(seat, Desk())
        out: list[Effect] = []
        self._advance(out)
        out.append(Redraw())
        return out

    def is_person(self, seat: Seat) -> bool:
        """True when a person plays ``seat``."""
        return isinstance(self.seats[seat], Person)

    def name(self, seat: Seat) -> str:
        """How the table names ``seat`` to the others."""
        spec = self.seats[seat]
        if isinstance(spec, Person) and len(self.people) > 1:
            return spec.name
        return str(seat)

    @property
    def level(self) -> Level:
        """The computer players' level for the next hand."""
        return self.level_override or Level(self.options.difficulty)

    def level_of(self, seat: Seat) -> Level:
        """The level a computer seat plays the next hand at."""
        spec = self.seats[seat]
        return spec.level if isinstance(spec, Computer) and spec.level else self.level

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

    def cards(self, seat: Seat) -> list[Card]:
        """A person's hand as drawn: spades, hearts, clubs, diamonds, low to high."""
        hand = self.hand
        return [] if hand is None else sorted(hand.holding(seat), key=display_order)

    def highlighted(self, seat: Seat) -> Card | None:
        """The card under a person's highlight."""
        cards = self.cards(seat)
        return cards[self.desks[seat].cursor % len(cards)] if cards else None

    def raised(self, seat: Seat) -> set[Card]:
        """The cards drawn raised out of a person's hand: chosen to pass, or just received."""
        hand = self.hand
        if self.stage is Stage.PASSING:
            return set(self.desks[seat].chosen)
        if self.stage is Stage.RECEIVED and hand is not None:
            return set(hand.received(seat))
        return set()

    def legal(self, seat: Seat) -> set[Card]:
        """The cards ``seat`` may play now (empty unless it is their turn to play)."""
        hand = self.hand
        if hand is None or not self.to_play(seat):
            return set()
        return set(hand.legal_plays())

    def trick_cards(self) -> dict[Seat, Card]:
        """The cards on the table, by seat (a finished trick while it is on show)."""
        if self.shown_trick is not None:
            return dict(self.shown_trick.plays())
        hand = self.hand
        return {} if hand is None else dict(hand.trick)

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
        return None if self.is_person(hand.turn) else hand.turn

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
    def settled(self) -> bool:
        """True when nothing is being decided or waited for (tests wait for this)."""
        return not self._asks and self._pause is None and not self._ready

    @property
    def waiting_on(self) -> tuple[int, ...]:
        """The tokens of the answers and pauses the table waits for."""
        tokens = [ask.token for ask in self._asks.values()]
        if self._pause is not None:
            tokens.append(self._pause[0])
        return tuple(tokens)

    def can(self, action: str, seat: Seat) -> bool:
        """Whether a button's action may be used by ``seat`` now (shown only then)."""
        between = self.stage is Stage.IDLE
        if action in ("deal", "options", "stats"):
            return between
        if action == "review":
            hand = self.hand
            return between and hand is not None and hand.phase is Phase.OVER
        if action in ("pass", "clear"):
            return self.stage is Stage.PASSING and not self.passed(seat)
        if action == "continue":
            return self.stage is Stage.RECEIVED
        if action == "hint":
            return self.hint_due(seat)
        if action == "undo":
            return self.undo_refusal(seat) is None
        if action == "last":
            # Between hands its button gives way (eight would not fit 24 rows);
            # the key still shows the hand's last trick.
            return not between and self.last_trick() is not None
        if action == "scores":
            return bool(self.match.hands)
        if action == "abandon":
            return self.in_progress
        return action in ("help", "quit")

    # --- the status line ----------------------------------------------------

    def prompt(self, seat: Seat) -> str:
        """What ``seat`` is asked to do now, or whose turn it is."""
        hand = self.hand
        if self.stage is Stage.TRICK_SHOW and self.shown_trick is not None and hand:
            taken = f"{self.name(self.shown_trick.winner)} takes trick {len(hand.tricks)}"
            if hand.turn == seat and not self.claimed:
                return f"{taken} - your lead"
            return taken
        if hand is None:
            return "Welcome to Hearts - press Deal (d) to begin"
        if self.stuck:
            return "The game cannot go on - press Abandon (a) for a new match"
        if self.stage is Stage.PASSING:
            where = _DIRECTION_WORDS.get(str(hand.pass_direction), "")
            if self.passed(seat):
                return "Waiting for the others to pass"
            return f"Choose 3 cards to pass {where} - the queen of spades may not be passed"
        if self.stage is Stage.RECEIVED:
            giver = self.name(hand.pass_direction.source(seat))
            return f"You receive these 3 cards from {giver} - any key to continue"
        if self.stage is Stage.IDLE:
            moon = ""
            if hand.shooter is not None:
                moon = ("You shot the moon! " if hand.shooter == seat
                        else f"{self.name(hand.shooter)} shot the moon! ")
            if self.match.over:
                return (moon + self.winner_text(seat)
                        + " - press Deal for a new game, v to review the hand")
            return moon + "Hand complete - press Deal for the next one, v to review it"
        if self.claimed:
            return "No points are left to take - playing the rest of the hand out"
        number = len(hand.tricks) + 1
        turn = hand.turn
        assert turn is not None
        if not hand.trick:
            return (f"Trick {number} - your lead" if turn == seat
                    else f"Trick {number} - {self.name(turn)} to lead")
        led = hand.trick[0][1].suit
        if turn == seat:
            return f"Trick {number} - {led} led - your play"
        return f"Trick {number} - {led} led - {self.name(turn)} to play"

    def winner_text(self, seat: Seat) -> str:
        """Who won the match, as ``seat`` is told."""
        winners = self.match.winners
        low = self.match.scores[winners[0]]
        if len(winners) == 1:
            who = "You win" if winners[0] == seat else f"{self.name(winners[0])} wins"
            return f"Game over - {who} with {low} points"
        names = ["you" if each == seat else self.name(each) for each in winners]
        return f"Game over - {_names(names)} share the win with {low} points"

    def result_lines(self, seat: Seat) -> list[str]:
        """Lines for the middle of the table once a hand is over: the winner or the
        hand's number, the seed it was dealt from, and a moon if one was shot."""
        hand = self.hand
        if self.stage is not Stage.IDLE or hand is None or hand.phase is not Phase.OVER:
            return []
        number = len(self.match.hands)
        lines = [self.winner_text(seat) if self.match.over else f"Hand {number} complete"]
        dealt = f"Hand {number}" if self.match.over else "Dealt"
        if hand.seed is not None:
            lines.append(f"{dealt} from seed {hand.seed}")
        if hand.shooter is not None:
            lines.append("You shot the moon!" if hand.shooter == seat
                         else f"{self.name(hand.shooter)} shot the moon!")
        return lines

    def nothing_to_play(self) -> str:
        """Why there is no card to play or pass, and what to press instead."""
        if self.hand is None:
            return "There is no hand yet - press Deal (d)"
        if self.match.over:
            return "The game is over - press Deal (d) for a new game"
        return "The hand is over - press Deal (d) for the next one"

    def undo_refusal(self, seat: Seat) -> str | None:
        """Why ``seat`` cannot undo now, or None if it can."""
        hand = self.hand
        if hand is None:
            return "There is nothing to undo yet"
        if len(self.people) > 1:
            return "Undo is not available with more than one person at the table"
        if self.stage is Stage.PASSING:
            return None if self.passed(seat) else "Nothing to undo - choose cards, or Clear"
        if self.stage in (Stage.IDLE, Stage.RECEIVED) or hand.phase is Phase.OVER:
            return ("The hand is over - nothing to undo" if hand.phase is Phase.OVER
                    else "The cards have been exchanged - the pass cannot be undone")
        if self.claimed:
            return "The rest of the hand is being played out"
        if _last_play_of(hand, seat) is None:
            return "You have not played a card in this hand yet"
        return None

    # --- the one entry point --------------------------------------------------

    def start(self) -> list[Effect]:
        """The effects to begin with: whatever the table is waiting for (after
        :meth:`restore`, a resumed hand carries on)."""
        out: list[Effect] = []
        if self.stage is Stage.RECEIVED:
            self._wait(out, self.options.speed.received_delay, "received")
        elif self.stage is Stage.TRICK_SHOW:
            self._wait(out, self.options.speed.trick_delay, "trick")
        self._advance(out)
        out.append(Redraw())
        return out

    def handle(self, event: ev.Event) -> list[Effect]:
        """Take one event; return what is to be done, in order."""
        before = self._fingerprint()
        out: list[Effect] = []
        self._dispatch(event, out)
        self._advance(out)
        if self._fingerprint() != before:
            out.append(Save(self.match, self.state(), self.assisted))
        if out or self._fingerprint() != before:
            out.append(Redraw())
        return out

    def _dispatch(self, event: ev.Event, out: list[Effect]) -> None:
        if isinstance(event, ev.Decided):
            self._decided(event, out)
        elif isinstance(event, ev.Failed):
            self._failed(event, out)
        elif isinstance(event, ev.Elapsed):
            self._elapsed(event, out)
        elif isinstance(event, ev.Deal):
            self._deal(event.seat, out)
        elif isinstance(event, ev.Abandon):
            self._abandon(out)
        elif isinstance(event, ev.OptionsChanged):
            self._options_changed(event, out)
        elif not self.is_person(event.seat):
            out.append(Say(f"{event.seat} is not a person's seat", event.seat))
        elif isinstance(event, ev.Move):
            self._move(event.seat, event.step)
        elif isinstance(event, ev.Point):
            self._point(event.seat, event.card)
        elif isinstance(event, ev.Use):
            card = event.card or self.highlighted(event.seat)
            if card is None:
                out.append(Say(self.nothing_to_play(), event.seat))
            else:
                self._use(event.seat, card, out)
        elif isinstance(event, ev.Choose):
            self._say(out, event.seat, self._choose(event.seat, event.card))
        elif isinstance(event, ev.Clear):
            self._clear(event.seat, out)
        elif isinstance(event, ev.PassChosen):
            self._pass_chosen(event.seat, out)
        elif isinstance(event, ev.Continue):
            self._settle()
        elif isinstance(event, ev.Undo):
            self._undo(event.seat, out)
        elif isinstance(event, ev.AskHint):
            self._ask_hint(event.seat, out)

    # --- saving -------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        """What the table must remember beside the match, as JSON values."""
        return {
            "stage": self.stage.value,
            "desks": {seat.name.lower(): {"chosen": [str(c) for c in desk.chosen],
                                          "cursor": desk.cursor}
                      for seat, desk in self.desks.items()},
            "seed": self.seed,
            "games": self.games,
            "deals": self.deals,
            "rules": self.match.rules.to_json(),
        }

    def _fingerprint(self) -> tuple[object, ...]:
        hand = self.hand
        return (len(self.match.hands), hand.to_json() if hand is not None else None,
                repr(self.state()), self.assisted)

    # --- dealing --------------------------------------------------------------

    def _deal(self, seat: Seat, out: list[Effect]) -> None:
        if self.stage is not Stage.IDLE:
            self._say(out, seat, "Finish this hand first")
            return
        if self.match.over:
            self._new_match()
        rules = self.options.rules()
        hand = self.match.deal(rules)
        self.deals += 1
        hand.players = tuple(
            SeatPlayer("human") if self.is_person(each)
            else SeatPlayer(self.level_of(each).name.lower(), self._computer_seed(each))
            for each in Seat)
        if hand.phase is Phase.PASSING:
            self._clear_table(Stage.PASSING)
        else:  # the hold hand: no passing, play begins at once
            self._clear_table(Stage.PLAYING)
            out.append(Say("A hold hand: no cards are passed this time"))

    def _computer_seed(self, seat: Seat) -> int:
        """The seed of the computer player in ``seat`` for the hand just dealt."""
        return computer_seed(self.seed, self.deals, seat)

    def _new_match(self) -> None:
        self.games += 1
        self.match = Match(self.options.rules(), match_seed(self.seed, self.games))
        self.assisted = False
        self._told_assisted = False
        self._clear_table(Stage.IDLE)

    def _clear_table(self, stage: Stage) -> None:
        """Nothing chosen, shown or asked: the table as a new hand (or match) finds it."""
        self.stage = stage
        for desk in self.desks.values():
            desk.chosen = []
            desk.cursor = 0
            desk.aimed = None
        self.shown_trick = None
        self.claimed = False
        self._forget_requests()

    def _forget_requests(self) -> None:
        self.stuck = False
        self._asks.clear()
        self._ready.clear()
        self._pause = None
        self._card_waited = False

    def _abandon(self, out: list[Effect]) -> None:
        out.append(Abandoned())
        self._new_match()
        out.append(Say("Match abandoned - press Deal (d) to start a new one"))

    def _options_changed(self, event: ev.OptionsChanged, out: list[Effect]) -> None:
        self.options = event.options
        self.level_override = event.level
        if self.stage is Stage.IDLE and not self.match.over:
            self.match.rules = event.options.rules()
            if self.match.over:
                out.append(Say(f"The game now ends at {self.match.rules.target}"))

    # --- a person's side: highlight, choosing, passing -----------------------

    def _move(self, seat: Seat, step: int) -> None:
        cards = self.cards(seat)
        if cards:
            desk = self.desks[seat]
            desk.cursor = (desk.cursor + step) % len(cards)

    def _point(self, seat: Seat, card: Card) -> None:
        cards = self.cards(seat)
        if card in cards:
            self.desks[seat].cursor = cards.index(card)

    def _use(self, seat: Seat, card: Card, out: list[Effect]) -> None:
        self._point(seat, card)
        if self.stage is Stage.PASSING:
            self._say(out, seat, self._choose(seat, card))
        elif self.stage is Stage.RECEIVED:
            self._settle()
        elif self.stage is Stage.IDLE:
            self._say(out, seat, "Press Deal (d) for the next hand" if self.hand
                      else "Press Deal (d) to begin")
        else:
            self._say(out, seat, self._play_person(seat, card, out))

    def _choose(self, seat: Seat, card: Card) -> str | None:
        hand = self.hand
        desk = self.desks[seat]
        if self.stage is not Stage.PASSING or hand is None or self.passed(seat):
            return "Cards are not being passed now"
        if card in desk.chosen:
            desk.chosen.remove(card)
            return None
        if len(desk.chosen) >= 3:
            return "You have chosen 3 cards - press Pass, or choose one again to put it back"
        trial = [*desk.chosen, card]
        # Ask the engine about the card alone: padding with cards already
        # chosen would only repeat them, so check it as part of any three.
        others = [c for c in hand.holding(seat) if c not in trial]
        reason = hand.pass_refusal(seat, trial + others[: 3 - len(trial)])
        if reason is not None:
            return reason
        desk.chosen.append(card)
        return None

    def _clear(self, seat: Seat, out: list[Effect]) -> None:
        if not self.can("clear", seat):
            self._say(out, seat, "Cards are not being passed now")
            return
        self.desks[seat].chosen = []

    def _pass_chosen(self, seat: Seat, out: list[Effect]) -> None:
        hand = self.hand
        desk = self.desks[seat]
        if not self.can("pass", seat) or hand is None:
            self._say(out, seat, "Cards are not being passed now")
            return
        if len(desk.chosen) != 3:
            self._say(out, seat, f"Choose 3 cards to pass ({len(desk.chosen)} chosen so far)")
            return
        try:
            hand.pass_cards(seat, desk.chosen)
        except IllegalMove as error:
            self._say(out, seat, str(error))
            return
        desk.chosen = []
        self._asks.pop(seat, None)  # a hint for the pass still to come has nothing to say
        self._after_pass(out)

    def _after_pass(self, out: list[Effect]) -> None:
        hand = self.hand
        if hand is not None and hand.phase is Phase.PLAYING:
            self.stage = Stage.RECEIVED
            for desk in self.desks.values():
                desk.cursor = 0
            self._asks.clear()
            self._wait(out, self.options.speed.received_delay, "received")

    def _settle(self) -> None:
        """Put the received cards into the hands and start play."""
        if self.stage is Stage.RECEIVED:
            self.stage = Stage.PLAYING
            self._pause = None

    # --- playing ----------------------------------------------------------------

    def _play_person(self, seat: Seat, card: Card, out: list[Effect]) -> str | None:
        hand = self.hand
        if hand is None or self.stage not in (Stage.PLAYING, Stage.TRICK_SHOW):
            return "Cards are not being played now"
        if hand.turn != seat or self.claimed:
            return "Wait for your turn"
        reason = hand.play_refusal(card)
        if reason is not None:
            return reason
        if self.stage is Stage.TRICK_SHOW:
            self._end_trick_show()
        self._play(seat, card, out)
        return None

    def _play(self, seat: Seat, card: Card, out: list[Effect]) -> None:
        hand = self.hand
        assert hand is not None
        play = hand.play(card, seat=seat)
        if seat in self.desks:
            # the highlight stays where it was drawn, wrapping round as a move does,
            # so it never points past the cards left (a restore would clamp it)
            self._move(seat, 0)
        self._asks.pop(seat, None)
        self._ready.clear()
        self._pause = None
        self._card_waited = False
        if play.trick is not None and not self.claimed:
            self.shown_trick = play.trick
            self.stage = Stage.TRICK_SHOW
            self._wait(out, self.options.speed.trick_delay, "trick")
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
        hand = self.hand
        if hand is None or self.stuck:
            return
        if self.stage is Stage.PASSING:
            for seat in Seat:
                if not self.is_person(seat) and not hand.passed(seat) and seat not in self._asks:
                    self._ask(out, seat, "pass")
            return
        if self.stage is not Stage.PLAYING:
            return
        if self.points_settled and not self.claimed:
            self.claimed = True
            self._pause = None
            out.append(Say("No points are left to take - the rest of the hand was played out"))
        turn = hand.turn
        if turn is None:
            return
        if self.is_person(turn):
            self._aim(turn)
            if self.claimed:
                self._play(turn, hand.legal_plays()[0], out)
                self._advance(out)
            elif self.options.forced_cards and len(hand.legal_plays()) == 1 \
                    and (self._pause is None or self._pause[1] != "forced"):
                self._wait(out, self.options.speed.card_delay, "forced")
            return
        if turn not in self._asks and turn not in self._ready:
            self._ask(out, turn, "play")
            if not self.claimed:
                self._wait(out, self.options.speed.card_delay, "card")

    def _aim(self, seat: Seat) -> None:
        """As ``seat``'s turn begins, put their highlight on their lowest legal card."""
        desk = self.desks[seat]
        hand = self.hand
        key = self._key()
        if hand is None or desk.aimed == key[1:] or hand.turn != seat:
            return
        desk.aimed = (key[1], key[2])
        legal = hand.legal_plays()
        if legal:
            self._point(seat, _lowest(legal))

    def _new_token(self) -> int:
        self._token += 1
        return self._token

    def _ask(self, out: list[Effect], seat: Seat, kind: Literal["pass", "play"]) -> None:
        hand = self.hand
        assert hand is not None
        level, seed = self._player_of(seat)
        named = hand.players[seat] if hand.players is not None else None
        standing_in = named is not None and named.player == "human"
        ask = _Ask(self._new_token(), kind, seat, self._key(), level, seed,
                   standing_in=standing_in)
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

    def _wait(self, out: list[Effect], seconds: float, kind: str) -> None:
        token = self._new_token()
        self._pause = (token, kind)
        out.append(Wait(token, seconds))

    def _elapsed(self, event: ev.Elapsed, out: list[Effect]) -> None:
        if self._pause is None or self._pause[0] != event.token:
            return
        kind = self._pause[1]
        self._pause = None
        hand = self.hand
        if kind == "received":
            self._settle()
        elif kind == "trick":
            self._end_trick_show()
        elif kind == "card" and hand is not None:
            turn = hand.turn
            if turn is not None and turn in self._ready:
                card, ask = self._ready.pop(turn)
                self._record_stand_in(ask, len(hand.plays))
                self._play(turn, card, out)
            else:
                self._card_waited = True
        elif kind == "forced" and hand is not None and hand.turn is not None:
            seat = hand.turn
            legal = hand.legal_plays()
            if self.is_person(seat) and len(legal) == 1 and self.options.forced_cards:
                self._play(seat, legal[0], out)
                self._say(out, seat,
                          f"Your only card to play, the {legal[0].long_name}, was played for you")

    def _decided(self, event: ev.Decided, out: list[Effect]) -> None:
        ask = next((a for a in self._asks.values() if a.token == event.token), None)
        hand = self.hand
        if ask is None or hand is None or ask.key != self._key():
            return
        if ask.kind == "hint":
            reason = self._hint_refusal(hand, ask.seat, event.cards)
            if reason is not None:
                self._failed(ev.Failed(ask.token, f"an illegal hint ({reason})"), out)
                return
            del self._asks[ask.seat]
            self._hinted(ask, event.cards, out)
            return
        if ask.kind == "pass":
            reason = (hand.pass_refusal(ask.seat, event.cards) if len(event.cards) == 3
                      else "a pass is three cards")
            if reason is not None:
                self._failed(ev.Failed(ask.token, f"an illegal pass ({reason})"), out)
                return
            del self._asks[ask.seat]
            hand.pass_cards(ask.seat, event.cards)
            self._record_stand_in(ask, None)
            self._after_pass(out)
            return
        card = event.cards[0] if len(event.cards) == 1 else None
        reason = "no card" if card is None else hand.play_refusal(card)
        if reason is not None or card is None:
            self._failed(ev.Failed(ask.token, f"an illegal card ({reason})"), out)
            return
        del self._asks[ask.seat]
        if self.claimed or self._card_waited:
            self._record_stand_in(ask, len(hand.plays))
            self._play(ask.seat, card, out)
        else:
            # recorded only once played: a saved record names no card not yet played
            self._ready[ask.seat] = (card, ask)

    def _record_stand_in(self, ask: _Ask, play: int | None) -> None:
        hand = self.hand
        if ask.standing_in and hand is not None:
            hand.stand_ins.append(StandIn(ask.seat, play, ask.level.name.lower(), ask.seed))

    def _failed(self, event: ev.Failed, out: list[Effect]) -> None:
        ask = next((a for a in self._asks.values() if a.token == event.token), None)
        hand = self.hand
        if ask is None or hand is None:
            return
        what = {"pass": "its pass", "play": "a card", "hint": "a hint"}[ask.kind]
        who = (f"The hint's {ask.level.label} player" if ask.kind == "hint"
               else f"{self.name(ask.seat)}'s {ask.level.label} player")
        where = f" - the details are in {event.log}" if event.log else ""
        if ask.tries < 2:
            retry = _Ask(self._new_token(), ask.kind, ask.seat, ask.key, ask.level, ask.seed,
                         ask.tries + 1, ask.standing_in)
            out.append(Say(f"{who} failed choosing {what} ({event.error}); asking it again"
                           f"{where}"))
        elif ask.level > Level.BEGINNER:
            lower = Level(ask.level - 1)
            retry = _Ask(self._new_token(), ask.kind, ask.seat, ask.key, lower, ask.seed,
                         1, True)
            out.append(Say(f"{who} failed again choosing {what} ({event.error}); the "
                           f"{lower.label} level plays that decision{where}"))
        elif ask.kind == "hint":
            del self._asks[ask.seat]
            out.append(Say(f"{who} failed choosing {what} ({event.error}): no hint this "
                           f"time{where}", ask.seat))
            return
        else:
            del self._asks[ask.seat]
            self.stuck = True
            out.append(Say(f"{who} failed choosing {what} ({event.error}) and no player "
                           f"can stand in: the game cannot go on{where}"))
            return
        self._asks[ask.seat] = retry
        out.append(Decide(retry.token, ask.seat, ask.kind, hand.view(ask.seat), retry.level,
                          retry.seed))

    # --- the aids ------------------------------------------------------------------

    def _ask_hint(self, seat: Seat, out: list[Effect]) -> None:
        hand = self.hand
        if hand is None or not self.hint_due(seat):
            self._say(out, seat, "A hint is given when you have cards to pass or to play")
            return
        deal_seed = (hand.seed if hand.seed is not None
                     else table_deal_seed(self.seed, self.deals))
        ask = _Ask(self._new_token(), "hint", seat, self._key(), HINT_LEVEL,
                   hint_seed(deal_seed))
        self._asks[seat] = ask
        out.append(Say("Thinking of a hint...", seat))
        out.append(Decide(ask.token, seat, "hint", hand.view(seat), ask.level, ask.seed))

    def _hint_refusal(self, hand: Hand, seat: Seat, cards: tuple[Card, ...]) -> str | None:
        """Why ``cards`` are no advice ``seat`` could follow now, or None."""
        if self.stage is Stage.PASSING:
            return hand.pass_refusal(seat, cards) if len(cards) == 3 else "a pass is three cards"
        return hand.play_refusal(cards[0]) if len(cards) == 1 else "no card"

    def _hinted(self, ask: _Ask, cards: tuple[Card, ...], out: list[Effect]) -> None:
        seat = ask.seat
        self._assist(out, seat)
        desk = self.desks[seat]
        if self.stage is Stage.PASSING:
            desk.chosen = list(cards)
            self._point(seat, cards[0])
            self._say(out, seat, "Hint: pass " + _card_names(cards))
        elif self.to_play(seat):
            self._point(seat, cards[0])
            self._say(out, seat, "Hint: " + _card_names(cards))

    def _assist(self, out: list[Effect], seat: Seat) -> None:
        """Mark the match assisted; the first time, say what that means."""
        self.assisted = True
        if not self._told_assisted:
            self._told_assisted = True
            out.append(Say("This match is now marked as assisted (a hint or an undo): "
                           "the statistics count it on its own", seat))

    def _undo(self, seat: Seat, out: list[Effect]) -> None:
        reason = self.undo_refusal(seat)
        if reason is not None:
            self._say(out, seat, reason)
            return
        hand = self.hand
        assert hand is not None
        record = hand.record()
        if self.stage is Stage.PASSING:
            passed = list(hand.passed(seat))
            name = seat.name.lower()
            record["passes"] = [p for p in record["passes"] if p["seat"] != name]
            self._replace(Hand.from_record(record))
            self.desks[seat].chosen = passed
            self._assist(out, seat)
            self._say(out, seat, "Pass taken back - choose again")
            return
        index = _last_play_of(hand, seat)
        assert index is not None
        card = hand.plays[index]
        record["plays"] = record["plays"][:index]
        record.pop("stand_ins", None)
        rebuilt = Hand.from_record(record)
        rebuilt.stand_ins = [s for s in hand.stand_ins if s.play is None or s.play < index]
        self._replace(rebuilt)
        self.stage = Stage.PLAYING
        self.shown_trick = None
        self._forget_requests()
        desk = self.desks[seat]
        desk.aimed = (1, index)  # the highlight stays on the card taken back
        self._point(seat, card)
        self._assist(out, seat)
        self._say(out, seat, "Taken back - play again")

    def _replace(self, hand: Hand) -> None:
        """Put a rebuilt hand in place of the current one."""
        old = self.hand
        assert old is not None
        hand.players = old.players
        if not hand.stand_ins:
            hand.stand_ins = [s for s in old.stand_ins if s.play is None]
        self.match.hands[-1] = hand

    def _say(self, out: list[Effect], seat: Seat | None, text: str | None) -> None:
        if text:
            out.append(Say(text, seat))


def _last_play_of(hand: Hand, seat: Seat) -> int | None:
    """The index in ``hand.plays`` of ``seat``'s latest card, if it has played one."""
    seats = [s for trick in hand.tricks for s, _ in trick.plays()]
    seats += [s for s, _ in hand.trick]
    for index in range(len(seats) - 1, -1, -1):
        if seats[index] == seat:
            return index
    return None
