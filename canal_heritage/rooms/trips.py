"""The rules a class trips on, in words for the teacher (issue 28): "7 tries to move a worker
twice in one turn (A-R2)".

A *trip* is a move a student tried that the rules do not allow now: a greyed choice tapped,
or an action the engine refused (:meth:`~canal_heritage.matches.table.TableMatch.refuse_choice`).
A room counts it under the engine's refusal key (:meth:`.room.Room.trip`), the store adds them
up over the rooms of a class session (:meth:`~canal_heritage.store.Store.trips`,
:meth:`.hub.Hub.trips`), and :func:`describe_trips` words the counts, most frequent first,
without naming anyone. Each game says which keys are rules and how to word them
(its match's ``trip_rulings`` and ``trip_words``: :mod:`canal_heritage.midi.trips`,
:mod:`canal_heritage.arriala.trips`); nothing here knows a game by name.
"""

from __future__ import annotations

from collections.abc import Mapping

from .. import games
from ..i18n import Translator

#: What the store's count is: ``(game, rule key)`` → how many tries.
TripCounts = Mapping[tuple[str, str], int]


def describe_trips(counts: TripCounts, tr: Translator, *, most: int | None = None) -> list[str]:
    """The rules a class tripped on, one line each, most frequent first (ties in the order the
    games are registered, then by key): "7 tries to move a worker twice in one turn (A-R2)".

    The ruling's id follows when a ruling decides the rule and ``tr`` shows rule codes (a rule
    of the rulebook itself has none). Counts under a key that is no longer a rule of its game
    are added up in one line ("2 other tries the rules do not allow"). ``most``: at most this
    many lines (None: all)."""
    order = {name: i for i, name in enumerate(games.names())}
    lines: list[tuple[int, int, str, str]] = []
    other = 0
    for (game, rule), n in counts.items():
        if n <= 0:
            continue
        words: str | None = None
        ruling: str | None = None
        if game in order:
            match_class = games.kind(game).match_class
            ruling = match_class.trip_rulings.get(rule)
            if ruling is not None:
                words = match_class.trip_words(tr, rule, n)
        if words is None:
            other += n
            continue
        if ruling and tr.codes:
            words = tr.ui("trips.with_ruling", "{tried} ({ruling})", tried=words, ruling=ruling)
        lines.append((n, order[game], rule, words))
    if other:
        lines.append((other, len(order), "", tr.ui_plural("trips.other", "{n} other try the rules do not allow",
                                                          "{n} other tries the rules do not allow", other)))
    lines.sort(key=lambda line: (-line[0], line[1], line[2]))
    texts = [line[3] for line in lines]
    return texts if most is None else texts[:most]
