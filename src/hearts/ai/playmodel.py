"""The learned model of play: the chance of each card a seat could play.

A table of weights over the features of :mod:`hearts.ai.playfeatures`, learned
from logged hands (``make -C lab play-model`` trains it again; ``lab/README.md``
says on what): a card's score is the sum of its features' weights, and the
chance of each legal card is the softmax of the scores. Two tables ship: the
plays of every seat (``weights``), and those of seats shooting the moon
(``shooting``), for the search's deals in which a seat plays to shoot.

The weights ship with the package as ``play_weights.json``, named by a
fingerprint of their contents (:func:`fingerprint`), which loading checks.
Nothing here needs numpy: the search reads the table with plain floats.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from hearts.ai.playfeatures import FEATURES
from hearts.ai.weightfiles import fingerprint, read_file, read_shipped

__all__ = ["MODEL_FORMAT", "WEIGHTS_FILE", "PlayModel", "default_play_model", "fingerprint"]

MODEL_FORMAT = "hearts-play-model-1"
"""The ``format`` of a weights file."""

WEIGHTS_FILE = "play_weights.json"
"""The shipped weights, in the ``hearts.ai`` package."""


class PlayModel:
    """A loaded model: its two weight tables, each with one weight more than
    :data:`~hearts.ai.playfeatures.FEATURES` (the padding feature, fixed at 0)."""

    def __init__(self, body: dict[str, Any]) -> None:
        if body.get("format") != MODEL_FORMAT:
            raise ValueError(f"not a {MODEL_FORMAT} weights file")
        if body.get("features") != FEATURES:
            raise ValueError("the weights were trained on other features than playfeatures gives")
        if body.get("fingerprint") != fingerprint(body):
            raise ValueError("the weights do not match their fingerprint")
        self.fingerprint: str = body["fingerprint"]
        """The weights' fingerprint."""
        self.weights: list[float] = [float(v) for v in body["weights"]] + [0.0]
        """Every seat's plays."""
        self.shooting: list[float] = [float(v) for v in body["shooting"]] + [0.0]
        """The plays of a seat shooting the moon."""
        if len(self.weights) != FEATURES + 1 or len(self.shooting) != FEATURES + 1:
            raise ValueError(f"a weight table does not have {FEATURES} weights")

    @classmethod
    def load(cls, path: Path) -> PlayModel:
        """The model in a weights file (``ValueError`` if it is not one)."""
        return cls(read_file(path))


@cache
def default_play_model() -> PlayModel:
    """The model shipped with the package."""
    return PlayModel(read_shipped(WEIGHTS_FILE))
