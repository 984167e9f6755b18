"""The results for the teacher as CSV: one row per seat per room, with the score's breakdown.

A pure function of the rooms (as :class:`~canal_heritage.store.records.RoomRecord`) and the
classes' labels, so it can be tested without a database.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import Any

from .. import games
from .records import RoomRecord, SeatRecord

#: The first columns, before the breakdown's; the list of sites or sections comes last.
HEAD = ["class", "room", "game", "started", "ended", "minutes played", "seat", "name", "score", "winner"]
BUILT = "sites built / sections scored"
#: A cell starting with one of these would be a formula in a spreadsheet.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def game_title(name: str) -> str:
    """A room's game as a teacher reads it: its registered title (``canal_heritage.games``), in
    English as the rest of the file; a name no game registers (a record from elsewhere) as it is."""
    return games.kind(name).title if name in games.names() else name


def defused(value: Any) -> Any:
    """A text cell a spreadsheet will not run as a formula (prefixed with ``'``); numbers as they are."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def per_seat(value: Any, seat: int) -> Any:
    """A seat's entry of a result's part: a list by seat, or a mapping keyed by the seat
    (JSON turns whole-number keys into texts); ``None`` when it has none."""
    if isinstance(value, Sequence) and not isinstance(value, str):
        return value[seat] if 0 <= seat < len(value) else None
    if isinstance(value, Mapping):
        return value.get(str(seat), value.get(seat))
    return None


def local_time(moment: datetime | None) -> str:
    """A moment in this computer's time zone, to the minute (the teacher's clock)."""
    return "" if moment is None else moment.astimezone().strftime("%Y-%m-%d %H:%M")


def started(room: RoomRecord) -> datetime:
    """When play started: the first decision, else the room's creation."""
    return room.decisions[0].at if room.decisions else room.created_at


def minutes_played(room: RoomRecord) -> int | str:
    if room.ended_at is None:
        return ""
    return max(0, round((room.ended_at - started(room)).total_seconds() / 60))


def seat_name(seat: SeatRecord) -> str:
    """The student's name, or the bot and its level."""
    if seat.name:
        return seat.name
    if seat.kind == "bot":
        return f"bot ({seat.level})" if seat.level else "bot"
    return ""


def breakdown_of(room: RoomRecord, seat: int) -> dict[str, Any]:
    lines = per_seat((room.result or {}).get("breakdown"), seat)
    return dict(lines) if isinstance(lines, Mapping) else {}


def results_csv(rooms: Sequence[RoomRecord], labels: Mapping[int, str]) -> str:
    """The CSV text of ``rooms``' results, one row per seat, in the order given.

    ``labels`` names the class sessions by id. The breakdown's columns are the union of the
    names in every ``result["breakdown"][seat]``, in order of first appearance; a room
    without a result has empty score and winner cells. Text cells that a spreadsheet would
    read as a formula start with ``'``.
    """
    names: dict[str, None] = {}
    for room in rooms:
        for seat in room.seats:
            names.update(dict.fromkeys(str(k) for k in breakdown_of(room, seat.index)))
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow([*HEAD, *names, BUILT])
    for room in rooms:
        result = room.result or {}
        label = labels.get(room.class_session_id, "") if room.class_session_id is not None else ""
        winners = result.get("winners")
        for seat in room.seats:
            score = per_seat(result.get("totals"), seat.index)
            won = isinstance(winners, Sequence) and seat.index in winners
            winner = ("yes" if won else "no") if result else ""
            breakdown = {str(k): v for k, v in breakdown_of(room, seat.index).items()}
            built = per_seat(result.get("built"), seat.index)
            built_text = "; ".join(str(b) for b in built) if isinstance(built, Sequence) and not isinstance(
                built, str) else ("" if built is None else str(built))
            row = [label, room.code, game_title(room.game), local_time(started(room)),
                   local_time(room.ended_at), minutes_played(room), seat.index + 1, seat_name(seat),
                   "" if score is None else score, winner,
                   *(breakdown.get(name, "") for name in names), built_text]
            writer.writerow([defused(cell) for cell in row])
    return out.getvalue()
