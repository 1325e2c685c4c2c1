"""A copy of this checkout's ``src/`` with more modules compiled by mypyc, to count.

The package compiles the modules listed in ``hearts.speedups.MODULES`` (one mypyc
group). This copies ``src/``, ``setup.py`` and ``pyproject.toml`` to ``--out``,
adds ``--modules`` to that copy's list, builds the copy in place with this
interpreter (the venv's mypyc) and says whether the copy imports compiled: then

    .venv/bin/python lab/tools/table_instructions.py --inline --src OUT/src

counts its instructions a card against this checkout's. Nothing in this
checkout changes. A module mypyc cannot take fails here (the build, or the
import of the copy), with its message; a module that builds and imports may
still break what patches or subclasses its classes (the tests say so: run them
with ``PYTHONPATH=OUT/src:.`` from ``OUT``).

    .venv/bin/python lab/tools/compiled_copy.py --out /tmp/copy \\
        --modules hearts.table.projection,hearts.table.reading
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def add_modules(speedups: Path, modules: list[str]) -> None:
    """Add ``modules`` to the ``MODULES`` tuple of the copy's speedups.py."""
    text = speedups.read_text()
    found = re.search(r"^MODULES = \((.*?)^\)", text, re.MULTILINE | re.DOTALL)
    if found is None:
        raise SystemExit(f"no MODULES tuple in {speedups}")
    added = "".join(f'    "{name}",\n' for name in modules if f'"{name}"' not in found[1])
    speedups.write_text(text[:found.end(1)] + added + text[found.end(1):])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, required=True,
                        help="the folder of the copy (made; must not exist)")
    parser.add_argument("--modules", required=True,
                        help="the modules to compile beside the package's, comma-separated")
    args = parser.parse_args()
    out: Path = args.out
    if out.exists():
        raise SystemExit(f"{out} exists: give a new folder")
    shutil.copytree(ROOT / "src", out / "src",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "speedups.digest"))
    for name in ("setup.py", "pyproject.toml"):
        shutil.copy2(ROOT / name, out / name)
    add_modules(out / "src" / "hearts" / "speedups.py", args.modules.split(","))
    subprocess.run([sys.executable, "setup.py", "--quiet", "build_ext", "--inplace"],
                   cwd=out, check=True)
    env = {**os.environ, "PYTHONPATH": str(out / "src")}
    env.pop("HEARTS_PURE_PYTHON", None)
    done = subprocess.run([sys.executable, "-m", "hearts.compile", "--check"], env=env,
                          cwd=out, capture_output=True, text=True)
    print((done.stdout + done.stderr).strip()[-3000:])
    if done.returncode:
        raise SystemExit(f"{out / 'src'} does not run compiled")
    print(f"compiled copy: {out / 'src'}")


if __name__ == "__main__":
    main()
