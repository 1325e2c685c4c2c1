"""What a seat's state reads off the table, as typed values: who sits where, the
score sheet, the hand's result, the prompt of a status line and the actions a
seat may use. :mod:`hearts.table.projection` makes the state's fields of them."""

from __future__ import annotations

from collections.abc import Mapping

from hearts.cards import SEATS, Card, Seat
from hearts.hand import Hand, Phase
from hearts.match import Match
from hearts.table.notices import Prompt, PromptKind
from hearts.table.seatstate import Action, Result, SeatInfo, SheetRow
from hearts.table.stage import Stage
from hearts.table.table import Table

__all__ = ["actions_of", "level_label", "prompt_of", "public_prompt", "result_of", "seat_infos",
           "shared_actions", "shared_prompt", "sheet_row", "sheet_rows"]


def sheet_rows(match: Match) -> tuple[SheetRow, ...]:
    """The score sheet's rows of ``match``."""
    return tuple(sheet_row(hand) for hand in match.hands)


_QUEEN = Card.parse("QS")


def sheet_row(hand: Hand) -> SheetRow:
    """The score sheet's row of ``hand``."""
    queen = None
    for trick in hand.tricks:
        if _QUEEN in trick.cards:
            queen = trick.winner
            break
    return SheetRow(hand.points, hand.phase is Phase.OVER, hand.shooter, queen)


def seat_infos(table: Table, deadlines: Mapping[int, float] | None = None
               ) -> tuple[SeatInfo, ...]:
    """Who sits where at ``table``, as everyone there sees it (``deadlines``: when
    the pauses the table asked for end, by token)."""
    named = table.named or table.shared
    infos = []
    for seat in SEATS:
        seating = table.seating(seat)
        name = seating.name if seating.held and named and seating.name else str(seat)
        token = table.grace_token(seat)
        until = None if token is None or deadlines is None else deadlines.get(token)
        infos.append(SeatInfo(name, seating.presence, until, seat in table.aided))
    return tuple(infos)


def level_label(table: Table, seat: Seat | None) -> str:
    """The computer players' level by name, of the hand on the table, as ``seat``
    sees it (the others'; all four for a watcher, ``None``): that of the next
    hand before the first deal, or when they play at several levels."""
    hand = table.hand
    if hand is not None and hand.players is not None:
        names = {p.player for s, p in zip(SEATS, hand.players, strict=True)
                 if s != seat and p.seed is not None}
        if len(names) == 1:
            return names.pop().capitalize()
    return table.level.label


def result_of(table: Table) -> Result | None:
    """The hand just over, between hands (else None)."""
    hand = table.hand
    if table.stage is not Stage.IDLE or hand is None or hand.phase is not Phase.OVER:
        return None
    winners = tuple(table.match.winners) if table.match.over else ()
    return Result(len(table.match.hands), hand.seed, hand.shooter, winners,
                  tuple(tuple(hand.dealt(seat)) for seat in SEATS))


def actions_of(table: Table, seat: Seat, shared: frozenset[Action] | None = None
               ) -> frozenset[Action]:
    """What ``seat`` may use now (its buttons are shown only then); ``shared``:
    :func:`shared_actions` of the table now, when known."""
    can = shared_actions(table) if shared is None else shared
    mine = _SEAT_ACTIONS[(table.stage is Stage.PASSING and not table.passed(seat))
                         | table.hint_due(seat) << 1
                         | (table.undo_refusal(seat) is None) << 2]
    return can | mine if mine else can


def shared_actions(table: Table) -> frozenset[Action]:
    """What every person at ``table`` may use now, whatever their seat (the rest
    of :func:`actions_of`: passing, a hint, an undo, depends on the seat)."""
    hand = table.hand
    stage = table.stage
    can = {Action.HELP, Action.QUIT}
    if stage is Stage.IDLE:
        can |= {Action.DEAL, Action.OPTIONS, Action.STATS}
        if hand is not None and hand.phase is Phase.OVER:
            can.add(Action.REVIEW)
    elif table.last_trick() is not None:
        # Between hands the Last button gives way (eight would not fit 24 rows);
        # the key still shows the hand's last trick.
        can.add(Action.LAST)
    if stage is Stage.RECEIVED:
        can.add(Action.CONTINUE)
    if table.match.hands:
        can.add(Action.SCORES)
    if table.in_progress:
        can.add(Action.ABANDON)
    return frozenset(can)


_SEAT_ACTIONS = tuple(frozenset(action for bit, action in enumerate(
    (Action.PASS, Action.HINT, Action.UNDO)) if bits >> bit & 1) for bits in range(8))
"""The actions of one seat alone, by which of pass, hint and undo it may use."""


def prompt_of(table: Table, seat: Seat) -> Prompt:
    """What ``seat``'s status line asks of it now, or whose turn it is."""
    prompt = shared_prompt(table)
    if prompt is not None:
        return prompt
    hand = table.hand
    assert hand is not None
    if table.stage is Stage.TRICK_SHOW:
        assert table.shown_trick is not None
        return Prompt(PromptKind.TRICK_TAKEN, seat=table.shown_trick.winner,
                      number=len(hand.tricks),
                      next_lead=hand.turn == seat and not table.claimed)
    if table.stage is Stage.PASSING:
        if table.passed(seat):
            return Prompt(PromptKind.WAIT_PASS, direction=hand.pass_direction)
        return Prompt(PromptKind.CHOOSE, direction=hand.pass_direction)
    return Prompt(PromptKind.RECEIVED, seat=hand.pass_direction.source(seat))


def public_prompt(table: Table) -> Prompt:
    """What a watcher's status line says now: the seats' prompt where all of them
    share it; else the trick taken (with nobody to lead next) or the pass
    awaited."""
    prompt = shared_prompt(table)
    if prompt is not None:
        return prompt
    hand = table.hand
    assert hand is not None
    if table.stage is Stage.TRICK_SHOW:
        assert table.shown_trick is not None
        return Prompt(PromptKind.TRICK_TAKEN, seat=table.shown_trick.winner,
                      number=len(hand.tricks))
    return Prompt(PromptKind.WAIT_PASS, direction=hand.pass_direction)


def shared_prompt(table: Table) -> Prompt | None:
    """What every seat's status line says now, or None when it depends on the
    seat (a trick shown, passing, the cards received: see :func:`prompt_of`)."""
    hand = table.hand
    stage = table.stage
    if stage is Stage.TRICK_SHOW and table.shown_trick is not None and hand:
        return None
    if hand is None:
        return Prompt(PromptKind.WELCOME)
    if table.stuck:
        return Prompt(PromptKind.STUCK)
    if stage is Stage.PASSING or stage is Stage.RECEIVED:
        return None
    if stage is Stage.IDLE:
        if table.match.over:
            return Prompt(PromptKind.GAME_OVER, shooter=hand.shooter,
                          winners=tuple(table.match.winners))
        return Prompt(PromptKind.HAND_OVER, shooter=hand.shooter)
    if table.claimed:
        return Prompt(PromptKind.PLAYED_OUT)
    number = len(hand.tricks) + 1
    turn = hand.turn
    assert turn is not None
    trick = hand.trick
    if not trick:
        return Prompt(PromptKind.LEAD, seat=turn, number=number)
    return Prompt(PromptKind.FOLLOW, seat=turn, number=number, suit=trick[0][1].suit)
