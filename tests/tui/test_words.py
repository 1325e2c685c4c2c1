"""The terminal's words for what the table tells a seat: every prompt and notice is
worded, names come from the seat state, and the status line fits the screen."""

from __future__ import annotations

import typing
from dataclasses import replace
from fractions import Fraction
from itertools import combinations

import pytest

from hearts.ai import Level
from hearts.cards import Card, Seat, Suit
from hearts.duplicate import EveningStandings, Standing
from hearts.net.wire.errors import ErrorCode
from hearts.rules import PassDirection, Reason, Refusal
from hearts.table import Notice, NoticeKind, Outcome, Presence, Prompt, PromptKind, SeatInfo
from hearts.table import happenings as hp
from hearts.tui import words
from hearts.tui.seatview import waiting_state

NAMED = replace(waiting_state(Seat.NORTH), seats=(
    SeatInfo("Ann", Presence.HERE), SeatInfo("West", Presence.COMPUTER),
    SeatInfo("Bob", Presence.HERE), SeatInfo("East", Presence.COMPUTER)), scores=(60, 45, 45, 45))


def test_every_prompt_kind_is_worded_and_names_people_by_their_names() -> None:
    prompts = {
        PromptKind.TRICK_TAKEN: Prompt(PromptKind.TRICK_TAKEN, seat=Seat.SOUTH, number=3),
        PromptKind.WELCOME: Prompt(PromptKind.WELCOME),
        PromptKind.STUCK: Prompt(PromptKind.STUCK),
        PromptKind.CHOOSE: Prompt(PromptKind.CHOOSE, direction=PassDirection.ACROSS),
        PromptKind.WAIT_PASS: Prompt(PromptKind.WAIT_PASS, direction=PassDirection.LEFT),
        PromptKind.RECEIVED: Prompt(PromptKind.RECEIVED, seat=Seat.SOUTH),
        PromptKind.HAND_OVER: Prompt(PromptKind.HAND_OVER, shooter=Seat.SOUTH),
        PromptKind.GAME_OVER: Prompt(PromptKind.GAME_OVER, winners=(Seat.WEST,)),
        PromptKind.PLAYED_OUT: Prompt(PromptKind.PLAYED_OUT),
        PromptKind.LEAD: Prompt(PromptKind.LEAD, seat=Seat.SOUTH, number=2),
        PromptKind.FOLLOW: Prompt(PromptKind.FOLLOW, seat=Seat.SOUTH, number=2,
                                  suit=Suit.HEARTS),
    }
    assert set(prompts) == set(PromptKind)
    texts = {kind: words.prompt_text(replace(NAMED, prompt=prompt))
             for kind, prompt in prompts.items()}
    assert texts[PromptKind.TRICK_TAKEN] == "Ann takes trick 3"  # N9: never "South"
    assert texts[PromptKind.FOLLOW] == "Trick 2 - hearts led - Ann to play"
    assert texts[PromptKind.HAND_OVER].startswith("Ann shot the moon!")
    assert "across" in texts[PromptKind.CHOOSE]
    assert all("South" not in text for text in texts.values())


def test_the_cards_received_say_play_begins_by_itself() -> None:
    # N17: the moment runs out by itself, so nobody is told to wait for a key
    text = words.prompt_text(replace(NAMED, prompt=Prompt(PromptKind.RECEIVED, seat=Seat.SOUTH)))
    assert text == "You receive these 3 cards from Ann - play begins in a moment"
    assert "key" not in text


@pytest.mark.parametrize("count", [1, 2, 3])
def test_the_game_over_line_fits_80_columns(count: int) -> None:
    # N19: it wrapped at 100 columns; shared wins name up to three people
    names = tuple(SeatInfo(name, Presence.HERE) for name in ("Annabelle", "Bartholomew",
                                                          "Christabel", "Dominique"))
    for winners in combinations(Seat, count):
        state = replace(NAMED, seats=names, prompt=Prompt(PromptKind.GAME_OVER,
                                                          winners=winners))
        assert len(words.prompt_text(state)) <= 80, words.prompt_text(state)


def test_every_notice_kind_has_words_of_its_own() -> None:
    samples = [
        Notice(NoticeKind.REFUSED, refusal=Refusal(Reason.MUST_FOLLOW, suit=Suit.SPADES)),
        Notice(NoticeKind.CHOOSE_THREE, count=2), Notice(NoticeKind.NOT_A_PERSON, Seat.WEST),
        Notice(NoticeKind.FORCED_CARD, card=Card.parse("2C")),
        Notice(NoticeKind.HINT, cards=(Card.parse("QS"),)),
        Notice(NoticeKind.TARGET_NOW, count=50), Notice(NoticeKind.TEXT, text="kept"),
        Notice(NoticeKind.STANDINGS, text="Duplicate evening over: Ann -1.5, Bob +1.5"),
        Notice(NoticeKind.PLAYER_FAILED, Seat.WEST, decision="play", level=Level.CLUB,
               outcome=Outcome.ASK_AGAIN, error="RuntimeError: x"),
    ]
    samples += [Notice(kind, Seat.SOUTH) for kind in NoticeKind
                if kind not in {s.kind for s in samples}]
    assert {s.kind for s in samples} == set(NoticeKind)
    for notice in samples:
        text = words.notice_text(notice, NAMED)
        assert text and text != notice.kind.value, notice
    assert words.notice_text(samples[0], NAMED) == "You must follow spades"
    # a duplicate evening's standings: worded from their data, not the English text
    evening = EveningStandings(4, True, 2, 2, 2, 2, (
        Standing(Seat.SOUTH, "Ann", True, 2, Fraction(-3, 2), 10, 0, 0),
        Standing(Seat.WEST, "West", False, 1, Fraction(3, 2), 12, 1, 0)))
    assert words.notice_text(Notice(NoticeKind.STANDINGS, text="(ignored)", standings=evening),
                             NAMED) == ("Duplicate evening over: Ann -1.5, West (computer) +1.5 "
                                        "(1 hand, 1 stood in) (lower is better)")
    assert words.notice_text(Notice(NoticeKind.REFUSED, refusal=Refusal(
        Reason.NOT_YOUR_TURN, seat=Seat.EAST)), NAMED) == "Wait for your turn"
    assert words.notice_text(Notice(NoticeKind.TIMED_OUT, Seat.NORTH), NAMED).startswith("You")


