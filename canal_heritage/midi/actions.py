"""Canal du Midi actions: small integers, as in OpenSpiel, with a typed view and a text form.

The engine generates and applies ints (fast for search bots); :func:`decode` gives a
readable :class:`Action`, and :func:`to_text` / :func:`from_text` give the stable form a
saved game stores (``"bet 4"``, ``"draw up 3"``, ``"trade up give=3 seat=2 take=5"``).

Cards are named by value (M-R14): two cards of the same value are interchangeable in every
respect (M-R7: a traded card belongs to its new holder in every respect), so choosing
"a 3" is the whole decision.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

from ..core.errors import IllegalActionError

DRAW_DOWN = 0
DRAW_UP = 1  # + value (0..6)
BET = 10  # + value
DECLINE = 20  # do not start / do not join reinforcements
REINFORCE = 21  # start / join reinforcements: spend a coin (M-R4)
TRADE_PASS = 30
TRADE_UP = 100  # + seat*64 + give*8 + take
TRADE_HAND = 400  # + seat*8 + give

Kind = Literal["draw", "bet", "reinforce", "trade"]
_NUMBER = re.compile(r"0|[1-9][0-9]?")


@dataclass(frozen=True)
class Action:
    """A decoded action.

    Attributes:
        kind: ``draw``, ``bet``, ``reinforce`` or ``trade``.
        face_up: for ``draw``: True to take a face-up card, False for a random face-down one.
        value: the card taken (draw up), bet, or given (trade).
        yes: for ``reinforce``: spend a coin (True) or not.
        trade: for ``trade``: ``"up"``, ``"hand"`` or ``"pass"``.
        seat: the opponent of a trade.
        take: the opponent's face-up card taken in an ``up`` trade.
    """

    kind: Kind
    face_up: bool = False
    value: int | None = None
    yes: bool = False
    trade: Literal["up", "hand", "pass"] | None = None
    seat: int | None = None
    take: int | None = None


def draw_up(value: int) -> int:
    return DRAW_UP + value


def bet(value: int) -> int:
    return BET + value


def trade_up(give: int, seat: int, take: int) -> int:
    return TRADE_UP + seat * 64 + give * 8 + take


def trade_hand(give: int, seat: int) -> int:
    return TRADE_HAND + seat * 8 + give


def trade_up_parts(action: int) -> tuple[int, int, int]:
    """The opponent's seat, the value given and the value taken of a face-up swap."""
    seat, rest = divmod(action - TRADE_UP, 64)
    give, take = divmod(rest, 8)
    return seat, give, take


def trade_hand_parts(action: int) -> tuple[int, int]:
    """The opponent's seat and the value given of a hand trade."""
    seat, give = divmod(action - TRADE_HAND, 8)
    return seat, give


def decode(action: int) -> Action:
    """The typed view of an action int. Raises IllegalActionError for an unknown int."""
    if not isinstance(action, int) or isinstance(action, bool):
        raise IllegalActionError(f"{action!r} is not an action", "error.not_an_action")
    if action == DRAW_DOWN:
        return Action("draw", face_up=False)
    if DRAW_UP <= action < DRAW_UP + 8:
        return Action("draw", face_up=True, value=action - DRAW_UP)
    if BET <= action < BET + 8:
        return Action("bet", value=action - BET)
    if action in (DECLINE, REINFORCE):
        return Action("reinforce", yes=action == REINFORCE)
    if action == TRADE_PASS:
        return Action("trade", trade="pass")
    if TRADE_UP <= action < TRADE_UP + 4 * 64:
        seat, give, take = trade_up_parts(action)
        return Action("trade", trade="up", seat=seat, value=give, take=take)
    if TRADE_HAND <= action < TRADE_HAND + 4 * 8:
        seat, give = trade_hand_parts(action)
        return Action("trade", trade="hand", seat=seat, value=give)
    raise IllegalActionError(f"{action} is not a Canal du Midi action", "error.not_an_action")


def encode(a: Action) -> int:
    """The int of a typed action."""
    if a.kind == "draw":
        return draw_up(a.value or 0) if a.face_up else DRAW_DOWN
    if a.kind == "bet":
        return bet(a.value or 0)
    if a.kind == "reinforce":
        return REINFORCE if a.yes else DECLINE
    if a.trade == "pass":
        return TRADE_PASS
    if a.trade == "up":
        return trade_up(a.value or 0, a.seat or 0, a.take or 0)
    return trade_hand(a.value or 0, a.seat or 0)


def to_text(action: int) -> str:
    """Stable text of an action, as stored in saved games."""
    a = decode(action)
    if a.kind == "draw":
        return f"draw up {a.value}" if a.face_up else "draw down"
    if a.kind == "bet":
        return f"bet {a.value}"
    if a.kind == "reinforce":
        return "reinforce yes" if a.yes else "reinforce no"
    if a.trade == "pass":
        return "trade pass"
    if a.trade == "up":
        return f"trade up give={a.value} seat={a.seat} take={a.take}"
    return f"trade hand give={a.value} seat={a.seat}"


def from_text(text: str) -> int:
    """Parse the stable text form. Raises IllegalActionError on anything else."""
    words = text.split() if isinstance(text, str) else []

    def num(word: str, prefix: str = "") -> int:
        if prefix:
            if not word.startswith(prefix):
                raise ValueError
            word = word[len(prefix):]
        if not _NUMBER.fullmatch(word):  # ASCII, no leading zero: the form to_text writes
            raise ValueError
        return int(word)

    try:
        match words:
            case ["draw", "down"]:
                return DRAW_DOWN
            case ["draw", "up", v] if num(v) < 8:
                return draw_up(num(v))
            case ["bet", v] if num(v) < 8:
                return bet(num(v))
            case ["reinforce", "yes"]:
                return REINFORCE
            case ["reinforce", "no"]:
                return DECLINE
            case ["trade", "pass"]:
                return TRADE_PASS
            case ["trade", "up", g, s, t] if num(g, "give=") < 8 and num(s, "seat=") < 4 and num(t, "take=") < 8:
                return trade_up(num(g, "give="), num(s, "seat="), num(t, "take="))
            case ["trade", "hand", g, s] if num(g, "give=") < 8 and num(s, "seat=") < 4:
                return trade_hand(num(g, "give="), num(s, "seat="))
    except ValueError:
        pass
    raise IllegalActionError(f"{text!r} is not a Canal du Midi action", "error.not_an_action", text=str(text))
