"""One Canal du Midi table in the exhibit: who sits where, whose screen it is, bots' turns,
hot-seat privacy, projector pauses and undo. No Panel here: views are functions of this
object's parameters, and tests drive it directly.

One change, one update: every action (a move, a bot's move, undo, the privacy screen, the
projector's "continue", a language) changes its parameters inside :meth:`MidiMatch.changing`,
so watchers are called once for it, with :attr:`MidiMatch.version` bumped once. A bot deciding
sets :attr:`MidiMatch.busy` without telling anyone; only a bot that takes longer than
:data:`THINKING_DELAY` raises :attr:`MidiMatch.thinking` (one more update) for the view to say so.

Hidden information: :meth:`MidiMatch.observation` is the only way a view learns about the
game, and it gives the observation of :attr:`MidiMatch.viewer` (the seat whose screen it
is) — or nothing private at all while the privacy screen is up. Only the teacher's "open
hands" switch in projector mode shows every hand, on purpose.
"""

from __future__ import annotations

import asyncio
import logging
import random
from concurrent.futures import Executor
from typing import Callable


from ..bots import BotMove
from ..errors import IllegalActionError
from ..midi import actions as A
from ..midi.bots import BOT_NAMES, make_bot
from ..midi.narration import Narrator
from ..midi.observation import Observation
from ..midi.scoring import ScoreSheet
from ..midi.state import MidiGame, MidiState
from .table import MAX_NAME, LogLine, Seat, TableMatch, clean_name  # noqa: F401 (MAX_NAME: re-exported)

#: Seconds a bot worker may take before the server decides the move itself.
BOT_TIMEOUT = 20.0
#: Seconds a bot may decide before the table says it is thinking (quicker moves show no such state).
THINKING_DELAY = 0.15
log = logging.getLogger(__name__)
#: Called when a worker fails (the server rebuilds its pool); set by the serving code.
on_worker_failure: Callable[[BaseException], None] | None = None
#: Events that reveal nothing new to the player who has just decided: undo may cross them.
_QUIET = {"midi.bet_placed", "midi.reinforcement_declined", "midi.trade_passed"}


def decide(level: str, rng_seed: int, obs: Observation, iterations: int | None = None) -> BotMove:
    """A bot's decision (runs in a worker process: everything here is picklable)."""
    game = MidiGame(obs.players)
    opts = {"iterations": iterations} if level == "expert" and iterations else {}
    return make_bot(level, random.Random(rng_seed), game, **opts).choose(obs)


