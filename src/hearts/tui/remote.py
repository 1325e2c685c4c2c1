"""A seat at a network table, as the table page reads it: built from the
server's ``state`` messages (see :mod:`hearts.net.messages`)."""

from __future__ import annotations

from typing import Any

from hearts.cards import Card, Seat
from hearts.table import Stage, display_order
from hearts.tui.sheet import SheetRow, rows_lines
from hearts.view import PlayerView, Trick

__all__ = ["RemoteChair"]


def _seat(name: object) -> Seat | None:
    return None if name is None else Seat.parse(str(name))


class RemoteChair:
    """One person's seat at a network table: the latest state the server sent,
    and what only this screen has (the notice, a trick shown again)."""

    def __init__(self) -> None:
        self.seat = Seat.SOUTH
        """The person's seat (from the server)."""
        self.notice: str | None = "Connecting to the table..."
        """The latest notice, shown before the prompt for a while."""
        self.review: Trick | None = None
        """An earlier trick shown again, until any key."""
        self.state: dict[str, Any] = {}
        """The latest state message."""
        self._view: PlayerView | None = None

    def update(self, state: dict[str, Any]) -> None:
        """Take a new ``state`` message (raises ``ValueError`` if it cannot be read)."""
        view = state.get("view")
        self._view = None if view is None else PlayerView.from_json(view)
        self.seat = Seat.parse(str(state["seat"]))
        self.state = state

    @property
    def view(self) -> PlayerView | None:
        """The seat's view of the hand, or None before the first deal."""
        return self._view

    @property
    def stage(self) -> Stage:
        """Where the table stands."""
        return Stage(self.state.get("stage", "idle"))

    @property
    def scores(self) -> tuple[int, ...]:
        """The match totals."""
        return tuple(self.state.get("scores", (0, 0, 0, 0)))

    @property
    def match_over(self) -> bool:
        """True once the match is over."""
        return bool(self.state.get("match_over"))

    @property
    def hand_number(self) -> int:
        """How many hands were dealt in the match."""
        return int(self.state.get("hand_number", 0))

    @property
    def target(self) -> int:
        """The score that ends the match."""
        return int(self.state.get("target", 100))

    @property
    def level_label(self) -> str:
        """The computer players' level."""
        return str(self.state.get("level", ""))

    @property
    def assisted(self) -> bool:
        """Help is not marked at a shared table."""
        return False

    @property
    def chosen(self) -> list[Card]:
        """The cards chosen to pass."""
        return [Card.parse(c) for c in self.state.get("chosen", [])]

    @property
    def highlighted(self) -> Card | None:
        """The card under the highlight."""
        card = self.state.get("highlight")
        return None if card is None else Card.parse(card)

    def label(self, seat: Seat) -> str:
        """The seat's person's name, or the seat's own."""
        names = self.state.get("names")
        return str(names[seat]) if names else str(seat)

    def sheet(self, max_rows: int | None = None) -> list[str]:
        """The score sheet as lines."""
        rows = [SheetRow(tuple(r["points"]), bool(r["over"]), _seat(r["shooter"]),
                         _seat(r["queen"])) for r in self.state.get("sheet", [])]
        names = self.state.get("names")
        return rows_lines(rows, self.scores, max_rows,
                          [str(name) for name in names] if names else None)

    def user_cards(self) -> list[Card]:
        """The person's hand as drawn."""
        return [] if self._view is None else sorted(self._view.hand, key=display_order)

    def raised(self) -> set[Card]:
        """The cards drawn raised out of the hand."""
        return {Card.parse(c) for c in self.state.get("raised", [])}

    def legal(self) -> set[Card]:
        """The cards that may be played now."""
        if self._view is None or not self.state.get("to_play"):
            return set()
        return set(self._view.legal)

    def trick_cards(self) -> dict[Seat, Card]:
        """The cards on the table (an earlier trick while it is shown again)."""
        if self.review is not None:
            return dict(self.review.plays())
        return {Seat.parse(s): Card.parse(c) for s, c in self.state.get("trick", {}).items()}

    def winning_seat(self) -> Seat | None:
        """Who took the finished trick on show."""
        if self.review is not None:
            return self.review.winner
        return _seat(self.state.get("winner"))

    def result_lines(self) -> list[str]:
        """The summary lines once a hand is over."""
        return [str(line) for line in self.state.get("result", [])]

    def can(self, action: str) -> bool:
        """Whether a button's action may be used now."""
        if action in ("help", "quit", "abandon"):
            return True
        return bool(self.state.get("can", {}).get(action, False))

    def last_trick(self) -> Trick | None:
        """The trick that finished last."""
        view = self._view
        return view.tricks[-1] if view is not None and view.tricks else None

    def prompt(self) -> str:
        """The notice (for a while) above the table's prompt for this seat."""
        if self.review is not None:
            return (f"Trick: {self.label(self.review.leader)} led, "
                    f"{self.label(self.review.winner)} took it - any key to go back")
        prompt = str(self.state.get("prompt", ""))
        return f"{self.notice}\n{prompt}" if self.notice else prompt

    def nothing_to_play(self) -> str:
        """Why there is no card to play or pass."""
        if self._view is None:
            return "There is no hand yet - press Deal (d)"
        if self.match_over:
            return "The game is over - press Deal (d) for a new game"
        return "The hand is over - press Deal (d) for the next one"
