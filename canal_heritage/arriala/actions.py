"""Arriala actions as ints (OpenSpiel style) and their text form.

A worker is ``owner * 5 + k`` (``k`` from 0 to 4; the virtual player of a 2-player game
is owner 2). Cells are board indices (:class:`~.board.Board`). A card is named by its kind
index in ``data/arriala/deck.json`` (cards of one kind are the same card).

=================  =========================  ==========================================
action             int                        meaning
=================  =========================  ==========================================
END_TURN           0                          end the turn (unspent points are lost)
DRAW               1                          draw the top card (2 AP)
MOVE(w, c)         1000 + w*64 + c            move worker ``w`` to cell ``c`` (1 AP a cell)
PLACE(c)           3000 + c                   a new worker from reserve to ``c`` (3 AP)
LOCK(c)            3100 + c                   build a lock on ``c`` (4 AP, +1)
TO_VINE(w, v)      3200 + w*4 + v             own canal worker to vineyard ``v`` (2 AP)
RIVER(w, b)        3300 + w*4 + b             own canal worker to blue cell ``b`` (3 AP, +3)
FROM_VINE(w, c)    4000 + w*64 + c            own vineyard worker to cell ``c`` (4 AP)
CARD(k, t)         10000 + k*4096 + t         play a card of kind ``k`` on target ``t``
=================  =========================  ==========================================

A card's target ``t`` is ``w*64 + c`` (move, jump, to_canal), ``c`` (lock), the work index
(engineering_work) or ``w*4 + v`` (to_vineyard).

Text form
---------
:func:`to_text` and :func:`from_text` give the stable text a saved game stores
(:mod:`.record`). Words are separated by spaces; names are the board's and the
deck's ids, so a text means the same action on any board of the same player count:

- a cell is :meth:`Board.cell_id <.board.Board.cell_id>`: a town id (``moissac``) or
  ``<stretch id>:<k>`` with ``k`` from 1 along the stretch (``montech-castelsarrasin:3``);
- a worker is ``w<number>`` (``w7`` is owner 1's third worker; ``w10``… are the virtual
  player's in a 2-player game);
- a vineyard, a blue cell and an engineering work are their ids (``chasselas``,
  ``blue-montech-castelsarrasin``, ``pont-canal-cacor``); a card is its kind id (``move-3``).

=================  ===============================================================
action             text
=================  ===============================================================
END_TURN           ``end``
DRAW               ``draw``
MOVE(w, c)         ``move w7 montech-castelsarrasin:3``
PLACE(c)           ``place castelsarrasin-moissac:2``
LOCK(c)            ``lock moissac-valence-d-agen:4``
TO_VINE(w, v)      ``vineyard w2 chasselas``
RIVER(w, b)        ``river w2 blue-montech-castelsarrasin``
FROM_VINE(w, c)    ``from-vineyard w2 moissac``
CARD move/jump     ``card move-3 w7 montech-castelsarrasin:3``, ``card jump w2 moissac``
CARD to_canal      ``card to-canal-any w11 castelsarrasin-moissac:1``
CARD to_vineyard   ``card to-vineyard-own w2 brulhois``
CARD lock          ``card lock moissac-valence-d-agen:4``
CARD work          ``card engineering-work pont-canal-cacor``
=================  ===============================================================

Every action int whose parts exist in the game (a worker slot, a cell, a vineyard… in
play) has exactly one text and ``from_text(game, to_text(game, a)) == a``; anything else
raises :class:`~canal_heritage.core.errors.IllegalActionError` (key ``error.not_an_action``).
Whether the action is legal *now* is the state's business, not the text's.
"""

from __future__ import annotations

import re
import weakref
from typing import Any, NamedTuple, Protocol

from ..core.errors import IllegalActionError
from .board import Board
from .data import Costs

END_TURN = 0
DRAW = 1
MOVE = 1000
PLACE = 3000
LOCK = 3100
TO_VINE = 3200
RIVER = 3300
FROM_VINE = 4000
CARD = 10000
CARD_SPAN = 4096
W = 5  # worker slots per owner
MAX_WORKERS = 20  # four owners of five


class GameParts(Protocol):
    """What this module reads of a game (:class:`~.state.ArrialaGame`): the actions are the
    bottom layer of the engine, so they name the game's parts instead of importing it."""

    @property
    def board(self) -> Board: ...
    @property
    def costs(self) -> Costs: ...
    @property
    def effects(self) -> tuple[str, ...]: ...
    @property
    def card_value(self) -> tuple[int, ...]: ...
    @property
    def card_ids(self) -> tuple[str, ...]: ...
    @property
    def workers(self) -> int: ...


