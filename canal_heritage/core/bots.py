"""What every bot of every game returns: a move with a short reason a learner can read.

A bot is built with an injected random generator and sees only its player's observation.
Its explanation is a message key plus arguments, rendered later in the reader's language.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol


@dataclass(frozen=True)
class BotMove:
    """A bot's decision.

    Attributes:
        action: the action int to apply.
        key: message key of the explanation (``"bot.midi.bet_high"``).
        args: the explanation's arguments.
    """

    action: int
    key: str
    args: dict[str, Any] = field(default_factory=dict)


class Bot(Protocol):
    """A player that decides from its observation only (what each game's ``make_bot`` returns)."""

    def choose(self, observation: Any) -> BotMove:
        """Pick one of ``observation.legal_actions``, with a reason a learner can read."""
        ...
