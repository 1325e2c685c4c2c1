"""``hearts-arena show FILE``: hand records printed trick by trick, for reading a game."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from rich.console import Console, Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from hearts.arena.rulestext import rules_text
from hearts.cards import Card, Seat
from hearts.hand import Hand, HandRecordError
from hearts.records import RecordFileError, read_records

__all__ = ["render_hand", "show"]


def _card(card: Card) -> Text:
    return Text(card.pretty, style="red" if card.suit.is_red else "bold")


def _cards(cards: Iterable[Card]) -> Text:
    return Text(" ").join(_card(card) for card in cards)


def render_hand(hand: Hand, title: str) -> Panel:
    """One hand: who sat where, the deal and the passes, every trick, the points."""
    rules = hand.rules
    facts = [f"dealer {hand.dealer}", f"pass {hand.pass_direction}",
             f"rules {rules_text(rules)}"]
    if hand.seed is not None:
        facts.insert(0, f"seed {hand.seed}")
    if any(hand.scores):
        facts.append(f"scores before {' / '.join(map(str, hand.scores))}")
    seats = Table(box=None, pad_edge=False)
    for column in ("Seat", "Player", "Dealt", "Passed", "Received"):
        seats.add_column(column)
    for seat in Seat:
        player = hand.players[seat] if hand.players else None
        name = "" if player is None else player.player + (
            "" if player.seed is None else f" (seed {player.seed})")
        seats.add_row(str(seat), name, _cards(hand.dealt(seat)), _cards(hand.passed(seat)),
                      _cards(hand.received(seat)))
    tricks = Table(box=None, pad_edge=False)
    for column in ("#", "Led by", *(str(seat) for seat in Seat), "Won by", "Points"):
        tricks.add_column(column, justify="right" if column in ("#", "Points") else "left")
    for number, trick in enumerate(hand.tricks, 1):
        by_seat = dict(trick.plays())
        cells = [_card(by_seat[seat]) if trick.leader != seat
                 else Text("[") + _card(by_seat[seat]) + Text("]") for seat in Seat]
        points = sum(rules.card_points(card) for card in trick.cards)
        tricks.add_row(str(number), str(trick.leader), *cells, str(trick.winner), str(points))
    result = "  ".join(f"{seat} {points}" for seat, points in zip(Seat, hand.points, strict=True))
    ending = f"Points: {result}"
    if hand.shooter is not None:
        ending += f"  ({hand.shooter} shot the moon)"
    if len(hand.tricks) < 13:
        ending += f"  (unfinished: {len(hand.tricks)} tricks)"
    return Panel(Group(Text("  ".join(facts)), Text(""), seats, Text(""), tricks, Text(""),
                       Text(ending)), title=title, title_align="left")


def show(path: Path, only: int | None = None, console: Console | None = None) -> int:
    """Print the hands of ``path`` (or hand number ``only``, from 1); the exit status."""
    console = console or Console()
    try:
        records = read_records(path)
    except RecordFileError as error:
        print(f"hearts-arena show: {error}", file=sys.stderr)
        return 2
    if only is not None and not 1 <= only <= len(records):
        print(f"hearts-arena show: {path} holds {len(records)} hands; "
              f"--hand must be 1 to {len(records)}", file=sys.stderr)
        return 2
    status = 0
    for number, entry in enumerate(records, 1):
        where = entry.where
        if only is not None and number != only:
            continue
        try:
            hand = Hand.from_record(entry.record)  # read once by read_records
        except HandRecordError as error:
            print(f"hearts-arena show: {path}, {where}: {error}", file=sys.stderr)
            status = 1
            continue
        console.print(render_hand(hand, f"Hand {number} ({where})"))
        console.print(f"The verdict on every decision: hearts review {path} --hand {number}"
                      " --all (--json for all of them as data)", highlight=False)
    return status
