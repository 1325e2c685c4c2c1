"""Pilot tests of the review page: the table drawn at every step as the hand was,
the choices marked on the cards, the summary, names and privacy, every key and
click, the verdicts arriving, and only a finished hand opening."""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import pytest
from rich.style import Style
from textual.widgets import ProgressBar, Static

from hearts.cards import Card, Seat
from hearts.hand import Hand, StandIn
from hearts.review.analysis import review_hand
from hearts.review.document import ReviewUnreadable, decision_count
from hearts.review.names import Seating
from hearts.review.replay import replay, truncated
from hearts.review.text import review_help
from hearts.review.verdict import Decision
from hearts.table import display_order
from hearts.tui.render import Canvas, Palette
from hearts.tui.replay_frame import frame_at
from hearts.tui.replay_widgets import (
    COMPACT_ROWS,
    FULL_ROWS,
    MarkStyles,
    ReplaySummary,
    ReplayTable,
    StepStrip,
    chip_text,
    paint_frame,
)
from hearts.tui.review_page import HelpText, ReviewApp, ReviewHelpScreen, ReviewScreen, fit_text
from tests.review.helpers import (
    MOON_DEAL,
    MOON_QUEUES,
    PEOPLE,
    fixed_verdicts,
    scripted_record,
    steady_record,
)

MOON = scripted_record(MOON_DEAL, MOON_QUEUES, Seat.SOUTH, "2H AH")
FRIENDS = steady_record(5, players=PEOPLE)
"""Ann (South) and Bob (North) with two Club players: a table for friends."""
JUDGED = {
    (Seat.SOUTH, -1): ("mistake", [("AC KC JH", 3.1), ("KC AC KS", 5.0)]),
    (Seat.SOUTH, 3): ("best", [("6H", 2.0), ("JH", 2.5), ("QH", 3.0), ("AH", 4.2)]),
    (Seat.SOUTH, 4): ("blunder", [("AH", 1.5), ("QH", 2.0), ("2D", 6.5)]),
    (Seat.WEST, 5): ("close", [("TD", 2.8), ("7D", 3.1)]),
    (Seat.NORTH, 6): ("inaccuracy", [("QD", 4.0), ("3D", 4.8), ("4D", 5.0), ("5D", 5.2)]),
}
"""Verdicts given by hand: Ann's pass a mistake, her 6H best, her 2D a blunder (the
ace of hearts was best), West's 7D too close to call, Bob's 3D an inaccuracy."""
VERDICTS = fixed_verdicts(FRIENDS, JUDGED)


def given(verdicts: list[Decision]) -> Callable[[Callable[[Decision], None]], object]:
    """A reviewer handing over ``verdicts`` as if it judged them."""
    def reviewer(progress: Callable[[Decision], None]) -> object:
        for decision in verdicts:
            progress(decision)
        return None
    return reviewer


def page(app: ReviewApp) -> ReviewScreen:
    screen = app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


def text_of(app: ReviewApp, selector: str) -> str:
    return str(app.screen.query_one(selector, Static).render())


def lines_of(widget: ReplayTable | ReplaySummary | StepStrip) -> list[str]:
    return str(widget.render()).split("\n")


async def opened(app: ReviewApp, pilot: Any) -> ReviewScreen:
    await app.workers.wait_for_complete()
    await pilot.pause()
    screen = page(app)
    assert screen.done
    return screen


