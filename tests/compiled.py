"""Running a probe script twice, with the compiled modules and as pure Python, for
the tests that hold the two alike."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hearts import speedups

ROOT = Path(__file__).resolve().parent.parent


def probe(script: Path, pure: bool) -> dict[str, object]:
    """What ``script`` prints (one JSON object), run with the compiled modules or
    with them turned off; its ``compiled`` says which ran."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(speedups.PURE_ENV, None)
    if pure:
        env[speedups.PURE_ENV] = "1"
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True,
                          env=env, cwd=ROOT, check=True)
    found: dict[str, object] = json.loads(done.stdout)
    return found


def compiled_and_pure(script: Path) -> tuple[dict[str, object], dict[str, object]]:
    """The probe's answers compiled and pure, without their ``compiled`` marks; skips
    (or fails, where ``HEARTS_EXPECT_COMPILED`` is set) when nothing is compiled."""
    compiled = probe(script, pure=False)
    if not compiled.pop("compiled"):
        if os.environ.get("HEARTS_EXPECT_COMPILED"):
            pytest.fail("the playout's modules are not compiled: make compile")
        pytest.skip("the playout's modules are not compiled (make compile)")
    pure = probe(script, pure=True)
    assert pure.pop("compiled") is False
    return compiled, pure
