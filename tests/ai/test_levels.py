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
