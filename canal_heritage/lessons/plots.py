"""Static matplotlib figures for notebooks, without pyplot: the same picture on every run
(no global state, no window), shown as PNG when a cell ends with it."""

from __future__ import annotations

from io import BytesIO
from typing import Any


def new_figure(width: float = 8.0, height: float = 4.5) -> Any:
    from matplotlib.figure import Figure

    return Figure(figsize=(width, height), dpi=100, layout="constrained")


def localize_numbers(figure: Any, lang: str) -> None:
    """Write the numbers on every numeric axis of ``figure`` as ``lang`` does (decimal comma
    in French and Occitan; no thousands separator, so years stay 1681)."""
    from matplotlib.ticker import FuncFormatter, ScalarFormatter

    from ..i18n import translator

    tr = translator(lang)
    if tr.number(0.5) == "0.5":
        return  # matplotlib's own numbers are already right
    formatter = FuncFormatter(lambda value, _pos: tr.number(value, "0.###"))
    for ax in figure.axes:
        for axis in (ax.xaxis, ax.yaxis):
            if isinstance(axis.get_major_formatter(), ScalarFormatter):  # not a axis of names
                axis.set_major_formatter(formatter)


class FigureView:
    """A matplotlib figure that shows itself in a notebook (``_repr_png_``); given ``lang``,
    its axes write numbers as that language does."""

    def __init__(self, figure: Any, text: str = "", lang: str | None = None) -> None:
        self.figure = figure
        self.text = text
        if lang is not None:
            localize_numbers(figure, lang)

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
