"""One classroom room: a table whose seats are held by devices, not by one screen.

A room has one **authoritative match** (the game's :class:`~canal_heritage.matches.table.TableMatch`,
seen by nobody) and, for each device, a **replica**: a match of the same game, seed and seats
whose viewer is that device's seat (a student) or nobody (the projector). Every decision goes
through the room, in this order:

1. the message is checked: the room is open and not paused, the token is the seat's, the
   seat is the one to move, the decision was made on the position the room is at (a late or
   doubled message is *stale*), the action is legal there;
2. it is **written to the store** (:class:`~canal_heritage.store.Store`, in a thread: the
   server's event loop never waits for the disk);
3. it is played on the authoritative match, then on every replica, so each device shows it.

A message refused at step 1 changes nothing and is logged (:meth:`Store.log_refusal`); a
device is told why in plain words (:class:`Outcome`). Because a decision is written before
anyone sees it, a room that was running when the server stopped resumes at the same decision
(:meth:`Room.restore` replays the decisions: games are seeded, so the replay is exact).

Bots (and the stand-in bot the teacher puts in an absent student's seat) think in the
server's worker processes (:mod:`canal_heritage.matches.pool`), from their own observation
only; their decisions go through steps 2 and 3 like the others.

The room never imports Panel: the views are replicas' watchers, as for any table.
"""

from __future__ import annotations

import asyncio
import contextvars
import enum
import logging
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass
from functools import partial
from typing import Any
from weakref import WeakSet

from .. import games
from ..core.bots import BotMove
from ..core.errors import IllegalActionError
from ..i18n import LANGUAGES, translator
from ..matches.table import BOT_TIMEOUT, Decision, Seat, Seating, TableMatch, clean_name, why_not
from . import codes
from .trips import RoomTrips

log = logging.getLogger(__name__)

GAMES = games.names()
#: Who may sit at a room's seat: a student's device, or a bot of a level the game has.
SEAT_KINDS = ("student", "bot")


class Refusal(enum.Enum):
    """Why a room refused a message (one value per reason; :attr:`Outcome.message` says it)."""

    NO_SUCH_ROOM = "no_such_room"
    ROOM_CLOSED = "room_closed"
    BAD_TOKEN = "bad_token"
    NOT_YOUR_SEAT = "not_your_seat"
    SEAT_TAKEN = "seat_taken"
    NOT_A_STUDENT_SEAT = "not_a_student_seat"
    NOT_YOUR_TURN = "not_your_turn"
    PAUSED = "paused"
    STALE = "stale"
    ILLEGAL = "illegal"
    NO_UNDO = "no_undo"
    BAD_NAME = "bad_name"
    TOO_MANY_TRIES = "too_many_tries"
    NOT_A_CODE = "not_a_code"
    STORE = "store"


@dataclass(frozen=True)
class Outcome:
    """What a room answered: done, or refused with the reason and a sentence for the person.

    ``token`` is set by a successful join (the device keeps it), ``seat`` by a join or a
    return with a token."""

    refusal: Refusal | None = None
    message: str = ""
    seat: int | None = None
    token: str | None = None

    @property
    def ok(self) -> bool:
        return self.refusal is None


DONE = Outcome()


@dataclass
class SeatHolder:
    """Who holds one seat of a room, as the room knows it (the token itself is never kept:
    its hash is)."""

    index: int
    kind: str  # "student" | "bot"
    level: str | None = None  # a bot's level, or the stand-in bot's
    name: str | None = None
    token_hash: str | None = None
    standin: bool = False  # a bot plays for the absent student
    devices: int = 0  # devices showing this seat now

    @property
    def free(self) -> bool:
        return self.kind == "student" and self.token_hash is None

    @property
    def away(self) -> bool:
        """A student's seat whose device is not connected (and no bot stands in)."""
        return self.kind == "student" and self.devices == 0 and not self.standin

    @property
    def played_by_bot(self) -> bool:
        return self.kind == "bot" or self.standin


