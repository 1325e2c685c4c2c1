"""The state of the table between the engine and the screen.

:class:`Game` knows which stage the table is in (between hands, passing,
received cards on show, playing, a finished trick on show), the user's pass
choice and highlight, the last trick when it is shown again, and the message
for the status line. It asks the engine for every rule; it knows nothing of
Textual, timers or threads. Undo rebuilds the hand from its record without the
cards taken back, so the engine stays free of mutation.
"""

from __future__ import annotations

import random
from enum import Enum

from hearts.cards import Card, Seat, Suit
from hearts.hand import Hand, Play
from hearts.match import Match
from hearts.rules import IllegalMove, PassDirection, Rules
from hearts.view import Phase, Trick

__all__ = ["SUIT_ORDER", "USER", "Game", "Stage", "display_order"]

USER = Seat.SOUTH
"""The seat the user plays."""

SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.CLUBS, Suit.DIAMONDS)
"""The order of the suits in the user's hand, so the two red suits never touch."""


def display_order(card: Card) -> tuple[int, int]:
    """Sort key of a card in the user's hand: by :data:`SUIT_ORDER`, low to high."""
    return SUIT_ORDER.index(card.suit), card.rank


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
        """How many matches have been started after the first."""
        self.match = Match(rules, random.Random(seed))
        """The match being played."""
        self.assisted = False
        """True once the user has used a hint or undo in this match."""
        self.stage = Stage.IDLE
        """Where the table stands."""
        self.chosen: list[Card] = []
        """The cards the user has chosen to pass."""
        self.cursor = 0
        """The index of the highlighted card in the user's hand."""
        self.message: str | None = None
        """The latest message; it replaces the stage's prompt for a while."""
        self.shown_trick: Trick | None = None
        """The finished trick on show, during ``TRICK_SHOW``."""
        self.review: Trick | None = None
        """An earlier trick shown again (the last-trick key) until any key."""
        self.level_label = ""
        """The computer players' level by name, for the table."""
        self.moves = 0
        """Counts every change of the game; a delayed step checks it is still due."""
        self.deals = 0
        """Counts every deal; computer passes check it is still the same hand."""

    # --- what the screen shows ----------------------------------------------

    @property
    def hand(self) -> Hand | None:
        """The current hand, or None before the first deal."""
        return self.match.hand

    @property
    def in_progress(self) -> bool:
        """True when a match has begun and is not over (quitting would lose it)."""
        return bool(self.match.hands) and not self.match.over

    def user_cards(self) -> list[Card]:
        """The user's hand as drawn: spades, hearts, clubs, diamonds, low to high."""
        hand = self.hand
        return [] if hand is None else sorted(hand.holding(USER), key=display_order)

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
        shown = self.review or self.shown_trick
        if shown is not None:
            return dict(shown.plays())
        hand = self.hand
        return {} if hand is None else dict(hand.trick)

    def winning_seat(self) -> Seat | None:
        """The seat whose card took the trick on show, if a finished one is shown."""
        shown = self.review or self.shown_trick
        return None if shown is None else shown.winner

    @property
    def highlighted(self) -> Card | None:
        """The card under the keyboard highlight."""
        cards = self.user_cards()
        return cards[self.cursor % len(cards)] if cards else None

    def nothing_to_play(self) -> str:
        """Why there is no card to play or pass, and what to press instead."""
        if self.hand is None:
            return "There is no hand yet - press Deal (d)"
        if self.match.over:
            return "The game is over - press Deal (d) for a new game"
        return "The hand is over - press Deal (d) for the next one"

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

    @property
    def hint_due(self) -> bool:
        """True when the user has a decision a hint can help with."""
        return (self.stage is Stage.PASSING and not self.user_passed) or self.user_to_play

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
        return all(taken & card.bit for card in _scoring_cards(hand.rules))

    def last_trick(self) -> Trick | None:
        """The trick the last-trick key shows: the latest finished one that is not
        already on the table."""
        hand = self.hand
        if hand is None:
            return None
        tricks = hand.tricks
        if self.stage is Stage.TRICK_SHOW:
            tricks = tricks[:-1]
        return tricks[-1] if tricks else None

    def can(self, action: str) -> bool:
        """Whether a button's action may be used now (the button is shown only then)."""
        between = self.stage is Stage.IDLE
        if action in ("deal", "options", "stats"):
            return between
        if action in ("pass", "clear"):
            return self.stage is Stage.PASSING and not self.user_passed
        if action == "continue":
            return self.stage is Stage.RECEIVED
        if action == "hint":
            return self.hint_due
        if action == "undo":
            return self.undo_refusal() is None
        if action == "last":
            # Between hands its button gives way (eight would not fit 24 rows);
            # the key still shows the hand's last trick.
            return not between and self.last_trick() is not None
        if action == "scores":
            return bool(self.match.hands)
        if action == "abandon":
            return self.in_progress
        return action in ("help", "quit")

    def prompt(self) -> str:
        """The status line: the latest message, else the prompt for the stage."""
        if self.review is not None:
            return self._review_text(self.review) + " - any key to go back"
        hand = self.hand
        if self.stage is Stage.TRICK_SHOW and self.shown_trick is not None and hand:
            # who took the trick stays on show whatever else is said
            taken = f"{self.shown_trick.winner} takes trick {len(hand.tricks)}"
            return f"{taken} - {self.message}" if self.message else taken
        if self.message:
            return self.message
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
        turn = hand.turn
        if not hand.trick:
            return (f"Trick {number} - your lead" if turn == USER
                    else f"Trick {number} - {turn} to lead")
        led = hand.trick[0][1].suit
        if turn == USER:
            return f"Trick {number} - {led} led - your play"
        return f"Trick {number} - {led} led"

    def _review_text(self, trick: Trick) -> str:
        hand = self.hand
        number = hand.tricks.index(trick) + 1 if hand and trick in hand.tricks else 0
        return f"Trick {number}: {trick.leader} led, {trick.winner} took it"

    def _winner_text(self) -> str:
        winners = self.match.winners
        low = self.match.scores[winners[0]]
        if len(winners) == 1:
            who = "You win" if winners[0] == USER else f"{winners[0]} wins"
            return f"Game over - {who} with {low} points"
        return f"Game over - {_names(winners)} share the win with {low} points"

    def result_lines(self) -> list[str]:
        """Lines for the middle of the table once a hand is over: the winner or the
        hand's number, the seed it was dealt from, and a moon if one was shot."""
        hand = self.hand
        if self.stage is not Stage.IDLE or hand is None or hand.phase is not Phase.OVER:
            return []
        number = len(self.match.hands)
        lines = [self._winner_text() if self.match.over else f"Hand {number} complete"]
        dealt = f"Hand {number}" if self.match.over else "Dealt"
        if hand.seed is not None:
            lines.append(f"{dealt} from seed {hand.seed}")
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

    def point_at(self, card: Card) -> None:
        """Move the highlight to ``card`` if the user holds it."""
        cards = self.user_cards()
        if card in cards:
            self.cursor = cards.index(card)

    def _aim(self) -> None:
        """On the user's turn, move the highlight to the nearest legal card if it
        is not on one already."""
        hand = self.hand
        if hand is None or hand.turn != USER:
            return
        legal = set(hand.legal_plays())
        cards = self.user_cards()
        if not cards or not legal or self.highlighted in legal:
            return
        here = self.cursor % len(cards)
        nearest = min((i for i, card in enumerate(cards) if card in legal),
                      key=lambda i: (abs(i - here), i))
        self.cursor = nearest

    def set_rules(self, rules: Rules) -> None:
        """Rules for the next deal (saved options); a lower target may end the
        match at once."""
        self.rules = rules
        if not self.match.over and self.stage is Stage.IDLE:
            self.match.rules = rules
        self.moves += 1

    def new_match(self) -> None:
        """Leave the match (abandoned or over) and set up a fresh one, nothing dealt."""
        self.games += 1
        self.match = Match(self.rules, random.Random(f"{self.seed}/{self.games}"))
        self.assisted = False
        self._clear_table(Stage.IDLE)

    def deal(self) -> str | None:
        """Deal the next hand (a new game after game over); a reason if not now."""
        if self.stage is not Stage.IDLE:
            return "Finish this hand first"
        if self.match.over:
            self.new_match()
        self.match.deal(self.rules)
        self._clear_table(Stage.PASSING)
        self.deals += 1
        return None

    def _clear_table(self, stage: Stage) -> None:
        """Nothing chosen, shown or said: the table as a new hand (or match) finds it."""
        self.stage = stage
        self.chosen = []
        self.cursor = 0
        self.message = None
        self.shown_trick = None
        self.review = None
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
        self._aim()
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
        self._aim()
        return None

    def play_computer(self, seat: Seat, card: Card) -> Play:
        """Play a computer player's card (it must be that seat's turn)."""
        play = self._play(seat, card)
        self._aim()
        return play

    def play_out(self, cards: list[Card]) -> None:
        """Play the rest of the hand at once, ``cards`` in order (a claim)."""
        hand = self.hand
        assert hand is not None
        for card in cards:
            hand.play(card)
        self.message = None
        self.shown_trick = None
        self.moves += 1
        if hand.phase is Phase.OVER:
            self.stage = Stage.IDLE

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
            self._aim()

    # --- the aids: the last trick, a hint, undo ------------------------------

    def show_last_trick(self) -> str | None:
        """Show the previous trick again until :meth:`close_review`; a reason if none."""
        trick = self.last_trick()
        if trick is None:
            return "No trick has been played yet"
        self.review = trick
        return None

    def close_review(self) -> bool:
        """Put away the trick shown again; False if none was on show."""
        if self.review is None:
            return False
        self.review = None
        return True

    def apply_hint(self, cards: tuple[Card, ...], moves: int) -> str | None:
        """Show the advice asked for at move ``moves``: raise the three cards to pass,
        or move the highlight to the card to play. The text for the status line, or
        None when the table has moved on since."""
        if moves != self.moves or not cards:
            return None
        self.assisted = True
        if self.stage is Stage.PASSING:
            self.chosen = list(cards)
            self.point_at(cards[0])
            return "Hint: pass " + _card_names(cards)
        if not self.user_to_play:
            return None
        self.point_at(cards[0])
        return "Hint: " + _card_names(cards)

    def undo_refusal(self) -> str | None:
        """Why :meth:`undo` cannot act now, or None if it can."""
        hand = self.hand
        if hand is None:
            return "There is nothing to undo yet"
        if self.stage is Stage.PASSING:
            return None if self.user_passed else "Nothing to undo - choose cards, or Clear"
        if self.stage in (Stage.IDLE, Stage.RECEIVED) or hand.phase is Phase.OVER:
            return ("The hand is over - nothing to undo" if hand.phase is Phase.OVER
                    else "The cards have been exchanged - the pass cannot be undone")
        if _last_play_of(hand, USER) is None:
            return "You have not played a card in this hand yet"
        return None

    def undo(self) -> str | None:
        """Take back the user's pass (until the exchange) or their last card and
        every card played after it; a reason if there is nothing to take back."""
        reason = self.undo_refusal()
        if reason is not None:
            return reason
        hand = self.hand
        assert hand is not None
        record = hand.record()
        if self.stage is Stage.PASSING:
            passed = list(hand.passed(USER))
            south = USER.name.lower()
            record["passes"] = [p for p in record["passes"] if p["seat"] != south]
            self._replace(Hand.from_record(record))
            self.chosen = passed
            self.assisted = True
            return None
        index = _last_play_of(hand, USER)
        assert index is not None
        card = hand.plays[index]
        record["plays"] = record["plays"][:index]
        self._replace(Hand.from_record(record))
        self.stage = Stage.PLAYING
        self.shown_trick = None
        self.point_at(card)
        self.assisted = True
        return None

    def _replace(self, hand: Hand) -> None:
        """Put a rebuilt hand in place of the current one."""
        old = self.hand
        assert old is not None
        hand.players = old.players
        self.match.hands[-1] = hand
        self.review = None
        self.message = None
        self.moves += 1


def _scoring_cards(rules: Rules) -> list[Card]:
    """Every card that changes a score when taken under ``rules``."""
    return [card for card in Card.all() if rules.card_points(card)]


def _card_names(cards: tuple[Card, ...]) -> str:
    names = [f"the {card.long_name}" for card in cards]
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _last_play_of(hand: Hand, seat: Seat) -> int | None:
    """The index in ``hand.plays`` of ``seat``'s latest card, if it has played one."""
    seats = [s for trick in hand.tricks for s, _ in trick.plays()]
    seats += [s for s, _ in hand.trick]
    for index in range(len(seats) - 1, -1, -1):
        if seats[index] == seat:
            return index
    return None
