"""``lab/tools/page_flood.py`` floods a real host's pages from one address and
times two people meanwhile: here briefly, to show it measures what it says."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

TOOL = Path(__file__).parents[2] / "lab" / "tools" / "page_flood.py"

pytestmark = pytest.mark.slow


def test_the_flood_is_answered_and_both_people_are_timed() -> None:
    spec = importlib.util.spec_from_file_location("page_flood", TOOL)
    assert spec is not None and spec.loader is not None
    tool = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(tool)
    result = tool.main(["--seconds", "1", "--clients", "2", "--path", "/t/t1/hearts.css"])
    assert result["flood_answers"].get("200", 0) > 0
    assert set(result["flood_answers"]) <= {"200", "429", "error"}
    for figures in ("ann_socket_before", "ann_socket_during", "bob_page_before",
                    "bob_page_during"):
        assert result[figures]["n"] >= 1 and result[figures]["p50"] >= 0.0, figures
