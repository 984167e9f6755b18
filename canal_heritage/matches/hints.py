"""A hint at the table: what the Steady bot would do in the visitor's place,
and why, in its own words. No Panel here: the tables show :class:`Hint`'s texts.

The Steady bot is each game's ``heuristic`` bot (the setup screen calls that level "Steady").
It is given what a bot is always given: the observation of the seat it plays for, here the
visitor's (:meth:`~canal_heritage.matches.table.TableMatch.observation`, M-R1, A-R11), and a
random generator seeded from that observation alone, so two games that differ only in cards
the visitor cannot see give the same hint. Asking for a hint plays nothing: the visitor still
chooses.
"""

from __future__ import annotations

import random
import zlib
from dataclasses import dataclass
from typing import Any, Protocol

from ..core.bots import BotMove

#: The bot level that gives hints: the one the setup screen calls "Steady".
HINT_LEVEL = "heuristic"


@dataclass(frozen=True)
class Hint:
    """What the Steady bot would do, said for the visitor.

    Attributes:
        action: the action it would play (one of the visitor's legal actions).
        move: its decision, with the key and arguments of its explanation.
        title: "Hint: what the Steady bot would do" (already translated).
        choice: "The Steady bot would choose: …".
        reason: its explanation, as the narrator says a bot's move.
        note: that the choice stays the visitor's.
    """

    action: int
    move: BotMove
    title: str
    choice: str
    reason: str
    note: str


class HintedTable(Protocol):
    """What a hint reads of a table in play (:class:`~canal_heritage.matches.table.TableMatch`
    is one). A protocol rather than the table's class, because the table asks for its hints
    here: this module stays below it."""

    @property
    def paused(self) -> bool:
        """The projector waits for the teacher to continue."""

    @property
    def over(self) -> bool:
        """The game has ended."""

    def is_viewer_turn(self) -> bool:
        """Whether the visitor (the seat whose screen it is) chooses now."""

    def observation(self) -> Any:
        """The visitor's observation (None behind the privacy screen)."""

    def hint_bot(self, rng: Any) -> Any:
        """The game's Steady bot, drawing from ``rng``."""

    def narrator(self) -> Any:
        """The game's narrator in the table's language."""

    def hint_action_words(self, move: BotMove) -> str:
        """The hinted action, as a choice is named at the table."""

    def hint_reason_words(self, move: BotMove) -> str:
        """The Steady bot's reason for the hinted action."""


def observation_seed(obs: Any) -> int:
    """A seed made from what the visitor can see only (their seat, how far the game is, and
    the public and private events they were told): never the game's own seed, which dealt
    the hidden cards."""
    told = "|".join(f"{e.key}:{sorted(e.args.items())}" for e in getattr(obs, "events", ()))
    return zlib.crc32(f"{obs.player}/{told}".encode())


def steady_move(match: HintedTable) -> BotMove | None:
    """The Steady bot's decision for the visitor now, from their observation only; None when
    it is not their turn to choose (bots' turns, the privacy screen, a projector pause)."""
    if not match.is_viewer_turn() or match.paused or match.over:
        return None
    obs = match.observation()
    if obs is None or not obs.legal_actions:
        return None
    return match.hint_bot(random.Random(observation_seed(obs))).choose(obs)


def hint(match: HintedTable) -> Hint | None:
    """The hint for the visitor now (see the module docstring), or None when there is none."""
    move = steady_move(match)
    if move is None:
        return None
    tr = match.narrator().tr
    return Hint(
        action=move.action,
        move=move,
        title=tr.ui("hint.title", "Hint: what the Steady bot would do"),
        choice=tr.ui("hint.choice", "The Steady bot would choose: {action}.", action=match.hint_action_words(move)),
        reason=match.hint_reason_words(move),
        note=tr.ui("hint.note", "The bot sees only what you see. The choice is yours."),
    )
