"""The museum exhibit for ``panel serve apps/exhibit.py`` (the app is
:mod:`canal_heritage.exhibit`; ``canal-heritage serve`` serves it without this file).

Bots think in the package's shared worker processes, as under ``canal-heritage serve``.
"""

import panel as pn

from canal_heritage.exhibit import create_app
from canal_heritage.matches.pool import bot_pool, rebuild
from canal_heritage.views import load_components

load_components()  # before the first page: every page learns every component's type

if __name__.startswith("bokeh_app"):  # run by `panel serve` for each browser session
    pn.extension(notifications=False)
    create_app(executor=bot_pool, on_worker_failure=rebuild).servable()
