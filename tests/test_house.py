"""The house drawing of the code: the packages stand in layers, each importing
only from its own layer and those below it (even inside a function), and no
module is part of an import circle. docs/development.md draws the same."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import hearts

SRC = Path(hearts.__file__).parent

ENGINE = {"hearts", "cards", "core", "speedups", "distribution", "rules", "view", "hand",
          "hand_record", "match", "duplicate", "protocol", "records", "seeds", "levels",
          "words", "paths", "compile", "failures"}
"""The engine and its small neighbours: the standard library under them."""

LAYERS: list[set[str]] = [
    ENGINE, {"ai"}, {"options", "store", "arena"}, {"daily"}, {"challenge"}, {"verify"},
    {"table"}, {"review", "bot"}, {"bench"}, {"net"}, {"web"}, {"tui", "__main__"}]
"""From the bottom: the part of ``hearts`` each top-level package or module is in."""


def _modules() -> dict[str, Path]:
    found = {}
    for path in SRC.rglob("*.py"):
        parts = ("hearts", *path.relative_to(SRC).with_suffix("").parts)
        found[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    return found


MODULES = _modules()


def _imports(path: Path, everywhere: bool) -> set[str]:
    """The modules of hearts that ``path`` imports: at its top level (outside
    ``if`` blocks: ``TYPE_CHECKING``), or ``everywhere`` (inside functions too)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    nodes = ast.walk(tree) if everywhere else iter(tree.body)
    found = set()
    for node in nodes:
        if isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            for alias in node.names:
                whole = f"{node.module}.{alias.name}"
                found.add(whole if whole in MODULES else node.module)
        elif isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
    return {name for name in found if name in MODULES}


def _part(module: str) -> str:
    names = module.split(".")
    return names[1] if len(names) > 1 else "hearts"


def _rank(module: str) -> int:
    part = _part(module)
    return next(index for index, layer in enumerate(LAYERS) if part in layer)


def test_every_part_of_hearts_has_a_layer() -> None:
    placed = set().union(*LAYERS)
    assert {_part(module) for module in MODULES} <= placed


def test_no_import_points_up() -> None:
    upward = sorted(f"{module} imports {name}"
                    for module, path in MODULES.items()
                    for name in _imports(path, everywhere=True)
                    if _rank(name) > _rank(module))
    assert upward == []


def _circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for other in graph[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in on_stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            group = []
            while True:
                other = stack.pop()
                on_stack.discard(other)
                group.append(other)
                if other == node:
                    break
            if len(group) > 1:
                found.append(sorted(group))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(graph)))
    try:
        for node in graph:
            if node not in index:
                visit(node)
    finally:
        sys.setrecursionlimit(limit)
    return found


def test_no_module_is_in_an_import_circle() -> None:
    graph = {module: _imports(path, everywhere=False) for module, path in MODULES.items()}
    assert _circles(graph) == []


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _circles(graph) == [["a", "b", "c"]]
