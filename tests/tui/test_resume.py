"""The table and the store: quit at every stage and carry on from the same screen,
--new and abandoning, who sat where, the assisted flag, notices about the store,
and the statistics page."""

from __future__ import annotations

import io
import sqlite3
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Static

from hearts import Card, Phase, SeatPlayer
from hearts.ai import Level, Player
from hearts.table import Stage
from hearts.tui import cli, words
from hearts.tui.app import HeartsApp
from hearts.tui.widgets import GameButton, HandRow, TrickArea

from .helpers import (
    SIZE,
    SteadyPlayer,
    deal_and_pass,
    deal_and_play,
    deal_and_receive,
    finish_match_in_engine,
    make_app,
    play_out_hand_by_keys,
    play_user_card_by_keys,
    settle,
)

pytestmark = pytest.mark.slow  # every test drives the whole game through Textual's pilot

Steps = Callable[[Pilot[None]], Awaitable[None]]


def screen(app: HeartsApp) -> tuple[object, ...]:
    """Everything the table shows but the status line and the highlight (the screen's
    own, never saved: a resumed turn rests it on the lowest card that may be played)."""
    page = app.screen
    buttons = tuple(str(b.label) for b in page.query(GameButton) if b.display)
    # the trick area's height follows the status line's, which wraps long messages
    trick = page.query_one(TrickArea).render().plain.rstrip()
    return (trick, page.query_one(HandRow).render().plain,
            buttons, app.seat_view.stage, tuple(app.seat_view.choice.cards))


def stats_text(app: HeartsApp) -> str:
    """The statistics page's text as the terminal shows it."""
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(app.screen.query_one("#stats-text", Static).content)
    return console.export_text()


def db(tmp_path: Path) -> sqlite3.Connection:
    return sqlite3.connect(tmp_path / "hearts-data" / "hearts.db")


async def quit_and_resume(tmp_path: Path, steps: Steps, delay_scale: float = 0.0,
                          hand_number: int = 1) -> tuple[HeartsApp, HeartsApp]:
    """Play ``steps``, quit with ``x``, start again: the same screen comes back.
    The first run plays without pauses (``steps`` may slow it down); the second
    runs with ``delay_scale``."""
    first = make_app(tmp_path)
    async with first.run_test(size=SIZE) as pilot:
        await steps(pilot)
        await pilot.pause()
        before = screen(first)
        await pilot.press("x")
    assert not first.is_running
    second = make_app(tmp_path, delay_scale=delay_scale, message_seconds=0.3)
    resumed = second.seat_view.notice  # what the start says, before it gives way
    async with second.run_test(size=SIZE) as pilot:
        await pilot.pause()
        assert second.resumed
        for _ in range(40):  # the notice gives way to the prompt alone
            if second.seat_view.notice is None:
                break
            await pilot.pause(0.05)
        assert screen(second) == before
        second.seat_view.notice = resumed
        # a finished trick on show keeps saying who took it
        notice = second.seat_view.notice or ""
        if second.table.match.over:  # no match to carry on: the game-over screen alone
            assert "Match resumed" not in notice
        else:
            assert notice.endswith(f"Match resumed - hand {hand_number}")
    return first, second


