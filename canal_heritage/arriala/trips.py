"""The Arriala rules a student may trip on: what the engine refused (its refusal key,
:func:`.explain.why_illegal`), the ruling that decides it, and what the student tried, counted
("3 tries to move a worker twice in one turn").

A classroom room counts the moves its students try that the rules do not allow (a greyed
choice tapped, :mod:`canal_heritage.rooms.trips`), so that the teacher knows what to explain
to the whole class. A key not listed here is not a rule a student trips on (a cell, worker or
card the game does not have: only a forged message names one; a move after the end): it is
not counted.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import Translator

#: The engine's refusal key → the ruling that decides it; "" when the rulebook itself says so
#: (no ruling id: docs/rulings.md, "Rules tripped on in a classroom").
RULINGS: dict[str, str] = {
    "arriala.error.no_ap": "",
    "arriala.error.no_reserve": "",
    "arriala.error.deck_empty": "A-R17",
    "arriala.error.no_lock_left": "A-R5",
    "arriala.error.all_tied": "A-R7",
    "arriala.error.not_last": "A-R7",
    "arriala.error.work_built": "A-R7",
    "arriala.error.vineyard_full": "",
    "arriala.error.blue_taken": "",
    "arriala.error.moved_twice": "A-R2",
    "arriala.error.undo_previous": "A-R3",
    "arriala.error.stretch_full": "A-R5",
    "arriala.error.card_target": "A-R16",
    "arriala.error.stuck": "",
    "arriala.error.not_in_vineyard": "",
    "arriala.error.not_on_canal": "",
    "arriala.error.cell_taken": "A-R1",
    "arriala.error.closed": "A-R4",
    "arriala.error.lock_not_free": "A-R5",
    "arriala.error.lock_closed": "A-R4",
    "arriala.error.lock_there": "A-R1",
    "arriala.error.lock_on_town": "",
    "arriala.error.not_yours": "",
    "arriala.error.no_card": "",
}


def tries(tr: Translator, key: str, n: int) -> str | None:
    """``n`` tries of what the engine refused with ``key``, in ``tr``'s language and without
    the ruling; None for a key that is not in :data:`RULINGS`."""
    texts: dict[str, Callable[[], str]] = {
        "arriala.error.no_ap": lambda: tr.ui_plural(
            "trip.arriala.no_ap", "{n} try to spend more action points than are left",
            "{n} tries to spend more action points than are left", n),
        "arriala.error.no_reserve": lambda: tr.ui_plural(
            "trip.arriala.no_reserve", "{n} try to place a worker with none left in the reserve",
            "{n} tries to place a worker with none left in the reserve", n),
        "arriala.error.deck_empty": lambda: tr.ui_plural(
            "trip.arriala.deck_empty", "{n} try to draw from an empty deck",
            "{n} tries to draw from an empty deck", n),
        "arriala.error.no_lock_left": lambda: tr.ui_plural(
            "trip.arriala.no_lock_left", "{n} try to build a lock when all 8 are built",
            "{n} tries to build a lock when all 8 are built", n),
        "arriala.error.all_tied": lambda: tr.ui_plural(
            "trip.arriala.all_tied", "{n} try to build an engineering work while every player is tied",
            "{n} tries to build an engineering work while every player is tied", n),
        "arriala.error.not_last": lambda: tr.ui_plural(
            "trip.arriala.not_last", "{n} try to build an engineering work without being last on the score track",
            "{n} tries to build an engineering work without being last on the score track", n),
        "arriala.error.work_built": lambda: tr.ui_plural(
            "trip.arriala.work_built", "{n} try to build an engineering work that is already built",
            "{n} tries to build an engineering work that is already built", n),
        "arriala.error.vineyard_full": lambda: tr.ui_plural(
            "trip.arriala.vineyard_full", "{n} try to send a worker to a full vineyard",
            "{n} tries to send a worker to a full vineyard", n),
        "arriala.error.blue_taken": lambda: tr.ui_plural(
            "trip.arriala.blue_taken", "{n} try to build a river work where one is already built",
            "{n} tries to build a river work where one is already built", n),
        "arriala.error.moved_twice": lambda: tr.ui_plural(
            "trip.arriala.moved_twice", "{n} try to move a worker twice in one turn",
            "{n} tries to move a worker twice in one turn", n),
        "arriala.error.undo_previous": lambda: tr.ui_plural(
            "trip.arriala.undo_previous", "{n} try to put back a worker the previous player just moved",
            "{n} tries to put back a worker the previous player just moved", n),
        "arriala.error.stretch_full": lambda: tr.ui_plural(
            "trip.arriala.stretch_full", "{n} try to build more locks in a stretch than the board allows",
            "{n} tries to build more locks in a stretch than the board allows", n),
        "arriala.error.card_target": lambda: tr.ui_plural(
            "trip.arriala.card_target", "{n} try to play a card with nothing for it to do",
            "{n} tries to play a card with nothing for it to do", n),
        "arriala.error.stuck": lambda: tr.ui_plural(
            "trip.arriala.stuck", "{n} try to move a worker that built a river work",
            "{n} tries to move a worker that built a river work", n),
        "arriala.error.not_in_vineyard": lambda: tr.ui_plural(
            "trip.arriala.not_in_vineyard", "{n} try to bring back a worker from a vineyard when none is there",
            "{n} tries to bring back a worker from a vineyard when none is there", n),
        "arriala.error.not_on_canal": lambda: tr.ui_plural(
            "trip.arriala.not_on_canal", "{n} try to use a worker that is not on the canal",
            "{n} tries to use a worker that is not on the canal", n),
        "arriala.error.cell_taken": lambda: tr.ui_plural(
            "trip.arriala.cell_taken", "{n} try to stop on a cell another worker holds",
            "{n} tries to stop on a cell another worker holds", n),
        "arriala.error.closed": lambda: tr.ui_plural(
            "trip.arriala.closed", "{n} try to stop in a section that has scored",
            "{n} tries to stop in a section that has scored", n),
        "arriala.error.lock_not_free": lambda: tr.ui_plural(
            "trip.arriala.lock_not_free", "{n} try to build a lock on a cell that is not free",
            "{n} tries to build a lock on a cell that is not free", n),
        "arriala.error.lock_closed": lambda: tr.ui_plural(
            "trip.arriala.lock_closed", "{n} try to build a lock in a section that has scored",
            "{n} tries to build a lock in a section that has scored", n),
        "arriala.error.lock_there": lambda: tr.ui_plural(
            "trip.arriala.lock_there", "{n} try to stop on a lock",
            "{n} tries to stop on a lock", n),
        "arriala.error.lock_on_town": lambda: tr.ui_plural(
            "trip.arriala.lock_on_town", "{n} try to build a lock on a town",
            "{n} tries to build a lock on a town", n),
        "arriala.error.not_yours": lambda: tr.ui_plural(
            "trip.arriala.not_yours", "{n} try to use another player's worker where only one's own will do",
            "{n} tries to use another player's worker where only one's own will do", n),
        "arriala.error.no_card": lambda: tr.ui_plural(
            "trip.arriala.no_card", "{n} try to play a card that is not in the hand",
            "{n} tries to play a card that is not in the hand", n),
    }
    make = texts.get(key)
    return make() if make is not None else None
