"""Arriala (Canal de Garonne): action points and area majorities between Grisolles and
Valence d'Agen. Rules: ``../shared/rules/arriala.md`` (A-R1…A-R12) and ``docs/rulings.md``
(A-R13 onwards).

>>> from canal_heritage.arriala import ArrialaGame
>>> state = ArrialaGame(3).new_initial_state(seed=1)
>>> state.current_player() in (0, 1, 2)
True
"""

from .state import END, PLAY, ArrialaGame, ArrialaState

__all__ = ["ArrialaGame", "ArrialaState", "END", "PLAY"]
