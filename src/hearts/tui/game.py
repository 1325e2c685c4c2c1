"""The state of the table between the engine and the screen.

:class:`Game` knows which stage the table is in (between hands, passing,
received cards on show, playing, a finished trick on show), the user's pass
choice and highlight, and the message for the status line. It asks the engine
for every rule; it knows nothing of Textual, timers or threads.
"""

from __future__ import annotations

import random
from enum import Enum

from hearts.cards import Card, Seat
from hearts.hand import Hand, Play
from hearts.match import Match
from hearts.rules import IllegalMove, PassDirection, Rules
from hearts.view import Phase, Trick

__all__ = ["USER", "Game", "Stage"]

USER = Seat.SOUTH
"""The seat the user plays."""

_DIRECTION_WORDS = {
    PassDirection.LEFT: "left",
    PassDirection.RIGHT: "right",
    PassDirection.ACROSS: "across",
}


class Stage(Enum):
    """Where the table stands."""

    IDLE = "idle"
    """Before the first deal, between hands, or after the game is over."""
    PASSING = "passing"
    """Cards are being chosen to pass."""
    RECEIVED = "received"
    """The cards just received are held up out of the hand."""
    PLAYING = "playing"
    """Tricks are being played."""
    TRICK_SHOW = "trick"
    """A finished trick is left on show for a moment."""


def _names(seats: tuple[Seat, ...] | list[Seat]) -> str:
    names = [str(seat) for seat in seats]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


