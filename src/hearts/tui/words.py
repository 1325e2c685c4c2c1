"""The terminal's words for what the table tells a seat: its prompts, notices and
the summary of a hand, naming the terminal's own keys.

The table hands over data (:class:`~hearts.table.Prompt`,
:class:`~hearts.table.Notice`, :class:`~hearts.table.SeatState`); only here does
it become words, taken from the catalogue the web table shares
(:mod:`hearts.words`): this module chooses the entry and fills in its fields.
People are named as the seat state names them, so the status line, the labels
and the score sheet always agree.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import assert_never

from hearts.cards import Card, Seat, Suit
from hearts.net.wire.errors import ErrorCode
from hearts.rules import Refusal
from hearts.table import (
    Notice,
    NoticeKind,
    Outcome,
    Presence,
    Prompt,
    PromptKind,
    SeatState,
    display_order,
)
from hearts.table import happenings as hp
from hearts.words import fill, words
from hearts.words.standings import standings_text

__all__ = ["card_name", "card_names", "counted", "error_text", "happening_text",
           "nothing_to_play", "notice_text", "prompt_text", "refusal_text", "result_lines",
           "winner_text"]


def _names(items: Sequence[str]) -> str:
    if len(items) == 1:
        return items[0]
    return str(words("cards.comma")).join(items[:-1]) + str(words("cards.and")) + items[-1]


def _suit(suit: Suit) -> str:
    return str(words(f"cards.suits.{suit.letter}"))


def card_name(card: Card) -> str:
    """``queen of spades``, ``10 of hearts``."""
    text = str(card)
    return fill(words("cards.card"), rank=words(f"cards.ranks.{text[:-1].replace('10', 'T')}"),
                suit=words(f"cards.suits.{text[-1]}"))


def counted(count: int, thing: str, things: str | None = None) -> str:
    """``1 point``, ``2 points``: a count with its noun, one or many (``things``
    when the many is not the noun and an s)."""
    return f"{count} {thing if count == 1 else things or thing + 's'}"


def card_names(cards: Sequence[Card]) -> str:
    """``the queen of spades, the 2 of clubs and the ace of hearts``."""
    return _names([fill(words("cards.the_card"), card=card_name(card)) for card in cards])


def _who(state: SeatState, seat: Seat) -> str:
    return state.seats[seat].name


def _seconds(until: float | None, now: float | None) -> int | None:
    if until is None or now is None:
        return None
    return max(0, math.ceil(until - now))


def _waited(state: SeatState, seat: Seat, now: float | None) -> str:
    """``seat`` as the table waits for it: its name, and what happens if nobody comes."""
    info = state.seats[seat]
    left = _seconds(info.until, now)
    soon = "" if left is None else fill(words("prompts.soon"), seconds=left)
    if info.presence is Presence.FREE:
        return fill(words("prompts.waited-free"), seat=words(f"seats.{seat.name.lower()}"),
                    soon=soon)
    if info.presence is Presence.AWAY:
        return fill(words("prompts.waited-away"), who=info.name, soon=soon)
    return info.name


def _timer(state: SeatState, now: float | None) -> str:
    """The turn timer's words for this seat: the seconds left when it is timed."""
    timer = state.timer
    if timer is None or state.seat not in timer.seats:
        return ""
    left = _seconds(timer.until, now)
    if left is None:
        return ""
    return fill(words("prompts.timer-hurry" if left <= 10 else "prompts.timer"), seconds=left)


def prompt_text(state: SeatState, now: float | None = None) -> str:
    """The status line's prompt: what the seat is asked to do, or whose turn it is
    (``now``: the table's clock, to count down a turn timer or a seat's grace time)."""
    return _prompt(state, now) + _timer(state, now)


