"""Statistics figures against a fixture whose every figure was worked out by hand,
and against figures counted in Python from matches played through the store."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

import pytest
from rich.console import Console

from hearts import Hand, Match, PassDirection, Phase, Rules, RuleSet, Seat
from hearts.store import TOTAL, Figures, Store, statistics
from hearts.store.report import history_table, stats_table
from hearts.store.stats import MIXED, match_rows

from .helpers import deal_next, pass_all, play_match

# (id, level, status, ended hour, totals S W N E, assisted)
MATCHES = [
    (1, "club", "finished", 1, (40, 60, 70, 100), 0),     # won
    (2, "club", "finished", 2, (30, 45, 102, 55), 0),     # won
    (3, "club", "finished", 3, (20, 101, 50, 60), 0),     # won
    (4, "expert", "finished", 4, (100, 20, 30, 80), 0),   # lost
    (5, "club", "finished", 5, (105, 40, 20, 60), 0),     # lost
    (6, "club", "abandoned", 6, (10, 20, 30, 40), 0),     # abandoned: not a loss
    (7, "club", "finished", 7, (10, 101, 40, 50), 1),     # won with help: on its own
    (8, "expert", "finished", 8, (30, 30, 100, 70), 0),   # a shared win counts
    (9, "club", "finished", 9, (25, 100, 35, 45), 0),     # won
    (10, "expert", "finished", 10, (90, 15, 101, 40), 0), # lost
    (11, "expert", "playing", None, (12, 3, 8, 10), 0),   # in progress: not counted
]

# (match, number, level, points S W N E, moon, queen); None points: unfinished
HANDS = [
    (1, 1, "club", (3, 10, 15, 5), None, "north"),
    (1, 2, "club", (0, 33, 33, 33), "south", "south"),
    (2, 1, "club", (13, 0, 10, 10), None, "south"),
    (4, 1, "expert", (33, 0, 33, 33), "west", "west"),
    (4, 2, "expert", (5, 10, 8, 10), None, "west"),
    (11, 1, "expert", None, None, None),
]


def build(db_path: Path, in_progress: bool = True) -> None:
    """Write the fixture; without ``in_progress``, leave out the match being played."""
    store = Store.open(db_path.parent)
    db = store.connection
    assert db is not None
    for match_id, level, status, hour, scores, assisted in MATCHES:
        if status == "playing" and not in_progress:
            continue
        ended = None if hour is None else f"2026-05-01T{hour:02d}:00:00+00:00"
        db.execute("INSERT INTO matches (id, started, ended, status, level, rules, seed,"
                   " score_south, score_west, score_north, score_east, assisted)"
                   " VALUES (?, '2026-05-01T00:00:00+00:00', ?, ?, ?, '{}', 1, ?, ?, ?, ?, ?)",
                   (match_id, ended, status, level, *scores, assisted))
    for match_id, number, level, points, moon, queen in HANDS:
        if points is None and not in_progress:
            continue
        finished = None if points is None else "2026-05-01T00:30:00+00:00"
        db.execute("INSERT INTO hands (match_id, number, finished, level, rules, points_south,"
                   " points_west, points_north, points_east, moon, queen, record)"
                   " VALUES (?, ?, ?, ?, '{}', ?, ?, ?, ?, ?, ?, '{}')",
                   (match_id, number, finished, level, *(points or (None,) * 4), moon, queen))
    if in_progress:
        db.execute("INSERT INTO saved VALUES (1, 11, '2026-05-01T11:00:00+00:00', '{}')")
    store.close()


def test_figures_worked_out_by_hand(tmp_path: Path) -> None:
    build(tmp_path / "hearts.db")
    store = Store.open(tmp_path)
    assert store.connection is not None
    figures = {f.level: f for f in statistics(store.connection)}
    assert list(figures) == ["club", "expert", TOTAL]
    club, expert, total = figures["club"], figures["expert"], figures[TOTAL]
    # club, in order: W W W L (abandoned) (assisted W) W
    assert (club.played, club.won, club.abandoned) == (5, 4, 1)
    assert (club.assisted, club.assisted_won) == (1, 1)
    # an assisted match is a match played: the page counts it so
    assert (club.finished, club.finished_won) == (6, 5)
    assert (club.current_streak, club.best_streak) == (1, 3)
    assert club.win_rate == pytest.approx(0.8)
    # expert: L W(shared) L, and one match in progress
    assert (expert.played, expert.won, expert.abandoned, expert.assisted) == (3, 1, 0, 0)
    assert (expert.current_streak, expert.best_streak) == (0, 1)
    # all: W W W L(e) L W(e) W L(e)
    assert (total.played, total.won, total.abandoned, total.assisted) == (8, 5, 1, 1)
    assert (total.current_streak, total.best_streak) == (0, 3)
    # hands: the unfinished one never counts
    assert (club.hands, expert.hands, total.hands) == (3, 2, 5)
    assert club.your_points == pytest.approx(16 / 3)
    assert club.their_points == pytest.approx((10 + 33 + 20 / 3) / 3)
    assert expert.your_points == pytest.approx(19)
    assert expert.their_points == pytest.approx((22 + 28 / 3) / 2)
    assert total.your_points == pytest.approx(10.8)
    assert total.their_points == pytest.approx(16.2)
    assert (club.moons_yours, club.moons_against) == (1, 0)
    assert (expert.moons_yours, expert.moons_against) == (0, 1)
    assert (total.moons_yours, total.moons_against) == (1, 1)
    assert (club.queens, expert.queens, total.queens) == (2, 0, 2)
    assert total.queen_rate == pytest.approx(0.4)
    store.close()


def test_no_games_yet(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    assert store.connection is not None
    assert statistics(store.connection) == [Figures(TOTAL)]
    assert Figures(TOTAL).win_rate is None and Figures(TOTAL).queen_rate is None
    store.close()


def test_figures_agree_with_the_matches_played(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    played: list[Match] = []
    for seed in range(6):
        level = "casual" if seed % 2 else "strong"
        played.append(play_match(store, seed=seed, rng_seed=seed, level=level))
    last = play_match(store, seed=99, stop=lambda m: len(m.hands) == 2)
    store.abandon()
    assert store.connection is not None
    figures = {f.level: f for f in statistics(store.connection)}
    hands = [hand for match in played for hand in match.hands] + last.hands[:1]
    total = figures[TOTAL]
    assert total.played == 6 and total.abandoned == 1
    assert total.won == sum(0 in m.winners for m in played)
    assert total.hands == len(hands)
    assert total.your_points == pytest.approx(sum(h.points[0] for h in hands) / len(hands))
    assert total.their_points == pytest.approx(
        sum(sum(h.points[1:]) / 3 for h in hands) / len(hands))
    assert total.moons_yours == sum(h.shooter == 0 for h in hands)
    assert total.moons_against == sum(h.shooter not in (None, 0) for h in hands)
    assert total.queens == sum("QS" in str(h.taken(Seat.SOUTH)).split() for h in hands)
    assert figures["casual"].played + figures["strong"].played == 6
    store.close()


def test_the_table_shows_every_figure(tmp_path: Path) -> None:
    build(tmp_path / "hearts.db")
    store = Store.open(tmp_path)
    assert store.connection is not None
    from rich.console import Console

    console = Console(width=80, record=True)
    console.print(stats_table(statistics(store.connection)))
    text = console.export_text()
    assert "Win rate" in text and "80%" in text and "Abandoned" in text
    assert "Club" in text and "Expert" in text and "Total" in text
    assert "2 (40%)" in text  # the queen of spades, in total
    assert max(len(line) for line in text.splitlines()) <= 68  # fits beside the buttons
    store.close()


def test_an_assisted_match_won_counts_as_played() -> None:
    from rich.console import Console

    from hearts.store.stats import Figures

    console = Console(width=80, record=True)
    console.print(stats_table([Figures(level=TOTAL, assisted=1, assisted_won=1, hands=4)]))
    text = console.export_text()
    played = next(line for line in text.splitlines() if "Matches played" in line)
    won = next(line for line in text.splitlines() if line.strip().startswith("Won"))
    assert played.split()[-1] == "1" and won.split()[-1] == "1"


def test_a_match_played_from_another_seat_counts_that_seat_as_you(tmp_path: Path) -> None:
    # A person at North of a network table: the statistics, the history and the
    # reviews' figures read North as "you".
    import sqlite3

    from hearts.cards import Card, Seat
    from hearts.store.report import history_table
    from hearts.store.stats import statistics

    store = Store.open(tmp_path, claim=False)
    match = play_match(store, seed=5, target=500, stop=lambda m: len(m.hands) == 4,
                       seat=Seat.NORTH)
    store.close()
    done = match.hands[:3]
    db = sqlite3.connect(tmp_path / "hearts.db")
    assert db.execute("SELECT seat FROM matches").fetchall() == [("north",)]
    total = next(f for f in statistics(db) if f.level == "all")
    north = [hand.points[Seat.NORTH] for hand in done]
    others = [(sum(hand.points) - hand.points[Seat.NORTH]) / 3 for hand in done]
    assert total.hands == 3
    assert total.your_points == pytest.approx(sum(north) / 3)
    assert total.their_points == pytest.approx(sum(others) / 3)
    assert total.queens == sum(Card.parse("QS") in hand.taken(Seat.NORTH) for hand in done)
    db.row_factory = sqlite3.Row
    rows = [dict(row) for row in db.execute("SELECT * FROM matches")]
    db.close()
    table = history_table(rows)
    assert [column.header for column in table.columns][4:8] == ["You", "Left", "Across",
                                                                 "Right"]
    cells = [list(column.cells) for column in table.columns]
    assert cells[4] == [str(match.scores[Seat.NORTH])]  # you: North's total
    assert cells[5] == [str(match.scores[Seat.EAST])]  # on North's left: East


def test_a_version_2_store_is_brought_up_to_date_and_its_matches_are_souths(
        tmp_path: Path) -> None:
    import sqlite3

    from hearts.store.commands import open_for_reading
    from hearts.store.schema import MIGRATIONS, SCHEMA_VERSION, migrate, user_version

    db = sqlite3.connect(tmp_path / "hearts.db", isolation_level=None)
    migrate(db, MIGRATIONS[:2])
    db.execute("INSERT INTO matches (started, level, rules, seed) VALUES ('x', 'club', '{}', 1)")
    db.close()
    read = open_for_reading(tmp_path)
    assert read is not None
    assert user_version(read) == SCHEMA_VERSION
    assert read.execute("SELECT seat FROM matches").fetchall() == [("south",)]
    read.close()


def _mixed_and_abandoned(folder: Path) -> None:
    """A Club match whose third hand (and after) is played at the Expert level, as
    ``hearts --level expert`` on the resumed match does, then a match abandoned
    during its first pass."""
    store = Store.open(folder)
    match = Match(Rules(target=100), 5)
    rng = random.Random(5)
    while not match.over:
        level = "club" if len(match.hands) < 2 else "expert"
        hand = deal_next(match, level)
        pass_all(hand)
        while hand.phase is not Phase.OVER:
            hand.play(rng.choice(hand.legal_plays()))
        store.save(match, {})
    store.abandon()
    quick = Match(Rules(), 6)
    deal_next(quick)
    store.save(quick, {})
    store.abandon()
    store.close()


def test_a_match_played_at_two_levels_is_mixed_and_its_hands_their_own(
        tmp_path: Path) -> None:
    _mixed_and_abandoned(tmp_path)
    store = Store.open(tmp_path)
    db = store.connection
    assert db is not None
    levels = [level for (level,) in db.execute(
        "SELECT level FROM hands WHERE match_id = 1 ORDER BY number")]
    assert levels[:2] == ["club", "club"] and set(levels[2:]) == {"expert"}
    figures = {f.level: f for f in statistics(db)}
    assert list(figures) == ["club", "expert", MIXED, TOTAL]
    assert (figures[MIXED].played, figures[MIXED].hands) == (1, 0)
    assert (figures["club"].played, figures["club"].hands) == (0, 2)
    assert (figures["expert"].played, figures["expert"].hands) == (0, len(levels) - 2)
    assert figures["club"].abandoned == 1  # the match left during its first pass
    assert figures[TOTAL].played == 1 and figures[TOTAL].hands == len(levels)
    rows = match_rows(db)
    assert [(row["level"], row["status"], row["hands"]) for row in rows] == [
        ("club", "abandoned", 0), (MIXED, "finished", len(levels))]
    store.close()
    text = Console(width=100, record=True)
    text.print(history_table(rows))
    lines = text.export_text().splitlines()
    abandoned = next(line for line in lines if "abandoned" in line)
    assert abandoned.split()[-6:-1] == ["0", "-", "-", "-", "-"]  # no hand of 0 0 0 0
    assert any("Mixed" in line for line in lines)


def test_the_hold_hands_of_a_classic_match_are_kept_and_counted(tmp_path: Path) -> None:
    store = Store.open(tmp_path)
    match = play_match(store, seed=3, rules=RuleSet.CLASSIC.rules(100))
    store.close()
    directions = [hand.pass_direction for hand in match.hands]
    assert directions[3] is PassDirection.NONE and len(directions) > 4
    store = Store.open(tmp_path)
    db = store.connection
    assert db is not None
    kept = [Hand.from_record(record) for record in store.hand_records()]
    assert [hand.pass_direction for hand in kept] == directions
    assert kept[3].record() == match.hands[3].record()
    total = statistics(db)[-1]
    assert total.hands == len(match.hands) and total.played == 1
    store.close()


def test_matches_with_friends_are_counted_apart_from_those_against_the_computer(
        tmp_path: Path) -> None:
    # N16: a match at a network table with another person counted as a Club match
    import sqlite3

    from hearts.hand import SeatPlayer
    from hearts.store.store import FRIENDS

    store = Store.open(tmp_path, claim=False)
    play_match(store, seed=5, target=40)  # against three Club players
    friends = Match(Rules(target=40), 6)  # Bob sits North
    while not friends.over:
        hand = deal_next(friends)
        players = list(hand.players or ())
        players[2] = SeatPlayer("human")
        hand.players = tuple(players)
        pass_all(hand)
        while hand.phase is not Phase.OVER:
            hand.play(hand.legal_plays()[0])
        store.save(friends, {"stage": "idle"})
    store.close()
    db = sqlite3.connect(tmp_path / "hearts.db")
    levels = {figures.level: figures for figures in statistics(db)}
    assert {"club", FRIENDS, TOTAL} <= set(levels)
    assert levels["club"].finished == levels[FRIENDS].finished == 1
    assert levels["club"].hands + levels[FRIENDS].hands == levels[TOTAL].hands
    assert [row["level"] for row in match_rows(db)] == [FRIENDS, "club"]  # newest first
    table = stats_table(statistics(db))
    assert "Friends" in [column.header for column in table.columns]
    db.close()


def _friends_match(store: Store, names: dict[Seat, str], seat: Seat, late: Seat | None = None,
                   late_name: str = "") -> Match:
    """A match at a network table, kept as the person at ``seat`` keeps it: the people
    of ``names`` from the first hand, ``late`` from the second."""
    from hearts.hand import SeatPlayer

    match = Match(Rules(target=40), 6)
    while not match.over:
        hand = deal_next(match)
        players = [SeatPlayer("club", 100 + s) for s in Seat]
        for where, name in names.items():
            players[where] = SeatPlayer("human", name=name)
        if late is not None and len(match.hands) > 1:
            players[late] = SeatPlayer("human", name=late_name)
        hand.players = tuple(players)
        pass_all(hand)
        while hand.phase is not Phase.OVER:
            hand.play(hand.legal_plays()[0])
        store.save(match, {"stage": "idle"}, seat)
    return match


def test_the_history_numbers_the_matches_and_names_the_friends(tmp_path: Path) -> None:
    # U4, U13: the match numbers --match takes, the friends by name and where they sat,
    # and the same columns for every seat
    import sqlite3

    people = {Seat.SOUTH: "Ann", Seat.NORTH: "Bob"}
    lines = {}
    for seat in (Seat.SOUTH, Seat.NORTH):
        folder = tmp_path / seat.name
        store = Store.open(folder, claim=False)
        play_match(store, seed=5, target=40)  # against three Club players
        match = _friends_match(store, people, seat, late=Seat.EAST, late_name="Cat\x1b[31m")
        store.close()
        db = sqlite3.connect(folder / "hearts.db")
        rows = match_rows(db)
        db.close()
        assert [row["id"] for row in rows] == [2, 1]
        other = Seat.NORTH if seat is Seat.SOUTH else Seat.SOUTH
        assert rows[0]["people"] == [(s.name.lower(), n) for s, n in sorted(
            {other: people[other], Seat.EAST: "Cat?[31m"}.items())]
        assert rows[1]["people"] == []
        console = Console(width=80, record=True)
        table = history_table(rows)
        console.print(table)
        text = console.export_text()
        lines[seat] = text.splitlines()
        assert max(len(line) for line in lines[seat]) <= 80
        header = lines[seat][0].split()
        assert header == ["Match", "Started", "Result", "Hands", "You", "Left", "Across",
                          "Right", "With"]
        first = next(line for line in lines[seat] if line.split()[:1] == ["2"])
        assert first.split()[5] == str(match.scores[seat])  # yours, after the time
        assert "Club" in next(line for line in lines[seat] if line.split()[:1] == ["1"])
        across = "Bob" if seat is Seat.SOUTH else "Ann"
        right = "Cat?[31m (right)" if seat is Seat.SOUTH else "Cat?[31m (left)"
        assert list(table.columns[-1].cells) == [f"{across} (across), {right}", "Club"]
        assert "\x1b" not in text
    assert lines[Seat.SOUTH][0] == lines[Seat.NORTH][0]  # the same columns at every seat


def test_a_hand_a_computer_played_in_part_for_you_is_counted_apart(tmp_path: Path) -> None:
    # U3: the person's figures count only the hands they played themselves
    import sqlite3

    from hearts.hand import SeatPlayer, StandIn

    store = Store.open(tmp_path, claim=False)
    match = Match(Rules(target=1000), 6)
    for number in range(3):
        hand = deal_next(match)
        players = [SeatPlayer("club", 100 + s) for s in Seat]
        players[Seat.NORTH] = SeatPlayer("human", name="Bob")
        players[Seat.SOUTH] = SeatPlayer("human", name="Ann")
        if number == 2:  # Ann took the seat during the hand: a computer had it first
            players[Seat.SOUTH] = SeatPlayer("club", 200)
        hand.players = tuple(players)
        pass_all(hand)
        while hand.phase is not Phase.OVER:
            hand.play(hand.legal_plays()[0])
        if number == 1:  # a computer player stood in for Ann for one card
            hand.stand_ins = [StandIn(Seat.SOUTH, 5, "club", 300)]
        store.save(match, {"stage": "idle"}, Seat.SOUTH)
    store.close()
    db = sqlite3.connect(tmp_path / "hearts.db")
    total = next(f for f in statistics(db) if f.level == TOTAL)
    db.close()
    assert total.hands == 1 and total.stood_in == 2
    assert total.your_points == match.hands[0].points[Seat.SOUTH]
    console = Console(width=120, record=True)
    console.print(stats_table([total]))
    assert "Hands a computer played in part for you (not above)" in console.export_text()
    console = Console(width=120, record=True)
    console.print(stats_table([replace(total, stood_in=0)]))  # at a table alone: no such row
    assert "played in part" not in console.export_text()
