"""The end screen's title, spoken to the viewer.

Against bots (or on a student's own device in a classroom room) there is one "you": the
title says how *you* did — "You won!", "You came 2nd of 3", "You shared first place".
In hot-seat (several people at one screen) or on the teacher's projector there is no single
"you": the table keeps the winner's name ("Clerville wins!").

Where the viewer stands comes from the engine's :class:`~canal_heritage.core.game.Outcome`:
its ``winners`` are first (alone, or a shared victory); below them, owners are ordered by
points, then by the game's own tie-break (Canal du Midi: sites held, M-R9; Arriala: workers
on the canal, A-R18), owners equal on both sharing a place. When nobody wins (Arriala:
still tied, or the virtual player first), the owners equal at the top on both share first
place, as the engine's ranking found them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...core.game import Outcome
from ...i18n import Translator

__all__ = ["TITLE_STYLE", "WHY_STYLE", "Standing", "end_headline", "standing", "viewer_title"]

#: The end screen's title (``h2.winner``): large, a little smaller on a phone.
TITLE_STYLE = "font-size:clamp(1.35em, 4vw + 0.6em, 1.8em);margin:0.1em 0 0.2em;line-height:1.15"
#: The line under it: who won (when it is not the viewer alone) and why.
WHY_STYLE = "margin:0.2em 0 0.5em"


@dataclass(frozen=True)
class Standing:
    """Where one seat finished.

    Attributes:
        place: 1 for first; an owner tied with others takes the best place of the tie.
        of: how many owners were ranked (the virtual player of a 2-player Arriala included).
        shared: the place is shared with at least one other owner.
        won: the seat is among the game's winners (a shared victory included).
    """

    place: int
    of: int
    shared: bool
    won: bool


def standing(outcome: Outcome, seat: int, tiebreak: Sequence[int]) -> Standing:
    """Where ``seat`` finished in ``outcome``; ``tiebreak`` is each owner's tie-break value
    (sites held, workers on the canal), in the order of ``outcome.totals``."""
    owners = range(len(outcome.totals))
    if len(tiebreak) != len(outcome.totals):
        raise ValueError("one tie-break value per owner")

    def key(o: int) -> tuple[int, int]:
        return outcome.totals[o], tiebreak[o]

    winners = set(outcome.winners)
    if seat in winners:
        return Standing(1, len(outcome.totals), len(winners) > 1, True)
    # the winners are ahead of everyone else, whatever the keys say (the engine decided)
    ahead = [o for o in owners if o != seat and (o in winners or key(o) > key(seat))]
    equal = [o for o in owners if o != seat and o not in winners and key(o) == key(seat)]
    return Standing(len(ahead) + 1, len(outcome.totals), bool(equal), False)


def viewer_title(tr: Translator, s: Standing) -> str:
    """The title that tells the viewer how they did, in ``tr``'s language."""
    if s.place == 1:
        if s.won and not s.shared:
            return tr.ui("end.you.won", "You won!")
        if s.won:
            return tr.ui("end.you.shared_victory", "You share the victory!")
        return tr.ui("end.you.tied_first", "You shared first place")  # nobody wins (Arriala, A-R18)
    # each place its own sentence: ordinals differ in every language (French "2e", Occitan "segonda")
    # TRANSLATORS: the end screen's title, to the visitor; {n}: how many finished (a virtual player included)
    if s.shared:
        if s.place == 2:
            return tr.ui("end.you.tied_2", "You tied for 2nd of {n}", n=s.of)
        return tr.ui("end.you.tied_3", "You tied for 3rd of {n}", n=s.of)
    if s.place == 2:
        return tr.ui("end.you.place_2", "You came 2nd of {n}", n=s.of)
    if s.place == 3:
        return tr.ui("end.you.place_3", "You came 3rd of {n}", n=s.of)
    return tr.ui("end.you.place_4", "You came 4th of {n}", n=s.of)


def end_headline(tr: Translator, outcome: Outcome | None, you: int | None, tiebreak: Sequence[int],
                 winner_words: str) -> tuple[str, str]:
    """The end screen's title and the line under it.

    To one viewer (``you``, a seat), how they did — "You came 2nd of 3" — with who won
    (``winner_words``, "Clerville wins!") on the line under it, unless the viewer won alone.
    With no single viewer (``you`` is None: hot-seat, a projector), the title is
    ``winner_words`` and there is no line."""
    if you is None or outcome is None:
        return winner_words, ""
    s = standing(outcome, you, tiebreak)
    return viewer_title(tr, s), ("" if s.won and not s.shared else winner_words)