def _prompt(state: SeatState, now: float | None) -> str:
    prompt = state.prompt
    you = state.seat
    kind = prompt.kind
    said = words("prompts")
    if kind is PromptKind.TRICK_TAKEN:
        assert prompt.seat is not None
        key = "trick-taken-lead" if prompt.next_lead else "trick-taken"
        return fill(said[key], who=_who(state, prompt.seat), number=prompt.number)
    if kind in (PromptKind.WELCOME, PromptKind.STUCK, PromptKind.PLAYED_OUT):
        return str(said[kind.value])
    if kind is PromptKind.WAIT_PASS:
        others = [_waited(state, seat, now) for seat in state.waiting if seat != you]
        return fill(said["wait-pass-named"], names=_names(others)) if others \
            else str(said["wait-pass"])
    if kind is PromptKind.CHOOSE:
        return fill(said["choose-queen" if _queen_kept(state) else "choose"],
                    direction=words(f"directions.{prompt.direction}"))
    if kind is PromptKind.RECEIVED:
        assert prompt.seat is not None
        return fill(said["received"], who=_who(state, prompt.seat))
    if kind is PromptKind.HAND_OVER:
        return _moon(state, prompt) + str(said["hand-over"])
    if kind is PromptKind.GAME_OVER:
        won = winner_text(state, prompt.winners)
        # the keys as far as they fit one line of 80 columns: the winners come first
        tail = next((t for t in said["game-over-tails"] if len(won + t) <= 80), "")
        return won + tail
    assert prompt.seat is not None
    mine = prompt.seat == you
    who = _waited(state, prompt.seat, now) if prompt.seat in state.waiting \
        else _who(state, prompt.seat)
    fields = {"number": prompt.number, "who": who}
    if kind is PromptKind.LEAD:
        return fill(said["lead-you" if mine else "lead"], fields)
    assert prompt.suit is not None
    return fill(said["follow-you" if mine else "follow"], fields, suit=_suit(prompt.suit))


def _queen_kept(state: SeatState) -> bool:
    """True when the seat holds the queen of spades and the rules forbid passing it."""
    view = state.view
    return view is not None and not view.rules.pass_queen and _QUEEN in view.hand


_QUEEN = Card.parse("QS")


def _moon(state: SeatState, prompt: Prompt) -> str:
    if prompt.shooter is None:
        return ""
    if prompt.shooter == state.seat:
        return str(words("prompts.moon-you"))
    return fill(words("prompts.moon"), who=_who(state, prompt.shooter))


def winner_text(state: SeatState, winners: Sequence[Seat]) -> str:
    """Who won the match, as the seat is told."""
    said = words("results")
    if not winners:
        return str(said["game-over"])
    low = state.scores[winners[0]]
    if len(winners) == 1:
        if winners[0] == state.seat:
            return fill(said["you-win"], points=_points(low))
        return fill(said["wins"], who=_who(state, winners[0]), points=_points(low))
    names = [said["you"] if each == state.seat else _who(state, each) for each in winners]
    return fill(said["share"], names=_names(names), points=_points(low))


def _points(count: int) -> str:
    return fill(words("results.point" if count == 1 else "results.points"), count=count)


def result_lines(state: SeatState) -> list[str]:
    """Lines for the middle of the table once a hand is over: the winner or the
    hand's number, the seed it was dealt from, and a moon if one was shot."""
    result = state.result
    if result is None:
        return []
    said = words("results")
    lines = [winner_text(state, result.winners) if state.match_over
             else fill(said["hand-complete"], number=result.number)]
    if result.seed is not None:
        lines.append(fill(said["hand-from" if state.match_over else "dealt-from"],
                          number=result.number, seed=result.seed))
    if result.shooter is not None:
        lines.append(said["moon-you"] if result.shooter == state.seat
                     else fill(said["moon"], who=_who(state, result.shooter)))
    return lines


def nothing_to_play(state: SeatState) -> str:
    """Why there is no card to play or pass, and what to press instead."""
    said = words("results")
    if state.view is None:
        return str(said["no-hand"])
    if state.match_over:
        return str(said["game-is-over"])
    return str(said["hand-is-over"])


def refusal_text(refusal: Refusal, state: SeatState | None = None) -> str:
    """Why the rules refused a card or a pass."""
    seat = refusal.seat
    who = "" if seat is None else (str(seat) if state is None else _who(state, seat))
    return fill(words(f"refusals.{refusal.reason.value}"),
                card="" if refusal.card is None else card_name(refusal.card),
                suit="" if refusal.suit is None else _suit(refusal.suit), seat=who)


