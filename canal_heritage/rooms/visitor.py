"""Kept games: a museum visitor's game, or the kiosk's, in the same store
as the classroom's rooms, so that a game in progress survives a restart of the server.

A kept game is a room of kind ``visitor`` (one browser at the exhibit) or ``kiosk`` in the
store: its seats (the people at the screen hold the browser's token, hashed; the bots their
level), its seed and first player, and its decisions in order. The browser keeps a random
token in its ``localStorage`` (:class:`~canal_heritage.views.navigation.VisitorKeeper`, never
in the address); the exhibit's home page offers to resume the games kept for that token.

:class:`KeptGame` is the match's :class:`~canal_heritage.matches.table.Journal`: every
decision (the visitor's, a bot's, one taken back) is written before anyone is shown it
(:meth:`~canal_heritage.matches.table.TableMatch.kept`), in a thread — the server's event loop
never waits for the disk. A game's room is never found by a classroom code: its code is not
made of the room codes' alphabet and the classroom looks only at rooms of kind ``room``.

Decision (docs/store.md): a visitor's game never stops because the store fails (a full disk,
a locked file). The failure is logged, the game goes on unkept, and its record is closed so
that it is never resumed at a wrong position. A classroom room refuses the move instead (a
class's results matter more than one visitor's game).
"""

from __future__ import annotations

import asyncio
import logging
import re
import secrets
import uuid
import weakref
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any

from .. import games
from ..matches.table import Decision, Seat, TableMatch
from .room import _run, decisions_of, explanation_of, result_of

log = logging.getLogger(__name__)

#: the kinds of rooms that are kept games: one browser at the exhibit, the museum's kiosk
KINDS = ("visitor", "kiosk")
#: a browser's token: 43 characters of base64url (256 random bits), as :func:`new_token` makes them
TOKEN = re.compile(r"[A-Za-z0-9_-]{32,64}")

#: the kept games this server's pages play now, by room id: one page at a time plays a game
#: (a page that resumes it takes it over: see :func:`take_over`)
_HELD: dict[str, KeptGame] = {}


def new_token() -> str:
    """A new browser token (256 random bits)."""
    return secrets.token_urlsafe(32)


def valid_token(token: Any) -> bool:
    """Whether ``token`` looks like a token this server gave (what a browser sends is checked)."""
    return isinstance(token, str) and TOKEN.fullmatch(token) is not None


def held(room_id: str) -> bool:
    """Whether a page of this server plays the kept game ``room_id`` now."""
    return room_id in _HELD


