"""The rules a class trips on, in words for the teacher (issue 28): "7 tries to move a worker
twice in one turn (A-R2)".

A *trip* is a move a student tried that the rules do not allow now: a greyed choice tapped,
or an action the engine refused (:meth:`~canal_heritage.matches.table.TableMatch.refuse_choice`).
A room counts it under the engine's refusal key (:meth:`.room.Room.trip`), the store adds them
up over the rooms of a class session (:meth:`~canal_heritage.store.Store.trips`,
:meth:`.hub.Hub.trips`), and :func:`describe_trips` words the counts, most frequent first,
without naming anyone. Each game says which keys are rules and how to word them
(its registration's ``trip_rulings`` and ``trip_words``: :mod:`canal_heritage.midi.trips`,
:mod:`canal_heritage.arriala.trips`); nothing here knows a game by name.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Mapping
from typing import Any

from .. import games
from ..i18n import Translator

log = logging.getLogger(__name__)

#: What the store's count is: ``(game, rule key)`` → how many tries.
TripCounts = Mapping[tuple[str, str], int]


def describe_trips(counts: TripCounts, tr: Translator, *, most: int | None = None) -> list[str]:
    """The rules a class tripped on, one line each, most frequent first (ties in the order the
    games are registered, then by key): "7 tries to move a worker twice in one turn (A-R2)".

    The ruling's id follows when a ruling decides the rule and ``tr`` shows rule codes (a rule
    of the rulebook itself has none). Counts under a key that is no longer a rule of its game
    are added up in one line ("2 other tries the rules do not allow"). ``most``: at most this
    many lines (None: all)."""
    order = {name: i for i, name in enumerate(games.names())}
    lines: list[tuple[int, int, str, str]] = []
    other = 0
    for (game, rule), n in counts.items():
        if n <= 0:
            continue
        words: str | None = None
        ruling: str | None = None
        if game in order:
            kind = games.kind(game)
            ruling = kind.trip_rulings.get(rule)
            if ruling is not None:
                words = kind.trip_words(tr, rule, n)
        if words is None:
            other += n
            continue
        if ruling and tr.codes:
            words = tr.ui("trips.with_ruling", "{tried} ({ruling})", tried=words, ruling=ruling)
        lines.append((n, order[game], rule, words))
    if other:
        lines.append((other, len(order), "", tr.ui_plural("trips.other", "{n} other try the rules do not allow",
                                                          "{n} other tries the rules do not allow", other)))
    lines.sort(key=lambda line: (-line[0], line[1], line[2]))
    texts = [line[3] for line in lines]
    return texts if most is None else texts[:most]


class RoomTrips:
    """The rules one room's students trip on: each try written to the store in a thread
    (:meth:`Store.log_trip`: the room and the device's id, never the student's name), for the
    teacher's count (:meth:`Store.trips`, :func:`describe_trips`); the room's listeners are told
    once it is written.

    Counted once per seat, rule and position: tapping the same greyed choice again before
    anything is decided is the same try."""

    def __init__(self, room: Any) -> None:
        self.room = room  # its :class:`~.room.Room` (not imported: the room imports this module)
        self._seen: set[tuple[int, str]] = set()
        self._at = -1  # the position (decisions played) the tries seen are at

    def record(self, seat: int, rule: str, *, client: str = "") -> bool:
        """Count a try of ``seat`` against ``rule`` (an engine's refusal key). Not counted
        (False): a key that is no rule of the game (its registration's ``trip_rulings``), a seat a bot
        plays, a room closed or paused, a try already counted at this position."""
        room = self.room
        if not room.open or room.paused or not 0 <= seat < len(room.seats) or room.seats[seat].played_by_bot:
            return False
        if rule not in games.kind(room.game).trip_rulings:
            return False
        if self._at != room.decisions:
            self._at, self._seen = room.decisions, set()
        if (seat, rule) in self._seen:
            return False
        self._seen.add((seat, rule))
        try:
            loop: asyncio.AbstractEventLoop | None = asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            self._write(rule, client)
            room._changed()
        else:
            loop.run_in_executor(room.io, self._write, rule, client).add_done_callback(lambda _done: room._changed())
        return True

    def _write(self, rule: str, client: str) -> None:
        try:
            self.room.store.log_trip(self.room.id, rule, client=(client or "unknown")[:64])
        except Exception:
            log.exception("could not log a rule tripped on")
