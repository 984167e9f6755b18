"""Where did the game turn? A review of one seat's decisions in a finished game (issue 29).

The review replays a saved game and, at each decision of the chosen seat that had a choice,
weighs the options from **that seat's information only**: it deals the cards the seat could
not see at random, many times (sampled worlds consistent with its observation), plays each
option in each world and values the result for the seat. Each game says how
(``GameKind.judge``: :mod:`canal_heritage.midi.judge` plays Canal du Midi out to its end;
:mod:`canal_heritage.arriala.judge` finishes the turn and values the board as the expert does).

Two rounds per decision, so the numbers can be trusted:

1. **Which alternative?** Every option in :data:`PICK_WORLDS` worlds; the best option that
   was not played is the alternative (when the move played was the best, the runner-up).
2. **How much?** The move played and that alternative in :data:`WEIGH_WORLDS` *fresh*
   worlds, both in the same world each time (the same cards, the same later chance), so
   the difference between them is measured with little noise and without the luck of the
   pick: its mean is what the choice cost or gained, its standard error the uncertainty.

The **turning points** are the (at most three) decisions where the move played cost the
most, counting only those whose cost is more than twice its uncertainty and more than half a
point (:data:`NEGLIGIBLE`). The **best move**
is the decision where the move played beat the alternative by the most. A win is **lucky**
when, at the seat's last decision, its move won in fewer than :data:`LUCKY` of the worlds.

Use :func:`review_record` for a saved game (a path, JSON text or parsed data), or
:func:`review_decisions` for a seat's observations and moves alone (nothing else is needed:
the review never reads a hidden card). :func:`say` puts a review in words, in a language.
The work is split by decision, so a process pool (the bots' workers) shares it.
"""

from __future__ import annotations

import importlib
import math
import random
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from . import games
from .core.errors import RecordError
from .core.records import read_record_source

#: worlds in which every option is played, to pick the alternative
PICK_WORLDS = 40
#: fresh worlds in which the move played and the alternative are weighed against each other
WEIGH_WORLDS = 160
#: how many turning points a review names at most
TURNING_POINTS = 3
#: a win is lucky when the seat's last move won in fewer than this share of the worlds
LUCKY = 0.35
#: a difference smaller than this (points) is never named, however sure the sampling is
NEGLIGIBLE = 0.5


@dataclass(frozen=True)
class Judged:
    """One decision of the seat, weighed.

    Attributes:
        index: the decision's place in the game (0: the game's first action).
        round: the round it was taken in.
        played: the action played.
        other: the alternative it is weighed against (the best option not played; when the
            move played was the best, the runner-up).
        options: how many options were weighed.
        played_value: the mean value of the move played (the game's measure: Canal du Midi,
            the seat's final lead in points; Arriala, the expert's value of the board).
        gain: the mean of (move played − alternative) in the same worlds: negative when the
            move played cost points, positive when it was the better choice.
        error: the standard error of ``gain``.
        won: the share of worlds in which the seat won (or led) after the move played.
        played_facts: what the move played did, on average over the worlds (``say_why``).
        other_facts: what the alternative did.
        worlds: the worlds of the weighing.
    """

    index: int
    round: int
    played: int
    other: int
    options: int
    played_value: float
    gain: float
    error: float
    won: float
    played_facts: dict[str, Any] = field(default_factory=dict)
    other_facts: dict[str, Any] = field(default_factory=dict)
    worlds: int = 0

    @property
    def cost(self) -> float:
        """What the move played cost against the alternative (0 when it was the better one)."""
        return max(0.0, -self.gain)

    @property
    def certain(self) -> bool:
        """The difference is more than twice its uncertainty (not the sampling's noise) and
        more than :data:`NEGLIGIBLE`."""
        return abs(self.gain) > max(2 * self.error, NEGLIGIBLE)


