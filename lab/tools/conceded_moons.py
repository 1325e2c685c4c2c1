"""How a player concedes moons: what it held, passed and ducked in those hands.

    python lab/tools/conceded_moons.py RESULTS [--player expert]

RESULTS is a `hearts-arena match` results file (JSON lines, gzipped or not).
For every hand it asks, of the seats the named player holds: did another player
shoot the moon; after the pass, did the player's seats hold the queen, king or
ace of hearts between them; did a seat pass away the last of those it was
dealt; did a seat of the player pass one of those to the seat that then shot
(or to any other player's seat); did a seat of the player, last to a trick
holding points that the lone scorer so far was winning, duck under it with a
card that would have won it; and, in any position, did a seat of the player
ever hold a card that beat the lone scorer winning a trick, and play under
it; and did a seat of the player give another player the hand's first points
by discarding its top heart, a queen, king or ace, to that player's trick.
Counts are printed for hands with and without a conceded moon.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import NamedTuple

from results_files import READ_ERRORS

from hearts.ai import passsearch
from hearts.cards import Card, CardSet, Seat, cards_of_mask
from hearts.core import trick_winner
from hearts.hand import Hand, HandRecord
from hearts.records import read_records

HIGH_HEARTS = frozenset(cards_of_mask(passsearch.HIGH_HEARTS))


def hand_records(path: Path) -> Iterator[HandRecord]:
    """Every hand record in a results file, read once."""
    return (sourced.record for sourced in read_records(path))


class Replay(NamedTuple):
    """A hand played out from its record, and how ``ours`` met a lone scorer."""

    hand: Hand
    ducked_last: bool
    """One of ours, last to a trick with points in it that the only seat with
    points so far (not ours) was winning, played under it holding a card of the
    led suit that would have won it."""
    could_overtake: bool
    """At some trick, in any position, one of ours held a card that beat the
    only seat with points so far (not ours) while it was winning the trick."""
    ducked_any: bool
    """At such a moment it played under instead."""
    fed: Seat | None
    """The other player's seat that one of ours gave the hand's first points by
    discarding its top heart, a queen, king or ace, to that seat's trick."""


def _winning(trick: Sequence[tuple[Seat, Card]]) -> tuple[Seat, Card]:
    """The seat and card winning ``trick`` so far."""
    return trick[trick_winner([card.index for _, card in trick])]


def _replay(record: HandRecord, ours: set[Seat]) -> Replay:
    hand = Hand.from_record(record.cut(0))
    ducked_last = could = ducked_any = False
    fed: Seat | None = None
    feeding = False
    for card in record.plays:
        seat, trick = hand.turn, hand.trick
        assert seat is not None, "a play recorded after the hand ended"
        if (seat in ours and trick and card in HIGH_HEARTS and card.suit != trick[0][1].suit
                and not any(points > 0 for points in hand.points)
                and card == max((c for c in hand.holding(seat) if c.suit == card.suit),
                                key=lambda c: c.rank)):
            feeding = True
        if feeding and len(trick) == 3:
            feeding = False
            winner = _winning([*trick, (seat, card)])[0]
            if winner not in ours and fed is None:
                fed = winner
        if seat in ours and trick:
            led = trick[0][1].suit
            winner, top = _winning(trick)
            scorers = [s for s in Seat if hand.points[s] > 0]
            if scorers == [winner] and winner not in ours:
                beats = [c for c in hand.legal_plays() if c.suit == led and c.rank > top.rank]
                under = bool(beats) and not (card.suit == led and card.rank > top.rank)
                could = could or bool(beats)
                ducked_any = ducked_any or under
                points = any(hand.rules.card_points(c) > 0 for _, c in trick)
                ducked_last = ducked_last or (under and points and len(trick) == 3)
        hand.play(card)
    return Replay(hand, ducked_last, could, ducked_any, fed)


def tally(records: Iterator[HandRecord], player: str) -> Counter[str]:
    """The counts the report prints, keyed by what they count."""
    counts: Counter[str] = Counter()
    for record in records:
        ours = {seat for seat, p in zip(Seat, record.players or (), strict=False)
                if p.player == player}
        if not ours:
            continue
        replay = _replay(record, ours)
        full = replay.hand
        shooter = full.shooter
        kind = "conceded" if shooter is not None and shooter not in ours else "other"
        counts[f"{kind} hands"] += 1
        kept = set().union(*(set(full.dealt(s)) - set(full.passed(s)) | set(full.received(s))
                             for s in ours))
        counts[f"{kind}: held the queen, king or ace of hearts after the pass"] += bool(
            kept & HIGH_HEARTS)
        counts[f"{kind}: passed a high heart to another player"] += any(
            set(full.passed(s)) & HIGH_HEARTS and full.pass_direction.target(s) not in ours
            for s in ours)
        counts[f"{kind}: a seat passed away the last high heart it was dealt"] += any(
            passsearch.gives_away_stopper(CardSet(full.dealt(s)).mask,
                                          CardSet(full.passed(s)).mask)
            for s in ours)
        counts[f"{kind}: gave another player the first points, discarding a top high heart"
               ] += replay.fed is not None
        if shooter is not None and shooter not in ours:
            counts["conceded: gave them so to the player who then shot"] += replay.fed == shooter
            fed = any(set(full.passed(s)) & HIGH_HEARTS
                      and full.pass_direction.target(s) == shooter for s in ours)
            counts["conceded: passed a high heart to the shooter"] += fed
        counts[f"{kind}: ducked a lone scorer's points trick when last"] += replay.ducked_last
        counts[f"{kind}: could overtake a lone scorer winning a trick"] += replay.could_overtake
        counts[f"{kind}: ducked under a lone scorer it could overtake"] += replay.ducked_any
    return counts


def main(argv: list[str] | None = None) -> int:
    """Print the counts; 2 when the file cannot be read."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("results", type=Path, help="an arena results file")
    parser.add_argument("--player", default="expert", help="the defending player's name")
    args = parser.parse_args(argv)
    try:
        counts = tally(hand_records(args.results), args.player)
    except READ_ERRORS as error:
        print(f"conceded_moons: {error}", file=sys.stderr)
        return 2
    for key in sorted(counts):
        print(f"{counts[key]:6d}  {key}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
