"""Shared helpers for the Arriala engine tests (imported by the test modules;
``conftest.py`` exposes the fixtures).

* :func:`position` builds a plain position (the format of ``canal_heritage/arriala/position.py``)
  with defaults: every seat's workers in reserve (the virtual player on its towns), the deck
  holding the cards nobody was given, scores matching the locks, river works and works.
* :func:`build` turns it into a state; :func:`act` plays actions by their text form.
* :func:`play_random` plays a random legal game; :func:`check_invariants` is what the
  property tests check after every action.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

import pytest

from canal_heritage.arriala import ArrialaGame, ArrialaState
from canal_heritage.arriala import actions as A
from canal_heritage.arriala.moves import movable
from canal_heritage.arriala.position import state_from_dict, state_to_dict
from canal_heritage.arriala.record import game_overrides
from canal_heritage.arriala.sampling import held, target_cells
from canal_heritage.arriala.state import BLUE, GONE, RESERVE, VINE
from canal_heritage.core.errors import IllegalActionError

_GAMES: dict[tuple, ArrialaGame] = {}


#: The board the rule tests are written on (cells per stretch), pinned so that the
#: balance study may change ``data/arriala/board.json`` without moving the examples.
TEST_CELLS = (6, 7, 4, 8)


def game_for(players: int, **overrides: Any) -> ArrialaGame:
    """One shared (immutable) game description per player count and overrides (the
    board's cells are :data:`TEST_CELLS` unless given)."""
    overrides.setdefault("cells", TEST_CELLS)
    key = (players, tuple(sorted((k, tuple(v)) for k, v in overrides.items())))
    if key not in _GAMES:
        _GAMES[key] = ArrialaGame(players, **overrides)
    return _GAMES[key]


# ---------------------------------------------------------------------------- cell names
def gm(k: int) -> str:
    return f"grisolles-montech:{k}"


def mc(k: int) -> str:
    return f"montech-castelsarrasin:{k}"


def cm(k: int) -> str:
    return f"castelsarrasin-moissac:{k}"


def mv(k: int) -> str:
    return f"moissac-valence-d-agen:{k}"


def span(stretch: Callable[[int], str], a: int, z: int) -> list[str]:
    """Cell ids ``stretch(a)`` .. ``stretch(z)``."""
    return [stretch(k) for k in range(a, z + 1)]


def all_but(players: int, keep: Iterable[str]) -> list[str]:
    """Every plain cell of the board except ``keep``: to close all the other sections."""
    b = game_for(players).board
    keep = set(keep)
    return [b.cell_id(c) for c in range(b.size) if not b.is_town[c] and b.cell_id(c) not in keep]


# ---------------------------------------------------------------------------- positions
def position(
    players: int = 3,
    *,
    workers: dict[int, list[str]] | None = None,
    locks: Iterable[str] = (),
    closed: Iterable[str] = (),
    hands: list[list[str]] | None = None,
    deck_top: Iterable[str] = (),
    deck: list[str] | None = None,
    discard: Iterable[str] = (),
    scores: list[int] | None = None,
    score_lines: list[list[dict[str, Any]]] | None = None,
    works: dict[str, int] | None = None,
    current: int = 0,
    first: int = 0,
    ap: int = 5,
    round: int = 1,
    quiet: int = 0,
    scored: bool = False,
    phase: str = "play",
    end_reason: str | None = None,
    moved: dict[str, str] | None = None,
    previous_turn: dict[str, str] | None = None,
    game: ArrialaGame | None = None,
) -> dict[str, Any]:
    """A plain position; unspecified parts are derived from the rest (see the module doc)."""
    g = game or game_for(players)
    b = g.board
    rows = []
    for o in range(g.owners):
        given = list((workers or {}).get(o, []))
        if o < players:
            rows.append(given + ["reserve"] * (A.W - len(given)))
        else:
            rows.append(given or [b.cell_id(t) for t in b.towns])
    hands = hands if hands is not None else [[] for _ in range(players)]
    discard = list(discard)
    locks = list(locks)
    works = dict(works or {})
    if deck is None:
        used = Counter(x for h in hands for x in h) + Counter(discard) + Counter(deck_top)
        full = Counter({k: c for k, c in zip(g.card_ids, g.deck_counts, strict=True)})
        rest = full - used
        deck = list(deck_top) + [k for k in g.card_ids for _ in range(rest[k])]
    if scores is None and score_lines is None:
        pts = g.points
        score_lines = [[] for _ in range(g.owners)]
        for x in locks:
            score_lines[0].append({"kind": "lock", "place": x, "points": pts.lock, "detail": {}})
        for o, row in enumerate(rows):
            for where in row:
                spot = next((s for s in b.blue if s.id == where), None)
                if spot:
                    score_lines[o].append({"kind": "river_work", "place": spot.id, "points": pts.river_work,
                                           "detail": {"kind": spot.kind}})
        for wid, p in works.items():
            score_lines[p].append({"kind": "engineering_work", "place": wid, "points": pts.engineering_work,
                                   "detail": {}})
    if scores is None:
        assert score_lines is not None
        scores = [sum(x["points"] for x in row) for row in score_lines]
    overrides = game_overrides(g)
    return {
        "format": "canal-heritage/arriala-position", "version": 2, "players": players,
        "game": overrides if any(v is not None for v in overrides.values()) else None,
        "phase": phase, "end_reason": end_reason, "round": round, "first": first, "current": current,
        "ap": ap, "quiet": quiet, "scored_this_round": scored, "workers": rows, "locks": locks,
        "closed": list(closed), "works": works, "hands": hands, "deck": deck, "discard": discard,
        "scores": scores, "score_lines": score_lines, "moved": moved or {},
        "previous_turn": previous_turn or {},
    }


def build(data: dict[str, Any], game: ArrialaGame | None = None) -> ArrialaState:
    """The state of a position (the shared game of its player count by default)."""
    if game is None and data.get("players") in (2, 3, 4):
        given = data.get("game")
        try:
            overrides = {k: v for k, v in (given or {}).items() if v is not None}
            game = game_for(data["players"], **overrides)
        except (AttributeError, TypeError, ValueError):  # malformed: let the loader say so
            game = None
    return state_from_dict(data, game=game)


# ---------------------------------------------------------------------------- acting
def act(state: ArrialaState, *texts: str) -> None:
    """Play actions given in their text form (``"move w7 montech"``)."""
    for t in texts:
        state.apply_action(A.from_text(state.game, t))


def legal_texts(state: ArrialaState) -> list[str]:
    return [A.to_text(state, a) for a in state.legal_actions()]


def events(state: ArrialaState, key: str) -> list[dict[str, Any]]:
    return [e.args for e in state.events if e.key == key]


def log_json(state: ArrialaState) -> list[dict[str, Any]]:
    return [e.to_json() for e in (state.events or [])]


def snapshot(state: ArrialaState) -> tuple:
    return (state_to_dict(state), log_json(state), list(state.history), state.turns, list(state.deck))


def assert_refused(state: ArrialaState, action: Any, key: str | None = None,
                   fragment: str | None = None, ruling: str | None = None) -> IllegalActionError:
    """``action`` raises IllegalActionError with a readable sentence; the state is unchanged."""
    if isinstance(action, str):
        action = A.from_text(state.game, action)
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as info:
        state.apply_action(action)
    err = info.value
    msg = str(err)
    assert len(msg.split()) >= 3 and "\n" not in msg and "Traceback" not in msg, msg
    if key:
        assert err.key == key, (err.key, msg)
    if fragment:
        assert fragment in msg, msg
    if ruling:
        assert err.args_.get("ruling") == ruling, err.args_
    assert snapshot(state) == before, "a refused action must leave the state unchanged"
    return err


def play_random(players: int, seed: int, policy_seed: int | None = None, *,
                hook: Callable[[ArrialaState], None] | None = None, game: ArrialaGame | None = None,
                log: bool = True, end_weight: float = 0.0, draw: bool = False) -> ArrialaState:
    """A random legal game from ``seed``; ``hook(state)`` runs before the first and after
    every action. ``end_weight`` is the chance of ending the turn at once (longer turns
    otherwise pick END_TURN like any other action). ``draw``: each action is drawn by
    ``sample_action`` instead of chosen from ``legal_actions()`` (the same distribution)."""
    game = game or game_for(players)
    state = game.new_initial_state(seed, log=log)
    rng = random.Random(seed if policy_seed is None else policy_seed)
    if hook:
        hook(state)
    steps = 0
    while not state.is_terminal():
        if rng.random() < end_weight:
            a = A.END_TURN
        else:
            a = state.sample_action(rng) if draw else rng.choice(state.legal_actions())
        state.apply_action(a)
        steps += 1
        assert steps < 3000, "a game should end long before 3000 decisions (A-R10)"
        if hook:
            hook(state)
    return state


# ---------------------------------------------------------------------------- checks
def check_derived_facts(s: ArrialaState) -> None:
    """The facts the engine keeps up to date action by action (free cells, sections, movable
    workers, where the workers are and how many each seat has in reserve, cells a worker may
    reach and may lock, the cards held) are those worked out afresh."""
    fresh = s.clone()
    fresh._forget_derived()
    assert s._free_map() == fresh._free_map()
    assert s.sections() == fresh.sections()
    assert [s.section_of(c) for c in range(s.board.size)] == [fresh.section_of(c) for c in range(s.board.size)]
    assert target_cells(s) == target_cells(fresh)
    if not s.is_terminal():
        assert movable(s) == movable(fresh)
        assert held(s) == held(fresh)
    for p, kept in enumerate(s._held_cache or []):  # every seat's kept cards, not only the current one's
        if kept is not None:
            assert kept == [plan[1:] for plan in s.game.card_plan if s.hand[p][plan[0]]]
    if s._where is not None:
        movable(fresh)
        assert s._where == fresh._where


def check_invariants(s: ArrialaState) -> None:
    """What must hold in every reachable state."""
    g, b = s.game, s.board
    r = g.rules
    W = A.W
    # workers: five per seat, one per town for the virtual player, each in one place
    where: dict[int, list[int]] = {}
    for w, x in enumerate(s.loc):
        where.setdefault(x, []).append(w)
    for o in range(g.owners):
        slots = s.loc[o * W:(o + 1) * W]
        if o < g.players:
            assert GONE not in slots
        else:
            assert sum(1 for x in slots if x != GONE) == len(b.towns)
            assert all(x != RESERVE and x < BLUE for x in slots), "the virtual player: canal or vineyards"
    assert all(x in (RESERVE, GONE) or 0 <= x < b.size or VINE <= x < VINE + len(b.vineyards)
               or BLUE <= x < BLUE + len(b.blue) for x in where)
    town, occ, lock, closed = b.is_town, s.occ, s.lock, s.closed
    for c in range(b.size):
        who = where.get(c, ())
        if town[c]:
            assert occ[c] == -1 and not lock[c] and not closed[c]
        else:
            assert len(who) <= 1, "a plain cell never holds two workers (A-R1)"
            assert occ[c] == (who[0] if who else -1)
            assert not (lock[c] and who), "nobody stands on a lock"
            assert not (lock[c] and closed[c])
    for v, spot in enumerate(b.vineyards):
        here = [w // W for w in where.get(VINE + v, ())]
        assert s.vine[v] == [here.count(o) for o in range(g.owners)]
        assert len(here) <= spot.capacity
    for i in range(len(b.blue)):
        who = where.get(BLUE + i, [])
        assert len(who) <= 1 and s.blue[i] == (who[0] if who else -1)
        assert not who or who[0] // W < g.players
    # locks (A-R5)
    built = sum(lock)
    assert built == r.locks - s.locks_left <= r.locks
    for st_i, st in enumerate(b.stretches):
        n = sum(lock[st.first:st.last + 1])
        assert n == s.stretch_locks[st_i] <= st.lock_max
    # sections (A-R4, A-R6, A-R15)
    secs = s.sections()
    open_ = 0
    for a, z in secs:
        flags = set(closed[a:z + 1])
        assert len(flags) == 1, "closed cells are whole sections"
        if not closed[a]:
            open_ += 1
            assert -1 in occ[a:z + 1], "a full open section has scored (A-R6)"
    if not s.is_terminal():
        assert open_, "the game ends when no open section is left (A-R15)"
        assert 1 <= s.ap <= r.action_points
        assert s.current_player() == s.to_move
        assert A.END_TURN in s.legal_actions()
    else:
        assert s.legal_actions() == [] and s.current_player() is None
        assert (not open_) == (s.termination == "last_section")
    # cards: hand + deck + discard = the deck
    deck = Counter(s.deck)
    total = [sum(h[k] for h in s.hand) + s.discard[k] + deck[k] for k in range(len(g.card_ids))]
    assert total == list(g.deck_counts), "hand + deck + discard = the deck's cards"
    if g.deck_counts == tuple(c.count for c in g.card_kinds):
        assert sum(total) == 55
    assert all(c >= 0 for h in s.hand for c in h)
    # scores equal their lines
    sheet = s.score_sheet()
    assert sheet.totals == list(s.points)
    for o, items in enumerate(s.items):
        assert sum(i.points for i in items) == s.points[o]
    assert sum(1 for x in s.works if x >= 0) <= len(b.works)
    # A-R2: who moved this turn
    assert s.moved == set(s.turn_start)
