"""``hearts join``: a seat at a network table, in the terminal.

The same table page as the single-player game (:class:`~hearts.tui.table.TableScreen`)
draws the :class:`~hearts.table.SeatState` the server sends; every key but the
highlight's becomes an ``act`` message naming its card, and the server, the
only referee, answers with the new state or a notice. The connection comes
back by itself when it drops, with a banner that says so until it is back.
Each finished hand the server sends is saved in the person's own store, so
``hearts stats`` and ``hearts verify`` see it.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections import deque

from textual.timer import Timer

from hearts.hand import Hand, HandRecord, HandRecordError
from hearts.match import Match
from hearts.net.host.cli import EXIT_WITH_PARENT, watch_parent
from hearts.net.wire import messages as msg
from hearts.net.wire.client import Connection, table_url
from hearts.net.wire.errors import ErrorCode
from hearts.net.wire.seats import SeatTokens
from hearts.review.verdict import DEFAULT_DEPTH
from hearts.store import Store
from hearts.store.store import database_path
from hearts.table import Action, NoticeKind, SeatState
from hearts.table import events as ev
from hearts.table import happenings as hp
from hearts.tui import words
from hearts.tui.reactions import (
    REACTION_SECONDS,
    load_muted,
    reaction_words,
    said_text,
    save_muted,
)
from hearts.tui.reactions_page import MUTE, ReactionsScreen
from hearts.tui.refused import ConnectingScreen, RefusedScreen
from hearts.tui.seatapp import MESSAGE_SECONDS, SeatApp
from hearts.tui.seatview import SeatView
from hearts.tui.table import TableScreen
from hearts.words import words as catalogue_words

__all__ = ["HAPPENED_KEPT", "JoinApp", "main", "run_join"]

HAPPENED_KEPT = 200
"""How many lines of what happened ``hearts join`` keeps (two hands' worth)."""


class JoinApp(SeatApp):
    """A person's seat at a table of a ``hearts host`` server."""

    def __init__(self, url: str, code: str, name: str, ascii_only: bool = False,
                 data_dir: str | os.PathLike[str] | None = None,
                 message_seconds: float = MESSAGE_SECONDS,
                 review_depth: int = DEFAULT_DEPTH, token: str | None = None) -> None:
        super().__init__()
        self.review_depth = review_depth
        """The review's search depth (sampled deals a decision)."""
        self.ascii_only = ascii_only
        """Draw in plain ASCII."""
        self.seat_view = SeatView()
        """The seat as the server last described it."""
        self.seat_view.banner = "Connecting to the table..."
        # the host chose the rules; undo is for one person alone; Abandon leaves
        self.seat_view.withheld = frozenset({Action.OPTIONS, Action.UNDO})
        self.seat_view.granted = frozenset({Action.HELP, Action.QUIT})  # Leave once seated
        folder = database_path(data_dir).parent
        self.seats = SeatTokens(folder / "seats.json")
        """The seats' tokens, kept so that joining again gives the same seat back."""
        self.connection = Connection(url, code, name, self.receive, token=token,
                                     tokens=self.seats, on_trouble=self.trouble)
        """The connection to the table (it reconnects by itself)."""
        self.mute_file = folder / "reactions.json"
        """Where the person's mute of reactions is kept between runs."""
        self.seat_view.reactions.muted, self._mute_notice = load_muted(self.mute_file)
        self.store = Store.open(data_dir, claim=False)
        """The person's own store: finished hands are kept there."""
        self.message_seconds = message_seconds
        self.matches: dict[int | None, Match] = {}
        """The network matches whose hands were saved, by seed."""
        self.ended: str | None = None
        """Why the connection ended for good, once it has."""
        self.last_record: HandRecord | None = None
        """The record of the last hand finished here, for the review."""
        self._notice_timer: Timer | None = None
        self.happened: deque[str] = deque(maxlen=HAPPENED_KEPT)
        """What happened at the table, in words, oldest first: each card played,
        trick taken, pass made and cards received, told from the events the server
        sends with each change (a screen reader's account of the game)."""
        self._heard: int | None = None
        """The number of the last happening put into :attr:`happened` (None before
        the first state: what happened before it is on the table to see)."""
        self._heard_epoch: str | None = None
        self._standings: tuple[int, str | None] | None = None
        """A duplicate evening's standings after hand N: they stay above the prompt
        until another hand is dealt."""

    def on_mount(self) -> None:
        """Say where it connects, and connect: the table page comes with the seat."""
        self.push_screen(ConnectingScreen(self.connection.url))
        self.set_interval(1.0, self._tick)
        if self.seats.notice:
            self.say(self.seats.notice)
        if self._mute_notice:
            self.say(self._mute_notice)
        self.run_worker(self._connect(), group="connection")

    def on_unmount(self) -> None:
        """Close the store (each hand was saved as it came)."""
        self.store.close()

    def _standings_until(self, hand_number: int) -> None:
        """Put the standings away once a hand after theirs is dealt."""
        if self._standings is not None and hand_number != self._standings[0]:
            if self.seat_view.offer == self._standings[1]:
                self.seat_view.offer = None
            self._standings = None

    def _seated(self) -> None:
        """The first state: the table page in place of the connecting page, and
        leaving the seat offered."""
        if any(isinstance(screen, TableScreen) for screen in self.screen_stack):
            return
        self.seat_view.granted = frozenset({Action.ABANDON, Action.HELP, Action.QUIT})
        if isinstance(self.screen, ConnectingScreen):
            self.switch_screen(TableScreen())
        else:
            self.push_screen(TableScreen())

    def _tick(self) -> None:
        """Count a running timer down on the status line."""
        if self.seat_view.counting:
            self.refresh_table()

    async def _connect(self) -> None:
        self.ended = await self.connection.run()
        refusal = self.connection.refusal
        if refusal is not None and not self.seat_view.shown:
            # never seated: the reason on a page of its own, not over an empty table
            self.push_screen(RefusedScreen(words.error_text(refusal, self.ended)))
            return
        if not self.seat_view.shown:
            self._connecting(f"{self.ended} - press x to quit")
            return
        if refusal is ErrorCode.REPLACED:  # the seat went to another device, or was freed
            self.push_screen(RefusedScreen(words.error_text(refusal, self.ended),
                                           "This seat is no longer played from here"))
            return
        self.seat_view.banner = f"Disconnected: {self.ended} - press x to quit"
        self.refresh_table()

    def trouble(self, failures: int, why: str) -> None:
        """The connection failed (or was lost): say so until it is back."""
        lead = "Connecting to the table" if not self.seat_view.shown else \
            "The table is out of reach - reconnecting"
        tries = f"try {failures}" if failures else "trying again"
        self.seat_view.banner = f"{lead} ({tries}: {why})..."
        self._connecting(f"{tries}: {why}...")
        self.refresh_table()

    def _connecting(self, text: str) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, ConnectingScreen):
                screen.trouble(text)

    # --- what the server sends -----------------------------------------------------

    def receive(self, message: msg.ServerMessage) -> None:
        """A message from the server (each change comes as the state it makes)."""
        match message:
            case msg.StateMessage():
                try:
                    state = message.seat_state()
                except ValueError as error:
                    self.say(f"The server sent a state that cannot be read ({error})")
                    return
                self.seat_view.banner = None
                self.seat_view.clock = message.now - time.time()
                first = not self.seat_view.shown
                self._standings_until(state.hand_number)
                self.seat_view.show(state)
                self._hear(message.events, state, first)
                self._seated()
                self.refresh_table()
            case msg.Welcome():
                self.seat_view.banner = None
                self.sub_title = f"table {message.table}, seat {message.seat}"
                if message.epoch != self._heard_epoch:  # numbered afresh by a new run
                    self._heard, self._heard_epoch = None, message.epoch
            case msg.NoticeMessage():
                self.say(self.seat_view.told(message.notice))
                if message.notice.kind is NoticeKind.STANDINGS and self.seat_view.shown:
                    self._standings = (self.seat_view.state.hand_number, message.notice.text)
                    self.seat_view.offer = message.notice.text
            case msg.ErrorMessage():
                self.say(words.error_text(message.code, message.message))
            case msg.HandMessage():
                self._keep_hand(message)
            case msg.Reaction():
                self._show_reaction(message)
            case msg.ChangeMessage() | msg.ReviewMessage():
                pass  # the connection hands changes on as states; reviews are made here

    def _hear(self, events: tuple[msg.Told, ...], state: SeatState, first: bool) -> None:
        """Put what happened, and was not told yet, into :attr:`happened` in words
        (each happening once, by its number: a state sent whole after the
        connection was lost tells the hand so far, and only what was missed is
        told again); a seat's move is also said beside the prompt."""
        if first:  # the move that seated this connection is said
            own = [h for n, h in sorted(events, key=lambda told: told[0])
                   if isinstance(h, hp.SeatMove) and h.seat == state.seat
                   and (self._heard is None or n > self._heard)]
            if own and isinstance(own[-1], hp.SatDown | hp.CameBack):
                self.say(words.move_text(own[-1], state))
        for number, happening in sorted(events, key=lambda told: told[0]):
            if self._heard is not None and number <= self._heard:
                continue
            self._heard = number
            if first:
                continue  # what happened before the first state is on the table to see
            text = words.happening_text(happening, state)
            if text:
                self.happened.append(text)
                if isinstance(happening, hp.SeatMove):
                    self.say(text)

    def _show_reaction(self, message: msg.Reaction) -> None:
        """A person's reaction: by their seat for a few seconds, and on the status
        line; nothing at all when muted (or a reaction this client has no words for)."""
        text = reaction_words(message.reaction)
        shown = self.seat_view.reactions
        if text is None or shown.muted:
            return
        shown.show(message.seat, text)
        seat = message.seat
        self.say(said_text(self.seat_view.label(seat), text, seat == self.seat_view.seat))
        self.set_timer(REACTION_SECONDS + 0.1, self.refresh_table)  # gone from by the seat

    def _keep_hand(self, message: msg.HandMessage) -> None:
        seed = message.match_seed
        try:
            hand = Hand.from_record(message.record)
        except (HandRecordError, ValueError) as error:
            self.say(f"A finished hand from the server could not be read ({error}) - not saved")
            return
        key = seed
        match = self.matches.get(key)
        if match is None:  # a match begun before this run carries on in the same row
            kept = None if key is None else self.store.continue_match(key)
            match = self.matches[key] = kept or Match(hand.rules, key)
        record = hand.to_record()
        if any(old.to_record() == record for old in match.hands):
            return  # kept already
        match.hands.append(hand)
        self.last_record = record
        # the seat played in that hand, which the statistics count as "you"
        self.say(self.store.save(match, {}, message.seat))
        if any(message.seat in kept.assisted for kept in match.hands):
            self.say(self.store.mark_assisted())  # this person had help: their record says

    # --- what the table page asks --------------------------------------------------

    def send(self, event: ev.Event) -> None:
        """A key or button of the table page, sent to the server as a command."""
        if not isinstance(event, ev.PersonEvent):
            return

        async def go() -> None:
            if not await self.connection.send(event):
                self.say("Not connected to the table - the action was not sent")
        self.run_worker(go(), group="sending")

    def refresh_table(self) -> None:
        """Redraw the table page."""
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                screen.update()

    def resume(self) -> None:
        """Back on the table page: draw it (the server never waits for this screen)."""
        self.refresh_table()

    def show_last_trick(self) -> None:
        """Show the trick that finished last again, until any key."""
        trick = self.seat_view.last_trick()
        if trick is None:
            self.say("No trick has been played yet")
            return
        self.seat_view.review = trick
        self.refresh_table()

    def close_review(self) -> None:
        """Put the trick shown again away."""
        self.seat_view.review = None
        self.refresh_table()

    def open_scores(self) -> None:
        """Show the score sheet."""
        from hearts.tui.scoresheet import ScoreSheetScreen

        if not any(isinstance(s, ScoreSheetScreen) for s in self.screen_stack):
            self.push_screen(ScoreSheetScreen())

    def open_help(self) -> None:
        """Show the help page."""
        from hearts.tui.help import HelpScreen

        state = self.seat_view.state
        # the table's rules: the state's own (there before a deal), else the hand's
        rules = state.rules if state.rules is not None else (
            None if state.view is None else state.view.rules)
        if not any(isinstance(s, HelpScreen) for s in self.screen_stack):
            self.push_screen(HelpScreen(rules))

    def open_stats(self) -> None:
        """Show the person's own statistics."""
        from hearts.tui.stats_page import StatsScreen

        if not any(isinstance(s, StatsScreen) for s in self.screen_stack):
            self.push_screen(StatsScreen(self.store))

    def open_review(self) -> None:
        """Replay the last hand finished at this table, with the Expert's verdicts."""
        if self.last_record is None:
            self.say("A hand can be reviewed once it is over")
            return
        self.show_review(self.last_record, self.store.path, self.review_depth)

    @property
    def reacts(self) -> bool:
        """Quick reactions are offered once seated."""
        return self.seat_view.shown

    def open_happened(self) -> None:
        """What happened at the table, in words, the newest last."""
        from hearts.tui.happened_page import HappenedScreen

        if not any(isinstance(screen, HappenedScreen) for screen in self.screen_stack):
            self.push_screen(HappenedScreen(list(self.happened)))

    def open_reactions(self) -> None:
        """The reactions to choose from: one is sent to everyone at the table, or
        the others' are muted (or shown again)."""
        if any(isinstance(screen, ReactionsScreen) for screen in self.screen_stack):
            return
        self.push_screen(ReactionsScreen(self.seat_view.reactions.muted), self._reacted)

    def _reacted(self, answer: str | None) -> None:
        if answer is None:
            return
        if answer == MUTE:
            muted = self.seat_view.reactions.toggle_mute()
            save_muted(self.mute_file, muted)
            self.say(str(catalogue_words("reactions.muted" if muted else "reactions.unmuted")))
            return

        async def go() -> None:
            if not await self.connection.send(msg.React(answer)):
                self.say(str(catalogue_words("reactions.not-sent")))
        self.run_worker(go(), group="sending")

    def open_options(self) -> None:
        """The table's options are the host's."""
        self.say("The host chose this table's rules and level")

    def abandon(self) -> None:
        """Leave the table for good, after a confirmation."""
        self._confirm("Leave this table for good? A computer player takes your seat.",
                      "Leave", self._leave)

    def _leave(self) -> None:
        async def go() -> None:
            await self.connection.leave()
            self.exit()
        self.run_worker(go(), group="sending")

    def quit_game(self) -> None:
        """Close the connection and quit; the seat waits for the grace time, then a
        computer player keeps it until the person joins again."""
        async def go() -> None:
            await self.connection.stop()
            self.exit()
        self.run_worker(go(), group="sending")

def run_join(args: argparse.Namespace) -> int:
    """Run ``hearts join`` from its parsed command line."""
    from hearts.tui.cli import use_ascii

    encodings = [getattr(stream, "encoding", None) for stream in (sys.stdout, sys.stderr)]
    ascii_only = use_ascii(args, encodings, os.environ, bool(sys.flags.utf8_mode))
    if os.environ.get(EXIT_WITH_PARENT) == str(os.getppid()):
        # A seat of a browser page, run by ``hearts host --serve``: a server killed
        # outright must not leave this seat behind, to fight the page's next one.
        watch_parent(os.getppid())
    app = JoinApp(table_url(args.address), args.code, args.name, ascii_only,
                  token=args.token)
    app.run()
    if app.ended and app.ended != "left the table":
        print(f"hearts join: {app.ended}", file=sys.stderr)
        return 1
    return 0


def main(argv: list[str]) -> int:
    """``hearts join``: read the command line and sit at the table."""
    from hearts.net.host.cli import parse_join

    return run_join(parse_join(argv))