def test_a_failed_players_notice_names_the_seat_and_what_comes_next() -> None:
    notice = Notice(NoticeKind.PLAYER_FAILED, Seat.WEST, decision="pass", level=Level.CASUAL,
                    lower=Level.BEGINNER, outcome=Outcome.LOWER_LEVEL, error="E: x",
                    log="~/hearts.log")
    assert words.notice_text(notice, NAMED) == (
        "West's Casual player failed again choosing its pass (E: x); the Beginner level "
        "plays that decision - the details are in ~/hearts.log")


def test_every_error_code_a_client_can_meet_has_words() -> None:
    for code in ErrorCode:
        text = words.error_text(code, "the server's words")
        assert text and text[0].isupper()
    assert words.error_text(ErrorCode.BAD_NAME, "a name may not hold control characters") \
        == "A name may not hold control characters"


def test_a_seats_move_of_ones_own_seat_speaks_to_you() -> None:
    # U17: "you is back"; NAMED is North's state (Bob)
    for move, yours, theirs in (
            (hp.CameBack, "You are back", "Ann is back"),
            (hp.SatDown, "You sat down", "Ann sat down"),
            (hp.Dropped, "You are away - a computer player plays for you if you are "
                         "not back soon",
             "Ann is away - a computer player plays for them if they are not back soon"),
            (hp.Left, "You left the table - a computer player plays your seat until "
                      "someone takes it",
             "Ann left the table - a computer player plays the seat until someone takes it"),
            (hp.StoodIn, "A computer player plays for you for now",
             "A computer player plays for Ann for now"),
            (hp.Freed, "The host freed your seat - a computer player plays it for now",
             "The host freed Ann's seat - a computer player plays it for now"),
            (hp.ComputerSeated, "The host gave your seat to a computer player",
             "The host gave Ann's seat to a computer player")):
        assert words.happening_text(move(Seat.NORTH, "Bob"), NAMED) == yours
        assert words.happening_text(move(Seat.SOUTH, "Ann"), NAMED) == theirs


def test_every_happening_is_worded_or_left_to_the_table_and_every_seat_move_is_worded() -> None:
    """The seat moves are named once (``hp.SeatMove``): a move added there is worded
    as a move; what the table shows or a notice says is not worded twice."""
    for move in typing.get_args(hp.SeatMove):
        for seat in (Seat.NORTH, Seat.SOUTH):
            happening = move(seat, "Ann")
            text = words.happening_text(happening, NAMED)
            assert text and text == words.move_text(happening, NAMED)
    silent = (hp.Dealt(2), hp.Passed(Seat.WEST, Seat.NORTH), hp.PassTakenBack(Seat.WEST),
              hp.TakenBack(Seat.SOUTH, 2), hp.HandEnded(1, (0, 26, 0, 0), Seat.WEST))
    for happening in silent:
        assert words.happening_text(happening, NAMED) is None
    worded = {hp.Played, hp.TrickTaken, hp.HeartsBroken, hp.PassedCards, hp.Received}
    assert {type(each) for each in silent} | worded | set(typing.get_args(hp.SeatMove)) \
        == set(hp.KINDS)


def test_a_seats_move_names_the_person_it_gives_else_the_seat() -> None:
    # the state already shows the seat's new player: the move names who moved
    assert (words.happening_text(hp.Left(Seat.SOUTH, "Cy"), NAMED) or "").startswith("Cy left")
    assert words.happening_text(hp.StoodIn(Seat.SOUTH, None), NAMED) \
        == "A computer player plays for Ann for now"


def test_a_notice_of_ones_own_seat_speaks_to_you() -> None:
    for kind in NoticeKind:  # nothing ever begins with a small "you"
        text = words.notice_text(Notice(kind, Seat.NORTH, count=1, text="x",
                                        refusal=Refusal(Reason.THREE_CARDS),
                                        card=Card.parse("2C"), cards=(Card.parse("2C"),)), NAMED)
        assert not text.startswith("you"), text


def test_one_point_is_a_point() -> None:
    # U18: "with 1 points"
    assert words.winner_text(replace(NAMED, scores=(1, 45, 101, 45)), (Seat.SOUTH,)) == (
        "Game over - Ann wins with 1 point")
    assert words.winner_text(replace(NAMED, scores=(45, 45, 1, 101)), (Seat.NORTH,)) == (
        "Game over - You win with 1 point")
    assert words.winner_text(NAMED, (Seat.WEST, Seat.NORTH)).endswith("with 45 points")
    assert [words.counted(n, "verdict") for n in (0, 1, 2)] == [
        "0 verdicts", "1 verdict", "2 verdicts"]