class KeptGame:
    """The journal of one kept game (see the module docstring).

    Args:
        store: the store (:class:`~canal_heritage.store.Store`).
        io: the thread pool of the store's writes.
        room_id: the game's room in the store.
        written: how many of its decisions are written.
        created: the writing of the room itself, when it is new (the first decision waits for it).
    """

    def __init__(self, store: Any, io: Executor | None, room_id: str, written: int = 0,
                 created: Future[Any] | None = None) -> None:
        self.store = store
        self.io = io
        self.room_id = room_id
        self.written = written
        self.created = created
        #: the store failed: the game goes on, unkept
        self.broken = False
        self.finished = False
        #: the page that played it has closed: what its bots still do is not written
        self.released = False
        #: the match it keeps (set by :meth:`start` and :func:`restore`)
        self.match: weakref.ref[TableMatch] | None = None
        #: what a teacher types in a lesson notebook to replay the game (its code without the "~")
        self.replay_code: str | None = None
        _HELD[room_id] = self

    @classmethod
    def start(cls, match: TableMatch, *, store: Any, io: Executor, kind: str, token: str, lang: str) -> KeptGame:
        """Keep a new game (``match``, not started yet); its room is written in the background."""
        if kind not in KINDS:
            raise ValueError(f"a kept game's kind is one of {KINDS}; got {kind!r}")
        game = match.game_name
        from ..store import hash_token

        seats = [("student", None) if s.kind == "human" else ("bot", s.level) for s in match.seats]
        options: dict[str, Any] = {"names": [s.name for s in match.seats]}
        options.update(match.stored_options())  # Arriala's edition (A-R19)
        overrides = getattr(match, "overrides", None)
        if overrides:  # tests and benchmarks only
            options["overrides"] = overrides
        room_id = uuid.uuid4().hex
        # never typed by anyone: "~" and lower case are not in the room codes' alphabet
        code = "~" + secrets.token_hex(3)
        names = [s.name for s in match.seats]

        def create() -> None:
            store.create_room(code=code, game=game, seed=match.seed, first=match.first, lang=lang,
                              options=options, seats=seats, kind=kind, room_id=room_id)
            for i, s in enumerate(match.seats):
                if s.kind == "human":
                    store.claim_seat(room_id, i, token_hash=hash_token(token), name=names[i] or "-")

        journal = cls(store, io, room_id, 0, io.submit(create))
        journal.replay_code = code[1:]
        journal.match = weakref.ref(match)
        match.journal = journal
        return journal

    async def keep(self, match: TableMatch, kept: int, new: list[Decision]) -> None:
        """Write the change (see :class:`~canal_heritage.matches.table.Journal`)."""
        if self.broken or self.released:
            return
        try:
            if self.created is not None:
                await asyncio.wrap_future(self.created)
                self.created = None
            if kept < self.written:
                await _run(self.io, self.store.truncate_decisions, self.room_id, kept)
                self.written = kept
            for seat, action, move in new:
                await _run(self.io, self.store.append_decision, self.room_id, self.written, seat,
                           match.game.action_to_text(action), by_bot=move is not None,
                           explanation=explanation_of(move))
                self.written += 1
            if match.over and not self.finished:
                await _run(self.io, self.store.finish_room, self.room_id, result_of(match))
                self.finished = True
        except Exception:
            log.exception("a kept game could not be written: it goes on, unkept")
            self.broken = True
            self.close()

    def close(self) -> None:
        """The game is discarded (a new game in its place, the kiosk's next visitor): its
        record is closed (never resumed; kept for the retention period, as every room)."""
        self.release()
        if self.finished:
            return
        self.finished = True
        created, store, room_id = self.created, self.store, self.room_id

        def closing() -> None:
            try:
                if created is not None:
                    created.result()
                store.set_status(room_id, "closed")
            except Exception:
                log.exception("a kept game's record could not be closed")

        if self.io is not None:
            self.io.submit(closing)

    def release(self) -> None:
        """This page no longer plays the game (it closed): another may resume it."""
        self.released = True
        if _HELD.get(self.room_id) is self:
            del _HELD[self.room_id]


def kept_games(store: Any, token: str) -> list[Any]:
    """The open kept games of the browser with ``token``, newest first (read in a thread)."""
    from ..store import hash_token

    if not valid_token(token):
        return []
    return [r for r in store.kept_games(hash_token(token)) if r.kind in KINDS]


def restore(record: Any, *, store: Any, io: Executor | None, lang: str, **match_kw: Any) -> TableMatch:
    """The kept game ``record`` as a match at its last written decision, kept on from there.
    ``match_kw``: what the exhibit gives its matches (projector, bots' settings)."""
    names = list((record.options or {}).get("names") or [])
    seats = [Seat("human" if s.kind == "student" else "bot", str(names[i]) if i < len(names) else "",
                  s.level or "heuristic") for i, s in enumerate(record.seats)]
    cls: type[TableMatch] = games.kind(record.game).match_class
    # begun as it was: the stored options win over the exhibit's (Arriala's edition, A-R19)
    match = cls(seats, record.seed, first=record.first, lang=lang,
                **{**match_kw, **cls.options_from_record(record.options)})
    decided = decisions_of(match.game, record)
    match.rebuild(decided)
    journal = KeptGame(store, io, record.id, len(decided))
    journal.replay_code = record.code[1:] if record.code.startswith("~") else None
    journal.match = weakref.ref(match)
    match.journal = journal
    return match


async def take_over(room_id: str) -> None:
    """Another page resumes the game ``room_id``: the page of this server that plays it (a tab
    left open, the page before a reload, whose session Bokeh has not yet closed) lets it go —
    its bots stop and nothing more of it is written — once its write in progress is done."""
    old = _HELD.get(room_id)
    if old is None:
        return
    old.release()
    match = old.match() if old.match is not None else None
    if match is not None:
        match.close()
        for _ in range(250):
            if not match.running:
                break
            await asyncio.sleep(0.02)


