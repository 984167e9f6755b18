"""Reusable views of the exhibit."""

from __future__ import annotations

import importlib
import pkgutil

__all__ = ["load_components"]


def load_components() -> None:
    """Import every view module, so that each custom component (a ``JSComponent``: the guide,
    the moments, the end screen's scroll…) is defined before a server serves its first page.

    Panel describes a component's type to a page once: in the page's first message when the
    type already exists, else with the first component of that type made, in whichever
    session made it. A type first made while one visitor's page was open stayed unknown to
    every other page open at the time, and drawing it there failed ("could not resolve type
    'EndInView1'"): the teacher's projector never showed the end of a game a student's tablet
    had shown first. A server calls this before it starts (:func:`canal_heritage.serve.make_server`).
    """
    for module in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{module.name}")
