"""The flow of a match through Table.handle: deal, pass, exchange, the pauses,
tricks, the end of a hand and of a match, a new match, abandoning."""

from __future__ import annotations

import random

import pytest

from hearts import Card, Match, Phase, Rules, Seat
from hearts.options import Options
from hearts.rules import PassDirection, Reason, Refusal
from hearts.table import (
    Abandoned,
    Action,
    Decide,
    Notice,
    NoticeKind,
    Prompt,
    PromptKind,
    Result,
    Save,
    Say,
    Stage,
    Wait,
    seat_state,
)
from hearts.table import events as ev
from hearts.table.choosing import Choice
from hearts.table.driver import Driver

from .helpers import (
    QS,
    answer,
    answer_decisions,
    cards,
    choose_three,
    deal_and_pass,
    due_decisions,
    due_waits,
    make_driver,
    person_passes,
    play_out_hand,
    stage,
    step,
    to_first_card,
)

S, W, N, E = Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST


def refused(refusal: Refusal, seat: Seat = S) -> Say:
    """The notice refusing ``seat``'s action with the engine's ``refusal``."""
    return Say(Notice(NoticeKind.REFUSED, refusal=refusal), seat)


def seed_where_south_holds_queen() -> int:
    """A seed whose first deal gives South the queen of spades."""
    for seed in range(100):
        if QS in Match(Rules(), random.Random(seed)).deal().holding(S):
            return seed
    raise AssertionError("no seed found")


def test_a_new_table_waits_for_the_first_deal() -> None:
    driver = make_driver(hold=True)
    table = driver.table
    assert table.stage is Stage.IDLE and table.hand is None
    state = seat_state(table, S)
    assert state.prompt == Prompt(PromptKind.WELCOME)
    assert not driver.due and table.settled
    assert state.can(Action.DEAL) and not state.can(Action.ABANDON)
    assert state.view is None and state.cards == [] and state.result is None


def test_a_deal_starts_the_passing_and_asks_each_computer_for_its_pass() -> None:
    driver = make_driver(hold=True, level=None, options=Options(difficulty=2))
    effects = driver.send(ev.Deal(S))
    table = driver.table
    hand = table.hand
    assert hand is not None and hand.phase is Phase.PASSING
    assert table.stage is Stage.PASSING
    asked = [e for e in effects if isinstance(e, Decide)]
    assert [(d.seat, d.kind, int(d.level)) for d in asked] == [(W, "pass", 2), (N, "pass", 2),
                                                               (E, "pass", 2)]
    assert len({d.seed for d in asked}) == 3
    assert any(isinstance(e, Save) for e in effects)
    assert seat_state(table, S).prompt == Prompt(PromptKind.CHOOSE,
                                                 direction=PassDirection.LEFT)
    assert table.in_progress and table.deals == 1
    assert hand.players is not None
    assert [p.player for p in hand.players] == ["human", "casual", "casual", "casual"]


def test_a_deal_during_a_hand_is_refused() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    hand = driver.table.hand
    effects = driver.send(ev.Deal(S))
    assert Say(Notice(NoticeKind.FINISH_HAND), S) in effects
    assert driver.table.hand is hand and len(driver.table.match.hands) == 1


# --- a person's pass ------------------------------------------------------------


def test_choosing_and_putting_back_cards_to_pass_is_the_front_ends() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    first, second, _ = choose_three(table, S)
    state = seat_state(table, S)
    choice = Choice()
    choice.follow(state)
    assert choice.toggle(state, first) is None and choice.toggle(state, second) is None
    assert choice.cards == [first, second]
    assert choice.toggle(state, first) is None
    assert choice.cards == [second]
    choice.clear()
    assert choice.cards == [] and not table.passed(S)
    assert state.passable == frozenset(c for c in cards(table, S) if c != QS)


def test_a_fourth_card_and_a_short_pass_are_refused() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    state = seat_state(table, S)
    free = [c for c in cards(table, S) if c != QS]
    choice = Choice()
    for card in free[:2]:
        choice.toggle(state, card)
    assert choice.refusal() == Notice(NoticeKind.CHOOSE_THREE, count=2)
    effects = driver.send(ev.Pass(S, tuple(free[:2])))
    assert refused(Refusal(Reason.THREE_CARDS)) in effects
    assert not table.passed(S)
    choice.toggle(state, free[2])
    assert choice.toggle(state, free[3]) == Notice(NoticeKind.THREE_CHOSEN)
    assert choice.cards == free[:3] and choice.refusal() is None


