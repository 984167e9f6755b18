"""The views: Panel components drawn from the matches' parameters, arranged by screen.

- :mod:`.home`: the exhibit's home, the set-up pages, "How to play", the kiosk;
- :mod:`.tables`: a game at the table (the shell both games share, each game's table);
- :mod:`.explorer`: the heritage explorer;
- :mod:`.classroom`: a student's device and the teacher's page;
- here: what every screen uses (the theme, the drawings, the dialog, the choice list,
  navigation, the portraits) and :mod:`.screens`, where each game registers its screens.
"""

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
    for module in pkgutil.walk_packages(__path__, prefix=f"{__name__}."):
        importlib.import_module(module.name)