# ---------------------------------------------------------------------- matches of a room
class RoomSeating(Seating):
    """The seating of the room's authoritative match: each person at a device of their own (no
    privacy screen, no screen passed on); nobody watches it."""

    def hot_seat(self, match: TableMatch) -> bool:
        return False

    def hand_over(self, match: TableMatch) -> None:  # each device keeps its own seat
        return


class DeviceSeating(RoomSeating):
    """The seating of a device's match (a *replica*): its viewer is the device's seat (None: the
    projector). Its decisions go to the room (:meth:`Room.submit`), which plays them on every
    replica once written; its bots are the room's.

    Attributes:
        room: the room.
        token: the seat's token this device holds (None: the projector, or a seat freed since).
        client: the device's id for the refusals' log (:meth:`~.hub.Hub.client`; empty: unknown).
        decisions: how many of the room's decisions this device has played (a move chosen on
            it names that position).
        dispatch: how the room's changes reach this device: a function that runs a change on
            the device's own page, in turn with its other updates (a server page: its
            document's next tick, where the page's components may be changed); None runs it
            at once (headless).
    """

    bots_play_here = False

    def __init__(self, room: Room, token: str | None, client: str = "") -> None:
        self.room = room
        self.token = token
        self.client = client
        self.decisions = 0
        self.dispatch: Callable[[Callable[[], None]], None] | None = None

    def submit(self, match: TableMatch, action: int) -> bool:
        # the game's own rules came first: Arriala holds the last action point's action on this
        # device until "End my turn" (T-R2), then plays it, and it comes here
        if not match.is_viewer_turn() or match.paused:
            return match._refuse(match.narrator().tr.ui("table.not_your_turn", "Please wait: it is not your turn."))
        err = why_not(match.state, action)
        if err is not None:  # the engine's own reason, as at the exhibit; the room counts the rule
            return match.refuse_choice(err)
        self.room.send(match, action)
        return True

    def tripped(self, match: TableMatch, err: IllegalActionError) -> None:
        """The student at this device tried a move the rules do not allow (a greyed choice
        tapped, a refused action): the room counts it under its rule (:meth:`Room.trip`) while
        the device holds its seat."""
        seat = match.viewer
        if seat is not None and self.token is not None and self.room.check_token(self.token, seat):
            self.room.trip(seat, err.key, client=self.client)

    # a decision sent is the room's: the room says whether it may be taken back (Arriala's
    # match answers first while its last action is held on this device, not sent yet)
    def can_undo(self, match: TableMatch) -> bool:
        return match.viewer is not None and self.room.can_undo(match.viewer)

    def undo(self, match: TableMatch) -> bool:
        if match.viewer is None or not self.room.can_undo(match.viewer):
            with match.changing():
                return match._refuse(match.narrator().tr.ui("table.no_undo",
                                                             "That decision can no longer be taken back."))
        self.room.send_undo(match)
        return True


def device(match: TableMatch) -> DeviceSeating:
    """The seating of a device's match (a replica)."""
    seating = match.seating
    assert isinstance(seating, DeviceSeating), "not a device's match"
    return seating


def soon(replica: TableMatch, change: Callable[[], None]) -> None:
    """Run ``change`` (an update of ``replica``) where its device's page may show it."""
    dispatch = device(replica).dispatch
    if dispatch is None:
        change()
    else:
        dispatch(change)


def receive(match: TableMatch, seat: int, action: int, move: BotMove | None) -> None:
    """Play a decision the room has written on ``match`` (one update)."""
    with match.changing():
        if move is not None:
            match.apply_bot_move(move)
        else:
            match.state.apply_action(action)
            match.message = ""
            match._after_step()


def follow_seats(match: TableMatch, room: Room) -> None:
    """The seats of ``match`` as the room has them now (a stand-in bot, a name), in one update."""
    seats = [Seat("bot" if h.played_by_bot else "human", h.name or "",
                  (h.level or "heuristic") if h.played_by_bot else "heuristic") for h in room.seats]
    if seats != match.seats:
        with match.changing():
            match.seats = seats
            match._bump()


#: a device's match: the game's own match, seated by :class:`DeviceSeating`
Replica = TableMatch


