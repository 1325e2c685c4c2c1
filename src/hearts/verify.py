"""``hearts verify RECORD``: replay hand records and check every computer decision.

For each hand it deals the cards again from the record's seed (when it has
one) and checks they are the cards recorded; then it replays the passes and
plays, and at each decision of a seat played by one of our levels it builds
that seat's :class:`~hearts.view.PlayerView` alone and asks the level, with the
seat's recorded seed, what it chooses. A player's decision is a pure function
of its view and its seed, so a hand that verifies shows that no computer
player used a card it could not see. The first decision that differs is shown.

A day's record (``hearts daily --export``: the date, the rules, the points, the
par and the hand), and each deal of a challenge record (``hearts challenge
export``), is checked whole: its hand must be that day's deal against that
day's three Experts, played to the end, every decision of theirs replayed; the
points it claims must be South's; and the par's hand is played again from its
seeds, so a par that is not the Expert's is refused too.

A hand of a duplicate evening (its record says which deal and round it is) is
turned back to its deal as first dealt and checked as any other, from the deal's
seed; and the evening's hands in one file are checked together: one evening,
each deal and round once, every round of a deal dealt that deal's cards moved
round the seats as the round says.

Records are checked against the players of this version of the program.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from hearts.ai import Level, make_player
from hearts.cards import Card, Seat
from hearts.challenge import (
    CHALLENGE_FORMAT,
    ChallengeError,
    read_challenge_record,
)
from hearts.daily import DAILY_FORMAT, DayRecordError, SetDeal, read_day_record
from hearts.duplicate import EveningError, check_evening, to_base
from hearts.hand import Hand, HandRecord, HandRecordError, SeatPlayer, read_record
from hearts.records import RecordFileError, read_records, read_text
from hearts.rules import IllegalMove
from hearts.view import PlayerView

__all__ = ["Verdict", "main", "read_deal_hand", "unreadable", "verify_challenge", "verify_day",
           "verify_deal", "verify_evenings", "verify_played", "verify_record"]


class Verdict(NamedTuple):
    """What checking one hand found."""

    verified: bool
    """True when the deal and every checked decision are as recorded."""
    checked: int
    """How many decisions were rebuilt and compared."""
    message: str
    """What was checked, or the first thing that differs."""


Decide = Callable[[PlayerView], list[Card]]


def _decider(player: SeatPlayer | None) -> tuple[Decide, Decide] | None:
    """Our level's pass and play decisions for a seat, or None if it is not ours."""
    if player is None or player.seed is None:
        return None
    try:
        level = Level.parse(player.player)
    except ValueError:
        return None
    ours = make_player(level, player.seed)
    return (lambda view: list(ours.choose_pass(view)),
            lambda view: [ours.choose_play(view)])


def _who(seat: Seat, player: SeatPlayer) -> str:
    return f"{seat} ({player.player}, seed {player.seed})"


def _dealt_check(record: HandRecord) -> str | None:
    if record.seed is None:
        return None
    again = Hand.deal(record.rules, record.seed, dealer=record.dealer,
                      pass_direction=record.pass_direction, scores=record.scores)
    for seat, dealt in zip(Seat, record.deal, strict=True):
        if set(again.dealt(seat)) != set(dealt):
            return (f"the deal is not the one seed {record.seed} deals: {seat} holds "
                    f"{' '.join(map(str, dealt))} but the seed deals "
                    f"{' '.join(map(str, again.dealt(seat)))}")
    return None


def unreadable(data: dict[str, Any], error: HandRecordError) -> Verdict:
    """The verdict on a record that does not read whole (``error`` says why). When
    its fields read (:meth:`~hearts.hand.HandRecord.unchecked`) it is checked as
    any other, in order: a changed card shows where it departs from the players'
    choices, and a card that may not be played is named."""
    try:
        record = HandRecord.unchecked(data)
    except HandRecordError:
        return Verdict(False, 0, f"not a hand record: {error}")
    return verify_record(record)


