"""Saved Canal du Midi games: the configuration, the seed and the decisions (M-R10).

A record is versioned JSON::

    {"format": "canal-heritage/midi-game", "version": 1,
     "players": 3, "seed": 42, "lead": null,
     "thresholds": null,                     # or the 9 thresholds used (balance lab)
     "values": null,                         # or the 9 scoring values used
     "seats": ["Ana", "expert", "heuristic"], # optional labels, not used by the rules
     "decisions": ["draw up 4", "bet 6", "reinforce no", ...],
     "result": [21, 14, 9]}                   # optional: final totals, checked on load

:func:`load_record` validates the record, replays every decision and returns the state;
anything corrupt or inconsistent (unknown version, bad field, a decision that is not
legal where it stands, a result that does not match) raises
:class:`~canal_heritage.core.errors.RecordError` saying where.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..core.errors import IllegalActionError, RecordError
from ..core.records import bad_record, read_record_source
from . import actions as A
from .state import MidiGame, MidiState

FORMAT = "canal-heritage/midi-game"
VERSION = 1


@dataclass
class GameRecord:
    """Everything needed to replay a game exactly."""

    players: int
    seed: int
    first: int | None = None  #: the first player (M-R3); saved as ``"lead"``
    thresholds: list[int] | None = None
    values: list[int] | None = None
    seats: list[str] | None = None
    decisions: list[str] = field(default_factory=list)
    result: list[int] | None = None

    def game(self) -> MidiGame:
        return MidiGame(self.players, thresholds=self.thresholds, values=self.values)

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "players": self.players, "seed": self.seed,
                "lead": self.first, "thresholds": self.thresholds, "values": self.values, "seats": self.seats,
                "decisions": list(self.decisions), "result": self.result}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)


def record_of(state: MidiState, *, seats: list[str] | None = None) -> GameRecord:
    """The record of a game played from ``MidiGame.new_initial_state(seed, first=...)``."""
    if not state.dealt or state.seed is None:
        raise RecordError("this game was set up from a position, not dealt from a seed: "
                          "save the position instead (state.to_dict())")
    thresholds = list(state.game.threshold)
    values = list(state.game.value)
    default = [s.threshold(state.n) for s in state.game.sites]
    return GameRecord(
        players=state.n, seed=state.seed, first=state.first,
        thresholds=None if thresholds == default else thresholds,
        values=None if values == [s.value for s in state.game.sites] else values, seats=seats,
        decisions=[A.to_text(a) for a in state.history],
        result=state.totals() if state.is_terminal() else None,
    )


def save_record(state: MidiState, path: str | Path, **kw: Any) -> GameRecord:
    rec = record_of(state, **kw)
    Path(path).write_text(rec.dumps(), encoding="utf-8")
    return rec


_bad = bad_record


def parse_record(data: Any) -> GameRecord:
    """Validate the JSON structure of a record (no replay)."""
    if not isinstance(data, dict):
        raise _bad("expected a JSON object")
    if data.get("format") != FORMAT:
        raise _bad(f"it is not a Canal du Midi game (format {data.get('format')!r})")
    if data.get("version") != VERSION:
        raise _bad(f"it was saved in version {data.get('version')!r}; this program reads version {VERSION}")
    known = {"format", "version", "players", "seed", "lead", "thresholds", "values", "seats", "decisions", "result"}
    extra = set(data) - known
    if extra:
        raise _bad(f"unknown fields {sorted(extra)}")

    def whole(name: str, lo: int | None = None, hi: int | None = None, optional: bool = False) -> int | None:
        v = data.get(name)
        if v is None and optional:
            return None
        if not isinstance(v, int) or isinstance(v, bool) or (lo is not None and v < lo) or (hi is not None and v > hi):
            raise _bad(f"{name} must be a whole number" + (f" from {lo} to {hi}" if lo is not None and hi is not None else ""))
        return v

    players = whole("players", 2, 4)
    assert players is not None
    seed = whole("seed")
    assert seed is not None
    lead = whole("lead", 0, players - 1, optional=True)
    lists: dict[str, list[int] | None] = {}
    for name in ("thresholds", "values"):
        x = data.get(name)
        if x is not None and (not isinstance(x, list) or len(x) != 9
                              or any(not isinstance(t, int) or isinstance(t, bool) or t < 0 for t in x)):
            raise _bad(f"{name} must be null or 9 whole numbers")
        lists[name] = x
    seats = data.get("seats")
    if seats is not None and (not isinstance(seats, list) or len(seats) != players
                              or any(not isinstance(x, str) for x in seats)):
        raise _bad(f"seats must be null or {players} names")
    decisions = data.get("decisions")
    if not isinstance(decisions, list) or any(not isinstance(d, str) for d in decisions):
        raise _bad("decisions must be a list of texts")
    result = data.get("result")
    if result is not None and (not isinstance(result, list) or len(result) != players
                               or any(not isinstance(x, int) or isinstance(x, bool) for x in result)):
        raise _bad(f"result must be null or {players} whole numbers")
    return GameRecord(players, seed, lead, lists["thresholds"], lists["values"], seats, decisions, result)


def replay(record: GameRecord) -> MidiState:
    """Replay a record; every decision must be legal where it stands (M-R10)."""
    try:
        game = record.game()
    except ValueError as exc:
        raise _bad(str(exc)) from None
    state = game.new_initial_state(record.seed, first=record.first)
    for i, text in enumerate(record.decisions):
        if state.is_terminal():
            raise _bad(f"decision {i + 1} ({text!r}) comes after the end of the game")
        try:
            state.apply_action(A.from_text(text))
        except IllegalActionError as exc:
            raise _bad(f"decision {i + 1} ({text!r}) is not legal there: {exc}") from None
    if record.result is not None:
        if not state.is_terminal():
            raise _bad("it records a final result but the game is not over")
        if state.totals() != record.result:
            raise _bad(f"the recorded result {record.result} does not match the replay {state.totals()}")
    return state


def load_record(source: str | Path | dict[str, Any]) -> MidiState:
    """Load a saved game (a path, a JSON text or parsed data) and replay it."""
    data = read_record_source(source)
    return replay(parse_record(data))
