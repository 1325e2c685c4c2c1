"""The package installs like any other: a wheel built from this tree, installed into
a fresh environment, gives working commands with no clone on the path."""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from hearts import speedups

ROOT = Path(__file__).resolve().parent.parent
SUFFIX = sysconfig.get_config_var("EXT_SUFFIX")

pytestmark = pytest.mark.slow


def _has_compiler() -> bool:
    compiler = shlex.split(sysconfig.get_config_var("CC") or "cc")
    return bool(compiler) and shutil.which(compiler[0]) is not None


def _wheel(tree: Path, where: Path, **env: str) -> Path:
    """Build the wheel of ``tree`` into ``where`` with this environment's setuptools
    and mypy (the build requirements, installed with the test extra)."""
    run_env = {**os.environ, **env}
    run_env.pop("PYTHONPATH", None)
    done = subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps",
                           "--no-build-isolation", "--wheel-dir", str(where), str(tree)],
                          env=run_env, capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stdout + done.stderr
    (wheel,) = where.glob("terminal_hearts-*.whl")
    return wheel


def _compiled_files() -> set[str]:
    """The files a compiled wheel holds beside the modules' source."""
    names = {f"{'/'.join(name.split('.'))}{SUFFIX}"
             for name in (*speedups.MODULES, speedups.shared_library())}
    return names | {f"hearts/{speedups.DIGEST_FILE}"}


def test_the_wheel_installs_and_plays_without_the_clone(tmp_path: Path) -> None:
    # Built in place, as `make wheel` does: build/ keeps what make compile built.
    wheel = _wheel(ROOT, tmp_path / "dist")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert "hearts/ai/playout.py" in names and "hearts/tui/hearts.tcss" in names
    assert {"hearts/ai/moon_weights.json", "hearts/ai/moon_calibration.json"} <= names
    assert any(name.endswith("licenses/LICENSE") for name in names)
    compiled = _has_compiler()
    if compiled:
        assert _compiled_files() <= names and "-cp3" in wheel.name
    else:
        assert not _compiled_files() & names

    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / "bin" / "python"
    env = {key: value for key, value in os.environ.items()
           if key not in ("PYTHONPATH", speedups.PURE_ENV, "VIRTUAL_ENV")}
    # This environment's pip installs into the new one, with pip's cache and the
    # versions the tests are run with.
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "--quiet",
                    "-c", str(ROOT / "constraints.txt"), str(wheel)],
                   check=True, env=env, capture_output=True)

    def run(*command: str) -> subprocess.CompletedProcess[str]:
        return subprocess.run([str(venv / "bin" / command[0]), *command[1:]], cwd=tmp_path,
                              env=env, capture_output=True, text=True, check=False)

    where = run("python", "-c", "import hearts; print(hearts.__file__, hearts.__version__)")
    assert where.returncode == 0, where.stderr
    assert where.stdout.startswith(str(venv)) and "+source" not in where.stdout
    for command in ("hearts", "hearts-arena", "hearts-bot"):
        done = run(command, "--help")
        assert done.returncode == 0 and done.stdout.startswith(f"usage: {command}"), done.stderr
    match = run("hearts-arena", "match", "club", "casual", "--deals", "1", "--quiet",
                "--results", str(tmp_path / "results"))
    assert match.returncode == 0, match.stderr
    assert "Club (A) against Casual (B)" in match.stdout
    assert len(list((tmp_path / "results").glob("*.jsonl"))) == 1
    status = run("python", "-m", "hearts.compile", "--check")
    assert status.returncode == (0 if compiled else 1), status.stdout + status.stderr
    check = subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "check"],
                           env=env, capture_output=True, text=True, check=False)
    assert check.returncode == 0, check.stdout


def test_a_pure_build_leaves_the_compiled_modules_out(tmp_path: Path) -> None:
    # From a copy of the tree without what was built in it, so that the test beside
    # this one, building in the tree, is not disturbed.
    tree = tmp_path / "tree"
    tree.mkdir()
    for name in ("pyproject.toml", "setup.py", "README.md", "LICENSE"):
        shutil.copy2(ROOT / name, tree / name)
    shutil.copytree(ROOT / "src" / "hearts", tree / "src" / "hearts",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", speedups.DIGEST_FILE))
    wheel = _wheel(tree, tmp_path / "dist", HEARTS_PURE_BUILD="1")
    assert wheel.name.endswith("-py3-none-any.whl")
    with zipfile.ZipFile(wheel) as archive:
        names = set(archive.namelist())
    assert "hearts/ai/playout.py" in names
    # the web client's modules travel with the package (hearts.web.pages serves them)
    assert {"hearts/web/static/js/main.js", "hearts/web/static/js/room.js"} <= names
    assert not any(name.endswith((".so", ".pyd", ".c")) for name in names)
    assert f"hearts/{speedups.DIGEST_FILE}" not in names