class Decoded(NamedTuple):
    """An action int taken apart. Unused fields are ``-1`` (``card`` is the kind index)."""

    kind: str  # end_turn, draw, move, place, lock, to_vineyard, river_work, from_vineyard, card
    worker: int = -1
    cell: int = -1
    vineyard: int = -1
    blue: int = -1
    work: int = -1
    card: int = -1


def move(w: int, c: int) -> int:
    return MOVE + w * 64 + c


def place(c: int) -> int:
    return PLACE + c


def lock(c: int) -> int:
    return LOCK + c


def to_vine(w: int, v: int) -> int:
    return TO_VINE + w * 4 + v


def river(w: int, b: int) -> int:
    return RIVER + w * 4 + b


def from_vine(w: int, c: int) -> int:
    return FROM_VINE + w * 64 + c


def card(k: int, target: int) -> int:
    return CARD + k * CARD_SPAN + target


def card_target_worker_cell(w: int, c: int) -> int:
    """A card's target ``t`` for worker ``w`` and cell ``c`` (move, jump, to_canal cards)."""
    return w * 64 + c


def card_target_worker_vineyard(w: int, v: int) -> int:
    """A card's target ``t`` for worker ``w`` and vineyard ``v`` (to_vineyard cards)."""
    return w * 4 + v


def cost(game: GameParts, loc: tuple[int, ...] | list[int], action: int) -> int:
    """The AP ``action`` costs with the workers at ``loc`` (0 for END_TURN): a move pays for
    each cell it crosses, a move card for the cells beyond its value."""
    c = game.costs
    d = decode(action, game.effects)
    if d.kind == "end_turn":
        return 0
    if d.kind == "move":
        return abs(d.cell - loc[d.worker]) * c.move_cell
    if d.kind == "card":
        extra = 0
        if game.effects[d.card] == "move":
            extra = max(0, abs(d.cell - loc[d.worker]) - game.card_value[d.card]) * c.move_cell
        return c.play_card + extra
    return {"draw": c.draw, "place": c.place, "lock": c.lock, "to_vineyard": c.to_vineyard,
            "river_work": c.river_work, "from_vineyard": c.from_vineyard}[d.kind]


def decode(action: int, effects: tuple[str, ...] = ()) -> Decoded:
    """Take ``action`` apart; ``effects`` (the deck's effect per card kind) decodes card
    targets. Raises ``ValueError`` for an int that is no action."""
    if not isinstance(action, int) or isinstance(action, bool) or action < 0:
        raise ValueError(f"not an action: {action!r}")
    if action == END_TURN:
        return Decoded("end_turn")
    if action == DRAW:
        return Decoded("draw")
    if MOVE <= action < MOVE + MAX_WORKERS * 64:
        w, c = divmod(action - MOVE, 64)
        return Decoded("move", worker=w, cell=c)
    if PLACE <= action < PLACE + 64:
        return Decoded("place", cell=action - PLACE)
    if LOCK <= action < LOCK + 64:
        return Decoded("lock", cell=action - LOCK)
    if TO_VINE <= action < TO_VINE + MAX_WORKERS * 4:
        w, v = divmod(action - TO_VINE, 4)
        return Decoded("to_vineyard", worker=w, vineyard=v)
    if RIVER <= action < RIVER + MAX_WORKERS * 4:
        w, b = divmod(action - RIVER, 4)
        return Decoded("river_work", worker=w, blue=b)
    if FROM_VINE <= action < FROM_VINE + MAX_WORKERS * 64:
        w, c = divmod(action - FROM_VINE, 64)
        return Decoded("from_vineyard", worker=w, cell=c)
    if action >= CARD:
        k, t = divmod(action - CARD, CARD_SPAN)
        if k >= len(effects):
            if effects:
                raise ValueError(f"not an action: {action} (no card kind {k})")
            return Decoded("card", card=k)
        eff = effects[k]
        if eff in ("move", "jump", "to_canal"):
            w, c = divmod(t, 64)
            return Decoded("card", worker=w, cell=c, card=k)
        if eff == "lock":
            return Decoded("card", cell=t, card=k)
        if eff == "engineering_work":
            return Decoded("card", work=t, card=k)
        w, v = divmod(t, 4)
        return Decoded("card", worker=w, vineyard=v, card=k)
    raise ValueError(f"not an action: {action}")


# ---------------------------------------------------------------------- text form
_WORKER = re.compile(r"w(0|[1-9][0-9]?)")


class _Names:
    """The ids of one game's cells, vineyards, blue cells, works and card kinds, both ways."""

    def __init__(self, game: GameParts) -> None:
        b = game.board
        self.cells = [b.cell_id(i) for i in range(b.size)]
        self.cell_index = {x: i for i, x in enumerate(self.cells)}
        self.vineyards = [v.id for v in b.vineyards]
        self.blue = [x.id for x in b.blue]
        self.works = [x.id for x in b.works]
        self.cards = list(game.card_ids)
        self.workers = game.workers