class Game:
    """A match of Hearts as seen from the user's chair."""

    def __init__(self, rules: Rules, seed: int) -> None:
        self.seed = seed
        """The seed every deal comes from."""
        self.rules = rules
        """The rules the next hand will be dealt with."""
        self.games = 0
        """How many games have been started."""
        self.match = Match(rules, random.Random(seed))
        """The match being played."""
        self.stage = Stage.IDLE
        """Where the table stands."""
        self.chosen: list[Card] = []
        """The cards the user has chosen to pass."""
        self.cursor = 0
        """The index of the highlighted card in the user's hand."""
        self.message: str | None = None
        """The latest message; it replaces the stage's prompt until the next move."""
        self.shown_trick: Trick | None = None
        """The finished trick on show, during ``TRICK_SHOW``."""
        self.moves = 0
        """Counts every change of the game; a delayed step checks it is still due."""
        self.deals = 0
        """Counts every deal; computer passes check it is still the same hand."""

    # --- what the screen shows ----------------------------------------------

    @property
    def hand(self) -> Hand | None:
        """The current hand, or None before the first deal."""
        return self.match.hand

    def user_cards(self) -> list[Card]:
        """The user's hand as drawn, sorted by suit and rank."""
        hand = self.hand
        return [] if hand is None else hand.holding(USER)

    def raised(self) -> set[Card]:
        """The cards drawn raised out of the hand."""
        hand = self.hand
        if self.stage is Stage.PASSING:
            return set(self.chosen)
        if self.stage is Stage.RECEIVED and hand is not None:
            return set(hand.received(USER))
        return set()

    def trick_cards(self) -> dict[Seat, Card]:
        """The cards on the table, by seat."""
        if self.shown_trick is not None:
            return dict(self.shown_trick.plays())
        hand = self.hand
        return {} if hand is None else dict(hand.trick)

    @property
    def highlighted(self) -> Card | None:
        """The card under the keyboard highlight."""
        cards = self.user_cards()
        return cards[self.cursor % len(cards)] if cards else None

    @property
    def user_passed(self) -> bool:
        """True once the user's cards have gone, while the others are still choosing."""
        hand = self.hand
        return hand is not None and hand.phase is Phase.PASSING and bool(hand.passed(USER))

    @property
    def computer_due(self) -> Seat | None:
        """The computer seat whose card is due now, if any."""
        hand = self.hand
        if self.stage is not Stage.PLAYING or hand is None:
            return None
        turn = hand.turn
        return turn if turn is not None and turn != USER else None

    @property
    def user_to_play(self) -> bool:
        """True when the table waits for the user's card."""
        hand = self.hand
        return (self.stage in (Stage.PLAYING, Stage.TRICK_SHOW) and hand is not None
                and hand.turn == USER)

    def can(self, action: str) -> bool:
        """Whether a button's action may be used now (the button is shown only then)."""
        between = self.stage is Stage.IDLE
        if action in ("deal", "options", "stats"):
            return between
        if action in ("pass", "clear"):
            return self.stage is Stage.PASSING and not self.user_passed
        if action == "continue":
            return self.stage is Stage.RECEIVED
        return action in ("help", "quit")

    def prompt(self) -> str:
        """The status line: the latest message, else the prompt for the stage."""
        if self.message:
            return self.message
        hand = self.hand
        if hand is None:
            return "Welcome to Hearts - press Deal (d) to begin"
        if self.stage is Stage.PASSING:
            where = _DIRECTION_WORDS.get(hand.pass_direction, "")
            if self.user_passed:
                return "Waiting for the others to pass"
            return (f"Choose 3 cards to pass {where} - the queen of spades may not be passed")
        if self.stage is Stage.RECEIVED:
            giver = hand.pass_direction.source(USER)
            return f"You receive these 3 cards from {giver} - any key to continue"
        if self.stage is Stage.IDLE:
            moon = ""
            if hand.shooter is not None:
                moon = ("You shot the moon! " if hand.shooter == USER
                        else f"{hand.shooter} shot the moon! ")
            if self.match.over:
                return moon + self._winner_text() + " - press Deal for a new game"
            return moon + "Hand complete - press Deal for the next one"
        number = len(hand.tricks) + 1
        if self.stage is Stage.TRICK_SHOW and self.shown_trick is not None:
            return f"{self.shown_trick.winner} takes trick {len(hand.tricks)}"
        turn = hand.turn
        if not hand.trick:
            return (f"Trick {number} - your lead" if turn == USER
                    else f"Trick {number} - {turn} to lead")
        led = hand.trick[0][1].suit
        if turn == USER:
            return f"Trick {number} - {led} led - your play"
        return f"Trick {number} - {led} led"

    def _winner_text(self) -> str:
        winners = self.match.winners
        low = self.match.scores[winners[0]]
        if len(winners) == 1:
            who = "You win" if winners[0] == USER else f"{winners[0]} wins"
            return f"Game over - {who} with {low} points"
        return f"Game over - {_names(winners)} share the win with {low} points"

    def result_lines(self) -> list[str]:
        """Lines for the middle of the table once a hand is over."""
        hand = self.hand
        if self.stage is not Stage.IDLE or hand is None or hand.phase is not Phase.OVER:
            return []
        lines = []
        if self.match.over:
            lines.append(self._winner_text())
            scores = self.match.scores
            lines.append("  ".join(f"{seat} {scores[seat]}" for seat in Seat))
        else:
            lines.append(f"Hand {len(self.match.hands)} complete")
            points = hand.points
            lines.append("  ".join(f"{seat} {points[seat]}" for seat in Seat))
        if hand.shooter is not None:
            lines.append("You shot the moon!" if hand.shooter == USER
                         else f"{hand.shooter} shot the moon!")
        return lines

    # --- what the user does -------------------------------------------------

    def move_cursor(self, step: int) -> None:
        """Move the highlight, wrapping round at either end."""
        cards = self.user_cards()
        if cards:
            self.cursor = (self.cursor + step) % len(cards)

    def deal(self) -> str | None:
        """Deal the next hand (a new game after game over); a reason if not now."""
        if self.stage is not Stage.IDLE:
            return "Finish this hand first"
        if self.match.over:
            self.start_new_match()
        self.match.deal(self.rules)
        self.stage = Stage.PASSING
        self.chosen = []
        self.cursor = 0
        self.message = None
        self.shown_trick = None
        self.moves += 1
        self.deals += 1
        return None

    def start_new_match(self) -> None:
        """Leave the match in progress: a new one waits for its first deal."""
        self.games += 1
        self.match = Match(self.rules, random.Random(f"{self.seed}/{self.games}"))
        self.stage = Stage.IDLE
        self.chosen = []
        self.cursor = 0
        self.message = None
        self.shown_trick = None
        self.moves += 1

    def choose(self, card: Card) -> str | None:
        """Raise ``card`` for passing, or lower it if raised; a reason if refused."""
        hand = self.hand
        if self.stage is not Stage.PASSING or hand is None or self.user_passed:
            return "Cards are not being passed now"
        if card in self.chosen:
            self.chosen.remove(card)
            self.message = None
            return None
        if len(self.chosen) >= 3:
            return "You have chosen 3 cards - press Pass, or choose one again to put it back"
        trial = [*self.chosen, card]
        # Ask the engine about the card alone: padding with cards already
        # chosen would only repeat them, so check it as part of any three.
        others = [c for c in hand.holding(USER) if c not in trial]
        reason = hand.pass_refusal(USER, trial + others[: 3 - len(trial)])
        if reason is not None:
            return reason
        self.chosen.append(card)
        self.message = None
        return None

    def clear(self) -> str | None:
        """Lower every chosen card."""
        if not self.can("clear"):
            return "Cards are not being passed now"
        self.chosen = []
        self.message = None
        return None

    def pass_user(self) -> str | None:
        """Pass the chosen cards; a reason if they cannot go."""
        hand = self.hand
        if not self.can("pass") or hand is None:
            return "Cards are not being passed now"
        if len(self.chosen) != 3:
            return f"Choose 3 cards to pass ({len(self.chosen)} chosen so far)"
        try:
            hand.pass_cards(USER, self.chosen)
        except IllegalMove as error:
            return str(error)
        self.chosen = []
        self.message = None
        self.moves += 1
        self._after_pass()
        return None

    def pass_computer(self, passes: dict[Seat, list[Card]], deal: int) -> None:
        """Hand over the computer players' passes chosen for deal number ``deal``."""
        hand = self.hand
        if hand is None or deal != self.deals or hand.phase is not Phase.PASSING:
            return
        for seat, cards in passes.items():
            if not hand.passed(seat):
                hand.pass_cards(seat, cards)
        self.moves += 1
        self._after_pass()

    def _after_pass(self) -> None:
        hand = self.hand
        if hand is not None and hand.phase is Phase.PLAYING:
            self.stage = Stage.RECEIVED
            self.cursor = 0

    def settle(self) -> bool:
        """Put the received cards into the hand and start play; False if none are up."""
        if self.stage is not Stage.RECEIVED:
            return False
        self.stage = Stage.PLAYING
        self.message = None
        self.moves += 1
        return True

    def play_user(self, card: Card) -> str | None:
        """Play ``card`` for the user; the engine's reason if it is refused."""
        hand = self.hand
        if hand is None or self.stage not in (Stage.PLAYING, Stage.TRICK_SHOW):
            return "Cards are not being played now"
        if hand.turn != USER:
            return "Wait for your turn"
        reason = hand.play_refusal(card)
        if reason is not None:
            return reason
        if self.stage is Stage.TRICK_SHOW:
            self.end_trick_show()
        self._play(USER, card)
        cards = self.user_cards()
        self.cursor = min(self.cursor, max(0, len(cards) - 1))
        return None

    def play_computer(self, seat: Seat, card: Card) -> Play:
        """Play a computer player's card (it must be that seat's turn)."""
        return self._play(seat, card)

    def _play(self, seat: Seat, card: Card) -> Play:
        hand = self.hand
        assert hand is not None
        play = hand.play(card, seat=seat)
        self.message = None
        self.moves += 1
        if play.trick is not None:
            self.shown_trick = play.trick
            self.stage = Stage.TRICK_SHOW
        return play

    def end_trick_show(self) -> None:
        """Clear the finished trick away; play on, or close the hand."""
        hand = self.hand
        if self.stage is not Stage.TRICK_SHOW or hand is None:
            return
        self.shown_trick = None
        self.moves += 1
        if hand.phase is Phase.OVER:
            self.stage = Stage.IDLE
            self.message = None
        else:
            self.stage = Stage.PLAYING
