"""Why an Arriala action is not legal now: a readable reason with a message key, and the
ruling when one decides it (A-R2, A-R3, A-R4, A-R5, A-R7, A-R16).

Only called for an action that :meth:`ArrialaState.legal_actions` does not list, so the
checks below look for the first broken rule in the order a player would think of them.
"""

from __future__ import annotations

from typing import Any

from ..core.errors import IllegalActionError
from . import actions as A
from .rules import BLUE, END, GONE, RESERVE, VINE
from .table import ArrialaPosition


def _err(msg: str, key: str, **args: Any) -> IllegalActionError:
    return IllegalActionError(msg, key, **args)


def why_illegal(s: ArrialaPosition, action: Any) -> IllegalActionError:
    if s.phase == END:
        return _err("The game is over: no more actions.", "error.game_over")
    g = s.game
    p = s.to_move
    try:
        if type(action) is not int:
            raise ValueError
        d = A.decode(action, g.effects)
    except ValueError:
        return _err(f"{action!r} is not an Arriala action.", "error.not_an_action", action=repr(action))
    b = s.board
    c = g.costs
    size = b.size

    def cell_ok(cell: int) -> IllegalActionError | None:
        if not 0 <= cell < size:
            return _err("That cell is not on the board in play.", "arriala.error.no_cell", player=p, ruling="A-R8")
        if b.is_town[cell]:
            return None
        if s.lock[cell]:
            return _err("A lock stands on that cell.", "arriala.error.lock_there", player=p,
                        cell=b.cell_id(cell), ruling="A-R1")
        if s.closed[cell]:
            return _err("That section has scored and is closed: nothing may stop there.",
                        "arriala.error.closed", player=p, cell=b.cell_id(cell), ruling="A-R4")
        if s.occ[cell] >= 0:
            return _err("Another worker is already on that cell.", "arriala.error.cell_taken", player=p,
                        cell=b.cell_id(cell), ruling="A-R1")
        return None

    def worker_ok(w: int, own: bool, where: str) -> IllegalActionError | None:
        if not 0 <= w < g.workers or s.loc[w] == GONE:
            return _err("There is no such worker.", "arriala.error.no_worker", player=p)
        if own and w // A.W != p:
            return _err("Only one of your own workers can do that.", "arriala.error.not_yours", player=p,
                        worker=w)
        loc = s.loc[w]
        if loc >= BLUE:
            return _err("That worker built a river work and stays there for the game.",
                        "arriala.error.stuck", player=p, worker=w)
        if where == "canal" and not 0 <= loc < VINE:
            return _err("That worker is not on the canal.", "arriala.error.not_on_canal", player=p, worker=w)
        if where == "vineyard" and not VINE <= loc < BLUE:
            return _err("That worker is not in a vineyard.", "arriala.error.not_in_vineyard", player=p, worker=w)
        if w in s.moved:
            return _err("That worker has already moved this turn.", "arriala.error.moved_twice", player=p,
                        worker=w, ruling="A-R2")
        return None

    def undo(w: int, dest: int) -> IllegalActionError | None:
        if s.prev_start.get(w) == dest:
            return _err("The previous player just moved that worker: you may not put it back where it was.",
                        "arriala.error.undo_previous", player=p, worker=w, ruling="A-R3")
        return None

    def vineyard_ok(v: int) -> IllegalActionError | None:
        if not 0 <= v < len(b.vineyards):
            return _err("That vineyard is not in play.", "arriala.error.no_vineyard", player=p, ruling="A-R8")
        if sum(s.vine[v]) >= b.vineyards[v].capacity:
            return _err("That vineyard is full.", "arriala.error.vineyard_full", player=p,
                        vineyard=b.vineyards[v].id)
        return None

    def lock_ok(cell: int) -> IllegalActionError | None:
        if s.locks_left <= 0:
            return _err("All 8 locks are built.", "arriala.error.no_lock_left", player=p, ruling="A-R5")
        if not 0 <= cell < size or b.is_town[cell]:
            return _err("A lock goes on a canal cell, not on a town.", "arriala.error.lock_on_town", player=p)
        if s.closed[cell]:
            return _err("No lock can be built in a section that has scored.", "arriala.error.lock_closed",
                        player=p, ruling="A-R4")
        if s.lock[cell] or s.occ[cell] >= 0:
            return _err("A lock needs a free cell.", "arriala.error.lock_not_free", player=p, ruling="A-R5")
        st = b.stretch_of[cell]
        if s.stretch_locks[st] >= b.stretches[st].lock_max:
            return _err("This stretch already has as many locks as the board allows.",
                        "arriala.error.stretch_full", player=p, stretch=b.stretches[st].id,
                        max=b.stretches[st].lock_max, ruling="A-R5")
        return None

    def afford(cost: int) -> IllegalActionError | None:
        if cost > s.ap:
            return _err(f"That costs {cost} action points and {s.ap} are left.", "arriala.error.no_ap",
                        player=p, need=cost, have=s.ap)
        return None

    def move_checks(w: int, dest: int, own: bool, free_cells: int | None) -> IllegalActionError | None:
        e = worker_ok(w, own, "canal")
        if e:
            return e
        if not 0 <= dest < size or dest == s.loc[w]:
            return _err("Choose another cell to move to.", "arriala.error.no_cell", player=p)
        e = cell_ok(dest) or undo(w, dest)
        if e:
            return e
        if free_cells is not None:
            dist = abs(dest - s.loc[w])
            return afford((max(0, dist - free_cells)) * c.move_cell + (c.play_card if free_cells else 0))
        return None

    k = d.kind
    if k == "draw":
        return afford(c.draw) or _err("The deck is empty.", "arriala.error.deck_empty", player=p)
    if k == "move":
        return move_checks(d.worker, d.cell, False, 0) or _err("That move is not possible.", "error.illegal", player=p)
    if k == "place":
        if all(s.loc[w] != RESERVE for w in range(p * A.W, p * A.W + A.W)):
            return _err("All five of your workers are already out.", "arriala.error.no_reserve", player=p)
        return (cell_ok(d.cell) if 0 <= d.cell < size else _err("That cell is not on the board in play.",
                "arriala.error.no_cell", player=p)) or afford(c.place) or _err(
                    "That placement is not possible.", "error.illegal", player=p)
    if k == "lock":
        return lock_ok(d.cell) or afford(c.lock) or _err("That lock is not possible.", "error.illegal", player=p)
    if k == "to_vineyard":
        return (worker_ok(d.worker, True, "canal") or vineyard_ok(d.vineyard) or undo(d.worker, VINE + d.vineyard)
                or afford(c.to_vineyard) or _err("That is not possible.", "error.illegal", player=p))
    if k == "river_work":
        e = worker_ok(d.worker, True, "canal")
        if e:
            return e
        if not 0 <= d.blue < len(b.blue):
            return _err("That blue cell is not in play.", "arriala.error.no_blue", player=p, ruling="A-R8")
        if s.blue[d.blue] >= 0:
            return _err("A river work is already built there.", "arriala.error.blue_taken", player=p)
        return afford(c.river_work) or _err("That is not possible.", "error.illegal", player=p)
    if k == "from_vineyard":
        e = worker_ok(d.worker, True, "vineyard")
        if e:
            return e
        e = (cell_ok(d.cell) if 0 <= d.cell < size else _err("That cell is not on the board in play.",
             "arriala.error.no_cell", player=p))
        return e or undo(d.worker, d.cell) or afford(c.from_vineyard) or _err(
            "That is not possible.", "error.illegal", player=p)
    if k == "card":
        kk = d.card
        if not 0 <= kk < len(g.card_ids) or s.hand[p][kk] <= 0:
            return _err("You do not hold that card.", "arriala.error.no_card", player=p,
                        card=g.card_ids[kk] if 0 <= kk < len(g.card_ids) else str(kk))
        eff = g.effects[kk]
        anyw = g.card_any[kk]
        e = None
        if eff == "move":
            e = move_checks(d.worker, d.cell, False, g.card_value[kk])
        elif eff == "jump":
            e = move_checks(d.worker, d.cell, True, None)
        elif eff == "lock":
            e = lock_ok(d.cell)
        elif eff == "engineering_work":
            if not 0 <= d.work < len(b.works):
                e = _err("There is no such engineering work.", "arriala.error.no_work", player=p)
            elif s.works[d.work] >= 0:
                e = _err("That engineering work is already built.", "arriala.error.work_built", player=p,
                         work=b.works[d.work].id, ruling="A-R7")
            elif not s.is_last(p) and s.all_tied():
                e = _err("Nobody is last yet: every player has the same points, so the engineering work "
                         "waits until someone falls behind.", "arriala.error.all_tied", player=p, ruling="A-R7")
            elif not s.is_last(p):
                e = _err("Only the player last on the score track may build an engineering work.",
                         "arriala.error.not_last", player=p, ruling="A-R7")
        elif eff == "to_vineyard":
            e = worker_ok(d.worker, not anyw, "canal") or vineyard_ok(d.vineyard) or undo(d.worker, VINE + d.vineyard)
        elif eff == "to_canal":
            e = worker_ok(d.worker, not anyw, "vineyard")
            if not e:
                e = (cell_ok(d.cell) if 0 <= d.cell < size else _err(
                    "That cell is not on the board in play.", "arriala.error.no_cell", player=p))
                e = e or undo(d.worker, d.cell)
        return e or afford(c.play_card) or _err("That card cannot be played like that now.",
                                                "arriala.error.card_target", player=p, ruling="A-R16")
    return _err("That action is not possible now.", "error.illegal", player=p)
