"""What the tools that report on each of several results files share."""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from hearts.arena.duplicate import DealResult, read_deals

READ_ERRORS = (OSError, ValueError, KeyError, TypeError)
"""What :func:`~hearts.arena.duplicate.read_deals` raises for a file it cannot read."""


def report_each(tool: str, paths: Sequence[Path],
                report: Callable[[dict[int, DealResult]], str]) -> int:
    """Print ``PATH: REPORT`` for each results file in turn and return 0; at the
    first file that cannot be read, say why on standard error (as ``tool``) and
    return 2."""
    for path in paths:
        try:
            deals = read_deals(path)
        except READ_ERRORS as error:
            print(f"{tool}: {error}", file=sys.stderr)
            return 2
        print(f"{path}: {report(deals)}")
    return 0
