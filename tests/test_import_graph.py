"""No import circle in the package: no module imports, when it loads, a module that
imports it back, however long the way round (``hearts.hand`` and
``hearts.hand_record`` once did). Imports inside functions and ``TYPE_CHECKING``
blocks are left out here: they run after both modules have loaded
(``tests/tui/test_import_graph.py`` holds the terminal's modules to every import)."""

from __future__ import annotations

import ast
from pathlib import Path

import hearts

SOURCE = Path(hearts.__file__).parent


def module_names() -> dict[str, Path]:
    """Every module of the package by its dotted name (a package by its own)."""
    names = {}
    for path in SOURCE.rglob("*.py"):
        parts = list(path.relative_to(SOURCE.parent).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names[".".join(parts)] = path
    return names


def loaded_imports(path: Path, modules: dict[str, Path]) -> set[str]:
    """The package's modules that ``path`` imports at its top level (an imported name
    that is a module counts as that module, else as the module it comes from)."""
    found = set()
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module \
                and node.module.split(".")[0] == "hearts":
            for alias in node.names:
                name = f"{node.module}.{alias.name}"
                found.add(name if name in modules else node.module)
        elif isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names
                         if alias.name.split(".")[0] == "hearts")
    return {name for name in found if name in modules}


def test_no_module_imports_itself_back_when_it_loads() -> None:
    modules = module_names()
    graph = {name: loaded_imports(path, modules) - {name} for name, path in modules.items()}
    assert "hearts.hand_record" in graph["hearts.hand"]  # the graph is read
    assert "hearts.hand" not in graph["hearts.hand_record"]

    def circle_from(start: str) -> list[str] | None:
        stack, seen = [(start, [start])], set()
        while stack:
            module, way = stack.pop()
            for imported in graph[module]:
                if imported == start:
                    return [*way, start]
                if imported not in seen:
                    seen.add(imported)
                    stack.append((imported, [*way, imported]))
        return None

    circles = [circle for name in sorted(graph) if (circle := circle_from(name))]
    assert not circles, circles[0]