@dataclass(frozen=True)
class Review:
    """A seat's game, reviewed.

    Attributes:
        game: the game's name (``games.kind(name)``).
        seat: the seat reviewed.
        players: the seats at the table.
        decisions: every decision of the seat that had a choice, in order.
        totals: the final points by seat (Arriala with two players lists the virtual player).
        winners: the winning seats.
    """

    game: str
    seat: int
    players: int
    decisions: tuple[Judged, ...]
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    @property
    def turning_points(self) -> tuple[Judged, ...]:
        """The decisions where the move played cost the most (certain costs only), costliest first."""
        costly = [d for d in self.decisions if d.gain < 0 and d.certain]
        costly.sort(key=lambda d: d.gain)
        return tuple(costly[:TURNING_POINTS])

    @property
    def best_move(self) -> Judged | None:
        """The decision where the move played beat its alternative by the most (certainly)."""
        good = [d for d in self.decisions if d.gain > 0 and d.certain]
        return max(good, key=lambda d: d.gain) if good else None

    @property
    def won(self) -> bool:
        return self.seat in self.winners

    @property
    def lucky(self) -> bool:
        """The seat won, though its last move won in fewer than :data:`LUCKY` of the worlds."""
        return self.won and bool(self.decisions) and self.decisions[-1].won < LUCKY

    @property
    def unlucky(self) -> bool:
        """The seat lost, though its last move won in more than 1 − :data:`LUCKY` of the worlds."""
        return not self.won and bool(self.decisions) and self.decisions[-1].won > 1 - LUCKY

    @property
    def curve(self) -> list[tuple[int, float]]:
        """(decision index, the move played's mean value): how the game went for the seat."""
        return [(d.index, d.played_value) for d in self.decisions]


# --------------------------------------------------------------------------- weighing
def _judge(game: str) -> Any:
    module = games.kind(game).judge
    if not module:
        raise ValueError(f"{game!r} has no review")
    return importlib.import_module(module)


def _mean_facts(facts: list[dict[str, Any]]) -> dict[str, Any]:
    out: dict[str, Any] = {}
    if not facts:
        return out
    for key, value in facts[0].items():
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            out[key] = sum(f.get(key, 0.0) for f in facts) / len(facts)
        else:
            out[key] = value
    return out


def weigh(game: str, obs: Any, played: int, index: int, seed: int, *,
          pick_worlds: int = PICK_WORLDS, weigh_worlds: int = WEIGH_WORLDS) -> Judged:
    """Weigh one decision (see the module docstring) from the seat's observation ``obs``.

    Deterministic for a given ``seed``; picklable arguments, so a worker process can run it.
    """
    judge = _judge(game)
    seat = obs.player
    options = judge.options(obs)
    if played not in options:
        options.append(played)
    rng = random.Random(seed)
    # 1. which alternative: every option in the same worlds (the same later chance too)
    sums = dict.fromkeys(options, 0.0)
    for _ in range(pick_worlds):
        base = judge.world(obs, rng)
        later = rng.getrandbits(64)
        for option in options:
            value, _, _ = judge.play_out(base.clone(log=False), option, seat, random.Random(later))
            sums[option] += value
    ranked = sorted(options, key=lambda o: (sums[o], o == played), reverse=True)
    other = next(o for o in ranked if o != played)
    # 2. how much: the move played against it, in fresh worlds
    rng = random.Random(seed ^ 0x5EED)
    diffs: list[float] = []
    played_values: list[float] = []
    wins = 0
    played_facts: list[dict[str, Any]] = []
    other_facts: list[dict[str, Any]] = []
    for _ in range(weigh_worlds):
        base = judge.world(obs, rng)
        later = rng.getrandbits(64)
        v_played, won, f_played = judge.play_out(base.clone(log=False), played, seat, random.Random(later))
        v_other, _, f_other = judge.play_out(base.clone(log=False), other, seat, random.Random(later))
        diffs.append(v_played - v_other)
        played_values.append(v_played)
        wins += won
        played_facts.append(f_played)
        other_facts.append(f_other)
    n = len(diffs)
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1) if n > 1 else 0.0
    return Judged(index=index, round=obs.round, played=played, other=other, options=len(options),
                  played_value=sum(played_values) / n, gain=mean, error=math.sqrt(var / n), won=wins / n,
                  played_facts=_mean_facts(played_facts), other_facts=_mean_facts(other_facts), worlds=n)