# ---------------------------------------------------------------------- the room
class Room:
    """One room: its seats, its authoritative match, its devices' replicas (module docstring).

    Args:
        record: the room as the store has it (a new room, or one to resume).
        store: where every decision is written first.
        io: the thread pool for the store's writes (None: the loop's default).
        bots: the worker pool where bots think, or a function returning the current one
            (None: they think in a thread).
        pace: seconds between two bot actions as devices see them.
    """

    def __init__(self, record: Any, store: Any, *, io: Executor | None = None,
                 bots: Executor | Callable[[], Executor] | None = None,
                 pace: float = 0.8, bot_timeout: float = BOT_TIMEOUT) -> None:
        self.id: str = record.id
        self.code: str = record.code
        self.game: str = record.game
        self.seed: int = record.seed
        self.first: int | None = record.first
        self.lang: str = record.lang if record.lang in LANGUAGES else "fr"
        self.options: dict[str, Any] = dict(record.options or {})
        self.class_session_id: int | None = record.class_session_id
        self.status: str = record.status
        self.store = store
        self.io = io
        self.bots = bots
        self.pace = float(self.options.get("pace", pace))
        self.bot_timeout = bot_timeout
        self.seats = [SeatHolder(s.index, s.kind, s.level, s.name, s.token_hash, s.standin) for s in record.seats]
        self.paused = False
        #: when the seat to move was given the turn (``time.monotonic()``): a decision, a take
        #: back or the game going on after a pause starts the wait again (the class view's "idle")
        self.waiting_since = time.monotonic()
        self._steps = 0  # bot decisions the teacher let through while paused ("One move")
        self._decisions: list[tuple[int, int, BotMove | None]] = []
        self._lock = asyncio.Lock()
        self._replicas: WeakSet[Replica] = WeakSet()
        self._bot_task: asyncio.Task[None] | None = None
        self._trips = RoomTrips(self)  # the rules tripped on (:meth:`trip`)
        self.listeners: list[Callable[[Room], None]] = []  # told after every change (the teacher's page)
        #: told once when the room closes (its hub lets it go: a closed room lives on in the store only)
        self.on_closed: Callable[[Room], None] | None = None
        self.match = self._new_match(RoomSeating(), viewer=None)
        self.match.rebuild([])
        self.restore(record)

    # ------------------------------------------------------------------ building matches
    def _new_match(self, seating: RoomSeating, viewer: int | None, lang: str | None = None) -> TableMatch:
        seats = [Seat("bot" if h.played_by_bot else "human", h.name or "",
                      (h.level or "heuristic") if h.played_by_bot else "heuristic") for h in self.seats]
        cls = games.kind(self.game).match_class
        # the room paces its bots; the stored options say how the game was begun (A-R19's edition)
        m: TableMatch = cls(seats, self.seed, first=self.first, lang=lang or self.lang, pace=0, seating=seating,
                            **cls.options_from_record(self.options))
        with m.changing():
            m.viewer = viewer
        return m

    def restore(self, record: Any) -> None:
        """Replay the stored decisions (a room resumed after a restart)."""
        decided = decisions_of(self.match.game, record)
        self._decisions = decided
        self.match.rebuild(decided)
        for r in list(self._replicas):
            soon(r, partial(self._rebuild, r, decided))

    def replica(self, seat: int | None, *, lang: str | None = None, token: str | None = None,
                client: str = "") -> Replica:
        """A device's match: ``seat``'s screen (its token already checked by :meth:`rejoin`),
        or the projector's (None: no hand at all). ``client``: the device's id, logged with
        each of its messages the room refuses."""
        r = self._new_match(DeviceSeating(self, token, client), viewer=seat, lang=lang)
        r.rebuild(list(self._decisions))
        device(r).decisions = len(self._decisions)  # a move chosen on it names this position
        with r.changing():
            r.paused = self.paused
            r._bump()
        self._replicas.add(r)
        if seat is not None:
            self.seats[seat].devices += 1
            self._changed()
        return r

    def leave(self, replica: Replica) -> None:
        """A device went away (its page closed or its connection lost)."""
        if replica in self._replicas:
            self._replicas.discard(replica)
            if replica.viewer is not None:
                h = self.seats[replica.viewer]
                h.devices = max(0, h.devices - 1)
                self._changed()

    # ------------------------------------------------------------------ what the room is at
    @property
    def decisions(self) -> int:
        """How many decisions have been played (and written)."""
        return len(self._decisions)

    @property
    def open(self) -> bool:
        return self.status == "open"

    @property
    def over(self) -> bool:
        return bool(self.match.over)

    def tr(self, lang: str | None = None) -> Any:
        return translator(lang or self.lang)

    def _changed(self) -> None:
        for fn in list(self.listeners):
            try:
                fn(self)
            except Exception:  # a listener's failure must not stop the room
                log.exception("room listener failed")

    # ------------------------------------------------------------------ checks
    def _refuse(self, why: Refusal, text: str, *, client: str = "", seat: int | None = None) -> Outcome:
        """A refusal: logged in the store (in a thread), said to the device."""
        detail = f"{why.value}" + (f" seat {seat}" if seat is not None else "")
        loop = _running_loop()
        if loop is not None:
            loop.run_in_executor(self.io, self._log_refusal, detail, client)
        else:
            self._log_refusal(detail, client)
        return Outcome(why, text)

    def _log_refusal(self, detail: str, client: str) -> None:
        try:
            self.store.log_refusal(detail[:200], room_id=self.id, client=(client or "unknown")[:64])
        except Exception:
            log.exception("could not log a refusal")

    # ------------------------------------------------------------------ rules tripped on
    def trip(self, seat: int, rule: str, *, client: str = "") -> bool:
        """The student at ``seat`` tried a move the rules do not allow now (``rule``: the engine's
        refusal key): counted for the teacher, without the student's name (:class:`.trips.RoomTrips`).
        False when not counted (no rule of the game, a bot's seat, the room closed or paused, or
        the same try again)."""
        return self._trips.record(seat, rule, client=client)

    def check_token(self, token: str | None, seat: int) -> bool:
        """Whether ``token`` is the one given to whoever holds ``seat``."""
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats) or not isinstance(token, str):
            return False
        h = self.seats[seat]
        return h.token_hash is not None and codes.same_secret(h.token_hash, _hash(token))

    def seat_of(self, token: str | None) -> int | None:
        """The seat this token holds, if any."""
        if not isinstance(token, str) or not token:
            return None
        digest = _hash(token)
        for h in self.seats:
            if h.token_hash is not None and codes.same_secret(h.token_hash, digest):
                return h.index
        return None

    # ------------------------------------------------------------------ a student's decisions
    def send(self, replica: Replica, action: int) -> None:
        """A replica's move (from its view): submitted, and a refusal shown on that device."""
        seen = device(replica).decisions

        async def go() -> None:
            out = await self.submit(device(replica).token, replica.viewer, action, seen,
                                    client=device(replica).client)
            if not out.ok:
                replica.say(out.message)  # the room's answer, on this device only

        _spawn(go())

    def send_undo(self, replica: Replica) -> None:
        async def go() -> None:
            out = await self.undo(device(replica).token, replica.viewer, client=device(replica).client)
            if not out.ok:
                replica.say(out.message)

        _spawn(go())

    async def submit(self, token: str | None, seat: int | None, action: int, seen: int | None, *,
                     client: str = "") -> Outcome:
        """A student's decision (see the module docstring): ``seen`` is how many decisions
        their device had played when they chose (a late or doubled message is stale)."""
        tr = self.tr()
        if not self.open:
            return self._refuse(Refusal.ROOM_CLOSED, tr.ui("room.closed", "This room is closed."), client=client)
        if not isinstance(seat, int) or not self.check_token(token, seat):
            return self._refuse(Refusal.NOT_YOUR_SEAT, tr.ui("room.not_your_seat",
                                                             "This device does not hold that seat."),
                                client=client, seat=seat if isinstance(seat, int) else None)
        async with self._lock:
            if self.paused:
                return Outcome(Refusal.PAUSED, tr.ui("room.paused", "The teacher has paused the game."))
            if seen != len(self._decisions):
                return self._refuse(Refusal.STALE, tr.ui("room.stale", "The game moved on meanwhile: "
                                                                      "look again and choose."),
                                    client=client, seat=seat)
            m = self.match
            if m.to_move != seat or self.seats[seat].played_by_bot:
                return self._refuse(Refusal.NOT_YOUR_TURN, tr.ui("table.not_your_turn",
                                                                 "Please wait: it is not your turn."),
                                    client=client, seat=seat)
            if not isinstance(action, int) or action not in m.state.legal_actions():
                return self._refuse(Refusal.ILLEGAL, tr.ui("room.not_legal", "That move is not possible here."),
                                    client=client, seat=seat)
            return await self._decide(seat, action, None)

    async def _decide(self, seat: int, action: int, move: BotMove | None) -> Outcome:
        """Write, then play everywhere (the room's lock is held)."""
        number = len(self._decisions)
        text = self.match.game.action_to_text(action)
        explanation = explanation_of(move)
        try:
            await _run(self.io, self.store.append_decision, self.id, number, seat, text,
                       by_bot=move is not None, explanation=explanation)
        except Exception as exc:
            if _gone(exc):
                return self._forgotten()
            log.exception("could not write decision %s of room %s", number, self.code)
            return Outcome(Refusal.STORE, self.tr().ui("room.store_failed", "Your move could not be saved, so it "
                                                                          "was not played. Try again in a moment.")
                           + f" ({type(exc).__name__})")
        self._decisions.append((seat, action, move))
        self.waiting_since = time.monotonic()
        self._play_everywhere(seat, action, move)
        if self.match.over:
            await self._finish()
        self._changed()
        self.kick_bots()
        return DONE

    def _play_everywhere(self, seat: int, action: int, move: BotMove | None) -> None:
        m = self.match
        with _as_viewer(m, seat if move is None else None):
            if move is None:
                TableMatch._play(m, action)  # the undo bookkeeping of the game (its own rules)
            else:
                m.apply_bot_move(move)
        decided = list(self._decisions)
        # the device that decided first: its page shows the move before the others' (each
        # page's update is queued on the server's one event loop, in this order)
        for r in sorted(self._replicas, key=lambda r: move is not None or r.viewer != seat):
            soon(r, partial(self._receive, r, decided))

    @staticmethod
    def _receive(r: Replica, decided: list[tuple[int, int, BotMove | None]]) -> None:
        """A device plays the room's latest decision (the last of ``decided``)."""
        if device(r).decisions != len(decided) - 1:  # behind or ahead (a rebuild came first): rebuilt
            Room._rebuild(r, decided)
            return
        seat, action, move = decided[-1]
        try:
            receive(r, seat, action, move)
            device(r).decisions = len(decided)
        except Exception:  # a device out of step is rebuilt rather than left wrong
            log.exception("replica out of step: rebuilt")
            Room._rebuild(r, decided)

    @staticmethod
    def _rebuild(r: Replica, decided: list[tuple[int, int, BotMove | None]]) -> None:
        r.rebuild(decided)
        device(r).decisions = len(decided)

    async def _finish(self) -> None:
        try:
            await _run(self.io, self.store.finish_room, self.id, result_of(self.match))
            self.status = "over"
        except Exception:
            log.exception("could not write the result of room %s", self.code)

    # ------------------------------------------------------------------ taking back
    def can_undo(self, seat: int) -> bool:
        """Whether ``seat`` may take back its last decision (T-R1): the game's own rule, and
        nobody has decided since."""
        if not self.open or self.paused or not self._decisions or self._decisions[-1][0] != seat:
            return False
        if self._decisions[-1][2] is not None:  # a stand-in bot's move is not the student's
            return False
        with _as_viewer(self.match, seat):
            return bool(TableMatch.can_undo(self.match))

    async def undo(self, token: str | None, seat: int | None, *, client: str = "") -> Outcome:
        tr = self.tr()
        if not isinstance(seat, int) or not self.check_token(token, seat):
            return self._refuse(Refusal.NOT_YOUR_SEAT, tr.ui("room.not_your_seat",
                                                             "This device does not hold that seat."), client=client)
        async with self._lock:
            if not self.can_undo(seat):
                return Outcome(Refusal.NO_UNDO, tr.ui("table.no_undo", "That decision can no longer be taken back."))
            keep = len(self._decisions) - 1
            try:
                await _run(self.io, self.store.truncate_decisions, self.id, keep)
            except Exception:
                log.exception("could not take back a decision of room %s", self.code)
                return Outcome(Refusal.STORE, tr.ui("room.store_failed_undo", "That could not be saved; "
                                                                             "try again in a moment."))
            with _as_viewer(self.match, seat):
                TableMatch.undo(self.match)
            del self._decisions[keep:]
            self.waiting_since = time.monotonic()
            decided = list(self._decisions)
            for r in list(self._replicas):
                soon(r, partial(self._rebuild, r, decided))
            self._changed()
            return DONE

    # ------------------------------------------------------------------ seats
    async def join(self, seat: int, name: str, *, client: str = "") -> Outcome:
        """A student takes a free seat under a name: the device is given the seat's token."""
        tr = self.tr()
        if not self.open:
            return self._refuse(Refusal.ROOM_CLOSED, tr.ui("room.closed", "This room is closed."), client=client)
        if not isinstance(seat, int) or not 0 <= seat < len(self.seats):
            return self._refuse(Refusal.NOT_A_STUDENT_SEAT, tr.ui("room.no_seat", "There is no such seat."),
                                client=client)
        clean = clean_name(name, "")
        if not clean:
            return Outcome(Refusal.BAD_NAME, tr.ui("room.name_please", "Type a first name or a nickname."))
        async with self._lock:
            h = self.seats[seat]
            if h.kind != "student":
                return self._refuse(Refusal.NOT_A_STUDENT_SEAT, tr.ui("room.bot_seat", "A bot plays at that seat."),
                                    client=client, seat=seat)
            if not h.free:
                return self._refuse(Refusal.SEAT_TAKEN, tr.ui("room.seat_taken", "Someone already sits there: "
                                                                                "choose another seat."),
                                    client=client, seat=seat)
            token = codes.new_token()
            digest = _hash(token)
            await _run(self.io, self.store.claim_seat, self.id, seat, token_hash=digest, name=clean)
            h.token_hash, h.name = digest, clean
            self._seats_changed()
            return Outcome(seat=seat, token=token)

    def rejoin(self, token: str | None) -> Outcome:
        """A device comes back with its token (a reload, a tablet waking up)."""
        seat = self.seat_of(token)
        if seat is None:
            return Outcome(Refusal.BAD_TOKEN, self.tr().ui("room.token_unknown",
                                                           "This device no longer holds a seat in this room."))
        return Outcome(seat=seat, token=token)

    async def free_seat(self, seat: int) -> Outcome:
        """The teacher frees a seat: its token stops working; the seat may be taken again."""
        async with self._lock:
            h = self.seats[seat]
            if h.kind != "student":
                return Outcome(Refusal.NOT_A_STUDENT_SEAT, self.tr().ui("room.bot_seat", "A bot plays at that seat."))
            await _run(self.io, self.store.free_seat, self.id, seat)
            h.token_hash, h.name = None, None
            for r in list(self._replicas):
                if r.viewer == seat:  # that device no longer holds the seat
                    device(r).token = None
            self._seats_changed()
            return DONE

    async def stand_in(self, seat: int, on: bool, level: str = "heuristic") -> Outcome:
        """The teacher puts a bot in an absent student's seat, or gives the seat back."""
        async with self._lock:
            h = self.seats[seat]
            if h.kind != "student":
                return Outcome(Refusal.NOT_A_STUDENT_SEAT, self.tr().ui("room.bot_seat", "A bot plays at that seat."))
            await _run(self.io, self.store.set_standin, self.id, seat, on, level if on else None)
            h.standin, h.level = on, (level if on else None)
            self._seats_changed()
        self.kick_bots()
        return DONE

    def _seats_changed(self) -> None:
        follow_seats(self.match, self)
        for r in list(self._replicas):
            soon(r, partial(follow_seats, r, self))
        self._changed()

    # ------------------------------------------------------------------ the teacher's controls
    def set_paused(self, paused: bool) -> None:
        """The teacher pauses the room (nobody may move) or lets it go on."""
        self.paused = bool(paused)
        self._steps = 0
        self.waiting_since = time.monotonic()
        def pause(r: TableMatch, paused: bool = self.paused) -> None:
            with r.changing():
                r.paused = paused
                r._bump()

        pause(self.match)
        for r in list(self._replicas):
            soon(r, partial(pause, r))
        self._changed()
        if not self.paused:
            self.kick_bots()

    async def close(self) -> None:
        """The room closes: its code stops working; every later message is refused."""
        async with self._lock:
            await _run(self.io, self.store.set_status, self.id, "closed")
            self.status = "closed"
            self.match.close()
        if self._bot_task is not None:
            self._bot_task.cancel()
        self._changed()
        self._let_go()

    def _let_go(self) -> None:
        if self.on_closed is not None:
            self.on_closed(self)

    def _forgotten(self) -> Outcome:
        """The room is no longer in the store (its class forgotten, from another server behind
        a proxy): it closes here too, as if the teacher had closed it (the room's lock is held)."""
        log.info("room %s was deleted from the store: closed", self.code)
        self.status = "closed"
        self.match.close()
        if self._bot_task is not None and self._bot_task is not asyncio.current_task():
            self._bot_task.cancel()
        self._changed()
        self._let_go()
        return Outcome(Refusal.ROOM_CLOSED, self.tr().ui("room.closed", "This room is closed."))

    def step(self) -> None:
        """While paused, let one bot decision through (the teacher's "One move" on the projector)."""
        if self.paused and self.open and self.match.is_bot_turn():
            self._steps = 1
            self.kick_bots()

    def _may_go(self) -> bool:
        return self.open and (not self.paused or self._steps > 0)

    # ------------------------------------------------------------------ bots
    def stop_bots(self) -> None:
        """The server stops: a bot thinking is abandoned (its decision was not written, so
        it is thought again when the room resumes)."""
        if self._bot_task is not None:
            self._bot_task.cancel()

    def kick_bots(self) -> None:
        """Let the bots play if one is to move (a task on the running loop)."""
        if self._bot_task is not None and not self._bot_task.done():
            return
        if _running_loop() is None:
            return
        self._bot_task = _spawn(self.run_bots())

    async def run_bots(self) -> None:
        """Play bots' decisions until a student must act, the game ends or the teacher pauses."""
        m = self.match
        loop = asyncio.get_running_loop()
        decide = type(m).decide_turn
        while self._may_go() and not m.over and m.is_bot_turn():
            position = len(self._decisions)
            move = m.plan.next(m.position, m.state.legal_actions)
            if move is None:
                payload = m.bot_payload()
                try:
                    pool = self.bots() if callable(self.bots) else self.bots  # the server's current pool
                    moves = await asyncio.wait_for(loop.run_in_executor(pool, decide, *payload),
                                                   self.bot_timeout)
                except Exception as exc:  # a broken or stuck worker must not stop the room
                    log.warning("bot worker failed (%r): deciding in the server's thread pool", exc)
                    moves = await loop.run_in_executor(None, decide, *payload)
                if len(self._decisions) != position:
                    continue
                m.plan.keep(moves, m.position)
                continue
            async with self._lock:
                if len(self._decisions) != position or not m.is_bot_turn() or not self._may_go():
                    continue
                if self.paused:
                    self._steps -= 1
                seat = m.to_move
                assert seat is not None
                out = await self._decide_bot(seat, move)
            if not out.ok:
                await asyncio.sleep(1.0)  # the store refused: try again shortly
            elif self.pace > 0:
                await asyncio.sleep(self.pace)

    async def _decide_bot(self, seat: int, move: BotMove) -> Outcome:
        number = len(self._decisions)
        text = self.match.game.action_to_text(move.action)
        try:
            await _run(self.io, self.store.append_decision, self.id, number, seat, text, by_bot=True,
                       explanation=explanation_of(move))
        except Exception as exc:
            if _gone(exc):
                return self._forgotten()
            log.exception("could not write a bot's decision in room %s", self.code)
            return Outcome(Refusal.STORE, "")
        self._decisions.append((seat, move.action, move))
        self._play_everywhere(seat, move.action, move)
        if self.match.over:
            await self._finish()
        self._changed()
        return DONE


