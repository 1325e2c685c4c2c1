"""The base of every widget that paints itself on a :class:`~hearts.tui.render.Canvas`:
the table page's and the replay's share its colours, which the stylesheet
(``hearts.tcss``) gives as component classes."""

from __future__ import annotations

from typing import ClassVar

from textual.widget import Widget

from hearts.tui.render import Palette

__all__ = ["Painted"]


class Painted(Widget):
    """A widget painted on a canvas with the stylesheet's colours (the cloth, the
    text on it, black and red card faces, the winning card, a card dimmed)."""

    COMPONENT_CLASSES: ClassVar[set[str]] = {
        "table--cloth", "table--text", "table--black", "table--red", "table--win",
        "table--dim",
    }

    def palette(self) -> Palette:
        """The colours from the stylesheet."""
        return Palette(
            table=self.get_component_rich_style("table--cloth"),
            text=self.get_component_rich_style("table--text"),
            black=self.get_component_rich_style("table--black"),
            red=self.get_component_rich_style("table--red"),
            win=self.get_component_rich_style("table--win"),
            dim=self.get_component_rich_style("table--dim"),
        )