def verify_record(record: HandRecord) -> Verdict:
    """Check one hand record: its deal against its seed, and our players' decisions.
    ``record`` was read where it arrived: whole (:func:`~hearts.hand.read_record`),
    or, when it does not read whole, its fields only (:func:`unreadable`), so that a
    changed card is pointed at."""
    record = to_base(record)  # a duplicate evening's hand: as its deal was first dealt
    wrong_deal = _dealt_check(record)
    if wrong_deal:
        return Verdict(False, 0, wrong_deal)
    hand = Hand.from_record(record.cut(0, passes=False))
    players = record.players or (None, None, None, None)
    deciders = [_decider(player) for player in players]
    stand_ins = {(s.seat, s.play): SeatPlayer(s.player, s.seed) for s in record.stand_ins}
    checked = 0
    steps: list[tuple[str, int, Seat | None, tuple[Card, ...]]] = [
        ("passes", number, passed.seat, passed.cards)
        for number, passed in enumerate(record.passes)]
    steps += [("plays", number, None, (card,)) for number, card in enumerate(record.plays)]
    for kind, number, passer, cards in steps:
        where = f"{kind}[{number}]"
        seat = passer if passer is not None else hand.turn if hand.turn is not None \
            else Seat.SOUTH
        decider, player = deciders[seat], players[seat]
        stand_in = stand_ins.get((seat, None if kind == "passes" else number))
        if stand_in is not None:  # another player made this decision: check that one
            decider, player = _decider(stand_in), stand_in
        if decider is not None:
            assert player is not None
            view = hand.view(seat)
            chosen = decider[0 if kind == "passes" else 1](view)
            checked += 1
            if set(chosen) != set(cards):
                moment = ("passing" if kind == "passes" else
                          f"trick {len(hand.tricks) + 1}, card {len(hand.trick) + 1}")
                return Verdict(False, checked, (
                    f"differs at {where} ({moment}): {_who(seat, player)} "
                    f"{'passed' if kind == 'passes' else 'played'} "
                    f"{' '.join(map(str, cards))}, but from {seat}'s view it chooses "
                    f"{' '.join(map(str, chosen))}"))
        try:
            if kind == "passes":
                hand.pass_cards(seat, cards)
            else:
                hand.play(cards[0])
        except IllegalMove as error:
            return Verdict(False, checked, f"{where} is not legal: {error}")
    ours = sorted({p.player for p, d in zip(players, deciders, strict=True)
                   if p is not None and d is not None})
    others = sorted({f"{p.player}" for p, d in zip(players, deciders, strict=True)
                     if p is not None and d is None})
    parts = ["the deal is the one its seed deals" if record.seed is not None
             else "no seed, so the deal itself is not checked"]
    if ours:
        parts.append(f"{checked} decisions of {', '.join(ours)} are what they choose "
                     "from their views")
    else:
        parts.append("no seat names one of our players, so no decisions are checked")
    if others:
        parts.append(f"not checked: {', '.join(others)}")
    if hand.phase.value != "over":
        parts.append(f"the hand stops after {len(hand.plays)} plays")
    return Verdict(True, checked, "; ".join(parts))


def read_deal_hand(hand: object) -> HandRecord:
    """A played deal's hand as it arrived (a hand record's JSON in a day's or a
    challenge's record), read once; :class:`~hearts.hand.HandRecordError` says
    what is wrong, as the deal's verdict words it."""
    if not isinstance(hand, dict):
        raise HandRecordError("its hand must be a hand record")
    try:
        return read_record(hand)
    except HandRecordError as error:
        raise HandRecordError(f"its hand: {error}") from None


def verify_deal(deal: SetDeal, hand: object, points: object, claimed_par: object,
                assisted: object, par: int | None = None) -> Verdict:
    """Check one played deal of a day or a challenge as it arrived: ``hand`` (a hand
    record's JSON) read here (:func:`read_deal_hand`), then checked as
    :func:`verify_played` does."""
    try:
        record = read_deal_hand(hand)
    except HandRecordError as error:
        return Verdict(False, 0, str(error))
    return verify_played(deal, record, points, claimed_par, assisted, par)


def verify_played(deal: SetDeal, record: HandRecord, points: object, claimed_par: object,
                  assisted: object, par: int | None = None) -> Verdict:
    """Check one played deal of a day or a challenge: ``record`` is ``deal`` played
    to the end against its three Experts, every decision of theirs replayed;
    ``points`` are South's; ``assisted`` is its record's mark; and ``claimed_par``
    is what the Expert takes in South's seat (played again here, unless ``par``,
    already worked out, is given)."""
    if type(points) is not int or type(claimed_par) is not int \
            or not isinstance(assisted, bool):
        return Verdict(False, 0, "its points, par and assisted mark must be given")
    wrong = deal.fits(record)
    if wrong:
        return Verdict(False, 0, f"not the deal it names: {wrong}")
    verdict = verify_record(record)
    if not verdict.verified:
        return Verdict(False, verdict.checked, f"its hand: {verdict.message}")
    if not record.over:
        return Verdict(False, verdict.checked, "the hand was not played to its end")
    taken = Hand.from_record(record).points[Seat.SOUTH]
    if points != taken:
        return Verdict(False, verdict.checked,
                       f"it claims {points} points, but South took {taken}")
    if assisted != (Seat.SOUTH in record.assisted):
        return Verdict(False, verdict.checked,
                       "its assisted mark is not the one its hand's record holds")
    expected = deal.par() if par is None else par
    if claimed_par != expected:
        return Verdict(False, verdict.checked,
                       f"it claims a par of {claimed_par}, but the Expert takes "
                       f"{expected} in South's seat")
    return Verdict(True, verdict.checked, (
        f"{verdict.checked} decisions of the Experts are what they choose; South took "
        f"{taken}{' (assisted)' if assisted else ''}; par {expected}, the Expert's hand "
        "played again from its seeds"))


