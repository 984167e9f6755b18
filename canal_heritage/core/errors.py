"""Errors shared by every engine and loader.

Each error carries a human-readable English message (``str(error)``) and, where it is
shown to players, a message key plus arguments so a view can say it in any language.
"""

from __future__ import annotations

from typing import Any

# The base error and the content files' error live on the ground floor, with the data files
# (the first thing that can fail, and the catalogs below the engines read them too).
from ..datafiles import CanalHeritageError, DataError

__all__ = ["CanalHeritageError", "DataError", "IllegalActionError", "PositionError", "RecordError"]


class IllegalActionError(CanalHeritageError):
    """An action that the rules do not allow now. The state is left unchanged.

    ``key`` and ``args`` say why, as a message key a view can translate; ``str(error)``
    is the English sentence.
    """

    def __init__(self, message: str, key: str = "error.illegal", **args: Any) -> None:
        self.key = key
        self.args_ = args
        super().__init__(message)


class RecordError(CanalHeritageError):
    """A saved game or a position that cannot be loaded: corrupt, inconsistent, or from
    an unknown version. Nothing is changed by the failed load."""


class PositionError(RecordError):
    """Plain position data that does not describe a legal position."""
