"""The moon-threat model: the chance that each other seat shoots the moon.

A small network learned from logged hands (``make -C lab moon-model`` trains it
again; ``lab/README.md`` says on what): one hidden layer of tanh units over the
rows of :func:`hearts.ai.moonsigns.moon_signs`, and a logistic output. Its
weights ship with the package as ``moon_weights.json``, named by a fingerprint
of their contents (:func:`fingerprint`), which loading checks. The forward pass
is plain Python: a few thousand multiplications a decision, no dependency.
"""

from __future__ import annotations

import math
import operator
from functools import cache
from pathlib import Path
from typing import Any

from hearts.ai.moonsigns import SIGN_NAMES, moon_signs
from hearts.ai.weightfiles import fingerprint, read_file, read_shipped
from hearts.view import PlayerView

__all__ = ["MODEL_FORMAT", "WEIGHTS_FILE", "MoonModel", "default_model", "fingerprint",
           "moon_chances", "moon_suspect"]

MODEL_FORMAT = "hearts-moon-model-1"
"""The ``format`` of a weights file."""

WEIGHTS_FILE = "moon_weights.json"
"""The shipped weights, in the ``hearts.ai`` package."""


class MoonModel:
    """A loaded model: :meth:`chance` of one row."""

    def __init__(self, body: dict[str, Any]) -> None:
        if body.get("format") != MODEL_FORMAT:
            raise ValueError(f"not a {MODEL_FORMAT} weights file")
        if list(body["signs"]) != list(SIGN_NAMES):
            raise ValueError("the weights were trained on other signs than moon_signs gives")
        if body.get("fingerprint") != fingerprint(body):
            raise ValueError("the weights do not match their fingerprint")
        self.fingerprint: str = body["fingerprint"]
        """The weights' fingerprint."""
        mean = [float(v) for v in body["mean"]]
        scale = [float(v) for v in body["scale"]]
        # The standardizing folded into the hidden layer: w.((x - m) / s) + b.
        self._hidden = [[w / s for w, s in zip(column, scale, strict=True)]
                        for column in body["hidden"]]
        self._bias = [float(b) - sum(w * m for w, m in zip(column, mean, strict=True))
                      for column, b in zip(self._hidden, body["hidden_bias"], strict=True)]
        self._out = [float(v) for v in body["out"]]
        self._out_bias = float(body["out_bias"])

    @classmethod
    def load(cls, path: Path) -> MoonModel:
        """The model in a weights file (``ValueError`` if it is not one)."""
        return cls(read_file(path))

    def chance(self, row: list[float]) -> float:
        """The chance that the row's seat shoots the moon this hand."""
        total = self._out_bias
        for column, bias, out in zip(self._hidden, self._bias, self._out, strict=True):
            total += out * math.tanh(bias + sum(map(operator.mul, column, row)))
        if total < -30.0:
            return 0.0
        return 1.0 / (1.0 + math.exp(-total))


@cache
def default_model() -> MoonModel:
    """The model shipped with the package."""
    return MoonModel(read_shipped(WEIGHTS_FILE))


def moon_chances(view: PlayerView, model: MoonModel | None = None) -> dict[int, float]:
    """The chance each other seat shoots the moon this hand, by seat number, from
    ``view`` alone (0 for a seat another has spoiled)."""
    model = model or default_model()
    rows = moon_signs(view)
    return {seat: model.chance(rows[seat]) if seat in rows else 0.0
            for seat in range(4) if seat != int(view.seat)}


def moon_suspect(view: PlayerView, gate: float, weight: float,
                 model: MoonModel | None = None) -> tuple[int, float] | None:
    """The moon-aware mode's suspect: the other seat most likely to shoot and the
    share of the search's deals in which it plays to shoot (its chance times
    ``weight``, at most 1), when its chance is at least ``gate``; otherwise None
    (the search keeps the rules' watch)."""
    chances = moon_chances(view, model)
    seat = max(chances, key=lambda other: (chances[other], -other))
    chance = chances[seat]
    if chance < gate:
        return None
    return seat, min(1.0, chance * weight)
