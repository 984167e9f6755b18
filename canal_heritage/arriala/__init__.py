"""Arriala (Canal de Garonne): action points and area majorities between Grisolles and
Valence d'Agen. Rules: ``docs/rules/arriala.md`` (A-R1…A-R12) and ``docs/rulings.md``
(A-R13 onwards).

>>> from canal_heritage.arriala import ArrialaGame
>>> state = ArrialaGame(3).new_initial_state(seed=1)
>>> state.current_player() in (0, 1, 2)
True
"""

from . import actions
from .observation import ArrialaObservation
from .sheet import ScoreSheet
from .state import ArrialaGame, ArrialaState, Phase

__all__ = ["ArrialaGame", "ArrialaObservation", "ArrialaState", "Phase", "ScoreSheet", "actions"]
