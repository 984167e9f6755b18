"""What the teacher's class view shows of each room, as plain values (no Panel): a snapshot
taken whenever the view looks, cheap enough to take every half second.

A room's snapshot says its game, round and decisions, whether it is paused or over, and for
each seat who holds it, whether their device is connected, whether it is their turn and
whether they have been *idle* (their turn for over :data:`IDLE_AFTER` seconds while the game
runs). The view compares two snapshots to know whether anything changed.

When the teacher ends the lesson, :func:`room_end` reads what each room ends with (its
standing, for a room stopped before its end), for the class's results.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Iterable
from dataclasses import dataclass

from .room import Room

log = logging.getLogger(__name__)

#: A student whose turn it has been for this many seconds (the game running) is idle.
IDLE_AFTER = 60.0


@dataclass(frozen=True)
class SeatNow:
    """One seat of a room, now.

    Attributes:
        index: the seat's number (0 first).
        kind: ``student`` or ``bot``.
        name: the student's name ("" for a bot or a free seat).
        level: a bot's level (the stand-in bot's for a student's seat), else None.
        free: a student's seat nobody has taken yet.
        standin: a bot plays for the absent student.
        connected: a device shows this seat now (always True for a bot).
        to_move: it is this seat's turn.
        idle: a student's turn for over :data:`IDLE_AFTER` seconds, the game running.
    """

    index: int
    kind: str
    name: str
    level: str | None
    free: bool
    standin: bool
    connected: bool
    to_move: bool
    idle: bool


@dataclass(frozen=True)
class RoomNow:
    """One room of the class, now (see :func:`snapshot`)."""

    id: str
    code: str
    game: str
    class_session_id: int | None
    round: int
    decisions: int
    paused: bool
    over: bool
    seats: tuple[SeatNow, ...]
    #: the seats that won, once the game is over (several on a tie)
    winners: tuple[int, ...] = ()

    @property
    def waiting_on(self) -> SeatNow | None:
        """The seat the game waits on (None when over, or nobody's turn)."""
        if self.over:
            return None
        return next((s for s in self.seats if s.to_move), None)

    @property
    def students(self) -> int:
        """Seats for students."""
        return sum(1 for s in self.seats if s.kind == "student")

    @property
    def joined(self) -> int:
        """Students' seats taken."""
        return sum(1 for s in self.seats if s.kind == "student" and not s.free)


def snapshot(room: Room, now: float | None = None) -> RoomNow:
    """``room`` as it is at ``now`` (``time.monotonic()`` by default)."""
    now = time.monotonic() if now is None else now
    m = room.match
    over = bool(m.over)
    to_move = None if over else m.to_move
    waited = now - room.waiting_since
    seats = []
    for h in room.seats:
        student = h.kind == "student"
        mine = to_move == h.index
        seats.append(SeatNow(
            index=h.index, kind=h.kind, name=(h.name or "") if student else "", level=h.level,
            free=h.free, standin=h.standin, connected=(h.devices > 0) if student else True, to_move=mine,
            idle=mine and student and not h.free and not h.standin and not room.paused and waited > IDLE_AFTER))
    outcome = m.state.outcome() if over else None
    return RoomNow(id=room.id, code=room.code, game=room.game, class_session_id=room.class_session_id,
                   round=int(m.state.round), decisions=room.decisions, paused=room.paused, over=over,
                   seats=tuple(seats), winners=tuple(outcome.winners) if outcome is not None else ())


def snapshots(rooms: Iterable[Room], now: float | None = None) -> list[RoomNow]:
    """Every room still running or over (not closed), oldest code first as the hub holds them."""
    now = time.monotonic() if now is None else now
    return [snapshot(r, now) for r in rooms if r.status != "closed"]


@dataclass(frozen=True)
class RoomEnd:
    """What one room ended with.

    Attributes:
        code: the room's code.
        game: the registered name of its game.
        finished: the game reached its end (else the teacher stopped it).
        round: the round it reached.
        names: each seat's name (Arriala's virtual player included, A-R8).
        totals: each seat's points.
        winners: the seats that won (finished) or lead (stopped early).
        built: what was built, by every seat (the names of sites or works, in the room's language).
    """

    code: str
    game: str
    finished: bool
    round: int
    names: tuple[str, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]
    built: tuple[str, ...]


def room_end(room: Room) -> RoomEnd:
    """What ``room`` ends with now (call it before the room closes)."""
    m = room.match
    names: list[str] = list(m.names)
    totals: list[int] = []
    built: list[str] = []
    winners: tuple[int, ...] = ()
    try:
        sheet = m.score_sheet()
        totals = [int(t) for t in sheet.totals]
        _parts, by_seat = m.result_parts()
        built = [b for seat in by_seat for b in seat]
        if m.over:
            winners = tuple(int(w) for w in sheet.winners)
        elif totals and len(set(totals)) > 1:  # someone leads (nobody does while all are level)
            top = max(totals)
            winners = tuple(i for i, t in enumerate(totals) if t == top)
    except Exception:  # a position the score sheet cannot read: the room is listed without scores
        log.exception("could not read the standing of room %s", room.code)
    while len(names) < len(totals):  # Arriala's virtual player (A-R8) scores too: named by the summary
        names.append("")
    return RoomEnd(code=room.code, game=room.game, finished=bool(m.over), round=int(m.state.round),
                   names=tuple(names), totals=tuple(totals), winners=winners, built=tuple(built))