def _weigh_task(task: tuple[str, Any, int, int, int, int, int]) -> Judged:
    game, obs, played, index, seed, pick, weigh_n = task
    return weigh(game, obs, played, index, seed, pick_worlds=pick, weigh_worlds=weigh_n)


def review_decisions(game: str, seat: int, decisions: Iterable[tuple[int, Any, int]], *,
                     totals: Sequence[int], winners: Sequence[int], players: int, seed: int = 0,
                     pool: Executor | None = None, progress: Callable[[int, int], None] | None = None,
                     pick_worlds: int | None = None, weigh_worlds: int | None = None) -> Review:
    """Review a seat's game from its observations alone.

    Args:
        game: the game's name.
        seat: the seat reviewed.
        decisions: (index, the seat's observation, the action it played), in order; decisions
            with a single legal action are skipped.
        totals, winners, players: how the game ended (public once it has).
        seed: the review's own chance (the same seed, the same review).
        pool: worker processes to share the work (``None``: this process).
        progress: called with (decisions weighed, decisions to weigh) as they finish.
        pick_worlds, weigh_worlds: the worlds of each round (default: the game's judge's
            ``PICK_WORLDS`` and ``WEIGH_WORLDS``, else this module's).
    """
    judge = _judge(game)
    if pick_worlds is None:
        pick_worlds = getattr(judge, "PICK_WORLDS", PICK_WORLDS)
    if weigh_worlds is None:
        weigh_worlds = getattr(judge, "WEIGH_WORLDS", WEIGH_WORLDS)
    tasks = [(game, obs, played, index, seed * 1_000_003 + index, pick_worlds, weigh_worlds)
             for index, obs, played in decisions if len(obs.legal_actions) > 1]
    done: list[Judged] = []
    total = len(tasks)
    if progress is not None:
        progress(0, total)
    if pool is None:
        for task in tasks:
            done.append(_weigh_task(task))
            if progress is not None:
                progress(len(done), total)
    else:
        for judged in pool.map(_weigh_task, tasks):
            done.append(judged)
            if progress is not None:
                progress(len(done), total)
    return Review(game=game, seat=seat, players=players, decisions=tuple(done),
                  totals=tuple(totals), winners=tuple(winners))


async def review_in_workers(executor: Executor | None, game_name: str, game: Any, seed: int, first: int | None,
                            history: Sequence[int], seat: int, *,
                            progress: Callable[[int, int], None] | None = None, review_seed: int = 0,
                            in_flight: int = 2) -> Review:
    """Review ``seat``'s game (``game``, dealt from ``seed`` with ``first`` to start, then
    ``history``) in ``executor``'s worker processes, off the event loop: the replay in one, then
    each decision in whichever is free; ``progress`` (decisions weighed, to weigh) is called on
    the event loop as they finish. ``executor`` None: in threads (tests, a page without workers).
    At most ``in_flight`` decisions wait in the workers at once, so bots' moves are not queued
    behind a review."""
    import asyncio

    loop = asyncio.get_running_loop()
    decisions = await loop.run_in_executor(executor, decisions_from_start, game, seed, first, tuple(history), seat)
    judge = _judge(game_name)
    pick, weigh_n = getattr(judge, "PICK_WORLDS", PICK_WORLDS), getattr(judge, "WEIGH_WORLDS", WEIGH_WORLDS)
    total = len(decisions)
    if progress is not None:
        progress(0, total)
    # a few decisions at a time: the workers are the bots' too, and a bot's move never waits
    # behind a whole review (a class of thirty may ask for theirs at once)
    gate = asyncio.Semaphore(in_flight)
    done = 0

    async def one(index: int, obs: Any, played: int) -> Judged:
        nonlocal done
        async with gate:
            judged: Judged = await loop.run_in_executor(
                executor, _weigh_task, (game_name, obs, played, index, review_seed * 1_000_003 + index, pick, weigh_n))
        done += 1
        if progress is not None:
            progress(done, total)
        return judged

    judged = sorted(await asyncio.gather(*(one(*d) for d in decisions)), key=lambda d: d.index)
    final = await loop.run_in_executor(executor, _final, game, seed, first, tuple(history))
    return Review(game=game_name, seat=seat, players=game.players, decisions=tuple(judged), totals=final[0],
                  winners=final[1])


