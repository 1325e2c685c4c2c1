"""The terminal's words for what the table tells a seat: its prompts, notices and
the summary of a hand, naming the terminal's own keys.

The table hands over data (:class:`~hearts.table.Prompt`,
:class:`~hearts.table.Notice`, :class:`~hearts.table.SeatState`); only here does
it become English. People are named as the seat state names them, so the
status line, the labels and the score sheet always agree.
"""

from __future__ import annotations

from collections.abc import Sequence

from hearts.cards import Card, Seat
from hearts.net.errors import ErrorCode
from hearts.rules import Reason
from hearts.table import Notice, NoticeKind, Outcome, Prompt, PromptKind, SeatState

__all__ = ["card_names", "error_text", "nothing_to_play", "notice_text", "prompt_text",
           "result_lines", "winner_text"]


def _names(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]


def card_names(cards: Sequence[Card]) -> str:
    """``the queen of spades, the 2 of clubs and the ace of hearts``."""
    return _names([f"the {card.long_name}" for card in cards])


def _who(state: SeatState, seat: Seat) -> str:
    return state.seats[seat].name


def prompt_text(state: SeatState) -> str:
    """The status line's prompt: what the seat is asked to do, or whose turn it is."""
    prompt = state.prompt
    you = state.seat
    kind = prompt.kind
    if kind is PromptKind.TRICK_TAKEN:
        assert prompt.seat is not None
        taken = f"{_who(state, prompt.seat)} takes trick {prompt.number}"
        return f"{taken} - your lead" if prompt.next_lead else taken
    if kind is PromptKind.WELCOME:
        return "Welcome to Hearts - press Deal (d) to begin"
    if kind is PromptKind.STUCK:
        return "The game cannot go on - press Abandon (a) for a new match"
    if kind is PromptKind.WAIT_PASS:
        return "Waiting for the others to pass"
    if kind is PromptKind.CHOOSE:
        return (f"Choose 3 cards to pass {prompt.direction} - the queen of spades may not "
                "be passed")
    if kind is PromptKind.RECEIVED:
        assert prompt.seat is not None
        return (f"You receive these 3 cards from {_who(state, prompt.seat)} - play begins "
                "in a moment")
    if kind is PromptKind.HAND_OVER:
        return _moon(state, prompt) + "Hand complete - press Deal for the next one, v to review it"
    if kind is PromptKind.GAME_OVER:
        won = winner_text(state, prompt.winners)
        # the keys as far as they fit one line of 80 columns: the winners come first
        tail = next((t for t in _GAME_OVER_TAILS if len(won + t) <= 80), "")
        return won + tail
    if kind is PromptKind.PLAYED_OUT:
        return "No points are left to take - playing the rest of the hand out"
    assert prompt.seat is not None
    mine = prompt.seat == you
    if kind is PromptKind.LEAD:
        return (f"Trick {prompt.number} - your lead" if mine
                else f"Trick {prompt.number} - {_who(state, prompt.seat)} to lead")
    led = f"Trick {prompt.number} - {prompt.suit} led"
    return f"{led} - your play" if mine else f"{led} - {_who(state, prompt.seat)} to play"


_GAME_OVER_TAILS = (" - Deal for a new game, v to review", " - Deal for a new game")


def _moon(state: SeatState, prompt: Prompt) -> str:
    if prompt.shooter is None:
        return ""
    if prompt.shooter == state.seat:
        return "You shot the moon! "
    return f"{_who(state, prompt.shooter)} shot the moon! "


def winner_text(state: SeatState, winners: Sequence[Seat]) -> str:
    """Who won the match, as the seat is told."""
    if not winners:
        return "Game over"
    low = state.scores[winners[0]]
    if len(winners) == 1:
        who = "You win" if winners[0] == state.seat else f"{_who(state, winners[0])} wins"
        return f"Game over - {who} with {low} points"
    names = ["you" if each == state.seat else _who(state, each) for each in winners]
    return f"Game over - {_names(names)} share the win with {low} points"


