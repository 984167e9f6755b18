"""The rooms of one server: create a room, find it by its code, join it, come
back to it with a seat token, close it, and resume every open room after a restart.

Several rooms run at once; each is a :class:`~.room.Room`. A room code is looked up among
open rooms only, so a closed room's code stops working (and says so: "This room has
closed"). Every look-up of a code by a student's device goes through :meth:`Hub.look_up`,
which is rate-limited per client (:class:`~.codes.RateLimiter`) and logs what it refuses:
only *failed* guesses count (a code that names no room, a token that holds no seat), so a
device guessing codes is stopped, and a class joining at once behind one address is not.

Several servers may share one store (``serve --behind-proxy``, docs/deployment.md): a proxy
sends every page of a room to the server its code is pinned to, and that server's hub
*adopts* the room from the store the first time its code is asked for (:meth:`Hub.find`). A
room then has one authoritative match, in one process; a shared hub resumes nothing at start.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
from collections.abc import Callable, Sequence
from concurrent.futures import Executor, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from .. import games
from ..i18n import LANGUAGES, translator
from . import codes
from .room import DONE, GAMES, SEAT_KINDS, Outcome, Refusal, Room

log = logging.getLogger(__name__)

#: Failed look-ups a client may make per minute (a well-formed code that names no room, a seat
#: token that holds none); then every look-up of that client is refused until the oldest of
#: them is a minute old. A look-up that finds its room is never counted: a whole class behind
#: one address (a school's router) joins at once, and only its typing mistakes count.
JOIN_LIMIT = 20
JOIN_WINDOW = 60.0
#: Codes drawn for a new room before giving up, when the store says each is in use (another
#: server on the same store gave it meanwhile; one draw almost always suffices).
CODE_TRIES = 20

#: Whether hubs made from now on share their rooms with other servers through the store
#: (:func:`share_rooms`; ``serve --behind-proxy`` sets it before it opens the classroom).
SHARED = False


def share_rooms(on: bool) -> None:
    """Make the hubs made from now on shared (``on``) or not (the default): see :class:`Hub`."""
    global SHARED
    SHARED = bool(on)


@dataclass(frozen=True)
class SeatPlan:
    """One seat of a room to create: a student's, or a bot's (``level``: the game's bot levels)."""

    kind: str  # "student" | "bot"
    level: str | None = None


@dataclass(frozen=True)
class RoomPlan:
    """What the teacher chooses for a room (the teacher page's form, checked by :meth:`Hub.create`)."""

    game: str
    seats: tuple[SeatPlan, ...]
    lang: str = "fr"
    pace: float = 0.8  # seconds between two bot actions
    seed: int | None = None  # None: drawn
    first: int | None = None  # None: drawn from the seed


def bot_levels(game: str) -> Sequence[str]:
    """The bot levels a room of ``game`` may seat."""
    return games.kind(game).match_class.bot_levels


class Hub:
    """The rooms of a server.

    Args:
        store: the durable store (:class:`~canal_heritage.store.Store`).
        io: threads for the store's writes (None: a small pool of its own).
        bots: the worker processes where bots think (None: a thread).
        salt: the key that turns a client's address into an id for logs and limits.
        shared: the store is shared with other servers (several servers behind a proxy): a
            code that is not in memory is looked up in the store and its room adopted
            (:meth:`find`), and :meth:`resume` leaves every room to be adopted so. None: the
            module's :data:`SHARED` (False unless :func:`share_rooms` said otherwise).
        may_adopt: asked, with a room's code, before a shared hub adopts that room: whether
            this process is the one that serves it (None: it is). The server's answer sends
            the page to the right server when it is not (:func:`canal_heritage.serve.routed_here`).
    """

    def __init__(self, store: Any, *, io: Executor | None = None,
                 bots: Executor | Callable[[], Executor] | None = None,
                 salt: bytes | None = None, join_limit: int = JOIN_LIMIT, join_window: float = JOIN_WINDOW,
                 shared: bool | None = None, may_adopt: Callable[[str], bool] | None = None) -> None:
        self.store = store
        self.io = io or ThreadPoolExecutor(max_workers=2, thread_name_prefix="room-store")
        self.bots = bots
        self.salt = salt or secrets.token_bytes(16)
        self.rooms: dict[str, Room] = {}  # by id
        self.joins = codes.RateLimiter(join_limit, join_window)
        self.shared = SHARED if shared is None else bool(shared)
        self.may_adopt = may_adopt

    # ------------------------------------------------------------------ rooms
    def resume(self) -> list[Room]:
        """Every room the store has open, back at the decision it was at (server start).

        A shared hub resumes none: each room is adopted by the server its code is pinned to,
        when its code is first asked for (:meth:`find`), so that no room runs twice."""
        if self.shared:
            return []
        out = []
        for record in self.store.live_rooms("room"):
            try:
                room = Room(record, self.store, io=self.io, bots=self.bots)
            except Exception:  # one damaged room must not keep the others closed
                log.exception("room %s could not be resumed", record.code)
                continue
            self._keep(room)
            out.append(room)
        return out

    def check_plan(self, plan: RoomPlan) -> str | None:
        """What is wrong with a room's plan, in plain words (None: nothing)."""
        tr = translator(plan.lang if plan.lang in LANGUAGES else "en")
        if plan.game not in GAMES:
            return tr.ui("room.plan.game", "Choose a game.")
        if not 2 <= len(plan.seats) <= 4:
            return tr.ui("room.plan.seats", "A table has 2 to 4 seats.")
        levels = bot_levels(plan.game)
        for s in plan.seats:
            if s.kind not in SEAT_KINDS or (s.kind == "bot" and s.level not in levels):
                return tr.ui("room.plan.seat", "Each seat is a student's or a bot's of a known level.")
        if not any(s.kind == "student" for s in plan.seats):
            return tr.ui("room.plan.student", "A room needs at least one student's seat.")
        if plan.lang not in LANGUAGES:
            return tr.ui("room.plan.lang", "Choose a language.")
        if plan.first is not None and not 0 <= plan.first < len(plan.seats):
            return tr.ui("room.plan.first", "The first player must be one of the seats.")
        return None

    def create(self, plan: RoomPlan, *, class_session_id: int | None = None) -> Room:
        """A new room, written to the store (raises ValueError with a sentence if the plan is wrong)."""
        record = self.write_room(plan, class_session_id=class_session_id)
        room = Room(record, self.store, io=self.io, bots=self.bots)
        self._keep(room)
        return room

    @staticmethod
    def draw_seed() -> int:
        """A new room's seed when its plan names none: 62 random bits."""
        return secrets.randbits(62)

    def write_room(self, plan: RoomPlan, *, class_session_id: int | None = None) -> Any:
        """A new room written to the store only, not run here: its record (a
        :class:`~canal_heritage.store.RoomRecord`). Behind a proxy, the teacher's page writes the
        room so, then opens it at its code's address, where the server its code is pinned to
        adopts it (:meth:`find`). Raises ValueError with a sentence if the plan is wrong.

        The code is one no open room of this hub has; the store refuses one another server
        gave meanwhile (:class:`~canal_heritage.store.CodeInUse`), and another is drawn."""
        from ..store import CodeInUse

        problem = self.check_plan(plan)
        if problem:
            raise ValueError(problem)
        taken = {r.code for r in self.rooms.values() if r.status != "closed"}  # an over room keeps its code
        seed = plan.seed if plan.seed is not None else self.draw_seed()
        for attempt in range(CODE_TRIES):
            code = codes.new_code(taken)
            try:
                return self.store.create_room(code=code, game=plan.game, seed=seed, first=plan.first, lang=plan.lang,
                                              options={"pace": plan.pace,
                                                       **games.kind(plan.game).match_class.stored_options()},
                                              seats=[(s.kind, s.level) for s in plan.seats],
                                              class_session_id=class_session_id)
            except CodeInUse:
                if attempt == CODE_TRIES - 1:
                    raise
                taken.add(code)
        raise AssertionError("unreachable")  # pragma: no cover

    def find(self, typed_code: str) -> Room | None:
        """The room a typed code names, open or over but not closed (None: no such room).

        Neither limited nor logged: for the server's own pages (the teacher's) and scripts. A
        student's device looks a code up through :meth:`look_up`. A shared hub that does not
        hold the room looks for it in the store (:meth:`adopt`)."""
        code = codes.normalize_code(typed_code or "")
        if code is None:
            return None
        for r in self.rooms.values():  # an open room, or one whose game is over (its end stays on screen)
            if r.status != "closed" and r.code == code:
                return r
        if self.shared:
            return self.adopt(code)
        return None

    def adopt(self, code: str) -> Room | None:
        """The open classroom room ``code`` names in the store, run by this hub from now on,
        at the decision the store holds (built as :meth:`resume` builds it).

        None when the store has no such open room, or when :attr:`may_adopt` says another
        process serves this code: a room never runs in two processes (each would take
        decisions the other does not see)."""
        try:
            record = self.store.room_by_code(code)
        except Exception:  # the store is unreachable: the page says "no such room", the server goes on
            log.exception("could not look up room %s in the store", code)
            return None
        if record is None or record.kind != "room":
            return None
        if self.may_adopt is not None and not self.may_adopt(record.code):
            return None
        try:
            room = Room(record, self.store, io=self.io, bots=self.bots)
        except Exception:  # a damaged room must not stop the page that asked for it
            log.exception("room %s could not be adopted", record.code)
            return None
        self._keep(room)
        log.info("room %s adopted from the store at decision %d", room.code, room.decisions)
        return room

    def client(self, remote_ip: str | None) -> str:
        """A client's id for logs and limits: a keyed hash, never the address itself."""
        return codes.client_id(remote_ip or "unknown", self.salt)

    # ------------------------------------------------------------------ students
    async def look_up(self, typed_code: str, *, client: str = "", lang: str = "en") -> tuple[Room | None, Outcome]:
        """A client looks up a room by the code it typed: the room (open, or over with its end
        on screen), or None and why not, in ``lang``. Every look-up of a code by a student's
        device comes here (the join page, :meth:`join`); refusals are logged with ``client``.

        What counts toward the client's limit (:attr:`joins`: :data:`JOIN_LIMIT` a minute) is a
        *failed guess* only: a well-formed code that names no room at all. A code that finds its
        room is never counted, nor is a closed room's code (a class typing the code of the room
        the teacher just closed has guessed nothing), nor text that is not a code (it can find
        no room; it is answered kindly). Why: ``client`` is a keyed hash of the device's address
        (:meth:`client`), and a whole class behind a school's router may share one address: 32
        students finding their room and taking their seats must never be refused, while a device
        guessing codes misses almost every time (1.9 million codes, a few rooms open) and is
        stopped after :data:`JOIN_LIMIT` misses. Once the limit is reached every look-up of the
        client is refused ("Too many tries: wait a minute…"), the right code too: otherwise the
        answer would still tell a guess that hits from one that misses.

        A code no room of this server holds is looked up in the store, in the store's thread
        (the server's event loop never waits for it): the newest room given that code, closed or
        finished, makes the answer "This room has closed — ask your teacher for the new code"; a
        code given again to a new open room finds the new room (rooms in memory come first)."""
        tr = translator(lang if lang in LANGUAGES else "en")
        code = codes.normalize_code(typed_code or "")
        if code is None:
            return None, Outcome(Refusal.NOT_A_CODE, tr.ui("room.not_a_code", "That is not a room code: it has "
                                                                             "{n} letters and digits, as on the "
                                                                             "projector.", n=codes.CODE_LENGTH))
        if self.joins.full(client or "unknown"):
            return None, self._slow_down(client, tr)
        room = self.find(code)
        if room is not None:
            return room, DONE
        try:
            last = await asyncio.get_running_loop().run_in_executor(self.io, self.store.code_status, code)
        except Exception:  # the store is unreachable: the code is answered as unknown, the server goes on
            log.exception("could not look up code %s in the store", code)
            last = None
        room = self.find(code)  # a room given this code while the store answered
        if room is not None:
            return room, DONE
        if last is None:
            return None, self._missed("no such room", client, tr)
        room_id, status = last
        if status == "open":  # open in the store, not run here: another server's (behind a proxy)
            return None, Outcome(Refusal.NO_SUCH_ROOM, self._no_such_room(tr))
        self._log("code of a closed room", client, room_id=room_id)
        return None, Outcome(Refusal.ROOM_CLOSED, tr.ui("room.closed_code", "This room has closed — ask your "
                                                                         "teacher for the new code."))

    async def join(self, typed_code: str, seat: int, name: str, *, client: str = "", lang: str = "en") -> Outcome:
        """A student joins the room a typed code names, at a free seat, under a name: the code
        is looked up as :meth:`look_up` does (and counted as it counts), then the room decides."""
        room, found = await self.look_up(typed_code, client=client, lang=lang)
        if room is None:
            return found
        return await room.join(seat, name, client=client)

    def rejoin(self, typed_code: str, token: str | None, *, client: str = "",
               lang: str = "en") -> tuple[Room | None, Outcome]:
        """A device comes back with the code and token it kept (the page has looked the code up
        first, :meth:`look_up`). Under the same limit: a token that holds no seat of the room,
        or a code that names no room here, counts as a failed guess and is logged."""
        tr = translator(lang if lang in LANGUAGES else "en")
        if self.joins.full(client or "unknown"):
            return None, self._slow_down(client, tr)
        room = self.find(typed_code)
        if room is None:
            return None, self._missed("no such room", client, tr)
        out = room.rejoin(token)
        if not out.ok:
            self._log("unknown token", client, room)
            self.joins.allow(client or "unknown")
        return room, out

    def _slow_down(self, client: str, tr: Any) -> Outcome:
        self._log("too many join attempts", client)
        return Outcome(Refusal.TOO_MANY_TRIES, tr.ui("room.slow_down", "Too many tries: wait a minute, then type "
                                                                      "the code again."))

    @staticmethod
    def _no_such_room(tr: Any) -> str:
        return str(tr.ui("room.no_such_room", "No open room has that code. Check it on the projector."))

    def _missed(self, reason: str, client: str, tr: Any) -> Outcome:
        """A failed guess: counted toward the client's limit, and logged."""
        self._log(reason, client)
        if not self.joins.allow(client or "unknown"):  # another look-up reached the limit meanwhile
            return Outcome(Refusal.TOO_MANY_TRIES, tr.ui("room.slow_down", "Too many tries: wait a minute, then "
                                                                          "type the code again."))
        return Outcome(Refusal.NO_SUCH_ROOM, self._no_such_room(tr))

    def trips(self, class_session_id: int) -> dict[tuple[str, str], int]:
        """How often a class session's students tried a move the rules do not allow, over all
        its rooms: ``(game, rule key)`` → count, without naming anyone (:meth:`Room.trip`;
        worded by :func:`.trips.describe_trips`). It reads the store: call it in the store's
        thread (:attr:`io`), never on the event loop."""
        return dict(self.store.trips(class_session_id))

    async def close(self, room_id: str) -> None:
        room = self.rooms.get(room_id)
        if room is not None:
            await room.close()

    def _keep(self, room: Room) -> None:
        """Run ``room`` here until it closes; then it lives on in the store only (its results),
        not in memory: a server that runs for days keeps only the rooms still open or over."""
        self.rooms[room.id] = room
        room.on_closed = self._let_go

    def _let_go(self, room: Room) -> None:
        self.rooms.pop(room.id, None)

    def _log(self, reason: str, client: str, room: Room | None = None, *, room_id: str | None = None) -> None:
        """A refusal logged in the store's thread, with the client's id (never empty: a page
        that knows no client is logged as ``unknown``)."""
        try:
            self.io.submit(self.store.log_refusal, reason, room_id=room.id if room else room_id,
                           client=(client or "unknown")[:64])
        except Exception:
            log.exception("could not log a refusal")
