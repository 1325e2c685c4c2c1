"""The player's own record at the web table, in headless Chromium on a phone
(390x844, touch): every finished hand is kept by the browser, Your record shows
the statistics the terminal counts for them, and its export is a file
``hearts verify`` checks. The figures of a hand the page counts are the
engine's, in every scoring (a moon and the jack of diamonds included), and the
browser keeps a bounded number of hands, the oldest giving way.
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from hearts.ai import Level, make_player
from hearts.ai.shooter import make as make_shooter
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.rules import Rules, RuleSet
from hearts.store.report import ROWS, STOOD_IN_ROW
from hearts.verify import main as verify_main
from hearts.words import words

from .test_web_table import play_by_taps, sit_down, status
from .web import SCREENS, Served, assert_accessible, table_server, tap

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ARTIFACTS = Path(__file__).with_name("artifacts")


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Served]:
    """A table of one person and three Beginners."""
    served, _server = table_server(tmp_path / "server")
    try:
        yield served
    finally:
        served.close()


def _played(rules: Rules, seed: int, shooter_seat: Seat | None) -> dict[str, Any]:
    """A whole hand's record, played by Beginners (and a moon-hungry player)."""
    hand = Hand.deal(rules, seed)
    players = [make_shooter(seed) if seat is shooter_seat else make_player(Level.BEGINNER, seed)
               for seat in Seat]
    for seat in Seat:
        hand.pass_cards(seat, players[seat].choose_pass(hand.view(seat)))
    while hand.turn is not None:
        hand.play(players[hand.turn].choose_play(hand.view(hand.turn)))
    return hand.record()


def _play_the_hand(page: Any) -> None:
    """Play by taps until Deal is offered again; a tap the table moved on from
    meanwhile (a card raised as the trick was taken) is tried again, never waited
    on for long."""
    from playwright.sync_api import Error as PlaywrightError

    deadline = time.monotonic() + 180
    deal = page.get_by_role("button", name="Deal", exact=True)
    page.set_default_timeout(5000)
    try:
        while not deal.count():
            assert time.monotonic() < deadline, status(page)
            try:
                play_by_taps(page, lambda p: bool(p.get_by_role("button", name="Deal",
                                                                  exact=True).count()),
                             timeout=180)
            except PlaywrightError:
                page.wait_for_timeout(200)
    finally:
        page.set_default_timeout(30000)


def _taker(hand: Hand, card: Card) -> str | None:
    for trick in hand.tricks:
        if card in trick.cards:
            return trick.winner.name.lower()
    return None