def verify_day(data: object, par: int | None = None) -> Verdict:
    """Check a day's record whole (see the module's docstring): its hand is the
    day's deal played to the end against the day's three Experts, with the points
    it claims, and its par is what the Expert takes in South's seat (played again
    here, unless ``par``, already worked out, is given)."""
    try:
        daily, record, fields = read_day_record(data)  # its hand read once, here
    except DayRecordError as error:
        return Verdict(False, 0, f"not a day's record: {error}")
    verdict = verify_played(daily, record, fields["points"], fields["par"],
                            fields["assisted"], par)
    if not verdict.verified and verdict.message.startswith("not the deal it names"):
        return verdict._replace(message=verdict.message.replace(
            "not the deal it names", f"not the deal of {daily.day} under {daily.words}"))
    if verdict.verified:
        return verdict._replace(
            message=f"the deal of {daily.day} under {daily.words}; {verdict.message}")
    return verdict


def verify_challenge(data: object) -> list[tuple[str, Verdict]]:
    """Check a challenge record: each deal it holds, as :func:`verify_deal` does,
    named ``deal N``; one entry saying why when the record itself does not read."""
    try:
        challenge, _name, entries = read_challenge_record(data)
    except ChallengeError as error:
        return [("the record", Verdict(False, 0, f"not a challenge record: {error}"))]
    out = []
    for entry in entries:
        number = entry["deal"]
        out.append((f"deal {number}", verify_deal(
            challenge.deal(number), entry.get("hand"), entry.get("points"), entry.get("par"),
            entry.get("assisted"))))
    return out


def verify_evenings(records: list[HandRecord]) -> list[tuple[str, Verdict]]:
    """Check the duplicate evenings among ``records`` (:func:`hearts.duplicate.check_evening`:
    one evening's hands, each deal and round once, every round of a deal dealt
    its cards), one verdict an evening; each hand's own decisions are checked by
    :func:`verify_record`."""
    evenings: dict[int, list[HandRecord]] = {}
    for record in records:
        if record.duplicate is not None:
            evenings.setdefault(record.duplicate.evening, []).append(record)
    out = []
    for seed, hands in evenings.items():
        try:
            out.append((f"evening {seed}", Verdict(True, 0, check_evening(hands))))
        except EveningError as error:
            out.append((f"evening {seed}", Verdict(False, 0, str(error))))
    return out


def _day_records(path: Path) -> list[tuple[str, object]] | None:
    """The day's and challenge records in ``path`` (one, or JSON lines of them), or
    None when it holds none (it is read as hand records then)."""
    try:
        text = read_text(path)
    except RecordFileError:
        return None
    try:
        values: list[tuple[str, object]] = [("the file", json.loads(text))]
    except json.JSONDecodeError:
        values = []
        for number, line in enumerate(text.splitlines(), 1):
            if line.strip():
                try:
                    values.append((f"line {number}", json.loads(line)))
                except json.JSONDecodeError:
                    return None
    days: list[tuple[str, object]] = [
        (where, value) for where, value in values
        if isinstance(value, dict) and value.get("format") in (DAILY_FORMAT, CHALLENGE_FORMAT)]
    return days or None


def main(argv: list[str] | None = None) -> int:
    """Verify every hand in a file; 0 if all verify, 1 if any does not, 2 if unreadable."""
    parser = argparse.ArgumentParser(prog="hearts verify", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("record", type=Path,
                        help="a hand record, or a JSON-lines file of them (arena results, "
                             "a duplicate evening's evening-SEED.jsonl too), or day's "
                             "records (hearts daily --export)")
    args = parser.parse_args(argv)
    days = _day_records(args.record)
    if days is not None:
        refused = 0
        checked = 0
        for where, value in days:
            if isinstance(value, dict) and value.get("format") == CHALLENGE_FORMAT:
                verdicts = [(f"{where}, {deal}", verdict)
                            for deal, verdict in verify_challenge(value)]
            else:
                verdicts = [(where, verify_day(value))]
            for place, verdict in verdicts:
                status = "verified" if verdict.verified else "NOT VERIFIED"
                print(f"{place}: {status}: {verdict.message}")
                refused += not verdict.verified
                checked += 1
        print(f"{checked - refused} of {checked} deals verified")
        return 1 if refused else 0
    try:
        records = read_records(args.record)
    except RecordFileError as error:
        print(f"hearts verify: {error}", file=sys.stderr)
        return 2
    failures = 0
    for where, data, parsed in records:
        verdict = verify_record(parsed) if isinstance(parsed, HandRecord) \
            else unreadable(data, parsed)
        status = "verified" if verdict.verified else "NOT VERIFIED"
        print(f"{where}: {status}: {verdict.message}")
        failures += not verdict.verified
    print(f"{len(records) - failures} of {len(records)} hands verified")
    evenings = verify_evenings([parsed for _, _, parsed in records
                                if isinstance(parsed, HandRecord)])
    for where, verdict in evenings:
        status = "verified" if verdict.verified else "NOT VERIFIED"
        print(f"{where}: {status}: {verdict.message}")
        failures += not verdict.verified
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
