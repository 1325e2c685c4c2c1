"""What the single-player app and ``hearts join`` share: a notice on the status
line for a while, and a yes-or-no question over the page."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.timer import Timer

from hearts.cards import Card
from hearts.rules import Reason, Refusal
from hearts.table import Notice, Stage
from hearts.table import events as ev
from hearts.table.events import Event
from hearts.tui import words
from hearts.tui.confirm import ConfirmScreen
from hearts.tui.seatview import SeatView
from hearts.words import words as catalogue_words

if TYPE_CHECKING:
    from hearts.hand import HandRecord
    from hearts.review.verdict import Decision

__all__ = ["MESSAGE_SECONDS", "SeatApp"]

MESSAGE_SECONDS = 4.0
"""How long a notice stays on the status line beside the prompt."""


class SeatApp(App[None]):
    """An app showing one person's seat at a table (set ``seat_view`` and
    ``message_seconds``)."""

    CSS_PATH = "hearts.tcss"
    TITLE = "Hearts"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit_game", "Quit", show=False, priority=True),
        Binding("ctrl+c", "quit_game", "Quit", show=False, priority=True),
    ]

    seat_view: SeatView
    """The seat as the table page shows it."""
    ascii_only: bool = False
    """Draw in plain ASCII."""
    message_seconds: float = MESSAGE_SECONDS
    """How long a notice stays beside the prompt."""
    _notice_timer: Timer | None = None

    TERMINAL_CHECK_SECONDS = 1.0
    """How often the app looks whether its terminal is still there."""

    _terminal: int | None = None
    """The terminal the game reads keys from (None: not a terminal, as in tests)."""

    def on_mount(self) -> None:
        """Watch the terminal: when it is closed under the game (a terminal window
        shut while ``make play`` runs it, which keeps the game from being told),
        the game ends, having saved every card, instead of running on unseen."""
        stdin = sys.__stdin__
        if stdin is not None and os.isatty(stdin.fileno()):
            self._terminal = stdin.fileno()
            self.set_interval(self.TERMINAL_CHECK_SECONDS, self._check_terminal)

    def _check_terminal(self) -> None:
        if self._terminal is not None and not os.isatty(self._terminal):
            self.exit()

    # What the table page and the score sheet ask of the app: each app says how.
    # (They know the app by this class alone, so no page imports an app.)

    def refresh_table(self) -> None:
        """Redraw the table page."""
        raise NotImplementedError

    def quit_game(self) -> None:
        """Leave (each app says how)."""
        raise NotImplementedError

    def send(self, event: Event) -> None:
        """A key or button of the table page, as an event of the table."""
        raise NotImplementedError

    def resume(self) -> None:
        """Back on the table page from another page."""
        raise NotImplementedError

    def chosen_changed(self) -> None:
        """The cards chosen to pass changed (an app that saves them does so)."""

    # The person's hand at work: choosing is the screen's own, passing and playing
    # go to the table.

    def use(self, card: Card) -> None:
        """Space or a click on ``card``: choose it to pass (or put it back), or play it."""
        view = self.seat_view
        if view.stage is Stage.PASSING:
            self._said(view.choice.toggle(view.state, card))
            self.chosen_changed()
            self.refresh_table()
        else:
            self.send(ev.Play(view.seat, card))

    def pass_chosen(self) -> None:
        """Pass the three cards chosen."""
        view = self.seat_view
        if view.stage is not Stage.PASSING or not view.state.passable:
            self._said(Notice.refused(Refusal(Reason.NOT_PASSING)))
            return
        refusal = view.choice.refusal()
        if refusal is not None:
            self._said(refusal)
            return
        self.send(ev.Pass(view.seat, tuple(view.choice.cards)))

    def clear_chosen(self) -> None:
        """Put back every card chosen to pass."""
        view = self.seat_view
        if view.stage is not Stage.PASSING or not view.state.passable:
            self._said(Notice.refused(Refusal(Reason.NOT_PASSING)))
            return
        view.choice.clear()
        self.chosen_changed()
        self.refresh_table()

    def _said(self, notice: Notice | None) -> None:
        if notice is not None:
            self.say(words.notice_text(notice, self.seat_view.state))

    def show_last_trick(self) -> None:
        """Show the trick that finished last again."""
        raise NotImplementedError

    def close_review(self) -> None:
        """Put the trick shown again away."""
        raise NotImplementedError

    def open_scores(self) -> None:
        """Show the score sheet."""
        raise NotImplementedError

    def open_help(self) -> None:
        """Show the help page."""
        raise NotImplementedError

    def open_stats(self) -> None:
        """Show the statistics."""
        raise NotImplementedError

    def open_options(self) -> None:
        """Show the options page."""
        raise NotImplementedError

    def open_review(self) -> None:
        """Review the hand just finished."""
        raise NotImplementedError

    def abandon(self) -> None:
        """Give the match (or the seat) up, asking first."""
        raise NotImplementedError

    def nothing_to_play(self) -> str:
        """Why there is no card to play or pass now, and what to press instead."""
        return words.nothing_to_play(self.seat_view.state)

    @property
    def reacts(self) -> bool:
        """Quick reactions are offered (a network table's seat)."""
        return False

    def open_reactions(self) -> None:
        """Choose a quick reaction to send, or mute them (a network table's)."""
        self.say(str(catalogue_words("reactions.alone")))

    def open_happened(self) -> None:
        """What happened at the table, in words (a network table's; here the trick
        and the last trick show it)."""
        self.say(str(catalogue_words("happened.alone")))

    def open_daily(self) -> None:
        """Play today's deal (an app that can says how; elsewhere it is said where)."""
        self.say(str(catalogue_words("daily.elsewhere")))

    def action_quit_game(self) -> None:
        """``ctrl+q`` and ``ctrl+c`` quit like ``x``."""
        self.quit_game()

    def say(self, message: str | None) -> None:
        """Show ``message`` beside the prompt for a while (None changes nothing)."""
        if message:
            self.seat_view.notice = message
            if self._notice_timer is not None:
                self._notice_timer.stop()
            self._notice_timer = self.set_timer(self.message_seconds,
                                                partial(self._unsay, message))
        self.refresh_table()

    def _unsay(self, message: str) -> None:
        if self.seat_view.notice is message:
            self.seat_view.notice = None
            self.refresh_table()

    def show_review(self, record: HandRecord, store: Path | None, depth: int) -> None:
        """Replay the hand of ``record`` (once it is over) with the Expert's verdict on
        every decision, this seat at the bottom; the verdicts arrive as they are
        judged, and are kept in ``store`` (if any)."""
        from hearts.review.document import decision_count, review_document
        from hearts.store.reviews import open_for_reviews
        from hearts.tui.review_page import ReviewScreen

        if any(isinstance(screen, ReviewScreen) for screen in self.screen_stack):
            return
        try:
            decision_count(record)
        except ValueError as error:  # a record that cannot be read: said, never fatal
            self.say(str(error))
            return

        def reviewer(progress: Callable[[Decision], None]) -> object:
            db = None if store is None else open_for_reviews(str(store))
            try:
                return review_document(record, db, 0, depth, 1, progress)
            finally:
                if db is not None:
                    db.close()

        self.push_screen(ReviewScreen(record, reviewer, self.ascii_only, self.seat_view.seat))

    def _confirm(self, question: str, yes: str, then: Callable[[], None]) -> None:
        """Ask ``question``; run ``then`` if the answer is ``yes``."""
        if any(isinstance(screen, ConfirmScreen) for screen in self.screen_stack):
            return

        def answered(result: object) -> None:
            if result is True:
                then()

        self.push_screen(ConfirmScreen(question, yes), answered)
