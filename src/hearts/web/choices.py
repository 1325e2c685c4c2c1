"""What the forms that start a table offer, and how a posted form is read.

The single-player page (``hearts --serve``, :mod:`hearts.web.solo`) and the
front page of ``hearts host --serve`` (:mod:`hearts.web.front`) offer the same
choices: the computer players' level, the rule set, the target and a name;
the front page also how many people, and a match or a duplicate evening.
:func:`read_choice` turns what a browser posted into a :class:`Choice`, or a
:class:`ValueError` whose text says what is wrong (the page shows it above the
form).
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import dataclass, replace

from hearts.ai import Level
from hearts.arena.rulestext import parse_rules
from hearts.duplicate import MAX_DEALS
from hearts.net.tables.table import TableConfig
from hearts.net.wire.names import check_name
from hearts.options import rules_refusal
from hearts.rules import Rules
from hearts.words import fill, words

__all__ = ["RULE_SETS", "TARGETS", "Choice", "options", "play_options",
           "read_choice"]

RULE_SETS = ("original", "classic", "omnibus")
"""The rule sets the pages offer (``hearts --rules`` takes the same words)."""

TARGETS = (50, 100, 200)
"""The targets the pages offer."""


@dataclass(frozen=True)
class Choice:
    """A table as a form asked for it."""

    config: TableConfig
    """How the table is set up (people, level, rules; the pauses as the server's)."""
    name: str
    """The name of the person who asked (checked)."""


def options(values: list[tuple[str, str]], chosen: str) -> str:
    """The ``<option>`` elements of a ``<select>``: (value, label) pairs, ``chosen``
    selected."""
    return "".join(f'<option value="{html.escape(v)}"{" selected" if v == chosen else ""}>'
                   f"{html.escape(label)}</option>" for v, label in values)


def level_options(chosen: Level) -> str:
    """The computer players' levels, ``chosen`` selected."""
    return options([(str(int(each)), each.label) for each in Level], str(int(chosen)))


def rules_options(chosen: str = "original") -> str:
    """The rule sets, ``chosen`` selected."""
    return options([(each, each.capitalize()) for each in RULE_SETS], chosen)


def target_options(rules: Rules) -> str:
    """The targets (the defaults' own among them), the defaults' selected."""
    return options([(str(t), str(t)) for t in sorted({*TARGETS, rules.target})],
                   str(rules.target))


def play_options(chosen: int) -> str:
    """A match, or a duplicate evening of 1 to :data:`~hearts.duplicate.MAX_DEALS`
    deals (as ``hearts host --duplicate`` takes), ``chosen`` deals selected (0: a
    match)."""
    said = words("front")
    return options([("0", said["play-match"])] + [
        (str(deals), said["play-duplicate-one"] if deals == 1
         else fill(said["play-duplicate"], deals=deals))
        for deals in range(1, MAX_DEALS + 1)], str(chosen))


def read_choice(form: Mapping[str, object], defaults: TableConfig, people: int = 1,
                most_people: int = 1, default_name: str = "You") -> Choice:
    """The table a posted form asks for (a field left out takes ``defaults``'s
    value, ``people`` for the number of people, at most ``most_people``).
    Raises :class:`ValueError` (a :class:`~hearts.net.wire.names.BadName` for the
    name) saying what is wrong, in words a person reads."""
    try:
        level = Level(int(str(form.get("level", int(defaults.level)))))
    except ValueError:
        raise ValueError("choose the computer players' level from the list") from None
    rules = parse_rules(str(form["rules"])) if form.get("rules") in RULE_SETS \
        else defaults.rules
    try:
        target = int(str(form.get("target", rules.target))[:6])
    except ValueError:
        raise ValueError("the target is a number of points, such as 100") from None
    rules = Rules.from_json({**rules.to_json(), "target": target})
    refusal = rules_refusal(rules)
    if refusal is not None:
        raise ValueError(refusal)
    try:
        count = int(str(form.get("people", people))[:2])
    except ValueError:
        count = 0
    if not 1 <= count <= most_people:
        raise ValueError(f"a table has 1 to {most_people} people" if most_people > 1
                         else "this game is for one person")
    try:
        deals = int(str(form.get("duplicate", defaults.duplicate))[:2])
    except ValueError:
        deals = -1
    if not 0 <= deals <= MAX_DEALS:
        raise ValueError(f"a duplicate evening has 1 to {MAX_DEALS} deals")
    name = check_name(str(form.get("name") or "")[:200] or default_name)
    return Choice(replace(defaults, people=count, level=level, rules=rules, duplicate=deals),
                  name)
