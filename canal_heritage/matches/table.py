"""A table in play, whatever the game: who sits where, whose screen it is, hot-seat privacy,
projector pauses, the narrated log, bots' turns off the event loop, undo, and "one change,
one update". :class:`~.midi.MidiMatch` and :class:`~.arriala.ArrialaMatch` add only what
their game does differently (which engine, what the public sees, when undo is allowed).
No Panel here: views are functions of a match's parameters, and tests drive it directly.

One change, one update: every action (a move, a bot's move, undo, the privacy screen, the
projector's "continue", a language) changes parameters inside :meth:`TableMatch.changing`,
so watchers are called once for it, with :attr:`TableMatch.version` bumped once. A bot
deciding sets :attr:`TableMatch.busy` without telling anyone; only a bot that takes longer
than :data:`THINKING_DELAY` raises :attr:`TableMatch.thinking` (one more update).

Hidden information: :meth:`TableMatch.observation` is the only way a view learns about the
game, and it gives the observation of :attr:`TableMatch.viewer` (the seat whose screen it
is) — or nothing private at all while the privacy screen is up (:meth:`TableMatch.view`
then gives the public observation). Only the teacher's "open hands" switch in projector mode
shows every hand, on purpose.

Bots: a bot decides from its own observation only, in a worker process
(:mod:`.pool`): the game's ``decide_turn`` returns its next actions up to the first that
reveals something to it, and the table plays them one by one, :attr:`TableMatch.pace`
seconds apart. A worker that fails or does not answer in time is not waited for: the bot
decides in the server instead (bots are seeded, so it is the same decision), and the
``on_worker_failure`` callback given to the match is told (the server rebuilds its pool).

Kept games: a match may have a :class:`Journal`, where a visitor's or a
kiosk's game is kept so that it survives a restart of the server. Then each decision is
written before anyone is shown it: :meth:`TableMatch.kept` makes a change (the visitor's
move, a bot's, taking one back) inside :meth:`TableMatch.changing`, and awaits the journal's
write before the block ends and the views are told. :meth:`TableMatch.rebuild` replays the
decisions written (a kept game resumed, a classroom room after a restart).
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Executor
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, Literal, NamedTuple, Protocol

import param
from typing_extensions import TypeVar  # typing's takes a default from Python 3.13 only

from ..core.bots import Bot, BotMove
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..core.game import Game, Observation, Outcome, State, check_seat
from ..i18n import LANGUAGES, Translator, translator
from .bot_turns import BotPlan, play_bots_turns
from .choices import Choice
from .guide import GuideState, GuideStep
from .hints import Hint, hint
from .keeping import Decision, keep_change
from .moments import Moment

MAX_NAME = 24
#: Seconds a bot worker may take before the server decides the move itself.
BOT_TIMEOUT = 20.0
#: Seconds a bot may decide before the table says it is thinking (quicker moves show no such state).
THINKING_DELAY = 0.15
#: A worker decides at most this many actions at once.
MAX_PLANNED = 12

log = logging.getLogger(__name__)

#: A game's bot: ``decide_turn(level, rng_seed, observation, *extra)`` -> the bot's next actions.
DecideTurn = Callable[..., list[BotMove]]


T = TypeVar("T")


class TableNarrator(Protocol):
    """What a table asks of its game's narrator (each engine's ``Narrator`` is one): the
    table's words, a logged event, an action, a bot's reason, a refusal and a ruling, said in
    the table's language."""

    tr: Translator

    def event(self, event: Event) -> str:
        """A logged event, as the seat it was shown to may read it."""
        ...

    def action(self, action: int) -> str:
        """An action of the game, in words."""
        ...

    def bot_move(self, move: BotMove) -> str:
        """A bot's reason for its move."""
        ...

    def error(self, err: IllegalActionError) -> str:
        """Why a decision was refused."""
        ...

    def ruling(self, ruling_id: str) -> tuple[str, str]:
        """(title, text) of a ruling."""
        ...


