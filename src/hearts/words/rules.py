"""A table's rules in a player's words, written once for every screen: the
terminal's Help (:mod:`hearts.tui.help`) and the web table's Help, join form and
rule line (the table's page is served them with :func:`hearts.web.pages.table_rules`)."""

from __future__ import annotations

from typing import Literal

from hearts.rules import Rules, RuleSet
from hearts.words import fill, words

__all__ = ["rule_set_text", "rules_lines"]


def rule_set_text(rules: Rules, form: Literal["named", "short"] = "named") -> str:
    """The rule set and the target: ``Classic rules (as in Windows Hearts and most
    Hearts sites), game to 100`` (``named``), ``Classic rules - game to 100``
    (``short``)."""
    rule_set = RuleSet.of(rules)
    key = "custom" if rule_set is None else rule_set.value
    return fill(words(f"rules.{form}"), set=words(f"rules.sets.{key}"),
                about=words(f"rules.set-about.{key}"), target=rules.target)


def rules_lines(rules: Rules) -> list[str]:
    """The rules and the scoring of ``rules`` in a player's words, one sentence a
    line."""
    said = words("rules")

    def on_off(name: str, on: bool) -> str:
        return str(said[name]["on" if on else "off"])

    lines = [str(said["aim"]), str(said["passing"][rules.passing.value]),
             on_off("queen", rules.pass_queen), on_off("first-lead", rules.first_lead),
             str(said["follow"]), on_off("leading-hearts", rules.leading_hearts),
             on_off("first-trick", rules.first_trick), str(said["scoring"][rules.scoring.value])]
    if rules.jack_of_diamonds:
        lines.append(str(said["jack"]))
    lines.append(fill(said["moon"], value=rules.scoring.hand_value))
    lines.append(fill(said["target"], target=rules.target))
    return lines
