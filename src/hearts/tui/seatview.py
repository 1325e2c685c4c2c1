"""One person's seat as this screen shows it: the table's :class:`~hearts.table.SeatState`
and what only the screen has (the highlight, the notice, a banner, an earlier
trick shown again).

The single-player app builds the state from its own table; ``hearts join``
reads it from the server. Either way the widgets read this one object, so a
fact a seat can see is written in one place (the seat state) and worded in
one place (:mod:`hearts.tui.words`).
"""

from __future__ import annotations

import time

from hearts.cards import Card, Seat
from hearts.table import (
    Action,
    Notice,
    NoticeKind,
    Presence,
    Prompt,
    PromptKind,
    SeatInfo,
    SeatState,
    Stage,
)
from hearts.table.choosing import Choice
from hearts.tui import words
from hearts.tui.reactions import Shown
from hearts.tui.sheet import rows_lines
from hearts.view import Trick

__all__ = ["Highlight", "SeatView", "waiting_state"]


def waiting_state(seat: Seat = Seat.SOUTH) -> SeatState:
    """The state shown before the table has sent one: an empty table."""
    return SeatState(
        seat=seat, stage=Stage.IDLE, view=None,
        seats=tuple(SeatInfo(str(each), Presence.COMPUTER) for each in Seat), waiting=(),
        timer=None,
        scores=(0, 0, 0, 0), target=0, match_over=False, hand_number=0, level="",
        assisted=False, sheet=(), passable=frozenset(), passed=(), raised=frozenset(),
        legal=frozenset(), trick=(), winner=None, prompt=Prompt(PromptKind.WELCOME),
        result=None, watchers=(), actions=frozenset({Action.HELP, Action.QUIT}))


class Highlight:
    """Where a person's highlight rests in their hand: the screen's own, never the
    table's (moving it sends nothing and saves nothing).

    It follows the states it is shown: the first card of a new hand and of the
    hand once cards are received, the lowest card it may play as each of the
    person's turns begins, the same place along the hand after a card is played
    (wrapping round), and a card a hint or an undo names.
    """

    def __init__(self) -> None:
        self.index = 0
        """The highlighted card's place in the hand as drawn."""
        self._aimed: tuple[int, int] | None = None
        self._wanted: Card | None = None

    def card(self, state: SeatState) -> Card | None:
        """The highlighted card, if the hand has any."""
        cards = state.cards
        return cards[self.index % len(cards)] if cards else None

    def move(self, state: SeatState, step: int) -> None:
        """Move along the hand, wrapping round at either end."""
        cards = state.cards
        if cards:
            self.index = (self.index + step) % len(cards)

    def put(self, state: SeatState, card: Card) -> None:
        """Rest on ``card`` now (a click on it), if the hand holds it."""
        cards = state.cards
        if card in cards:
            self.index = cards.index(card)

    def point(self, card: Card) -> None:
        """Rest on ``card`` once a state shows it (a card taken back comes back with
        the next state)."""
        self._wanted = card

    def follow(self, old: SeatState | None, new: SeatState) -> None:
        """Take the next state shown."""
        cards = new.cards
        if old is None or old.hand_number != new.hand_number or (
                new.stage is Stage.RECEIVED and old.stage is not Stage.RECEIVED):
            self.index = 0
        turn = _turn_key(new)
        if self._wanted is not None and self._wanted in cards:
            self.index = cards.index(self._wanted)
            self._wanted = None
            if turn is not None:
                self._aimed = turn  # a card taken back or hinted keeps the highlight
        elif turn is not None and turn != self._aimed:
            self._aimed = turn
            lowest = min(new.legal, key=lambda card: (card.rank, cards.index(card)))
            self.index = cards.index(lowest)
        if cards:
            self.index %= len(cards)


def _pass_key(state: SeatState) -> tuple[int, int] | None:
    """The pass of this hand, while the seat may make it."""
    return (state.hand_number, -1) if state.passable else None


def _turn_key(state: SeatState) -> tuple[int, int] | None:
    """Which of the person's turns this state shows, if it is their turn."""
    if not state.legal or state.view is None:
        return None
    return state.hand_number, len(state.view.played)


