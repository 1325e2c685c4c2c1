"""The Hearts app: it carries out what the table asks, and shows the pages.

The flow of the match is the :class:`~hearts.table.Table`'s: the app turns
keys, clicks and timers into its events and carries out the effects it
returns (:meth:`HeartsApp.send`). Decisions run in one worker group off the
app's thread; a pause is a timer; a save goes to the store; a notice goes on
the status line. While the table is hidden (another page, the too-small
notice, or a trick shown again) the answers and pauses that arrive are held
and handed over on return, so the game holds still and never stalls.

Every delay is scaled by ``delay_scale``: 0 runs the whole game without
waiting (the tests use it). Every road out (``x``, Quit, ``ctrl+q``,
``ctrl+c``) goes through :meth:`HeartsApp.quit_game`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import sys
import tempfile
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import Any

from textual.timer import Timer
from textual.worker import Worker, WorkerState

from hearts.ai import Level, Player, make_player
from hearts.arena.rulestext import parse_rules
from hearts.cards import Card, Seat
from hearts.failures import log_failure
from hearts.hand import Hand
from hearts.options import LoadResult, Options, load_options, options_path, save_options
from hearts.paths import short_path
from hearts.review.verdict import DEFAULT_DEPTH
from hearts.store import Store
from hearts.store.saving import save_match
from hearts.table import (
    Action,
    Decide,
    Effect,
    Save,
    Say,
    Stage,
    Table,
    Wait,
    carry_out,
    one_person,
    restore,
    seat_state,
)
from hearts.table import events as ev
from hearts.table.choosing import saved_choice
from hearts.table.driver import decide
from hearts.tui.seatapp import MESSAGE_SECONDS, SeatApp
from hearts.tui.seatview import SeatView
from hearts.tui.table import TableScreen
from hearts.view import Phase

__all__ = ["FIRST_START", "USER", "HeartsApp"]

USER = Seat.SOUTH
"""The seat the person at this terminal plays."""

FIRST_START = "Original rules - for Classic (as in Windows Hearts) press o, then r"
"""The offer of the very first start: another rule set is a key away. It stays until
the person answers it, opening the options page or dealing the first hand."""


class HeartsApp(SeatApp):
    """Hearts in the terminal: the person is South against three computer players.

    It is the table's front end (:class:`~hearts.table.runner.Ports`): it runs the
    decisions, waits, saves, words the notices and draws the seat's state."""

    def __init__(
        self,
        seed: int | None = None,
        config_dir: str | os.PathLike[str] | None = None,
        delay_scale: float | None = None,
        ascii_only: bool = False,
        level: Level | None = None,
        player_factory: Callable[[Level, int], Player] = make_player,
        data_dir: str | os.PathLike[str] | None = None,
        new_match: bool = False,
        message_seconds: float = MESSAGE_SECONDS,
        strict_failures: bool = False,
        review_depth: int = DEFAULT_DEPTH,
        rules: str | None = None,
        first_start_notice: bool = True,  # the tests turn it off
    ) -> None:
        super().__init__()
        self.player_factory = player_factory
        """Makes a computer player from a level and a seed (tests pass a fixed one)."""
        self.options_file = options_path(config_dir)
        """Where the options are saved."""
        loaded: LoadResult = load_options(self.options_file)
        self.options: Options = loaded.options
        """The options as saved (or the defaults), with the rules of ``--rules``
        (``rules``: rule words changing the saved rules) for this run."""
        if rules is not None:
            self.options = self.options.with_rules(parse_rules(rules, self.options.rules()))
        self.delay_scale = delay_scale
        """Multiplies every pause; None follows the play speed option, 0 never waits."""
        self.ascii_only = ascii_only
        """Draw everything in plain ASCII: cards with letters, boxes of ``+-|``."""
        self.message_seconds = message_seconds
        """How long a notice stays beside the prompt."""
        self.strict_failures = strict_failures
        """Let a failing computer player's error end the app (the tests' setting)."""
        self.review_depth = review_depth
        """Sampled deals for each choice when a hand is reviewed."""
        self.table = Table(self.options, random.randrange(1 << 30) if seed is None else seed,
                           one_person(USER), level)
        """The table: the flow of the match."""
        self.seat_view = SeatView(seat_state(self.table, USER))
        """The match as the person sees it."""
        self.store = self._open_store(data_dir)
        """Where the match in progress, every hand and every match are kept."""
        self.wants_daily = False
        """True when the person left the match to play today's deal (``y``): the
        command line plays it, then carries the match on."""
        self.resumed = False
        """True when this run carries on the saved match."""
        self._requests: dict[Worker[tuple[Card, ...]], Decide] = {}
        self._reviewed: Hand | None = None
        self._held: list[ev.Event] = []
        self._notice_timer: Timer | None = None
        self._resume_or_begin(new_match, loaded.notice, first_start_notice)

    # --- set up -------------------------------------------------------------------

    def on_mount(self) -> None:
        """Open the table and start whatever it waits for."""
        self.push_screen(TableScreen())
        self.say(self.seat_view.notice)  # the notices of the start give way in time
        self.call_later(lambda: self.carry_out(self.table.start()))

    def on_unmount(self) -> None:
        """Close the store (the table saved every change as it happened)."""
        self.workers.cancel_group(self, "decisions")
        self.workers.cancel_group(self, "reviews")
        self.store.close()

    def _open_store(self, data_dir: str | os.PathLike[str] | None) -> Store:
        """The store this app saves into, claiming the saved match."""
        return Store.open(data_dir)

    def _resume_or_begin(self, new_match: bool, options_notice: str | None,
                         first_start_notice: bool) -> None:
        store = self.store
        notices = [options_notice]
        saved = None
        if new_match:
            kept = store.load()
            abandoned = store.abandon()
            if kept is not None and not kept.match.over:
                notices.append(abandoned or "The unfinished match was kept as abandoned")
            notices.extend(store.notices)
        else:
            if first_start_notice and store.empty and not self.options_file.exists():
                self.seat_view.offer = FIRST_START
            saved = store.load()
            notices.extend(store.notices)
            if saved is not None:
                restore(self.table, saved.match, saved.table, saved.assisted)
                self.resumed = True
                if not saved.match.over:
                    notices.append(f"Match resumed - hand {len(saved.match.hands)}")
        self.seat_view.show(seat_state(self.table, USER))
        if self.resumed and saved is not None:
            self.seat_view.choice.set(self.seat_view.state, saved_choice(saved.table, USER))
        if self.resumed:
            notices.append(self._level_notice())
        self.seat_view.notice = " - ".join(notice for notice in notices if notice) or None

    def _level_notice(self) -> str | None:
        """Say so when the hand on the table is played at another level than the
        one the next hands will be (``--level`` given when resuming)."""
        hand = self.table.hand
        playing = self.seat_view.state.level
        coming = self.table.level.label
        if hand is None or self.table.match.over or playing == coming:
            return None
        if self.table.stage.value == "idle":
            return f"{coming} players from the next hand"
        return f"{playing} players finish this hand; {coming} players from the next"

    @property
    def level(self) -> Level:
        """The computer players' level for the next hand."""
        return self.table.level

    @property
    def table_screen(self) -> TableScreen | None:
        """The table page, if the app is running."""
        for screen in self.screen_stack:
            if isinstance(screen, TableScreen):
                return screen
        return None

    @property
    def live(self) -> bool:
        """True when the game may move on: the table is on show and big enough, and
        no earlier trick is being shown again."""
        screen = self.screen if self.screen_stack else None
        return (isinstance(screen, TableScreen) and not screen.too_small
                and self.seat_view.review is None)

    @property
    def match_saved(self) -> bool:
        """True when quitting now loses nothing the player did: no match is in
        progress, or this window saves it and will carry it on next time."""
        return not self.table.in_progress or (self.store.saving and self.store.owner)

    @property
    def settled(self) -> bool:
        """True when nothing is being decided or waited for (for tests)."""
        return self.table.settled and not self._requests and not self._held

    # --- the table's events and effects -------------------------------------------

    def send(self, event: ev.Event) -> None:
        """Hand ``event`` to the table and carry out what it asks."""
        self.carry_out(self.table.handle(event))

    def deliver(self, event: ev.Event) -> None:
        """An answer or a pause that ran out: handed over now if the table is on
        show, else when it is again."""
        if self.live:
            self.send(event)
        else:
            self._held.append(event)

    def resume(self) -> None:
        """Hand over whatever arrived while the table was hidden."""
        while self._held and self.live:
            self.send(self._held.pop(0))
        self.refresh_table()

    def carry_out(self, effects: list[Effect]) -> None:
        """Do what the table asked, in order (this app is its ports)."""
        carry_out(effects, self)
        self._review_in_background()

    def _review_in_background(self) -> None:
        """With the option on, review the hand just finished in a process of its own
        (``hearts review``, which keeps the review in the store), so that ``v``
        shows it at once. A process, not a thread: the game stays as quick."""
        hand = self.table.hand
        if not self.options.review_each_hand or hand is None or hand is self._reviewed \
                or hand.phase is not Phase.OVER or not self.store.saving:
            return
        self._reviewed = hand
        self.run_worker(self._review_hand(hand.record()), group="reviews",
                        exit_on_error=self.strict_failures)

    async def _review_hand(self, record: dict[str, object]) -> None:
        folder = self.store.path.parent
        with tempfile.NamedTemporaryFile("w", suffix=".json", prefix=".review-",
                                         dir=folder, delete=False, encoding="utf-8") as file:
            json.dump(record, file)
        # The game's streams belong to Textual: the review's own are given it here.
        process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "hearts", "review", file.name, "--json",
            "--depth", str(self.review_depth), "--jobs", "1",
            stdin=asyncio.subprocess.DEVNULL, stdout=asyncio.subprocess.DEVNULL,
            stderr=asyncio.subprocess.PIPE, env={**os.environ, "HEARTS_DATA_DIR": str(folder)})
        try:
            _, errors = await process.communicate()
        except asyncio.CancelledError:  # the game is closing: the review just stops
            with contextlib.suppress(ProcessLookupError):
                process.kill()
            await asyncio.shield(process.wait())  # reaped, so nothing is left to close
            raise
        finally:
            with contextlib.suppress(OSError):
                os.unlink(file.name)
        if process.returncode != 0:
            error = RuntimeError(errors.decode("utf-8", "replace")[-4000:]
                                 or f"exit status {process.returncode}")
            log = log_failure(folder, "the review in the background", error)
            self.say("The review in the background failed"
                     + (f" - see {short_path(log)}" if log else ""))
            if self.strict_failures:
                raise error

    def decide(self, request: Decide) -> None:
        """Run a decision in a worker thread; its answer comes back as an event."""
        player = self.player_factory(request.level, request.seed)
        worker: Worker[tuple[Card, ...]] = self.run_worker(
            partial(decide, player, request), thread=True, group="decisions",
            name=f"{request.kind} {request.seat}", exit_on_error=self.strict_failures)
        self._requests[worker] = request

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A decision is made (or failed): tell the table."""
        request = self._requests.get(event.worker)
        if request is None or event.state not in (WorkerState.SUCCESS, WorkerState.ERROR,
                                                   WorkerState.CANCELLED):
            return
        del self._requests[event.worker]
        worker = event.worker
        if event.state is WorkerState.SUCCESS and isinstance(worker.result, tuple):
            self.deliver(ev.Decided(request.token, worker.result))
            return
        error = worker.error
        if error is None:
            return  # cancelled as the app closes
        what = f"{request.level.label} player, {request.kind} for {request.seat}"
        log = log_failure(self.store.path.parent, what, error)
        self.deliver(ev.Failed(request.token, f"{type(error).__name__}: {error}",
                               short_path(log) if log else None))

    def wait(self, request: Wait) -> None:
        """A pause: its end comes back as an event."""
        scale = 1.0 if self.delay_scale is None or not request.scaled else self.delay_scale
        delay = request.seconds * scale
        due = partial(self.deliver, ev.Elapsed(request.token))
        if delay <= 0:
            self.call_later(due)
        else:
            self.set_timer(delay, due)

    def save(self, save: Save) -> None:
        """Keep the match as it is now, with the cards chosen to pass."""
        self.say(save_match(self.store, save.match, self._with_choice(save.state),
                            save.assisted))

    def chosen_changed(self) -> None:
        """Keep the cards chosen to pass with the match (a resumed game shows them)."""
        if self.table.hand is not None:
            self.say(self.store.save(self.table.match, self._with_choice(self.table.state())))

    def _with_choice(self, state: dict[str, Any]) -> dict[str, Any]:
        chosen = self.seat_view.choice.to_json()
        return {**state, "desks": {USER.name.lower(): {"chosen": chosen}}}

    def abandoned(self) -> None:
        """Record the match in progress as abandoned."""
        self.say(self.store.abandon())

    def tell(self, notice: Say) -> None:
        """Show a notice of the table for this seat, worded, beside the prompt."""
        if notice.seat is None or notice.seat == USER:
            self.say(self.seat_view.told(notice.notice))

    def redraw(self) -> None:
        """The table changed: take the seat's new state and draw it (once a hand is
        dealt, the offer of the first start has had its answer)."""
        self.seat_view.show(seat_state(self.table, USER))
        if self.table.hand is not None:
            self.seat_view.offer = None
        self.refresh_table()

    def refresh_table(self) -> None:
        """Redraw the table page."""
        screen = self.table_screen
        if screen is not None:
            screen.update()

    # --- what the person does -----------------------------------------------------

    def show_last_trick(self) -> None:
        """Show the trick that finished last again, holding the game until any key."""
        trick = self.table.last_trick()
        if trick is None:
            self.say("No trick has been played yet")
            return
        self.seat_view.review = trick
        self.refresh_table()

    def close_review(self) -> None:
        """Put the trick shown again away and let the game carry on."""
        if self.seat_view.review is not None:
            self.seat_view.review = None
            self.resume()

    # --- leaving: quit and abandon --------------------------------------------

    def quit_game(self) -> None:
        """Leave the game; if that would lose the match in progress, ask first."""
        if self.match_saved:
            self.exit()
            return
        self._confirm("Quit now? This match is not saved and will be lost.", "Quit",
                      self.exit)

    def open_daily(self) -> None:
        """Leave for today's deal (``y``): the match in progress is saved after every
        card, so it carries on afterwards; if it would be lost, ask first."""
        def leave() -> None:
            self.wants_daily = True
            self.exit()

        if self.match_saved:
            leave()
            return
        self._confirm("Leave for today's deal? This match is not saved and will be lost.",
                      "Leave", leave)

    def abandon(self) -> None:
        """Ask, then abandon the match in progress and set up a new one."""
        if not self.table.in_progress:
            self.say("There is no match in progress to abandon")
            return
        self._confirm("Abandon this match and start a new one?", "Abandon", self.new_match)

    def new_match(self) -> None:
        """Abandon the current match (kept, with every hand played, as abandoned)."""
        self._held = []
        self.seat_view.review = None
        self.send(ev.Abandon())

    # --- pages ----------------------------------------------------------------------

    def open_scores(self) -> None:
        """Show the score sheet of the match so far."""
        from hearts.tui.scoresheet import ScoreSheetScreen

        if not self.table.match.hands:
            self.say("The score sheet starts with the first deal")
            return
        if not any(isinstance(screen, ScoreSheetScreen) for screen in self.screen_stack):
            self.push_screen(ScoreSheetScreen())

    def open_review(self) -> None:
        """Replay the hand just finished with the Expert's verdict on every decision
        (between hands); the verdicts arrive as they are judged, and are kept."""
        hand = self.table.hand
        if hand is None or self.table.stage is not Stage.IDLE or hand.phase is not Phase.OVER:
            self.say("A hand can be reviewed once it is over")
            return
        self.show_review(hand.to_record(), self.store.path if self.store.saving else None,
                         self.review_depth)

    def open_help(self) -> None:
        """Show the help page over whatever is on show."""
        from hearts.tui.help import HelpScreen

        if not any(isinstance(screen, HelpScreen) for screen in self.screen_stack):
            self.push_screen(HelpScreen(self.table.match.rules))

    def open_stats(self) -> None:
        """Show the statistics page (between hands and at game over)."""
        if not self.seat_view.can(Action.STATS):
            self.say("Statistics can be shown between hands")
            return
        from hearts.tui.stats_page import StatsScreen

        if not any(isinstance(screen, StatsScreen) for screen in self.screen_stack):
            self.push_screen(StatsScreen(self.store))

    def open_options(self) -> None:
        """Show the options page (between hands only)."""
        if not self.seat_view.can(Action.OPTIONS):
            self.say("Options can be changed between hands")
            return
        from hearts.tui.options_page import OptionsScreen

        if any(isinstance(screen, OptionsScreen) for screen in self.screen_stack):
            return
        self.seat_view.offer = None  # the options page is where the offer leads
        shown = replace(self.options, difficulty=int(self.level))
        self.push_screen(OptionsScreen(shown), self._options_closed)

    def _options_closed(self, result: object) -> None:
        if not isinstance(result, Options):
            self.say("Options unchanged")
            return
        override = self.table.level_override
        if override is not None and result.difficulty == int(override):
            keep = replace(result, difficulty=self.options.difficulty)
        else:
            override = None
            keep = result
        try:
            aside = save_options(keep, self.options_file)
        except OSError as error:
            message = (f"Could not save the options in {short_path(self.options_file)} "
                       f"({error.strerror or error}) - kept for now")
        else:
            message = "Options saved - they take effect from the next deal"
            if aside is not None:
                message += f" (the damaged file is kept as {aside.name})"
        self.options = keep
        self.say(message)
        self.send(ev.OptionsChanged(keep, override))
