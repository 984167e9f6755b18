"""Arriala positions as plain data, below the engine's facade: writing (:func:`state_to_dict`,
``ArrialaState.to_dict()``) and reading into a blank position with every check
(:func:`position_game`, :func:`fill_position`, which ``ArrialaState.from_dict`` and
:func:`.position.state_from_dict` call). The format and what is checked: :mod:`.position`.
"""

from __future__ import annotations

from collections import Counter
from typing import Any, TypeGuard

from ..core.errors import PositionError, RecordError
from ..core.events import Event
from ..core.game import Termination
from . import actions as A
from .data import load_arriala_data
from .rules import BLUE, EDITION, EDITIONS, END, GONE, PLAY, RESERVE, VINE, ArrialaRules
from .scoring import ScoreItem, majority, rank
from .sheet import KINDS
from .table import ArrialaPosition

FORMAT = "canal-heritage/arriala-position"
#: The version written. Version 1 was written before the rulings had editions: a version 1
#: position without an edition is edition 1 (A-R19); from version 2, no edition is the current one.
VERSION = 2
#: The versions read.
VERSIONS = (1, 2)
END_REASONS = tuple(t.value for t in (Termination.LAST_SECTION, Termination.STALLED_QUIET, Termination.STALLED_ROUNDS))
LINE_KINDS = (*KINDS, "earlier")
_W = A.W

#: the balance-study overrides of :class:`~.state.ArrialaGame`, with the length each list must have
OVERRIDES = {"cells": 4, "lock_max": 4, "table": 10, "deck": None}


def game_overrides(game: ArrialaRules) -> dict[str, list[int] | None]:
    """The balance-study overrides ``game`` was built with (``None`` where it uses the data).

    Raises:
        RecordError: ``game`` uses content other than ``data/arriala/``, which no record
            or position can name.
    """
    data = load_arriala_data()
    if game.data is not data and game.data != data:
        raise RecordError("this game uses its own content (ArrialaGame(data=...)), which a saved game "
                          "cannot describe")
    in_play = {st.id: st for st in game.board.stretches}
    cells, lock_max = [], []
    for st in data.board.stretches:
        x = in_play.get(st.id)
        cells.append(x.last - x.first + 1 if x else st.cells)
        lock_max.append(x.lock_max if x else st.lock_max)
    table = list(game.table[1:])
    deck = list(game.deck_counts)
    return {
        "cells": None if cells == [st.cells for st in data.board.stretches] else cells,
        "lock_max": None if lock_max == [st.lock_max for st in data.board.stretches] else lock_max,
        "table": None if table == [data.board.scoring_table[str(k)] for k in range(1, 11)] else table,
        "deck": None if deck == [c.count for c in data.deck.cards] else deck,
    }


# ---------------------------------------------------------------------- writing
def _detail_out(v: Any) -> Any:
    return [_detail_out(x) for x in v] if isinstance(v, (tuple, list)) else v


def _detail_in(v: Any) -> Any:
    return tuple(_detail_in(x) for x in v) if isinstance(v, list) else v


def line_to_dict(item: ScoreItem) -> dict[str, Any]:
    """One score line as plain data."""
    return {"kind": item.kind, "place": item.place, "points": item.points,
            "detail": {k: _detail_out(v) for k, v in item.detail}}


