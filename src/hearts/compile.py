"""Compile the playout's modules with mypyc: ``python -m hearts.compile [--status]``.

See :mod:`hearts.speedups` for what is compiled and when it is used. Needs mypy
(the ``fast`` or ``test`` extra) and a C compiler; without them the AI runs as
pure Python, only slower.
"""

from __future__ import annotations

import argparse
import importlib.util
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from hearts.speedups import GROUP, MODULES, PURE_ENV, compiled, extensions, folder, source_digest

__all__ = ["build", "main"]

KEEP = 8
"""How many builds of different sources an environment keeps (other checkouts
sharing the environment may use the recent ones)."""

_SETUP = """\
import sys
from setuptools import setup
from mypyc.build import mypycify
paths, target, group, out, temp = sys.argv[1:6]
setup(name=group, ext_modules=mypycify(paths.split(","), target_dir=target, group_name=group),
      script_args=["-q", "build_ext", "--build-lib", out, "--build-temp", temp])
"""


def build() -> Path:
    """Compile :data:`~hearts.speedups.MODULES` into their folder unless they are
    there already, and return the folder.

    The files are compiled in a temporary folder and renamed into place, so a
    failed or interrupted build leaves nothing half made. Raises
    ``subprocess.CalledProcessError`` when mypyc or the C compiler fails.
    """
    digest = source_digest()
    target = folder(digest)
    if extensions(target):
        return target
    if importlib.util.find_spec("mypyc") is None:
        raise RuntimeError("mypyc is not installed: pip install 'hearts[fast]'")
    target.parent.mkdir(parents=True, exist_ok=True)
    source = Path(__file__).resolve().parent.parent
    paths = ",".join(str(Path(*name.split(".")).with_suffix(".py")) for name in MODULES)
    with tempfile.TemporaryDirectory(dir=target.parent, prefix=".build-") as scratch:
        work = Path(scratch)
        out = work / "out"
        subprocess.run(
            [sys.executable, "-c", _SETUP, paths, str(work / "c"), GROUP, str(out),
             str(work / "temp")],
            cwd=source, check=True, env={**os.environ, PURE_ENV: "1"},
            stdout=subprocess.DEVNULL)
        if not extensions(out):
            raise RuntimeError(f"mypyc left no compiled modules in {out}")
        out.rename(target)
    _forget_old(target.parent)
    return target


def _forget_old(parent: Path, keep: int = KEEP) -> None:
    """Remove all but the ``keep`` newest builds."""
    builds = sorted((p for p in parent.iterdir() if p.is_dir() and not p.name.startswith(".")),
                    key=lambda p: p.stat().st_mtime, reverse=True)
    for old in builds[keep:]:
        shutil.rmtree(old, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    """Build the compiled modules, or with ``--status`` say whether they are in use."""
    parser = argparse.ArgumentParser(prog="python -m hearts.compile", description=__doc__)
    parser.add_argument("--status", action="store_true",
                        help="only say whether the compiled modules are in use")
    args = parser.parse_args(argv)
    if not args.status:
        try:
            where = build()
        except (OSError, RuntimeError, subprocess.CalledProcessError) as error:
            print(f"hearts.compile: not compiled, the AI runs as pure Python ({error})",
                  file=sys.stderr)
            return 1
        print(f"hearts.compile: compiled modules in {where}")
        return 0
    state = "compiled" if compiled() else "pure Python"
    print(f"hearts.compile: {', '.join(MODULES)} run as {state}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
