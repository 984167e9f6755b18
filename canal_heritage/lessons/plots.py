"""Static matplotlib figures for notebooks, without pyplot: the same picture on every run
(no global state, no window), shown as PNG when a cell ends with it."""

from __future__ import annotations

from io import BytesIO
from typing import Any


def new_figure(width: float = 8.0, height: float = 4.5) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


class FigureView:
    """A matplotlib figure that shows itself in a notebook (``_repr_png_``)."""

    def __init__(self, figure: Any, text: str = "") -> None:
        self.figure = figure
        self.text = text

    def png(self) -> bytes:
        buf = BytesIO()
        self.figure.savefig(buf, format="png", metadata={"Software": None})
        return buf.getvalue()

    def _repr_png_(self) -> bytes:
        return self.png()

    def save(self, path: str) -> None:
        """Save the figure (PNG, SVG or PDF, from the file name)."""
        self.figure.savefig(path)

    def __repr__(self) -> str:
        return self.text or "<figure>"
