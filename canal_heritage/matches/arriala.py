"""One Arriala table in the exhibit: what :class:`~.table.TableMatch` does for every game,
plus Arriala's own: a bot's turn is several actions, replayed one by one at a readable
pace; undo goes back one action at a time within the viewer's own turn, never across a draw
(a draw shows a card); and the palette: which kinds of action the viewer may choose, and
the engine's reason why the others are not possible now.

Legality is the engine's alone: the palette, the targets and the reasons a choice is not
possible now all come from ``legal_actions()`` and ``why_illegal()``; this module only sorts
action ints by what they do (:func:`kind_of`, :func:`worker_of`, :func:`target_of`) and hands
them to the views as typed :class:`~.choices.Choice` objects (:meth:`ArrialaMatch.choices`,
:meth:`ArrialaMatch.choose`), a worker's location as a :class:`~.choices.Where`
(:func:`where_of`), so that no view reads an action int or a place code.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, cast

from ..arriala import actions as A
from ..arriala.bots import BOT_NAMES, make_bot
from ..arriala.narration import Narrator
from ..arriala.observation import ArrialaObservation, sample_state
from ..arriala.sheet import ScoreSheet
from ..arriala.state import BLUE, EDITION, GONE, RESERVE, VINE, ArrialaGame, ArrialaState
from ..core.bots import Bot, BotMove
from ..core.errors import IllegalActionError
from ..core.events import Event
from ..i18n import Translator
from .choices import NOWHERE, Choice, Where, WhereKind
from .guide import GuideStep, arriala_step
from .moments import Moment, arriala_moments
from .table import MAX_PLANNED, LogLine, Seat, Seating, TableMatch, UndoStep

__all__ = ["ArrialaMatch", "Choice", "LogLine", "PALETTE", "Seat", "Where", "choice_of", "decide_turn", "kind_of",
           "owner_of", "stored_overrides", "target_of", "worker_of", "workers_of", "where_of"]

#: Seconds between two actions of a bot's turn as the table replays them.
PACE = 0.9

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
    "arriala.error.no_lock_left", "arriala.error.all_tied", "arriala.error.not_last", "arriala.error.work_built",
    "arriala.error.vineyard_full", "arriala.error.blue_taken", "arriala.error.moved_twice",
    "arriala.error.undo_previous", "arriala.error.stretch_full", "arriala.error.card_target",
    "arriala.error.stuck", "arriala.error.not_in_vineyard", "arriala.error.not_on_canal",
    "arriala.error.cell_taken", "arriala.error.closed", "arriala.error.lock_not_free",
    "arriala.error.lock_closed", "arriala.error.lock_there", "arriala.error.not_yours",
)


# ---------------------------------------------------------------------- tables kept in the store
def stored_options() -> dict[str, Any]:
    """What a new Arriala room or kept game writes in its stored options: the edition of the
    rulings it is played under (A-R19)."""
    return {"edition": EDITION}


def stored_overrides(options: dict[str, Any] | None) -> dict[str, Any]:
    """The :class:`ArrialaGame` options a stored Arriala table (a room, a kept game) was begun
    with, from its stored options: its balance-study overrides (tests and benchmarks only) and
    its rulings' edition, 1 when none is written — a table begun before editions were written
    finishes under edition 1 (A-R19)."""
    options = options or {}
    out = dict(options.get("overrides") or {})
    out.setdefault("edition", options.get("edition", 1))
    return out


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


@lru_cache(maxsize=512)
def where_of(loc: int) -> Where:
    """Where a worker stands, from its location in the engine (``loc[w]`` of a state or an
    observation): a cell, a vineyard, a blue cell, the reserve, or ``gone`` (an unused slot).
    One object per location (cached): a board's redraw reads every worker's."""
    if loc == RESERVE:
        return Where("reserve")
    if loc == GONE or loc < 0:
        return Where("gone")
    if loc < VINE:
        return Where("cell", loc)
    if loc < BLUE:
        return Where("vineyard", loc - VINE)
    return Where("blue", loc - BLUE)


def owner_of(worker: int) -> int:
    """The owner of a worker (the virtual player of a 2-player game is owner 2, A-R8)."""
    return worker // A.W


def workers_of(owner: int) -> range:
    """An owner's worker slots (some may be ``gone``: the virtual player has one per town)."""
    return range(owner * A.W, owner * A.W + A.W)


