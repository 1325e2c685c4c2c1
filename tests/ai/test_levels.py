"""Level names and the player factory."""

from __future__ import annotations

import pytest

from hearts.ai import Level, make_player
from hearts.ai.players import SearchPlayer


def test_level_names_and_parsing() -> None:
    assert [str(level) for level in Level] == ["Beginner", "Casual", "Club", "Strong", "Expert"]
    assert Level.parse("4") is Level.STRONG
    assert Level.parse("expert") is Level.EXPERT
    assert Level.parse(" CLUB ") is Level.CLUB
    assert Level.EXPERT.label == "Expert"
    with pytest.raises(ValueError):
        Level.parse("6")
    with pytest.raises(ValueError):
        Level.parse("grandmaster")


def test_make_player_levels() -> None:
    assert isinstance(make_player(Level.STRONG), SearchPlayer)
    assert isinstance(make_player(5, seed=3), SearchPlayer)
    assert not isinstance(make_player(), SearchPlayer)
    assert make_player().level is Level.CLUB


def test_levels_follow_the_one_list_of_names() -> None:
    from hearts.levels import LEVEL_LABELS, LEVEL_NAMES, level_choices
    from hearts.options import DIFFICULTIES
    from hearts.store.stats import LEVEL_ORDER

    assert [level.name.lower() for level in Level] == list(LEVEL_NAMES)
    assert [int(level) for level in Level] == list(range(1, len(LEVEL_NAMES) + 1))
    assert [level.label for level in Level] == list(LEVEL_LABELS) == list(DIFFICULTIES)
    assert LEVEL_ORDER == LEVEL_NAMES
    assert level_choices() == "1-5 or beginner, casual, club, strong, expert"
    assert Level.parse("ExPeRt") is Level.EXPERT
    with pytest.raises(ValueError, match="use 1-5 or beginner, casual, club"):
        Level.parse("0")
