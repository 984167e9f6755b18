"""Canal du Midi: the card game of sealed worker bids over nine work sites.

Quick start::

    from canal_heritage.midi import MidiGame, actions

    game = MidiGame(players=3)
    state = game.new_initial_state(seed=42)
    while not state.is_terminal():
        seat = state.current_player()
        obs = state.observation(seat)          # what that seat may know (M-R1)
        state.apply_action(obs.legal_actions[0])
    print(state.score_sheet())                        # breakdown per site (M-R9)

Where each rule lives: steps A-G and rulings M-R1...M-R11 in :mod:`.state` (search for the
ruling id), scoring in :mod:`.scoring`, what a player knows in :mod:`.observation`,
positions as plain data in :mod:`.position`, saved games in :mod:`.record`, bots in
:mod:`.bots`.
"""

from . import actions
from .actions import Action
from .data import MidiData, load_midi_data
from .observation import Observation
from .position import state_from_dict, state_to_dict
from .record import GameRecord, load_record, record_of, save_record
from .scoring import PlayerScore, ScoreSheet, SiteScore
from .state import MidiGame, MidiState, Phase

__all__ = [
    "Action", "GameRecord", "MidiData", "MidiGame", "MidiState", "Observation", "Phase",
    "PlayerScore", "ScoreSheet", "SiteScore", "actions", "load_midi_data", "load_record",
    "record_of", "save_record", "state_from_dict", "state_to_dict",
]
