"""Canal Heritage: the Canal du Midi and Arriala games, with the history of their canals.

Subpackages:

* :mod:`canal_heritage.midi` -- the Canal du Midi card game (engine, bots, records).
"""

__version__ = "0.1.0"
