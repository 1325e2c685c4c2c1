"""hearts.net's folders stand in layers: each part imports only from itself and
the parts below it, so that a newcomer can read it from the bottom up."""

from __future__ import annotations

import ast
from pathlib import Path

import hearts.net

NET = Path(hearts.net.__file__).parent

LAYERS = ["clock", "wire", "admission", "tables", "session", "server", "host",
          "scripted", "bench", "thinkbench"]
"""From the bottom: a module may import from its own part and those before it."""


def _part(path: Path) -> str:
    relative = path.relative_to(NET)
    return relative.parts[0] if len(relative.parts) > 1 else relative.stem


def _imported_parts(path: Path) -> set[str]:
    parts = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module is not None:
            names = [node.module]
            if node.module == "hearts.net":
                names = [f"hearts.net.{alias.name}" for alias in node.names]
        elif isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        else:
            continue
        parts |= {name.split(".")[2] for name in names if name.startswith("hearts.net.")}
    return parts


def test_every_module_of_the_server_has_a_layer() -> None:
    modules = [p for p in NET.rglob("*.py") if p.name != "__init__.py" or p.parent != NET]
    assert {_part(p) for p in modules} <= set(LAYERS)


def test_no_part_of_the_server_imports_one_above_it() -> None:
    upward = []
    for path in sorted(NET.rglob("*.py")):
        if path == NET / "__init__.py":
            continue
        rank = LAYERS.index(_part(path))
        upward += [f"{path.relative_to(NET)} imports {part}"
                   for part in sorted(_imported_parts(path)) if LAYERS.index(part) > rank]
    assert upward == []


def test_the_layers_check_finds_an_upward_import(tmp_path: Path) -> None:
    module = tmp_path / "probe.py"
    module.write_text("from hearts.net.host.cli import main\nimport hearts.net.clock\n")
    assert _imported_parts(module) == {"host", "clock"}
