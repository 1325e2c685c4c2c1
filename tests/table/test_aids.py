"""The aids at the table: the hint, undo, forced cards, the claim, and options
changed between hands."""

from __future__ import annotations

from collections.abc import Iterable

from hearts import Phase, Seat
from hearts.ai import Level
from hearts.ai.hint import HINT_LEVEL, advise, hint_seed
from hearts.options import Options
from hearts.rules import Reason, Refusal
from hearts.table import (
    Action,
    Decide,
    Notice,
    NoticeKind,
    Outcome,
    Prompt,
    PromptKind,
    Save,
    Say,
    Stage,
    Wait,
    seat_state,
)
from hearts.table import events as ev
from hearts.table.driver import Driver

from .helpers import (
    SteadyPlayer,
    answer,
    answer_decisions,
    cards,
    deal_and_pass,
    due_decisions,
    due_waits,
    make_driver,
    person_passes,
    phase,
    play_out_hand,
    prompts,
    restored,
    stage,
    step,
    to_first_card,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST
ASSISTED = Notice(NoticeKind.ASSISTED)


def told(effects: Iterable[object], seat: Seat | None = S) -> list[Notice]:
    """The notices among ``effects`` to ``seat``."""
    return [e.notice for e in effects if isinstance(e, Say) and e.seat == seat]


def quiet(effects: Iterable[object]) -> bool:
    """True when ``effects`` say nothing to anyone and ask for nothing."""
    return not [e for e in effects if isinstance(e, Say | Decide | Wait)]


def to_souths_turn(driver: Driver, plays: int = 0) -> None:
    """Answer decisions and pauses until South is to play, with at least ``plays``
    cards of the hand played (South plays its lowest legal card meanwhile)."""
    table = driver.table
    for _ in range(400):
        hand = table.hand
        assert hand is not None and hand.phase is not Phase.OVER
        if table.stage is Stage.PLAYING and hand.turn == S and not due_decisions(driver) \
                and len(hand.plays) >= plays:
            return
        step(driver)
    raise AssertionError("South never got to play")


def test_a_hint_for_the_pass_chooses_the_experts_three_cards() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    hand = table.hand
    assert hand is not None and hand.seed is not None
    effects = driver.send(ev.AskHint(S))
    assert told(effects) == [Notice(NoticeKind.THINKING)]
    (request,) = due_decisions(driver, "hint")
    assert (request.seat, request.level, request.seed) == (S, HINT_LEVEL, hint_seed(hand.seed))
    assert not table.assisted  # asking is not help yet
    effects = answer(driver, request)
    advice = advise(hand.view(S), SteadyPlayer())
    assert told(effects) == [ASSISTED, Notice(NoticeKind.HINT, cards=tuple(advice))]
    assert table.assisted
    driver.send(ev.Pass(S, tuple(advice)))
    assert hand.passed(S)


def test_a_hint_for_a_card_names_it_plays_nothing_and_assisted_is_said_once() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    to_souths_turn(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    plays = hand.plays
    driver.send(ev.AskHint(S))
    (request,) = due_decisions(driver, "hint")
    effects = answer(driver, request)
    card = hand.legal_plays()[0]  # the steady adviser's choice
    assert told(effects) == [ASSISTED, Notice(NoticeKind.HINT, cards=(card,))]
    assert hand.turn == S and table.to_play(S) and hand.plays == plays  # a hint plays nothing
    driver.send(ev.AskHint(S))
    effects = answer(driver, due_decisions(driver, "hint")[0])
    assert told(effects) == [Notice(NoticeKind.HINT, cards=(card,))]  # assisted is said once


def test_a_hint_in_a_later_hand_is_kept_in_that_hands_record_at_once() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    to_souths_turn(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    table.aided.add(S)  # as after a hint in an earlier hand of the match
    assert S not in hand.assisted
    driver.send(ev.AskHint(S))
    effects = answer(driver, due_decisions(driver, "hint")[0])
    # the match was aided already, but this hand's record now says so: saved
    (save,) = [e for e in effects if isinstance(e, Save)]
    assert S in save.match.hands[-1].assisted


def test_a_hint_is_refused_when_there_is_nothing_to_decide() -> None:
    driver = make_driver(hold=True)
    effects = driver.send(ev.AskHint(S))
    reason = Notice(NoticeKind.NO_HINT_NOW)
    assert told(effects) == [reason] and not due_decisions(driver)
    assert not seat_state(driver.table, S).can(Action.HINT)
    driver.send(ev.Deal(S))
    assert seat_state(driver.table, S).can(Action.HINT)
    person_passes(driver)
    effects = driver.send(ev.AskHint(S))
    assert told(effects) == [reason] and not due_decisions(driver, "hint")
    assert not seat_state(driver.table, S).can(Action.HINT)


def test_a_hint_arriving_after_the_card_was_played_is_dropped() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    to_souths_turn(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    driver.send(ev.AskHint(S))
    (request,) = due_decisions(driver, "hint")
    driver.send(ev.Play(S, hand.legal_plays()[-1]))
    state, plays = table.state(), hand.plays
    effects = answer(driver, request)
    assert quiet(effects) and not table.assisted
    assert table.state() == state and hand.plays == plays


def test_a_hint_for_a_pass_arriving_after_the_pass_is_dropped() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    driver.send(ev.AskHint(S))
    (request,) = due_decisions(driver, "hint")
    person_passes(driver)
    state = table.state()
    effects = answer(driver, request)
    assert quiet(effects)
    assert table.state() == state and not table.assisted


def test_a_hint_for_a_hand_that_moved_on_is_dropped() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    driver.send(ev.AskHint(S))
    (request,) = due_decisions(driver, "hint")
    driver.send(ev.Abandon())
    driver.send(ev.Deal(S))
    effects = answer(driver, request)
    assert quiet(effects) and not table.assisted


# --- undo ------------------------------------------------------------------------------


def test_undo_takes_back_the_persons_last_card_and_every_card_after_it() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    table = driver.table
    for _ in range(13):
        to_souths_turn(driver)
        hand = table.hand
        assert hand is not None
        before, index = hand.record(), len(hand.plays)
        card = hand.legal_plays()[-1]
        driver.send(ev.Play(S, card))
        to_souths_turn(driver)
        if len(hand.plays) > index + 1:
            break  # others played after South's card
    else:
        raise AssertionError("South's card was never followed")
    effects = driver.send(ev.Undo(S))
    hand = table.hand
    assert hand is not None
    assert told(effects) == [ASSISTED, Notice(NoticeKind.TAKEN_BACK, card=card)]
    assert {**hand.record(), "assisted": []} == {**before, "assisted": []}  # from South's on
    assert hand.assisted == {S}  # and the hand says who had help
    assert hand.turn == S and table.stage is Stage.PLAYING and table.assisted
    assert card in seat_state(table, S).legal and seat_state(table, S).assisted
    assert table.waiting_on == ()  # nothing asked before the undo is still awaited
    driver.send(ev.Play(S, card))  # and play goes on from there
    assert hand.plays[index] == card


def test_undo_of_a_pass_until_the_exchange() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    passed = person_passes(driver)
    effects = driver.send(ev.Undo(S))
    hand = table.hand
    assert hand is not None
    back = tuple(sorted(passed, key=lambda c: c.index))
    assert told(effects) == [ASSISTED, Notice(NoticeKind.PASS_TAKEN_BACK, cards=back)]
    assert not hand.passed(S) and seat_state(table, S).passable >= set(back)
    assert table.stage is Stage.PASSING and table.assisted
    answer_decisions(driver)  # the computers pass; South's pass is still to come
    assert hand.phase is Phase.PASSING
    driver.send(ev.Pass(S, back))
    assert phase(hand) is Phase.PLAYING and stage(table) is Stage.RECEIVED
    effects = driver.send(ev.Undo(S))
    assert told(effects) == [Notice(NoticeKind.UNDO_EXCHANGED)]
    assert hand.passed(S)


def test_undo_is_refused_when_there_is_nothing_to_take_back() -> None:
    driver = make_driver(hold=True)
    assert told(driver.send(ev.Undo(S))) == [Notice(NoticeKind.NOTHING_TO_UNDO)]
    driver.send(ev.Deal(S))
    assert told(driver.send(ev.Undo(S))) == [Notice(NoticeKind.UNDO_CHOOSING)]
    person_passes(driver)
    assert seat_state(driver.table, S).can(Action.UNDO)  # the pass, until the exchange
    answer_decisions(driver)
    answer(driver, due_waits(driver)[0])
    effects = driver.send(ev.Undo(S))
    assert told(effects) == [Notice(NoticeKind.UNDO_NO_CARD)]
    assert not seat_state(driver.table, S).can(Action.UNDO)
    assert not driver.table.assisted


# --- forced cards --------------------------------------------------------------------------


def find_forced_turn(driver: Driver) -> bool:
    """Play on (South's lowest legal card) until South is to play with one legal
    card and the forced pause is due; False if the hand ended first."""
    table = driver.table
    for _ in range(400):
        hand = table.hand
        assert hand is not None
        if hand.phase is Phase.OVER:
            return False
        if table.to_play(S) and table.stage is Stage.PLAYING and len(hand.legal_plays()) == 1:
            return True
        step(driver)
    raise AssertionError("stuck")


def test_with_forced_cards_a_persons_only_card_is_played_after_a_pause() -> None:
    for seed in range(20):
        driver = make_driver(seed=seed, hold=True, options=Options(forced_cards=True))
        to_first_card(driver)
        if find_forced_turn(driver):
            break
    else:
        raise AssertionError("no seed gives South a single legal card")
    table = driver.table
    hand = table.hand
    assert hand is not None
    (only,) = hand.legal_plays()
    (pause,) = due_waits(driver)
    assert pause.seconds == Options().speed.card_delay
    plays = len(hand.plays)
    effects = answer(driver, pause)
    assert hand.plays[plays] == only
    assert Notice(NoticeKind.FORCED_CARD, card=only) in told(effects)


def test_without_forced_cards_a_persons_only_card_waits_for_them() -> None:
    for seed in range(20):
        driver = make_driver(seed=seed, hold=True)
        to_first_card(driver)
        if find_forced_turn(driver):
            break
    else:
        raise AssertionError("no seed gives South a single legal card")
    assert due_waits(driver) == [] and due_decisions(driver) == []
    assert driver.table.settled


# --- the claim ------------------------------------------------------------------------------


CLAIM_SEED = 0
"""The first hand from this seed has its points all taken before the last trick
(South and the steady players playing their lowest legal cards)."""


def test_once_no_points_are_left_the_rest_is_played_out_at_once() -> None:
    driver = make_driver(seed=CLAIM_SEED)
    deal_and_pass(driver)
    table = driver.table
    for _ in range(13):
        hand = table.hand
        assert hand is not None
        if hand.phase is Phase.OVER:
            break
        assert not table.points_settled
        driver.send(ev.Play(S, hand.legal_plays()[0]))
    hand = table.hand
    assert hand is not None and hand.phase is Phase.OVER and table.stage is Stage.IDLE
    claimed = [s for s in driver.said if s.notice == Notice(NoticeKind.PLAYED_OUT)]
    assert len(claimed) == 1 and claimed[0].seat is None
    assert not table.claimed


def test_the_claim_asks_no_pause_and_plays_the_persons_cards_itself() -> None:
    driver = make_driver(seed=CLAIM_SEED, hold=True)
    to_first_card(driver)
    table = driver.table
    for _ in range(600):
        hand = table.hand
        assert hand is not None and hand.phase is not Phase.OVER
        if table.claimed:
            break
        step(driver)
    assert table.claimed
    assert seat_state(table, S).prompt == Prompt(PromptKind.PLAYED_OUT)
    assert not table.to_play(S) and not seat_state(table, S).legal
    assert table.undo_refusal(S) == NoticeKind.UNDO_PLAYED_OUT
    assert hand is not None
    while hand.phase is not Phase.OVER:
        requests = list(driver.due)
        assert requests and all(isinstance(r, Decide) for r in requests), requests
        answer(driver, requests[0])
    assert table.stage is Stage.IDLE and not table.claimed and not driver.due


# --- options changed ------------------------------------------------------------------------


def test_new_options_apply_from_the_next_hand() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    hand = table.hand
    assert hand is not None
    new = Options(target=50, jack_of_diamonds=True, difficulty=4)
    driver.send(ev.OptionsChanged(new))
    assert hand.rules.target == 100 and table.target == 100
    assert table.state()["rules"]["target"] == 100
    assert [r.level for r in due_decisions(driver)] == [Level.BEGINNER] * 3  # --level wins
    driver.hold = False
    answer_decisions(driver)
    person_passes(driver)
    play_out_hand(driver)
    driver.send(ev.Deal(S))
    hand = table.hand
    assert hand is not None
    assert hand.rules.target == 50 and hand.rules.jack_of_diamonds
    assert hand.players is not None and hand.players[W].player == "strong"


def test_a_level_given_with_the_options_plays_the_next_hands() -> None:
    driver = make_driver(hold=True, level=None)
    driver.send(ev.OptionsChanged(Options(difficulty=5), Level.CASUAL))
    driver.send(ev.Deal(S))
    assert {r.level for r in due_decisions(driver)} == {Level.CASUAL}


def test_a_lower_target_between_hands_ends_the_match_and_stays_after_restore() -> None:
    driver = make_driver()
    table = driver.table
    for _ in range(20):
        deal_and_pass(driver)
        play_out_hand(driver)
        if max(table.match.scores) >= 50:
            break
    assert 50 <= max(table.match.scores) < 100 and not table.match.over
    effects = driver.send(ev.OptionsChanged(Options(target=50)))
    assert table.match.over and table.stage is Stage.IDLE
    assert Say(Notice(NoticeKind.TARGET_NOW, count=50)) in effects
    assert table.state()["rules"]["target"] == 50
    assert seat_state(table, S).prompt.kind is PromptKind.GAME_OVER
    copy = restored(table)
    assert copy.match.over and copy.state() == table.state()
    assert prompts(copy) == prompts(table)
    hands = len(table.match.hands)
    driver.send(ev.Deal(S))  # a new match, not another hand of the old one
    assert table.games == 1 and len(table.match.hands) == 1 and hands > 1


def test_a_higher_target_between_hands_is_kept_for_the_next_hand() -> None:
    driver = make_driver()
    deal_and_pass(driver)
    play_out_hand(driver)
    table = driver.table
    effects = driver.send(ev.OptionsChanged(Options(target=200)))
    assert not [e for e in effects if isinstance(e, Say)]
    assert table.target == 200 and table.state()["rules"]["target"] == 200
    copy = restored(table)
    assert copy.match.rules.target == 200 and copy.target == 200
    driver.send(ev.Deal(S))
    hand = table.hand
    assert hand is not None and hand.rules.target == 200


def test_options_changed_mid_hand_ask_for_no_pause_nor_decision() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    due = list(driver.due)
    effects = driver.send(ev.OptionsChanged(Options(forced_cards=True)))
    assert not [e for e in effects if isinstance(e, Decide | Wait)]
    assert list(driver.due) == due


def test_a_hint_that_breaks_the_rules_counts_as_a_failure() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    hand = table.hand
    assert hand is not None
    stranger = hand.holding(W)[0]
    own = [c for c in hand.holding(S) if c != stranger][:2]
    driver.send(ev.AskHint(S))
    (request,) = due_decisions(driver, "hint")
    driver.due.remove(request)
    effects = driver.send(ev.Decided(request.token, (*own, stranger)))
    assert not table.assisted
    notices = [e.notice for e in effects if isinstance(e, Say)]
    refusal = Refusal(Reason.NOT_IN_HAND, card=stranger)
    assert notices == [Notice(NoticeKind.PLAYER_FAILED, decision="hint", level=HINT_LEVEL,
                              outcome=Outcome.ASK_AGAIN, error=f"an illegal hint ({refusal})")]
    (again,) = due_decisions(driver, "hint")
    effects = answer(driver, again)
    (hint,) = [e.notice for e in effects if isinstance(e, Say)
               and e.notice.kind is NoticeKind.HINT]
    assert len(hint.cards) == 3 and set(hint.cards) <= set(cards(table, S))


def test_a_hint_of_a_card_that_may_not_be_played_counts_as_a_failure() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    to_souths_turn(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    illegal = hand.holding(W)[0]
    driver.send(ev.AskHint(S))
    (request,) = due_decisions(driver, "hint")
    driver.due.remove(request)
    state, plays = table.state(), hand.plays
    effects = driver.send(ev.Decided(request.token, (illegal,)))
    refusal = hand.refuse_play(illegal)
    assert refusal is not None
    assert told(effects, S) == [Notice(NoticeKind.PLAYER_FAILED, decision="hint",
                                          level=HINT_LEVEL, outcome=Outcome.ASK_AGAIN,
                                          error=f"an illegal hint ({refusal})")]
    assert table.state() == state and hand.plays == plays and not table.assisted
    assert len(due_decisions(driver, "hint")) == 1  # asked again


def test_a_second_hint_asked_while_one_is_on_its_way_asks_for_nothing() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    driver.send(ev.AskHint(S))
    (request,) = due_decisions(driver, "hint")
    for _ in range(2):
        assert driver.send(ev.AskHint(S)) == []  # no decision, no notice, no save
    assert due_decisions(driver, "hint") == [request]
    assert [d for d in driver.asked if d.kind == "hint"] == [request]
    effects = answer(driver, request)
    hand = table.hand
    assert hand is not None
    advice = advise(hand.view(S), SteadyPlayer())
    assert told(effects) == [ASSISTED, Notice(NoticeKind.HINT, cards=tuple(advice))]
    assert not due_decisions(driver, "hint")
    driver.send(ev.AskHint(S))  # once it came, a new hint may be asked for
    assert len(due_decisions(driver, "hint")) == 1


def test_a_second_hint_for_a_card_while_one_is_on_its_way_asks_for_nothing() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    to_souths_turn(driver)
    driver.send(ev.AskHint(S))
    driver.send(ev.AskHint(S))
    (request,) = due_decisions(driver, "hint")
    assert len([d for d in driver.asked if d.kind == "hint"]) == 1
    effects = answer(driver, request)
    assert [n.kind for n in told(effects)] == [NoticeKind.ASSISTED, NoticeKind.HINT]
