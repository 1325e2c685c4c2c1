"""The parts of the published JSON Schemas (docs/schema/) that are written from
the code rather than by hand: ``happening.json``, one numbered happening, from
each kind's form in :mod:`hearts.table.happenings` (the schema of a server's
message refers to it for a change's and a state's ``events``).

``python -m hearts.net.wire.schema [FOLDER]`` writes them (FOLDER: ``docs/schema``);
``--check`` says which differ from what would be written, and fails if any does.
The tests hold the published files to :func:`written`.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from hearts.paths import write_atomically
from hearts.table import happenings as hp

__all__ = ["happening_schema", "main", "written"]


def happening_schema() -> dict[str, Any]:
    """``happening.json``: one numbered happening as a change or a state carries it."""
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "happening.json",
        "title": "What happened at a table: one numbered happening (hearts.table.happenings)",
        "description": "docs/network.md, 'What happened'. Written by "
                       "`python -m hearts.net.wire.schema` from each kind's form: "
                       "edit the forms, never this file.",
        **hp.json_schema(),
    }


def written() -> dict[str, str]:
    """Each file written from the code, by name, with its text."""
    return {"happening.json": json.dumps(happening_schema(), indent=1,
                                         ensure_ascii=False) + "\n"}


def main(argv: list[str] | None = None) -> int:
    """Write the schemas written from the code into a folder (or ``--check`` them)."""
    parser = argparse.ArgumentParser(prog="python -m hearts.net.wire.schema",
                                     description=__doc__.split("\n\n")[0])
    parser.add_argument("folder", nargs="?", default="docs/schema", type=Path,
                        help="where the schemas are published (default: docs/schema)")
    parser.add_argument("--check", action="store_true",
                        help="write nothing; fail if a file differs from what would be written")
    args = parser.parse_args(argv)
    if not args.folder.is_dir():
        parser.error(f"{args.folder}: no such folder")
    stale = []
    for name, text in written().items():
        path = args.folder / name
        try:
            same = path.read_text(encoding="utf-8") == text
        except FileNotFoundError:
            same = False
        if same:
            continue
        stale.append(name)
        if not args.check:
            write_atomically(path, [text])
            print(f"wrote {path}")
    if args.check and stale:
        print(f"not as the code writes them: {', '.join(stale)} "
              f"(python -m hearts.net.wire.schema {args.folder})", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
