"""Hands for the review tests: played by computer players, or scripted to a known end."""

from __future__ import annotations

from typing import Any

from hearts.ai.levels import Level
from hearts.cards import Seat
from hearts.hand import HandRecord, SeatPlayer, read_record
from hearts.review.bench import play_hand
from hearts.rules import PassDirection
from hearts.view import Phase
from tests.engine.helpers import deal_of, play_queues, scripted_hand


def played_record(seed: int, level: Level = Level.CLUB,
                  direction: PassDirection = PassDirection.LEFT) -> HandRecord:
    """A hand dealt from ``seed`` and played to the end by four players of ``level``
    (South recorded as the person)."""
    hand = play_hand(seed, level, direction)
    hand.players = (SeatPlayer("human"), *hand.players[1:]) if hand.players else None
    return hand.to_record()


QUEEN_DEAL = deal_of(
    "AC KC QC JC AD KD QD JD KS 2H 3H QS 2S",
    "2C 3C 4C QH 2D 3D 4D JH 8S AH KH AS 5S",
    "5C 6C 7C 7H 5D 6D 7D 6H 9S 4H 5H 3S 6S",
    "8C 9C TC JS 8D 9D TD TH TS 8H 9H 4S 7S")
"""South leads eleven tricks' worth of winners and a low heart; West then leads the
ace of spades with two cards left each: South holds QS 2S, and every spade still
out is low, so the queen must go under the ace now or win the last trick."""

QUEEN_QUEUES = {
    Seat.SOUTH: "AC KC QC JC AD KD QD JD KS 2H 3H",
    Seat.WEST: "2C 3C 4C QH 2D 3D 4D JH 8S AH KH AS 5S",
    Seat.NORTH: "5C 6C 7C 7H 5D 6D 7D 6H 9S 4H 5H 3S 6S",
    Seat.EAST: "8C 9C TC JS 8D 9D TD TH TS 8H 9H 4S 7S",
}

MOON_DEAL = deal_of(
    "2C QS 2S 3S 4S 5S 2D 3D 4D 5D 6D AH 2H",
    "AC KC QC JC TC 9C 8C 7C 6C 5C 4C TH 3C",
    "3H 4H 5H 6H 7H 6S 7S 8S 7D 8D 9D 9S TD",
    "8H 9H JH QH KH TS JS KS JD QD KD AS AD")
"""West takes every club trick and with them every point card but three hearts;
it then leads the ten of hearts, North and East show out, and South holds AH 2H:
only the ace stops the moon (West's last card is a club no one else can follow)."""

MOON_QUEUES = {
    Seat.SOUTH: "2C QS 2S 3S 4S 5S 2D 3D 4D 5D 6D",
    Seat.WEST: "AC KC QC JC TC 9C 8C 7C 6C 5C 4C TH 3C",
    Seat.NORTH: "3H 4H 5H 6H 7H 6S 7S 8S 7D 8D 9D 9S TD",
    Seat.EAST: "8H 9H JH QH KH TS JS KS JD QD KD AS AD",
}


def scripted_record(deal: Any, queues: dict[Seat, str], dealer: Seat, south_end: str
                    ) -> HandRecord:
    """The scripted hand played to the end, South playing ``south_end`` last."""
    hand = scripted_hand(deal, dealer=dealer)
    full = dict(queues)
    full[Seat.SOUTH] = queues[Seat.SOUTH] + " " + south_end
    play_queues(hand, {seat: text.split() for seat, text in full.items()})
    assert hand.phase is Phase.OVER
    return hand.to_record()


def steady_record(seed: int, direction: PassDirection = PassDirection.LEFT,
                  players: list[dict[str, Any]] | None = None) -> HandRecord:
    """A hand dealt from ``seed`` by the engine alone and played to the end by a
    steady rule (each seat passes its three highest cards and plays its lowest legal
    card; the queen of spades is never passed), so it never changes when the
    computer players are tuned; ``players`` is
    the record's list of who sat where, as a record's JSON names them (read with
    the record, as a file's would be)."""
    from hearts.cards import Card
    from hearts.hand import Hand
    from hearts.rules import Rules

    hand = Hand.deal(Rules(), seed, pass_direction=direction)
    if hand.phase is Phase.PASSING:
        for seat in Seat:
            allowed = [c for c in hand.holding(seat) if c != Card.parse("QS")]
            hand.pass_cards(seat, sorted(allowed, key=lambda c: c.rank)[-3:])
    while hand.turn is not None:
        legal: list[Card] = sorted(hand.legal_plays(), key=lambda c: (c.rank, c.suit))
        hand.play(legal[0])
    record = hand.record()
    if players is not None:
        record["players"] = players
    return read_record(record)


PEOPLE: list[dict[str, Any]] = [{"seat": "south", "player": "human", "name": "Ann"},
                                 {"seat": "west", "player": "club", "seed": 11},
                                 {"seat": "north", "player": "human", "name": "Bob"},
                                 {"seat": "east", "player": "club", "seed": 12}]
"""Who sat where at a table for friends: Ann and Bob, and two Club players."""


def fixed_verdicts(record: HandRecord,
                   judged: dict[tuple[Seat, int], tuple[str, list[tuple[str, float]]]]
                   ) -> list[Any]:
    """Every decision of ``record`` with a verdict given by hand, so a page shows the
    same whatever the reviewer: ``judged`` maps (seat, plays before the card; -1 for
    the pass) to the verdict and each choice's cards and expected points, best
    first; every other decision is forced."""
    from hearts.cards import Card
    from hearts.review.verdict import Choice, Decision, tasks_of

    out = []
    for task in tasks_of(record, list(Seat), 0, 1):
        if task.kind == "pass":
            chosen = record.passed(task.seat)
        else:
            chosen = (record.plays[task.plays],)
        key = (task.seat, task.plays if task.kind == "play" else -1)
        if key not in judged:
            out.append(Decision(task.seat, task.kind, task.plays, chosen, "forced", 0.0, 0.0,
                                (), 100, 0.0))
            continue
        verdict, measured = judged[key]
        best = measured[0][1]
        choices = tuple(
            Choice(tuple(Card.parse(c) for c in cards.split()),
                   () if task.kind == "pass" else (Card.parse(cards),), expected, 0.25,
                   expected - best, 0.3, None)
            for cards, expected in measured)
        picked = next(c for c in choices if set(c.cards) == set(chosen))
        out.append(Decision(task.seat, task.kind, task.plays, chosen, verdict,  # type: ignore[arg-type]
                            picked.expected - best, 0.3, choices, 100, 87.0))
    return out
