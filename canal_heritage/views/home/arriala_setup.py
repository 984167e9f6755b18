"""Who plays Arriala: one person against 1 to 3 bots, or 2 to 4 people on one screen, and who
starts (A-R9: the rulebook's "who saw a canal most recently?" is asked here)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import panel as pn

from ...arriala.narration import Narrator
from ...arriala.state import ArrialaGame
from ...i18n import translator
from ...matches.table import Seat
from ..theme import html, text
from ..toggle_group import ToggleGroup
from .welcome import SETUP_TITLE_STYLE, MidiSetup

#: The "who starts" answer that lets chance decide.
CHANCE = -1


class ArrialaSetup(MidiSetup):
    """The choices before a game of Arriala; ``on_start(seats, first)`` starts it (``first``
    is a seat, or None for chance). Who plays is chosen as for Canal du Midi
    (:class:`~.home.MidiSetup`); then who starts."""

    game = "arriala"  # its "How to play"

    def __init__(self, *, on_start: Callable[[list[Seat], int | None], None], on_back: Callable[[], None],
                 **params: Any) -> None:
        # made before MidiSetup's __init__, which draws the rows (self._refresh) once
        tr = translator(params.get("lang", "fr"), codes=False)  # no rule codes for visitors
        question = tr.ui("arriala.setup.first", "Who saw a canal most recently? They start (A-R9).")
        # the answer chosen shows (a check and aria-pressed)
        self.first = ToggleGroup(options={"-": CHANCE}, value=CHANCE, label=question, css_classes=["first-player"])
        self._question = html(f"<p style='margin:0.6em 0 0.2em;font-weight:600'>{text(question)}</p>")
        super().__init__(on_start=lambda seats: on_start(seats, self.first_player()), on_back=on_back, **params)
        for w in (self.opponents, self.your_name, *self.names):  # the names and number of bots change "who starts"
            w.param.watch(lambda *_: self._refresh(), "value")

    def first_player(self) -> int | None:
        value = self.first.value
        return None if value in (None, CHANCE) or value >= len(self.seats()) else int(value)

    def _who(self) -> dict[str, int]:
        """The answers to "who saw a canal most recently?": every seat, then chance."""
        tr = translator(self.lang, codes=False)
        seats = self.seats()
        colours = Narrator(self.lang, ArrialaGame(len(seats)))
        out: dict[str, int] = {}
        for i, s in enumerate(seats):
            name = " ".join(s.name.split())
            if s.kind == "bot":
                label = tr.ui("arriala.setup.bot", "The computer ({colour})", colour=colours.colour(i))
            elif self.mode.value == "bots":
                label = name or tr.ui("arriala.setup.me", "Me")
            else:
                label = name or colours.colour(i)  # the name the table will give them
            while label in out:
                label += " "
            out[label] = i
        out[tr.ui("arriala.setup.chance", "Let chance decide")] = CHANCE
        return out

    def _refresh(self) -> None:
        rows = self._rows()
        who = self._who()
        value = self.first.value if self.first.value in who.values() else CHANCE
        if who != self.first.options or value != self.first.value:
            self.first.param.update(options=who, value=value)
        rows += [self._question, self.first]
        if [id(x) for x in self._body.objects] != [id(x) for x in rows]:  # typing a name changes no row
            self._body.objects = rows

    def __panel__(self) -> pn.Column:
        tr = translator(self.lang, codes=False)
        title = tr.ui("arriala.setup.title", "A game of Arriala")
        lead = tr.ui("arriala.setup.lead", "Build the Canal de Garonne between Grisolles and Valence d'Agen: five "
                                           "action points a turn, and the most workers in a section when it is "
                                           "complete scores it. With two players, a virtual third player joins in "
                                           "(A-R8).")
        return pn.Column(
            html(f"<h1 style='{SETUP_TITLE_STYLE}'>{text(title)}</h1>"
                 f"<p style='max-width:44em;margin:0.3em 0 0.4em'>{text(lead)}</p>"),
            self.mode, self._body,
            *self.learning.around(self._actions()),  # guide; Start above "How to play"
            css_classes=["arriala-setup"], sizing_mode="stretch_width")
