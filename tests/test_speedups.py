"""The compiled playout modules: used only when built from this source, and they
decide exactly as the pure-Python ones."""

from __future__ import annotations

import importlib.machinery
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from hearts import speedups

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = importlib.machinery.EXTENSION_SUFFIXES[0]


def _probe(pure: bool) -> dict[str, object]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    env.pop(speedups.PURE_ENV, None)
    if pure:
        env[speedups.PURE_ENV] = "1"
    done = subprocess.run([sys.executable, str(ROOT / "tests" / "speedups_probe.py")],
                          capture_output=True, text=True, env=env, cwd=ROOT, check=True)
    found: dict[str, object] = json.loads(done.stdout)
    return found


def test_compiled_modules_decide_as_pure_python() -> None:
    compiled = _probe(pure=False)
    if not compiled.pop("compiled"):
        if os.environ.get("HEARTS_EXPECT_COMPILED"):
            pytest.fail("the playout's modules are not compiled: python -m hearts.compile")
        pytest.skip("the playout's modules are not compiled (python -m hearts.compile)")
    pure = _probe(pure=True)
    assert pure.pop("compiled") is False
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


def _build(where: Path, names: tuple[str, ...]) -> None:
    for name in names:
        path = where.joinpath(*name.split("."))
        path.parent.mkdir(parents=True, exist_ok=True)
        path.with_name(path.name + SUFFIX).write_bytes(b"")


def test_a_build_is_used_only_when_every_module_is_there(tmp_path: Path) -> None:
    _build(tmp_path, speedups.MODULES[:1])
    assert speedups.extensions(tmp_path) == {}
    _build(tmp_path, (*speedups.MODULES, f"{speedups.GROUP}__mypyc"))
    assert set(speedups.extensions(tmp_path)) == {*speedups.MODULES,
                                                   f"{speedups.GROUP}__mypyc"}


def _without_finder(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    monkeypatch.setattr(sys, "meta_path", [finder for finder in sys.meta_path
                                           if not isinstance(finder, speedups._Finder)])
    monkeypatch.setattr(speedups, "folder", lambda digest=None: folder)
    monkeypatch.delenv(speedups.PURE_ENV, raising=False)


def test_install_serves_only_the_build_of_this_source(tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    _without_finder(monkeypatch, tmp_path / "missing")
    assert not speedups.install()
    assert not any(isinstance(f, speedups._Finder) for f in sys.meta_path)

    _build(tmp_path, (*speedups.MODULES, f"{speedups.GROUP}__mypyc"))
    _without_finder(monkeypatch, tmp_path)
    monkeypatch.setenv(speedups.PURE_ENV, "1")
    assert not speedups.install()

    monkeypatch.delenv(speedups.PURE_ENV)
    assert speedups.install()
    finder = sys.meta_path[0]
    assert isinstance(finder, speedups._Finder)
    spec = finder.find_spec("hearts.ai.playout", None)
    assert spec is not None and spec.origin == str(tmp_path / "hearts" / "ai" /
                                                   f"playout{SUFFIX}")
    assert finder.find_spec("hearts.ai.search", None) is None