def choice_of(game: ArrialaGame, loc: tuple[int, ...] | list[int], action: int, seat: int | None = None) -> Choice:
    """``action`` as a :class:`Choice`, with the workers at ``loc`` (for its cost)."""
    w = worker_of(game, action)
    kind, i = target_of(game, action)
    where = NOWHERE if kind == "none" else Where(cast(WhereKind, kind), i)
    return Choice(kind_of(game, action), action, A.to_text(game, action), seat=seat, worker=w,
                  owner=None if w is None else owner_of(w), where=where, cost=A.cost(game, loc, action))


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


class ArrialaMatch(TableMatch[ArrialaGame, ArrialaState, ArrialaObservation, ScoreSheet, Narrator]):
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
        on_worker_failure: told when a bot worker fails (the server rebuilds its pool).
        seating: where the people sit (default: all at this screen; a classroom room's own).
    """

    bot_levels = BOT_NAMES
    decide_turn = staticmethod(decide_turn)
    privacy_first = True  # hot-seat: even the first player's screen waits (the device may be elsewhere)
    game_name = "arriala"
    reasons_name_player = True

    @classmethod
    def stored_options(cls) -> dict[str, Any]:
        return stored_options()  # the rulings' edition (A-R19)

    @classmethod
    def options_from_record(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        return {"overrides": stored_overrides(options)}  # its edition too (A-R19)

    @classmethod
    def game_from_record(cls, players: int, options: dict[str, Any] | None) -> ArrialaGame:
        return ArrialaGame(players, **stored_overrides(options))

    def __init__(self, seats: list[Seat], seed: int = 0, *, first: int | None = None, lang: str = "fr",
                 projector: bool = False, pace: float = PACE, overrides: dict[str, Any] | None = None,
                 on_worker_failure: Callable[[BaseException], None] | None = None,
                 seating: Seating | None = None) -> None:
        self.overrides = dict(overrides or {})
        #: the visitor's action that spent their last AP, and the real state before it, while the
        #: table shows its result and waits for "End my turn" (``ArrialaState.hold_last_action``)
        self._held: tuple[int, ArrialaState] | None = None
        self._reasons_cache: tuple[tuple[object, ...], dict[str, IllegalActionError]] | None = None
        self._choices_cache: tuple[tuple[object, ...], tuple[Choice, ...], dict[str, tuple[Choice, ...]]] | None = None
        super().__init__(seats, seed, first=first, lang=lang, projector=projector, pace=pace,
                         on_worker_failure=on_worker_failure, seating=seating)

    def make_game(self, players: int) -> ArrialaGame:
        return ArrialaGame(players, **self.overrides)


    # ------------------------------------------------------------------ who is who
    @classmethod
    def default_seat_name(cls, game: ArrialaGame, lang: str, seat: int) -> str:
        """A seat's colour, in the language of the moment."""
        return Narrator(lang, game).colour(seat)

    @classmethod
    def narrator_of(cls, lang: str | Translator, game: ArrialaGame, names: Sequence[str]) -> Narrator:
        return Narrator(lang, game, names)

    @property
    def virtual(self) -> int | None:
        """The virtual player's owner number in a 2-player game (A-R8), else None."""
        return self.game.players if self.game.virtual else None

    def result_parts(self) -> tuple[list[dict[str, int]], list[list[str]]]:
        owners = self.score_sheet().owners
        return [o.by_kind() for o in owners], [[i.place for i in o.items if i.points > 0] for o in owners]

    def hint_bot(self, rng: random.Random) -> Bot:
        """The Steady bot, for a hint: greedy, one action at a time."""
        return make_bot("heuristic", rng)

    @classmethod
    def guide_step(cls, obs: ArrialaObservation | None, legal: Sequence[int], seen: set[str] | frozenset[str],
                   tr: Translator) -> GuideStep | None:
        """The guided first round's hint (:func:`.guide.arriala_step`)."""
        return arriala_step(obs, legal, seen, tr)

    def moments_in(self, events: Sequence[Event], start: int, viewer: int) -> list[Moment]:
        """A section scored, the viewer's worker moved by another seat, a work built or a
        vineyard first worked (:func:`.moments.arriala_moments`)."""
        return arriala_moments(events, start, viewer, self.narrator())

    def hint_reason_words(self, move: BotMove) -> str:
        """The Steady bot's reason, said of the bot ("The Steady bot: a lock is worth a point…")."""
        tr = self.translator()
        names = list(self.names)
        if self.viewer is not None:
            names[self.viewer] = tr.ui("hint.steady_bot", "The Steady bot")
        return Narrator(tr, self.game, names).bot_move(move)

    # ------------------------------------------------------------------ what a view may show
    def public_observation(self) -> ArrialaObservation:
        """What anyone watching may see: the board, scores, hand sizes, the deck's size and
        the public log; no hand at all. For the privacy screen and tables of bots only."""
        seat = self.viewer if self.viewer is not None else 0
        obs = self.state.observation(seat)
        return replace(obs, hand=(0,) * len(obs.hand), legal_actions=(), events=tuple(self.state.log(-1)))

    def blocked(self, kind: str) -> IllegalActionError | None:
        """Why the viewer cannot do ``kind`` now (the engine's reason), None if they can."""
        if not self.is_viewer_turn() or self.paused:
            return IllegalActionError("Please wait: it is not your turn.", "table.not_your_turn")
        return blocked(self.state, kind)

    def sections(self) -> list[tuple[int, int, bool]]:
        """Every section as (first cell, last cell, scored?) in canal order (public, A-R11)."""
        st = self.state
        return [(a, z, st.closed[a]) for a, z in st.sections()]

    def scored(self) -> list[dict[str, Any]]:
        """The sections scored so far, as the engine told it (``arriala.section_scored``)."""
        return [e.args for e in self.state.events or () if e.key == "arriala.section_scored"]

    def open_hands_view(self) -> list[list[str]] | None:
        """Every seat's hand (card kind ids), only when the teacher has chosen to show them
        in projector mode; ``None`` otherwise (A-R11 at every other table)."""
        if not (self.projector and self.open_hands):
            return None
        return [self.state.hand_list(p) for p in range(self.game.players)]

    # ------------------------------------------------------------------ undo
    def _turn(self) -> int:
        return self.state.turns

    def _keep_undo(self, step: UndoStep[ArrialaState], action: int, turn: int) -> None:
        """One action at a time within the viewer's own turn; a draw shows a card, so
        nothing before it can be taken back."""
        if action == A.DRAW or self.state.turns != turn or self.over:
            self._undo = []
        else:
            self._undo.append(step)

    def _undo_allowed(self) -> bool:
        assert self._undo_owner is not None
        seat, turn = self._undo_owner
        return self.to_move == seat and self.state.turns == turn and not self.over

    # ------------------------------------------------------------------ the last action point
    @property
    def waiting_to_end(self) -> bool:
        """The visitor has spent their last AP: the table shows the result and waits for
        "End my turn" (their only choice; undo still takes the last action back)."""
        return self._held is not None

    def _play(self, action: int) -> bool:
        """The visitor's action; the one that spends their last AP is shown and waits for
        "End my turn" (T-R2: the engine's :meth:`~canal_heritage.arriala.state.ArrialaState.hold_last_action`,
        a copy on which the turn has not passed). Bots never wait: their moves do not come here."""
        if self._held is not None:
            if action != A.END_TURN or not self.is_viewer_turn() or self.paused:
                return super()._play(action)  # refused: no AP left, or not now
            last, real = self._held
            self._held = None
            self.state = real
            self._generation += 1
            return super()._play(last)  # the engine ends the turn (A-R17)
        if (action != A.END_TURN and self.is_viewer_turn() and not self.paused
                and action in self.state.legal_actions()):
            held = self.state.hold_last_action(action)
            if held.turn_held:
                self._held = (action, self.state)
                self.state = held
                self._generation += 1
                self.message = ""
                self._after_step()
                return True
        return super()._play(action)

    def _forget_held(self) -> None:
        self._held = None

    def can_undo(self) -> bool:
        """While the table waits for "End my turn", the last action may be taken back (not a
        draw: it showed a card)."""
        if self._held is not None:
            return not self.privacy and self._held[0] != A.DRAW
        return super().can_undo()

    def undo(self) -> bool:
        if self._held is None:
            return super().undo()
        with self.changing():
            if not self.can_undo():
                tr = self.narrator().tr
                return self._refuse(tr.ui("table.no_undo", "That decision can no longer be taken back."))
            self.state = self._held[1]
            self._held = None
            self._generation += 1
            self.message = ""
            self.paused = False
            self._seen = min(self._seen, len(self.log()))
            self._bump()
            return True

    # ------------------------------------------------------------------ choosing
    def choices(self, kind: str | None = None, worker: int | None = None) -> tuple[Choice, ...]:
        """The viewer's legal decisions now, as :class:`Choice` objects in the engine's order
        (empty when it is not their turn): all of them, or those of one palette kind (a card:
        ``card:<id>``) and of one worker. Built once per position (the board redraws often)."""
        key = (self.position, self.viewer, self.privacy, self.paused)
        cached = self._choices_cache
        if cached is None or cached[0] != key:
            legal = self.legal_actions()
            loc, seat = self.state.loc, self.to_move
            every = tuple(choice_of(self.game, loc, a, seat) for a in legal)
            grouped: dict[str, list[Choice]] = {}
            for c in every:
                grouped.setdefault(c.kind, []).append(c)
            cached = self._choices_cache = (key, every, {k: tuple(v) for k, v in grouped.items()})
        _, every, by_kind = cached
        found = every if kind is None else by_kind.get(kind, ())
        if worker is not None:
            found = tuple(c for c in found if c.worker == worker)
        return found

    def only_end_turn(self) -> bool:
        """Ending the turn is the viewer's only choice (their last AP is spent: T-R2, A-R17)."""
        found = self.choices()
        return len(found) == 1 and found[0].kind == "end_turn"

    def choice_at(self, kind: str, worker: int | None, where: Where) -> Choice | None:
        """The decision ``kind`` (with ``worker``) would be at ``where``, legal or not: a tap on
        a place that is not offered is tried, so that the engine says why not. None when the
        kind does not end on such a place or needs a worker not given. Only the encoding is
        used here, no rule."""
        g = self.game
        if where.kind != "cell" or not 0 <= where.index < g.board.size:
            return None
        c = where.index
        action: int | None = None
        if kind == "place":
            action = A.place(c)
        elif kind == "lock":
            action = A.lock(c)
        elif worker is not None and 0 <= worker < g.workers:
            if kind == "move":
                action = A.move(worker, c)
            elif kind == "from_vineyard":
                action = A.from_vine(worker, c)
            elif kind.startswith("card:") and kind[5:] in g.card_ids:
                k = g.card_ids.index(kind[5:])
                if g.effects[k] in ("move", "jump", "to_canal"):
                    action = A.card(k, A.card_target_worker_cell(worker, c))
        return None if action is None else choice_of(g, self.state.loc, action, self.to_move)

    def describe(self, choice: Choice, narrator: Narrator | None = None) -> str:
        """A decision in words, in the table's language; ``narrator``: one the view already
        made for this update (else the match's)."""
        return (narrator or self.narrator()).action(choice.action, self.state)

    def options(self, kind: str, worker: int | None = None) -> list[int]:
        """The viewer's legal actions of a palette kind (and of one worker, if given)."""
        return [c.action for c in self.choices(kind, worker)]

    def workers_for(self, kind: str) -> list[int]:
        """The workers that can do ``kind`` now, in order."""
        return sorted({c.worker for c in self.choices(kind) if c.worker is not None})

    def reasons(self) -> dict[str, IllegalActionError]:
        """Every palette kind and card in hand the viewer cannot use now, with the engine's
        reason (worked out once per position)."""
        obs = self.observation()
        key = (self.position, self.viewer, self.privacy, self.paused)
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
    counts = Counter(owner_of(w) for w, c in enumerate(loc) if first <= c <= last)
    return [counts.get(o, 0) for o in range(game.owners)]
