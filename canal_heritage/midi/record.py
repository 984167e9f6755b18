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
from . import actions as A
from .state import MidiGame, MidiState, Phase

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
        decisions=[state.game.action_to_text(a) for a in state.history],
        result=state.totals() if state.is_terminal() else None,
    )


def save_record(state: MidiState, path: str | Path, **kw: Any) -> GameRecord:
    rec = record_of(state, **kw)
    Path(path).write_text(rec.dumps(), encoding="utf-8")
    return rec


_bad = bad_record


def parse_record(data: Any) -> GameRecord:
    """Validate the JSON structure of a record (no replay)."""
    check_frame(data, fmt=FORMAT, version=VERSION, game_name="a Canal du Midi game",
                known={"lead", "thresholds", "values"})
    players = data["players"]
    lead = data.get("lead")
    if lead is not None and (not is_whole(lead) or not 0 <= lead < players):
        raise _bad(f"lead must be a whole number from 0 to {players - 1}")
    lists: dict[str, list[int] | None] = {}
    for name in ("thresholds", "values"):
        x = data.get(name)
        if x is not None and (not isinstance(x, list) or len(x) != 9 or any(not is_whole(t) or t < 0 for t in x)):
            raise _bad(f"{name} must be null or 9 whole numbers")
        lists[name] = x
    return GameRecord(players, data["seed"], lead, lists["thresholds"], lists["values"], check_seats(data, players),
                      check_decisions(data), check_result(data, players))


def _changes_nothing(action: A.Action) -> bool:
    """A trade decision that changes nothing: "trade pass", or a face-up swap of equal values."""
    return action.kind == "trade" and (action.trade == "pass" or (action.trade == "up" and action.value == action.take))


def upgrade_decisions(game: MidiGame, seed: int, first: int | None, decisions: list[str]) -> list[str]:
    """The decisions of a record saved before M-R15, as the rules now ask them.

    M-R15: a face-up swap of two equal values changes nothing, so it is no longer offered.
    In an older record such a swap (``trade up give=3 seat=1 take=3``) becomes ``trade pass``;
    and a seat whose only swaps were of equal values is no longer asked (M-R12), so its
    decision there (a pass or such a swap) is left out. Every other decision is kept as it
    is; the game and its result are the same. Decisions from the first one that does not
    replay are returned unchanged, for :func:`replay` to report."""
    state = game.new_initial_state(seed, first=first)
    out: list[str] = []
    owed: list[bool] = []  # the trade decisions an older record holds next: True = a seat no longer asked
    for i, text in enumerate(decisions):
        try:
            action = A.from_text(text)
        except IllegalActionError:
            return out + decisions[i:]
        d = A.decode(action)
        if owed and owed.pop(0):
            if _changes_nothing(d):
                continue  # M-R15: this seat is not asked any more
            return out + decisions[i:]
        if d.kind == "trade" and d.trade == "up" and d.value == d.take:
            action, text = A.TRADE_PASS, A.to_text(A.TRADE_PASS)  # M-R15
        before = len(state.events or [])
        try:
            state.apply_action(action)
        except IllegalActionError:
            return out + [text] + decisions[i + 1:]
        out.append(text)
        new = (state.events or [])[before:]
        skipped = [e.args["player"] for e in new
                   if e.key == "midi.trade_unavailable" and e.args.get("ruling") == "M-R15"]
        if skipped:  # the older rules asked these seats, in turn order among those still asked
            asked = list(state.queue) if state.phase == Phase.TRADE else []
            order = state.turn_order() if asked else skipped
            owed = [p in skipped for p in order if p in skipped or p in asked]
    return out


def replay(record: GameRecord) -> MidiState:
    """Replay a record; every decision must be legal where it stands (M-R10). A record
    saved before M-R15 is read as the rules now ask it (:func:`upgrade_decisions`)."""
    try:
        game = record.game()
    except ValueError as exc:
        raise _bad(str(exc)) from None
    decisions = upgrade_decisions(game, record.seed, record.first, record.decisions)
    state = game.new_initial_state(record.seed, first=record.first)
    return replay_decisions(state, game, decisions, record.result, game_name="a Canal du Midi")


def load_record(source: str | Path | dict[str, Any]) -> MidiState:
    """Load a saved game (a path, a JSON text or parsed data) and replay it."""
    data = read_record_source(source)
    return replay(parse_record(data))
