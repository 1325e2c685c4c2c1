"""The Hearts app: it owns the game, the computer players, every pause and the pages.

Every delay goes through :meth:`HeartsApp.later`, so a ``delay_scale`` of 0
makes the whole game run without waiting (the tests use it). Computer players,
the hint and a claimed ending think in worker threads; their results are played
back on the app's own thread. A step that falls due while the table is hidden
(another page, the too-small notice, or the last trick shown again) is held and
run on return, so the game holds still and never stalls.

Every road out (``x``, Quit, ``ctrl+q``, ``ctrl+c``) goes through
:meth:`HeartsApp.quit_game`, and abandoning a match through
:meth:`HeartsApp.new_match`.

The match is kept in the store (:mod:`hearts.store`): every change of the game
bumps ``game.moves``, and the next redraw of the table saves it, so a quit or
a crash at any moment loses at most the card in flight. On start the saved
match carries on where it stood, with the computer players rebuilt from the
seeds its hand record names.
"""

from __future__ import annotations

import contextlib
import itertools
import os
import random
import time
from collections.abc import Callable
from dataclasses import replace
from functools import partial
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.timer import Timer
from textual.worker import Worker, WorkerState

from hearts.ai import Level, Player, make_player
from hearts.ai.hint import HINT_LEVEL, advise, hint_seed
from hearts.cards import Card, Seat
from hearts.hand import Hand, SeatPlayer
from hearts.options import LoadResult, Options, load_options, options_path, save_options
from hearts.paths import short_path
from hearts.store import Store
from hearts.tui.confirm import ConfirmScreen
from hearts.tui.game import USER, Game, Stage
from hearts.tui.saving import restore_game, table_state
from hearts.tui.table import TableScreen
from hearts.view import PlayerView

MESSAGE_SECONDS = 4.0
"""How long a message stays on the status line before the prompt comes back."""

__all__ = ["HeartsApp"]


def _choose_passes(players: dict[Seat, Player], views: dict[Seat, PlayerView]
                   ) -> dict[Seat, list[Card]]:
    return {seat: list(players[seat].choose_pass(view)) for seat, view in views.items()}


def _play_out(record: dict[str, object], players: dict[Seat, Player]) -> list[Card]:
    """The rest of a hand whose points are settled: each computer player's own
    choice from its view, and the user's lowest legal card."""
    hand = Hand.from_record(record)
    cards: list[Card] = []
    while hand.turn is not None:
        seat = hand.turn
        player = players.get(seat)
        card = (player.choose_play(hand.view(seat)) if player is not None
                else hand.legal_plays()[0])
        if hand.play_refusal(card) is not None:
            card = hand.legal_plays()[0]
        hand.play(card)
        cards.append(card)
    return cards


