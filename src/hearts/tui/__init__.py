"""The Hearts table in the terminal, built with Textual."""

from __future__ import annotations

__all__: list[str] = []
