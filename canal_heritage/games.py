"""The kinds of game the project plays: one registration per game, which the floors above the
engines (the store, the rooms, the exhibit, the command line, the catalogs) ask instead of
writing the games' names out.

A kind says its name (the one records, rooms, addresses and ``data/<name>/`` use), its title,
and where its parts live — the engine's game class, its bots, the match that seats it at a
table — as import paths, loaded on first use: the registry sits below every floor that asks
it and imports none of them (no import circle), the way OpenSpiel's ``register_game`` lists
games by name. A third game registers here once, with its own engine package and match::

    register(GameKind(name="riquet", title="Riquet", engine="canal_heritage.riquet:RiquetGame",
                      bots="canal_heritage.riquet.bots", match="canal_heritage.matches.riquet:RiquetMatch"))

``docs/architecture.md`` shows where the registry stands among the floors.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameKind:
    """One game the project plays.

    Attributes:
        name: its short name, in records, rooms, addresses (``?page=midi-setup``) and
            ``data/<name>/``.
        title: its title in English (the source language of the catalogs).
        title_key: the catalogs' message id of the title, or None when the title is a name that
            no language translates ("Arriala").
        engine: ``module:Class`` of its game description (``new_initial_state`` etc.).
        bots: the module of its bots (its ``BOT_NAMES``: the levels the command line offers).
        match: ``module:Class`` of the match that seats it at a table (the exhibit's and a
            room's; its ``bot_levels``).
        trips: the module of the rules a student may trip on at its table (its ``RULINGS``,
            the engine's refusal key → the ruling that decides it, and ``tries(tr, key, n)``,
            what was tried, counted): what a classroom counts for the teacher.
        judge: the module that weighs a decision for the game review
            (:mod:`canal_heritage.review`): its ``options``, ``world``, ``play_out``,
            ``say_option`` and ``say_why``.
    """

    name: str
    title: str
    title_key: str | None
    engine: str
    bots: str
    match: str
    trips: str = ""
    judge: str = ""

    def title_in(self, ui: Callable[[str, str], str]) -> str:
        """The title in a translator's language (``ui``: a translator's ``ui`` method)."""
        return ui(self.title_key, self.title) if self.title_key else self.title

    @property
    def game_class(self) -> Any:
        """The engine's game class (imported now if it was not yet)."""
        return _load(self.engine)

    @property
    def match_class(self) -> Any:
        """The match class (imported now if it was not yet)."""
        return _load(self.match)

    @property
    def trip_rulings(self) -> dict[str, str]:
        """The rules a student may trip on at this game's table: refusal key → ruling id ("" when
        the rulebook itself says so); empty when the game names none."""
        return dict(importlib.import_module(self.trips).RULINGS) if self.trips else {}

    def trip_words(self, tr: Any, key: str, n: int) -> str | None:
        """``n`` tries of what the engine refused with ``key``, in ``tr``'s language, without the
        ruling ("3 tries to move a worker twice in one turn"); None for a key that is no rule."""
        if not self.trips or key not in self.trip_rulings:
            return None
        words: str | None = importlib.import_module(self.trips).tries(tr, key, n)
        return words

    @property
    def bot_names(self) -> tuple[str, ...]:
        """The bots of the engine, by name (for the command line and the simulators)."""
        return tuple(importlib.import_module(self.bots).BOT_NAMES)


def _load(path: str) -> Any:
    module, _, name = path.partition(":")
    return getattr(importlib.import_module(module), name)


_KINDS: dict[str, GameKind] = {}


def register(kind: GameKind) -> GameKind:
    """Add ``kind`` to the games the project plays (once: a second registration of one name
    is refused).

    Raises:
        ValueError: a game of that name is registered already.
    """
    if kind.name in _KINDS:
        raise ValueError(f"a game named {kind.name!r} is registered already")
    _KINDS[kind.name] = kind
    return kind


def kinds() -> tuple[GameKind, ...]:
    """Every game, in the order they were registered (the order the exhibit shows them)."""
    return tuple(_KINDS.values())


def names() -> tuple[str, ...]:
    """Every game's name, in the order they were registered."""
    return tuple(_KINDS)


def kind(name: str) -> GameKind:
    """The game named ``name``.

    Raises:
        ValueError: no game has that name (the message lists those that do).
    """
    try:
        return _KINDS[name]
    except (KeyError, TypeError):
        raise ValueError(f"no game is named {name!r}: the games are {', '.join(_KINDS)}") from None


register(GameKind(name="midi", title="Canal du Midi", title_key="home.midi_title",
                  engine="canal_heritage.midi:MidiGame", bots="canal_heritage.midi.bots",
                  match="canal_heritage.matches.midi:MidiMatch", trips="canal_heritage.midi.trips",
                  judge="canal_heritage.midi.judge"))
register(GameKind(name="arriala", title="Arriala", title_key=None,
                  engine="canal_heritage.arriala:ArrialaGame", bots="canal_heritage.arriala.bots",
                  match="canal_heritage.matches.arriala:ArrialaMatch", trips="canal_heritage.arriala.trips",
                  judge="canal_heritage.arriala.judge"))