def test_the_queen_of_spades_is_refused_with_the_engines_reason() -> None:
    driver = make_driver(seed=seed_where_south_holds_queen(), hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    hand = table.hand
    assert hand is not None
    others = [c for c in cards(table, S) if c != QS][:2]
    reason = hand.refuse_pass(S, [QS, *others])
    assert reason == Refusal(Reason.QUEEN_PASSED)
    effects = driver.send(ev.Pass(S, (QS, *others)))
    assert refused(reason) in effects and not table.passed(S)
    state = seat_state(table, S)
    choice = Choice()
    notice = choice.toggle(state, QS)
    assert notice is not None and notice.refusal is not None
    assert notice.refusal.reason is Reason.QUEEN_PASSED and choice.cards == []


def test_a_card_not_held_is_refused_with_the_engines_reason() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    hand = driver.table.hand
    assert hand is not None
    stranger = next(c for c in hand.holding(W) if c != QS)
    mine = [c for c in hand.holding(S) if c != QS][:2]
    effects = driver.send(ev.Pass(S, (stranger, *mine)))
    assert refused(Refusal(Reason.NOT_IN_HAND, card=stranger)) in effects
    notice = Choice().toggle(seat_state(driver.table, S), stranger)
    assert notice == refused(Refusal(Reason.NOT_IN_HAND, card=stranger)).notice


def test_passing_again_after_the_pass_is_refused() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    passed = person_passes(driver)
    table = driver.table
    assert table.passed(S)
    state = seat_state(table, S)
    assert state.prompt == Prompt(PromptKind.WAIT_PASS, direction=PassDirection.LEFT)
    hand = table.hand
    assert hand is not None and hand.passed(S) == tuple(sorted(passed, key=lambda c: c.index))
    assert state.passed == hand.passed(S) and state.raised == set(passed)
    assert state.passable == frozenset() and not state.can(Action.PASS)
    effects = driver.send(ev.Pass(S, tuple(passed)))
    assert refused(Refusal(Reason.ALREADY_PASSED, seat=S)) in effects
    assert not any(isinstance(e, Save) for e in effects)
    notice = Choice().toggle(state, cards(table, S)[0])
    assert notice == refused(Refusal(Reason.NOT_PASSING)).notice


def test_keys_for_a_computers_seat_are_refused() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    hand = driver.table.hand
    assert hand is not None
    effects = driver.send(ev.Pass(W, tuple(hand.holding(W)[:3])))
    assert Say(Notice(NoticeKind.NOT_A_PERSON, W), W) in effects
    assert not hand.passed(W)


def test_a_card_played_before_the_first_deal_asks_for_a_deal() -> None:
    driver = make_driver(hold=True)
    card = Card.parse("2C")
    effects = driver.send(ev.Play(S, card))
    assert Say(Notice(NoticeKind.PRESS_DEAL), S) in effects
    assert not [e for e in effects if isinstance(e, Save)]
    assert driver.table.hand is None and driver.table.stage is Stage.IDLE


def test_a_card_played_while_passing_is_refused() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    effects = driver.send(ev.Play(S, cards(driver.table, S)[0]))
    assert Say(Notice(NoticeKind.NOT_PLAYING), S) in effects


# --- the exchange and the received pause ---------------------------------------


def exchanged(seed: int = 7) -> Driver:
    """A held driver whose hand just had its exchange."""
    driver = make_driver(seed=seed, hold=True)
    driver.send(ev.Deal(S))
    person_passes(driver)
    answer_decisions(driver)
    return driver


def test_the_exchange_waits_for_every_pass() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    table = driver.table
    answer_decisions(driver)
    assert table.stage is Stage.PASSING and not due_waits(driver)
    person_passes(driver)
    hand = table.hand
    assert hand is not None and hand.phase is Phase.PLAYING
    assert stage(table) is Stage.RECEIVED
    state = seat_state(table, S)
    assert state.raised == set(hand.received(S)) and len(hand.received(S)) == 3
    assert state.prompt == Prompt(PromptKind.RECEIVED, seat=E)
    assert state.can(Action.CONTINUE) and not state.legal
    (pause,) = due_waits(driver)
    assert pause.seconds == Options().speed.received_delay
    assert not due_decisions(driver)  # no card is asked for while the cards are held up


def test_the_received_pause_ends_when_it_elapses() -> None:
    driver = exchanged()
    (pause,) = due_waits(driver)
    answer(driver, pause)
    table = driver.table
    assert table.stage is Stage.PLAYING and seat_state(table, S).raised == set()
    (request,) = due_decisions(driver)
    assert (request.seat, request.kind) == (W, "play")  # the dealer's left leads


def test_continue_ends_the_received_pause_and_its_timer_then_does_nothing() -> None:
    driver = exchanged()
    (pause,) = due_waits(driver)
    driver.send(ev.Continue(S))
    table = driver.table
    assert table.stage is Stage.PLAYING
    assert pause.token not in table.waiting_on
    hand = table.hand
    assert hand is not None
    plays = len(hand.plays)
    answer(driver, pause)
    assert table.stage is Stage.PLAYING and len(hand.plays) == plays


def test_any_card_ends_the_received_pause() -> None:
    driver = exchanged()
    table = driver.table
    driver.send(ev.Play(S, cards(table, S)[0]))
    assert table.stage is Stage.PLAYING
    hand = table.hand
    assert hand is not None and not hand.plays  # the key is not also a card played


# --- the card pause and the decision, in either order -------------------------------


def test_a_card_decided_before_its_pause_is_played_when_the_pause_ends() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    (request,) = due_decisions(driver)
    (pause,) = due_waits(driver)
    assert pause.seconds == Options().speed.card_delay
    answer(driver, request)
    assert hand.plays == () and not table.settled
    answer(driver, pause)
    assert len(hand.plays) == 1 and hand.trick[0][0] == W
    (following,) = due_decisions(driver)
    assert following.seat == N


def test_a_card_decided_after_its_pause_is_played_at_once() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    (request,) = due_decisions(driver)
    (pause,) = due_waits(driver)
    answer(driver, pause)
    assert hand.plays == ()
    answer(driver, request)
    assert len(hand.plays) == 1 and hand.trick[0][0] == W


def test_the_person_is_asked_for_a_card_in_turn_and_refused_out_of_turn() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None
    state = seat_state(table, S)
    assert state.prompt == Prompt(PromptKind.LEAD, seat=W, number=1)
    assert state.legal == set() and not state.to_play
    effects = driver.send(ev.Play(S, cards(table, S)[0]))
    assert refused(Refusal(Reason.NOT_YOUR_TURN, seat=W)) in effects
    for _ in range(3):
        answer_decisions(driver)
        answer(driver, due_waits(driver)[0])
    assert hand.turn == S
    led = hand.trick[0][1].suit
    state = seat_state(table, S)
    assert state.prompt == Prompt(PromptKind.FOLLOW, seat=S, number=1, suit=led)
    assert state.legal == set(hand.legal_plays()) and state.to_play
    assert state.trick == hand.trick
    illegal = next(c for c in hand.holding(S) if c not in hand.legal_plays())
    reason = hand.refuse_play(illegal)
    assert reason is not None
    effects = driver.send(ev.Play(S, illegal))
    assert refused(reason) in effects
    assert len(hand.plays) == 3 and hand.turn == S


# --- the trick show -------------------------------------------------------------------


def play_until_trick_show(driver: Driver, south_leads: bool | None = None) -> None:
    """Answer decisions and pauses (South plays its highest legal card) until a
    finished trick is on show; with ``south_leads`` set, until one is on show
    after which South does (or does not) lead."""
    table = driver.table
    for _ in range(400):
        hand = table.hand
        assert hand is not None and hand.phase is not Phase.OVER
        if table.stage is Stage.TRICK_SHOW and (south_leads is None
                                                or (hand.turn == S) == south_leads):
            return
        step(driver, lambda hand: hand.legal_plays()[-1])
    raise AssertionError("no such trick")


def test_a_finished_trick_stays_on_show_until_its_pause_ends() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    play_until_trick_show(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None and table.shown_trick is not None
    assert table.shown_trick == hand.tricks[-1]
    state = seat_state(table, S)
    assert state.trick == hand.tricks[-1].plays() and len(state.trick) == 4
    assert state.winner == table.shown_trick.winner
    assert state.prompt == Prompt(PromptKind.TRICK_TAKEN, seat=table.shown_trick.winner,
                                  number=1, next_lead=hand.turn == S)
    assert not due_decisions(driver)  # the next card waits for the show to end
    (pause,) = due_waits(driver)
    assert pause.seconds == Options().speed.trick_delay
    answer(driver, pause)
    assert table.stage is Stage.PLAYING and table.shown_trick is None


def test_the_person_may_lead_while_the_trick_is_on_show() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    play_until_trick_show(driver, south_leads=True)
    table = driver.table
    hand = table.hand
    assert hand is not None
    prompt = seat_state(table, S).prompt
    assert prompt.kind is PromptKind.TRICK_TAKEN and prompt.next_lead
    assert seat_state(table, S).legal == set(hand.legal_plays())
    (pause,) = due_waits(driver)
    tricks = len(hand.tricks)
    card = hand.legal_plays()[0]
    driver.send(ev.Play(S, card))
    assert table.shown_trick is None and table.stage is Stage.PLAYING
    assert hand.trick == ((S, card),) and len(hand.tricks) == tricks
    assert pause.token not in table.waiting_on
    answer(driver, pause)  # the old pause has no say any more
    assert hand.trick == ((S, card),) and table.stage is Stage.PLAYING


def test_a_computer_seat_leads_only_after_the_show() -> None:
    driver = make_driver(hold=True)
    to_first_card(driver)
    play_until_trick_show(driver, south_leads=False)
    table = driver.table
    hand = table.hand
    assert hand is not None and hand.turn is not None and hand.turn != S
    assert not seat_state(table, S).prompt.next_lead and not seat_state(table, S).legal
    effects = driver.send(ev.Play(S, cards(table, S)[0]))
    assert refused(Refusal(Reason.NOT_YOUR_TURN, seat=hand.turn)) in effects
    assert table.stage is Stage.TRICK_SHOW


# --- the end of a hand and of a match -----------------------------------------------


def test_a_hand_played_out_ends_between_hands() -> None:
    driver = make_driver()
    deal_and_pass(driver)
    play_out_hand(driver)
    table = driver.table
    hand = table.hand
    assert hand is not None and hand.phase is Phase.OVER
    assert table.stage is Stage.IDLE and table.settled and not driver.due
    state = seat_state(table, S)
    assert state.prompt == Prompt(PromptKind.HAND_OVER, shooter=hand.shooter)
    assert hand.seed is not None
    # every hand as dealt is public once the hand is over
    assert state.result == Result(1, hand.seed, hand.shooter, (),
                                  tuple(tuple(hand.dealt(seat)) for seat in Seat))
    assert table.match.scores == hand.points and state.scores == hand.points
    assert state.can(Action.DEAL) and state.can(Action.REVIEW) and not state.can(Action.PASS)
    assert table.undo_refusal(S) == NoticeKind.UNDO_HAND_OVER and not state.can(Action.UNDO)
    effects = driver.send(ev.Play(S, hand.plays[-1]))  # between hands a card asks for a deal
    assert Say(Notice(NoticeKind.PRESS_DEAL), S) in effects
    assert not [e for e in effects if isinstance(e, Save)]
    driver.send(ev.Deal(S))
    assert len(table.match.hands) == 2 and stage(table) is Stage.PASSING
    assert seat_state(table, S).prompt.kind is PromptKind.CHOOSE
    assert seat_state(table, S).result is None


def play_match(driver: Driver, limit: int = 40) -> None:
    """Play hands (people's lowest cards) until the match is over."""
    table = driver.table
    for _ in range(limit):
        if table.match.over:
            return
        deal_and_pass(driver)
        play_out_hand(driver)
    raise AssertionError("the match never ended")


def test_the_match_ends_at_the_target_and_a_deal_begins_a_new_one() -> None:
    driver = make_driver(options=Options(target=50))
    play_match(driver)
    table = driver.table
    old = table.match
    assert old.over and max(old.scores) >= 50
    assert table.stage is Stage.IDLE and not table.in_progress
    hand = old.hands[-1]
    winners = tuple(old.winners)
    low = min(old.scores)
    assert winners and all(old.scores[seat] == low for seat in winners)
    state = seat_state(table, S)
    assert state.prompt == Prompt(PromptKind.GAME_OVER, shooter=hand.shooter, winners=winners)
    assert state.result == Result(len(old.hands), hand.seed, hand.shooter, winners,
                                  tuple(tuple(hand.dealt(seat)) for seat in Seat))
    assert state.match_over and not state.in_progress
    deals = table.deals
    driver.send(ev.Deal(S))
    assert table.match is not old and table.games == 1
    assert len(table.match.hands) == 1 and table.match.seed != old.seed
    assert table.deals == deals + 1 and stage(table) is Stage.PASSING
    assert table.match.scores == (0, 0, 0, 0) and not table.assisted


def test_abandoning_keeps_nothing_of_the_match_in_progress() -> None:
    driver = make_driver(hold=True)
    driver.send(ev.Deal(S))
    old = driver.table.match
    waited = driver.table.waiting_on
    assert waited
    effects = driver.send(ev.Abandon())
    kinds = [type(e) for e in effects]
    assert kinds.count(Abandoned) == 1 and driver.abandoned_count == 1
    assert kinds.index(Abandoned) < kinds.index(Save)  # recorded before the next save
    assert Say(Notice(NoticeKind.ABANDONED)) in effects
    table = driver.table
    assert table.match is not old and table.match.hands == []
    assert table.stage is Stage.IDLE and table.games == 1 and table.settled
    assert not table.in_progress
    for request in list(driver.due):  # the old match's requests have no say
        answer(driver, request)
    assert table.match.hands == [] and table.stage is Stage.IDLE
    driver.send(ev.Deal(S))
    assert len(table.match.hands) == 1


def test_the_computers_pauses_come_from_the_speed_option() -> None:
    from hearts.options import Speed

    driver = make_driver(hold=True, options=Options(speed=Speed.SLOW))
    to_first_card(driver)
    waits = [r for r in driver.due if isinstance(r, Wait)]
    assert [w.seconds for w in waits] == [Speed.SLOW.card_delay]


def test_every_card_of_a_hand_reaches_the_match_in_order() -> None:
    driver = make_driver()
    deal_and_pass(driver)
    play_out_hand(driver)
    hand = driver.table.hand
    assert hand is not None
    played = [card for trick in hand.tricks for card in trick.cards]
    assert list(hand.plays) == played and len(set(played)) == 52
    assert set(played) == set(Card.all())


def test_a_hand_without_a_pass_starts_with_the_first_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(Rules, "pass_direction", lambda self, number: PassDirection.NONE)
    driver = make_driver(hold=True)
    effects = driver.send(ev.Deal(S))
    table = driver.table
    hand = table.hand
    assert hand is not None and hand.pass_direction is PassDirection.NONE
    assert hand.phase is Phase.PLAYING and table.stage is Stage.PLAYING
    assert not [d for d in effects if isinstance(d, Decide) and d.kind == "pass"]
    leader = hand.turn
    assert leader is not None
    state = seat_state(table, S)
    assert state.prompt == Prompt(PromptKind.LEAD, seat=leader, number=1)
    assert not state.can(Action.PASS) and state.raised == set() and not state.passable
    effects = driver.send(ev.Pass(S, tuple(cards(table, S)[:3])))
    assert refused(Refusal(Reason.NOT_PASSING)) in effects
    if leader == S:
        assert state.legal == set(hand.legal_plays())
    else:
        assert [(d.seat, d.kind) for d in due_decisions(driver)] == [(leader, "play")]


def test_a_matchs_hands_share_their_rules_while_those_stay() -> None:
    driver = make_driver(options=Options(target=50))
    play_match(driver)  # (the options' rules are made again for every deal)
    hands = driver.table.match.hands
    assert len(hands) > 2
    assert all(hand.rules is hands[0].rules for hand in hands)
