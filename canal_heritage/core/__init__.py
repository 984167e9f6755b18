"""What both games share: the Game / State / Observation protocol and the outcome of a game
(:mod:`.game`), errors (:mod:`.errors`), the event log (:mod:`.events`), a bot's move
(:mod:`.bots`), the saved-game frame (:mod:`.records`), the narrator's basics
(:mod:`.narration`), the simulation driver (:mod:`.simulate`) and chance (:mod:`.chance`: the deals'
shuffle, a generator's copy).

Neither game imports the other; both import this package.
"""

from .bots import Bot, BotMove
from .errors import CanalHeritageError, DataError, IllegalActionError, PositionError, RecordError
from .events import Event
from .game import Game, Observation, Outcome, Ranking, State, Termination

__all__ = [
    "Bot", "BotMove", "CanalHeritageError", "DataError", "Event", "Game", "IllegalActionError", "Observation",
    "Outcome", "PositionError", "Ranking", "RecordError", "State", "Termination",
]
