"""One Arriala table in the exhibit: who sits where, whose screen it is, bots' turns replayed
action by action, hot-seat privacy, projector pauses and undo. No Panel here: views are
functions of this object's parameters, and tests drive it directly.

It follows :class:`~canal_heritage.matches.midi.MidiMatch`:

* One change, one update: every action (a move, a bot's action, undo, the privacy screen, the
  projector's "continue", a language) changes parameters inside :meth:`ArrialaMatch.changing`,
  so watchers are called once for it, with :attr:`ArrialaMatch.version` bumped once.
* Bots think off the Bokeh event loop (:meth:`ArrialaMatch.run_bots`, in the worker processes
  of :mod:`canal_heritage.matches.pool`, deciding here if a worker fails). A turn is several
  actions: a worker decides every action up to the next one that reveals something (a draw)
  or ends the turn, and the table replays them one by one, :attr:`ArrialaMatch.pace` seconds
  apart, each its own update (so a visitor can follow the turn).
* Hidden information (A-R11): :meth:`ArrialaMatch.observation` is the only way a view learns
  about the game, and it gives the observation of :attr:`ArrialaMatch.viewer` (the seat whose
  screen it is), or nothing private at all while the privacy screen is up.
* Undo: a person may take back their own actions, one at a time, within their own turn, and
  never across a draw (a draw shows them a card).

Legality is the engine's alone: the palette, the targets and the reasons a choice is not
possible now all come from ``legal_actions()`` and ``why_illegal()``; this module only sorts
action ints by what they do (:func:`kind_of`, :func:`worker_of`, :func:`target_of`).
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import Counter
from concurrent.futures import Executor
from dataclasses import replace
from typing import Any, Callable

import param

from ..arriala import actions as A
from ..arriala.bots import BOT_NAMES, make_bot
from ..arriala.narration import Narrator
from ..arriala.observation import ArrialaObservation, sample_state
from ..arriala.sheet import ScoreSheet
from ..arriala.state import ArrialaGame, ArrialaState
from ..bots import BotMove
from ..errors import IllegalActionError
from .table import LogLine, Seat, TableMatch, clean_name

__all__ = ["ArrialaMatch", "Seat", "LogLine", "PALETTE", "decide_turn", "kind_of", "worker_of", "target_of"]

#: Seconds between two actions of a bot's turn as the table replays them.
PACE = 0.9
#: Seconds a bot worker may take before the server decides the move itself.
BOT_TIMEOUT = 20.0
#: Seconds a bot may decide before the table says it is thinking.
THINKING_DELAY = 0.15
#: A worker decides at most this many actions at once (a turn has 5 action points).
MAX_PLANNED = 12
log = logging.getLogger(__name__)
#: Called when a worker fails (the server rebuilds its pool); set by the serving code.
on_worker_failure: Callable[[BaseException], None] | None = None

#: The action palette, in the order shown: what the visitor may choose to do.
PALETTE: tuple[str, ...] = ("move", "place", "to_vineyard", "from_vineyard", "river_work", "lock", "draw",
                            "end_turn")
#: Palette kinds that first need one of the workers, then a target.
NEEDS_WORKER = {"move", "to_vineyard", "from_vineyard", "river_work"}
#: Why a kind of action is not possible now: when several reasons apply to the different
#: ways of doing it, the one a visitor can act on comes first. ``no_ap`` is reported by the
#: engine only when nothing else is wrong, so it says "you could, with more points".
_REASON_ORDER = (
    "error.game_over", "arriala.error.no_ap", "arriala.error.no_reserve", "arriala.error.deck_empty",
    "arriala.error.no_lock_left", "arriala.error.not_last", "arriala.error.work_built",
    "arriala.error.vineyard_full", "arriala.error.blue_taken", "arriala.error.moved_twice",
    "arriala.error.undo_previous", "arriala.error.stretch_full", "arriala.error.card_target",
    "arriala.error.stuck", "arriala.error.not_in_vineyard", "arriala.error.not_on_canal",
    "arriala.error.cell_taken", "arriala.error.closed", "arriala.error.lock_not_free",
    "arriala.error.lock_closed", "arriala.error.lock_there", "arriala.error.not_yours",
)


# ---------------------------------------------------------------------- sorting actions
def kind_of(game: ArrialaGame, action: int) -> str:
    """The palette entry an action belongs to: one of :data:`PALETTE`, or ``card:<kind id>``."""
    d = A.decode(action, game.effects)
    if d.kind == "card":
        return f"card:{game.card_ids[d.card]}"
    return d.kind


def worker_of(game: ArrialaGame, action: int) -> int | None:
    """The worker an action moves (None for a draw, a placement, a lock, a work…)."""
    d = A.decode(action, game.effects)
    return d.worker if d.worker >= 0 else None


def target_of(game: ArrialaGame, action: int) -> tuple[str, int]:
    """Where an action ends: ``("cell", c)``, ``("vineyard", v)``, ``("blue", b)``,
    ``("work", e)`` or ``("none", -1)`` (a draw, the end of the turn)."""
    d = A.decode(action, game.effects)
    if d.kind == "to_vineyard" or (d.kind == "card" and d.vineyard >= 0):
        return "vineyard", d.vineyard
    if d.kind == "river_work":
        return "blue", d.blue
    if d.work >= 0:
        return "work", d.work
    if d.cell >= 0:
        return "cell", d.cell
    return "none", -1


def candidates(game: ArrialaGame, kind: str, seat: int) -> list[int]:
    """Every action int of a palette kind that names parts of this game (legal or not): what
    :func:`blocked` asks the engine about. Only the encoding is used here, no rule."""
    b = game.board
    cells = range(b.size)
    own = range(seat * A.W, seat * A.W + A.W)
    every = range(game.workers)
    if kind == "draw":
        return [A.DRAW]
    if kind == "end_turn":
        return [A.END_TURN]
    if kind == "move":
        return [A.move(w, c) for w in every for c in cells]
    if kind == "place":
        return [A.place(c) for c in cells]
    if kind == "lock":
        return [A.lock(c) for c in cells]
    if kind == "to_vineyard":
        return [A.to_vine(w, v) for w in own for v in range(len(b.vineyards))]
    if kind == "river_work":
        return [A.river(w, i) for w in own for i in range(len(b.blue))]
    if kind == "from_vineyard":
        return [A.from_vine(w, c) for w in own for c in cells]
    if kind.startswith("card:"):
        k = game.card_ids.index(kind[5:])
        eff = game.effects[k]
        if eff in ("move", "jump", "to_canal"):
            targets = [w * 64 + c for w in every for c in cells]
        elif eff == "lock":
            targets = list(cells)
        elif eff == "engineering_work":
            targets = list(range(len(b.works)))
        else:
            targets = [w * 4 + v for w in every for v in range(len(b.vineyards))]
        return [A.card(k, t) for t in targets]
    raise ValueError(f"unknown palette kind {kind!r}")


def blocked(state: ArrialaState, kind: str) -> IllegalActionError | None:
    """Why no action of ``kind`` is legal now (the engine's reason), or None if one is."""
    g = state.game
    legal = state.legal_actions()
    if any(kind_of(g, a) == kind for a in legal):
        return None
    p = state.current_player()
    errors = [state.why_illegal(a) for a in candidates(g, kind, p if p is not None else 0)]
    if not errors:
        return state.why_illegal(-1)
    rank = {k: i for i, k in enumerate(_REASON_ORDER)}
    return min(errors, key=lambda e: rank.get(e.key, len(rank)))


# ---------------------------------------------------------------------- bots (worker side)
def decide_turn(level: str, rng_seed: int, obs: ArrialaObservation) -> list[BotMove]:
    """A bot's next actions, from its observation only (A-R11): every action up to the first
    that reveals something to it (a draw), ends its turn or ends the game. Runs in a worker
    process (everything here is picklable); deterministic for a given seed.

    After each action but the last the bot's next observation is computed on a state dealt
    from its observation (:func:`~canal_heritage.arriala.observation.sample_state`): an
    action that is not a draw shows nothing hidden, so that state's board, scores, the bot's
    own hand and its legal actions are the real game's."""
    bot = make_bot(level, random.Random(rng_seed))
    guess = random.Random(rng_seed ^ 0x5EED)
    moves: list[BotMove] = []
    while len(moves) < MAX_PLANNED:
        move = bot.choose(obs)
        moves.append(move)
        if move.action in (A.END_TURN, A.DRAW):
            break
        s = sample_state(obs, guess)
        s.apply_action(move.action)
        if s.is_terminal() or s.current_player() != obs.player:
            break
        obs = s.observation(obs.player)
    return moves


class ArrialaMatch(TableMatch):
    """A game of Arriala at the exhibit's table.

    Args:
        seats: 2 to 4 seats, people and bots (``level``: random, heuristic, expert).
        seed: the game's seed (the shuffle, A-R12); bots' decisions are seeded from it too.
        first: the first player's seat, as the table chose it (A-R9: "who saw a canal most
            recently?"); None: drawn from the seed.
        lang: the language of every text.
        projector: pause after each step with its narration (teacher mode).
        pace: seconds between two actions of a bot's turn (0: at once, for tests).
        overrides: balance-study options of :class:`~canal_heritage.arriala.ArrialaGame`
            (``cells``, ``lock_max``, ``table``, ``deck``): short games for tests.
    """

    pace = param.Number(default=PACE, bounds=(0, None), doc="seconds between a bot's actions")

    def __init__(self, seats: list[Seat], seed: int = 0, *, first: int | None = None, lang: str = "fr",
                 projector: bool = False, pace: float = PACE, overrides: dict[str, Any] | None = None) -> None:
        if not 2 <= len(seats) <= 4:
            raise ValueError("a table has 2 to 4 seats")
        for s in seats:
            if s.kind == "bot" and s.level not in BOT_NAMES:
                raise ValueError(f"unknown bot level {s.level!r}")
        if first is not None and not (isinstance(first, int) and 0 <= first < len(seats)):
            raise ValueError(f"first must be a seat from 0 to {len(seats) - 1}, got {first!r}")
        super().__init__(lang=lang, projector=projector, pace=pace)
        self.overrides = dict(overrides or {})
        self.game = ArrialaGame(len(seats), **self.overrides)
        # an empty name is the seat's colour, said in the language of the moment
        self.seats = [Seat(s.kind, clean_name(s.name, ""), s.level) for s in seats]
        self.seed = seed
        self.state: ArrialaState = self.game.new_initial_state(seed, first=first)
        self.bot_moves: list[tuple[int, BotMove]] = []
        self._planned: list[BotMove] = []  # a bot's actions decided, not yet played
        self._planned_at: tuple[int, int] | None = None  # (generation, history length) they follow
        self._undo: list[tuple[ArrialaState, int]] = []  # before each of the viewer's actions this turn
        self._undo_owner: tuple[int, int] | None = None  # (seat, turn number) the undo steps belong to
        self._seen = 0  # log lines already shown when the projector paused
        self._log_cache: tuple[tuple, list[LogLine]] | None = None
        self._generation = 0  # bumped whenever the state object is replaced (undo)
        self._depth = 0
        self._dirty = False
        self.closed = False  # the exhibit discarded this game: bots stop
        self._running = False  # run_bots is replaying a bot's turn
        self._reasons_cache: tuple[tuple, dict[str, IllegalActionError]] | None = None
        humans = self.humans
        # hot-seat: even the first player's screen waits for them (the device may be elsewhere)
        self.viewer = humans[0] if humans and not self.hot_seat else None
        self._hand_over()

    # ------------------------------------------------------------------ who is who
    @property
    def names(self) -> list[str]:
        """Each seat's name: as typed, or its colour in the current language."""
        colours = Narrator(self.lang, self.game)
        return [s.name or colours.colour(i) for i, s in enumerate(self.seats)]

    @property
    def virtual(self) -> int | None:
        """The virtual player's owner number in a 2-player game (A-R8), else None."""
        return self.game.players if self.game.virtual else None

    def narrator(self) -> Narrator:
        return Narrator(self.lang, self.game, self.names)

    # ------------------------------------------------------------------ what a view may show
    def public_observation(self) -> ArrialaObservation:
        """What anyone watching may see: the board, scores, hand sizes, the deck's size and
        the public log; no hand at all. For the privacy screen and tables of bots only."""
        seat = self.viewer if self.viewer is not None else 0
        obs = self.state.observation(seat)
        return replace(obs, hand=(0,) * len(obs.hand), legal_actions=(), events=tuple(self.state.log(-1)))

    def view(self) -> ArrialaObservation:
        """What the screen shows now: the viewer's observation, or the public one."""
        return self.observation() or self.public_observation()

    def blocked(self, kind: str) -> IllegalActionError | None:
        """Why the viewer cannot do ``kind`` now (the engine's reason), None if they can."""
        if not self.is_viewer_turn() or self.paused:
            return IllegalActionError("Please wait: it is not your turn.", "table.not_your_turn")
        return blocked(self.state, kind)

    def score(self) -> ScoreSheet:
        return self.state.score_sheet()

    def sections(self) -> list[tuple[int, int, bool]]:
        """Every section as (first cell, last cell, scored?) in canal order (public, A-R11)."""
        st = self.state
        return [(a, z, st.closed[a]) for a, z in st.sections()]

    def scored(self) -> list[dict[str, Any]]:
        """The sections scored so far, as the engine told it (``arriala.section_scored``)."""
        return [e.args for e in self.state.events or () if e.key == "arriala.section_scored"]

    # ------------------------------------------------------------------ acting
    def say(self, text: str) -> None:
        """Show a message (a reason why not) without changing the game."""
        with self.changing():
            self.message = text
            self._bump()

    def _play(self, action: int) -> bool:
        if not self.is_viewer_turn() or self.paused:
            self.message = self.narrator().tr.ui("table.not_your_turn", "Please wait: it is not your turn.")
            self._bump()
            return False
        before = self.state.clone()
        seat, turn = self.viewer, self.state.turns
        try:
            self.state.apply_action(action)
        except IllegalActionError as err:
            self.message = self.narrator().error(err)
            self._bump()
            return False
        if self._undo_owner != (seat, turn):
            self._undo = []
        self._undo_owner = (seat, turn)  # type: ignore[assignment]
        if action == A.DRAW:
            self._undo = []  # the card is seen: nothing before it can be taken back
        elif self.state.turns == turn and not self.over:
            self._undo.append((before, len(self.bot_moves)))
        else:
            self._undo = []  # the turn is over
        self.message = ""
        self._after_step()
        return True

    def can_undo(self) -> bool:
        """The viewer may take back their last action: their own, in this turn of theirs,
        and not before a draw."""
        if not self._undo or self.privacy:
            return False
        seat, turn = self._undo_owner  # type: ignore[misc]
        return (self.viewer == seat and self.to_move == seat and self.state.turns == turn
                and not self.over)

    def undo(self) -> bool:
        with self.changing():
            if not self.can_undo():
                self.message = self.narrator().tr.ui("table.no_undo", "That decision can no longer be taken back.")
                self._bump()
                return False
            state, moves = self._undo.pop()
            self.state = state
            self._generation += 1
            del self.bot_moves[moves:]
            self._planned = []
            self.message = ""
            self.paused = False
            self.thinking = False
            self._seen = min(self._seen, len(self.log()))
            self._bump()
            return True

    # ------------------------------------------------------------------ bots
    def bot_payload(self) -> tuple[str, int, ArrialaObservation]:
        """What the bot to move needs (its observation only, A-R11) and its seeded generator."""
        p = self.to_move
        assert p is not None and self.seats[p].kind == "bot"
        rng_seed = (self.seed * 1_000_003 + len(self.state.history) * 97 + p) % (2**63)
        return self.seats[p].level, rng_seed, self.state.observation(p)

    def _position(self) -> tuple[int, int]:
        return self._generation, len(self.state.history)

    def _next_planned(self) -> BotMove | None:
        """The bot's next decided action, if it was decided for this very position."""
        if self._planned and self._planned_at == self._position():
            move = self._planned[0]
            if move.action in self.state.legal_actions():
                return move
        self._planned = []
        return None

    def _plan(self, moves: list[BotMove]) -> None:
        self._planned = list(moves)
        self._planned_at = self._position()

    def apply_bot_move(self, move: BotMove) -> None:
        """Play one action of the bot to move (one update)."""
        p = self.to_move
        assert p is not None
        with self.changing():
            self.state.apply_action(move.action)  # a bot only proposes legal actions
            if self._planned and self._planned[0] is move:
                self._planned.pop(0)
                self._planned_at = self._position()
            self.bot_moves.append((p, move))
            self.thinking = False
            self._after_step()

    def step_bot(self) -> bool:
        """Let the bot to move play one action here, synchronously (tests, small tables)."""
        if not self.is_bot_turn() or self.paused or self.closed:
            return False
        move = self._next_planned()
        if move is None:
            self._plan(decide_turn(*self.bot_payload()))
            move = self._planned[0]
        self.apply_bot_move(move)
        return True

    async def run_bots(self, executor: Executor | None = None, *, timeout: float = BOT_TIMEOUT,
                       thinking_delay: float = THINKING_DELAY) -> None:
        """Play bots' turns off the event loop until a person must act (or the projector pauses).

        Each bot action is one change (one update of the views), :attr:`pace` seconds after
        the previous one. :attr:`busy` is set while a bot decides, without a version bump; if
        the decision takes longer than ``thinking_delay`` seconds, :attr:`thinking` is raised
        (one more change). A worker that fails or does not answer within ``timeout`` seconds
        is not waited for: the bot decides here instead (seeded: the same decision)."""
        if self.busy or self._running:  # one replay at a time (a second would double the pace)
            return
        self._running = True
        loop = asyncio.get_running_loop()
        try:
            while self.is_bot_turn() and not self.paused and not self.closed:
                move = self._next_planned()
                if move is None:
                    self.busy = True
                    payload = self.bot_payload()
                    position = self._position()
                    try:
                        moves = await self._ask_worker(loop, executor, decide_turn, payload, timeout, thinking_delay)
                    except Exception as exc:  # a broken or stuck worker must not stop the game
                        log.warning("bot worker failed (%r): deciding in the server process", exc)
                        if on_worker_failure is not None:
                            on_worker_failure(exc)
                        moves = decide_turn(*payload)
                    self.busy = False
                    if self._position() != position or self.closed:
                        continue  # the game moved on meanwhile: this decision is stale
                    self._plan(moves)
                    continue
                self.apply_bot_move(move)
                if self.pace > 0 and self.is_bot_turn() and not self.paused:
                    await asyncio.sleep(self.pace)  # a readable pace: one action at a time
        finally:
            self.busy = False
            self._running = False
            if self.thinking:
                with self.changing():
                    self.thinking = False
                    self._bump()

    @property
    def running(self) -> bool:
        """Bots are playing (deciding, or waiting :attr:`pace` between two actions)."""
        return self._running

    def confirm_privacy(self) -> None:
        """The next player has the device: show their screen."""
        p = self.to_move
        if self.privacy and p is not None and self.seats[p].kind == "human":
            with self.changing():
                self.viewer = p
                self.privacy = False
                self._undo = []
                self._bump()

    def open_hands_view(self) -> list[list[str]] | None:
        """Every seat's hand (card kind ids), only when the teacher has chosen to show them
        in projector mode; ``None`` otherwise (A-R11 at every other table)."""
        if not (self.projector and self.open_hands):
            return None
        return [self.state.hand_list(p) for p in range(self.game.players)]

    def close(self) -> None:
        """The exhibit has discarded this game: bots stop playing it."""
        self.closed = True

    # ------------------------------------------------------------------ choosing
    def options(self, kind: str, worker: int | None = None) -> list[int]:
        """The viewer's legal actions of a palette kind (and of one worker, if given)."""
        g = self.game
        return [a for a in self.legal_actions()
                if kind_of(g, a) == kind and (worker is None or worker_of(g, a) == worker)]

    def workers_for(self, kind: str) -> list[int]:
        """The workers that can do ``kind`` now, in order."""
        return sorted({w for a in self.options(kind) if (w := worker_of(self.game, a)) is not None})

    def reasons(self) -> dict[str, IllegalActionError]:
        """Every palette kind and card in hand the viewer cannot use now, with the engine's
        reason (worked out once per position)."""
        obs = self.observation()
        key = (self._generation, len(self.state.history), self.viewer, self.privacy, self.paused)
        if self._reasons_cache is not None and self._reasons_cache[0] == key:
            return dict(self._reasons_cache[1])
        kinds = list(PALETTE)
        if obs is not None:
            kinds += [f"card:{cid}" for k, cid in enumerate(self.game.card_ids) if obs.hand[k]]
        found = {k: e for k in kinds if (e := self.blocked(k)) is not None}
        self._reasons_cache = (key, found)
        return dict(found)


def counts_on(game: ArrialaGame, loc: tuple[int, ...] | list[int], first: int, last: int) -> list[int]:
    """Workers of each owner standing on cells ``first..last`` (``loc``: where each worker is)."""
    counts = Counter(w // A.W for w, c in enumerate(loc) if first <= c <= last)
    return [counts.get(o, 0) for o in range(game.owners)]
