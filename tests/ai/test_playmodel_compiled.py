"""The learned model of play compiled gives exactly what its pure-Python source gives
(a constant mypyc folds into a 32-bit shift once made them differ)."""

from __future__ import annotations

from tests.compiled import ROOT, compiled_and_pure


def test_the_compiled_model_of_play_is_its_source() -> None:
    compiled, pure = compiled_and_pure(ROOT / "tests" / "ai" / "playmodel_probe.py")
    assert compiled["features"] == pure["features"]
    assert compiled["weighed"] == pure["weighed"]
