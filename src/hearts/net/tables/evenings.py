"""A network table's duplicate evenings (:mod:`hearts.duplicate`): its match made
an evening, the match its store gave back carried on as the evening it is, and
the evening's finished hands as the file ``hearts verify`` checks."""

from __future__ import annotations

from pathlib import Path

from hearts.duplicate import DuplicateMatch, Evening
from hearts.levels import Level
from hearts.match import Match
from hearts.view import Phase

__all__ = ["as_evening", "carried_on", "evening_file", "evening_lines"]


def as_evening(match: Match, evening: Evening, level: Level) -> DuplicateMatch:
    """``match`` (not begun) made a duplicate evening like ``evening``, its
    computer players of ``level``."""
    return DuplicateMatch(match.rules, match.seed, evening, level.name.lower())


def carried_on(match: Match, evening: Evening, level: Level) -> Match:
    """The match a table's store gave back, carried on as the duplicate evening it
    is (one saved before the table played evenings stays as it is)."""
    if isinstance(match, DuplicateMatch) or any(hand.duplicate is None for hand in match.hands):
        return match
    rules = match.hands[0].rules if match.hands else match.rules
    again = DuplicateMatch(rules, match.seed, evening, level.name.lower())
    again.hands = match.hands
    again.rules = match.rules
    return again


def evening_file(folder: Path, seed: int) -> Path:
    """The file in ``folder`` that keeps the finished hands of the evening of
    match ``seed``, a hand record a line."""
    return folder / f"evening-{seed}.jsonl"


def evening_lines(match: Match) -> str:
    """The finished hands of ``match``, a hand record a line."""
    return "".join(hand.to_json() + "\n" for hand in match.hands if hand.phase is Phase.OVER)
