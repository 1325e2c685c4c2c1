"""The five difficulty levels (kept in :mod:`hearts.levels`, low in the layers,
and named here too for the computer players' side)."""

from __future__ import annotations

from hearts.levels import HINT_LEVEL, Level

__all__ = ["HINT_LEVEL", "Level"]
