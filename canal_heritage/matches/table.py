"""What every game's table at the exhibit shares, whatever the game: who sits where, whose
screen it is, hot-seat privacy, projector pauses, the narrated log, and "one change, one
update". :class:`~.midi.MidiMatch` and :class:`~.arriala.ArrialaMatch` add their game's
turns, bots and undo.

One change, one update: every action (a move, a bot's move, undo, the privacy screen, the
projector's "continue", a language) changes parameters inside :meth:`TableMatch.changing`,
so watchers are called once for it, with :attr:`TableMatch.version` bumped once.

Hidden information: :meth:`TableMatch.observation` is the only way a view learns about the
game, and it gives the observation of :attr:`TableMatch.viewer` (the seat whose screen it
is) — or nothing private at all while the privacy screen is up.

A subclass provides ``state`` (the engine's state: ``current_player()``, ``is_terminal()``,
``observation(seat)``, ``legal_actions()``, ``events``), ``seats``, ``names``,
``narrator()``, ``_play(action)``, and the bookkeeping attributes ``_generation``,
``_log_cache`` and ``_seen``.
"""

from __future__ import annotations

import asyncio
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Callable, Iterator, Literal

import param

from ..i18n import LANGUAGES

MAX_NAME = 24


@dataclass(frozen=True)
class Seat:
    """A place at the table: a person or a bot (``level``: random, heuristic, expert)."""

    kind: Literal["human", "bot"]
    name: str
    level: str = "heuristic"


def clean_name(name: str, default: str) -> str:
    """A typed name, trimmed to something a screen can show (escaping is the view's job)."""
    text = " ".join(str(name or "").split())[:MAX_NAME]
    return text or default


@dataclass(frozen=True)
class LogLine:
    """One narrated line: its text, the seat it is about, and the ruling it cites."""

    text: str
    seat: int | None
    ruling: str | None
    key: str


class TableMatch(param.Parameterized):
    """The state of a table that is the same for every game (see the module docstring)."""

    lang = param.Selector(default="fr", objects=list(LANGUAGES))
    version = param.Integer(default=0, doc="bumped once per change; views depend on it")
    viewer = param.Integer(default=None, allow_None=True, doc="the seat whose screen it is")
    privacy = param.Boolean(default=False, doc="hot-seat: the device is being passed on")
    busy = param.Boolean(default=False, doc="a bot is deciding (set quietly: no version bump)")
    thinking = param.Boolean(default=False, doc="a bot has been deciding for more than THINKING_DELAY")
    projector = param.Boolean(default=False)
    open_hands = param.Boolean(default=False, doc="projector: the teacher shows every hand")
    paused = param.Boolean(default=False, doc="projector: waiting for the teacher to continue")
    message = param.String(default="", doc="the last friendly error message")

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def hot_seat(self) -> bool:
        return len(self.humans) > 1

    @property
    def to_move(self) -> int | None:
        return self.state.current_player()

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def is_bot_turn(self) -> bool:
        p = self.to_move
        return p is not None and self.seats[p].kind == "bot"

    def is_viewer_turn(self) -> bool:
        return (not self.privacy and self.to_move is not None and self.to_move == self.viewer
                and self.seats[self.to_move].kind == "human")

    def observation(self) -> Any:
        """The viewer's observation, or None while the privacy screen is up (or no human sits)."""
        if self.privacy or self.viewer is None:
            return None
        return self.state.observation(self.viewer)

    def legal_actions(self) -> tuple[int, ...]:
        """The viewer's legal actions now (empty when it is not their turn)."""
        if not self.is_viewer_turn() or self.paused:  # a bot deciding is never the viewer's turn
            return ()
        return tuple(self.state.legal_actions())

    def log(self) -> list[LogLine]:
        """The narrated log as the viewer may read it (narrated once per line: the log only
        grows, and a new state, language or reader starts afresh)."""
        seat = -1 if (self.privacy or self.viewer is None) else self.viewer
        events = self.state.events or []
        key = (self._generation, self.lang, seat, tuple(self.names))
        cached = self._log_cache
        if cached is None or cached[0] != key or len(cached[1]) > len(events):
            cached = self._log_cache = (key, [])
        lines = cached[1]
        if len(lines) < len(events):
            n = self.narrator()
            for e in events[len(lines):]:
                e = e.seen_by(seat)
                lines.append(LogLine(n.event(e), e.args.get("player"), e.args.get("ruling"), e.key))
        return list(lines)

    def new_lines(self) -> list[LogLine]:
        """Lines added since the projector last paused (what the teacher explains now)."""
        return self.log()[self._seen:]

    @contextmanager
    def changing(self) -> Iterator[None]:
        """Group the changes made inside: watchers are called once, when the outermost
        block ends, and :attr:`version` is bumped once if anything called :meth:`_bump`."""
        outer = self._depth == 0
        self._depth += 1
        with param.parameterized.batch_call_watchers(self):
            try:
                yield
            finally:
                self._depth -= 1
                if outer and self._dirty:
                    self._dirty = False
                    self.version += 1

    def _bump(self) -> None:
        if self._depth:
            self._dirty = True
        else:
            self.version += 1

    def play(self, action: int) -> bool:
        """The viewer plays ``action``. A refused move sets :attr:`message` and changes nothing."""
        with self.changing():
            return self._play(action)

    def _after_step(self) -> None:
        if self.projector and not self.over:
            self.paused = True
        self._hand_over()
        self._bump()

    def _hand_over(self) -> None:
        """Hot-seat: when another human must decide, show the privacy screen first."""
        p = self.to_move
        if p is None or self.seats[p].kind != "human":
            return
        if self.hot_seat and p != self.viewer:
            self.viewer = None
            self.privacy = True
        elif not self.hot_seat:
            self.viewer = p

    def resume(self) -> None:
        """Projector: the teacher has explained this step; go on."""
        with self.changing():
            self.paused = False
            self._seen = len(self.log())
            self._bump()

    def set_language(self, lang: str) -> None:
        if lang in LANGUAGES and lang != self.lang:
            with self.changing():
                self.lang = lang
                self.message = ""
                self._bump()

    def show_open_hands(self, on: bool) -> None:
        """Projector: the teacher shows (or hides again) every hand."""
        with self.changing():
            self.open_hands = bool(on)
            self._bump()

    async def _ask_worker(self, loop: asyncio.AbstractEventLoop, executor: Executor | None,
                          decide: Callable[..., Any], payload: tuple, timeout: float, thinking_delay: float) -> Any:
        """``decide(*payload)`` in a bot worker; :attr:`thinking` is raised (one more update)
        if it takes more than ``thinking_delay`` seconds."""
        decision = asyncio.ensure_future(asyncio.wait_for(loop.run_in_executor(executor, decide, *payload), timeout))
        done, _ = await asyncio.wait({decision}, timeout=thinking_delay)
        if not done and not self.thinking:
            with self.changing():
                self.thinking = True
                self._bump()
        return await decision
