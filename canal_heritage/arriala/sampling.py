"""One legal Arriala action drawn at random without listing them all (random playouts and
the bots' searches): :func:`sample_action`, and the caches it keeps on the position (the
candidate blocks' target cells, the card kinds each seat holds)."""

from __future__ import annotations

import random
from bisect import bisect_left, bisect_right

from . import actions as A
from .moves import movable
from .rules import (
    END,
    GONE,
    K_DRAW,
    K_END,
    K_FROM_VINE,
    K_JUMP,
    K_LOCK,
    K_MOVE,
    K_PLACE,
    K_RIVER,
    K_TO_VINE,
    K_WORK,
    VINE,
)
from .table import ArrialaPosition

#: A block of candidates: ``(kind, base action, workers, span, cells)`` (:func:`blocks`).
Block = tuple[int, int, list[int], int, list[int]]

_NONE: list[int] = []  # a block of targets only (never changed)
_END_BLOCK: Block = (K_END, A.END_TURN, _NONE, 1, _NONE)  # the same at every decision
_DRAW_BLOCK: Block = (K_DRAW, A.DRAW, _NONE, 1, _NONE)


def _without(cells: list[int], a: int, z: int) -> list[int]:
    """The sorted ``cells`` without those from ``a`` to ``z``."""
    return cells[:bisect_left(cells, a)] + cells[bisect_right(cells, z):]


def sample_action(s: ArrialaPosition, rng: random.Random) -> int:
    """One legal action drawn at random, each with the same chance: the distribution of
    ``rng.choice(state.legal_actions())``, without listing them all (random playouts).

    How: every kind of action the player may afford is a block of candidates —
    a movable worker and a distance, a cell, a worker and a vineyard… — that holds each
    legal action exactly once, with some that are not legal (a cell taken, a full
    vineyard). A candidate drawn uniformly from all the blocks is kept if it is legal and
    drawn again if not, so every legal action is equally likely. The tests list every
    candidate of many positions and check that the legal ones are exactly
    ``legal_actions()``. :meth:`~.state.ArrialaState.apply_action` then accepts the drawn action without listing.

    Raises:
        ValueError: the game is over.
    """
    if s.phase is END:
        raise ValueError("the game is over: no action to draw")
    action = -1
    if s._legal is not None:  # already listed for this decision
        action = rng.choice(s._legal)
    else:
        ends, blks = blocks(s)
        total = ends[-1]
        bits = total.bit_length()
        draw = rng.getrandbits
        cand = candidate
        while True:
            i = draw(bits)  # uniform on 0 … 2**bits - 1; past the last candidate: draw again
            if i < total:
                k = bisect_right(ends, i) - 1
                action = cand(s, blks[k], i - ends[k])
                if action >= 0:
                    break
    s._checked = action
    return action


