"""What a game's table offers the parts drawn with it, as protocols.

The parts (the introduction band, :mod:`.intro`; the end story, :mod:`.end_story`; each
game's end screen, :mod:`.midi_end` and :mod:`.arriala_end`; Arriala's choice of a turn,
:mod:`.arriala_choice`) are drawn by the tables (:class:`~.table_shell.TableShell`,
:class:`~.midi_table.MidiTable`, :class:`~.arriala_table.ArrialaTable`), and they call back
into the table that holds them: its match, its words, "the visitor did something", "draw
yourself again". They name the table by these protocols rather than by its class, so that
each table imports its parts and no part imports a table. The parts shared by every game
name it by :class:`TableLike`, which knows no game; what they ask of the game itself is
said by the part (:class:`.intro.IntroducedTable`, :class:`.end_story.StoryTable`).

The members with a leading underscore are the shell's own plumbing, shared with these parts
only (the parts are the table's insides, kept in their own files).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from ...arriala.narration import Narrator as ArrialaNarrator
from ...i18n import Translator
from ...matches.arriala import ArrialaMatch
from ...matches.choices import Choice
from ...matches.midi import MidiMatch
from ...matches.table import TableMatch, TableNarrator
from ...midi.narration import Narrator as MidiNarrator
from .arriala_map import ArrialaMap

__all__ = ["ArrialaTableLike", "MidiTableLike", "TableLike"]


class TableLike(Protocol):
    """A game's table, as its parts see it (:class:`~.table_shell.TableShell` is one)."""

    @property
    def match(self) -> TableMatch:
        """The match shown (any game's: the shared parts read only what every match has)."""

    @property
    def tr(self) -> Translator:
        """The table's words, in the match's language."""

    @property
    def watch_only(self) -> bool:
        """Nobody plays at this table, a class watches it (the classroom's projector): the parts
        draw none of a player's controls."""

    @property
    def narrator(self) -> TableNarrator:
        """The match's narrator (the game's own), made once per update."""

    def _touch(self) -> None:
        """The visitor did something (the kiosk's idle clock starts again)."""

    def _render(self) -> None:
        """Bring the whole table up to date (one patch)."""

    def _update(self, widget: Any, **values: Any) -> None:
        """Set only those of ``widget``'s parameters whose value differs."""


class MidiTableLike(TableLike, Protocol):
    """The Canal du Midi table, as its end screen sees it (:class:`~.midi_table.MidiTable` is
    one)."""

    @property
    def match(self) -> MidiMatch:
        """The Canal du Midi match shown."""

    @property
    def narrator(self) -> MidiNarrator:
        """The match's narrator, made once per update."""

    def _end_headline(self, winner_words: str, tiebreak: Sequence[int]) -> tuple[str, str]:
        """The end screen's title (how the viewer did) and the line about the winner."""


class ArrialaTableLike(TableLike, Protocol):
    """The Arriala table, as its choice of a turn and its end screen see it
    (:class:`~.arriala_table.ArrialaTable` is one)."""

    @property
    def match(self) -> ArrialaMatch:
        """The Arriala match shown."""

    @property
    def narrator(self) -> ArrialaNarrator:
        """The match's narrator, made once per update."""

    @property
    def map(self) -> ArrialaMap:
        """The board, where targets are offered and tapped."""

    def _choose(self, choice: Choice) -> None:
        """Play the visitor's choice (then the bots' turn)."""

    def _message_markup(self) -> str:
        """The match's message (a refusal, a reason) as markup, or nothing."""

    def _waiting_markup(self) -> str:
        """Whose turn it is, when it is not the visitor's, as markup."""

    def _ruling_badge(self, ruling: str | None) -> str:
        """A ruling's badge (its plain title; its code too on the projector), or nothing."""

    def _end_headline(self, winner_words: str, tiebreak: Sequence[int]) -> tuple[str, str]:
        """The end screen's title (how the viewer did) and the line about the winner."""