# ---------------------------------------------------------------------- helpers
def decisions_of(game: Any, record: Any) -> list[Decision]:
    """A stored game's decisions (seat, action, the bot's move or None), to replay."""
    decided: list[Decision] = []
    for d in record.decisions:
        action = game.action_from_text(d.action)
        move = None
        if d.by_bot:
            e = d.explanation if isinstance(d.explanation, dict) else {}
            move = BotMove(action, str(e.get("key", "")), dict(e.get("args", {})))
        decided.append((d.seat, action, move))
    return decided


def explanation_of(move: BotMove | None) -> dict[str, Any] | None:
    """What the store keeps of a bot's reason (JSON data); None for a person's decision."""
    return {"key": move.key, "args": _plain(move.args)} if move is not None else None


def _gone(exc: BaseException) -> bool:
    """Whether a write failed because the room is no longer in the store."""
    from ..store import RoomGone

    return isinstance(exc, RoomGone)


def _hash(token: str) -> str:
    from ..store import hash_token

    return str(hash_token(token))


def _plain(args: dict[str, Any]) -> dict[str, Any]:
    """A bot's explanation arguments as JSON can keep them."""
    out: dict[str, Any] = {}
    for k, v in args.items():
        out[k] = v if isinstance(v, str | int | float | bool) or v is None else str(v)
    return out


