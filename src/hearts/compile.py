"""Say whether the playout's modules run compiled: ``python -m hearts.compile [--check]``.

They are compiled with mypyc when the package is built (see :mod:`hearts.speedups`):
a wheel built where a C compiler is at hand holds them, and in a clone of the
source ``make compile`` builds them in place (``python setup.py build_ext --inplace``).
Nothing is compiled when the game runs.
"""

from __future__ import annotations

import argparse
import sys

from hearts import speedups

__all__ = ["describe", "main"]


def describe() -> str:
    """One line: which modules run how, and why."""
    state = speedups.status()
    how = "compiled (mypyc)" if speedups.compiled() else "pure Python"
    return f"{', '.join(speedups.MODULES)} run as {how}: {state.reason}"


def main(argv: list[str] | None = None) -> int:
    """Print the status; with ``--check`` exit 1 unless the modules run compiled."""
    parser = argparse.ArgumentParser(prog="python -m hearts.compile", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--status", action="store_true",
                        help="say whether the compiled modules are in use (the default)")
    parser.add_argument("--check", action="store_true",
                        help="exit with status 1 unless the compiled modules are in use")
    args = parser.parse_args(argv)
    print(f"hearts.compile: {describe()}")
    return 1 if args.check and not speedups.compiled() else 0


if __name__ == "__main__":
    sys.exit(main())
