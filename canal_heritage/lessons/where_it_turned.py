"""“Where did my game turn?” in a notebook (issue 29): the game review
(:mod:`canal_heritage.review`) of the game a student just played against a bot
(:class:`.midi.RoundStepper`, :class:`.arriala.PlayArriala`), in the lesson's language.

The review weighs each of the student's decisions from what the student could see, as lesson 4
estimates the bets: it deals the hidden cards many times, plays each choice and compares the
averages. It takes a few seconds.
"""

from __future__ import annotations

import html
import importlib
from typing import Any

from .. import games
from ..core.errors import RecordError
from ..i18n import translator
from ..review import Review, review_record, say
from .common import HTMLBlock

STYLE = ("font-family:sans-serif;max-width:46em;background:#fffdf7;border:1px solid #d9c9a8;border-radius:0.6em;"
         "padding:0.5em 0.9em")


def review_of(player: Any, *, seed: int = 0) -> Review | None:
    """The review of ``player``'s finished game for the student's seat (``None`` before the end,
    or for a game set up from a position): what :func:`where_it_turned` shows, for questions on
    it. The same game and ``seed`` give the same review."""
    state, seat = player.state, player.seat
    if not state.is_terminal():
        return None
    name = next(k.name for k in games.kinds() if isinstance(state.game, k.game_class))
    record = importlib.import_module(games.kind(name).engine.partition(":")[0] + ".record")
    try:
        data = record.record_of(state).to_json()
    except RecordError:  # a game set up from a position (not dealt) cannot be replayed
        return None
    return review_record(data, seat, seed=seed)


def where_it_turned(player: Any, lang: str = "fr", *, seed: int = 0, review: Review | None = None) -> HTMLBlock:
    """The review of ``player``'s game (a :class:`.midi.RoundStepper`, a
    :class:`.arriala.PlayArriala` or a :class:`.arriala.FixedGame`) for the student's seat;
    before the game is over, a sentence saying to finish it first. ``review``: one already
    made by :func:`review_of` (not made again)."""
    tr = translator(lang)
    if not player.state.is_terminal():
        words = tr.ui("lesson.review_not_over", "Your game is not over yet: finish it above, then run this cell "
                      "again.")
        return HTMLBlock(f"<p>{html.escape(words)}</p>", words)
    if review is None:
        review = review_of(player, seed=seed)
    if review is None:
        words = tr.ui("lesson.review_no_record", "This game was set up from a position: it has no review.")
        return HTMLBlock(f"<p>{html.escape(words)}</p>", words)
    said = say(review, lang)
    lines = [said.headline]
    items = []
    for i, d in enumerate(said.turning_points, 1):
        items.append((f"{i}. {d.round} — {d.played}", d.points, d.why))
    if said.best_move is not None:
        d = said.best_move
        items.append((f"★ {d.round} — {d.played}", d.points, d.why))
    for title, points, why in items:
        lines += ["", title, "   " + points] + (["   " + why] if why else [])
    lines += ["", said.measure, said.weighed]
    markup = [(f"<div style='{STYLE}'><h4 style='margin:0.2em 0'>{html.escape(said.headline)}</h4><ol "
               "style='list-style:none;padding:0;margin:0.4em 0'>")]
    for title, points, why in items:
        markup.append(f"<li style='margin:0.5em 0'><strong>{html.escape(title)}</strong><br>{html.escape(points)}"
                      + (f"<br><small>{html.escape(why)}</small>" if why else "") + "</li>")
    markup.append(f"</ol><p style='color:#4f5d68;font-size:0.9em'>{html.escape(said.measure)} "
                  f"{html.escape(said.weighed)}</p></div>")
    return HTMLBlock("".join(markup), "\n".join(lines))
