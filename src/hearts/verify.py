"""``hearts verify RECORD``: replay hand records and check every computer decision.

For each hand it deals the cards again from the record's seed (when it has
one) and checks they are the cards recorded; then it replays the passes and
plays, and at each decision of a seat played by one of our levels it builds
that seat's :class:`~hearts.view.PlayerView` alone and asks the level, with the
seat's recorded seed, what it chooses. A player's decision is a pure function
of its view and its seed, so a hand that verifies shows that no computer
player used a card it could not see. The first decision that differs is shown.

Records are checked against the players of this version of the program.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, NamedTuple

from hearts.ai import Level, make_player
from hearts.cards import Card, Seat
from hearts.hand import Hand, HandRecordError, SeatPlayer, read_stand_ins
from hearts.records import RecordFileError, read_records
from hearts.rules import IllegalMove
from hearts.view import PlayerView

__all__ = ["Verdict", "main", "verify_record"]


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


def _dealt_check(hand: Hand) -> str | None:
    if hand.seed is None:
        return None
    again = Hand.deal(hand.rules, hand.seed, dealer=hand.dealer,
                      pass_direction=hand.pass_direction, scores=hand.scores)
    for seat in Seat:
        if again.dealt(seat) != hand.dealt(seat):
            return (f"the deal is not the one seed {hand.seed} deals: {seat} holds "
                    f"{' '.join(map(str, hand.dealt(seat)))} but the seed deals "
                    f"{' '.join(map(str, again.dealt(seat)))}")
    return None


def _cards(value: object) -> list[Card]:
    if not isinstance(value, list):
        raise ValueError("must be a list of cards")
    return [Card.parse(text) for text in value]


def verify_record(record: dict[str, Any]) -> Verdict:
    """Check one hand record: its deal against its seed, and our players' decisions."""
    try:
        hand = Hand.from_record({**record, "passes": [], "plays": [], "stand_ins": []})
        plays_count = len(record["plays"]) if isinstance(record.get("plays"), list) else 0
        stand_ins = {(s.seat, s.play): SeatPlayer(s.player, s.seed)
                     for s in read_stand_ins(record.get("stand_ins", []), plays_count)}
    except HandRecordError as error:
        return Verdict(False, 0, f"not a hand record: {error}")
    wrong_deal = _dealt_check(hand)
    if wrong_deal:
        return Verdict(False, 0, wrong_deal)
    players = hand.players or (None, None, None, None)
    deciders = [_decider(player) for player in players]
    checked = 0
    passes, plays = record.get("passes", []), record.get("plays", [])
    if not isinstance(passes, list) or not isinstance(plays, list):
        return Verdict(False, 0, "passes and plays must be lists")
    steps = [("passes", n, entry) for n, entry in enumerate(passes)]
    steps += [("plays", n, entry) for n, entry in enumerate(plays)]
    for kind, number, entry in steps:
        where = f"{kind}[{number}]"
        try:
            if kind == "passes":
                if not isinstance(entry, dict):
                    raise ValueError("must have a seat and cards")
                seat = Seat.parse(str(entry.get("seat")))
                cards = _cards(entry.get("cards"))
            else:
                seat = hand.turn if hand.turn is not None else Seat.SOUTH
                cards = [Card.parse(entry)]
        except ValueError as error:
            return Verdict(False, checked, f"{where} is broken: {error}")
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
    parts = ["the deal is the one its seed deals" if hand.seed is not None
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


def main(argv: list[str] | None = None) -> int:
    """Verify every hand in a file; 0 if all verify, 1 if any does not, 2 if unreadable."""
    parser = argparse.ArgumentParser(prog="hearts verify", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("record", type=Path,
                        help="a hand record, or a JSON-lines file of them (arena results too)")
    args = parser.parse_args(argv)
    try:
        records = read_records(args.record)
    except RecordFileError as error:
        print(f"hearts verify: {error}", file=sys.stderr)
        return 2
    failures = 0
    for where, record in records:
        verdict = verify_record(record)
        status = "verified" if verdict.verified else "NOT VERIFIED"
        print(f"{where}: {status}: {verdict.message}")
        failures += not verdict.verified
    print(f"{len(records) - failures} of {len(records)} hands verified")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
