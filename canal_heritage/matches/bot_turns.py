"""The bots' turns at a table: what a bot has decided and not played yet (:class:`BotPlan`),
and playing the bots' turns off the server's event loop (:func:`play_bots_turns`).

A bot decides in a worker process (:mod:`.pool`), from its own observation only (M-R1,
A-R11), and may decide several actions of its turn at once (an Arriala turn); the table
plays them one at a time, each one change the views show, at the table's pace. A decision
made for a position that has changed meanwhile (a decision taken back, a reset) is dropped.

The table these functions play at is described by :class:`BotTable`, what they read and
change of a :class:`~.table.TableMatch` (the table imports this module, not the reverse).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from concurrent.futures import Executor
from contextlib import AbstractContextManager
from functools import partial
from typing import Any, Protocol, TypeVar

from ..core.bots import BotMove

log = logging.getLogger(__name__)

T = TypeVar("T")


class BotPlan:
    """A bot's actions decided for one position and not played yet, first one first."""

    def __init__(self) -> None:
        self.moves: list[BotMove] = []
        #: the position they were decided for (:attr:`~.table.TableMatch.position`)
        self.at: tuple[int, int] | None = None

    def next(self, position: tuple[int, int], legal: Callable[[], list[int]]) -> BotMove | None:
        """The next decided action, if it was decided for this very ``position`` and is legal
        there (``legal()``: the legal actions); otherwise the plan is dropped."""
        if self.moves and self.at == position:
            move = self.moves[0]
            if move.action in legal():
                return move
        self.moves = []
        return None

    def keep(self, moves: list[BotMove], position: tuple[int, int]) -> None:
        """The actions a bot decided for ``position``."""
        self.moves = list(moves)
        self.at = position

    def played(self, move: BotMove, position: tuple[int, int]) -> None:
        """``move`` was played; the rest follow ``position``, the position it led to."""
        if self.moves and self.moves[0] is move:
            self.moves.pop(0)
            self.at = position

    def clear(self) -> None:
        self.moves = []


class BotTable(Protocol):
    """What the bots' turns read and change of a table (a :class:`~.table.TableMatch`)."""

    plan: BotPlan
    busy: bool
    thinking: bool
    paused: bool
    closed: bool
    pace: float
    journal: Any
    writing: bool
    state: Any
    on_worker_failure: Callable[[BaseException], None] | None

    @property
    def position(self) -> tuple[int, int]: ...
    def is_bot_turn(self) -> bool: ...
    def bot_payload(self) -> tuple[Any, ...]: ...
    def apply_bot_move(self, move: BotMove) -> None: ...
    async def kept(self, change: Callable[[], T]) -> T | None: ...
    def changing(self) -> AbstractContextManager[None]: ...
    def _bump(self) -> None: ...


async def play_bots_turns(table: BotTable, decide: Callable[..., list[BotMove]], executor: Executor | None, *,
                          timeout: float, thinking_delay: float) -> None:
    """Play bots' turns at ``table`` until a person must act (or the projector pauses, or the
    table is closed): each bot's turn decided by ``decide(*table.bot_payload())`` in
    ``executor``, each action one change, :attr:`pace` seconds after the previous one.

    :attr:`busy` is set while a bot decides, without a version bump; if the decision takes
    longer than ``thinking_delay`` seconds, :attr:`thinking` is raised (one more change). A
    worker that fails or does not answer within ``timeout`` seconds is not waited for: the bot
    decides here instead (seeded: the same decision). A kept game writes each action before
    the views show it."""
    loop = asyncio.get_running_loop()
    while table.is_bot_turn() and not table.paused and not table.closed:
        move = table.plan.next(table.position, table.state.legal_actions)
        if move is None:
            table.busy = True
            payload = table.bot_payload()
            position = table.position
            try:
                moves = await _ask_worker(table, loop, executor, decide, payload, timeout, thinking_delay)
            except Exception as exc:  # a broken or stuck worker must not stop the game
                log.warning("bot worker failed (%r): deciding in the server process", exc)
                if table.on_worker_failure is not None:
                    table.on_worker_failure(exc)
                moves = decide(*payload)
            table.busy = False
            if table.position != position or table.closed:
                continue  # the game moved on meanwhile (undo, reset): this decision is stale
            table.plan.keep(moves, position)
            continue
        if table.journal is None:
            table.apply_bot_move(move)
        elif table.writing:  # the viewer's taking back is being written: the bot waits
            await asyncio.sleep(0.05)
            continue
        else:
            await table.kept(partial(table.apply_bot_move, move))
        if table.pace > 0 and table.is_bot_turn() and not table.paused:
            await asyncio.sleep(table.pace)  # a readable pace: one action at a time


async def _ask_worker(table: BotTable, loop: asyncio.AbstractEventLoop, executor: Executor | None,
                      decide: Callable[..., list[BotMove]], payload: tuple[Any, ...], timeout: float,
                      thinking_delay: float) -> list[BotMove]:
    """``decide(*payload)`` in a bot worker; :attr:`thinking` is raised (one more update) if it
    takes more than ``thinking_delay`` seconds."""
    decision = asyncio.ensure_future(asyncio.wait_for(loop.run_in_executor(executor, decide, *payload), timeout))
    done, _ = await asyncio.wait({decision}, timeout=thinking_delay)
    if not done and not table.thinking:
        with table.changing():
            table.thinking = True
            table._bump()
    return await decision
