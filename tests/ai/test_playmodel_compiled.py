"""The learned model of play compiled gives exactly what its pure-Python source gives
(a constant mypyc folds into a 32-bit shift once made them differ)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hearts import speedups

ROOT = Path(__file__).resolve().parents[2]


def _probe(pure: bool) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(speedups.PURE_ENV, None)
    if pure:
        env[speedups.PURE_ENV] = "1"
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "ai" / "playmodel_probe.py")],
                          capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_the_compiled_model_of_play_is_its_source() -> None:
    compiled = _probe(pure=False)
    if not compiled.pop("compiled"):
        if os.environ.get("HEARTS_EXPECT_COMPILED"):
            pytest.fail("the playout's modules are not compiled: make compile")
        pytest.skip("the playout's modules are not compiled (make compile)")
    pure = _probe(pure=True)
    assert pure.pop("compiled") is False
    assert compiled["features"] == pure["features"]
    assert compiled["weighed"] == pure["weighed"]
