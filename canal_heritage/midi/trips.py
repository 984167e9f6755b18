"""The Canal du Midi rules a student may trip on: what the engine refused (its refusal key,
:func:`.explain.why_illegal`), the ruling that decides it, and what the student tried, counted
("3 tries to swap two cards of the same value").

A classroom room counts the moves its students try that the rules do not allow
(:mod:`canal_heritage.rooms.trips`), so that the teacher knows what to explain to the whole
class. A key not listed here is not a rule a student trips on (a message that names no
action, a move after the end): it is not counted.
"""

from __future__ import annotations

from collections.abc import Callable

from ..i18n import Translator

#: The engine's refusal key → the ruling that decides it; "" when the rulebook itself says so
#: (no ruling id: docs/rulings.md, "Rules tripped on in a classroom").
RULINGS: dict[str, str] = {
    "error.wrong_phase": "M-R12",
    "error.not_in_hand": "",
    "error.no_face_down": "M-R2",
    "error.not_face_up": "",
    "error.bad_opponent": "M-R7",
    "error.must_trade_face_up": "M-R7",
    "error.no_face_up_trade": "M-R7",
    "error.trade_changes_nothing": "M-R15",
    "error.trade_card_missing": "M-R7",
}


def tries(tr: Translator, key: str, n: int) -> str | None:
    """``n`` tries of what the engine refused with ``key``, in ``tr``'s language and without
    the ruling; None for a key that is not in :data:`RULINGS`."""
    texts: dict[str, Callable[[], str]] = {
        "error.wrong_phase": lambda: tr.ui_plural(
            "trip.midi.wrong_phase", "{n} try to play a step of the round out of its order",
            "{n} tries to play a step of the round out of its order", n),
        "error.not_in_hand": lambda: tr.ui_plural(
            "trip.midi.not_in_hand", "{n} try to bet a card that is not in the hand",
            "{n} tries to bet a card that is not in the hand", n),
        "error.no_face_down": lambda: tr.ui_plural(
            "trip.midi.no_face_down", "{n} try to draw face down with no face-down card left",
            "{n} tries to draw face down with no face-down card left", n),
        "error.not_face_up": lambda: tr.ui_plural(
            "trip.midi.not_face_up", "{n} try to draw a face-up card that is not there",
            "{n} tries to draw a face-up card that is not there", n),
        "error.bad_opponent": lambda: tr.ui_plural(
            "trip.midi.bad_opponent", "{n} try to trade with someone who is not an opponent",
            "{n} tries to trade with someone who is not an opponent", n),
        "error.must_trade_face_up": lambda: tr.ui_plural(
            "trip.midi.must_trade_face_up", "{n} try to trade from the hand while face-up cards can be swapped",
            "{n} tries to trade from the hand while face-up cards can be swapped", n),
        "error.no_face_up_trade": lambda: tr.ui_plural(
            "trip.midi.no_face_up_trade", "{n} try to swap face-up cards when one side has none",
            "{n} tries to swap face-up cards when one side has none", n),
        "error.trade_changes_nothing": lambda: tr.ui_plural(
            "trip.midi.trade_changes_nothing", "{n} try to swap two cards of the same value",
            "{n} tries to swap two cards of the same value", n),
        "error.trade_card_missing": lambda: tr.ui_plural(
            "trip.midi.trade_card_missing", "{n} try to trade a card that is not there",
            "{n} tries to trade a card that is not there", n),
    }
    make = texts.get(key)
    return make() if make is not None else None
