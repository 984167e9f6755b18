"""One Canal du Midi table in the exhibit: what :class:`~.table.TableMatch` does for every
game, plus Canal du Midi's own: which engine, what the public sees (M-R1), which bot moves
the viewer may read the reasons of, and when a decision may be taken back (it revealed
nothing yet)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

from ..core.bots import Bot, BotMove
from ..core.events import Event
from ..i18n import Translator
from ..midi import actions as A
from ..midi.bots import BOT_NAMES, make_bot
from ..midi.narration import Narrator
from ..midi.observation import Observation
from ..midi.scoring import ScoreSheet
from ..midi.state import MidiGame, MidiState
from .choices import Choice
from .guide import GuideStep, midi_step
from .moments import Moment, midi_moments
from .table import MAX_NAME, LogLine, Seat, Seating, TableMatch, UndoStep  # noqa: F401 (re-exported)

__all__ = ["Choice", "MidiMatch", "Seat", "LogLine", "choice_of", "decide", "decide_turn"]

#: Events that reveal nothing new to the player who has just decided: undo may cross them.
_QUIET = {"midi.bet_placed", "midi.reinforcement_declined", "midi.trade_passed"}


def decide(level: str, rng_seed: int, obs: Observation, iterations: int | None = None) -> BotMove:
    """A bot's decision (runs in a worker process: everything here is picklable)."""
    game = MidiGame(obs.players)
    opts = {"iterations": iterations} if level == "expert" and iterations else {}
    return make_bot(level, random.Random(rng_seed), game, **opts).choose(obs)


def decide_turn(level: str, rng_seed: int, obs: Observation, iterations: int | None = None) -> list[BotMove]:
    """A Canal du Midi bot decides one action at a time: each may reveal something to it."""
    return [decide(level, rng_seed, obs, iterations)]


def choice_of(action: int, seat: int | None = None) -> Choice:
    """``action`` as a :class:`Choice`: a draw (face up, M-R14: a card is its value; or face
    down), a bet, reinforcements (M-R4) or a trade (M-R7), and what it names."""
    d = A.decode(action)
    how: str | None = None
    if d.kind == "draw":
        how = "up" if d.face_up else "down"
    elif d.kind == "reinforce":
        how = "yes" if d.yes else "no"
    elif d.kind == "trade":
        how = d.trade
    return Choice(d.kind, action, A.to_text(action), seat=seat, how=how, value=d.value, partner=d.seat, take=d.take)


