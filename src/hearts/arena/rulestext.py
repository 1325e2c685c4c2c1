"""The rules as one comma-separated value of words: ``--rules`` for ``hearts``,
``hearts host``, ``hearts-arena`` and the benchmark.

A rule set's name sets every rule but the target: ``original`` (the defaults),
``classic`` (the 2 of clubs leads, no points on the first trick, hearts not led
until broken, passing left, right, across and hold, the queen of spades may be
passed, classic scoring) or ``omnibus`` (classic with the jack of diamonds). The
options page's settings have a word each: ``house-scoring`` or
``classic-scoring``; ``jack-of-diamonds``, ``first-lead``, ``leading-hearts``,
``first-trick`` and ``pass-queen`` switch a rule on, and the same word after
``no-`` switches it off (``classic,no-pass-queen``); ``left``, ``rotate`` or
``rotate-hold`` choose the passing; a positive whole number is the target. Words
after a set change it (``classic,left`` is Classic passing left every hand),
whatever their order; anything not named keeps what it was: the Original rules
to 100 for the arena, ``hearts host`` and the benchmark, the saved options for
the game (so ``hearts --rules classic`` keeps the target saved).
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from dataclasses import replace
from typing import Any

from hearts.rules import Passing, Rules, RuleSet, Scoring

__all__ = ["RULES_HELP", "RULE_WORDS", "checked_rules_argument", "parse_rules", "rules_argument",
           "rules_text"]

_SWITCHES = ("jack_of_diamonds", "first_lead", "leading_hearts", "first_trick", "pass_queen")
_OFF = "no-"
"""Before a switch's word, switches that rule off."""
_SCORING_WORDS = {f"{scoring.value}-scoring": scoring for scoring in Scoring}

RULE_WORDS = (
    [rule_set.value for rule_set in RuleSet] + list(_SCORING_WORDS)
    + [name.replace("_", "-") for name in _SWITCHES] + [p.value for p in Passing])
"""Every word ``--rules`` accepts besides a target score (a positive whole number) and
a switch's word after ``no-``."""

RULES_HELP = ("a rule set (original, the default; classic; omnibus) and settings that "
              "change it: house-scoring or classic-scoring, jack-of-diamonds, first-lead, "
              "leading-hearts, first-trick, pass-queen (no- before one of these switches "
              "it off), left, rotate or rotate-hold, a target score; comma-separated, e.g. "
              "classic or classic,left,50")
"""``--rules`` in a command's ``--help``."""


def _setting(word: str) -> tuple[str, Any]:
    """The field and value one word (not a set's name) stands for."""
    if word in _SCORING_WORDS:
        return "scoring", _SCORING_WORDS[word]
    if word in (p.value for p in Passing):
        return "passing", Passing(word)
    if word.isdigit():
        return "target", int(word)
    if word.replace("-", "_") in _SWITCHES:
        return word.replace("-", "_"), True
    if word.startswith(_OFF) and word[len(_OFF):].replace("-", "_") in _SWITCHES:
        return word[len(_OFF):].replace("-", "_"), False
    hint = f" (the scoring is {word}-scoring)" if f"{word}-scoring" in _SCORING_WORDS else ""
    raise ValueError(f"unknown rule {word!r}{hint}; use any of: {', '.join(RULE_WORDS)} "
                     "(no- before a rule switches it off), or a target score such as 100")


def parse_rules(text: str, base: Rules | None = None) -> Rules:
    """Rules from a comma-separated list of words, changing ``base`` (the Original
    rules to 100 unless given); ``ValueError`` names a bad word."""
    rule_set: RuleSet | None = None
    changes: dict[str, Any] = {}
    named: dict[str, str] = {}
    for word in (w.strip().lower() for w in text.split(",")):
        if not word:
            continue
        if word in (s.value for s in RuleSet):
            if rule_set is not None and rule_set.value != word:
                raise ValueError(f"{rule_set.value!r} and {word!r} cannot both be chosen")
            rule_set = RuleSet(word)
            continue
        field, value = _setting(word)
        if field in named and named[field] != word:
            raise ValueError(f"{named[field]!r} and {word!r} cannot both be chosen")
        named[field] = word
        changes[field] = value
    rules = base or Rules()
    if rule_set is not None:
        rules = rule_set.apply(rules)
    return replace(rules, **changes)


def rules_argument(text: str) -> Rules:
    """:func:`parse_rules` as an argparse ``type``: a bad word is the option's error."""
    try:
        return parse_rules(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None


def checked_rules_argument(refusal: Callable[[Rules], str | None]) -> Callable[[str], Rules]:
    """:func:`rules_argument` that also refuses the rules ``refusal`` gives a reason
    against (the game's bounds on the target, say)."""
    def argument(text: str) -> Rules:
        rules = rules_argument(text)
        reason = refusal(rules)
        if reason is not None:
            raise argparse.ArgumentTypeError(reason)
        return rules
    return argument


def _words_from(rule_set: RuleSet, rules: Rules) -> list[str]:
    """The words that make ``rules`` from ``rule_set`` (target aside)."""
    base = rule_set.rules(rules.target)
    words = [rule_set.value]
    if rules.scoring is not base.scoring:
        words.append(f"{rules.scoring.value}-scoring")
    for name in _SWITCHES:
        if getattr(rules, name) != getattr(base, name):
            words.append(("" if getattr(rules, name) else _OFF) + name.replace("_", "-"))
    if rules.passing is not base.passing:
        words.append(rules.passing.value)
    return words


def rules_text(rules: Rules) -> str:
    """The shortest ``--rules`` value naming every setting of ``rules``: a rule
    set, what differs from it, and the target (``classic,left,100``)."""
    candidates = [_words_from(rule_set, rules) for rule_set in RuleSet]
    return ",".join([*min(candidates, key=len), str(rules.target)])
