"""The match as one person sees it from their chair: what the table page draws.

:class:`Chair` reads the :class:`~hearts.table.Table` for one seat and adds
what only the screen has: the notice on the status line and an earlier trick
shown again. It decides nothing; the table does.
"""

from __future__ import annotations

from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.match import Match
from hearts.rules import Rules
from hearts.table import Stage, Table
from hearts.tui.sheet import sheet_lines
from hearts.view import PlayerView, Trick

__all__ = ["USER", "Chair"]

USER = Seat.SOUTH
"""The seat the person at this terminal plays."""


class Chair:
    """One person's side of the table, as the table page shows it."""

    def __init__(self, table: Table, seat: Seat = USER) -> None:
        self.table = table
        """The table read from."""
        self.seat = seat
        """The person's seat."""
        self.notice: str | None = None
        """The latest notice, shown before the prompt for a while."""
        self.review: Trick | None = None
        """An earlier trick shown again (the last-trick key), until any key."""

    # --- the match ----------------------------------------------------------

    @property
    def hand(self) -> Hand | None:
        """The current hand, or None before the first deal."""
        return self.table.hand

    @property
    def match(self) -> Match:
        """The match being played."""
        return self.table.match

    @property
    def view(self) -> PlayerView | None:
        """The person's view of the hand on the table, or None before the first deal."""
        hand = self.hand
        return None if hand is None else hand.view(self.seat)

    @property
    def scores(self) -> tuple[int, ...]:
        """The match totals, in seat order."""
        return self.table.match.scores

    @property
    def match_over(self) -> bool:
        """True once the match is over."""
        return self.table.match.over

    @property
    def hand_number(self) -> int:
        """How many hands were dealt in the match."""
        return len(self.table.match.hands)

    @property
    def target(self) -> int:
        """The score that ends the match now."""
        return self.table.target

    def label(self, seat: Seat) -> str:
        """How ``seat`` is named on the table."""
        return self.table.name(seat)

    def sheet(self, max_rows: int | None = None) -> list[str]:
        """The score sheet as lines."""
        return sheet_lines(self.table.match, max_rows)

    @property
    def stage(self) -> Stage:
        """Where the table stands."""
        return self.table.stage

    @property
    def rules(self) -> Rules:
        """The rules of the next hand."""
        return self.table.rules

    @property
    def assisted(self) -> bool:
        """True once a hint or an undo was used in this match."""
        return self.table.assisted

    @property
    def in_progress(self) -> bool:
        """True when a match has begun and is not over."""
        return self.table.in_progress

    @property
    def level_label(self) -> str:
        """The computer players' level by name (of the hand on the table)."""
        hand = self.hand
        if hand is not None and hand.players is not None:
            names = {p.player for s, p in zip(Seat, hand.players, strict=True)
                     if s != self.seat and p.seed is not None}
            if len(names) == 1:
                return names.pop().capitalize()
        return self.table.level.label

    # --- the person's hand --------------------------------------------------

    @property
    def chosen(self) -> list[Card]:
        """The cards chosen to pass."""
        return self.table.desks[self.seat].chosen

    @property
    def cursor(self) -> int:
        """The index of the highlighted card."""
        return self.table.desks[self.seat].cursor

    def user_cards(self) -> list[Card]:
        """The person's hand as drawn."""
        return self.table.cards(self.seat)

    @property
    def highlighted(self) -> Card | None:
        """The card under the highlight."""
        return self.table.highlighted(self.seat)

    def raised(self) -> set[Card]:
        """The cards drawn raised out of the hand."""
        return self.table.raised(self.seat)

    def legal(self) -> set[Card]:
        """The cards that may be played now (empty unless it is the person's turn)."""
        return self.table.legal(self.seat)

    @property
    def user_to_play(self) -> bool:
        """True when the table waits for the person's card."""
        return self.table.to_play(self.seat)

    @property
    def user_passed(self) -> bool:
        """True once the person's cards have gone, while the others choose."""
        return self.table.passed(self.seat)

    @property
    def computer_due(self) -> Seat | None:
        """The computer seat whose card is due, if any."""
        return self.table.computer_due

    @property
    def points_settled(self) -> bool:
        """True when no card left to take carries points."""
        return self.table.points_settled

    # --- the middle of the table --------------------------------------------

    def trick_cards(self) -> dict[Seat, Card]:
        """The cards on the table (an earlier trick while it is shown again)."""
        if self.review is not None:
            return dict(self.review.plays())
        return self.table.trick_cards()

    def winning_seat(self) -> Seat | None:
        """Who took the finished trick on show, if one is."""
        shown = self.review or self.table.shown_trick
        return None if shown is None else shown.winner

    def result_lines(self) -> list[str]:
        """The summary lines once a hand is over."""
        return self.table.result_lines(self.seat)

    def can(self, action: str) -> bool:
        """Whether a button's action may be used now."""
        return self.table.can(action, self.seat)

    def prompt(self) -> str:
        """The status lines: the notice (for a while) above the prompt for the
        stage, which always says whose turn it is."""
        if self.review is not None:
            return self.review_text(self.review) + " - any key to go back"
        prompt = self.table.prompt(self.seat)
        return f"{self.notice}\n{prompt}" if self.notice else prompt

    def review_text(self, trick: Trick) -> str:
        """What the status line says about a trick shown again."""
        hand = self.hand
        number = hand.tricks.index(trick) + 1 if hand and trick in hand.tricks else 0
        return f"Trick {number}: {self.table.name(trick.leader)} led, " \
               f"{self.table.name(trick.winner)} took it"

    def nothing_to_play(self) -> str:
        """Why there is no card to play or pass, and what to press instead."""
        return self.table.nothing_to_play()
