"""The rules as one comma-separated value, the options page's settings by name.

``classic,first-lead,leading-hearts,first-trick`` turns on three restrictions
under classic scoring; ``house`` or ``classic`` names the scoring,
``jack-of-diamonds`` the Omnibus variant, ``left`` or ``rotate`` the passing and
a positive whole number the target (the options page offers ``50``, ``100`` and
``200``; any other, ``75`` or ``500``, plays as well). Anything not named keeps its
default.
"""

from __future__ import annotations

import argparse
from dataclasses import replace
from typing import Any

from hearts.rules import Passing, Rules, Scoring

__all__ = ["RULE_WORDS", "parse_rules", "rules_argument", "rules_text"]

_SWITCHES = ("jack_of_diamonds", "first_lead", "leading_hearts", "first_trick")

RULE_WORDS = (
    [s.value for s in Scoring] + [name.replace("_", "-") for name in _SWITCHES]
    + [p.value for p in Passing])
"""Every word ``--rules`` accepts besides a target score (a positive whole number)."""


def parse_rules(text: str) -> Rules:
    """Rules from a comma-separated list of words; ``ValueError`` names a bad one."""
    rules = Rules()
    named: dict[str, str] = {}
    for word in (w.strip().lower() for w in text.split(",")):
        if not word:
            continue
        value: Any
        if word in (s.value for s in Scoring):
            field, value = "scoring", Scoring(word)
        elif word in (p.value for p in Passing):
            field, value = "passing", Passing(word)
        elif word.isdigit():
            field, value = "target", int(word)
        elif word.replace("-", "_") in _SWITCHES:
            field, value = word.replace("-", "_"), True
        else:
            raise ValueError(f"unknown rule {word!r}; use any of: {', '.join(RULE_WORDS)}, "
                             "or a target score such as 100")
        if field in named and named[field] != word:
            raise ValueError(f"{named[field]!r} and {word!r} cannot both be chosen")
        named[field] = word
        rules = replace(rules, **{field: value})
    return rules


def rules_argument(text: str) -> Rules:
    """:func:`parse_rules` as an argparse ``type``: a bad word is the option's error."""
    try:
        return parse_rules(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def rules_text(rules: Rules) -> str:
    """The ``--rules`` value naming every setting of ``rules``."""
    words = [rules.scoring.value]
    words += [name.replace("_", "-") for name in _SWITCHES if getattr(rules, name)]
    words += [rules.passing.value, str(rules.target)]
    return ",".join(words)
