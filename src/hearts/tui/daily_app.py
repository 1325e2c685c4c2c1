"""Today's deal in the terminal: one hand, you South against three Experts, and at
its end your points beside the par, the review of your decisions a key away.

The app is the game's (:class:`~hearts.tui.app.HeartsApp`) playing a
:class:`~hearts.daily.DailyMatch`: the same table, keys and pages. It keeps the
deal in the store's ``dailies`` table, not with the matches, after every card,
so a deal left half played carries on at the next ``hearts daily``; the first
play of a day's deal is the one kept, and coming back to a finished one shows
its end again. The par is worked out in a thread as the deal begins and shown
only once the hand is over.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Callable
from datetime import date
from typing import Any

from textual.worker import Worker, WorkerState

from hearts.ai import Level
from hearts.cards import Seat
from hearts.daily import DailyDeal, DailyMatch, SetDeal, daily_rules, today
from hearts.hand import Hand, HandRecordError
from hearts.store import Store
from hearts.store.dailies import DAYS, Shelf, daily_row, save_daily, set_par
from hearts.table import Action, Save, seat_state
from hearts.table import events as ev
from hearts.table.choosing import saved_choice
from hearts.table.snapshot import restore
from hearts.tui.app import USER, HeartsApp
from hearts.view import Phase
from hearts.words import fill, words
from hearts.words.daily import ending_line

__all__ = ["DailyApp", "daily_of", "play_daily"]


class DailyApp(HeartsApp):
    """Today's deal (``hearts daily``, or ``y`` in the game), or a deal of a
    challenge between friends (``hearts challenge play``)."""

    def __init__(self, daily: SetDeal, par_of: Callable[[SetDeal], int] = SetDeal.par,
                 shelf: Shelf = DAYS, key: tuple[str, str] | None = None,
                 opening: str | None = None, then: str | None = None, **kwargs: Any) -> None:
        self.daily = daily
        """The deal played (today's, or a challenge's)."""
        if key is None:
            assert isinstance(daily, DailyDeal), "a challenge's deal names its key"
            key = (daily.day.isoformat(), daily.words)
        self.shelf, self.key = shelf, key
        """Where the deal is kept in the store, and its row's key there."""
        self.opening = opening or (fill(words("daily.start"), day=key[0], rules=daily.words))
        """The line the deal starts with (what it is, the rules)."""
        self.then = then
        """What ``d`` does once the hand is over (a challenge: its next deal), in words;
        None: there is nothing more."""
        self.wants_next = False
        """True when the person asked for the next deal (``d`` with :attr:`then`)."""
        self.par: int | None = None
        """The par, once worked out (or read from the store)."""
        self.par_of = par_of
        """Works the par out (the tests may give a quicker one)."""
        self._par_worker: Worker[int] | None = None
        kwargs["level"] = Level.EXPERT
        kwargs["new_match"] = False
        kwargs["first_start_notice"] = False
        super().__init__(**kwargs)
        self.seat_view.withheld = frozenset({Action.DEAL, Action.ABANDON, Action.OPTIONS})

    # --- set up -------------------------------------------------------------------

    def _open_store(self, data_dir: str | os.PathLike[str] | None) -> Store:
        # the saved match stays another window's (or the game's, when it comes back)
        return Store.open(data_dir, claim=False)

    def _resume_or_begin(self, new_match: bool, options_notice: str | None,
                         first_start_notice: bool) -> None:
        daily = self.daily
        match = DailyMatch(daily)
        self.table.match = match
        notices = [options_notice, *self.store.notices, self.opening]
        db = self.store.connection
        row = None
        if db is not None:
            try:
                row = daily_row(db, *self.key, shelf=self.shelf)
            except sqlite3.Error as error:
                notices.append(fill(words("daily.not-saved"), error=str(error)))
        if row is not None:
            try:
                hand = Hand.from_record(row.record)
            except HandRecordError as error:
                notices.append(f"Today's deal as kept cannot be read ({error})")
            else:
                match.hands = [hand]
                restore(self.table, match, row.tables, row.assisted)
                self.par = row.par
                self.resumed = True
        self.seat_view.show(seat_state(self.table, USER))
        if self.resumed and row is not None:
            self.seat_view.choice.set(self.seat_view.state, saved_choice(row.tables, USER))
        self.seat_view.notice = " - ".join(n for n in notices if n) or None

    def on_mount(self) -> None:
        """Open the table, deal today's hand if it was not dealt here before, and
        work out the par (Textual calls the game's own ``on_mount`` too, first)."""
        self.call_later(self._begin)
        if self.par is None:
            self._par_worker = self.run_worker(lambda: self.par_of(self.daily), thread=True,
                                               group="par", exit_on_error=self.strict_failures)

    def on_unmount(self) -> None:
        """Stop working out the par (it is worked out again next time if need be);
        the game's own ``on_unmount`` closes the store."""
        self.workers.cancel_group(self, "par")

    def _begin(self) -> None:
        if self.table.hand is None:
            self.send(ev.Deal(USER))
        self._show_ending()

    # --- the par --------------------------------------------------------------------

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """The par is worked out: keep it, and show it if the hand is over (the
        game's own handler, which Textual calls too, looks after the decisions)."""
        if event.worker is not self._par_worker:
            return
        if event.state is WorkerState.SUCCESS and isinstance(event.worker.result, int):
            self.par = event.worker.result
            db = self.store.connection
            if db is not None and self.store.saving:
                try:
                    set_par(db, *self.key, self.par, shelf=self.shelf)
                except sqlite3.Error as error:
                    self.say(fill(words("daily.not-saved"), error=str(error)))
            self._show_ending()
        elif event.state is WorkerState.ERROR:
            self.say(f"The par could not be worked out: {event.worker.error}")

    def _show_ending(self) -> None:
        """Once the hand is over: the points beside the par, and the keys left."""
        hand = self.table.hand
        if hand is None or hand.phase is not Phase.OVER:
            return
        self.seat_view.notice = None  # the result stands above the keys at once
        self.seat_view.offer = ending_line(hand.points[Seat.SOUTH], self.par,
                                           USER in hand.assisted)
        keys = str(words("daily.keys"))
        self.seat_view.ending = keys if self.then is None else f"{self.then} - {keys}"
        self.refresh_table()

    # --- keeping the deal ------------------------------------------------------------

    def save(self, save: Save) -> None:
        """Keep the deal as it stands (in ``dailies``, not with the matches)."""
        hand = save.match.hand
        db = self.store.connection
        if hand is None or db is None or not self.store.saving:
            return
        over = hand.phase is Phase.OVER
        try:
            save_daily(db, *self.key, self.daily.seed, hand.to_json(),
                       self._with_choice(save.state), hand.points[Seat.SOUTH] if over else None,
                       save.assisted or USER in hand.assisted, shelf=self.shelf)
            if over and self.par is not None:
                set_par(db, *self.key, self.par, shelf=self.shelf)
        except sqlite3.Error as error:
            self.say(fill(words("daily.not-saved"), error=str(error)))
        if over:
            self._show_ending()

    def chosen_changed(self) -> None:
        """Keep the cards chosen to pass with the deal."""
        if self.table.hand is not None:
            self.save(Save(self.table.match, self.table.state(), self.table.assisted))

    def redraw(self) -> None:
        """The table changed: draw it (the offer of the end stays)."""
        offer = self.seat_view.offer
        super().redraw()
        self.seat_view.offer = offer
        self.refresh_table()

    @property
    def match_saved(self) -> bool:
        """True when leaving now loses nothing: the deal is kept after every card."""
        return self.table.hand is None or self.store.saving

    # --- what today's deal does not have ------------------------------------------

    def send(self, event: ev.Event) -> None:
        """Hand ``event`` to the table; there is no next deal to deal."""
        if isinstance(event, ev.Deal) and self.table.hand is not None:
            if self.then is not None and self.table.hand.phase is Phase.OVER:
                self.wants_next = True
                self.exit()
                return
            self.say(str(words("daily.done")))
            return
        super().send(event)

    def nothing_to_play(self) -> str:
        """Once the hand is over there is no next one: say what is left."""
        hand = self.table.hand
        if hand is not None and hand.phase is Phase.OVER:
            return self.then or str(words("daily.done"))
        return super().nothing_to_play()

    def abandon(self) -> None:
        """Today's deal is kept, never abandoned: say how to leave."""
        self.say(str(words("daily.kept")))

    def open_options(self) -> None:
        """The options are the game's: they wait for the next match."""
        self.say(str(words("daily.no-options")))

    def open_daily(self) -> None:
        """This is today's deal already."""
        self.say(self.opening)


def daily_of(day: date | None = None, rule_words: str | None = None,
             config_dir: str | os.PathLike[str] | None = None) -> DailyDeal:
    """The deal of ``day`` (today's by default) under the saved options' rules to
    100, changed by ``rule_words`` (``ValueError`` names a bad word)."""
    from hearts.options import load_options, options_path

    saved = load_options(options_path(config_dir)).options.rules()
    return DailyDeal(day or today(), daily_rules(saved, rule_words))


def play_daily(daily: DailyDeal, ascii_only: bool) -> None:
    """Play ``daily`` in the terminal until the person leaves."""
    DailyApp(daily, ascii_only=ascii_only).run()
