"""The words catalogue: every code the table or the server sends has its words, in
every language, and the terminal and the web table read the same file."""

from __future__ import annotations

import re
import typing
from typing import Any

import pytest

from hearts.net.wire.errors import ErrorCode
from hearts.rules import Reason
from hearts.table import NoticeKind, Outcome, PromptKind
from hearts.table import happenings as hp
from hearts.table.seatstate import Action
from hearts.words import catalogue, catalogue_text, fill, languages, words


def _keys(entry: Any, prefix: str = "") -> set[str]:
    if not isinstance(entry, dict):
        return {prefix}
    found = set()
    for key, value in entry.items():
        found |= _keys(value, f"{prefix}.{key}" if prefix else key)
    return found


def test_every_language_has_every_entry() -> None:
    english = _keys(catalogue("en"))
    assert languages() and "en" in languages()
    for language in languages():
        assert _keys(catalogue(language)) == english, language


@pytest.mark.parametrize("language", languages())
def test_every_code_has_words(language: str) -> None:
    said = catalogue(language)
    assert {r.value for r in Reason} <= set(said["refusals"])
    assert {e.value for e in ErrorCode} <= set(said["errors"])
    assert {o.value for o in Outcome} <= set(said["failures"])
    assert {a.value for a in Action} <= set(said["actions"])
    # a notice kind is worded by its own entry, or by one the terminal picks for it
    special = {NoticeKind.REFUSED, NoticeKind.PLAYER_FAILED, NoticeKind.TEXT,
               NoticeKind.STANDINGS, NoticeKind.PRESS_DEAL, NoticeKind.TIMED_OUT}
    assert {k.value for k in NoticeKind if k not in special} <= set(said["notices"])
    moves = {hp.KINDS[move] for move in typing.get_args(hp.SeatMove)}
    assert len(moves) == 7
    assert moves | {f"{kind}-you" for kind in moves} <= set(said["moves"])
    prompts = set(said["prompts"])
    for kind in PromptKind:
        assert kind.value in prompts or f"{kind.value}-you" in prompts \
            or f"{kind.value}-tails" in prompts, kind
    for presence in ("here", "away", "stand-in", "free", "computer"):
        assert presence in said["presence"]


def test_templates_name_only_known_fields() -> None:
    fields = set()
    for key in _keys(catalogue("en")):
        value = words(key)
        texts = value if isinstance(value, list) else [value]
        for text in texts:
            if isinstance(text, str):
                fields |= set(re.findall(r"\{([a-z_]+)\}", text))
    # every field a template names is one a front end fills in
    assert fields <= {"who", "number", "names", "direction", "suit", "points", "seed", "count",
                      "seat", "card", "cards", "kind", "level", "name", "log", "what", "soon",
                      "error", "where", "lower", "message", "seconds", "rank", "did",
                      "ess", "expected", "figure", "given", "against", "article",
                      "verdict", "value", "se", "score", "scores", "plays", "target",
                      "suits", "set", "about", "received", "rules", "day", "par", "deals",
                      "difference", "played", "under", "streak", "deal", "round", "rounds",
                      "notes"}, fields


_KEY_HINT = re.compile(r"\((d|a)\)|\bv to\b")
"""A key named in words: "Deal (d)", "v to review"."""


def _texts(entry: Any) -> list[str]:
    """Every text in an entry (a text, or lists of them)."""
    return [entry] if isinstance(entry, str) else [t for item in entry for t in _texts(item)]


def test_a_screen_without_keys_has_words_naming_no_key() -> None:
    said = catalogue("en")
    touch = said["touch"]
    for section in ("prompts", "results", "notices"):
        for key, text in said[section].items():
            keyed = any(_KEY_HINT.search(t) for t in _texts(text))
            if keyed and key != "stuck":  # (the web table has no Abandon)
                assert key in touch[section], f"{section}.{key} names a key"
    assert "help" in touch["web"]  # the help is of keys, where there are keys
    for section, entries in touch.items():
        if section == "about":
            continue
        for key, text in entries.items():
            original = said[section][key]  # each replaces an entry, as it is shaped
            assert type(text) is type(original), key
            fields = set(re.findall(r"\{([a-z_]+)\}", " ".join(_texts(original))))
            for new in _texts(text):
                assert not _KEY_HINT.search(new), new
                assert set(re.findall(r"\{([a-z_]+)\}", new)) <= fields, key


def test_fill() -> None:
    assert fill("{who} takes trick {number}", who="Ann", number=3) == "Ann takes trick 3"
    assert fill("{who} is back") == "{who} is back"  # a missing field shows
    assert catalogue_text("en").lstrip().startswith("{")
    with pytest.raises(ValueError, match="no words"):
        catalogue_text("xx")


def test_the_rules_in_words_follow_the_rules_in_force() -> None:
    from hearts.rules import Passing, Rules, RuleSet, Scoring
    from hearts.words.rules import rule_set_text, rules_lines

    original = rules_lines(Rules(target=100))
    assert "House scoring, 33 points a hand: the queen of spades 10, the ace of hearts 5, " \
           "the king of hearts 4, the queen 3, the jack 2, and every other heart 1." in original
    assert "The queen of spades may never be passed." in original
    assert any(line.startswith("Follow the suit that was led") for line in original)
    assert any("shoot the moon" in line and line.endswith("scores 33.") for line in original)
    assert original[-1] == "The game ends when someone reaches 100 points; the lowest total wins."
    assert rule_set_text(Rules()) == "Original rules (this game's own), game to 100"

    classic = rules_lines(RuleSet.CLASSIC.rules(50))
    assert "Classic scoring, 26 points a hand: the queen of spades 13 and every heart 1." \
        in classic
    assert "The 2 of clubs leads the first trick." in classic
    assert any(line.endswith("every fourth hand nobody passes.") for line in classic)
    assert any(line.endswith("scores 26.") for line in classic)
    assert not any("jack of diamonds" in line for line in classic)
    assert "The jack of diamonds counts -10 to whoever takes it." in \
        rules_lines(RuleSet.OMNIBUS.rules())
    assert rule_set_text(RuleSet.OMNIBUS.rules(200)).startswith("Omnibus rules")

    custom = Rules(scoring=Scoring.CLASSIC, passing=Passing.ROTATE, target=75)
    assert rule_set_text(custom) == "Custom rules (set one by one), game to 75"
    assert any("then across, in turn" in line for line in rules_lines(custom))


def test_a_watcher_is_told_nothing_to_press() -> None:
    # W6: the watch entries replace the ones that tell a player what to press
    said = catalogue("en")
    for section, entries in said["watch"].items():
        if section == "about":
            continue
        for key, text in entries.items():
            assert type(text) is type(said[section][key]), key
            for new in _texts(text):
                assert "press" not in new and not _KEY_HINT.search(new), new
    assert "press" in said["prompts"]["hand-over"]  # what a player is told instead