async def test_resume_while_choosing_passes(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("d")
        await settle(pilot)
        app = pilot.app
        assert isinstance(app, HeartsApp)
        for _ in range(2):  # choose two cards other than the queen of spades
            while app.seat_view.highlighted in (Card.parse("QS"), *app.seat_view.choice.cards):
                await pilot.press("right")
            await pilot.press("space")
        await pilot.press("right")

    _first, second = await quit_and_resume(tmp_path, steps)
    assert len(second.seat_view.choice.cards) == 2


async def test_resume_with_received_cards_on_show(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, HeartsApp)
        app.delay_scale = 1000.0
        await deal_and_receive(pilot)
        assert app.seat_view.stage is Stage.RECEIVED

    await quit_and_resume(tmp_path, steps, delay_scale=1000.0)


async def test_resume_mid_trick_on_your_play(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await deal_and_play(pilot, 4)
        await pilot.press("right", "right")

    _first, second = await quit_and_resume(tmp_path, steps)
    hand = second.table.hand
    assert hand is not None and len(hand.plays) > 13 and second.seat_view.state.to_play


async def test_resume_while_a_computer_is_due(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, HeartsApp)
        await deal_and_pass(pilot)
        await settle(pilot)
        while len(app.table.hand.trick) == 3:  # type: ignore[union-attr]
            await play_user_card_by_keys(pilot)  # South would close the trick
            await settle(pilot)
        app.delay_scale = 1000.0  # the computers' cards wait from here on
        await play_user_card_by_keys(pilot)
        await app.workers.wait_for_complete()
        assert app.table.computer_due is not None

    first, second = await quit_and_resume(tmp_path, steps, delay_scale=1000.0)
    assert second.table.computer_due == first.table.computer_due


async def test_resume_with_a_finished_trick_on_show(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, HeartsApp)
        await deal_and_pass(pilot)
        await settle(pilot)
        while True:
            hand = app.table.hand
            assert hand is not None
            if len(hand.trick) == 3:  # South plays the last card of this trick
                break
            await play_user_card_by_keys(pilot)
            await settle(pilot)
        app.delay_scale = 1000.0
        await play_user_card_by_keys(pilot)
        assert app.seat_view.stage is Stage.TRICK_SHOW

    await quit_and_resume(tmp_path, steps, delay_scale=1000.0)


async def test_resume_between_hands(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)

    first, second = await quit_and_resume(tmp_path, steps)
    assert second.table.match.scores == first.table.match.scores != (0, 0, 0, 0)
    third = make_app(tmp_path)
    async with third.run_test(size=SIZE) as pilot:  # and the next deal is hand 2
        await pilot.press("d")
        await settle(pilot)
        assert len(third.table.match.hands) == 2
        assert third.table.match.hand is not None
        assert third.table.match.hand.scores == first.table.match.scores


async def test_resume_at_game_over(tmp_path: Path) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        app = pilot.app
        assert isinstance(app, HeartsApp)
        finish_match_in_engine(app)
        await pilot.pause()

    _first, second = await quit_and_resume(tmp_path, steps,
                                          hand_number=len_hands_of_finished_match())
    assert second.table.match.over
    assert "Game over" in " ".join(words.result_lines(second.seat_view.state))
    assert db(tmp_path).execute("SELECT status FROM matches").fetchall() == [("finished",)]


def len_hands_of_finished_match() -> int:
    app = HeartsApp(seed=1, delay_scale=0)
    finish_match_in_engine(app)
    app.store.close()
    return len(app.table.match.hands)


async def test_before_the_first_deal_nothing_is_resumed(tmp_path: Path) -> None:
    first = make_app(tmp_path)
    async with first.run_test(size=SIZE) as pilot:
        await pilot.press("x")
    second = make_app(tmp_path)
    async with second.run_test(size=SIZE):
        assert not second.resumed and "Welcome" in second.seat_view.prompt()


async def test_the_quit_button_saves_too(tmp_path: Path) -> None:
    first = make_app(tmp_path)
    async with first.run_test(size=SIZE) as pilot:
        await deal_and_play(pilot)
        plays = first.table.hand.plays  # type: ignore[union-attr]
        await pilot.click("#button-quit")
    second = make_app(tmp_path)
    async with second.run_test(size=SIZE):
        assert second.table.hand is not None and second.table.hand.plays == plays


# --- the computer players carry on as they were -------------------------------------


class Recorder:
    """A player factory that notes every (level, seed) it is asked for."""

    def __init__(self) -> None:
        self.made: list[tuple[Level, int]] = []

    def __call__(self, level: Level, seed: int) -> Player:
        self.made.append((level, seed))
        return SteadyPlayer()


async def test_who_sat_where_is_recorded_with_the_players_seeds(tmp_path: Path) -> None:
    recorder = Recorder()
    app = make_app(tmp_path, level=Level.STRONG, player_factory=recorder)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        hand = app.table.hand
        assert hand is not None
        assert hand.players == (SeatPlayer("human"),
                                *(SeatPlayer("strong", seed) for _, seed in recorder.made))
        assert [level for level, _ in recorder.made] == [Level.STRONG] * 3
    stored = db(tmp_path).execute("SELECT record, level FROM hands").fetchone()
    assert '"player": "strong"' in stored[0] and stored[1] == "strong"


async def test_resumed_players_are_rebuilt_with_the_same_seeds(tmp_path: Path) -> None:
    recorder = Recorder()
    first = make_app(tmp_path, level=Level.CASUAL, player_factory=recorder)
    async with first.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        await pilot.press("x")
    again = Recorder()
    # another level now: the hand in progress keeps the players it was dealt with
    second = make_app(tmp_path, level=Level.EXPERT, player_factory=again)
    # and the start says so, after the match it resumed
    assert second.seat_view.notice == ("Match resumed - hand 1 - Casual players finish "
                                       "this hand; Expert players from the next")
    async with second.run_test(size=SIZE) as pilot:
        await play_out_hand_by_keys(pilot)
        assert again.made and set(again.made) <= set(recorder.made)
        before = len(again.made)
        await pilot.press("d")
        await settle(pilot)
        dealt = again.made[before:]
        assert [level for level, _ in dealt] == [Level.EXPERT] * 3
        seeds = [seed for _, seed in dealt]
        assert seeds == [second.table.seed * 1009 + 2 * 4 + seat for seat in (1, 2, 3)]
        assert second.table.seed == first.table.seed


async def test_resumed_real_players_decide_as_before(tmp_path: Path) -> None:
    """Against the real Casual players: a hand interrupted and resumed is played
    exactly as the same hand played straight through."""
    from hearts.ai import make_player

    async def play_hand(app: HeartsApp, pilot: Pilot[None], stop: int | None) -> None:
        await deal_and_pass(pilot) if app.table.hand is None else None
        await settle(pilot)
        while app.table.hand is not None and app.table.hand.phase is not Phase.OVER:
            if stop is not None and len(app.table.hand.plays) >= stop:
                return
            await play_user_card_by_keys(pilot)
            await settle(pilot)

    straight = make_app(tmp_path / "a", level=Level.CASUAL, player_factory=make_player)
    async with straight.run_test(size=SIZE) as pilot:
        await play_hand(straight, pilot, None)
    straight_plays = straight.table.hand.plays  # type: ignore[union-attr]
    for folder in ("b",):
        first = make_app(tmp_path / folder, level=Level.CASUAL, player_factory=make_player)
        async with first.run_test(size=SIZE) as pilot:
            await play_hand(first, pilot, 21)
            await pilot.press("x")
        second = make_app(tmp_path / folder, level=Level.CASUAL, player_factory=make_player)
        async with second.run_test(size=SIZE) as pilot:
            await play_hand(second, pilot, None)
        assert second.table.hand is not None and second.table.hand.plays == straight_plays


# --- new matches, abandoning, assisted -------------------------------------------------


async def play_into_a_hand(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_play(pilot)
        await pilot.press("x")


async def test_new_records_the_unfinished_match_as_abandoned(tmp_path: Path) -> None:
    await play_into_a_hand(tmp_path)
    app = make_app(tmp_path, new_match=True)
    async with app.run_test(size=SIZE) as pilot:
        assert not app.resumed and app.table.hand is None
        assert "Welcome" in app.seat_view.prompt()
        await pilot.press("d")
        await settle(pilot)
    rows = db(tmp_path).execute("SELECT id, status, ended IS NOT NULL FROM matches").fetchall()
    assert rows == [(1, "abandoned", 1), (2, "playing", 0)]
    assert db(tmp_path).execute("SELECT count(*) FROM hands WHERE match_id = 1"
                                ).fetchone() == (1,)  # the hand is kept


def test_new_and_seed_on_the_command_line(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[dict[str, object]] = []

    class FakeApp:
        def __init__(self, **kwargs: object) -> None:
            made.append(kwargs)
            self.wants_daily = False

        def run(self) -> None:
            pass

    monkeypatch.setattr("hearts.tui.app.HeartsApp", FakeApp)
    cli.main(["--new"])
    cli.main(["--seed", "4"])
    cli.main([])
    assert [kwargs["new_match"] for kwargs in made] == [True, True, False]


async def test_abandon_match_is_one_call(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        app.new_match()
        await pilot.pause()
        assert app.table.hand is None and app.seat_view.stage is Stage.IDLE
        assert app.seat_view.prompt().startswith("Match abandoned")
        await pilot.press("d")
        await settle(pilot)
        assert app.table.hand is not None
    rows = db(tmp_path).execute("SELECT id, status FROM matches").fetchall()
    assert rows == [(1, "abandoned"), (2, "playing")]


async def test_mark_assisted_is_saved_with_the_match(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("question_mark")  # a hint
        await settle(pilot)
        await pilot.press("x")
    assert db(tmp_path).execute("SELECT assisted FROM matches").fetchall() == [(1,)]
    again = make_app(tmp_path)
    async with again.run_test(size=SIZE):
        assert again.store.assisted


# --- notices ------------------------------------------------------------------------------


async def test_a_damaged_store_is_moved_aside_and_the_game_plays(tmp_path: Path) -> None:
    folder = tmp_path / "hearts-data"
    folder.mkdir()
    (folder / "hearts.db").write_text("scribbles")
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        notice = app.seat_view.notice
        assert notice is not None
        assert notice.startswith("hearts.db was damaged - kept as hearts.db.")
        assert notice.endswith(".broken") and len(notice) <= 78
        await deal_and_pass(pilot)
        await settle(pilot)
        assert app.store.saving
    (aside,) = folder.glob("*.broken")
    assert aside.read_text() == "scribbles"


async def test_a_newer_store_plays_without_saving(tmp_path: Path) -> None:
    folder = tmp_path / "hearts-data"
    folder.mkdir()
    sqlite3.connect(folder / "hearts.db").execute("PRAGMA user_version = 99").close()
    before = (folder / "hearts.db").read_bytes()
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.seat_view.prompt().startswith("hearts.db is from a newer Hearts - "
                                     "playing on without saving")
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        await pilot.press("t")
        assert "newer Hearts" in stats_text(app)
    assert (folder / "hearts.db").read_bytes() == before


async def test_an_unwritable_data_folder_plays_without_saving(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    monkeypatch.setenv("HEARTS_DATA_DIR", str(blocker / "data"))
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        assert app.seat_view.prompt().startswith("Not saving progress: ")
        await deal_and_pass(pilot)
        await play_out_hand_by_keys(pilot)
        assert app.table.hand is not None and app.table.hand.phase is Phase.OVER


async def test_a_second_window_plays_a_match_of_its_own(tmp_path: Path) -> None:
    first = make_app(tmp_path)
    async with first.run_test(size=SIZE) as pilot:
        await deal_and_pass(pilot)
        await settle(pilot)
        second = make_app(tmp_path)
        async with second.run_test(size=SIZE) as other:
            assert second.seat_view.prompt().startswith(
                "The saved match is open in another window - this one plays a new match")
            assert second.table.hand is None and not second.resumed
            await other.press("d")
            await settle(other)
        # the second window left before its match ended: abandoned, kept
        rows = db(tmp_path).execute("SELECT id, status FROM matches ORDER BY id").fetchall()
        assert rows == [(1, "playing"), (2, "abandoned")]
        await pilot.press("x")
    third = make_app(tmp_path)
    async with third.run_test(size=SIZE):
        assert third.resumed and third.table.match.seed == first.table.match.seed


# --- the statistics page ------------------------------------------------------------------


async def test_statistics_page_between_hands(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        await pilot.press("t")
        assert app.screen.id == "stats-screen"
        assert "No hands finished yet" in stats_text(app)
        await pilot.press("t")
        assert app.screen.id == "table-screen"
        await deal_and_pass(pilot)
        await settle(pilot)
        await pilot.press("t")
        assert app.screen.id == "table-screen"
        assert "Statistics can be shown between hands" in app.seat_view.prompt()
        await play_out_hand_by_keys(pilot)
        await pilot.click("#button-stats")
        assert app.screen.id == "stats-screen"
        text = stats_text(app)
        assert "Hands played" in text and "Beginner" in text
        for key in ("q", "c", "x"):
            await pilot.press(key)
            assert app.screen.id == "table-screen" and app.is_running
            await pilot.press("t")
        await pilot.press("escape", "h")
        assert app.screen.id == "help-screen"


async def test_statistics_button_only_between_hands(tmp_path: Path) -> None:
    app = make_app(tmp_path)
    async with app.run_test(size=SIZE) as pilot:
        button = app.screen.query_one("#button-stats", GameButton)
        assert button.display and str(button.label) == "Stats"
        await pilot.press("d")
        await settle(pilot)
        assert not button.display