def test_the_browsers_record_kept_shown_and_verified(chromium: Any, table: Served,
                                                     tmp_path: Path) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    context = chromium.new_context(**SCREENS["phone"], accept_downloads=True)
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        # alone with the computer players: nobody to react to, no React
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        assert page.get_by_role("button", name="React").count() == 0
        opener = page.get_by_role("button", name="Your record")
        tap(page, opener)
        dialog = page.get_by_role("dialog", name="Your record")
        dialog.wait_for()
        assert "No hand finished yet" in dialog.inner_text()
        assert dialog.get_by_role("button", name="Export the hands").is_disabled()
        page.keyboard.press("Escape")

        # a whole hand played by taps: the browser keeps it as it ends
        tap(page, page.get_by_role("button", name="Deal", exact=True))
        page.get_by_role("button", name="Deal", exact=True).wait_for(state="detached")
        _play_the_hand(page)
        page.wait_for_function("() => JSON.parse(localStorage.getItem('hearts.record') || "
                               "'{\"hands\": []}').hands.length === 1")
        kept = json.loads(page.evaluate("localStorage.getItem('hearts.record')"))["hands"]
        assert kept[0]["seat"] == "south" and kept[0]["table"] == "t1"
        record = kept[0]["record"]
        hand = Hand.from_record(record)

        tap(page, opener)
        dialog.wait_for()
        shown = dialog.inner_text()
        ours = hand.points[Seat.SOUTH]
        theirs = (sum(hand.points) - ours) / 3
        figures = {row.get_by_role("rowheader").inner_text(): row.get_by_role("cell").inner_text()
                   for row in dialog.locator(".record-figures tbody tr").all()}
        assert figures["Hands played"] == "1"
        assert figures["Your points a hand"] == f"{ours:.2f}"
        assert figures["Theirs a hand"] == f"{theirs:.2f}"
        queen = _taker(hand, Card.parse("QS")) == "south"
        assert figures["Queen of spades"] == ("1 (100%)" if queen else "0 (0%)")
        moon = hand.shooter
        assert figures["Moons you shot"] == str(int(moon is Seat.SOUTH))
        assert figures["Moons against you"] == str(int(moon not in (None, Seat.SOUTH)))
        assert "Hands kept in this browser: 1." in shown
        assert_accessible(page, "your record on a phone")
        page.screenshot(path=str(ARTIFACTS / "web-record-phone.png"))

        # the export: a file the browser downloads, which hearts verify checks
        with page.expect_download() as caught:
            tap(page, dialog.get_by_role("button", name="Export the hands"))
        exported = tmp_path / "hands.jsonl"
        caught.value.save_as(exported)
        assert caught.value.suggested_filename.endswith(".jsonl")
        lines = exported.read_text(encoding="utf-8").splitlines()
        assert [json.loads(line) for line in lines] == [record]
        assert verify_main([str(exported)]) == 0

        # the figures of a hand are the engine's, in every scoring, a moon included
        samples = []
        for number, rule_set in enumerate((RuleSet.ORIGINAL, RuleSet.CLASSIC, RuleSet.OMNIBUS)):
            for seed in range(8):
                shooter = Seat(seed % 4) if seed % 2 else None
                samples.append(_played(rule_set.rules(), 100 * number + seed, shooter))
        counted = page.evaluate("""async (records) => {
            const record = await import(document.querySelector("script[src*='record.js']").src);
            return records.map((r) => record.handFigures(r));
        }""", samples)
        moons = 0
        for sample, found in zip(samples, counted, strict=True):
            played = Hand.from_record(sample)
            assert found["points"] == list(played.points), sample["seed"]
            shooter = played.shooter
            moons += shooter is not None
            assert found["shooter"] == (None if shooter is None else shooter.name.lower())
            assert found["queen"] == _taker(played, Card.parse("QS"))
        assert moons  # the sample holds a moon

        # bounded: past the most kept, the oldest gives way
        bound = page.evaluate("""async (record) => {
            const mod = await import(document.querySelector("script[src*='record.js']").src);
            const hands = [];
            for (let i = 0; i < mod.MAX_HANDS; i++) {
                const plays = record.plays.slice(0, 51 - (i % 2));
                hands.push({record: {...record, seed: i, plays}, seat: "south", match_seed: i,
                            table: "old"});
            }
            localStorage.setItem(mod.RECORD_KEY, JSON.stringify({version: 1, hands}));
            const count = mod.keep({record, seat: "south", match_seed: -1, table: "t1"});
            const kept = mod.load();
            return {max: mod.MAX_HANDS, count, first: kept[0].match_seed,
                    last: kept[kept.length - 1].match_seed};
        }""", record)
        assert bound == {"max": 1000, "count": 1000, "first": 1, "last": -1}

        # a kept hand whose seat is no seat (a broken or hand-edited storage) is left out
        seats = page.evaluate("""async (record) => {
            const mod = await import(document.querySelector("script[src*='record.js']").src);
            const hands = ["south", "middle", "", "east"].map(
                (seat, i) => ({record, seat, match_seed: i, table: "t1"}));
            localStorage.setItem(mod.RECORD_KEY, JSON.stringify({version: 1, hands}));
            return mod.load().map((entry) => entry.seat);
        }""", record)
        assert seats == ["south", "east"]
        assert not page.errors
    finally:
        context.close()


def test_the_records_words_are_the_terminals() -> None:
    labels = dict(words("record.rows"))
    terminal = {label for label, _ in (*ROWS, STOOD_IN_ROW)}
    for key in ("hands", "your-points", "their-points", "moons-yours", "moons-against",
                "queens", "stood-in"):
        assert labels[key] in terminal, labels[key]


@pytest.mark.parametrize("screen", ["phone-landscape", "tablet", "desktop"])
def test_the_record_fits_every_screen(chromium: Any, table: Served, screen: str) -> None:
    """A browser that kept 25 hands shows Your record within the screen's width,
    opened at its top, the figures of all 25 and the latest 20, readable by a
    screen reader."""
    ARTIFACTS.mkdir(exist_ok=True)
    rules = Rules()
    entries = [{"seat": "south", "table": "t1", "match_seed": seed,
                "at": f"2026-12-{1 + seed % 7:02d}T20:{seed:02d}:00Z",
                "record": _played(rules, seed, None)} for seed in range(25)]
    context = chromium.new_context(**SCREENS[screen])
    context.add_init_script(
        "localStorage.setItem('hearts.record', "
        + json.dumps(json.dumps({"version": 1, "hands": entries})) + ")")
    try:
        page = sit_down(context, f"{table.url}/t/t1/?code=code-1", "Ann")
        page.get_by_role("button", name="Deal", exact=True).wait_for()
        tap(page, page.get_by_role("button", name="Your record"))
        dialog = page.get_by_role("dialog", name="Your record")
        dialog.wait_for()
        # it opens at its top (its title and figures), taller than the screen as it is
        assert dialog.evaluate("d => d.scrollHeight > d.clientHeight")
        assert dialog.evaluate("d => d.scrollTop") == 0
        assert dialog.get_by_role("heading", name="Your record").is_visible()
        figures = {row.get_by_role("rowheader").inner_text(): row.get_by_role("cell").inner_text()
                   for row in dialog.locator(".record-figures tbody tr").all()}
        assert figures["Hands played"] == "25"
        assert dialog.locator(".record-latest tbody tr").count() == 20
        assert dialog.get_by_role("button", name="Export the hands").is_enabled()
        box = dialog.bounding_box()
        width = page.viewport_size["width"]
        assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
        assert_accessible(page, f"your record, {screen}")
        page.screenshot(path=str(ARTIFACTS / f"web-record-{screen}.png"))
        assert page.errors == []
    finally:
        context.close()