_NAMES: weakref.WeakKeyDictionary[Any, _Names] = weakref.WeakKeyDictionary()


def _names(game: GameParts) -> _Names:
    n = _NAMES.get(game)
    if n is None:
        n = _NAMES[game] = _Names(game)
    return n


def _game_of(state_or_game: Any) -> GameParts:
    return getattr(state_or_game, "game", state_or_game)


def _unknown(what: Any) -> IllegalActionError:
    return IllegalActionError(f"{what!r} is not an Arriala action.", "error.not_an_action", action=repr(what))


def to_text(state_or_game: Any, action: int) -> str:
    """The stable text of ``action`` (see the module docstring) in a game or a state's game.

    Raises:
        IllegalActionError: ``action`` is not an action of this game (an unknown int, or
            a worker, cell, vineyard, blue cell, work or card kind that is not in play).
    """
    game = _game_of(state_or_game)
    nm = _names(game)
    try:
        d = decode(action, game.effects)
    except ValueError:
        raise _unknown(action) from None

    def cell(c: int) -> str:
        if not 0 <= c < len(nm.cells):
            raise _unknown(action)
        return nm.cells[c]

    def worker(w: int) -> str:
        if not 0 <= w < nm.workers:
            raise _unknown(action)
        return f"w{w}"

    def pick(names: list[str], i: int) -> str:
        if not 0 <= i < len(names):
            raise _unknown(action)
        return names[i]

    k = d.kind
    if k == "end_turn":
        return "end"
    if k == "draw":
        return "draw"
    if k == "move":
        return f"move {worker(d.worker)} {cell(d.cell)}"
    if k == "place":
        return f"place {cell(d.cell)}"
    if k == "lock":
        return f"lock {cell(d.cell)}"
    if k == "to_vineyard":
        return f"vineyard {worker(d.worker)} {pick(nm.vineyards, d.vineyard)}"
    if k == "river_work":
        return f"river {worker(d.worker)} {pick(nm.blue, d.blue)}"
    if k == "from_vineyard":
        return f"from-vineyard {worker(d.worker)} {cell(d.cell)}"
    # a card
    kind = pick(nm.cards, d.card)
    eff = game.effects[d.card]
    if eff in ("move", "jump", "to_canal"):
        return f"card {kind} {worker(d.worker)} {cell(d.cell)}"
    if eff == "lock":
        return f"card {kind} {cell(d.cell)}"
    if eff == "engineering_work":
        return f"card {kind} {pick(nm.works, d.work)}"
    return f"card {kind} {worker(d.worker)} {pick(nm.vineyards, d.vineyard)}"


def from_text(state_or_game: Any, text: str) -> int:
    """The action int of a text written by :func:`to_text`, in a game or a state's game.

    Raises:
        IllegalActionError: the text names no action of this game.
    """
    game = _game_of(state_or_game)
    nm = _names(game)
    words = text.split() if isinstance(text, str) else []

    def worker(x: str) -> int:
        m = _WORKER.fullmatch(x)
        if not m or int(m.group(1)) >= nm.workers:
            raise KeyError(x)
        return int(m.group(1))

    def cell(x: str) -> int:
        return nm.cell_index[x]

    def pick(names: list[str], x: str) -> int:
        if x not in names:
            raise KeyError(x)
        return names.index(x)

    try:
        match words:
            case ["end"]:
                return END_TURN
            case ["draw"]:
                return DRAW
            case ["move", w, c]:
                return move(worker(w), cell(c))
            case ["place", c]:
                return place(cell(c))
            case ["lock", c]:
                return lock(cell(c))
            case ["vineyard", w, v]:
                return to_vine(worker(w), pick(nm.vineyards, v))
            case ["river", w, b]:
                return river(worker(w), pick(nm.blue, b))
            case ["from-vineyard", w, c]:
                return from_vine(worker(w), cell(c))
            case ["card", kind, *rest]:
                k = pick(nm.cards, kind)
                eff = game.effects[k]
                match rest:
                    case [w, c] if eff in ("move", "jump", "to_canal"):
                        return card(k, worker(w) * 64 + cell(c))
                    case [c] if eff == "lock":
                        return card(k, cell(c))
                    case [x] if eff == "engineering_work":
                        return card(k, pick(nm.works, x))
                    case [w, v] if eff == "to_vineyard":
                        return card(k, worker(w) * 4 + pick(nm.vineyards, v))
    except KeyError:
        pass
    raise _unknown(text)
