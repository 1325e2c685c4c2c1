"""A table's save kept in a store: the match, the table's state, and whether a
person had help in it; what the table asks of its front end's store at every
change that matters (the terminal app and a network table alike)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from hearts.match import Match
from hearts.store.store import Store

__all__ = ["save_match"]


def save_match(store: Store, match: Match, state: Mapping[str, Any],
               assisted: bool) -> str | None:
    """Keep ``match`` and the table's ``state`` in ``store``, marked assisted when a
    person had help; returns what the store has to say, if anything."""
    notice = store.save(match, state)
    if assisted and not store.assisted:
        notice = store.mark_assisted() or notice
    return notice