# A match is generic over its game's types (MidiMatch names MidiGame, MidiState, its
# observation, score sheet and narrator), so that what a view reads of its own game's match is
# checked. Here they are only bounded: how they belong together (a GameT starts StateT
# positions, which hand out ObsT and SheetT) cannot be written in a bound, and each game's match
# says it by naming all five. A bare ``TableMatch`` (what a room or the exhibit holds: any
# game's) leaves them unchecked: they default to Any.
#: the game's description (``MidiGame``)
GameT = TypeVar("GameT", bound="Game[Any]", default=Any)
#: its positions (``MidiState``)
StateT = TypeVar("StateT", bound="State[Any, Any]", default=Any)
#: what one seat may know (``midi.Observation``)
ObsT = TypeVar("ObsT", bound=Observation, default=Any)
#: its score sheet (``midi.ScoreSheet``; not bound to ``core.game.ScoreSheet``, whose ``totals()``
#: is a method where both engines' sheets have a property)
SheetT = TypeVar("SheetT", default=Any)
#: its narrator (``midi.Narrator``)
NarratorT = TypeVar("NarratorT", bound=TableNarrator, default=Any)


class Journal(Protocol):
    """Where a kept game's decisions are written before they are shown (see the module
    docstring; :class:`canal_heritage.rooms.visitor.KeptGame` writes them to the store)."""

    async def keep(self, match: TableMatch, kept: int, new: list[Decision]) -> None:
        """The game's decisions are now the first ``kept`` ones written so far, then ``new``.
        Raises nothing: a journal that cannot write says so in its log and stops keeping."""

    def close(self) -> None:
        """The game is discarded: it will never be resumed."""

    def release(self) -> None:
        """The page playing it has closed: the game stays kept, for another page to resume."""


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


class NarratedLog:
    """A table's log as one reader may read it, each line narrated once: the log only grows,
    and another state, language or reader (``key``) starts it afresh."""

    def __init__(self) -> None:
        self._key: tuple[object, ...] | None = None
        self._lines: list[LogLine] = []

    def lines(self, key: tuple[object, ...], events: Sequence[Event], seat: int,
              narrator: Callable[[], TableNarrator]) -> list[LogLine]:
        """The lines of ``events`` as ``seat`` may see them (-1: anyone), by ``narrator()``."""
        if key != self._key or len(self._lines) > len(events):
            self._key, self._lines = key, []
        if len(self._lines) < len(events):
            n = narrator()
            for e in events[len(self._lines):]:
                e = e.seen_by(seat)
                self._lines.append(LogLine(n.event(e), e.args.get("player"), e.args.get("ruling"), e.key))
        return list(self._lines)


class UndoStep(NamedTuple, Generic[StateT]):
    """What taking back one decision restores: the state before it, and how long the event
    log and the list of bot moves were then."""

    state: StateT
    events: int
    bot_moves: int


class Seating:
    """Where the people at a table sit, and so where their decisions go.

    By default everyone sits at this screen: when another person must decide, the screen is
    passed on behind a privacy screen (hot-seat). A classroom room gives the table another
    seating (:mod:`canal_heritage.rooms.room`): each student at a device of their own, whose
    decisions go to the room. A table holds its seating; the seating changes no rule."""

    #: whether the bots play on this table (a device's copy of a room's game leaves them to the room)
    bots_play_here: ClassVar[bool] = True

    def hot_seat(self, match: TableMatch) -> bool:
        """Whether the people share this screen (more than one person at the table)."""
        return len(match.humans) > 1

    def hand_over(self, match: TableMatch) -> None:
        """The turn has moved: when another person must decide, show the privacy screen first."""
        p = match.to_move
        if p is None or match.seats[p].kind != "human":
            return
        if self.hot_seat(match) and p != match.viewer:
            match.viewer = None
            match.privacy = True
        elif not self.hot_seat(match):
            match.viewer = p

    def submit(self, match: TableMatch, action: int) -> bool | None:
        """The viewer's decision, once the game's own rules have let it through: None plays it
        on this table; True or False: it went elsewhere (sent, or refused with a message)."""
        return None

    def can_undo(self, match: TableMatch) -> bool | None:
        """Whether the viewer may take back a decision, when the seating decides it (None: the
        table does)."""
        return None

    def undo(self, match: TableMatch) -> bool | None:
        """Take back the viewer's decision elsewhere (None: on this table)."""
        return None

    def tripped(self, match: TableMatch, err: IllegalActionError) -> None:
        """The viewer tried, on their own turn, a move the rules do not allow now (a greyed
        choice tapped, an action the engine refused: ``err`` says which rule). A classroom
        room counts it for the teacher (:meth:`canal_heritage.rooms.room.DeviceSeating.tripped`);
        one screen counts nothing."""
        return


