"""Arriala positions as plain data, for lessons, tests, puzzles and saved positions.

:func:`state_from_dict` builds any legal position and refuses anything else with a
:class:`~canal_heritage.core.errors.PositionError` that names the field and the problem.
:func:`state_to_dict` (``ArrialaState.to_dict()``) writes the format::

    {
      "format": "canal-heritage/arriala-position", "version": 2,
      "players": 2,                       # 2..4
      "game": null,                       # or balance-study overrides, as in a saved game:
                                          # {"cells": [...] | null, "lock_max": ..., "table": ..., "deck": ...}
                                          # and "edition": 1 for a game begun under edition 1 (A-R19);
                                          # no edition: the current one. A version 1 position (written
                                          # before editions were) is edition 1 unless it says otherwise.
      "phase": "play",                    # play | end
      "end_reason": null,                 # end only: last_section | stalled_quiet | stalled_rounds
      "round": 4,                         # 1 .. 60 (A-R10)
      "first": 0,                         # the first player's seat (A-R9, A-R17)
      "current": 1,                       # the seat whose turn it is
      "ap": 3,                            # its action points left (1..5 while playing)
      "quiet": 1,                         # quiet rounds in a row so far (A-R10, A-R17)
      "scored_this_round": false,         # has a section scored in this round yet?
      "workers": [                        # per owner, per worker slot: where it is
        ["montech-castelsarrasin:3", "chasselas", "blue-castelsarrasin-moissac", "reserve", "reserve"],
        ["moissac", "castelsarrasin-moissac:2", "reserve", "reserve", "reserve"],
        ["montech", "castelsarrasin", "moissac", "valence-d-agen"]   # 2 players: the virtual player
      ],
      "locks": ["montech-castelsarrasin:6"],
      "closed": ["castelsarrasin-moissac:1", "castelsarrasin-moissac:2", ...],
      "works": {"pont-canal-cacor": 1},   # engineering works built -> seat
      "hands": [["jump", "move-2"], ["lock"]],   # card kind ids per seat
      "deck": ["move-3", "lock", ...],    # face down, top first
      "discard": ["move-2", ...],
      "scores": [5, 4, 0],                # per owner (virtual player last)
      "score_lines": [[{"kind": "river_work", "place": "blue-castelsarrasin-moissac",
                        "points": 3, "detail": {"kind": "mill"}}, ...], ...],   # optional
      "moved": {"w1": "montech-castelsarrasin:2"},   # workers moved this turn -> where they
                                                     # stood when the turn began (A-R2, A-R14)
      "previous_turn": {"w7": "chasselas"}           # the same for the previous player's turn:
                                                     # what may not be undone now (A-R3)
    }

Places are ``"reserve"``, a cell id (:meth:`Board.cell_id <.board.Board.cell_id>`: a town id
or ``<stretch>:<k>``), a vineyard id or a blue-cell id. Worker ``wN`` is slot ``N % 5`` of
owner ``N // 5`` (the text form of :mod:`.actions`). Each seat has 5 workers; the virtual
player of a 2-player game has one per town in play (A-R8, A-R13), never in reserve nor on a
blue cell. ``closed`` lists closed cells, whole sections that have scored (A-R4). Cards are
listed by kind id; hands and the discard in any order, the deck from the top.

``score_lines`` may be left out (or null): the lines are then rebuilt from the board (river
works and engineering works) plus one line of kind ``earlier`` holding the rest of each
score. Given, each owner's lines must add up to its score.

Derived, not stored: locks left, locks per stretch, vineyard counts, the winners of a
finished game (A-R18). A position has no history: it cannot be saved as a game record. A
game built with its own content (``ArrialaGame(data=...)``) writes ``"game": null``: pass it
back as ``state_from_dict(..., game=game)``.

Checked: the shape and names of everything; 5 workers a seat (the virtual player: one per
town); at most one worker on a plain cell and none on a lock; vineyard capacities; one
river work per blue cell; locks on plain cells within each stretch's maximum and the 8
pawns; closed cells are whole sections; no open section is full (it would have scored,
A-R6); an open section remains while playing and none after ``last_section``; the cards
are exactly the game's deck; scores against their lines and the board: each line names
a lock, river work, engineering work or closed section on the board (once) and carries its
points, vineyards at the end go to their majority, and no score exceeds what the board can
have given (the virtual player: sections and vineyards only, A-R8); ``moved`` and
``previous_turn`` against where the workers are (A-R2, A-R3) and against the action points
a move costs (A-R14: one move a worker, nothing moved with all 5 AP left, a turn's moves
within 5 AP, a river work with one's own worker); the round, quiet count, the
``scored_this_round`` flag and end reason against each other and against the closed
sections (A-R10, A-R15, A-R17).
"""

from __future__ import annotations

from typing import Any

from .position_format import END_REASONS, FORMAT, LINE_KINDS, VERSION, VERSIONS, line_to_dict, state_to_dict
from .state import ArrialaGame, ArrialaState

__all__ = ["END_REASONS", "FORMAT", "LINE_KINDS", "VERSION", "VERSIONS", "line_to_dict", "state_from_dict",
           "state_to_dict"]


def state_from_dict(data: dict[str, Any], *, game: ArrialaGame | None = None, seed: int = 0,
                    log: bool = True) -> ArrialaState:
    """Build the position ``data`` describes (format in the module docstring):
    :meth:`ArrialaState.from_dict <.state.ArrialaState.from_dict>`.

    Args:
        data: the plain position.
        game: the game it belongs to (default: built from ``players`` and ``game``).
        seed: not used: the rules draw no chance after set-up (kept so older calls still work).
        log: start an event log with an ``arriala.position`` event (hands private).

    Raises:
        PositionError: the data is malformed or the position could not arise in play.
    """
    return ArrialaState.from_dict(data, game=game, seed=seed, log=log)