def blocks(s: ArrialaPosition) -> tuple[list[int], list[Block]]:
    """The candidate blocks of this decision (:func:`sample_action`): where each block
    ends when they are counted in a row, after a 0 (block ``k`` holds candidates ``ends[k]``
    to ``ends[k + 1] - 1``), and each block as ``(kind, base action, workers, span, cells)``:
    its ``i``-th candidate is worker ``workers[i // span]`` (if the block has workers) with
    target ``i % span`` — a distance, a vineyard, a blue cell, a work or ``cells[i % span]``.
    Kinds the player cannot afford, or with nothing to act on, have no block."""
    g = s.game
    c_move, c_draw, c_to_vine, c_river, c_place, c_from_vine, c_lock, c_card = g.ap_costs
    ap = s.ap
    p = s.to_move
    on_canal, own_canal, in_vine, own_vine = s._movable_cache or movable(s)
    in_reserve = s._where[2][p]  # type: ignore[index]  # listed with the movable workers
    cells, lockable = s._targets or target_cells(s)
    if s._free is None:
        s._free_map()
    n_cells = len(cells)
    nv = g.n_vineyards
    out: list[Block] = [_END_BLOCK]
    ends = [0, 1]
    n = 1
    if ap >= c_draw and s.deck:
        n += 1
        ends.append(n)
        out.append(_DRAW_BLOCK)
    if on_canal and ap >= c_move:
        r = 2 * (ap // c_move)  # a distance: -reach … -1, 1 … reach
        n += len(on_canal) * r
        ends.append(n)
        out.append((K_MOVE, A.MOVE, on_canal, r, _NONE))
    if own_canal:
        if ap >= c_to_vine:
            n += len(own_canal) * nv
            ends.append(n)
            out.append((K_TO_VINE, A.TO_VINE, own_canal, nv, _NONE))
        if ap >= c_river:
            nb = len(s.blue)
            n += len(own_canal) * nb
            ends.append(n)
            out.append((K_RIVER, A.RIVER, own_canal, nb, _NONE))
    if ap >= c_place and in_reserve:
        n += n_cells
        ends.append(n)
        out.append((K_PLACE, A.PLACE, _NONE, n_cells, cells))
    if own_vine and ap >= c_from_vine:
        n += len(own_vine) * n_cells
        ends.append(n)
        out.append((K_FROM_VINE, A.FROM_VINE, own_vine, n_cells, cells))
    if lockable and ap >= c_lock and s.locks_left > 0:
        n += len(lockable)
        ends.append(n)
        out.append((K_LOCK, A.LOCK, _NONE, len(lockable), lockable))
    if ap >= c_card:
        cached = s._held_cache[p] if s._held_cache is not None else None
        for eff, base, value, anyw in (held(s) if cached is None else cached):
            if eff == K_MOVE:
                if on_canal:
                    r = 2 * (value + (ap - c_card) // c_move)
                    n += len(on_canal) * r
                    ends.append(n)
                    out.append((K_MOVE, base, on_canal, r, _NONE))
            elif eff == K_JUMP:
                if own_canal:
                    n += len(own_canal) * n_cells
                    ends.append(n)
                    out.append((K_JUMP, base, own_canal, n_cells, cells))
            elif eff == K_LOCK:
                if lockable and s.locks_left > 0:
                    n += len(lockable)
                    ends.append(n)
                    out.append((K_LOCK, base, _NONE, len(lockable), lockable))
            elif eff == K_WORK:
                if s.is_last(p):
                    n += len(s.works)
                    ends.append(n)
                    out.append((K_WORK, base, _NONE, len(s.works), _NONE))
            elif eff == K_TO_VINE:
                ws = on_canal if anyw else own_canal
                if ws:
                    n += len(ws) * nv
                    ends.append(n)
                    out.append((K_TO_VINE, base, ws, nv, _NONE))
            else:  # to the canal: as from a vineyard
                ws = in_vine if anyw else own_vine
                if ws:
                    n += len(ws) * n_cells
                    ends.append(n)
                    out.append((K_FROM_VINE, base, ws, n_cells, cells))
    return ends, out


def held(s: ArrialaPosition) -> list[tuple[int, int, int, bool]]:
    """The current player's card kinds, as :attr:`~.rules.ArrialaRules.card_plan` entries (kept per
    seat until that seat draws a kind it did not hold or plays its last card of a kind)."""
    cache = s._held_cache
    if cache is None:
        cache = s._held_cache = [None] * s.game.players
    p = s.to_move
    plans = cache[p]
    if plans is None:
        hand = s.hand[p]
        plans = cache[p] = [plan[1:] for plan in s.game.card_plan if hand[plan[0]]]
    return plans


def target_cells(s: ArrialaPosition) -> tuple[list[int], list[int]]:
    """The cells a worker may ever come to again — towns, and cells neither locked nor
    closed — and of those, the plain cells of stretches that may take another lock (A-R5).
    Both change only when a lock is built or a section scores."""
    t = s._targets
    if t is None:
        b = s.board
        lock, closed, town, of, built = s.lock, s.closed, b.is_town, b.stretch_of, s.stretch_locks
        cells = [c for c in range(b.size) if town[c] or not (lock[c] or closed[c])]
        lockable = [c for c in cells if not town[c] and built[of[c]] < b.stretches[of[c]].lock_max]
        t = s._targets = (cells, lockable)
    return t


def drop_targets(s: ArrialaPosition, a: int, z: int, unlockable: tuple[int, int]) -> None:
    """Keep :func:`target_cells` up to date when a lock is built or a section closes: cells
    ``a…z`` are no target any more, and the cells from ``unlockable[0]`` to ``unlockable[1]``
    (``a…z`` among them) no lockable one. New lists, as copies share them."""
    t = s._targets
    if t is not None:
        s._targets = (_without(t[0], a, z), _without(t[1], *unlockable))


def candidate(s: ArrialaPosition, block: Block, i: int) -> int:
    """Candidate ``i`` of ``block`` (:func:`blocks`, which works out the free cells): its
    action if legal now, else -1."""
    kind, base, workers, span, cells = block
    free: list[bool] = s._free  # type: ignore[assignment]
    if kind == K_MOVE:  # most candidates: a worker and a distance (A-R1, A-R3)
        w = workers[i // span]
        d = i % span - (span >> 1)  # -reach … -1 back; 0 … reach - 1 forward, one cell further
        c = s.loc[w] + (d if d < 0 else d + 1)
        if 0 <= c < s.board.size and free[c] and c != s.prev_start.get(w, GONE):
            return base + w * 64 + c
        return -1
    if kind <= K_DRAW:
        return base
    if workers:
        w = workers[i // span]
        t = i % span
    else:
        w, t = -1, i
    if kind in (K_PLACE, K_LOCK):
        c = cells[t]
        if free[c]:
            return base + c
    elif kind == K_TO_VINE:
        if sum(s.vine[t]) < s.board.vineyards[t].capacity and s.prev_start.get(w) != VINE + t:
            return base + w * 4 + t
    elif kind == K_RIVER:
        if s.blue[t] < 0:
            return base + w * 4 + t
    elif kind == K_FROM_VINE:
        c = cells[t]
        if free[c] and c != s.prev_start.get(w, GONE):
            return base + w * 64 + c
    elif kind == K_JUMP:
        c = cells[t]
        if free[c] and c != s.loc[w] and c != s.prev_start.get(w, GONE):
            return base + w * 64 + c
    elif kind == K_WORK and s.works[t] < 0:
        return base + t
    return -1


def all_candidates(s: ArrialaPosition) -> list[int]:
    """Every candidate of every block in order, -1 for those not legal (for the tests)."""
    ends, blks = blocks(s)
    return [candidate(s, blk, i) for k, blk in enumerate(blks) for i in range(ends[k + 1] - ends[k])]
