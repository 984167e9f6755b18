"""Canal du Midi positions as plain data, for lessons, tests and the belief sampler.

:func:`state_from_dict` builds any legal position and refuses anything else with a
:class:`~canal_heritage.core.errors.PositionError` that says what is wrong. The format
(``MidiState.to_dict()`` writes it)::

    {
      "format": "canal-heritage/midi-position", "version": 1,
      "players": 2,              # 2..4
      "round": 3,                # 1..9 (9 once the game is over)
      "lead": 0,                 # seat of this round's lead player (M-R3)
      "phase": "bet",            # draw | bet | reinforce_start | reinforce_join | trade | end
      "queue": [1],              # seats still to decide in this phase, in order
      "sites": {
        "deck": ["V", "II", ...],          # face-down site cards, top first
        "revealed": ["IV", "I", "IX"],     # in the order they were revealed;
                                           # the last one is in play (unless the game is over)
        "built": {"IV": [0], "I": [0, 1]}, # built sites -> seats with a pawn there
        "delayed": [],
        "adjacency": {}                    # end only: delayed site -> seats awarded (M-R8)
      },
      "seats": [                           # one per seat; cards are values 0..6
        {"hand": [4, 3], "face_up": [0, 5, 3], "face_down": [2, 1], "coins": 2,
         "bet": 6, "reinforcement": null},
        ...
      ],
      "discard": [4, 6, 3],
      "spent": 0,                          # coins spent so far (they left the game, M-R5)
      "reinforcers": [],                   # this round, in the order coins were spent
      "bets": null                         # the values revealed this round (after step C)
    }

Derived, not stored: the bank (12 − coins held − coins spent), pawns left (7 − pawns
placed), which city pairs already paid their coin (M-R6: exactly the pairs a player's
pawns connect, since coins are checked after every award).

Card colours are not part of a position: a traded card belongs to its new holder in every
respect (M-R7). The cards in play must still be exactly the players' colour sets.

Checked, besides the shape of everything: the cards each seat holds for the round and
phase; the sites revealed, built and delayed; the queue against the phase (M-R3, M-R4,
M-R12); pawns (7 a seat; a built site without a pawn only once nobody has one left, M-R11);
adjacency awards (M-R8); coins: every seat started with 2, spends at most one a round
(M-R4) and spent coins leave the game (M-R5), and each city pair a seat's pawns connect paid
it one coin while the bank had any (M-R6), so the coins held, ``spent`` and the bank add up
for the round reached; ``reinforcers`` in the order coins were spent (M-R4); during a trade,
``bets`` and the reinforcements drawn must have built the site in play and given it to its
holders (step D), and the seats to trade hold another tent site and have something to trade
(M-R7, M-R12).
"""

from __future__ import annotations

from typing import Any

from .position_format import FORMAT, VERSION, held_now, position_event, state_to_dict
from .state import MidiGame, MidiState

__all__ = ["FORMAT", "VERSION", "held_now", "position_event", "state_from_dict", "state_to_dict"]


def state_from_dict(data: dict[str, Any], *, game: MidiGame | None = None, seed: int = 0,
                    log: bool = True) -> MidiState:
    """Build the position ``data`` describes (:meth:`MidiState.from_dict <.state.MidiState.from_dict>`).
    Chance from here on comes from ``seed``.

    Raises:
        PositionError: the data is malformed or the position could not arise in play.
    """
    return MidiState.from_dict(data, game=game, seed=seed, log=log)
