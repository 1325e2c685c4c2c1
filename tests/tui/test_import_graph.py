"""No import circle among the ``hearts.tui`` modules: the pages know the apps
only by :class:`~hearts.tui.seatapp.SeatApp`, never by importing them."""

from __future__ import annotations

import ast
from pathlib import Path

import hearts.tui

TUI = Path(hearts.tui.__file__).parent


def imports_of(path: Path) -> set[str]:
    """The ``hearts.tui`` modules that ``path`` imports anywhere in it (lazy
    imports and ``TYPE_CHECKING`` blocks count too)."""
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module and \
                node.module.startswith("hearts.tui."):
            found.add(node.module.removeprefix("hearts.tui.").split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(alias.name.removeprefix("hearts.tui.").split(".")[0]
                         for alias in node.names if alias.name.startswith("hearts.tui."))
    return found


def test_no_import_circle_among_the_tui_modules() -> None:
    graph = {path.stem: imports_of(path) for path in TUI.glob("*.py")}
    assert graph["table"] and "app" not in graph["table"]  # the graph is read

    def circle_from(start: str) -> list[str] | None:
        stack = [(start, [start])]
        while stack:
            module, path = stack.pop()
            for imported in graph.get(module, ()):
                if imported == start:
                    return [*path, start]
                if imported not in path:
                    stack.append((imported, [*path, imported]))
        return None

    circles = [circle for module in graph if (circle := circle_from(module))]
    assert not circles, circles
