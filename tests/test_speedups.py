"""The compiled playout modules: used only when built from this source, and they
decide exactly as the pure-Python ones."""

from __future__ import annotations

import importlib.machinery
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hearts import speedups
from tests.compiled import compiled_and_pure

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


@pytest.mark.slow
def test_compiled_modules_decide_as_pure_python() -> None:
    compiled, pure = compiled_and_pure(ROOT / "tests" / "speedups_probe.py")
    assert compiled == pure


def _library(root: Path) -> Path:
    for name in ("cards.py", "ai/judgement.py", "tui/app.py"):
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"# {name}\n")
    return root


def test_the_digest_changes_with_the_library_and_the_ai_only(tmp_path: Path) -> None:
    root = _library(tmp_path)
    before = speedups.source_digest(root)
    (root / "tui" / "app.py").write_text("# the table changed\n")
    assert speedups.source_digest(root) == before
    (root / "ai" / "judgement.py").write_text("# judgement changed\n")
    changed = speedups.source_digest(root)
    assert changed != before
    (root / "cards.py").write_text("# cards changed\n")
    assert speedups.source_digest(root) not in (before, changed)


def _compiled_files(root: Path, names: tuple[str, ...]) -> None:
    for name in names:
        path = root.joinpath(*name.split(".")[1:])
        path.parent.mkdir(parents=True, exist_ok=True)
        path.with_name(path.name + SUFFIX).write_bytes(b"")


def test_the_compiled_modules_are_used_only_when_built_from_this_source(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    root = _library(tmp_path)
    monkeypatch.delenv(speedups.PURE_ENV, raising=False)
    assert speedups.decide(root) == speedups.Status(False, "not compiled (a pure-Python build)")
    _compiled_files(root, speedups.MODULES)
    assert "incomplete build: hearts.speedups__mypyc missing" in speedups.decide(root).reason
    _compiled_files(root, (speedups.shared_library(),))
    assert set(speedups.extension_files(root)) == {*speedups.MODULES, speedups.shared_library()}
    assert "no record of the source" in speedups.decide(root).reason
    (root / speedups.DIGEST_FILE).write_text(speedups.source_digest(root) + "\n")
    assert speedups.decide(root) == speedups.Status(True, "built from this source")
    monkeypatch.setenv(speedups.PURE_ENV, "1")
    assert speedups.decide(root) == speedups.Status(False, "HEARTS_PURE_PYTHON is set")
    monkeypatch.setenv(speedups.PURE_ENV, "0")
    assert speedups.decide(root).compiled
    (root / "ai" / "judgement.py").write_text("# edited since the build\n")
    assert "the source changed since it was compiled" in speedups.decide(root).reason


def _installed_copy(tmp_path: Path) -> Path:
    """A copy of the imported package, compiled modules and digest included."""
    if not speedups.status().compiled:
        if os.environ.get("HEARTS_EXPECT_COMPILED"):
            pytest.fail(f"the playout's modules are not compiled: {speedups.status().reason}")
        pytest.skip(f"the playout's modules are not compiled: {speedups.status().reason}")
    package = Path(speedups.__file__).parent
    shutil.copytree(package, tmp_path / "hearts",
                    ignore=shutil.ignore_patterns("__pycache__", "tui", "arena", "store"))
    return tmp_path


_STATE = """\
import json, sys
import hearts.ai
from hearts import speedups
from hearts.ai import judgement, playout
modules = [hearts.ai.playout.__file__, playout.__file__, judgement.__file__]
print(json.dumps({"reason": speedups.status().reason, "compiled": speedups.compiled(),
                  "modules": modules, "library": speedups.shared_library() in sys.modules}))
"""


def _state(where: Path, **env: str) -> dict[str, object]:
    run_env = {key: value for key, value in os.environ.items()
               if key not in (speedups.PURE_ENV, "PYTHONPATH")}
    done = subprocess.run([sys.executable, "-c", _STATE], capture_output=True, text=True,
                          env={**run_env, "PYTHONPATH": str(where), **env}, cwd=where,
                          check=True)
    found: dict[str, object] = json.loads(done.stdout)
    return found


@pytest.mark.slow
def test_pure_python_in_place_of_compiled_modules_on_disk(tmp_path: Path) -> None:
    where = _installed_copy(tmp_path)
    state = _state(where)
    assert state["compiled"] and state["library"]
    modules = state["modules"]
    assert isinstance(modules, list) and not any(name.endswith(".py") for name in modules)
    state = _state(where, **{speedups.PURE_ENV: "1"})
    assert state == {"reason": "HEARTS_PURE_PYTHON is set", "compiled": False, "library": False,
                     "modules": [str(where / "hearts" / "ai" / "playout.py")] * 2 +
                                [str(where / "hearts" / "ai" / "judgement.py")]}
    with (where / "hearts" / "ai" / "playout.py").open("a") as source:
        source.write("# edited after the build\n")
    state = _state(where)
    assert not state["compiled"] and not state["library"]
    assert "the source changed since it was compiled" in str(state["reason"])