async def test_the_keys_step_through_the_hand_and_jump() -> None:
    app = ReviewApp(FRIENDS, given(VERDICTS), ascii_only=True, you=Seat.SOUTH, everyone=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        assert text_of(app, "#review-headline") == "Step 0 of 56: the deal"
        await pilot.press("right")
        assert text_of(app, "#review-headline") == ("Step 1 of 56: Ann passes KS KC AC to "
                                                    "West (Club)")
        await pilot.press("right", "right", "right", "right")
        assert text_of(app, "#review-headline") == "Step 5 of 56: West (Club) plays 3H (trick 1)"
        await pilot.press("right", "right", "right")
        assert "Ann plays 6H (trick 1), Ann takes it" in text_of(app, "#review-headline")
        await pilot.press("end")
        assert screen.index == 56 and "Step 56 of 56" in text_of(app, "#review-headline")
        await pilot.press("right")  # past the last card: the summary
        assert screen.index == screen.summary_index
        assert screen.query_one(ReplaySummary).display
        assert not screen.query_one(ReplayTable).display
        await pilot.press("right")
        assert screen.index == screen.summary_index  # the end
        await pilot.press("left")
        assert screen.index == 56 and screen.query_one(ReplayTable).display
        await pilot.press("home")
        assert screen.index == 0
        await pilot.press("left")
        assert screen.index == 0
        await pilot.press("s")
        assert screen.index == screen.summary_index
        await pilot.press("q")
        await pilot.pause()
    assert not app.is_running


async def test_a_click_on_the_strip_goes_to_the_deal_the_pass_a_trick_or_the_summary() -> None:
    app = ReviewApp(FRIENDS, given(VERDICTS), ascii_only=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        strip = screen.query_one(StepStrip)
        row = lines_of(strip)[0]
        assert row.split() == ["Deal", "Pass", *map(str, range(1, 14)), "Summary"]
        for word, index in (("Pass", 1), ("12", 4 + 11 * 4 + 1), ("Summary", 57),
                            ("Deal", 0), ("1", 5)):
            await pilot.click(StepStrip, offset=(f" {row} ".index(f" {word} "), 0))
            await pilot.pause()
            assert screen.index == index, word
        await pilot.click(StepStrip, offset=(row.index("Pass") - 1, 0))  # between entries
        await pilot.pause()
        assert screen.index == 5


def test_the_table_drawn_at_each_step_is_the_hand_as_it_was() -> None:
    plain = Style()
    palette = Palette(plain, plain, plain, plain, plain, plain)
    styles = MarkStyles(plain, plain, plain, plain, plain)
    steps = replay(FRIENDS)
    seating = Seating(FRIENDS)
    for you in (Seat.SOUTH, Seat.NORTH):
        for height, ascii_only in ((COMPACT_ROWS, True), (FULL_ROWS, False)):
            for index, step in enumerate(steps):
                frame = frame_at(steps, index, None, seating, you, ascii_only=ascii_only)
                canvas = Canvas(80, height, palette.table)
                drawn = paint_frame(canvas, frame, palette, styles, ascii_only)
                rows = str(canvas.render()).split("\n")
                if step.kind == "play":  # the hand as it stood after that card
                    hand = Hand.from_record(truncated(FRIENDS, step.plays))
                    assert [set(hand.holding(seat)) for seat in Seat] == \
                        [set(cards) for cards in step.hands]
                for seat in Seat:
                    assert sorted(card for card, _x, _y in drawn[seat]) == \
                        sorted(step.hands[seat]), (index, seat)
                    for card, x, y in drawn[seat]:
                        bottom = seat == you and height == FULL_ROWS
                        if bottom:  # a full face: the rank in its corner
                            shown = rows[y + 1][x + 1:x + 4].strip()
                            assert shown == ("10" if card.rank == 10 else card.rank_name)
                        else:
                            assert rows[y][x:x + 3] == chip_text(card, ascii_only)
                # the person reviewing at the bottom, the seat across at the top
                assert all(y < 3 for _c, _x, y in drawn[you.offset(2)])
                assert all(y > 12 for _c, _x, y in drawn[you])


async def test_a_decision_is_marked_on_the_cards_with_its_expected_points() -> None:
    app = ReviewApp(FRIENDS, given(VERDICTS), ascii_only=True, you=Seat.SOUTH, everyone=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        await pilot.press("s", "1")  # the costliest: Ann's 2D, the ace of hearts best
        assert "Ann plays 2D (trick 2)" in text_of(app, "#review-headline")
        words = text_of(app, "#review-words")
        assert "Ann played 2D: a blunder. It gave away 5.00 +/- 0.30 points against AH" in \
            " ".join(words.split())
        table = screen.query_one(ReplayTable)
        frame = table.frame
        assert frame is not None
        assert {str(c): (m.text, m.kind) for c, m in frame.marks.items()} == {
            "AH": ("1.50", "best"), "QH": ("2.00", "choice"), "2D": ("6.50", "error")}
        rows = lines_of(table)
        drawn = dict(((card, (x, y)) for card, x, y in table.drawn[Seat.SOUTH]))
        x, y = drawn[Card.parse("AH")]
        assert rows[y + 1][x - 1:x + 4].strip() == "1.50"  # under the ace
        x, y = drawn[Card.parse("QH")]
        assert rows[y + 1][x - 1:x + 4].strip() == "2.00"
        assert "6.50" in "".join(rows)  # under the 2D, in the trick
        await pilot.press("home", "right")  # Ann's pass: a mistake, the best pass shown
        frame = table.frame
        assert frame is not None and frame.passed == tuple(
            sorted((Card.parse(c) for c in ("KC", "AC", "KS")), key=display_order))
        assert frame.best_pass and frame.pass_mark is not None
        assert (frame.pass_mark.text, frame.pass_mark.kind) == ("5.00", "error")
        assert "best JH KC AC" in " ".join("\n".join(lines_of(table)).split())
        assert frame.away == set(frame.passed)  # still in Ann's hand, dimmed, until the exchange
        assert set(frame.passed) <= set(frame.hands[Seat.SOUTH])
        await pilot.press("right")  # West's pass: forced, nothing marked
        frame = table.frame
        assert frame is not None and not frame.marks and len(frame.away) == 6
        await pilot.press("right", "right")  # the fourth pass: the cards exchanged
        frame = table.frame
        assert frame is not None and not frame.away
        assert not set(frame.passed) & set(frame.hands[Seat.EAST])


async def test_the_summary_gives_the_points_given_away_and_the_worst_three_a_key_away(
        ) -> None:
    app = ReviewApp(FRIENDS, given(VERDICTS), ascii_only=True, you=Seat.SOUTH, everyone=True)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        await pilot.press("s")
        summary = screen.query_one(ReplaySummary)
        text = "\n".join(lines_of(summary))
        assert "Points taken in the hand: Ann 13, West (Club) 19, Bob 1, East (Club) 0." in \
            " ".join(text.split())
        for line in ("Ann (South) 6.90 +/- 0.52 in 3 decisions (1 best, 1 mistake, 1 blunder)",
                     "Bob (North) 0.80 +/- 0.30 in 1 decision (1 inaccuracy)",
                     "West (Club) 0.30 +/- 0.30 in 1 decision (1 too close to call)"):
            assert line in " ".join(text.split())
        assert "The costliest decisions (1, 2, 3 shows one):" in text
        places = {}
        for number, (key, what) in enumerate(((Seat.SOUTH, 4), (Seat.SOUTH, -1),
                                              (Seat.NORTH, 6)), 1):
            await pilot.press("s", str(number))
            decision = screen.verdicts[screen.index]
            assert (decision.seat, decision.plays if decision.kind == "play" else -1) == \
                (key, what)
            places[number] = screen.index
        await pilot.press("s")
        row = next(n for n, line in enumerate(lines_of(summary)) if line.strip().startswith("3"))
        await pilot.click(ReplaySummary, offset=(4, row))
        await pilot.pause()
        assert screen.index == places[3]
        await pilot.press("s")
        await pilot.click(ReplaySummary, offset=(4, 0))  # not a decision: stays
        await pilot.pause()
        assert screen.index == screen.summary_index
        await pilot.press("a")  # one's own only: Ann's two errors, the others hidden
        text = "\n".join(lines_of(summary))
        assert "Your costliest decisions (1, 2 shows one):" in text
        assert "Bob (North) not shown (a shows everyone's)" in text
        await pilot.press("3")
        assert screen.index == screen.summary_index  # there is no third


async def test_people_are_named_as_they_sat_and_friends_see_their_own_decisions_first(
        ) -> None:
    app = ReviewApp(FRIENDS, given(VERDICTS), ascii_only=True, you=Seat.SOUTH)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        assert not screen.everyone  # a table for friends: Ann's own decisions first
        table = screen.query_one(ReplayTable)
        names = "\n".join(lines_of(table))
        for label in ("Ann - 0 points", "Bob - 0 points", "West (Club) - 0 points",
                      "East (Club) - 0 points"):
            assert label in names
        bobs = 5 + 6  # Bob's 3D, the seventh card: an inaccuracy
        screen._go(bobs)
        await pilot.pause()
        assert "Bob plays 3D" in text_of(app, "#review-headline")
        assert text_of(app, "#review-words") == "Bob's decision is not shown: a shows everyone's."
        assert table.frame is not None and not table.frame.marks
        strip = screen.query_one(StepStrip)
        assert strip.errors == {1, 9}  # Ann's pass and her 2D; Bob's error is his
        await pilot.press("a")
        assert strip.errors == {1, 9, 11}
        assert "Bob played 3D: an inaccuracy" in text_of(app, "#review-words")
        assert table.frame is not None and table.frame.marks
        assert "a yours" in text_of(app, "#review-status")
        await pilot.press("a")
        assert "not shown" in text_of(app, "#review-words")


async def test_at_a_network_seat_the_person_is_drawn_at_the_bottom() -> None:
    app = ReviewApp(FRIENDS, given(VERDICTS), ascii_only=True, you=Seat.NORTH)
    async with app.run_test(size=(80, 24)) as pilot:
        screen = await opened(app, pilot)
        rows = lines_of(screen.query_one(ReplayTable))
        top = next(n for n, line in enumerate(rows) if line.strip())
        assert rows[top].strip() == "Ann - 0 points"  # across the table from Bob
        assert any(line.strip() == "Bob - 0 points" for line in rows[12:])
        screen._go(5 + 4)  # Ann's 2D: Bob sees his own decisions only
        await pilot.pause()
        assert "Ann's decision is not shown" in text_of(app, "#review-words")


async def test_question_mark_and_h_explain_the_words_figures_and_keys() -> None:
    app = ReviewApp(MOON, None, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        for key in ("question_mark", "h"):
            await pilot.press(key)
            await pilot.pause()
            assert isinstance(app.screen, ReviewHelpScreen)
            text = " ".join(str(app.screen.query_one("#review-help Static").render()).split())
            for words in ("too close to call", "inaccuracy", "Expected", "+/-",
                          "standard error", "Hindsight", "half of the deals", "THE REPLAY",
                          "on gold the best choice", "three costliest decisions"):
                assert words in text
            await pilot.press("space")
            await pilot.pause()
            assert isinstance(app.screen, ReviewScreen)


@pytest.mark.parametrize("size", [(80, 24), (100, 30), (120, 40)])
async def test_the_help_wraps_each_line_once_to_its_box(size: tuple[int, int]) -> None:
    # U15: the help was hard-wrapped at 80 and wrapped again by a narrower box
    app = ReviewApp(MOON, None)
    async with app.run_test(size=size) as pilot:
        await pilot.press("h")
        await pilot.pause()
        help_text = app.screen.query_one(HelpText)
        width = help_text.content_region.width
        assert width <= 78
        lines = str(help_text.render()).split("\n")
        assert all(len(line) <= width for line in lines)
        assert help_text.virtual_region.height == len(lines)  # nothing wrapped again
        # an entry's later lines keep to its text's column
        at = next(n for n, line in enumerate(lines) if line.startswith("Given away  "))
        assert lines[at + 1].startswith(" " * 12) and lines[at + 1][12] != " "
        assert " ".join(fit_text(review_help(), 200).split()) == " ".join(
            review_help().split())  # every word, once, in order


async def test_the_progress_bar_counts_the_verdicts_as_they_arrive() -> None:
    arrived: list[Decision] = []
    gate = threading.Event()

    def slow(progress: Callable[[Decision], None]) -> object:
        def told(decision: Decision) -> None:
            arrived.append(decision)
            progress(decision)
            if len(arrived) == 10:
                gate.wait(30)

        return review_hand(MOON, list(Seat), 0, 6, progress=told)  # every seat, as at the table

    app = ReviewApp(MOON, slow, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = page(app)
        for _ in range(300):
            if len(screen.verdicts) == 10:
                break
            await pilot.pause(0.05)
        bar = screen.query_one("#review-progress-bar", ProgressBar)
        assert bar.total == decision_count(MOON) == 52 and bar.progress == 10
        assert text_of(app, "#review-state") == "10 of 52 verdicts"
        await pilot.press("end")
        assert "'s decision: being worked out..." in text_of(app, "#review-words")
        await pilot.press("s")
        assert "(10 of 52 verdicts so far)" in "\n".join(lines_of(
            screen.query_one(ReplaySummary)))
        gate.set()
        await app.workers.wait_for_complete()
        await pilot.pause()
        assert bar.progress == 52 and text_of(app, "#review-state") == "all verdicts in"
        await pilot.press("end", "left", "left", "left", "left")
        assert "South played 2H: a blunder" in text_of(app, "#review-words")


async def test_a_review_that_fails_says_so_and_the_page_stays() -> None:
    def broken(progress: Callable[[Decision], None]) -> object:
        raise RuntimeError("no verdicts today")

    app = ReviewApp(MOON, broken, ascii_only=True)
    async with app.run_test(size=(100, 30)) as pilot:
        screen = await opened(app, pilot)
        assert text_of(app, "#review-state") == \
            "the review failed (RuntimeError: no verdicts today); 0 verdicts"
        await pilot.press("right")
        assert "West (Club) plays AC" not in text_of(app, "#review-headline")  # no players
        assert "West plays AC" in text_of(app, "#review-headline")
        assert text_of(app, "#review-words") == "West's decision: not reviewed."
        assert screen.done


async def test_below_80_by_24_the_page_waits_behind_a_notice() -> None:
    app = ReviewApp(FRIENDS, given(VERDICTS), ascii_only=True)
    async with app.run_test(size=(79, 24)) as pilot:
        screen = await opened(app, pilot)
        assert screen.too_small
        await pilot.press("right")
        assert screen.index == 0  # keys wait too
        await pilot.resize_terminal(80, 24)
        await pilot.pause()
        assert not screen.too_small
        await pilot.press("right")
        assert screen.index == 1


def test_only_a_finished_hand_opens() -> None:
    record = truncated(FRIENDS, 30)
    assert Hand.from_record(record).phase.value != "over"
    with pytest.raises(ReviewUnreadable, match="before it is over"):
        ReviewScreen(record)
    with pytest.raises(ReviewUnreadable, match="before it is over"):
        ReviewScreen(truncated(FRIENDS, 0, passes=False))


async def test_in_ascii_the_page_draws_nothing_but_ascii() -> None:
    app = ReviewApp(FRIENDS, given(VERDICTS), ascii_only=True, you=Seat.SOUTH, everyone=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await opened(app, pilot)
        screens = {}
        for name, keys in (("the deal", ()), ("a pass", ("right",)),
                           ("a decision", ("s", "1")), ("the summary", ("s",)),
                           ("the help", ("h",))):
            await pilot.press(*keys)
            await pilot.pause()
            strips = app.screen._compositor.render_strips()
            screens[name] = "\n".join(strip.text for strip in strips)
            if name == "the help":
                await pilot.press("space")
        for name, text in screens.items():
            assert text.isascii(), (name, [c for c in text if not c.isascii()][:5])
        assert "=" in screens["the deal"].splitlines()[-1]  # the progress bar, in ASCII


def test_a_decision_a_computer_player_made_for_someone_who_left_says_so() -> None:
    record = replace(FRIENDS, stand_ins=(StandIn(Seat.NORTH, 6, "casual", 5),))
    steps = replay(record)
    bobs = next(d for d in VERDICTS if d.seat == Seat.NORTH and d.plays == 6)
    frame = frame_at(steps, 5 + 6, bobs, Seating(record), Seat.NORTH, ascii_only=True)
    assert frame.words.startswith("Bob played 3D: an inaccuracy.")
    assert frame.words.endswith("(A Casual player stood in for Bob.)")
    earlier = next(d for d in VERDICTS if d.seat == Seat.NORTH and d.plays == 1)
    assert "stood in" not in frame_at(steps, 5 + 1, earlier, Seating(record), Seat.NORTH).words