class VisitorShelf:
    """One browser page's kept games: the browser's token, the games kept for it that the
    page offers to resume (by game name: their room ids), and keeping, taking up or dropping
    one. No UI: the exhibit's page shows the offers and the tables.

    Args:
        classroom: the server's classroom (its store and its store's thread pool), or a
            function returning it; None or a function returning None: nothing is kept (outside
            ``canal-heritage serve``).
        kind: ``visitor`` or ``kiosk`` (the kiosk's games are never offered to the next
            visitor: it drops them).
    """

    def __init__(self, classroom: Any, kind: str = "visitor") -> None:
        if kind not in KINDS:
            raise ValueError(f"a kept game's kind is one of {KINDS}; got {kind!r}")
        self._classroom = classroom
        self.kind = kind
        #: the browser's token, once its page has sent it (or been given a new one)
        self.token: str | None = None
        #: the kept games offered, by game name: their room ids
        self.offers: dict[str, str] = {}

    @property
    def classroom(self) -> Any:
        """The server's classroom, whose store keeps games (None outside a server)."""
        return self._classroom() if callable(self._classroom) else self._classroom

    def hello(self, token: Any) -> str | None:
        """The page has sent the browser's token; a new one when it sent none or not one of
        ours. Returns the new token the browser must keep (None: it keeps its own)."""
        if valid_token(token):
            self.token = token
            return None
        self.token = new_token()
        return self.token

    async def look(self, in_progress: Callable[[str], bool]) -> dict[str, str]:
        """The games kept for this browser, the newest of each game the page has none of in
        progress (``in_progress(game)``): they become the offers (returned). Nothing when the
        store cannot be read: nothing is lost, nothing offered."""
        room, token = self.classroom, self.token
        if room is None or token is None:
            return {}
        try:
            records = await asyncio.get_running_loop().run_in_executor(room.hub.io, kept_games, room.store, token)
        except Exception:
            log.exception("could not look for the games kept for a visitor")
            return {}
        offers: dict[str, str] = {}
        for record in records:  # the newest first
            if record.game in games.names() and record.game not in offers and not in_progress(record.game):
                offers[record.game] = record.id
        self.offers = offers
        return dict(offers)

    async def take_up(self, game: str, *, lang: str, **match_kw: Any) -> tuple[TableMatch, int | None] | None:
        """The kept game of ``game`` the page offered, as a match at its last decision, and the
        seat that began (a page of this server that plays it lets it go first: :func:`take_over`).
        None if it cannot be (closed meanwhile, or a record this version cannot replay: then
        closed, never offered again)."""
        room, room_id = self.classroom, self.offers.pop(game, None)
        if room is None or room_id is None:
            return None
        await take_over(room_id)
        try:
            record = await asyncio.get_running_loop().run_in_executor(room.hub.io, room.store.room, room_id)
        except Exception:
            log.exception("could not read a kept game")
            return None
        if record is None or record.status != "open":
            return None
        try:
            match = restore(record, store=room.store, io=room.hub.io, lang=lang, **match_kw)
        except Exception:
            log.exception("a kept game could not be resumed: its record is closed")
            KeptGame(room.store, room.hub.io, room_id).close()
            return None
        return match, record.first

    def keep(self, match: TableMatch, lang: str) -> None:
        """Keep a new game in the store (inside a server, once the browser's token is known);
        a failure leaves the game going on, unkept."""
        room = self.classroom
        if room is None or self.token is None:
            return
        try:
            KeptGame.start(match, store=room.store, io=room.hub.io, kind=self.kind, token=self.token, lang=lang)
        except Exception:
            log.exception("a visitor's game could not be kept")

    def drop(self, game: str) -> None:
        """A new game of ``game`` instead of the kept one offered (or the kiosk's next
        visitor): the kept one is closed, never offered again."""
        room_id, room = self.offers.pop(game, None), self.classroom
        if room_id is not None and room is not None:
            KeptGame(room.store, room.hub.io, room_id).close()
