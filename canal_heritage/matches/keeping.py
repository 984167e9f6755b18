"""A kept game's change, written before it is shown (:func:`keep_change`): the visitor's move,
a bot's, or taking one back, made inside the table's one update, whose views are told only
once the table's journal has written what the change did to the game's decisions.

The table is described by :class:`KeptTable`, what this reads and changes of a
:class:`~.table.TableMatch` (the table imports this module, not the reverse).
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager
from typing import Any, Protocol, TypeVar

from ..core.bots import BotMove

T = TypeVar("T")

#: One decision of a game: the seat that made it, its action, and the bot's move (with its
#: explanation) when a bot made it.
Decision = tuple[int, int, BotMove | None]


class KeptTable(Protocol):
    """What keeping a change reads and changes of a table."""

    #: where the decisions are written (a :class:`~.table.Journal`), None: a game not kept
    journal: Any
    #: a decision is being written: a second change waits its turn (a second click is ignored)
    writing: bool
    state: Any
    bot_moves: list[tuple[int, BotMove]]

    @property
    def to_move(self) -> int | None: ...
    def changing(self) -> AbstractContextManager[None]: ...


async def keep_change(table: KeptTable, change: Callable[[], T]) -> T | None:
    """Make ``change`` as one update of ``table``; with a journal, what it did to the game's
    decisions (the first ``kept`` stay, then at most one new one) is written before the
    update is shown. None while another decision is being written."""
    if table.journal is None:
        with table.changing():
            return change()
    if table.writing:
        return None
    table.writing = True
    try:
        with table.changing():  # the views are told when this block ends: after the write
            before = list(table.state.history)
            mover, bots = table.to_move, len(table.bot_moves)
            result = change()
            after = table.state.history
            kept = 0
            while kept < min(len(before), len(after)) and before[kept] == after[kept]:
                kept += 1
            new: list[Decision] = []
            if len(after) == kept + 1 and mover is not None:
                move = table.bot_moves[-1][1] if len(table.bot_moves) > bots else None
                new = [(mover, after[kept], move)]
            elif len(after) > kept:  # more than one decision in one change: none of ours does that
                raise AssertionError(f"{len(after) - kept} decisions in one change")
            if new or kept < len(before):
                await table.journal.keep(table, kept, new)
    finally:
        table.writing = False
    return result
