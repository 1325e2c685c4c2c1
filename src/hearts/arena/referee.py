"""The referee: plays one hand between seated players and checks every answer.

Anything wrong with an answer (an illegal card, a malformed or missing line, a
program over its time or crashed, a Python player raising) raises
:class:`PlayerFault`, whose message names the deal, the seat, the request and
what came back. Faults are never absorbed: the run stops and says so.
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.ai import Player
from hearts.arena.program import ProgramFault
from hearts.cards import Card, Seat
from hearts.hand import Hand
from hearts.view import Phase, PlayerView

__all__ = ["PlayerFault", "referee_hand"]


class PlayerFault(RuntimeError):
    """A player broke the rules or the protocol; the message says where and how.

    Made of plain text so it crosses process boundaries unchanged.
    """


def _shown(value: object, limit: int = 4000) -> str:
    text = repr(value) if not isinstance(value, str) else value
    return text if len(text) <= limit else text[:limit] + f"... ({len(text)} characters)"


def _fault(where: str, seat: Seat, name: str, view: PlayerView, kind: str, reason: str,
           request: str | None = None, answer: object = None) -> PlayerFault:
    shown_request = request or (f"{kind}, {seat} holding {' '.join(map(str, view.hand))}"
                                + (f", legal {' '.join(map(str, view.legal))}"
                                   if kind == "play" else ""))
    lines = [f"{where}, {seat} ({name}): {reason}",
             f"  request: {_shown(shown_request.rstrip())}",
             f"  answer:  {'(nothing)' if answer is None else _shown(answer)}"]
    return PlayerFault("\n".join(lines))


def _last_request(player: Player) -> str | None:
    """The line a program player was last sent (None for an in-process player)."""
    request = getattr(player, "last_request", None)
    return request if isinstance(request, str) else None


def _decide(player: Player, kind: str, view: PlayerView) -> list[Card]:
    if kind == "pass":
        return list(player.choose_pass(view))
    return [player.choose_play(view)]


def _ask(player: Player, kind: str, view: PlayerView, where: str, seat: Seat,
         name: str) -> list[Card]:
    try:
        cards = _decide(player, kind, view)
    except ProgramFault as fault:
        raise _fault(where, seat, name, view, kind, fault.reason, fault.request,
                     fault.answer) from None
    except Exception as error:
        raise _fault(where, seat, name, view, kind,
                     f"the player raised {type(error).__name__}: {error}") from None
    if not all(isinstance(card, Card) for card in cards):
        raise _fault(where, seat, name, view, kind, "the answer is not made of Cards",
                     answer=cards)
    return cards


def referee_hand(hand: Hand, players: Sequence[Player], names: Sequence[str],
                 where: str) -> None:
    """Play ``hand`` to the end, ``players[seat]`` deciding for each seat.

    ``names`` name the seats' players and ``where`` the deal, for fault messages.
    """
    if hand.phase is Phase.PASSING:
        for seat in Seat:
            view = hand.view(seat)
            cards = _ask(players[seat], "pass", view, where, seat, names[seat])
            reason = hand.pass_refusal(seat, cards)
            if reason:
                raise _fault(where, seat, names[seat], view, "pass", f"an illegal pass: {reason}",
                             _last_request(players[seat]), " ".join(map(str, cards)))
            hand.pass_cards(seat, cards)
    while hand.phase is Phase.PLAYING:
        turn = hand.turn
        assert turn is not None
        seat = turn
        view = hand.view(seat)
        card = _ask(players[seat], "play", view, where, seat, names[seat])[0]
        reason = hand.play_refusal(card)
        if reason:
            raise _fault(where, seat, names[seat], view, "play", f"an illegal play: {reason}",
                         _last_request(players[seat]), str(card))
        hand.play(card)