class SeatView:
    """The seat as this screen shows it (see the module's docstring)."""

    def __init__(self, state: SeatState | None = None) -> None:
        self.state = state or waiting_state()
        """The latest state of the seat."""
        self.highlight = Highlight()
        """The person's highlight."""
        self.choice = Choice()
        """The cards the person chose to pass (the screen's own until passed)."""
        self.clock: float | None = None
        """How far the table's clock is ahead of this machine's (seconds), once a
        state said; the countdowns of turn timers and grace times need it."""
        self._turn: tuple[int, int] | None = None
        self._told: str | None = None
        """The words of the table's last notice (one of the app's own is not put away
        as a turn begins)."""
        self._wanted_choice: tuple[Card, ...] | None = None
        self._hint_for: tuple[int, int] | None = None
        """The turn the last notice's hint was for, while that notice is the last."""
        self.notice: str | None = None
        """The latest notice, shown above the prompt for a while."""
        self.banner: str | None = None
        """A line that stays above the prompt until it is cleared (the table is lost)."""
        self.offer: str | None = None
        """A line that stays above the prompt, when no notice or banner is there,
        until the person answers it (the first start's offer of the Classic rules)."""
        self.ending: str | None = None
        """The line that stands in the prompt's place once there is nothing more to
        play (today's deal: the keys that are left), None otherwise."""
        self.review: Trick | None = None
        """An earlier trick shown again (the last-trick key), until any key."""
        self.shown = False
        """True once a state from the table has been taken."""
        self.withheld: frozenset[Action] = frozenset()
        """Actions this screen does not offer, whatever the table allows."""
        self.granted: frozenset[Action] = frozenset()
        """Actions this screen always offers (leaving a network table)."""
        self.reactions = Shown()
        """The people's quick reactions on show by their seats (a network table's)."""

    def show(self, state: SeatState) -> None:
        """Take a new state from the table. A notice of the table said before this
        seat's next turn begins (a card to play, or cards to pass) is put away as it
        begins: it spoke of a turn that is over."""
        turn = _turn_key(state) or _pass_key(state)
        if turn is not None and turn != self._turn and self.notice is not None \
                and self.notice == self._told:
            self.notice = None
        if self._hint_for is not None and turn != self._hint_for:
            # a hint speaks of one turn: once that turn is over it is stale
            if self.notice is not None and self.notice == self._told:
                self.notice = None
            self._hint_for = None
        self._turn = turn
        self.highlight.follow(self.state if self.shown else None, state)
        self.state = state
        self.shown = True
        self.choice.follow(state)
        if self._wanted_choice is not None and state.passable:
            self.choice.set(state, self._wanted_choice)
            self._wanted_choice = None

    def told(self, notice: Notice) -> str:
        """Take a notice for this seat; returns it in words."""
        self._hint_for = None
        if notice.kind is NoticeKind.HINT and notice.cards:
            self._hint_for = self._turn
            self.highlight.point(notice.cards[0])
            if len(notice.cards) == 3:
                self._choose(notice.cards)
        elif notice.kind is NoticeKind.PASS_TAKEN_BACK:
            self._choose(notice.cards)
        elif notice.kind is NoticeKind.TAKEN_BACK and notice.card is not None:
            self.highlight.point(notice.card)
        self._told = words.notice_text(notice, self.state)
        return self._told

    def _choose(self, cards: tuple[Card, ...]) -> None:
        """Choose ``cards`` to pass now, or once a state lets the seat choose them
        (a pass taken back is told before the state that gives the cards back)."""
        if self.state.passable:
            self.choice.set(self.state, cards)
        else:
            self._wanted_choice = cards

    # --- what the widgets draw ----------------------------------------------------

    @property
    def raised(self) -> frozenset[Card]:
        """The cards drawn raised: chosen, passed or just received."""
        return self.state.raised | frozenset(self.choice.cards)

    @property
    def seat(self) -> Seat:
        """The person's seat."""
        return self.state.seat

    @property
    def stage(self) -> Stage:
        """Where the table stands."""
        return self.state.stage

    @property
    def highlighted(self) -> Card | None:
        """The card under the highlight."""
        return self.highlight.card(self.state)

    def place(self, seat: Seat) -> Seat:
        """Where ``seat`` is drawn: the person's own seat at the bottom (South's place)."""
        return Seat((seat - self.state.seat) % 4)

    def label(self, seat: Seat) -> str:
        """How ``seat`` is named on the table."""
        return self.state.seats[seat].name

    def away(self, seat: Seat) -> bool:
        """True when a person holds ``seat`` but is not connected, or a computer
        player stands in for them."""
        return self.state.seats[seat].away

    def sheet(self, max_rows: int | None = None) -> list[str]:
        """The score sheet as lines, headed with the names."""
        people = sum(info.person for info in self.state.seats) > 1
        return rows_lines(list(self.state.sheet), self.state.scores, max_rows,
                          self.state.names if people else None)

    def trick_cards(self) -> dict[Seat, Card]:
        """The cards on the table (an earlier trick while it is shown again)."""
        if self.review is not None:
            return dict(self.review.plays())
        return dict(self.state.trick)

    def winning_seat(self) -> Seat | None:
        """Who took the trick on show (or shown again)."""
        if self.review is not None:
            return self.review.winner
        return self.state.winner

    def last_trick(self) -> Trick | None:
        """The trick that finished last."""
        view = self.state.view
        return view.tricks[-1] if view is not None and view.tricks else None

    def can(self, action: Action) -> bool:
        """Whether ``action`` may be used now (and this screen offers it)."""
        if action in self.granted:
            return True
        if action is Action.CLEAR:  # the screen's own: while the pass is chosen
            action = Action.PASS
        return self.state.can(action) and action not in self.withheld

    def prompt(self) -> str:
        """The status lines: a banner, a notice or an offer above the prompt, which
        always says whose turn it is (or the trick shown again)."""
        if self.review is not None:
            return self._review_text(self.review) + " - any key to go back"
        prompt = self.ending or words.prompt_text(self.state, self.now())
        above = self.banner or self.notice or self.offer
        return f"{above}\n{prompt}" if above else prompt

    def now(self) -> float | None:
        """The table's clock now, if a state said how it stands to this machine's."""
        return None if self.clock is None else time.time() + self.clock

    @property
    def counting(self) -> bool:
        """A countdown shows: a turn timer, or a seat the table waits for a while."""
        return self.state.timer is not None or any(
            info.until is not None for info in self.state.seats)

    def _review_text(self, trick: Trick) -> str:
        view = self.state.view
        number = view.tricks.index(trick) + 1 if view and trick in view.tricks else 0
        return f"Trick {number}: {self.label(trick.leader)} led, {self.label(trick.winner)} took it"
