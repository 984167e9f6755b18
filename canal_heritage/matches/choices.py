"""The decisions a table offers, as typed values: what a view reads instead of action ints.

The engines speak in action ints (fast for search bots, stable in saved games); a view needs
to know what a decision *is*: what kind of decision, whose, where it ends, what it costs and
its words. A match hands out :class:`Choice` objects (``match.choices()``) and takes one back
(``match.choose(choice)``), which it plays through its usual path (undo, the held last action
point of T-R2, seating, refusals): the int stays inside, for the match.

A place on a board is a :class:`Where`: a kind and an index, never a number to do sums with.
One class for both games: Canal du Midi's choices have no place (:data:`NOWHERE`) and no cost.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

__all__ = ["NOWHERE", "Choice", "Where", "WhereKind"]

#: What a place is. Arriala: a canal ``cell`` (towns included), a ``vineyard``, a ``blue``
#: cell (a river work), an engineering ``work``; a worker may also be in ``reserve`` or
#: ``gone`` (an unused slot); ``none``: a decision that ends nowhere (a draw, the end of a turn).
WhereKind = Literal["cell", "vineyard", "blue", "work", "reserve", "gone", "none"]


@dataclass(frozen=True, slots=True)
class Where:
    """A place on the board: its kind and its index among the board's places of that kind
    (``-1`` for ``reserve``, ``gone`` and ``none``)."""

    kind: WhereKind
    index: int = -1

    @property
    def on_board(self) -> bool:
        """Whether it is drawn on the board (a cell, a vineyard, a blue cell or a work)."""
        return self.kind in ("cell", "vineyard", "blue", "work")


#: The place of a decision that ends nowhere.
NOWHERE = Where("none")


@dataclass(frozen=True, slots=True)
class Choice:
    """One decision a player may take (or, asked of the engine, one it would refuse).

    Attributes:
        kind: what kind of decision. Arriala: a palette entry (``move``, ``place``,
            ``to_vineyard``, ``from_vineyard``, ``river_work``, ``lock``, ``draw``,
            ``end_turn``) or ``card:<card kind id>``. Canal du Midi: ``draw``, ``bet``,
            ``reinforce`` or ``trade``.
        action: the engine's action int, for the match (a view passes it on unread).
        text: the decision's stable text, as a saved game writes it (``move w7 moissac``,
            ``trade up give=3 seat=2 take=5``): a view may use it as a name, not read it.
        seat: who decides (``None`` when the match does not say).
        worker: Arriala: the worker the decision moves, if any.
        owner: Arriala: that worker's owner (the virtual player's too, A-R8).
        where: where the decision ends (:data:`NOWHERE` if it ends on no place).
        cost: Arriala: the action points it costs now; ``None`` in Canal du Midi (no points).
        how: Canal du Midi: ``up``/``down`` for a draw (a face-up card, or a random face-down
            one), ``up``/``hand``/``pass`` for a trade (M-R7), ``yes``/``no`` for reinforcements
            (M-R4).
        value: Canal du Midi: the card's value taken (a face-up draw), bet, or given (a trade).
        partner: Canal du Midi: the other seat of a trade.
        take: Canal du Midi: the partner's face-up card taken in an ``up`` trade.
    """

    kind: str
    action: int
    text: str
    seat: int | None = None
    worker: int | None = None
    owner: int | None = None
    where: Where = NOWHERE
    cost: int | None = None
    how: str | None = None
    value: int | None = None
    partner: int | None = None
    take: int | None = None

    @property
    def name(self) -> str:
        """The stable text as one word (spaces as dashes): what a button's CSS class carries."""
        return self.text.replace(" ", "-")
