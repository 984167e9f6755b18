"""The store's log of refusals: every message or join attempt a room refused, and every move a
student tried that the rules do not allow (a *trip*), with the room and the device's id — an
address is never kept in clear, a student is never named. A part of :class:`.store.Store`."""

from __future__ import annotations

import hashlib
import ipaddress
import re
from contextlib import AbstractContextManager
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from .models import Refusal, Room

REASON_MAX = 200
#: A refusal whose reason starts so is a move a student tried that the rules do not allow
#: (:meth:`Store.log_trip`): the reason goes on with the engine's refusal key.
TRIP_PREFIX = "rule:"
CLIENT_MAX = 64
IPV4_INSIDE = re.compile(r"(?<![\d.])\d{1,3}(?:\.\d{1,3}){3}(?![\d.])")
IPV6_INSIDE = re.compile(r"\[([0-9A-Fa-f:.]+)\]")


def hash_token(token: str) -> str:
    """The sha256 hex digest of a seat token: what the store keeps instead of the token."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def looks_like_ip(text: str) -> bool:
    """Whether ``text`` is or holds an IP address (with a port, in brackets, in an address)."""
    if IPV4_INSIDE.search(text):
        return True
    for candidate in (text, *IPV6_INSIDE.findall(text), text.rsplit(":", 1)[0]):
        try:
            ipaddress.ip_address(candidate.strip("[]"))
        except ValueError:
            continue
        return True
    return False


def client_id(client: str) -> str:
    """A refusal's client as stored: an IP address is never kept in clear (it is hashed)."""
    return "ip-" + hash_token(client)[:16] if looks_like_ip(client) else client[:CLIENT_MAX]


def check_text(what: str, value: str, longest: int) -> None:
    if not isinstance(value, str) or not value or len(value) > longest:
        raise ValueError(f"{what} must be a text of 1 to {longest} characters; got {value!r}")



class RefusalLog:
    """Writing and reading the refusals (a base of :class:`.store.Store`, which gives the
    transactions and the clock)."""

    def _reading(self) -> AbstractContextManager[Session]:
        raise NotImplementedError

    def _writing(self) -> AbstractContextManager[Session]:
        raise NotImplementedError

    def _now(self) -> datetime:
        raise NotImplementedError

    def log_refusal(self, reason: str, *, room_id: str | None = None, client: str = "") -> None:
        """Log a refused message or join attempt. ``reason`` is cut at 200 characters;
        ``client`` is a hashed client id (an IP address given here is hashed, never kept)."""
        if len(reason) > REASON_MAX:
            reason = reason[:REASON_MAX - 1] + "…"
        with self._writing() as session:
            session.add(Refusal(room_id=None if room_id is None else room_id[:32], at=self._now(), reason=reason,
                                client=client_id(client)))

    def log_trip(self, room_id: str, rule: str, *, client: str = "") -> None:
        """Log a move a student tried that the rules do not allow (``rule``: the engine's refusal
        key, e.g. ``arriala.error.moved_twice``): a refusal of the room whose reason is
        :data:`TRIP_PREFIX` and the key, so that :meth:`trips` counts it, and "Forget this class"
        and :meth:`purge` delete it with the room's other refusals. Nothing names the student:
        the room and the device's hashed ``client`` id only."""
        check_text("a rule's key", rule, REASON_MAX - len(TRIP_PREFIX))
        self.log_refusal(TRIP_PREFIX + rule, room_id=room_id, client=client)

    def trips(self, class_session_id: int) -> dict[tuple[str, str], int]:
        """How often the students of a class session tried a move the rules do not allow, over
        all its rooms (open, over or closed): ``(game, rule key)`` → count (:meth:`log_trip`;
        a game's name as :mod:`canal_heritage.games` registers it). Nothing names a student."""
        query = (select(Room.game, Refusal.reason, func.count().label("n"))
                 .join(Room, Room.id == Refusal.room_id)
                 .where(Room.class_session_id == class_session_id,
                        Refusal.reason.startswith(TRIP_PREFIX, autoescape=True))
                 .group_by(Room.game, Refusal.reason))
        with self._reading() as session:
            return {(row.game, row.reason[len(TRIP_PREFIX):]): int(row.n) for row in session.execute(query)}

    def refusals(self, room_id: str | None = None) -> list[tuple[datetime, str, str]]:
        """The logged refusals (of one room, if given) as (at, reason, client), oldest first."""
        query = select(Refusal.at, Refusal.reason, Refusal.client)
        if room_id is not None:
            query = query.where(Refusal.room_id == room_id)
        with self._reading() as session:
            return [(row.at, row.reason, row.client) for row in session.execute(query.order_by(Refusal.id))]
