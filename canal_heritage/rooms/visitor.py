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
