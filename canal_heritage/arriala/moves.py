"""Which actions the current player of an Arriala position may take: the list the engine
checks every action against (:func:`legal_actions`), and the workers that may still move this
turn (:func:`movable`, A-R2), which the random draw of :mod:`.sampling` reads too."""

from __future__ import annotations

from bisect import bisect_left

from . import actions as A
from .rules import BLUE, END, GONE, RESERVE, VINE
from .table import ArrialaPosition

_W = A.W


def legal_actions(s: ArrialaPosition) -> list[int]:
    """Every action the current player may take (empty when the game is over).

    Computed once per decision; each call returns a fresh list.
    """
    legal = s._legal
    if legal is None:
        legal = s._legal = generate(s)
    return legal[:]


def generate(s: ArrialaPosition) -> list[int]:
    """Every legal action, listed afresh (:func:`legal_actions` keeps them for the decision)."""
    if s.phase is END:
        return []
    g = s.game
    cost = g.costs
    p = s.to_move
    ap = s.ap
    b = s.board
    size = b.size
    loc = s.loc
    prev = s.prev_start
    free = s._free_map()  # A-R1/A-R4: where a move or placement may end
    free_cells = [c for c in range(size) if free[c]]
    out = [A.END_TURN]
    on_canal, own_canal, in_vine, own_vine = movable(s)
    vine_free = [v for v, row in enumerate(s.vine) if sum(row) < b.vineyards[v].capacity]

    def moves(base: int, reach: int) -> None:
        # every free cell within ``reach`` of each movable worker (A-R1, A-R2, A-R3)
        for w in on_canal:
            c0 = loc[w]
            f = prev.get(w, GONE)
            wb = base + w * 64
            out.extend(wb + c for c in range(max(0, c0 - reach), min(size, c0 + reach + 1))
                       if free[c] and c != c0 and c != f)

    if ap >= cost.move_cell:
        moves(A.MOVE, ap // cost.move_cell)
    if ap >= cost.draw and s.deck:
        out.append(A.DRAW)
    if ap >= cost.to_vineyard:
        for w in own_canal:
            out.extend(A.to_vine(w, v) for v in vine_free if prev.get(w) != VINE + v)
    if ap >= cost.place and RESERVE in s.loc[p * _W: p * _W + _W]:
        out.extend(A.PLACE + c for c in free_cells)
    if ap >= cost.river_work:
        blues = [i for i, x in enumerate(s.blue) if x < 0]
        if blues:
            for w in own_canal:
                out.extend(A.river(w, i) for i in blues)
    if ap >= cost.from_vineyard:
        for w in own_vine:
            f = prev.get(w, GONE)
            out.extend(A.FROM_VINE + w * 64 + c for c in free_cells if c != f)
    lockable = lock_cells(s) if s.locks_left > 0 else []
    if ap >= cost.lock:
        out.extend(A.LOCK + c for c in lockable)
    if ap >= cost.play_card:
        hand = s.hand[p]
        for k, count in enumerate(hand):
            if not count:
                continue
            eff = g.effects[k]
            anyw = g.card_any[k]
            base = A.CARD + k * A.CARD_SPAN
            if eff == "move":  # A-R16: up to N free, each further cell 1 AP
                moves(base, g.card_value[k] + (ap - cost.play_card) // cost.move_cell)
            elif eff == "jump":
                for w in own_canal:
                    f = prev.get(w, GONE)
                    c0 = loc[w]
                    out.extend(base + w * 64 + c for c in free_cells if c != c0 and c != f)
            elif eff == "lock":
                out.extend(base + c for c in lockable)
            elif eff == "engineering_work":
                if s.is_last(p):
                    out.extend(base + e for e, x in enumerate(s.works) if x < 0)
            elif eff == "to_vineyard":
                for w in (on_canal if anyw else own_canal):
                    out.extend(base + w * 4 + v for v in vine_free if prev.get(w) != VINE + v)
            elif eff == "to_canal":
                for w in (in_vine if anyw else own_vine):
                    f = prev.get(w, GONE)
                    out.extend(base + w * 64 + c for c in free_cells if c != f)
    return out


def movable(s: ArrialaPosition) -> list[list[int]]:
    """The workers that may still move this turn (A-R2): on the canal (any owner's, then
    the current player's own), in a vineyard (any, own). Kept up to date within a turn."""
    mov = s._movable_cache
    if mov is None:
        where = s._where
        if where is None:
            where = s._where = [[w for w, x in enumerate(s.loc) if 0 <= x < VINE],
                                   [w for w, x in enumerate(s.loc) if VINE <= x < BLUE],
                                   [s.loc[p * _W: p * _W + _W].count(RESERVE) for p in range(s.n)]]
        moved = s.moved
        if moved:
            canal = [w for w in where[0] if w not in moved]
            vine = [w for w in where[1] if w not in moved]
        else:
            canal, vine = where[0][:], where[1][:]
        lo = s.to_move * _W
        hi = lo + _W
        mov = s._movable_cache = [canal, canal[bisect_left(canal, lo): bisect_left(canal, hi)],
                                     vine, vine[bisect_left(vine, lo): bisect_left(vine, hi)]]
    return mov


def lock_cells(s: ArrialaPosition) -> list[int]:
    """A-R4/A-R5: free plain cells of open sections, within the stretch maximum."""
    b = s.board
    free, town, of, built = s._free_map(), b.is_town, b.stretch_of, s.stretch_locks
    stretches = b.stretches
    return [c for c in range(b.size) if free[c] and not town[c] and built[of[c]] < stretches[of[c]].lock_max]
