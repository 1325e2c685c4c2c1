"""The gate of the moon search: the few decisions where one opponent may be shooting.

The gate fires when one other seat holds every point taken so far (it alone has
taken points, so it could still take the rest) and the moon-threat model
(:mod:`hearts.ai.moonmodel`) gives it at least a set chance of shooting. The
search then plays those decisions out in two worlds, the one it searches
anyway and one where that seat plays for the moon (:func:`hearts.ai.search.search_play`'s
``moon``), mixed by that chance, or by the chance calibrated on logged hands of
several kinds of opponent (:func:`calibrated_chance`).

Only the view is read, so a hidden card cannot open or shut the gate.
"""

from __future__ import annotations

import math
from functools import cache
from typing import Any, Final

from hearts.ai.moonmodel import MoonModel, default_model
from hearts.ai.moonsigns import SIGN_NAMES, moon_signs
from hearts.ai.weightfiles import fingerprint, read_shipped
from hearts.core import POINT_CARDS
from hearts.view import PlayerView

__all__ = ["CALIBRATION_FILE", "CALIBRATION_FORMAT", "CALIBRATION_SIGNS", "calibrated_chance",
           "calibration", "calibration_body", "calibration_inputs", "coefficients_of",
           "lone_opponent", "moon_gate"]

CALIBRATION_SIGNS: Final = ("its_points", "tricks_played", "high_hearts_out",
                            "my_sure_stopper", "lost_follows", "others_tricks")
"""The signs (:data:`hearts.ai.moonsigns.SIGN_NAMES`) the calibration reads beside
the logit of the model's chance."""
CALIBRATION_FORMAT: Final = "hearts-moon-calibration-1"
"""The ``format`` of the calibration's file."""
CALIBRATION_FILE: Final = "moon_calibration.json"
"""The calibration shipped in the ``hearts.ai`` package: its logistic coefficients,
the intercept, the logit of the model's chance, then one a sign of
:data:`CALIBRATION_SIGNS` (``lab/tools/moon_calibrate.py fit`` writes it from
logged hands of the shooter, the forced shooters and the Expert)."""
_SIGN_INDEX: Final = tuple(SIGN_NAMES.index(name) for name in CALIBRATION_SIGNS)


def lone_opponent(view: PlayerView) -> int:
    """The other seat that alone has taken points so far, or -1 (nobody has, more
    than one seat has, or we have)."""
    taken = [0, 0, 0, 0]
    for trick in view.tricks:
        for card in trick.cards:
            taken[int(trick.winner)] |= card.bit
    scorers = [seat for seat in range(4) if taken[seat] & POINT_CARDS]
    if len(scorers) != 1 or scorers[0] == int(view.seat):
        return -1
    return scorers[0]


def calibration_inputs(signs: list[float], chance: float) -> list[float]:
    """The calibration's inputs: the logit of the model's ``chance`` and the
    :data:`CALIBRATION_SIGNS` of the suspect's row of signs."""
    clipped = min(max(chance, 1e-4), 1 - 1e-4)
    return [math.log(clipped / (1 - clipped)), *(signs[i] for i in _SIGN_INDEX)]


def calibration_body(coefficients: tuple[float, ...], notes: str = "") -> dict[str, Any]:
    """The calibration's file for these coefficients (with its fingerprint)."""
    body: dict[str, Any] = {"format": CALIBRATION_FORMAT, "signs": list(CALIBRATION_SIGNS),
                            "coefficients": list(coefficients)}
    if notes:
        body["trained"] = notes
    body["fingerprint"] = fingerprint(body)
    return body


def coefficients_of(body: dict[str, Any]) -> tuple[float, ...]:
    """The coefficients of a calibration's file (``ValueError`` if it is not one)."""
    if body.get("format") != CALIBRATION_FORMAT:
        raise ValueError(f"not a {CALIBRATION_FORMAT} file")
    if list(body.get("signs", ())) != list(CALIBRATION_SIGNS):
        raise ValueError("the calibration was fitted on other signs than it reads")
    if body.get("fingerprint") != fingerprint(body):
        raise ValueError("the calibration does not match its fingerprint")
    coefficients = tuple(float(c) for c in body["coefficients"])
    if len(coefficients) != len(CALIBRATION_SIGNS) + 2:
        raise ValueError("the calibration has the wrong number of coefficients")
    return coefficients


@cache
def calibration() -> tuple[float, ...]:
    """The shipped calibration's coefficients (:data:`CALIBRATION_FILE`)."""
    return coefficients_of(read_shipped(CALIBRATION_FILE))


def calibrated_chance(inputs: list[float],
                      coefficients: tuple[float, ...] | None = None) -> float:
    """The calibrated chance of a shot from :func:`calibration_inputs`, by the shipped
    calibration unless ``coefficients`` are given."""
    coefficients = coefficients or calibration()
    total = coefficients[0] + sum(c * x for c, x in zip(coefficients[1:], inputs, strict=True))
    return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, total))))


def moon_gate(view: PlayerView, threshold: float, model: MoonModel | None = None,
              calibrated: bool = False) -> tuple[int, float] | None:
    """The suspect and its chance of shooting when the gate fires, else None.

    It fires when one other seat alone has taken points and the model's chance
    that it shoots is at least ``threshold`` (a ``threshold`` of 0 or less never
    fires: the search is off). The chance given is the model's, or with
    ``calibrated`` the calibrated one (:func:`calibrated_chance`).
    """
    if threshold <= 0:
        return None
    seat = lone_opponent(view)
    if seat < 0:
        return None
    row = moon_signs(view).get(seat)
    if row is None:
        return None
    chance = (model or default_model()).chance(row)
    if chance < threshold:
        return None
    if calibrated:
        return seat, calibrated_chance(calibration_inputs(row, chance))
    return seat, chance