def happening_text(happening: hp.Happening, state: SeatState) -> str | None:
    """What happened, in words, as the seat of ``state`` is told it (the web
    table's words); None for what the table shows or a notice says (a pass made
    by another seat, a deal)."""
    if isinstance(happening, hp.SeatMove):
        return move_text(happening, state)
    web = words("web")
    match happening:
        case hp.Played(seat=seat, card=card):
            if seat == state.seat:
                return fill(web["you-play"], card=card_name(card))
            return fill(web["plays"], who=_who(state, seat), card=card_name(card))
        case hp.TrickTaken(seat=seat, points=points):
            kind = "you-take" if seat == state.seat else "takes"
            ending = "none" if points == 0 else "one" if points == 1 else "points"
            return fill(web[f"{kind}-{ending}"], who=_who(state, seat), points=points)
        case hp.HeartsBroken():
            return str(web["hearts-broken"])
        case hp.PassedCards(to=to, cards=cards):
            return fill(web["you-passed"], cards=card_names(sorted(cards, key=display_order)),
                        who=_who(state, to))
        case hp.Received(giver=giver, cards=cards):
            return fill(web["received-cards"], cards=card_names(sorted(cards, key=display_order)),
                        who=_who(state, giver))
        case hp.Dealt() | hp.Passed() | hp.PassTakenBack() | hp.TakenBack() | hp.HandEnded():
            return None
        case _:
            assert_never(happening)


def move_text(move: hp.SeatMove, state: SeatState) -> str:
    """A seat's move in words (the catalogue's ``moves``), as the seat of ``state``
    is told it: "You are back", never "South is back"; another seat by its
    person's name as the move gives it (the state may name the seat's new player)."""
    kind = hp.KINDS[type(move)]
    if move.seat == state.seat:
        return str(words(f"moves.{kind}-you"))
    return fill(words(f"moves.{kind}"), who=move.name or _who(state, move.seat))


def notice_text(notice: Notice, state: SeatState) -> str:
    """A notice in words, as the seat of ``state`` is told it."""
    kind = notice.kind
    said = words("notices")
    seat = notice.seat
    you = seat is not None and seat == state.seat
    name = "" if seat is None else _who(state, seat)
    match kind:
        case NoticeKind.REFUSED:
            assert notice.refusal is not None
            return refusal_text(notice.refusal, state)
        case NoticeKind.PRESS_DEAL:
            return str(said["press-deal" if state.hand_number else "press-deal-first"])
        case NoticeKind.NOT_A_PERSON:
            return fill(said["not-a-person"], seat="" if seat is None else str(seat))
        case NoticeKind.FORCED_CARD:
            assert notice.card is not None
            return fill(said["forced-card"], card=card_name(notice.card))
        case NoticeKind.HINT:
            key = "hint-pass" if len(notice.cards) == 3 else "hint"
            return fill(said[key], cards=card_names(notice.cards))
        case NoticeKind.PLAYER_FAILED:
            return _failure(notice, "" if seat is None else _who(state, seat))
        case NoticeKind.TIMED_OUT if you:
            return str(said["timed-out-you"])
        case NoticeKind.STANDINGS if notice.standings is not None:
            return standings_text(notice.standings)
        case NoticeKind.TEXT | NoticeKind.STANDINGS:
            return notice.text or ""
    if kind.value in said:
        return fill(said[kind.value], count=notice.count, who=name,
                    name=notice.name or name)
    return fill(said["unknown"], kind=kind.value)  # a newer server's kind shows its name


def _failure(notice: Notice, name: str) -> str:
    said = words("failures")
    level = notice.level.label if notice.level is not None else said["computer"]
    who = (fill(said["who-hint"], level=level) if notice.decision == "hint"
           else fill(said["who"], name=name, level=level))
    decisions = said["decisions"]
    fields = {"who": who, "what": decisions.get(notice.decision or "", decisions["other"]),
              "where": fill(said["where"], log=notice.log) if notice.log else "",
              "error": notice.error or said["an-error"],
              "lower": notice.lower.label if notice.lower is not None else said["lower"]}
    outcome = notice.outcome or Outcome.STUCK
    return fill(said[outcome.value], fields)


def error_text(code: ErrorCode | None, message: str) -> str:
    """A server's refusal in words: ours for the codes we know (the name's reason
    comes from the server: it says which character it refused), else its own."""
    said = words("errors")
    own = message[:1].upper() + message[1:]
    if code is None or code.value not in said or code in (ErrorCode.BAD_NAME,
                                                         ErrorCode.BAD_MESSAGE):
        return own
    return fill(said[code.value], message=own)