class HeartsApp(App[None]):
    """Hearts in the terminal: the user is South against three computer players."""

    CSS_PATH = "hearts.tcss"
    TITLE = "Hearts"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+q", "quit_game", "Quit", show=False, priority=True),
        Binding("ctrl+c", "quit_game", "Quit", show=False, priority=True),
    ]

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
    ) -> None:
        super().__init__()
        self.player_factory = player_factory
        """Makes a computer player from a level and a seed (tests pass a fixed one)."""
        self.seed: int = random.randrange(1 << 30) if seed is None else seed
        """The seed of every deal and every computer decision."""
        self.options_file = options_path(config_dir)
        """Where the options are saved."""
        loaded: LoadResult = load_options(self.options_file)
        self.options: Options = loaded.options
        """The options as saved (or the defaults)."""
        self.delay_scale = delay_scale
        """Multiplies every pause; None follows the play speed option, 0 never waits."""
        self.ascii_only = ascii_only
        """Draw everything in plain ASCII: cards with letters, boxes of ``+-|``."""
        self.message_seconds = message_seconds
        """How long a message stays before the prompt comes back."""
        self.level_override = level
        """A difficulty for this run only (``--level``)."""
        self.game = Game(self.options.rules(), self.seed)
        """The table's state."""
        self.game.level_label = self.level.label
        self._players: dict[Seat, Player] = {}
        self._thinking = False
        self._forcing = False
        self._claiming = False
        self._message_timer: Timer | None = None
        self._held: list[Callable[[], None]] = []
        self._jobs: dict[Worker[object], Callable[[object], None]] = {}
        self.store = Store.open(data_dir)
        """Where the match in progress, every hand and every match are kept."""
        self.resumed = False
        """True when this run carries on the saved match."""
        self._saved_moves = self.game.moves
        self._resume_or_begin(new_match, loaded.notice)

    # --- set up -------------------------------------------------------------------

    def on_mount(self) -> None:
        """Open the table, and carry on the resumed match."""
        self.push_screen(TableScreen())
        if self.resumed:
            self.call_later(self._carry_on)

    def on_unmount(self) -> None:
        """Save the table as it is (chosen cards, highlight) and close the store."""
        self.save_progress()
        self.store.close()

    # --- the store --------------------------------------------------------------------

    def _resume_or_begin(self, new_match: bool, options_notice: str | None) -> None:
        store = self.store
        saved = None
        if new_match:
            store.abandon()
        else:
            saved = store.load()
        notices = [options_notice, *store.notices]
        if saved is not None:
            restore_game(self.game, saved)
            self.game.assisted = saved.assisted
            self.seed = self.game.seed
            self.resumed = True
            self._saved_moves = self.game.moves
            hand = self.game.hand
            if hand is not None:
                self._players = self._players_of(hand)
            notices.append(f"Match resumed - hand {len(saved.match.hands)}")
        self.game.message = "  ".join(notice for notice in notices if notice) or None

    def _players_of(self, hand: Hand) -> dict[Seat, Player]:
        """The computer players of ``hand``, rebuilt from the levels and seeds its
        record names (so they decide exactly as before a quit)."""
        players: dict[Seat, Player] = {}
        named = hand.players if hand.players is not None and len(hand.players) == 4 else None
        for seat in Seat:
            if seat == USER:
                continue
            level, seed = self.level, self.seed * 1009 + self.game.deals * 4 + seat
            entry = named[seat] if named is not None else None
            if entry is not None and entry.seed is not None:
                # not one of our levels: the current level plays the seat
                with contextlib.suppress(ValueError):
                    level, seed = Level.parse(entry.player), entry.seed
            players[seat] = self.player_factory(level, seed)
            self.game.level_label = level.label
        return players

    def _carry_on(self) -> None:
        """Start whatever the resumed stage was waiting for."""
        game = self.game
        hand = game.hand
        if hand is None:
            return
        moves = game.moves
        _, trick_delay, received_delay = self._speed_delays()
        if game.stage is Stage.PASSING and any(not hand.passed(s) for s in self._players):
            self._start_passes()
        elif game.stage is Stage.RECEIVED:
            self.later(received_delay, lambda: self._settle_if(moves))
        elif game.stage is Stage.TRICK_SHOW:
            self.later(trick_delay, lambda: self._end_trick_if(moves))
        self.refresh_table()
        self.pump()

    def save_progress(self) -> None:
        """Save the match and the table now. The table saves itself whenever it is
        redrawn after a change, so callers rarely need this."""
        self._saved_moves = self.game.moves
        notice = self.store.save(self.game.match, table_state(self.game))
        if notice:
            self.game.message = notice

    def mark_assisted(self) -> None:
        """Record that the player had help (a hint or an undo) in this match; the
        statistics count such matches on their own."""
        self.game.assisted = True
        self.say(self.store.mark_assisted())

    @property
    def level(self) -> Level:
        """The computer players' level now."""
        return self.level_override or Level(self.options.difficulty)

    @property
    def table(self) -> TableScreen | None:
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
                and self.game.review is None)

    @property
    def match_saved(self) -> bool:
        """True when quitting now loses nothing the player did: no match is in
        progress, or this window saves it and will carry it on next time."""
        return not self.game.in_progress or (self.store.saving and self.store.owner)

    @property
    def settled(self) -> bool:
        """True when nothing is thinking or waiting to happen (for tests)."""
        game = self.game
        return (not self._thinking and not self._jobs and not self._held
                and not self._forcing and not self._claiming
                and game.stage not in (Stage.RECEIVED, Stage.TRICK_SHOW)
                and game.computer_due is None and not game.user_passed)

    def refresh_table(self) -> None:
        """Save the game if it changed, and redraw the table from it."""
        if self.game.assisted and not self.store.assisted:
            notice = self.store.mark_assisted()
            if notice:
                self.game.message = notice
        if self.game.moves != self._saved_moves:
            self.save_progress()
        table = self.table
        if table is not None:
            table.update()

    def say(self, message: str | None) -> None:
        """Show ``message`` on the status line for a while (None leaves the prompt)."""
        if message:
            self.game.message = message
            if self._message_timer is not None:
                self._message_timer.stop()
            self._message_timer = self.set_timer(self.message_seconds,
                                                 partial(self._unsay, message))
        self.refresh_table()

    def _unsay(self, message: str) -> None:
        """Bring the prompt back if ``message`` is still on show."""
        if self.game.message is message:
            self.game.message = None
            self.refresh_table()

    # --- the one place every pause goes through ---------------------------------

    def later(self, seconds: float, callback: Callable[[], None]) -> None:
        """Run ``callback`` after ``seconds`` of play-speed pause (scaled), and only
        while the table is on show."""
        scale = self.delay_scale
        delay = seconds * (1.0 if scale is None else scale)

        def due() -> None:
            if self.live:
                callback()
            else:
                self._held.append(callback)

        if delay <= 0:
            self.call_later(due)
        else:
            self.set_timer(delay, due)

    def resume(self) -> None:
        """Run whatever fell due while the table was hidden, then carry on."""
        if not self.live:
            return
        held, self._held = self._held, []
        for callback in held:
            callback()
        self.pump()

    def _speed_delays(self) -> tuple[float, float, float]:
        speed = self.options.speed
        return speed.card_delay, speed.trick_delay, speed.received_delay

    # --- workers --------------------------------------------------------------------

    def _start(self, work: Callable[[], object], done: Callable[[object], None],
               name: str, group: str = "players") -> None:
        worker: Worker[object] = self.run_worker(work, thread=True, group=group,
                                                 name=name, exit_on_error=False)
        self._jobs[worker] = done

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        """A computer player has decided (or failed)."""
        worker = event.worker
        if event.state not in (WorkerState.SUCCESS, WorkerState.ERROR,
                               WorkerState.CANCELLED):
            return
        done = self._jobs.pop(worker, None)
        if done is None:
            return
        done(worker.result if event.state is WorkerState.SUCCESS else None)

    # --- the flow of the game ----------------------------------------------------

    def deal(self) -> None:
        """Deal the next hand and let the computer players choose their passes."""
        game = self.game
        reason = game.deal()
        if reason:
            self.say(reason)
            return
        level = self.level
        seeds = {seat: self.seed * 1009 + game.deals * 4 + seat for seat in Seat if seat != USER}
        self._players = {seat: self.player_factory(level, seed) for seat, seed in seeds.items()}
        hand = game.hand
        assert hand is not None
        hand.players = (SeatPlayer("human"),
                        *(SeatPlayer(level.name.lower(), seeds[seat]) for seat in seeds))
        game.level_label = level.label
        self._start_passes()
        self.refresh_table()

    def _start_passes(self) -> None:
        """Set the computer players choosing their passes for the current hand."""
        hand = self.game.hand
        assert hand is not None
        views = {seat: hand.view(seat) for seat in self._players if not hand.passed(seat)}
        deal_number = self.game.deals
        players = dict(self._players)
        self._start(partial(_choose_passes, players, views),
                    lambda result: self._passes_chosen(result, deal_number), "passes")

    def _passes_chosen(self, result: object, deal_number: int) -> None:
        game = self.game
        hand = game.hand
        if hand is None or deal_number != game.deals:
            return
        passes: dict[Seat, list[Card]] = {}
        chosen = result if isinstance(result, dict) else {}
        for seat in self._players:
            if hand.passed(seat):
                continue
            cards = chosen.get(seat)
            if cards is None or hand.pass_refusal(seat, cards) is not None:
                cards = self._fallback_pass(seat)
            passes[seat] = cards
        game.pass_computer(passes, deal_number)
        self._after_pass()

    def _fallback_pass(self, seat: Seat) -> list[Card]:
        hand = self.game.hand
        assert hand is not None
        for trio in itertools.combinations(reversed(hand.holding(seat)), 3):
            if hand.pass_refusal(seat, trio) is None:
                return list(trio)
        raise AssertionError("no three cards can be passed")  # pragma: no cover

    def pass_cards(self) -> None:
        """Pass the user's chosen cards."""
        self.say(self.game.pass_user())
        self._after_pass()

    def _after_pass(self) -> None:
        game = self.game
        if game.stage is Stage.RECEIVED:
            moves = game.moves
            self.later(self._speed_delays()[2], lambda: self._settle_if(moves))
        self.refresh_table()

    def _settle_if(self, moves: int) -> None:
        if self.game.moves == moves:
            self.settle()

    def settle(self) -> None:
        """Put the received cards into the hand and start play."""
        if self.game.settle():
            self.refresh_table()
            self.pump()

    def use_card(self, card: Card) -> None:
        """The user chose ``card``: raise it for passing, or play it."""
        game = self.game
        if game.stage is Stage.PASSING:
            self.say(game.choose(card))
            return
        if game.stage is Stage.IDLE:
            self.say("Press Deal (d) for the next hand" if game.hand else
                     "Press Deal (d) to begin")
            return
        reason = game.play_user(card)
        if reason:
            self.say(reason)
            return
        self._after_play()

    def _after_play(self) -> None:
        game = self.game
        if game.stage is Stage.TRICK_SHOW:
            moves = game.moves
            self.later(self._speed_delays()[1], lambda: self._end_trick_if(moves))
        self.refresh_table()
        self.pump()

    def _end_trick_if(self, moves: int) -> None:
        if self.game.moves == moves:
            self.game.end_trick_show()
            self.refresh_table()
            self.pump()

    def pump(self) -> None:
        """Set the next computer player thinking, if one is due; play the rest of
        the hand out when no points are left; play a forced card if asked to."""
        game = self.game
        if game.points_settled:
            self._claim()
            return
        self._force_if_due()
        seat = game.computer_due
        hand = game.hand
        if seat is None or self._thinking or hand is None:
            return
        self._thinking = True
        view = hand.view(seat)
        player = self._players.get(seat) or self.player_factory(self.level, self.seed + seat)
        moves = game.moves
        started = time.monotonic()

        def chosen(result: object) -> None:
            thought = time.monotonic() - started
            card = result if isinstance(result, Card) else None
            wait = max(0.0, self._speed_delays()[0] - thought)
            self.later(wait, lambda: self._computer_plays(seat, card, moves))

        self._start(partial(player.choose_play, view), chosen, f"play {seat}")

    def _computer_plays(self, seat: Seat, card: Card | None, moves: int) -> None:
        game = self.game
        self._thinking = False
        hand = game.hand
        if game.moves != moves or hand is None or game.computer_due != seat:
            self.pump()
            return
        if card is None or hand.play_refusal(card) is not None:
            card = hand.legal_plays()[0]
        game.play_computer(seat, card)
        self._after_play()

    # --- claims and forced cards -------------------------------------------------

    def _claim(self) -> None:
        """No points are left to take: play the hand out at once."""
        hand = self.game.hand
        if self._claiming or self._thinking or hand is None:
            return
        self._claiming = True
        moves = self.game.moves

        def done(result: object) -> None:
            self._claiming = False
            if self.game.moves != moves or not isinstance(result, list):
                self.pump()
                return
            self.game.play_out(result)
            self.say("No points are left to take - the rest of the hand was played out")
            self.pump()

        self.say("No points are left to take - playing the rest of the hand out")
        self._start(partial(_play_out, hand.record(), dict(self._players)), done, "claim")

    def _force_if_due(self) -> None:
        """With the forced-cards option on, play the user's only legal card after a
        short pause."""
        game = self.game
        hand = game.hand
        if (not self.options.forced_cards or self._forcing or hand is None
                or game.stage is not Stage.PLAYING or not game.user_to_play
                or len(hand.legal_plays()) != 1):
            return
        self._forcing = True
        moves = game.moves

        def play() -> None:
            self._forcing = False
            now = self.game.hand
            if self.game.moves != moves or not self.game.user_to_play or now is None:
                return
            (card,) = now.legal_plays()
            if self.game.play_user(card) is None:
                self.say(f"Your only card to play, the {card.long_name}, was played for you")
                self._after_play()

        self.later(self._speed_delays()[0], play)

    # --- aids: hint, undo, the last trick -------------------------------------

    def hint(self) -> None:
        """Ask the Expert, from the user's own view, what it would do now."""
        game = self.game
        hand = game.hand
        if hand is None or not game.hint_due:
            self.say("A hint is given when you have cards to pass or to play")
            return
        view = hand.view(USER)
        deal_seed = hand.seed if hand.seed is not None else self.seed * 1009 + game.deals
        adviser = self.player_factory(HINT_LEVEL, hint_seed(deal_seed))
        moves = game.moves

        def done(result: object) -> None:
            cards = result if isinstance(result, tuple) else ()
            text = self.game.apply_hint(cards, moves)
            if text is None and self.game.moves == moves:
                text = "No hint could be found"
            self.say(text)

        self.say("Thinking of a hint...")
        self._start(partial(advise, view, adviser), done, "hint", group="hint")

    def undo(self) -> None:
        """Take back the user's last card (or pass) and the cards played after it."""
        reason = self.game.undo()
        if reason is not None:
            self.say(reason)
            return
        self._forcing = False
        self.say("Pass taken back - choose again" if self.game.stage is Stage.PASSING
                 else "Taken back - play again")
        self.pump()

    def show_last_trick(self) -> None:
        """Show the previous trick again, holding the game until any key."""
        self.say(self.game.show_last_trick())

    def close_review(self) -> None:
        """Put the trick shown again away and let the game carry on."""
        if self.game.close_review():
            self.refresh_table()
            self.resume()

    # --- leaving: quit and abandon --------------------------------------------

    def action_quit_game(self) -> None:
        """``ctrl+q`` and ``ctrl+c`` quit like ``x``."""
        self.quit_game()

    def quit_game(self) -> None:
        """Leave the game; if that would lose the match in progress, ask first."""
        if self.match_saved:
            self.exit()
            return
        self._confirm("Quit now? This match is not saved and will be lost.", "Quit",
                      self.exit)

    def abandon(self) -> None:
        """Ask, then abandon the match in progress and set up a new one."""
        if not self.game.in_progress:
            self.say("There is no match in progress to abandon")
            return
        self._confirm("Abandon this match and start a new one?", "Abandon", self.new_match)

    def new_match(self) -> None:
        """Abandon the current match (the one place that does) and set up a new one:
        the store keeps it, with every hand played, as abandoned (as ``--new`` does)."""
        notice = self.store.abandon()
        self.game.new_match()
        self._players = {}
        self._held = []
        self._forcing = False
        self.say(notice or "Match abandoned - press Deal (d) to start a new one")

    def _confirm(self, question: str, yes: str, then: Callable[[], None]) -> None:
        if any(isinstance(screen, ConfirmScreen) for screen in self.screen_stack):
            return

        def answered(result: object) -> None:
            if result is True:
                then()

        self.push_screen(ConfirmScreen(question, yes), answered)

    # --- pages ----------------------------------------------------------------------

    def open_scores(self) -> None:
        """Show the score sheet of the match so far."""
        from hearts.tui.scoresheet import ScoreSheetScreen

        if not self.game.match.hands:
            self.say("The score sheet starts with the first deal")
            return
        if not any(isinstance(screen, ScoreSheetScreen) for screen in self.screen_stack):
            self.push_screen(ScoreSheetScreen())

    def open_help(self) -> None:
        """Show the help page over whatever is on show."""
        from hearts.tui.help import HelpScreen

        if not any(isinstance(screen, HelpScreen) for screen in self.screen_stack):
            self.push_screen(HelpScreen())

    def open_stats(self) -> None:
        """Show the statistics page (between hands and at game over)."""
        if not self.game.can("stats"):
            self.say("Statistics can be shown between hands")
            return
        from hearts.tui.stats_page import StatsScreen

        if not any(isinstance(screen, StatsScreen) for screen in self.screen_stack):
            self.push_screen(StatsScreen(self.store))

    def open_options(self) -> None:
        """Show the options page (between hands only)."""
        if not self.game.can("options"):
            self.say("Options can be changed between hands")
            return
        from hearts.tui.options_page import OptionsScreen

        if any(isinstance(screen, OptionsScreen) for screen in self.screen_stack):
            return
        shown = replace(self.options, difficulty=int(self.level))
        self.push_screen(OptionsScreen(shown), self._options_closed)

    def _options_closed(self, result: object) -> None:
        if not isinstance(result, Options):
            self.say("Options unchanged")
            return
        if self.level_override is not None and result.difficulty == int(self.level_override):
            keep = replace(result, difficulty=self.options.difficulty)
        else:
            self.level_override = None
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
        was_over = self.game.match.over
        self.game.set_rules(keep.rules())
        self.game.level_label = self.level.label
        if self.game.match.over and not was_over:
            message += " - the game now ends at " + str(keep.target)
        self.say(message)
