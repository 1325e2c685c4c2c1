"""What made a review: the reviewer's code, the depth and the seed.

A review is a pure function of the hand, the code that measures and judges it,
the depth and the seed. Kept reviews carry this fingerprint, so after an upgrade
a review made by other code is made again when it is shown, and the statistics
never mix reviews of two versions of the reviewer.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import NamedTuple

import hearts
from hearts.speedups import digest_files

__all__ = ["Reviewer", "reviewer_code"]

_ROOT = Path(hearts.__file__).parent
_REVIEW_FILES = ("evaluate.py", "verdict.py")
"""The review's modules that measure and judge (the others only carry or show
their results)."""


@cache
def reviewer_code() -> str:
    """A digest of the source the figures and verdicts come from: the engine's
    modules, every module of ``hearts.ai`` (the review plays with the Expert's
    judgement and deals as it does) and the review's measuring and judging
    modules. Read once a process."""
    files = sorted([*_ROOT.glob("*.py"), *(_ROOT / "ai").glob("*.py"),
                    *(_ROOT / "review" / name for name in _REVIEW_FILES)])
    return digest_files((file.relative_to(_ROOT).as_posix(), file) for file in files)


class Reviewer(NamedTuple):
    """The fingerprint of a review: what made it."""

    code: str
    """:func:`reviewer_code` of the code that made it."""
    depth: int
    """Sampled deals a choice."""
    seed: int
    """The review's seed."""

    @classmethod
    def now(cls, depth: int, seed: int) -> Reviewer:
        """This code's fingerprint at ``depth`` and ``seed``."""
        return cls(reviewer_code(), depth, seed)

    @classmethod
    def of(cls, document: object) -> Reviewer | None:
        """The fingerprint a review's JSON carries (its ``code``, ``depth`` and
        ``seed``), or None when it carries none (a review of an earlier version)."""
        if not isinstance(document, dict):
            return None
        code, depth, seed = (document.get(name) for name in ("code", "depth", "seed"))
        if not isinstance(code, str) or type(depth) is not int or type(seed) is not int:
            return None
        return cls(code, depth, seed)