def decisions_from_start(game: Any, seed: int, first: int | None, history: Sequence[int],
                         seat: int) -> list[tuple[int, Any, int]]:
    """``seat``'s decisions with a choice in the game dealt from ``seed`` (``first`` to start)
    and played as ``history``: (index, its observation, the action played)."""
    start = game.new_initial_state(seed, first=first)
    return [d for d in seat_decisions(start, history, seat) if len(d[1].legal_actions) > 1]


def observations_at(game: Any, seed: int, first: int | None, history: Sequence[int], seat: int,
                    indices: Iterable[int]) -> dict[int, Any]:
    """``seat``'s observation at each of its decisions in ``indices`` (the table as that seat
    saw it then: a turning point's picture)."""
    wanted = set(indices)
    return {index: obs for index, obs, _ in seat_decisions(game.new_initial_state(seed, first=first),
                                                          history, seat) if index in wanted}


def _final(game: Any, seed: int, first: int | None, history: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    state = game.new_initial_state(seed, first=first, log=False)
    for action in history:
        state.apply_action(action)
    outcome = state.outcome()
    if outcome is None:
        raise ValueError("the game is not over: it has no review yet")
    return tuple(outcome.totals), tuple(outcome.winners)


# --------------------------------------------------------------------------- records
class NoSuchSeat(ValueError):
    """The seat asked for is not one of the game's (``players``: how many seats it had)."""

    def __init__(self, players: int) -> None:
        super().__init__(f"the seat must be from 0 to {players - 1} (this game had {players} players)")
        self.players = players


def record_game(data: Any) -> str:
    """The game a saved record is of (its ``format``: ``canal-heritage/<game>-game``).

    Raises:
        RecordError: the data is no saved game of a game the project plays.
    """
    fmt = data.get("format") if isinstance(data, dict) else None
    for name in games.names():
        if fmt == f"canal-heritage/{name}-game":
            return name
    known = ", ".join(f"canal-heritage/{n}-game" for n in games.names())
    raise RecordError(f"This is not a saved game (its format should be one of {known}).")


def seat_decisions(start: Any, history: Sequence[int], seat: int) -> list[tuple[int, Any, int]]:
    """Replay ``history`` from ``start`` and keep, at each of ``seat``'s decisions, its
    observation and the action it played (what the seat knew, nothing more)."""
    state = start
    out = []
    for index, action in enumerate(history):
        if state.current_player() == seat:
            out.append((index, state.observation(seat), action))
        state.apply_action(action)
    return out


def review_record(source: str | Path | dict[str, Any], seat: int, **options: Any) -> Review:
    """Review ``seat``'s decisions in a saved game (a path, a JSON text or parsed data).

    Raises:
        RecordError: the record is unreadable or corrupt (the message says where).
        NoSuchSeat: ``seat`` is not a seat of that game.
    """
    data = read_record_source(source)
    game = record_game(data)
    judge = _judge(game)
    start, final = judge.replay(data)
    players = final.game.players
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < players:
        raise NoSuchSeat(players)
    outcome = final.outcome()
    assert outcome is not None, "a record's game is finished"
    return review_decisions(game, seat, seat_decisions(start, final.history, seat), totals=outcome.totals,
                            winners=outcome.winners, players=players, **options)


# --------------------------------------------------------------------------- words
@dataclass(frozen=True)
class Said:
    """A decision of a review, in words."""

    round: str  #: "Round 4"
    played: str  #: the move played, as the table's button said it
    other: str  #: the alternative
    points: str  #: "Bet a Blaster (6) was worth about 5.4 points more (give or take 1.1)."
    why: str  #: what each did ("Your move: wins … 0 times in 10. …"), or ""


@dataclass(frozen=True)
class ReviewText:
    """A review in words, in one language."""

    headline: str
    measure: str  #: what the points are (each game its own)
    turning_points: tuple[Said, ...]
    best_move: Said | None
    weighed: str  #: "16 decisions weighed, each in 160 worlds"


def say(review: Review, lang: str, names: Sequence[str] | None = None) -> ReviewText:
    """The review in words, in ``lang`` (``fr``, ``en``, ``oc``); ``names``: the seats' names."""
    from .i18n import translator

    judge = _judge(review.game)
    kind = games.kind(review.game)
    narration = importlib.import_module(kind.engine.partition(":")[0] + ".narration")
    game = kind.game_class(review.players)
    narrator = narration.Narrator(lang, game, names) if names is not None else narration.Narrator(lang, game)
    tr = translator(lang)

    def amount(x: float) -> str:
        return tr.number(round(x, 1), "#,##0.0")

    def said(d: Judged) -> Said:
        played, other = judge.say_option(narrator, d.played), judge.say_option(narrator, d.other)
        if d.gain < 0:
            points = tr.ui("review.cost", "The other choice, “{other}”, was worth about {points} points more.",
                           other=other, points=amount(-d.gain))
        else:
            points = tr.ui("review.gain", "Your move was worth about {points} points more than “{other}”.",
                           other=other, points=amount(d.gain))
        if round(2 * d.error, 1) > 0:  # Arriala's judge may see no spread between the worlds
            points += " " + tr.ui("review.error", "(Give or take {error}.)", error=amount(2 * d.error))
        why_played = judge.say_why(narrator, d.played, d.played_facts)
        why_other = judge.say_why(narrator, d.other, d.other_facts)
        why = ""
        if why_played and why_other:
            why = tr.ui("review.why", "Your move: {played}. The other: {other}.", played=why_played, other=why_other)
        elif why_played:
            why = tr.ui("review.why_played", "Your move: {played}.", played=why_played)
        elif why_other:
            why = tr.ui("review.why_other", "The other choice: {other}.", other=why_other)
        return Said(round=tr.ui("review.round", "Round {n}", n=d.round), played=played, other=other,
                    points=points, why=why)

    last = round(10 * review.decisions[-1].won) if review.decisions else 0
    if review.lucky:
        headline = tr.ui("review.lucky", "A lucky win: after your last decision, you won only {n} times in 10 "
                         "when the hidden cards were dealt again.", n=last)
    elif review.unlucky:
        headline = tr.ui("review.unlucky", "An unlucky loss: after your last decision, you won {n} times in 10 "
                         "when the hidden cards were dealt again.", n=last)
    elif review.turning_points:
        headline = tr.ui_plural("review.turned", "The game turned at {n} decision.",
                                "The game turned at {n} decisions.", len(review.turning_points))
    else:
        headline = tr.ui("review.steady", "No decision cost you points for certain: a steady game.")
    best = review.best_move
    worlds = review.decisions[0].worlds if review.decisions else 0
    weighed = tr.ui_plural("review.weighed", "{n} decision weighed, each over {worlds} deals of the cards you "
                           "could not see.", "{n} decisions weighed, each over {worlds} deals of the cards you could "
                           "not see.", len(review.decisions), worlds=worlds)
    return ReviewText(headline=headline, measure=judge.say_measure(tr),
                      turning_points=tuple(said(d) for d in review.turning_points),
                      best_move=said(best) if best is not None else None, weighed=weighed)


def as_text(text: ReviewText) -> str:
    """A review in words as plain lines (the command line's output)."""
    lines = [text.headline, ""]
    for i, d in enumerate(text.turning_points, 1):
        lines += [f"{i}. {d.round} — {d.played}", f"   {d.points}"]
        if d.why:
            lines.append(f"   {d.why}")
    if text.best_move is not None:
        d = text.best_move
        lines += ["", f"★ {d.round} — {d.played}", f"   {d.points}"]
        if d.why:
            lines.append(f"   {d.why}")
    lines += ["", text.measure, text.weighed]
    return "\n".join(lines)
