"""The CI entry point is a shell script that must parse and must run `make test`."""

import shutil
import subprocess
from pathlib import Path

import pytest

CI_RUN = Path(__file__).resolve().parents[1] / ".ci" / "run"


@pytest.mark.skipif(shutil.which("bash") is None, reason="bash is not installed")
def test_ci_run_parses() -> None:
    """`bash -n` finds no syntax error (a bad merge once broke the quoting)."""
    result = subprocess.run(["bash", "-n", str(CI_RUN)], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_ci_run_ends_with_make_test() -> None:
    """The last command the script runs is the README's `make test`."""
    lines = [line.strip() for line in CI_RUN.read_text().splitlines()]
    commands = [line for line in lines if line and not line.startswith("#")]
    assert commands[-1] == "make test"
