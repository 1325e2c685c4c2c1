"""The line at the end of today's deal or a challenge's, from the catalogue's
``daily`` entries: the terminal (:mod:`hearts.tui.daily_app`) and the web's
deal tables (:mod:`hearts.web.dealtables`) say the same words."""

from __future__ import annotations

from hearts.words import fill, words

__all__ = ["ending_line"]


def ending_line(points: int, par: int | None, assisted: bool) -> str:
    """Your points beside the par (None: still being worked out), and whether
    the deal was played with help."""
    said = words("daily")
    if par is None:
        line = fill(said["working"], points=points)
    else:
        key = "under" if points < par else "over" if points > par else "level"
        line = fill(said[key], points=points, par=par, difference=abs(points - par))
    return line + (said["assisted"] if assisted else "")
