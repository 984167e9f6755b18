"""Saved Arriala games: the configuration, the seed and the decisions (A-R12).

A record is versioned JSON::

    {"format": "canal-heritage/arriala-game", "version": 1,
     "players": 3, "seed": 42, "first": 1,      # first: the first player's seat (A-R9)
     "cells": null,                             # or cells per stretch, 4 numbers (balance study)
     "lock_max": null,                          # or the lock maximum per stretch, 4 numbers
     "table": null,                             # or points for sections of 1..10 workers
     "deck": null,                              # or how many cards of each kind, deck.json order
     "edition": 2,                              # the rulings' edition (A-R19); absent: 1
     "seats": ["Ana", "expert", "heuristic"],   # optional labels, not used by the rules
     "decisions": ["move w7 montech-castelsarrasin:3", "draw", "end", ...],
     "result": [21, 14, 9]}                     # optional: final scores, checked on load

``decisions`` are the text form of :mod:`.actions` (``to_text`` / ``from_text``). ``first``
is always written, so a game whose first player was drawn from the seed replays the same.
``result`` lists every owner's final score: with two players the virtual player (A-R8)
comes third. ``cells`` and ``lock_max`` list the four stretches in canal order even with
two players, where the first one is out of play (its numbers are then the data's).
``edition`` is the edition of the project's rulings the game was played under
(:data:`~.state.EDITION`, ruling A-R19): records saved before it existed have none and replay
under edition 1, where a tie of every player counted as last for an engineering work (A-R7).

:func:`load_record` validates the record, replays every decision and returns the state;
anything corrupt or inconsistent (unknown version, bad field, a decision that is no
Arriala action or is not legal where it stands, a result that does not match) raises
:class:`~canal_heritage.core.errors.RecordError` saying where and why. A failed load returns
nothing and changes nothing.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import RecordError
from ..core.records import (
    bad_record,
    check_decisions,
    check_frame,
    check_result,
    check_seats,
    is_whole,
    read_record_source,
    replay_decisions,
)
from .position_format import OVERRIDES, game_overrides
from .rules import EDITION, EDITIONS
from .state import ArrialaGame, ArrialaState, make_game

FORMAT = "canal-heritage/arriala-game"
VERSION = 1
@dataclass
class GameRecord:
    """Everything needed to replay a game exactly (A-R12)."""

    players: int
    seed: int
    first: int | None = None
    cells: list[int] | None = None
    lock_max: list[int] | None = None
    table: list[int] | None = None
    deck: list[int] | None = None
    seats: list[str] | None = None
    decisions: list[str] = field(default_factory=list)
    result: list[int] | None = None
    edition: int = EDITION  #: the rulings' edition the game is played under (A-R19)

    def overrides(self) -> dict[str, list[int] | None]:
        return {"cells": self.cells, "lock_max": self.lock_max, "table": self.table, "deck": self.deck}

    def game(self) -> ArrialaGame:
        return make_game(self.players, {**self.overrides(), "edition": self.edition})

    def to_json(self) -> dict[str, Any]:
        # "edition" absent means 1 (A-R19): a record from before editions is saved again unchanged
        edition = {} if self.edition == 1 else {"edition": self.edition}
        return {"format": FORMAT, "version": VERSION, "players": self.players, "seed": self.seed,
                "first": self.first, **self.overrides(), **edition, "seats": self.seats,
                "decisions": list(self.decisions), "result": self.result}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)


def record_of(state: ArrialaState, *, seats: list[str] | None = None) -> GameRecord:
    """The record of a game played from ``ArrialaGame.new_initial_state(seed, ...)``.

    Raises:
        RecordError: the state was built from a position (save the position instead,
            ``state.to_dict()``), or its game uses content other than ``data/arriala/``.
    """
    if not state.dealt or state.seed is None:
        raise RecordError("this game was set up from a position, not dealt from a seed: "
                          "save the position instead (state.to_dict())")
    game = state.game
    return GameRecord(
        players=game.players, seed=state.seed, first=state.first, **game_overrides(game), seats=seats,
        decisions=[game.action_to_text(a) for a in state.history],
        result=list(state.points) if state.is_terminal() else None, edition=game.edition,
    )


def save_record(state: ArrialaState, path: str | Path, **kw: Any) -> GameRecord:
    """Write :func:`record_of` ``(state, **kw)`` to ``path`` as JSON and return it."""
    rec = record_of(state, **kw)
    Path(path).write_text(rec.dumps(), encoding="utf-8")
    return rec


_bad = bad_record


def parse_record(data: Any) -> GameRecord:
    """Validate the JSON structure of a record (no replay)."""
    check_frame(data, fmt=FORMAT, version=VERSION, game_name="an Arriala game",
                known={"first", "edition", *OVERRIDES})
    players = data["players"]
    first = data.get("first")
    if first is not None and (not is_whole(first) or not 0 <= first < players):
        raise _bad(f"first must be null or a seat from 0 to {players - 1}, got {first!r}")
    overrides: dict[str, list[int] | None] = {}
    for name, length in OVERRIDES.items():
        x = data.get(name)
        if x is not None and (not isinstance(x, list) or (length is not None and len(x) != length)
                              or any(not is_whole(v) or v < 0 for v in x)):
            raise _bad(f"{name} must be null or " + (f"{length} " if length else "a list of ")
                       + "whole numbers ≥ 0")
        overrides[name] = x
    edition = data.get("edition", 1)  # a record from before editions were written: edition 1 (A-R19)
    if edition not in EDITIONS or not is_whole(edition):
        raise _bad(f"edition must be one of {', '.join(map(str, EDITIONS))}, got {edition!r}")
    owners = players + (1 if players == 2 else 0)
    result = check_result(data, owners, " (the two players, then the virtual player)" if players == 2 else "")
    return GameRecord(players, data["seed"], first, overrides["cells"], overrides["lock_max"], overrides["table"],
                      overrides["deck"], check_seats(data, players), check_decisions(data), result, edition)


def replay(record: GameRecord, *, log: bool = True) -> ArrialaState:
    """Replay a record; every decision must be an action legal where it stands (A-R12)."""
    try:
        game = record.game()
    except ValueError as exc:
        raise _bad(str(exc)) from None
    state = game.new_initial_state(record.seed, first=record.first, log=log)
    return replay_decisions(state, game, record.decisions, record.result, game_name="an Arriala")


def load_record(source: str | Path | dict[str, Any], *, log: bool = True) -> ArrialaState:
    """Load a saved game (a path, a JSON text or parsed data) and replay it."""
    data = read_record_source(source)
    return replay(parse_record(data), log=log)