class MidiMatch(TableMatch[MidiGame, MidiState, Observation, ScoreSheet, Narrator]):
    """A game of Canal du Midi at the exhibit's table.

    Args:
        seats: 2 to 4 seats, humans and bots.
        seed: the game's seed (chance, M-R10); bots' decisions are seeded from it too.
        first: the first lead player (M-R3); None: drawn from the seed.
        lang: the language of every text.
        projector: pause after each step with its narration (teacher mode).
        expert_iterations: the expert bot's search budget (tests and benchmarks).
        on_worker_failure: told when a bot worker fails (the server rebuilds its pool).
        seating: where the people sit (default: all at this screen; a classroom room's own).
    """

    bot_levels = BOT_NAMES
    decide_turn = staticmethod(decide_turn)
    game_name = "midi"

    def __init__(self, seats: list[Seat], seed: int = 0, *, first: int | None = None, lang: str = "fr",
                 projector: bool = False, expert_iterations: int | None = None, pace: float = 0.0,
                 on_worker_failure: Callable[[BaseException], None] | None = None,
                 seating: Seating | None = None) -> None:
        self.expert_iterations = expert_iterations
        self._choices_cache: tuple[tuple[object, ...], tuple[Choice, ...]] | None = None
        super().__init__(seats, seed, first=first, lang=lang, projector=projector, pace=pace,
                         on_worker_failure=on_worker_failure, seating=seating)

    @classmethod
    def game_from_record(cls, players: int, options: dict[str, Any] | None) -> MidiGame:
        return MidiGame(players)

    def make_game(self, players: int) -> MidiGame:
        return MidiGame(players)


    @classmethod
    def default_seat_name(cls, game: MidiGame, lang: str, seat: int) -> str:
        """An engineer's short name (the seat's card, M-R2)."""
        return game.engineers[seat].short_name

    @classmethod
    def narrator_of(cls, lang: str | Translator, game: MidiGame, names: Sequence[str]) -> Narrator:
        return Narrator(lang, game, names)

    def narrator(self) -> Narrator:
        return Narrator(self.translator(), self.game, self.names, viewer=self.viewer)

    def result_parts(self) -> tuple[list[dict[str, int]], list[list[str]]]:
        sheet, n = self.score_sheet(), self.narrator()
        return ([{"sites": p.site_points, "coins": p.coin_points} for p in sheet.players],
                [[n.site_name(s.site) for s in p.sites if s.how == "won"] for p in sheet.players])

    def _bot_extras(self) -> tuple[object, ...]:
        return (self.expert_iterations,)

    def hint_bot(self, rng: random.Random) -> Bot:
        """The Steady bot, for a hint: rules of thumb from the viewer's observation."""
        return make_bot("heuristic", rng, self.game)

    @classmethod
    def guide_step(cls, obs: Observation | None, legal: Sequence[int], seen: set[str] | frozenset[str],
                   tr: Translator) -> GuideStep | None:
        """The guided first round's hint (:func:`.guide.midi_step`)."""
        return midi_step(obs, legal, seen, tr)

    def moments_in(self, events: Sequence[Event], start: int, viewer: int) -> list[Moment]:
        """The bids turned over, a site won or delayed, a coin, a trade, a delayed site awarded
        (:func:`.moments.midi_moments`)."""
        return midi_moments(events, start, viewer, self.narrator())

    # ------------------------------------------------------------------ what a view may show
    def public_observation(self) -> Observation:
        """What anyone watching may see: a seat's observation with its own hand left out.

        Used for the privacy screen's background and for bot-only tables."""
        seat = self.viewer if self.viewer is not None else 0
        obs = self.state.observation(seat)
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
        for (seat, move), at in zip(self.bot_moves, self._bot_move_events, strict=True):
            kind = A.decode(move.action)
            if kind.kind == "bet" and not any(e.key == "midi.bets_revealed" for e in events[at:]):
                continue
            if kind.kind == "trade" and kind.trade == "hand" and self.viewer not in (seat, kind.seat):
                continue
            out.append((seat, move))
        return out

    # ------------------------------------------------------------------ choosing
    def choices(self, kind: str | None = None) -> tuple[Choice, ...]:
        """The viewer's legal decisions now, as :class:`Choice` objects in the engine's order
        (empty when it is not their turn); all of them, or those of one kind."""
        key = (self.position, self.viewer, self.privacy, self.paused)
        if self._choices_cache is None or self._choices_cache[0] != key:
            seat = self.to_move
            self._choices_cache = (key, tuple(choice_of(a, seat) for a in self.legal_actions()))
        every = self._choices_cache[1]
        return every if kind is None else tuple(c for c in every if c.kind == kind)

    def describe(self, choice: Choice, narrator: Narrator | None = None) -> str:
        """A decision in words, in the table's language, as the viewer may read it (M-R1);
        ``narrator``: one the view already made for this update (else the match's)."""
        return (narrator or self.narrator()).action(choice.action)

    # ------------------------------------------------------------------ undo
    def _undo_allowed(self) -> bool:
        """A decision may be taken back while it revealed nothing to its player: a bet, a
        declined reinforcement, a passed trade, or a face-up draw that turned nothing up."""
        owner = self._undo_owner[0] if self._undo_owner else None
        for e in (self.state.events or [])[self._undo[-1].events:]:
            if e.key == "midi.drew_face_up" and e.args.get("turned") is None and e.args["player"] == owner:
                continue
            if e.key not in _QUIET:
                return False
        return True
