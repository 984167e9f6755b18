"""What every game's saved records share: reading the JSON from a path, a text or parsed
data, with a :class:`~canal_heritage.core.errors.RecordError` that says why it cannot be loaded.
The frame (format, version, players, seed, seats, decisions, result) is checked and
replayed here once; each game's ``record.py`` adds its own fields."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, TypeGuard

from .errors import IllegalActionError, RecordError


def bad_record(msg: str) -> RecordError:
    """The error for a saved game that cannot be loaded, saying why."""
    return RecordError(f"this saved game cannot be loaded: {msg}")


def read_record_source(source: str | Path | dict[str, Any]) -> Any:
    """The parsed JSON of a record given as a path, a JSON text or already parsed data."""
    if isinstance(source, dict):
        return source
    text = source
    if isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith("{")):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise bad_record(f"cannot read the file ({exc.strerror})") from None
        except UnicodeDecodeError:
            raise bad_record("the file is not text") from None
    try:
        return json.loads(str(text))
    except json.JSONDecodeError as exc:
        raise bad_record(f"it is not valid JSON (line {exc.lineno}: {exc.msg})") from None


def is_whole(x: Any) -> TypeGuard[int]:
    """A JSON whole number (``true`` is not one)."""
    return isinstance(x, int) and not isinstance(x, bool)


def check_frame(data: Any, *, fmt: str, version: int, game_name: str, known: set[str]) -> dict[str, Any]:
    """The parts every saved game has, checked: a JSON object of this game's format and
    version, with no unknown field, ``players`` 2 to 4 and a whole-number ``seed``.

    Raises:
        RecordError: naming what is wrong.
    """
    if not isinstance(data, dict):
        raise bad_record("expected a JSON object")
    if data.get("format") != fmt:
        raise bad_record(f"it is not {game_name} (format {data.get('format')!r})")
    if data.get("version") != version:
        raise bad_record(f"it was saved in version {data.get('version')!r}; this program reads version {version}")
    extra = set(data) - known - {"format", "version", "players", "seed", "seats", "decisions", "result"}
    if extra:
        raise bad_record(f"unknown fields {sorted(extra)}")
    players = data.get("players")
    if not is_whole(players) or not 2 <= players <= 4:
        raise bad_record(f"players must be a whole number from 2 to 4, got {players!r}")
    if not is_whole(data.get("seed")):
        raise bad_record(f"seed must be a whole number, got {data.get('seed')!r}")
    return data


def check_seats(data: dict[str, Any], players: int) -> list[str] | None:
    """The optional seat labels: null or one text per player."""
    seats = data.get("seats")
    if seats is not None and (not isinstance(seats, list) or len(seats) != players
                              or any(not isinstance(x, str) for x in seats)):
        raise bad_record(f"seats must be null or {players} names")
    return seats


def check_decisions(data: dict[str, Any]) -> list[str]:
    """The decisions: a list of texts (each game's action text form)."""
    decisions = data.get("decisions")
    if not isinstance(decisions, list) or any(not isinstance(d, str) for d in decisions):
        raise bad_record("decisions must be a list of texts")
    return list(decisions)


def check_result(data: dict[str, Any], owners: int, note: str = "") -> list[int] | None:
    """The optional final result: null or one whole number per owner."""
    result = data.get("result")
    if result is not None and (not isinstance(result, list) or len(result) != owners
                               or any(not is_whole(x) for x in result)):
        raise bad_record(f"result must be null or {owners} whole numbers{note}")
    return result


def replay_decisions(state: Any, game: Any, decisions: list[str], result: list[int] | None, *,
                     game_name: str) -> Any:
    """Play ``decisions`` (text forms) on ``state``: each must name an action of ``game``
    (``game_name``: "an Arriala", for the message)
    that is legal where it stands; then the recorded ``result``, if any, must be the final
    totals. Returns the state; raises :class:`RecordError` saying which decision is wrong."""
    for i, text in enumerate(decisions):
        where = f"decision {i + 1} ({text!r})"
        if state.is_terminal():
            raise bad_record(f"{where} comes after the end of the game")
        try:
            action = game.action_from_text(text)
        except IllegalActionError:
            raise bad_record(f"{where} is not {game_name} action of this game") from None
        try:
            state.apply_action(action)
        except IllegalActionError as exc:
            raise bad_record(f"{where}, by seat {state.current_player()} in round {state.round}, "
                             f"is not legal there: {exc}") from None
    if result is not None:
        if not state.is_terminal():
            raise bad_record("it records a final result but the game is not over")
        if state.totals() != result:
            raise bad_record(f"the recorded result {result} does not match the replay {state.totals()}")
    return state
