"""Small pieces the lesson widgets share: telling the log in words, HTML tables."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any


class Storyteller:
    """Tells, in words, what happened in a game since it last spoke.

    Works for both games: give the state and the game's narrator
    (:class:`canal_heritage.midi.narration.Narrator` or
    :class:`canal_heritage.arriala.narration.Narrator`). ``viewer`` is the seat reading
    (private details as that seat saw them); ``None`` tells everything, as a teacher sees it.

    >>> from canal_heritage.midi import MidiGame
    >>> from canal_heritage.midi.narration import Narrator
    >>> state = MidiGame(2).new_initial_state(seed=1)
    >>> story = Storyteller(state, Narrator("en", state.game), viewer=0)
    >>> len(story.news()) >= 2 and story.news() == []
    True
    """

    def __init__(self, state: Any, narrator: Any, viewer: int | None = None) -> None:
        self.state = state
        self.narrator = narrator
        self.viewer = viewer
        self.told = 0

    def news(self) -> list[str]:
        """The sentences not told yet (and marks them told)."""
        events = self.state.log(self.viewer)
        lines = [self.narrator.event(e) for e in events[self.told:]]
        self.told = len(events)
        return lines

    def tell(self) -> None:
        """Print the news, one sentence a line."""
        for line in self.news():
            print(line)


class Told(list[str]):
    """Sentences told by the engine, one a line: shown as plain lines in a notebook (not as a
    Python list), and still a list to loop over."""

    def __repr__(self) -> str:
        return "\n".join(self)

    def _repr_pretty_(self, p: Any, cycle: bool) -> None:
        p.text(repr(self))


def table_html(headers: Sequence[str], rows: Sequence[Sequence[Any]], *, caption: str | None = None,
               bold_last: bool = False) -> str:
    """A plain HTML table (every cell escaped), readable on a projector."""
    th = "".join(f'<th style="text-align:left;padding:2px 8px;border-bottom:2px solid #555">{html.escape(str(h))}</th>'
                 for h in headers)
    body = []
    for i, row in enumerate(rows):
        weight = "font-weight:bold;" if bold_last and i == len(rows) - 1 else ""
        style = f"text-align:left;padding:2px 8px;border-bottom:1px solid #ddd;{weight}"
        tds = "".join(f'<td style="{style}">{html.escape(str(c))}</td>' for c in row)
        body.append(f"<tr>{tds}</tr>")
    cap = (f'<caption style="text-align:left;font-weight:bold;padding:4px 0">{html.escape(caption)}</caption>'
           if caption else "")
    return (f'<table style="border-collapse:collapse;margin:6px 0">{cap}<thead><tr>{th}</tr></thead>'
            f'<tbody>{"".join(body)}</tbody></table>')


class HTMLBlock:
    """Some HTML that shows itself in a notebook (and as text elsewhere)."""

    def __init__(self, markup: str, text: str = "") -> None:
        self.markup = markup
        self.text = text

    def _repr_html_(self) -> str:
        return self.markup

    def __repr__(self) -> str:
        return self.text or self.markup


def bullet_html(lines: Sequence[str], *, muted: Sequence[bool] | None = None) -> str:
    items = []
    for i, line in enumerate(lines):
        style = ' style="color:#555;font-style:italic"' if muted and muted[i] else ""
        items.append(f"<li{style}>{html.escape(line)}</li>")
    return f'<ul style="margin:2px 0 2px 1em;padding-left:1em">{"".join(items)}</ul>'


def display_widget(widget: Any, fallback_html: str) -> None:
    """Show an ipywidget in a notebook with a picture of it as plain HTML in the same output:
    JupyterLab shows the live widget; a notebook exported or printed without its widgets
    keeps the HTML instead of a blank space."""
    from IPython.display import display

    bundle = widget._repr_mimebundle_()
    if isinstance(bundle, tuple):  # (data, metadata)
        bundle = bundle[0]
    data = dict(bundle or {})
    data["text/html"] = fallback_html
    display(data, raw=True)
