"""Our two games as OpenSpiel games (``pyspiel`` Python games), for OpenSpiel's algorithms and
checks. Importing this package needs ``open-spiel`` (a test and benchmark
dependency, not the exhibit's) and registers both games by name::

    import pyspiel
    import canal_heritage.openspiel  # registers the games
    game = pyspiel.load_game("canal_heritage_arriala", {"players": 2})
    game = pyspiel.load_game("canal_heritage_midi", {"players": 3})

The adapters add nothing to the rules: every legal action, every move and every score comes
from our engines; chance is explicit (the deal, the first player, each card drawn: see each module), and what a
player sees — information-state strings, observation strings and tensors — is built from that
player's :meth:`observation`, never from hidden state.
"""

from __future__ import annotations

from .arriala import ARRIALA_GAME_TYPE, ArrialaSpielGame, ArrialaSpielState
from .midi import MIDI_GAME_TYPE, MidiSpielGame, MidiSpielState

__all__ = ["ARRIALA_GAME_TYPE", "MIDI_GAME_TYPE", "ArrialaSpielGame", "ArrialaSpielState", "MidiSpielGame",
           "MidiSpielState"]