def state_to_dict(s: ArrialaPosition) -> dict[str, Any]:
    """The plain-data position of ``s`` (no history, no event log)."""
    g = s.game
    b = s.board
    ids = g.card_ids
    try:
        overrides: dict[str, Any] = dict(game_overrides(g))
        if g.edition != EDITION:  # the current edition goes unsaid (A-R19)
            overrides["edition"] = g.edition
    except RecordError:  # the caller's own content: pass the game back to state_from_dict
        overrides = dict.fromkeys(OVERRIDES)

    def place(where: int) -> str:
        return s._place_name(where)

    def cards(counts: list[int]) -> list[str]:
        return [ids[k] for k, c in enumerate(counts) for _ in range(c)]

    workers = []
    for o in range(g.owners):
        slots = [s.loc[w] for w in range(o * _W, o * _W + _W)]
        workers.append([place(x) for x in slots if x != GONE])
    return {
        "format": FORMAT,
        "version": VERSION,
        "players": g.players,
        "game": overrides if any(v is not None for v in overrides.values()) else None,
        "phase": "end" if s.phase == END else "play",
        "end_reason": s.termination,
        "round": s.round,
        "first": s.first,
        "current": s.to_move,
        "ap": s.ap,
        "quiet": s.quiet,
        "scored_this_round": s.scored_round,
        "workers": workers,
        "locks": [b.cell_id(c) for c in range(b.size) if s.lock[c]],
        "closed": [b.cell_id(c) for c in range(b.size) if s.closed[c]],
        "works": {b.works[i].id: p for i, p in enumerate(s.works) if p >= 0},
        "hands": [cards(s.hand[p]) for p in range(g.players)],
        "deck": [ids[k] for k in reversed(s.deck)],
        "discard": cards(s.discard),
        "scores": list(s.points),
        "score_lines": [[line_to_dict(i) for i in s.items[o]] for o in range(g.owners)],
        "moved": {f"w{w}": place(x) for w, x in sorted(s.turn_start.items())},
        "previous_turn": {f"w{w}": place(x) for w, x in sorted(s.prev_start.items())},
    }


# ---------------------------------------------------------------------- reading
def _fail(msg: str) -> PositionError:
    return PositionError(f"not a legal Arriala position: {msg}")


def _is_int(x: Any) -> TypeGuard[int]:
    return isinstance(x, int) and not isinstance(x, bool)


def _int(d: dict[str, Any], key: str, lo: int, hi: int) -> int:
    v = d.get(key)
    if not _is_int(v) or not lo <= v <= hi:
        raise _fail(f"{key} must be a whole number from {lo} to {hi}, got {v!r}")
    return v


def _list(d: dict[str, Any], key: str, what: str) -> list[Any]:
    v = d.get(key, [])
    if not isinstance(v, list):
        raise _fail(f"{key} must be a list of {what}")
    return v


def position_game(data: Any, game: ArrialaRules | None) -> tuple[int, dict[str, Any]]:
    """Check the frame of the plain position ``data`` (format, version, fields) and the game it
    names: its player count and the balance-study overrides (with ``edition``) a game for it is
    built with. A given ``game`` must be that game.

    Raises:
        PositionError: the frame is malformed, or ``game`` is not the position's.
    """
    if not isinstance(data, dict):
        raise _fail("expected an object")
    if data.get("format") != FORMAT:
        raise _fail(f"format must be {FORMAT!r}, got {data.get('format')!r}")
    if data.get("version") not in VERSIONS or isinstance(data.get("version"), bool):
        raise _fail(f"unknown version {data.get('version')!r} (this program reads versions "
                    f"{', '.join(map(str, VERSIONS))})")
    known = {"format", "version", "players", "game", "phase", "end_reason", "round", "first", "current", "ap",
             "quiet", "scored_this_round", "workers", "locks", "closed", "works", "hands", "deck", "discard",
             "scores", "score_lines", "moved", "previous_turn"}
    extra = set(data) - known
    if extra:
        raise _fail(f"unknown fields {sorted(extra)}")
    n = _int(data, "players", 2, 4)
    wanted = _wanted_game(data)
    if game is not None:
        _check_game(game, n, wanted)
    return n, wanted


def bad_game(exc: ValueError) -> PositionError:
    """The error for a position whose game cannot be built (``exc`` names the override)."""
    return _fail(f"game: {exc}")