def result_lines(state: SeatState) -> list[str]:
    """Lines for the middle of the table once a hand is over: the winner or the
    hand's number, the seed it was dealt from, and a moon if one was shot."""
    result = state.result
    if result is None:
        return []
    lines = [winner_text(state, result.winners) if state.match_over
             else f"Hand {result.number} complete"]
    dealt = f"Hand {result.number}" if state.match_over else "Dealt"
    if result.seed is not None:
        lines.append(f"{dealt} from seed {result.seed}")
    if result.shooter is not None:
        lines.append("You shot the moon!" if result.shooter == state.seat
                     else f"{_who(state, result.shooter)} shot the moon!")
    return lines


def nothing_to_play(state: SeatState) -> str:
    """Why there is no card to play or pass, and what to press instead."""
    if state.view is None:
        return "There is no hand yet - press Deal (d)"
    if state.match_over:
        return "The game is over - press Deal (d) for a new game"
    return "The hand is over - press Deal (d) for the next one"


_PLAIN = {
    NoticeKind.NOT_PLAYING: "Cards are not being played now",
    NoticeKind.THREE_CHOSEN: "You have chosen 3 cards - press Pass, or choose one again to "
                             "put it back",
    NoticeKind.FINISH_HAND: "Finish this hand first",
    NoticeKind.PLAYED_OUT: "No points are left to take - the rest of the hand was played out",
    NoticeKind.HOLD_HAND: "A hold hand: no cards are passed this time",
    NoticeKind.NO_HINT_NOW: "A hint is given when you have cards to pass or to play",
    NoticeKind.THINKING: "Thinking of a hint...",
    NoticeKind.ASSISTED: "This match is now marked as assisted (a hint or an undo): the "
                         "statistics count it on its own",
    NoticeKind.PASS_TAKEN_BACK: "Pass taken back - choose again",
    NoticeKind.TAKEN_BACK: "Taken back - play again",
    NoticeKind.NOTHING_TO_UNDO: "There is nothing to undo yet",
    NoticeKind.UNDO_SHARED: "Undo is not available with more than one person at the table",
    NoticeKind.UNDO_CHOOSING: "Nothing to undo - choose cards, or Clear",
    NoticeKind.UNDO_HAND_OVER: "The hand is over - nothing to undo",
    NoticeKind.UNDO_EXCHANGED: "The cards have been exchanged - the pass cannot be undone",
    NoticeKind.UNDO_PLAYED_OUT: "The rest of the hand is being played out",
    NoticeKind.UNDO_NO_CARD: "You have not played a card in this hand yet",
    NoticeKind.ABANDONED: "Match abandoned - press Deal (d) to start a new one",
    NoticeKind.YOU_LEFT: "You left the table - a computer player has your seat",
}

_DECISIONS = {"pass": "its pass", "play": "a card", "hint": "a hint"}


