"""Each game's screens, registered by the game's name (:mod:`canal_heritage.games`): the
exhibit, the classroom and the kiosk build a game's pages from here instead of naming the
games.

A third game adds its set-up page and its table view, and registers them here once::

    register_screens("riquet", GameScreens(setup=RiquetSetup, table=RiquetTable))
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from .. import games
from ..look import SHAPE_SYMBOL, arriala_seat
from ..matches.table import TableMatch
from .home.arriala_setup import ArrialaSetup
from .home.welcome import MidiSetup
from .tables.arriala_table import ArrialaTable
from .tables.midi_table import MidiTable
from .tables.table_shell import TableShell


def _no_symbol(seat: int, players: int) -> str:
    return ""


def _arriala_symbol(seat: int, players: int) -> str:
    _colour, shape = arriala_seat(seat, players)
    return SHAPE_SYMBOL[shape]


@dataclass(frozen=True)
class GameScreens:
    """A game's screens.

    Attributes:
        setup: its set-up page: ``setup(lang=, on_start=, on_back=, guide_default=)``, where
            ``on_start(seats, first)`` starts a game (``first``: the seat the table chose, or
            None for chance; a game whose rules choose the first player passes none).
        table: its table view: ``table(match, executor=, on_home=, on_again=, on_touch=,
            on_language=, watch_only=)``, a :class:`~.table_shell.TableShell` (``watch_only``:
            nobody plays at it, a class watches: the classroom's projector).
        seat_symbol: the shape that marks a seat beside its name (``seat``, ``players``), where
            seats have colours: a colour is never the only mark; "" where a seat's name is enough.
    """

    setup: Callable[..., Any]
    table: Callable[..., TableShell]
    seat_symbol: Callable[[int, int], str] = _no_symbol


_SCREENS: dict[str, GameScreens] = {}


def register_screens(name: str, screens: GameScreens) -> None:
    """The screens of the registered game ``name`` (once).

    Raises:
        ValueError: no game has that name, or its screens are registered already.
    """
    games.kind(name)
    if name in _SCREENS:
        raise ValueError(f"the screens of {name!r} are registered already")
    _SCREENS[name] = screens


def screens(name: str) -> GameScreens:
    """The screens of the game ``name``.

    Raises:
        ValueError: no game of that name has screens (the message lists those that do).
    """
    try:
        return _SCREENS[name]
    except KeyError:
        raise ValueError(f"no screens for a game named {name!r}: the games with screens are "
                         f"{', '.join(_SCREENS)}") from None


def table_for(match: TableMatch, **kw: Any) -> TableShell:
    """The table view of ``match``'s game, following ``match``."""
    return screens(match.game_name).table(match, **kw)


def seat_mark(match: TableMatch, seat: int) -> str:
    """A seat's name with the shape that marks it where seats have colours (never a colour
    alone)."""
    symbol = screens(match.game_name).seat_symbol(seat, len(match.seats))
    name = match.default_name(seat)
    return f"{symbol} {name}" if symbol else name


register_screens("midi", GameScreens(setup=MidiSetup, table=MidiTable))
register_screens("arriala", GameScreens(setup=ArrialaSetup, table=ArrialaTable, seat_symbol=_arriala_symbol))
