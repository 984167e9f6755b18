"""The bottom of the Arriala engine: where things are (the place codes), the phases, the
editions of the rulings and :class:`ArrialaRules`, the description of a game (player count,
board, deck and rules numbers).

Owners are seats ``0..n-1``; with two players the virtual player is owner ``2`` (A-R8).
Worker ``w`` belongs to owner ``w // 5``. A worker's place is :data:`RESERVE`, a cell
index, :data:`VINE` ``+ v`` (vineyard ``v`` in play) or :data:`BLUE` ``+ b``.
"""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from . import actions as A
from .board import Board
from .data import ArrialaData, load_arriala_data

RESERVE = -1
GONE = -2  # an unused worker slot (the virtual player has one worker per town)
VINE = 100
BLUE = 200


class Phase(StrEnum):
    """Where the game stands: in play, or over."""

    PLAY = "play"
    END = "end"


# Module-level aliases: faster than Phase.X attribute lookups in the hot paths.
PLAY, END = Phase.PLAY, Phase.END

#: The kinds of candidate block :func:`.sampling.sample_action` draws from (a card's effect is
#: one of them, :attr:`ArrialaRules.card_plan`).
K_END, K_DRAW, K_MOVE, K_PLACE, K_LOCK, K_TO_VINE, K_RIVER, K_FROM_VINE, K_JUMP, K_WORK = range(10)

#: The edition of the project's rulings new games are played under. Edition 2 refined A-R7
#: (2026-11): when every player is tied, nobody is last. A game begun under edition 1 (where a
#: tie of every player counted as last, so an engineering work could be built on the first
#: turn) finishes under it: its record or stored room says so (ruling A-R19).
EDITION = 2
EDITIONS = (1, 2)


class ArrialaRules:
    """The description of an Arriala game: player count, board, deck and rules numbers (games
    begin from :class:`~.state.ArrialaGame`, which adds :meth:`~.state.ArrialaGame.new_initial_state`).

    Args:
        players: 2, 3 or 4.
        data: content to use (default: ``data/arriala/``).
        cells: cells per stretch, all four stretches in canal order (balance study).
        lock_max: lock maximum per stretch (balance study).
        table: points for a complete section of 1..10 workers (balance study).
        deck: how many cards of each kind, in ``deck.json`` order (balance study).
        edition: the edition of the rulings (:data:`EDITION`; 1 only to finish or replay a game
            begun before A-R7 was refined, A-R19).
    """

    def __init__(self, players: int = 2, *, data: ArrialaData | None = None,
                 cells: Sequence[int] | None = None, lock_max: Sequence[int] | None = None,
                 table: Sequence[int] | None = None, deck: Sequence[int] | None = None,
                 edition: int = EDITION) -> None:
        data = data or load_arriala_data()
        r = data.rules
        if not isinstance(players, int) or isinstance(players, bool) or not (r.min_players <= players <= r.max_players):
            raise ValueError(f"Arriala is played by {r.min_players} to {r.max_players} players, not {players!r}")
        if edition not in EDITIONS or isinstance(edition, bool):
            raise ValueError(f"edition must be one of {EDITIONS}, got {edition!r}")
        self.data = data
        self.rules = r
        #: the edition of the rulings this game is played under (A-R19)
        self.edition: int = edition
        self.players = players
        self.virtual = players == 2  # A-R8
        self.owners = players + (1 if self.virtual else 0)
        self.board = Board(data, players, cells=cells, lock_max=lock_max)
        tab = list(table) if table is not None else [data.board.scoring_table[str(k)] for k in range(1, 11)]
        if len(tab) != 10 or any(not isinstance(x, int) or x < 0 for x in tab):
            raise ValueError(f"table must be 10 whole numbers ≥ 0, got {tab}")
        #: points for a complete section of k workers: ``table[k]`` (index 0 unused)
        self.table: tuple[int, ...] = (0, *tab)
        self.card_kinds = data.deck.cards
        counts = list(deck) if deck is not None else [c.count for c in self.card_kinds]
        if len(counts) != len(self.card_kinds) or any(not isinstance(x, int) or x < 0 for x in counts):
            raise ValueError(f"deck must be {len(self.card_kinds)} whole numbers ≥ 0, got {counts}")
        if not sum(counts):  # a balance study may thin the deck, but Arriala is not played without cards
            raise ValueError("deck must hold at least one card: every count is 0")
        self.deck_counts: tuple[int, ...] = tuple(counts)
        self.card_ids: tuple[str, ...] = tuple(c.id for c in self.card_kinds)
        self.effects: tuple[str, ...] = tuple(c.effect for c in self.card_kinds)
        self.card_value: tuple[int, ...] = tuple(c.value for c in self.card_kinds)
        self.card_any: tuple[bool, ...] = tuple(c.any_worker for c in self.card_kinds)
        self.costs = r.costs
        self.points = r.points
        self.workers = A.W * self.owners
        self.n_vineyards = len(self.board.vineyards)
        c = r.costs
        #: the AP costs in the order ``sampling.blocks`` reads them
        self.ap_costs: tuple[int, ...] = (c.move_cell, c.draw, c.to_vineyard, c.river_work, c.place,
                                          c.from_vineyard, c.lock, c.play_card)
        kinds = {"move": K_MOVE, "jump": K_JUMP, "lock": K_LOCK, "engineering_work": K_WORK, "to_vineyard": K_TO_VINE,
                 "to_canal": K_FROM_VINE}
        #: per card kind: (kind index, its effect as a candidate-block kind, its first action int,
        #: its value, whether it moves any player's worker) — for ``sampling.sample_action``
        self.card_plan: tuple[tuple[int, int, int, int, bool], ...] = tuple(
            (k, kinds[e], A.CARD + k * A.CARD_SPAN, v, anyw)
            for k, (e, v, anyw) in enumerate(zip(self.effects, self.card_value, self.card_any, strict=True)))

    def action_to_text(self, action: int) -> str:
        """The text form of an action (``"move w7 montech-castelsarrasin:3"``, :mod:`.actions`)."""
        return A.to_text(self, action)

    def action_from_text(self, text: str) -> int:
        """The action a text names; :class:`IllegalActionError` if it names none of this game."""
        return A.from_text(self, text)

    def __repr__(self) -> str:
        name = type(self).__name__
        if self.edition != EDITION:
            return f"{name}(players={self.players}, edition={self.edition})"
        return f"{name}(players={self.players})"