def notice_text(notice: Notice, state: SeatState) -> str:
    """A notice in words, as the seat of ``state`` is told it."""
    kind = notice.kind
    plain = _PLAIN.get(kind)
    if plain is not None:
        return plain
    seat = notice.seat
    name = "" if seat is None else ("you" if seat == state.seat else _who(state, seat))
    match kind:
        case NoticeKind.REFUSED:
            refusal = notice.refusal
            assert refusal is not None
            if refusal.reason is Reason.NOT_YOUR_TURN:
                return "Wait for your turn"
            return str(refusal)
        case NoticeKind.CHOOSE_THREE:
            return f"Choose 3 cards to pass ({notice.count} chosen so far)"
        case NoticeKind.PRESS_DEAL:
            return ("Press Deal (d) for the next hand" if state.hand_number
                    else "Press Deal (d) to begin")
        case NoticeKind.NOT_A_PERSON:
            return f"{seat} is not a person's seat"
        case NoticeKind.FORCED_CARD:
            assert notice.card is not None
            return f"Your only card to play, the {notice.card.long_name}, was played for you"
        case NoticeKind.HINT:
            if len(notice.cards) == 3:
                return "Hint: pass " + card_names(notice.cards)
            return "Hint: " + card_names(notice.cards)
        case NoticeKind.TARGET_NOW:
            return f"The game now ends at {notice.count}"
        case NoticeKind.PLAYER_FAILED:
            return _failure(notice, "" if seat is None else _who(state, seat))
        case NoticeKind.LEFT:
            return f"{name} left the table - a computer player takes the seat"
        case NoticeKind.AWAY:
            return f"{name} is away - a computer player plays for them until they return"
        case NoticeKind.BACK:
            return f"{name} is back"
        case NoticeKind.JOINED:
            return f"{name} sat down"
        case NoticeKind.STAND_IN:
            return f"A computer player plays for {name} for now"
        case NoticeKind.FREED:
            return f"The host freed {name}'s seat - a computer player plays it for now"
        case NoticeKind.COMPUTER_SEATED:
            return f"The host gave {name}'s seat to a computer player"
        case NoticeKind.WATCHING:
            return f"{notice.name} is watching"
        case NoticeKind.TIMED_OUT:
            if seat == state.seat:
                return "You took too long - a computer player decided for you this once"
            return f"{name} took too long - a computer player decided for them this once"
        case NoticeKind.TEXT:
            return notice.text or ""
    return kind.value  # every kind is worded above; a newer server's shows its name


def _failure(notice: Notice, name: str) -> str:
    level = notice.level.label if notice.level is not None else "computer"
    who = (f"The hint's {level} player" if notice.decision == "hint"
           else f"{name}'s {level} player")
    what = _DECISIONS.get(notice.decision or "", "a decision")
    where = f" - the details are in {notice.log}" if notice.log else ""
    error = notice.error or "an error"
    match notice.outcome:
        case Outcome.ASK_AGAIN:
            return f"{who} failed choosing {what} ({error}); asking it again{where}"
        case Outcome.LOWER_LEVEL:
            lower = notice.lower.label if notice.lower is not None else "lower"
            return (f"{who} failed again choosing {what} ({error}); the {lower} level plays "
                    f"that decision{where}")
        case Outcome.NO_HINT:
            return f"{who} failed choosing {what} ({error}): no hint this time{where}"
        case _:
            return (f"{who} failed choosing {what} ({error}) and no player can stand in: the "
                    f"game cannot go on{where}")


_ERRORS = {
    ErrorCode.BAD_CODE: "No table has that code - check the code the host gave you",
    ErrorCode.TABLE_FULL: "Every person's seat at this table is taken",
    ErrorCode.BAD_TOKEN: "Your seat at this table was given up - join again as a newcomer",
    ErrorCode.SEAT_TAKEN: "Your seat is open in another window or tab - play it there",
    ErrorCode.NAME_TAKEN: "Someone at this table already has that name - choose another "
                          "(or ask the host for your seat's link)",
    ErrorCode.VERSION: "This table's server speaks another version of the game - update "
                       "Hearts on one side or the other",
    ErrorCode.REPLACED: "Your seat was taken over by a newer connection (another window?)",
    ErrorCode.TOO_MANY_BAD: "The table closed the connection: too many refused messages",
    ErrorCode.RATE_LIMITED: "Slow down - the table takes only so many actions a second",
    ErrorCode.TOO_SLOW: "The table dropped the connection: this screen fell behind",
    ErrorCode.SERVER_FULL: "The table's server is full - try again later",
    ErrorCode.STOPPING: "The table's server is stopping - it will be back with the same tables",
    ErrorCode.JOIN_TIMEOUT: "The table closed the connection: no join in time",
}


def error_text(code: ErrorCode | None, message: str) -> str:
    """A server's refusal in words: ours for the codes we know (the name's reason
    comes from the server: it says which character it refused), else its own."""
    if code is None or code is ErrorCode.BAD_NAME or code not in _ERRORS:
        return message[:1].upper() + message[1:]
    return _ERRORS[code]