def check_seats(seats: Sequence[Seat], bot_levels: Sequence[str], first: int | None) -> None:
    """Refuse a table that cannot be played: 2 to 4 seats, each bot of a level the game has,
    ``first`` one of the seats.

    Raises:
        ValueError: what is wrong, in words.
    """
    if not 2 <= len(seats) <= 4:
        raise ValueError("a table has 2 to 4 seats")
    for s in seats:
        if s.kind == "bot" and s.level not in bot_levels:
            raise ValueError(f"unknown bot level {s.level!r}; choose among {', '.join(bot_levels)}")
    if first is not None:
        check_seat(first, len(seats), "first")


def why_not(state: Any, action: int) -> IllegalActionError | None:
    """Why the engine does not allow ``action`` in ``state``, as the error it raises (its key
    says the rule), or None when it does. Plays nothing: the engine is asked on a copy."""
    if action in state.legal_actions():
        return None
    try:
        state.clone(log=False).apply_action(action)
    except IllegalActionError as err:
        return err
    return None  # pragma: no cover - an action the engine does not list is never played


class StoredTable(Generic[GameT]):
    """How a game's table is written in the store and read back: a classroom room or a kept
    game resumed, a lesson replaying a game. Each game's match says what its game needs beyond
    the seats, the seed and the decisions (Arriala's edition, A-R19)."""

    @classmethod
    def stored_options(cls) -> dict[str, Any]:
        """What a new room or kept game of this game writes in its stored options, besides the
        seats' names: what it needs to be replayed the same way later."""
        return {}

    @classmethod
    def options_from_record(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        """The keywords a match of a stored table (a room, a kept game) is built with, from its
        stored options."""
        return {}

    @classmethod
    def game_from_record(cls, players: int, options: dict[str, Any] | None) -> GameT:
        """The game description a stored table was played with (a lesson's replay)."""
        raise NotImplementedError

    state: Any  # the game as it stands (the match's)

    def played(self) -> tuple[int, ...] | None:
        """Every action of the finished game, in order: its record, for its review (issue 29);
        None while it is being played (the actions hold the other seats' sealed choices)."""
        return tuple(self.state.history) if self.state.is_terminal() else None


class TableMatch(StoredTable[GameT], param.Parameterized, Generic[GameT, StateT, ObsT, SheetT, NarratorT]):
    """The state of a table that is the same for every game (see the module docstring).

    A game's match names its game's types: ``TableMatch[game, state, observation, score
    sheet, narrator]`` (``MidiMatch`` is a ``TableMatch[MidiGame, MidiState, Observation,
    ScoreSheet, Narrator]``), sets the class attributes :attr:`bot_levels` and
    :attr:`decide_turn`, and provides :meth:`narrator_of`, :meth:`public_observation`,
    :meth:`default_seat_name` and the undo rules (:meth:`_keep_undo`, :meth:`_undo_allowed`),
    builds its game in :meth:`make_game`, says how its moments are read and its first
    round guided, if it has them (:meth:`moments_in`, :meth:`guide_step`), and how it is
    stored (:class:`StoredTable`).

    Args:
        seats: 2 to 4 seats, people and bots.
        seed: the game's seed; bots' decisions are seeded from it too.
        first: the first player's seat, as the table chose it; None: drawn from the seed.
        lang: the language of every text.
        projector: pause after each step with its narration (teacher mode).
        pace: seconds between two bot actions as the table plays them (0: at once).
        on_worker_failure: told when a bot worker fails (the server rebuilds its pool).
    """

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))
    version = param.Integer(default=0, doc="bumped once per change; views depend on it")
    viewer = param.Integer(default=None, allow_None=True, doc="the seat whose screen it is")
    privacy = param.Boolean(default=False, doc="hot-seat: the device is being passed on")
    busy = param.Boolean(default=False, doc="a bot is deciding (set quietly: no version bump)")
    thinking = param.Boolean(default=False, doc="a bot has been deciding for more than THINKING_DELAY")
    projector = param.Boolean(default=False)
    open_hands = param.Boolean(default=False, doc="projector: the teacher shows every hand")
    paused = param.Boolean(default=False, doc="projector: waiting for the teacher to continue")
    message = param.String(default="", doc="the last friendly error message")
    pace = param.Number(default=0.0, bounds=(0, None), doc="seconds between a bot's actions")

    #: the bot levels this game has
    bot_levels: ClassVar[Sequence[str]] = ()
    #: the game's bot, run in a worker process (a module-level function: it is pickled)
    decide_turn: ClassVar[DecideTurn]
    #: hot-seat: the first player's screen waits behind the privacy screen too
    privacy_first: ClassVar[bool] = False
    #: the registered name of the game this match plays (:mod:`canal_heritage.games`)
    game_name: ClassVar[str] = ""
    #: the bots' reasons, as the narrator words them, name their player already (otherwise a
    #: replay puts the player's name before them)
    reasons_name_player: ClassVar[bool] = False

    def __init__(self, seats: Sequence[Seat], seed: int = 0, *, first: int | None = None,
                 lang: str = "fr", projector: bool = False, pace: float = 0.0,
                 on_worker_failure: Callable[[BaseException], None] | None = None,
                 seating: Seating | None = None) -> None:
        check_seats(seats, self.bot_levels, first)
        super().__init__(lang=lang, projector=projector, pace=pace)
        #: where the people sit (one screen, or a device each in a room)
        self.seating = seating or Seating()
        self.game = self.make_game(len(seats))
        self.seed = seed
        self.first = first
        #: where each decision is written before it is shown (a kept game); None: not kept
        self.journal: Journal | None = None
        self.writing = False  # a decision is being written to the journal
        self.on_worker_failure = on_worker_failure
        # an empty name is the game's default for that seat, said in the language of the moment
        self.seats = [Seat(s.kind, clean_name(s.name, ""), s.level) for s in seats]
        self.state = self.game.new_initial_state(seed, first=first)
        #: every bot move so far, with its seat
        self.bot_moves: list[tuple[int, BotMove]] = []
        self._bot_move_events: list[int] = []  # how many events the log held when each bot move was made
        self.plan = BotPlan()  # a bot's actions decided, not yet played
        self._undo: list[UndoStep[StateT]] = []  # the viewer's decisions that may be taken back, last one last
        self._undo_owner: tuple[int, int] | None = None  # (seat, turn) the undo steps belong to
        self._seen = 0  # log lines already shown when the projector paused
        self._log = NarratedLog()
        self._generation = 0  # bumped whenever the state object is replaced (undo)
        self._depth = 0  # nesting of changing()
        self._dirty = False  # something changed inside changing(): bump version once at its end
        self._running = False  # run_bots is playing bots' turns
        self.closed = False  # the exhibit discarded this game: bots stop
        #: the guided first round, set by the exhibit; None: no guide. Held for the views, never
        #: read here
        self.guide: GuideState | None = None
        humans = self.humans
        self.viewer = humans[0] if humans and not (self.privacy_first and self.hot_seat) else None
        self._hand_over()

    # ------------------------------------------------------------------ for each game
    def make_game(self, players: int) -> GameT:
        """The game's description for this many players."""
        raise NotImplementedError

    @classmethod
    def default_seat_name(cls, game: GameT, lang: str, seat: int) -> str:
        """The name a seat of ``game`` is shown with when none was typed, in ``lang``."""
        raise NotImplementedError

    @classmethod
    def narrator_of(cls, lang: str | Translator, game: GameT, names: Sequence[str]) -> NarratorT:
        """The game's narrator for ``game`` in ``lang``, with the seats' ``names`` (no viewer: it
        tells what everyone may know)."""
        raise NotImplementedError

    @classmethod
    def guide_step(cls, obs: ObsT | None, legal: Sequence[int], seen: set[str] | frozenset[str],
                   tr: Translator) -> GuideStep | None:
        """The guided first round's hint for the visitor's position (``obs``: their
        observation; ``legal``: their legal actions now, empty when it is not their turn;
        ``seen``: the steps already seen), or None (:mod:`.guide`). A game with no guided round
        says nothing."""
        return None

    def moments_in(self, events: Sequence[Event], start: int, viewer: int) -> list[Moment]:
        """The staged moments ``events[start:]`` make, as seat ``viewer`` sees them (``-1``: the
        public), narrated in the table's language (:mod:`.moments`). A game with no moments of its
        own stages none."""
        return []

    def default_name(self, seat: int) -> str:
        """The name a seat is shown with when none was typed."""
        return self.default_seat_name(self.game, self.lang, seat)

    def narrator(self) -> NarratorT:
        """The game's narrator in the table's language (:meth:`translator`), with the seats' names."""
        return self.narrator_of(self.translator(), self.game, self.names)

    def translator(self) -> Translator:
        """The table's words: in its language, with rule codes ("(M-R9)") only in the
        teacher's projector mode (a visitor reads plain sentences). Every text of
        the table (narration, log, labels) goes through it."""
        return translator(self.lang, codes=self.projector)

    def public_observation(self) -> ObsT:
        """What anyone watching may see (no hand): the privacy screen and bot-only tables."""
        raise NotImplementedError

    def _keep_undo(self, step: UndoStep[StateT], action: int, turn: int) -> None:
        """After the viewer played ``action`` from ``step``: update :attr:`_undo`."""
        self._undo = [step]

    def _undo_allowed(self) -> bool:
        """The game's own condition for taking back the last step (the viewer's own, checked)."""
        return True

    def _turn(self) -> int:
        """A number that changes when the turn passes (undo steps stay within one)."""
        return len(self.state.history)

    # ------------------------------------------------------------------ who is who
    @property
    def names(self) -> list[str]:
        """Each seat's name: as typed, or the game's default for that seat."""
        return [s.name or self.default_name(i) for i, s in enumerate(self.seats)]

    @property
    def humans(self) -> list[int]:
        return [i for i, s in enumerate(self.seats) if s.kind == "human"]

    @property
    def hot_seat(self) -> bool:
        return self.seating.hot_seat(self)

    @property
    def to_move(self) -> int | None:
        return self.state.current_player()

    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    @property
    def position(self) -> tuple[int, int]:
        """Changes whenever the game moves (an action, or undo replacing the state): views key
        what they cache on it."""
        return self._generation, len(self.state.history)

    @property
    def running(self) -> bool:
        """Bots are playing (deciding, or waiting :attr:`pace` between two actions), or a
        decision is being written to the journal."""
        return self._running or self.writing

    def is_bot_turn(self) -> bool:
        p = self.to_move
        return p is not None and self.seats[p].kind == "bot"

    def is_viewer_turn(self) -> bool:
        return (not self.privacy and self.to_move is not None and self.to_move == self.viewer
                and self.seats[self.to_move].kind == "human")

    # ------------------------------------------------------------------ what a view may show
    def observation(self) -> ObsT | None:
        """The viewer's observation, or None while the privacy screen is up (or no human sits)."""
        if self.privacy or self.viewer is None:
            return None
        return self.state.observation(self.viewer)

    def view(self) -> ObsT:
        """What the screen shows now: the viewer's observation, or the public one."""
        return self.observation() or self.public_observation()

    def choices(self) -> tuple[Choice, ...]:
        """The viewer's legal decisions now, as typed choices (what, who, where, cost: see
        :class:`~.choices.Choice`), in the engine's order; empty when it is not their turn. The
        views offer these and hand one back to :meth:`choose`: they never read an action's
        number."""
        raise NotImplementedError

    def choose(self, choice: Choice) -> bool:
        """Play ``choice`` as :meth:`play` plays its action: undo, the seating and the engine's
        refusals are the same (a choice no longer legal is refused, with the reason as the
        message)."""
        return self.play(choice.action)

    def legal_actions(self) -> tuple[int, ...]:
        """The viewer's legal actions now (empty when it is not their turn)."""
        if not self.is_viewer_turn() or self.paused:  # a bot deciding is never the viewer's turn
            return ()
        return tuple(self.state.legal_actions())

    def score_sheet(self) -> SheetT:
        """The score with its breakdown (public in both games)."""
        return self.state.score_sheet()

    def result_parts(self) -> tuple[list[dict[str, int]], list[list[str]]]:
        """A finished game's score sheet as the teacher's results keep it: each seat's points by
        kind, and the names of what it built that scored."""
        raise NotImplementedError

    def outcome(self) -> Outcome | None:
        """How the game ended, who won and the final points (public); None while it goes on."""
        out: Outcome | None = self.state.outcome()
        return out

    def log(self) -> list[LogLine]:
        """The narrated log as the viewer may read it (narrated once per line: the log only
        grows, and a new state, language or reader starts afresh)."""
        seat = -1 if (self.privacy or self.viewer is None) else self.viewer
        return self._log.lines((self._generation, self.lang, seat, tuple(self.names)), self.state.events or [],
                               seat, self.narrator)

    def new_lines(self) -> list[LogLine]:
        """Lines added since the projector last paused (what the teacher explains now)."""
        return self.log()[self._seen:]

    # ------------------------------------------------------------------ one change, one update
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

    def say(self, text: str) -> None:
        """Show a message (a reason why not) without changing the game."""
        with self.changing():
            self.message = text
            self._bump()

    # ------------------------------------------------------------------ acting
    def play(self, action: int) -> bool:
        """The viewer plays ``action``. A refused move sets :attr:`message` and changes nothing."""
        with self.changing():
            return self._play(action)

    def _refuse(self, text: str) -> bool:
        self.message = text
        self._bump()
        return False

    def refuse_choice(self, err: IllegalActionError, words: str | None = None) -> bool:
        """A move the rules do not allow now was tried (a greyed choice tapped, an action the
        engine refused): the message says why (``words``, else the narrator's words for
        ``err``), the game is unchanged, and on the viewer's own turn the seating is told
        (:meth:`Seating.tripped`: a classroom room counts the rule; waiting for one's turn or
        for the teacher is no rule tripped on). One update; False."""
        with self.changing():
            if self.is_viewer_turn() and not self.paused:
                self.seating.tripped(self, err)
            return self._refuse(words if words is not None else self.narrator().error(err))

    def _play(self, action: int) -> bool:
        sent = self.seating.submit(self, action)
        if sent is not None:
            return sent
        if not self.is_viewer_turn() or self.paused:
            return self._refuse(self.narrator().tr.ui("table.not_your_turn", "Please wait: it is not your turn."))
        step = UndoStep(self.state.clone(), len(self.state.events or []), len(self.bot_moves))
        seat, turn = self.viewer, self._turn()
        try:
            self.state.apply_action(action)
        except IllegalActionError as err:
            return self.refuse_choice(err)
        if self._undo_owner != (seat, turn):
            self._undo = []
        assert seat is not None
        self._undo_owner = (seat, turn)
        self._keep_undo(step, action, turn)
        self.message = ""
        self._after_step()
        return True

    def _after_step(self) -> None:
        if self.projector and not self.over:
            self.paused = True
        self._hand_over()
        self._bump()

    def _hand_over(self) -> None:
        self.seating.hand_over(self)

    def can_undo(self) -> bool:
        """The viewer may take back their last decision: their own, while the game allows it
        (see each game's rule). Also while a bot is deciding its reply: a decision made for a
        position that undo has taken back is dropped."""
        decided = self.seating.can_undo(self)
        if decided is not None:
            return decided
        if not self._undo or self.privacy or self._undo_owner is None or self.viewer != self._undo_owner[0]:
            return False
        return self._undo_allowed()

    def undo(self) -> bool:
        """Take back the viewer's last decision (one update); a refusal sets :attr:`message`."""
        elsewhere = self.seating.undo(self)
        if elsewhere is not None:
            return elsewhere
        with self.changing():
            if not self.can_undo():
                tr = self.narrator().tr
                return self._refuse(tr.ui("table.no_undo", "That decision can no longer be taken back."))
            step = self._undo.pop()
            self.state = step.state
            self._generation += 1
            del self.bot_moves[step.bot_moves:]
            del self._bot_move_events[step.bot_moves:]
            self.plan.clear()
            self.message = ""
            self.paused = False
            self.thinking = False
            self._seen = min(self._seen, len(self.log()))
            self._bump()
            return True

    def confirm_privacy(self) -> None:
        """The next player has the device: show their screen."""
        p = self.to_move
        if self.privacy and p is not None and self.seats[p].kind == "human":
            with self.changing():
                self.viewer = p
                self.privacy = False
                self._undo = []
                self._bump()

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

    def close(self) -> None:
        """The exhibit has discarded this game: bots stop playing it."""
        self.closed = True

    # ------------------------------------------------------------------ kept games
    async def kept(self, change: Callable[[], T]) -> T | None:
        """Make ``change`` (the viewer's move, a bot's, taking one back) as one update; with a
        :attr:`journal`, what it did to the game's decisions is written before the update is
        shown. None while another decision is being written (a second click: ignored)."""
        return await keep_change(self, change)

    def rebuild(self, decisions: Sequence[Decision]) -> None:
        """The state after ``decisions`` (seat, action, the bot's move or None) from the start:
        a kept game or a classroom room resumed after a restart, or a room's decision taken
        back (one update)."""
        with self.changing():
            self.state = self.game.new_initial_state(self.seed, first=self.first)
            self._generation += 1
            self.bot_moves = []
            self._bot_move_events = []
            self.plan.clear()
            self._undo = []
            self._undo_owner = None
            self._forget_held()
            for seat, action, move in decisions:
                if move is not None:
                    self._bot_move_events.append(len(self.state.events or []))
                    self.bot_moves.append((seat, move))
                self.state.apply_action(action)
            self._seen = len(self.log())
            self.message = ""
            self._hand_over()
            self._bump()

    def _forget_held(self) -> None:
        """A rebuilt game holds nothing on the screen (Arriala's last action, T-R2)."""

    # ------------------------------------------------------------------ bots
    def bot_payload(self) -> tuple[object, ...]:
        """What the bot to move needs: its level, its seeded generator's seed and its own
        observation only (M-R1, A-R11), then :meth:`_bot_extras`."""
        p = self.to_move
        assert p is not None and self.seats[p].kind == "bot"
        rng_seed = (self.seed * 1_000_003 + len(self.state.history) * 97 + p) % (2**63)
        return (self.seats[p].level, rng_seed, self.state.observation(p), *self._bot_extras())

    def _bot_extras(self) -> tuple[object, ...]:
        return ()

    # ------------------------------------------------------------------ a hint
    def hint(self) -> Hint | None:
        """What the Steady bot would do in the viewer's place and why, from the viewer's
        observation only; None when it is not their turn. Plays nothing (:mod:`.hints`)."""
        return hint(self)

    def hint_bot(self, rng: random.Random) -> Bot:
        """The game's Steady bot (its ``heuristic`` level), with ``rng``."""
        raise NotImplementedError

    def hint_action_words(self, move: BotMove) -> str:
        """The hinted action, as a choice is named at the table."""
        return str(self.narrator().action(move.action))

    def hint_reason_words(self, move: BotMove) -> str:
        """The Steady bot's reason for the hinted action (the narrator's ``bot_move``, in quotes)."""
        n = self.narrator()
        return str(n.tr.ui("hint.says", "Its reason: “{reason}”", reason=n.bot_move(move)))

    def apply_bot_move(self, move: BotMove) -> None:
        """Play one action of the bot to move (one update)."""
        p = self.to_move
        assert p is not None
        with self.changing():
            self._bot_move_events.append(len(self.state.events or []))
            self.state.apply_action(move.action)  # a bot only proposes legal actions
            self.plan.played(move, self.position)
            self.bot_moves.append((p, move))
            self.thinking = False
            self._after_step()

    def step_bot(self) -> bool:
        """Let the bot to move play one action here, synchronously (tests, small tables). Not
        in a kept game: its bots play in :meth:`run_bots`, where each decision is written first."""
        if (not self.seating.bots_play_here or not self.is_bot_turn() or self.paused or self.closed
                or self.journal is not None):
            return False
        move = self.plan.next(self.position, self.state.legal_actions)
        if move is None:
            self.plan.keep(type(self).decide_turn(*self.bot_payload()), self.position)
            move = self.plan.moves[0]
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
        if self.busy or self._running or not self.seating.bots_play_here:  # one at a time (a second doubles the pace)
            return
        self._running = True
        try:
            await play_bots_turns(self, type(self).decide_turn, executor, timeout=timeout,
                                  thinking_delay=thinking_delay)
        finally:
            self.busy = False
            self._running = False
            if self.thinking:
                with self.changing():
                    self.thinking = False
                    self._bump()