def result_of(match: TableMatch) -> dict[str, Any]:
    """What the teacher's results keep of a finished game: totals, winners and each seat's
    breakdown (the score sheet's parts)."""
    sheet = match.score_sheet()
    breakdown, built = match.result_parts()
    names = list(match.names)
    while len(names) < len(sheet.totals):  # Arriala's virtual player (A-R8) scores too
        names.append("virtual")
    return {"totals": list(sheet.totals), "winners": list(sheet.winners), "names": names,
            "breakdown": breakdown, "built": built}


@contextmanager
def _as_viewer(m: TableMatch, seat: int | None) -> Iterator[None]:
    """The authoritative match acts for ``seat`` for a moment (nobody watches it)."""
    before = m.viewer
    m.viewer = seat
    try:
        yield
    finally:
        m.viewer = before


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None


_TASKS: set[asyncio.Task[Any]] = set()


def _spawn(coro: Any) -> asyncio.Task[Any]:
    """A task of the room, kept alive until it ends (asyncio keeps only weak references).

    It runs in a context of its own, not in the context of the page that started it: a
    task copies its creator's context variables, and a page's (Panel's current document)
    would make the room's updates of that page's components bypass the document's lock once
    the page's callback has returned. Outside any page, every device's update is queued on
    its own document, as updates from another session are."""
    task = asyncio.get_running_loop().create_task(coro, context=contextvars.Context())
    _TASKS.add(task)
    task.add_done_callback(_TASKS.discard)
    task.add_done_callback(_report)
    return task


def _report(task: asyncio.Task[Any]) -> None:
    """A room's task that failed is logged at once (asyncio would say so only when it is collected)."""
    if not task.cancelled() and task.exception() is not None:
        log.error("a room's task failed", exc_info=task.exception())


async def _run(executor: Executor | None, fn: Callable[..., Any], *args: Any, **kw: Any) -> Any:
    """``fn`` in a thread: the event loop never waits for the disk."""
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(executor, lambda: fn(*args, **kw))


