"""A computer player (or the hint) that raises: asked again once, then the level
below makes that decision, and the hand's record says so."""

from __future__ import annotations

from collections.abc import Iterable

from hearts import Phase, Seat
from hearts.ai import Level
from hearts.hand import Hand, StandIn
from hearts.table import (
    Decide,
    Notice,
    NoticeKind,
    Outcome,
    Prompt,
    PromptKind,
    Save,
    Say,
    Stage,
    Table,
    seat_state,
)
from hearts.table import events as ev

from .helpers import (
    answer,
    breaking,
    due_decisions,
    due_waits,
    make_driver,
    person_passes,
    play_out_hand,
    restored,
    to_first_card,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST
COMPUTERS = (W, N, E)


NO_PASS = "RuntimeError: no pass today"


def notices(effects: Iterable[object]) -> list[Notice]:
    """The notices among ``effects``."""
    return [e.notice for e in effects if isinstance(e, Say)]


def failed(seat: Seat | None, decision: str, level: Level, outcome: Outcome,
           error: str = NO_PASS, lower: Level | None = None, log: str | None = None) -> Notice:
    """The notice of a failed decision."""
    return Notice(NoticeKind.PLAYER_FAILED, seat, decision=decision, level=level, lower=lower,
                  outcome=outcome, error=error, log=log)


def prompt(table: Table) -> Prompt:
    """South's prompt."""
    return seat_state(table, S).prompt


def seat_of_play(hand: Hand, index: int) -> Seat:
    """The seat that played ``hand.plays[index]``."""
    seats = [seat for trick in hand.tricks for seat, _ in trick.plays()]
    seats += [seat for seat, _ in hand.trick]
    return seats[index]


def test_a_failing_player_is_asked_again_then_the_level_below_decides() -> None:
    made: list[tuple[Level, int]] = []
    driver = make_driver(hold=True, level=Level.CLUB, factory=breaking([Level.CLUB], made))
    driver.send(ev.Deal(S))
    hand = driver.table.hand
    assert hand is not None
    request = due_decisions(driver)[0]
    assert (request.seat, request.level) == (W, Level.CLUB)
    effects = answer(driver, request)
    assert notices(effects) == [failed(W, "pass", Level.CLUB, Outcome.ASK_AGAIN)]
    again = [d for d in effects if isinstance(d, Decide)]
    assert [(d.seat, d.kind, d.level, d.seed) for d in again] == [
        (W, "pass", Level.CLUB, request.seed)]
    effects = answer(driver, again[0])
    assert notices(effects) == [failed(W, "pass", Level.CLUB, Outcome.LOWER_LEVEL,
                                       lower=Level.CASUAL)]
    (lower,) = [d for d in effects if isinstance(d, Decide)]
    assert (lower.seat, lower.kind, lower.level, lower.seed) == (
        W, "pass", Level.CASUAL, request.seed)
    answer(driver, lower)
    assert hand.passed(W)
    assert made == [(Level.CLUB, request.seed)] * 2 + [(Level.CASUAL, request.seed)]
    assert hand.stand_ins == [StandIn(W, None, "casual", request.seed)]


def test_every_stand_in_is_named_in_the_hands_record_and_read_back() -> None:
    driver = make_driver(level=Level.CLUB, factory=breaking([Level.CLUB]))
    driver.send(ev.Deal(S))
    person_passes(driver)
    play_out_hand(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None and hand.phase is Phase.OVER and table.stage is Stage.IDLE
    assert hand.players is not None
    seeds = {seat: hand.players[seat].seed for seat in COMPUTERS}
    passes = [s for s in hand.stand_ins if s.play is None]
    plays = [s for s in hand.stand_ins if s.play is not None]
    assert sorted(passes) == sorted(StandIn(seat, None, "casual", seeds[seat])
                                    for seat in COMPUTERS)
    assert len(plays) == 39  # every computer card, and no card of South's
    for stand_in in plays:
        assert stand_in.play is not None
        assert seat_of_play(hand, stand_in.play) == stand_in.seat
        assert (stand_in.player, stand_in.seed) == ("casual", seeds[stand_in.seat])
    record = hand.record()
    assert {"seat": "west", "decision": "pass", "player": "casual",
            "seed": seeds[W]} in record["stand_ins"]
    assert Hand.from_record(record).stand_ins == hand.stand_ins
    assert Hand.from_record(hand.to_json()).record() == record
    # the seat's own player is still the one the record names
    assert [p.player for p in hand.players] == ["human", "club", "club", "club"]


def test_a_player_failing_once_stands_in_for_nothing() -> None:
    failures = {"left": 1}

    class OnceBroken:
        def choose_pass(self, view: object) -> list[object]:
            if failures["left"]:
                failures["left"] -= 1
                raise ValueError("once")
            return [c for c in view.hand if str(c) != "QS"][-3:]  # type: ignore[attr-defined]

        def choose_play(self, view: object) -> object:
            return view.legal[0]  # type: ignore[attr-defined]

    driver = make_driver(factory=lambda level, seed: OnceBroken())  # type: ignore[arg-type,return-value]
    driver.send(ev.Deal(S))
    hand = driver.table.hand
    assert hand is not None
    assert driver.said == [Say(failed(W, "pass", Level.BEGINNER, Outcome.ASK_AGAIN,
                                      "ValueError: once"))]
    assert all(hand.passed(seat) for seat in COMPUTERS)
    assert hand.stand_ins == []


def test_the_notice_says_where_the_details_were_written() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    request = due_decisions(driver)[0]
    driver.due.remove(request)
    effects = driver.send(ev.Failed(request.token, "KeyError: 'x'", "/data/hearts.log"))
    assert notices(effects) == [failed(W, "pass", Level.BEGINNER, Outcome.ASK_AGAIN,
                                       "KeyError: 'x'", log="/data/hearts.log")]


def test_a_card_decision_falls_to_the_level_below_too() -> None:
    driver = make_driver(hold=True, level=Level.STRONG)
    to_first_card(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    (request,) = due_decisions(driver)
    for _ in range(2):
        driver.due.remove(request)
        effects = driver.send(ev.Failed(request.token, "RuntimeError: boom"))
        (request,) = [e for e in effects if isinstance(e, Decide)]
    assert notices(effects) == [failed(W, "play", Level.STRONG, Outcome.LOWER_LEVEL,
                                       "RuntimeError: boom", lower=Level.CLUB)]
    assert (request.level, request.kind) == (Level.CLUB, "play")
    answer(driver, request)
    answer(driver, driver.due[0])  # the card pause
    assert len(hand.plays) == 1
    assert hand.stand_ins == [StandIn(W, 0, "club", request.seed)]


def test_a_beginner_that_fails_twice_stops_the_table() -> None:
    driver = make_driver(hold=True, factory=breaking([Level.BEGINNER]))
    driver.send(ev.Deal(S))
    table = driver.table
    hand = table.hand
    assert hand is not None
    request = due_decisions(driver)[0]
    answer(driver, request)
    (again,) = [r for r in due_decisions(driver) if r.seat == W]
    effects = answer(driver, again)
    assert notices(effects) == [failed(W, "pass", Level.BEGINNER, Outcome.STUCK)]
    assert not [r for r in due_decisions(driver) if r.seat == W]  # not asked once more
    assert not hand.passed(W) and table.stage is Stage.PASSING
    stuck = Prompt(PromptKind.STUCK)
    assert prompt(table) == stuck
    while due_decisions(driver):  # the others' passes still count; nothing new is asked
        answer(driver, due_decisions(driver)[0])
    person_passes(driver)
    assert not driver.due and prompt(table) == stuck and hand.phase is Phase.PASSING
    driver.send(ev.Abandon())
    assert prompt(table) == Prompt(PromptKind.WELCOME)
    driver.send(ev.Deal(S))
    assert len(due_decisions(driver)) == 3  # a new match asks again


def test_a_table_restored_after_it_stopped_asks_again() -> None:
    driver = make_driver(hold=True, factory=breaking([Level.BEGINNER]))
    driver.send(ev.Deal(S))
    for _ in range(2):
        answer(driver, next(r for r in due_decisions(driver) if r.seat == W))
    assert prompt(driver.table) == Prompt(PromptKind.STUCK)
    copy = restored(driver.table)
    assert prompt(copy).kind is PromptKind.CHOOSE
    asked = [e for e in copy.start() if isinstance(e, Decide)]
    assert [d.seat for d in asked] == [W, N, E]


def test_a_hint_that_fails_falls_to_the_level_below_and_is_no_stand_in() -> None:
    driver = make_driver(hold=True, factory=breaking([Level.EXPERT]))
    driver.send(ev.Deal(S))
    table = driver.table
    hand = table.hand
    assert hand is not None
    driver.send(ev.AskHint(S))
    (hint,) = due_decisions(driver, "hint")
    answer(driver, hint)
    (again,) = due_decisions(driver, "hint")
    effects = answer(driver, again)
    assert notices(effects) == [failed(None, "hint", Level.EXPERT, Outcome.LOWER_LEVEL,
                                       lower=Level.STRONG)]
    (lower,) = due_decisions(driver, "hint")
    assert lower.level is Level.STRONG and lower.seat == S
    effects = answer(driver, lower)
    (shown,) = [n for n in notices(effects) if n.kind is NoticeKind.HINT]
    assert len(shown.cards) == 3
    assert hand.stand_ins == []


def test_a_hint_no_level_can_give_leaves_the_game_going() -> None:
    driver = make_driver(hold=True, factory=breaking(list(Level)))
    driver.send(ev.Deal(S))
    table = driver.table
    driver.send(ev.AskHint(S))
    said: list[Say] = []
    for _ in range(20):
        hints = due_decisions(driver, "hint")
        if not hints:
            break
        said += [e for e in answer(driver, hints[0]) if isinstance(e, Say)]
    assert said[-1] == Say(failed(None, "hint", Level.BEGINNER, Outcome.NO_HINT), S)
    assert not any(s.notice.outcome is Outcome.STUCK for s in said)
    assert not table.stuck
    assert not table.assisted
    person_passes(driver)
    hand = table.hand
    assert hand is not None and hand.passed(S)


def test_a_stand_ins_card_waiting_for_its_pause_is_not_yet_in_the_record() -> None:
    driver = make_driver(hold=True, level=Level.CLUB, factory=breaking([Level.CLUB]))
    to_first_card(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    for _ in range(3):
        effects = answer(driver, due_decisions(driver)[0])
    assert not due_decisions(driver) and hand.plays == ()  # the card waits for its pause
    saves = [e for e in effects if isinstance(e, Save)]
    for save in saves:  # what is saved now must be readable when resumed
        Hand.from_record(save.match.hands[-1].record())
    assert [s.play for s in hand.stand_ins] == [None, None, None]
    answer(driver, due_waits(driver)[0])
    assert len(hand.plays) == 1
    assert hand.stand_ins[-1] == StandIn(W, 0, "casual", hand.stand_ins[-1].seed)
    Hand.from_record(hand.record())
