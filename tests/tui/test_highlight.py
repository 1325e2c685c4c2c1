"""The highlight is the screen's own: it follows the seat's states as a person expects,
and moving it never reaches the table."""

from __future__ import annotations

from hearts import Card, Seat
from hearts.options import Options
from hearts.table import Notice, NoticeKind, Stage, Table, seat_state
from hearts.table import events as ev
from hearts.table.driver import Driver
from hearts.tui.seatview import SeatView

from .helpers import steady_player

S = Seat.SOUTH


def _playing() -> tuple[Table, Driver, SeatView]:
    """One person against three steady players, the first card of the hand due."""
    table = Table(Options(difficulty=1), 7)
    driver = Driver(table, steady_player)
    driver.start()
    view = SeatView()
    driver.send(ev.Deal(S))
    view.show(seat_state(table, S))
    driver.send(ev.Pass(S, tuple([c for c in view.state.cards if c != Card.parse("QS")][:3])))
    view.show(seat_state(table, S))
    return table, driver, view


def _lowest(view: SeatView) -> Card:
    cards = view.state.cards
    return min(view.state.legal, key=lambda card: (card.rank, cards.index(card)))


def test_each_turn_begins_on_the_lowest_card_that_may_be_played() -> None:
    table, driver, view = _playing()
    hand = table.hand
    assert hand is not None
    for _ in range(5):
        if hand.turn != S:
            break
        view.show(seat_state(table, S))
        assert view.highlighted == _lowest(view)
        view.highlight.move(view.state, 3)  # the person looks around...
        card = view.highlighted
        assert card is not None
        if card not in view.state.legal:
            card = _lowest(view)
        driver.send(ev.Play(S, card))
        view.show(seat_state(table, S))
        if view.state.legal:  # ...and the next turn begins on the lowest again
            assert view.highlighted == _lowest(view)


def test_moving_wraps_round_and_never_reaches_the_table() -> None:
    table, _, view = _playing()
    before = (table.state(), table.match.hands[-1].record())
    cards = view.state.cards
    start = view.highlight.index
    view.highlight.move(view.state, -1)
    assert view.highlight.index == (start - 1) % len(cards)
    view.highlight.move(view.state, len(cards) + 1)
    assert view.highlight.index == start
    assert (table.state(), table.match.hands[-1].record()) == before


def test_a_new_hand_and_the_cards_received_start_at_the_first_card() -> None:
    table = Table(Options(difficulty=1), 7)
    driver = Driver(table, steady_player)
    driver.hold = True
    driver.start()
    view = SeatView()
    driver.send(ev.Deal(S))
    view.show(seat_state(table, S))
    assert view.highlight.index == 0
    view.highlight.move(view.state, 5)
    driver.send(ev.Pass(S, tuple([c for c in view.state.cards if c != Card.parse("QS")][:3])))
    while table.stage is Stage.PASSING:
        request = driver.due[0]
        driver.due.remove(request)
        driver.send(driver.answer(request))
    assert table.stage is Stage.RECEIVED
    view.show(seat_state(table, S))
    assert view.highlight.index == 0


def test_a_hint_and_a_card_taken_back_are_where_the_highlight_rests() -> None:
    table, driver, view = _playing()
    hand = table.hand
    assert hand is not None and hand.turn == S
    view.show(seat_state(table, S))
    advised = max(view.state.legal, key=lambda card: card.rank)
    view.told(Notice(NoticeKind.HINT, cards=(advised,)))
    view.show(seat_state(table, S))
    assert view.highlighted == advised
    driver.send(ev.Play(S, advised))
    view.show(seat_state(table, S))
    driver.send(ev.Undo(S))
    view.told(Notice(NoticeKind.TAKEN_BACK, card=advised))
    view.show(seat_state(table, S))
    assert view.highlighted == advised  # not moved to the lowest card by the new turn


def test_a_click_puts_the_highlight_on_its_card_at_once() -> None:
    _, _, view = _playing()
    card = view.state.cards[-1]
    view.highlight.put(view.state, card)
    assert view.highlighted == card
