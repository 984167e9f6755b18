"""Updating a view in place: components are made once and only what changed is sent.

Both game tables use :class:`InPlace`: an HTML pane per name whose markup is replaced only
when it differs, components rebuilt only when their key changes, containers whose children
are replaced only when the list differs, and widgets whose parameters are set only when
their values differ (one change, a small patch to the browser).

Two things are expensive, beyond the patch itself (measured in
``docs/performance.md``). On the server, a change of *which models* a document holds:
replacing a container's children, or a button's ``description`` (a new tooltip model),
makes Bokeh walk every model of the page again. In the browser, a change of a widget's
``visible`` or ``css_classes`` makes BokehJS lay out the whole page again, once per change.
So a table keeps its components, changes words rather than models, disables rather than
hides, and draws what changes often (choices, palettes, hands) in a
:class:`~canal_heritage.views.choice_list.ChoiceList`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from .theme import html


class InPlace:
    """Mixin: ``self._panes`` (name → HTML pane) and ``self._slots`` (name → (key, component))
    must be dicts set by the subclass's ``__init__``."""

    _panes: dict[str, pn.pane.HTML]
    _slots: dict[str, tuple[Any, Any]]

    def _pane(self, name: str, markup: str | None = None, **kw: Any) -> pn.pane.HTML:
        """The HTML pane of ``name`` (made once); ``markup`` replaces its content only when it differs."""
        pane = self._panes.get(name)
        if pane is None:
            kw.setdefault("sizing_mode", "stretch_width")
            pane = self._panes[name] = html(markup or "", **kw)
        elif markup is not None and pane.object != markup:
            pane.object = markup
        return pane

    def _slot(self, name: str, key: Any, build: Callable[[], Any]) -> Any:
        """The component of ``name``, rebuilt only when ``key`` changes."""
        cached = self._slots.get(name)
        if cached is not None and cached[0] == key:
            return cached[1]
        component = build()
        self._slots[name] = (key, component)
        return component

    @staticmethod
    def _set(container: Any, parts: list[Any]) -> None:
        """Replace a container's children only when the list differs."""
        if [id(x) for x in container.objects] != [id(x) for x in parts]:
            container.objects = parts

    @staticmethod
    def _update(widget: Any, **values: Any) -> None:
        """Set only the parameters whose value differs (one change, a small patch)."""
        changed = {k: v for k, v in values.items() if getattr(widget, k) != v}
        if changed:
            widget.param.update(**changed)