def fill_position(s: ArrialaPosition, data: dict[str, Any], *, log: bool = True) -> None:
    """Set the blank position ``s`` (``ArrialaPosition.blank`` of the game :func:`position_game`
    accepted) to what ``data`` describes, checking that it could arise in play (the format
    and the checks: :mod:`.position`).

    Args:
        s: a blank position of the data's game.
        data: the plain position, its frame checked by :func:`position_game`.
        log: start an event log with an ``arriala.position`` event (hands private).

    Raises:
        PositionError: the position could not arise in play.
    """
    game = s.game
    n = game.players
    r = game.rules
    b = game.board
    s.seed = None
    s.dealt = False

    # --- phase, round, turn
    phase = data.get("phase")
    if phase not in ("play", "end"):
        raise _fail(f"phase must be 'play' or 'end', got {phase!r}")
    over = phase == "end"
    reason = data.get("end_reason")
    if over and reason not in END_REASONS:
        raise _fail(f"end_reason must be one of {', '.join(END_REASONS)} when the game is over, got {reason!r}")
    if not over and reason is not None:
        raise _fail("end_reason is only for a finished game (phase 'end')")
    rnd = _int(data, "round", 1, r.stall_max_rounds)
    first = _int(data, "first", 0, n - 1)
    current = _int(data, "current", 0, n - 1)
    ap = _int(data, "ap", 0 if over else 1, r.action_points)
    quiet = _int(data, "quiet", 0, rnd if over else rnd - 1)  # a stalled end counts the last round
    scored = data.get("scored_this_round", False)
    if not isinstance(scored, bool):
        raise _fail("scored_this_round must be true or false")
    if scored and quiet:
        raise _fail("a section scored this round, so the quiet count is 0 (A-R17)")
    s.round, s.first, s.to_move, s.ap, s.quiet, s.scored_round = rnd, first, current, ap, quiet, scored
    s.phase = END if over else PLAY
    s.termination = Termination(reason) if reason is not None else None
    s.turns = (rnd - 1) * n + (current - first) % n

    # --- workers
    cell_of = {b.cell_id(c): c for c in range(b.size)}
    vine_of = {v.id: i for i, v in enumerate(b.vineyards)}
    blue_of = {x.id: i for i, x in enumerate(b.blue)}

    def parse_place(x: Any, where: str) -> int:
        if x == "reserve":
            return RESERVE
        if isinstance(x, str):
            if x in cell_of:
                return cell_of[x]
            if x in vine_of:
                return VINE + vine_of[x]
            if x in blue_of:
                return BLUE + blue_of[x]
        raise _fail(f"{where}: {x!r} is not a place in play (\"reserve\", a cell such as "
                    f"{b.cell_id(1)!r} or a town, a vineyard {sorted(vine_of)} or a blue cell {sorted(blue_of)})")

    workers = data.get("workers")
    if not isinstance(workers, list) or len(workers) != game.owners or not all(isinstance(x, list) for x in workers):
        raise _fail(f"workers must list {game.owners} owners' workers"
                    + (" (the two seats, then the virtual player)" if game.virtual else ""))
    for o, row in enumerate(workers):
        virtual = o >= n
        want = min(_W, len(b.towns)) if virtual else _W
        if len(row) != want:
            who = ("the virtual player has one worker per town in play (A-R8)" if virtual
                   else f"each seat has {_W} workers")
            raise _fail(f"workers[{o}] lists {len(row)} workers; {who}")
        for i, x in enumerate(row):
            w = o * _W + i
            where = parse_place(x, f"workers[{o}][{i}] (w{w})")
            if virtual and where == RESERVE:
                raise _fail(f"workers[{o}][{i}]: the virtual player has no reserve (A-R8)")
            if virtual and where >= BLUE:
                raise _fail(f"workers[{o}][{i}]: the virtual player builds no river work (A-R8)")
            s.loc[w] = where
    for c in range(b.size):
        if b.is_town[c]:
            continue
        here = [w for w, x in enumerate(s.loc) if x == c]
        if len(here) > 1:
            raise _fail(f"two workers on {b.cell_id(c)} ({', '.join(f'w{w}' for w in here)}): "
                        "a plain cell holds one worker, only towns hold more (A-R1)")
        if here:
            s.occ[c] = here[0]
    for i, spot in enumerate(b.vineyards):
        for o in range(game.owners):
            s.vine[i][o] = sum(1 for w in range(o * _W, o * _W + _W) if s.loc[w] == VINE + i)
        if sum(s.vine[i]) > spot.capacity:
            raise _fail(f"{sum(s.vine[i])} workers in the vineyard {spot.id}, which has {spot.capacity} cells")
    for i, spot in enumerate(b.blue):
        here = [w for w, x in enumerate(s.loc) if x == BLUE + i]
        if len(here) > 1:
            raise _fail(f"two workers on the blue cell {spot.id}: one river work per blue cell")
        s.blue[i] = here[0] if here else -1

    # --- locks and closed sections
    locks = _list(data, "locks", "cell ids")
    seen: set[int] = set()
    for x in locks:
        at = cell_of.get(x) if isinstance(x, str) else None
        if at is None or b.is_town[at]:
            raise _fail(f"locks: {x!r} is not a canal cell in play (a lock goes on a cell between towns)")
        if at in seen:
            raise _fail(f"locks: {x} is listed twice")
        seen.add(at)
        if s.occ[at] >= 0:
            raise _fail(f"a worker (w{s.occ[at]}) stands on the lock at {x}: a lock occupies its cell (A-R1)")
        s.lock[at] = True
        s.stretch_locks[b.stretch_of[at]] += 1
    if len(seen) > r.locks:
        raise _fail(f"{len(seen)} locks, but the game has {r.locks} lock pawns (A-R5)")
    for st, count in zip(b.stretches, s.stretch_locks, strict=True):
        if count > st.lock_max:
            raise _fail(f"{count} locks on the stretch {st.id}, whose maximum is {st.lock_max} (A-R5)")
    s.locks_left = r.locks - len(seen)
    s._sections = None
    for x in _list(data, "closed", "cell ids"):
        at = cell_of.get(x) if isinstance(x, str) else None
        if at is None or b.is_town[at]:
            raise _fail(f"closed: {x!r} is not a canal cell in play (towns are never closed)")
        if s.lock[at]:
            raise _fail(f"closed: {x} holds a lock; only section cells are closed (A-R4)")
        s.closed[at] = True
    open_sections = []
    for a, z in s.sections():
        flags = {s.closed[c] for c in range(a, z + 1)}
        if len(flags) > 1:
            raise _fail(f"closed: the section {b.cell_id(a)}…{b.cell_id(z)} is only partly closed; "
                        "a section closes as a whole when it scores (A-R4)")
        if True not in flags:
            open_sections.append((a, z))
            if all(s.occ[c] >= 0 for c in range(a, z + 1)):
                raise _fail(f"the open section {b.cell_id(a)}…{b.cell_id(z)} is full: it would have scored "
                            "at once (A-R6)")
    if not over and not open_sections:
        raise _fail("no open section is left, so the game is over (A-R15): use phase 'end'")
    if over and reason == "last_section" and open_sections:
        raise _fail(f"end_reason last_section, but the section {b.cell_id(open_sections[0][0])}…"
                    f"{b.cell_id(open_sections[0][1])} is still open")
    if over and reason != "last_section":
        if not open_sections:
            raise _fail(f"end_reason {reason}, but every section has scored: that is last_section")
        if current != first:
            raise _fail("a stalled game ends at the end of a round: current must be the first player (A-R10)")
        if reason == "stalled_rounds" and rnd != r.stall_max_rounds:
            raise _fail(f"end_reason stalled_rounds needs round {r.stall_max_rounds} (A-R10)")
        if reason == "stalled_quiet" and (quiet < r.stall_quiet_rounds or data.get("deck")):
            raise _fail(f"end_reason stalled_quiet needs an empty deck and {r.stall_quiet_rounds} quiet rounds (A-R10)")

    # --- engineering works
    works = data.get("works", {})
    work_of = {x.id: i for i, x in enumerate(b.works)}
    if not isinstance(works, dict):
        raise _fail("works must map engineering work ids to seats")
    for x, p in works.items():
        if x not in work_of:
            raise _fail(f"works: no engineering work {x!r} (the works are {', '.join(work_of)})")
        if not _is_int(p) or not 0 <= p < n:
            raise _fail(f"works.{x} must be a seat from 0 to {n - 1} (the virtual player plays no card)")
        s.works[work_of[x]] = p

    # --- cards
    kind_of = {k: i for i, k in enumerate(game.card_ids)}

    def card_list(v: Any, where: str) -> list[int]:
        if not isinstance(v, list) or any(x not in kind_of for x in v):
            bad = [x for x in v if x not in kind_of] if isinstance(v, list) else v
            raise _fail(f"{where} must list card kind ids ({', '.join(game.card_ids)}), got {bad!r}")
        return [kind_of[x] for x in v]

    hands = data.get("hands")
    if not isinstance(hands, list) or len(hands) != n:
        raise _fail(f"hands must list {n} hands (one per seat)")
    k = len(game.card_ids)
    every: list[int] = []
    for p, h in enumerate(hands):
        cards = card_list(h, f"hands[{p}]")
        every += cards
        s.hand[p] = [cards.count(i) for i in range(k)]
    deck = card_list(data.get("deck", []), "deck")
    discard = card_list(data.get("discard", []), "discard")
    every += deck + discard
    s.deck = list(reversed(deck))
    s.discard = [discard.count(i) for i in range(k)]
    expected = Counter({i: c for i, c in enumerate(game.deck_counts) if c})
    got = Counter(every)
    if got != expected:
        ids = game.card_ids
        missing = sorted(ids[i] for i in (expected - got).elements())
        extra_ = sorted(ids[i] for i in (got - expected).elements())
        raise _fail(f"hands, deck and discard must hold the {sum(game.deck_counts)} cards of the deck, each once "
                    f"(missing {missing}, extra {extra_})")
    built = sum(1 for x in s.works if x >= 0)
    work_cards = sum(s.discard[i] for i, e in enumerate(game.effects) if e == "engineering_work")
    if built > work_cards:
        raise _fail(f"{built} engineering works built but only {work_cards} engineering-work cards discarded (A-R7)")

    # --- scores
    scores = data.get("scores")
    if not isinstance(scores, list) or len(scores) != game.owners or any(not _is_int(x) or x < 0 for x in scores):
        raise _fail(f"scores must list {game.owners} whole numbers ≥ 0"
                    + (" (the two seats, then the virtual player)" if game.virtual else ""))
    s.points = list(scores)
    river = [0] * game.owners
    for w in s.blue:
        if w >= 0:
            river[w // _W] += 1
    work_count = [sum(1 for x in s.works if x == o) for o in range(game.owners)]
    board_points = _BoardPoints(s, over)
    lines = data.get("score_lines")
    pts = game.points
    if lines is None:
        for o in range(game.owners):
            items = [ScoreItem("river_work", b.blue[i].id, pts.river_work, (("kind", b.blue[i].kind),))
                     for i, w in enumerate(s.blue) if w >= 0 and w // _W == o]
            items += [ScoreItem("engineering_work", b.works[i].id, pts.engineering_work)
                      for i, x in enumerate(s.works) if x == o]
            rest = s.points[o] - sum(i.points for i in items)
            if rest < 0:
                raise _fail(f"scores[{o}] is {s.points[o]}, less than the river works and engineering works "
                            f"on the board give that owner ({s.points[o] - rest})")
            vine = sum(p for v, (w, p) in board_points.vineyards.items() if w == o)
            if rest < vine:
                raise _fail(f"scores[{o}] is {s.points[o]}, less than the river works, engineering works and "
                            f"the vineyards the game's end gave that owner ({s.points[o] - rest + vine})")
            if rest:
                items.append(ScoreItem("earlier", "", rest))
            s.items[o] = items
        earlier = sum(s.points) - sum(river) * pts.river_work - built * pts.engineering_work
        if earlier < len(seen) * pts.lock:
            raise _fail(f"each of the {len(seen)} locks gave its builder {pts.lock} point(s), "
                        f"more than the scores leave ({earlier})")
    else:
        _read_lines(s, lines, river, work_count, len(seen), over, board_points)
    board_points.check_totals(s.points)
    if over:
        canal = [s.canal_workers(o) for o in range(game.owners)]
        s.winners, s.ranking = rank(s.points, canal, n)

    # --- moves this turn and the previous one (A-R2, A-R3, A-R14)
    s.turn_start = _moves(s, data.get("moved", {}), "moved", parse_place, "this turn")
    s.prev_start = _moves(s, data.get("previous_turn", {}), "previous_turn", parse_place, "the previous turn")
    s.moved = set(s.turn_start)
    for w, start in s.prev_start.items():
        if s.loc[w] == start:
            raise _fail(f"previous_turn: w{w} stands where it stood when the previous turn began; "
                        "putting it back is not allowed (A-R3)")
    _check_turn(s, over, reason, open_sections)
    s._forget_derived()
    if log:
        s.events = [Event("arriala.position",
                          {"players": n, "round": rnd, "first": first, "current": current,
                           "phase": phase, "virtual": game.virtual},
                          {p: {"hand": s.hand_list(p)} for p in range(n)})]


def _wanted_game(data: dict[str, Any]) -> dict[str, Any]:
    """The overrides and edition of the position's ``game`` field (None: the data's, the
    current edition)."""
    raw = data.get("game")
    names = [*OVERRIDES, "edition"]
    if raw is not None and (not isinstance(raw, dict) or set(raw) - set(names)):
        raise _fail(f"game must be null or an object with {', '.join(names)}")
    wanted: dict[str, Any] = {k: (raw or {}).get(k) for k in names}
    for k, v in wanted.items():
        if k == "edition":
            if v is not None and (not _is_int(v) or v not in EDITIONS):
                raise _fail(f"game.edition must be null or one of {', '.join(map(str, EDITIONS))} (A-R19)")
        elif v is not None and (not isinstance(v, list) or any(not _is_int(x) or x < 0 for x in v)):
            raise _fail(f"game.{k} must be null or a list of whole numbers ≥ 0")
    if wanted["edition"] is None and data.get("version") == 1:
        wanted["edition"] = 1  # written before editions were: the first edition's rulings (A-R19)
    if wanted["edition"] == EDITION:
        wanted["edition"] = None  # the current edition, said or not
    return wanted


def _check_game(game: ArrialaRules, n: int, wanted: dict[str, Any]) -> None:
    """A game given with a position is the one the position names."""
    if game.players != n:
        raise _fail(f"the game is for {game.players} players, the position for {n}")
    try:
        have: dict[str, Any] = {**game_overrides(game), "edition": None if game.edition == EDITION else game.edition}
    except RecordError:
        return  # the caller's own content: trust it
    if have != wanted:
        raise _fail(f"the position's board and deck ({wanted}) are not the game's ({have})")


def _moves(s: ArrialaPosition, raw: Any, key: str, parse_place: Any, when: str) -> dict[int, int]:
    """``{"w7": place}`` -> ``{7: place index}``, checked against the board."""
    if not isinstance(raw, dict):
        raise _fail(f"{key} must map workers (\"w7\") to the place they stood at when {when} began")
    out: dict[int, int] = {}
    for name, x in raw.items():
        w = int(name[1:]) if isinstance(name, str) and A._WORKER.fullmatch(name) else -1
        if not 0 <= w < s.game.workers or s.loc[w] == GONE:
            raise _fail(f"{key}: {name!r} is not a worker of this game (w0, w1, …)")
        start = parse_place(x, f"{key}.{name}")
        if start == RESERVE or start >= BLUE:
            raise _fail(f"{key}.{name}: a move starts on the canal or in a vineyard, not at {x!r} "
                        "(placing a worker is not a move, A-R14; a river work is for the game)")
        if s.loc[w] == RESERVE:
            raise _fail(f"{key}.{name}: a worker in reserve has not moved")
        if key == "moved" and s.loc[w] == start:
            raise _fail(f"moved.{name}: the worker is back where {when} began, but it moves once a turn (A-R2)")
        out[w] = start
    return out


def _read_lines(s: ArrialaPosition, lines: Any, river: list[int], works: list[int], locks: int, over: bool,
                board: _BoardPoints) -> None:
    g = s.game
    if not isinstance(lines, list) or len(lines) != g.owners or not all(isinstance(x, list) for x in lines):
        raise _fail(f"score_lines must be null or list {g.owners} owners' lines")
    count: Counter[str] = Counter()
    per_owner: list[Counter[str]] = []
    seen: set[tuple[str, str]] = set()
    for o, row in enumerate(lines):
        items = []
        mine: Counter[str] = Counter()
        for i, x in enumerate(row):
            where = f"score_lines[{o}][{i}]"
            if not isinstance(x, dict) or set(x) - {"kind", "place", "points", "detail"}:
                raise _fail(f"{where} must be an object with kind, place, points and detail")
            kind, place, points, detail = x.get("kind"), x.get("place", ""), x.get("points"), x.get("detail", {})
            if kind not in LINE_KINDS:
                raise _fail(f"{where}.kind must be one of {', '.join(LINE_KINDS)}, got {kind!r}")
            if not isinstance(place, str) or not _is_int(points) or points < 0 or not isinstance(detail, dict):
                raise _fail(f"{where}: place must be a text, points a whole number ≥ 0, detail an object")
            if kind == "vineyard" and not over:
                raise _fail(f"{where}: vineyards score only at the end of the game")
            if kind != "earlier":
                board.check_line(where, o, kind, place, points)
                if (kind, place) in seen:
                    raise _fail(f"{where}: the {kind.replace('_', ' ')} {place} scored once, not twice")
                seen.add((kind, place))
            items.append(ScoreItem(kind, place, points, tuple((k, _detail_in(v)) for k, v in detail.items())))
            mine[kind] += 1
        total = sum(i.points for i in items)
        if total != s.points[o]:
            raise _fail(f"score_lines[{o}] add up to {total}, but scores[{o}] is {s.points[o]}")
        if o >= g.players and any(i.kind in ("lock", "river_work", "engineering_work") for i in items):
            raise _fail(f"score_lines[{o}]: the virtual player only scores sections and vineyards (A-R8)")
        s.items[o] = items
        count += mine
        per_owner.append(mine)
    if count["earlier"]:
        return  # lines summarised by an earlier position: only the totals are known
    if count["lock"] != locks:
        raise _fail(f"score_lines hold {count['lock']} lock lines for {locks} locks on the board (A-R5)")
    for o in range(g.owners):
        if per_owner[o]["river_work"] != river[o]:
            raise _fail(f"score_lines[{o}] hold {per_owner[o]['river_work']} river works, the board {river[o]}")
        if per_owner[o]["engineering_work"] != works[o]:
            raise _fail(f"score_lines[{o}] hold {per_owner[o]['engineering_work']} engineering works, "
                        f"the board {works[o]}")
    for v, (w, p) in board.vineyards.items():
        if ("vineyard", v) not in seen:
            raise _fail(f"score_lines[{w}] lack the vineyard {v}: at the end, its majority gave that owner "
                        f"{p} points")


class _BoardPoints:
    """What the board says about the points scored so far: each lock gave 1 (A-R5), each
    river work 3, each engineering work 5 (A-R7), each closed section its table value to
    one owner at most (A-R6), and at the end each vineyard its capacity to its majority."""

    def __init__(self, s: ArrialaPosition, over: bool) -> None:
        g, b = s.game, s.board
        self.s = s
        self.locks = {b.cell_id(c) for c in range(b.size) if s.lock[c]}
        self.blue = {b.blue[i].id: w // _W for i, w in enumerate(s.blue) if w >= 0}
        self.works = {b.works[i].id: p for i, p in enumerate(s.works) if p >= 0}
        #: closed section (``first…last``) -> its table value
        self.sections = {f"{b.cell_id(a)}…{b.cell_id(z)}": g.table[z - a + 1]
                         for a, z in s.sections() if s.closed[a]}
        #: at the end: vineyard id -> (its majority owner, its points)
        self.vineyards: dict[str, tuple[int, int]] = {}
        if over:
            for v, spot in enumerate(b.vineyards):
                winner, _ = majority(s.vine[v])
                if winner is not None:
                    self.vineyards[spot.id] = (winner, spot.capacity)

    def check_line(self, where: str, o: int, kind: str, place: str, points: int) -> None:
        """A score line must name something on the board that gives ``o`` those points."""
        pts = self.s.game.points
        if kind == "lock":
            want, ok, what = pts.lock, place in self.locks, "a lock on the board"
        elif kind == "river_work":
            want, ok, what = pts.river_work, self.blue.get(place) == o, "a blue cell holding that owner's worker"
        elif kind == "engineering_work":
            want, ok, what = pts.engineering_work, self.works.get(place) == o, "an engineering work that owner built"
        elif kind == "section":
            want, ok, what = self.sections.get(place, 0), place in self.sections, "a closed section (first…last)"
        else:  # vineyard
            winner, want = self.vineyards.get(place, (None, 0))
            ok, what = winner == o, "a vineyard whose majority that owner holds at the end"
        if not ok:
            raise _fail(f"{where}: a line of kind {kind} must name {what}, not {place!r}")
        if points != want:
            raise _fail(f"{where}: the {kind.replace('_', ' ')} {place} is worth {want} "
                        f"point{'s' if want != 1 else ''}, not {points}")

    def check_totals(self, scores: list[int]) -> None:
        """No more points than the board can have given; the virtual player scores only
        sections and vineyards (A-R8)."""
        s = self.s
        g = s.game
        pts = g.points
        sections = sum(self.sections.values())
        top = (len(self.locks) * pts.lock + len(self.blue) * pts.river_work + len(self.works) * pts.engineering_work
               + sections + sum(p for _, p in self.vineyards.values()))
        if sum(scores) > top:
            raise _fail(f"scores add up to {sum(scores)}, more than the board can have given ({top}: "
                        f"{len(self.locks)} lock(s), {len(self.blue)} river work(s), {len(self.works)} "
                        f"engineering work(s), {len(self.sections)} closed section(s)"
                        + (" and the vineyards)" if self.vineyards else ")"))
        for o in range(g.players, g.owners):
            most = sections + sum(p for w, p in self.vineyards.values() if w == o)
            if scores[o] > most:
                raise _fail(f"scores[{o}] is {scores[o]}, but the virtual player scores only sections and "
                            f"vineyards (A-R8): {most} at most")


def _move_cost(s: ArrialaPosition, w: int, start: int, end: int, mover: int, where: str) -> int:
    """The fewest action points one move of worker ``w`` from ``start`` to ``end``, made by
    seat ``mover``, can cost (A-R14: every move costs AP, by the table or by a card)."""
    c = s.game.costs
    own = w // _W == mover
    if end == start:
        raise _fail(f"{where}: w{w} ended that turn where it began it, but a worker moves once a turn (A-R2)")
    if 0 <= start < VINE:
        if 0 <= end < VINE:  # along the canal: 1 AP a cell, or a move or jump card
            return min(abs(end - start) * c.move_cell, c.play_card)
        if VINE <= end < BLUE:  # own worker for AP, any worker with a card
            return min(c.to_vineyard, c.play_card) if own else c.play_card
        if end >= BLUE:
            if not own:
                raise _fail(f"{where}: w{w} went to a blue cell in the turn of seat {mover}, but a river work is "
                            "built with one's own worker")
            return c.river_work
    if not 0 <= end < VINE:
        raise _fail(f"{where}: from a vineyard a worker goes back to the canal, in one move a turn (A-R2)")
    return min(c.from_vineyard, c.play_card) if own else c.play_card


def _check_turn(s: ArrialaPosition, over: bool, reason: str | None, open_sections: list[tuple[int, int]]) -> None:
    """The turn, round and quiet count against what happened (A-R2, A-R10, A-R14, A-R17)."""
    g = s.game
    r = g.rules
    n = g.players
    full = r.action_points
    closed_any = len(open_sections) < len(s.sections())
    if over and reason != "last_section" and (s.ap != full or s.turn_start or s.scored_round):
        raise _fail(f"a stalled game ends between two turns, at the end of a round (A-R10): ap must be {full}, "
                    "moved empty and scored_this_round false")
    if over and reason == "last_section":
        cheapest = min(g.costs.move_cell, g.costs.play_card, g.costs.draw, g.costs.place, g.costs.lock,
                       g.costs.to_vineyard, g.costs.river_work, g.costs.from_vineyard)
        if s.ap > full - cheapest:
            raise _fail(f"ap is {s.ap}: the last section scored after an action of this turn, which cost "
                        f"at least {cheapest} action point(s) (A-R15)")
    if not closed_any:
        done = s.round if over else s.round - 1
        if s.quiet != done:
            raise _fail(f"quiet is {s.quiet}, but no section has scored yet, so each of the {done} finished "
                        f"round(s) was quiet: quiet must be {done} (A-R10, A-R17)")
    if s.scored_round and not over:
        if not closed_any:
            raise _fail("scored_this_round is true, but no section is closed (A-R17)")
        if s.to_move == s.first and s.ap == full:
            raise _fail("scored_this_round is true, but the round has just begun: the first player "
                        "has not acted yet (A-R17)")
    # moves cost action points (A-R14): this turn's within what was spent, the previous within a turn
    spent = full - s.ap
    cost = sum(_move_cost(s, w, start, s.loc[w], s.to_move, f"moved.w{w}") for w, start in s.turn_start.items())
    if cost > spent:
        raise _fail(f"moved: {len(s.turn_start)} worker(s) moved this turn, which costs at least {cost} action "
                    f"point(s) (A-R14), but ap is {s.ap} of {full}: {spent} spent")
    first_turn = s.round == 1 and s.to_move == s.first and not over
    if first_turn and s.prev_start:
        raise _fail("previous_turn must be empty: this is the first turn of the game")
    before = (s.to_move - 1) % n
    cost = sum(_move_cost(s, w, start, s.turn_start.get(w, s.loc[w]), before, f"previous_turn.w{w}")
               for w, start in s.prev_start.items())
    if cost > full:
        raise _fail(f"previous_turn: those moves cost at least {cost} action points, more than the {full} "
                    "of a turn (A-R14)")