class MidiMatch(TableMatch):
    """A game at the exhibit's table.

    Args:
        seats: 2 to 4 seats, humans and bots.
        seed: the game's seed (chance, M-R10); bots' decisions are seeded from it too.
        lang: the language of every text.
        projector: pause after each step with its narration (teacher mode).
    """


    def __init__(self, seats: list[Seat], seed: int = 0, *, lang: str = "fr", projector: bool = False,
                 expert_iterations: int | None = None) -> None:
        if not 2 <= len(seats) <= 4:
            raise ValueError("a table has 2 to 4 seats")
        for s in seats:
            if s.kind == "bot" and s.level not in BOT_NAMES:
                raise ValueError(f"unknown bot level {s.level!r}")
        super().__init__(lang=lang, projector=projector)
        self.game = MidiGame(len(seats))
        engineers = [e.short_name for e in self.game.engineers]
        self.seats = [Seat(s.kind, clean_name(s.name, engineers[i]), s.level) for i, s in enumerate(seats)]
        self.seed = seed
        self.expert_iterations = expert_iterations
        self.state: MidiState = self.game.new_initial_state(seed)
        self.bot_moves: list[tuple[int, BotMove]] = []
        self._bot_move_events: list[int] = []  # how many events the log held when each move was made
        self._undo: tuple[MidiState, int, int, int] | None = None  # state, events, bot moves, owner
        self._seen = 0  # events already shown when the projector paused
        self._log_cache: tuple[tuple, list[LogLine]] | None = None
        self._generation = 0  # bumped whenever the state object is replaced (undo)
        self._depth = 0  # nesting of changing()
        self._dirty = False  # something changed inside changing(): bump version once at its end
        humans = self.humans
        self.viewer = humans[0] if humans else None
        self._hand_over()

    # ------------------------------------------------------------------ who is who
    @property
    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def narrator(self) -> Narrator:
        return Narrator(self.lang, self.game, self.names, viewer=self.viewer)

    # ------------------------------------------------------------------ what a view may show
    def public_observation(self) -> Observation:
        """What anyone watching may see: a seat's observation with its own hand left out.

        Used for the privacy screen's background and for bot-only tables."""
        seat = self.viewer if self.viewer is not None else 0
        obs = self.state.observation(seat)
        from dataclasses import replace

        known = tuple(() if p == seat else k for p, k in enumerate(obs.known_hand))
        return replace(obs, hand=(), my_bet=None, known_hand=known, legal_actions=(),
                       events=tuple(self.state.log(-1)))  # seat -1: public parts only

    def open_hands_view(self) -> list[list[int]] | None:
        """Every hand's values, only when the teacher has chosen to show them."""
        if not (self.projector and self.open_hands):
            return None
        val = self.game.card_value
        return [sorted(val[c] for c in h) for h in self.state.hand]

    def visible_bot_moves(self) -> list[tuple[int, BotMove]]:
        """Bots' moves with their explanations, as far as the viewer may know them (M-R1): a
        bet's reason is told once the bets are revealed; a hand trade's only to the two
        traders."""
        events = self.state.events or []
        out = []
        for (seat, move), at in zip(self.bot_moves, self._bot_move_events):
            kind = A.decode(move.action)
            if kind.kind == "bet" and not any(e.key == "midi.bets_revealed" for e in events[at:]):
                continue
            if kind.kind == "trade" and kind.trade == "hand" and self.viewer not in (seat, kind.seat):
                continue
            out.append((seat, move))
        return out

    def score(self) -> ScoreSheet:
        return self.state.score()

    # ------------------------------------------------------------------ acting
    def _play(self, action: int) -> bool:
        if not self.is_viewer_turn() or self.paused:
            self.message = self.narrator().tr.ui("table.not_your_turn", "Please wait: it is not your turn.")
            self._bump()
            return False
        before = self.state.clone()
        events_before = len(self.state.events or [])
        try:
            self.state.apply_action(action)
        except IllegalActionError as err:
            self.message = self.narrator().error(err)
            self._bump()
            return False
        self._undo = (before, events_before, len(self.bot_moves), self.viewer)  # type: ignore[assignment]
        self.message = ""
        self._after_step()
        return True

    def can_undo(self) -> bool:
        """The viewer may take back their last decision while it revealed nothing to them.

        Also while a bot is deciding its reply: :meth:`run_bots` drops a decision made for a
        position that undo has taken back."""
        if self._undo is None or self.privacy or self.viewer != self._undo[3]:
            return False
        _, events_before, _, owner = self._undo
        for e in (self.state.events or [])[events_before:]:
            if e.key == "midi.drew_face_up" and e.args.get("turned") is None and e.args["player"] == owner:
                continue
            if e.key not in _QUIET:
                return False
        return True

    def undo(self) -> bool:
        with self.changing():
            return self._undo_now()

    def _undo_now(self) -> bool:
        if not self.can_undo():
            self.message = self.narrator().tr.ui("table.no_undo", "That decision can no longer be taken back.")
            self._bump()
            return False
        state, _, moves, _ = self._undo  # type: ignore[misc]
        self.state = state
        self._generation += 1
        del self.bot_moves[moves:]
        del self._bot_move_events[moves:]
        self._undo = None
        self.message = ""
        self.paused = False
        self.thinking = False
        self._seen = min(self._seen, len(self.log()))
        self._bump()
        return True

    def bot_payload(self) -> tuple[str, int, Observation, int | None]:
        """What the bot to move needs (its observation only, M-R1) and its seeded generator."""
        p = self.to_move
        assert p is not None and self.seats[p].kind == "bot"
        rng_seed = (self.seed * 1_000_003 + len(self.state.history) * 97 + p) % (2**63)
        return self.seats[p].level, rng_seed, self.state.observation(p), self.expert_iterations

    def apply_bot_move(self, move: BotMove) -> None:
        p = self.to_move
        assert p is not None
        with self.changing():
            self._bot_move_events.append(len(self.state.events or []))
            self.state.apply_action(move.action)  # a bot only proposes legal actions
            self.bot_moves.append((p, move))
            self.thinking = False
            self._after_step()

    def step_bot(self) -> bool:
        """Let the bot to move decide here, synchronously (tests, small tables)."""
        if not self.is_bot_turn() or self.paused:
            return False
        self.apply_bot_move(decide(*self.bot_payload()))
        return True

    async def run_bots(self, executor: Executor | None = None, *, timeout: float = BOT_TIMEOUT,
                       thinking_delay: float = THINKING_DELAY) -> None:
        """Play bots' turns off the event loop until a human must act (or the projector pauses).

        Each bot move is one change (one update of the views). :attr:`busy` is set while a
        bot decides, without a version bump; if the decision takes longer than
        ``thinking_delay`` seconds, :attr:`thinking` is raised (one more change) so that the
        table can say so.

        A worker that fails or does not answer within ``timeout`` seconds is not waited for:
        the move is decided here instead (bots are seeded, so it is the same move) and the
        game goes on."""
        if self.busy:
            return
        loop = asyncio.get_running_loop()
        try:
            while self.is_bot_turn() and not self.paused:
                self.busy = True
                payload = self.bot_payload()
                position = (self._generation, len(self.state.history))
                try:
                    move = await self._ask_worker(loop, executor, decide, payload, timeout, thinking_delay)
                except Exception as exc:  # a broken or stuck worker must not stop the game
                    log.warning("bot worker failed (%r): deciding in the server process", exc)
                    if on_worker_failure is not None:
                        on_worker_failure(exc)
                    move = decide(*payload)
                self.busy = False
                if (self._generation, len(self.state.history)) != position:
                    continue  # the game moved on meanwhile (undo, reset): this decision is stale
                self.apply_bot_move(move)
        finally:
            self.busy = False
            if self.thinking:
                with self.changing():
                    self.thinking = False
                    self._bump()

    def confirm_privacy(self) -> None:
        """The next player has the device: show their screen."""
        p = self.to_move
        if self.privacy and p is not None and self.seats[p].kind == "human":
            with self.changing():
                self.viewer = p
                self.privacy = False
                self._undo = None
                self._bump()

