"""The engine imports without Textual (or anything outside the standard library)."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys

import pytest

from hearts import speedups
from hearts.speedups import GROUP

ENGINE = ["hearts", "hearts.cards", "hearts.core", "hearts.rules", "hearts.hand",
          "hearts.match", "hearts.view"]
OPTIONAL = ["hearts.ai", "hearts.options", "hearts.arena"]


def present(name: str) -> bool:
    try:
        return importlib.util.find_spec(name) is not None
    except ModuleNotFoundError:
        return False


def fresh_import(modules: list[str]) -> dict[str, list[str]]:
    """Import ``modules`` in a new interpreter; report what got loaded."""
    code = (
        "import json, sys\n"
        "before = set(sys.modules)\n"
        f"for name in {modules!r}:\n"
        "    __import__(name)\n"
        "new = sorted(set(sys.modules) - before)\n"
        "print(json.dumps({'all': sorted(sys.modules), 'new': new}))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, timeout=60)
    loaded: dict[str, list[str]] = json.loads(result.stdout)
    return loaded


def test_the_engine_imports_without_textual() -> None:
    loaded = fresh_import(ENGINE + [name for name in OPTIONAL if present(name)])
    assert not [m for m in loaded["all"] if m == "textual" or m.startswith("textual.")]
    assert "hearts.tui" not in loaded["all"]


@pytest.mark.parametrize("module", ENGINE)
def test_each_engine_module_needs_only_the_standard_library(module: str) -> None:
    loaded = fresh_import([module])
    # The library's own compiled modules share one extension module outside the package.
    outside = [name for name in loaded["new"]
               if name.split(".")[0] not in sys.stdlib_module_names
               and name.split(".")[0] != "hearts" and name != f"{GROUP}__mypyc"]
    assert outside == []


def test_public_api_is_importable_from_hearts() -> None:
    import hearts

    names = ["Card", "Suit", "Seat", "CardSet", "Rules", "Scoring", "Passing",
             "PassDirection", "Phase", "Hand", "Match", "PlayerView", "IllegalMove", "RuleSet"]
    for name in names:
        assert hasattr(hearts, name), name
        assert name in hearts.__all__


def test_the_table_keeps_the_rules_flow_only_and_imports_no_store() -> None:
    loaded = fresh_import(["hearts.table"])
    assert not [m for m in loaded["all"] if m == "hearts.store" or m.startswith("hearts.store.")]
    assert "sqlite3" not in loaded["all"]


def test_the_table_loads_no_computer_player_until_one_is_asked_for() -> None:
    loaded = fresh_import(["hearts.table"])
    players = {"hearts.ai.players", "hearts.ai.search", "hearts.ai.hint", "hearts.ai.playmodel",
               "hearts.ai.moonmodel", "hearts.ai.passsearch"}
    assert players.isdisjoint(loaded["all"])
    asked = fresh_import(["hearts.table", "hearts.ai"])
    assert "hearts.ai.players" not in asked["all"]


def test_the_table_names_its_levels_without_importing_hearts_ai() -> None:
    """The levels the table's requests, seats and notices name live in hearts.levels:
    importing hearts.table loads nothing of hearts.ai beyond what importing hearts
    itself does (nothing, when the compiled modules are in use)."""
    def computer_side(loaded: dict[str, list[str]]) -> set[str]:
        return {m for m in loaded["all"] if m == "hearts.ai" or m.startswith("hearts.ai.")}

    engine = fresh_import(["hearts"])
    table = fresh_import(["hearts.table"])
    assert computer_side(table) == computer_side(engine)
    if speedups.status().compiled:
        assert computer_side(table) == set()


def test_make_player_is_still_one_import_away() -> None:
    from hearts.ai import Level, make_player

    assert make_player(Level.BEGINNER, 1) is not None
