"""Why a Canal du Midi action is not legal now: a readable reason with a message key, and the
ruling when one decides it (M-R7, M-R15)."""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalActionError
from . import actions as A
from .rules import BET, DRAW, END, RJOIN, RSTART, TRADE
from .table import MidiPosition


def why_illegal(s: MidiPosition, action: Any) -> IllegalActionError:
    """The error explaining why ``action`` is not legal now (only asked of an action that is not)."""
    if s.phase == END:
        return IllegalActionError("The game is over: no more actions.", "error.game_over")
    try:
        a = A.decode(action)
    except IllegalActionError as exc:
        return exc
    p = s.queue[0]
    expected = {DRAW: "draw", BET: "bet", RSTART: "reinforce",
                RJOIN: "reinforce", TRADE: "trade"}[s.phase]
    if a.kind != expected:
        return IllegalActionError(
            f"It is time to {expected}, not to {a.kind}.", "error.wrong_phase",
            expected=expected, got=a.kind, player=p)
    if a.kind == "bet":
        return IllegalActionError(
            f"You have no card worth {a.value} in your hand.", "error.not_in_hand", value=a.value, player=p)
    if a.kind == "draw":
        if not a.face_up:
            return IllegalActionError("You have no face-down card left.", "error.no_face_down", player=p)
        return IllegalActionError(
            f"There is no face-up card worth {a.value} in front of you.", "error.not_face_up",
            value=a.value, player=p)
    if a.kind == "trade":
        if a.seat is not None and (a.seat == p or a.seat >= s.n):
            return IllegalActionError("Trade with an opponent at the table.", "error.bad_opponent", player=p)
        if a.trade == "hand" and s.up[p] and any(s.up[o] for o in range(s.n) if o != p):
            return IllegalActionError(
                "You must swap face-up cards while you and an opponent have some (M-R7).",
                "error.must_trade_face_up", player=p, ruling="M-R7")
        if a.trade == "up" and not (s.up[p] and any(s.up[o] for o in range(s.n) if o != p)):
            return IllegalActionError(
                "A face-up swap needs a face-up card in front of you and of an opponent (M-R7).",
                "error.no_face_up_trade", player=p, ruling="M-R7")
        if a.trade == "up" and a.value == a.take:
            return IllegalActionError(
                "Swapping two cards of the same value would change nothing (M-R15).",
                "error.trade_changes_nothing", player=p, ruling="M-R15")
        return IllegalActionError("That card is not there to trade.", "error.trade_card_missing", player=p)
    return IllegalActionError("That action is not possible now.", "error.illegal", player=p)
