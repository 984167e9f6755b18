"""What every game's narrator shares: the language, the game, the seats' names, rulings and
the errors that are not any game's own, said through the ``ui`` gettext catalog.

A game's narrator (:class:`canal_heritage.midi.narration.Narrator`,
:class:`canal_heritage.arriala.narration.Narrator`) adds its events, actions and bot
explanations.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..i18n import Translator, translator
from .errors import IllegalActionError


class BaseNarrator:
    """Says what happens in one language.

    Args:
        lang: ``"fr"``, ``"en"`` or ``"oc"``, or a translator (a table gives one that leaves
            rule codes out outside projector mode: :meth:`~canal_heritage.matches.table.TableMatch.translator`).
        game: the game (its ``data`` holds the rulings).
        names: display names per seat.
    """

    def __init__(self, lang: str | Translator, game: Any, names: Sequence[str]) -> None:
        self.tr: Translator = lang if isinstance(lang, Translator) else translator(lang)
        self.lang = self.tr.lang
        self.game = game
        self.names = list(names)

    def seat(self, seat: int) -> str:
        """A seat's display name."""
        return self.names[seat]

    def seats(self, seats: Sequence[int]) -> str:
        """Several seats' names, joined as the language joins a list."""
        return self.tr.join([self.names[s] for s in seats])

    def ruling(self, ruling_id: str) -> tuple[str, str]:
        """(title, text) of a ruling in this language."""
        r = self.game.data.ruling(ruling_id)
        return (self.tr.lookup("ui", f"ruling.{r.id}.title", r.title).text,
                self.tr.lookup("ui", f"ruling.{r.id}.text", r.text).text)

    def common_error(self, err: IllegalActionError) -> str | None:
        """The errors every game shares, in words (``None``: the game's own error)."""
        tr = self.tr
        if err.key == "error.game_over":
            return tr.ui("error.game_over", "The game is over: no more moves.")
        if err.key == "error.not_an_action":
            return tr.ui("error.not_an_action", "That is not a move of this game.")
        if err.key == "table.not_your_turn":
            return tr.ui("table.not_your_turn", "Please wait: it is not your turn.")
        return None

    def illegal(self) -> str:
        """The words for an illegal action no more precise message fits."""
        return self.tr.ui("error.illegal", "That move is not possible now.")
