"""Errors shared by every engine and loader.

Each error carries a human-readable English message (``str(error)``) and, where it is
shown to players, a message key plus arguments so a view can say it in any language.
"""

from __future__ import annotations

from typing import Any


class CanalHeritageError(Exception):
    """Base class of every error the package raises on purpose."""


class DataError(CanalHeritageError):
    """A content file is missing, is not valid JSON, or breaks its schema.

    The message names the file and the field (``sites.json: sites[3].thresholds.2: ...``).
    """

    def __init__(self, file: str, field: str, problem: str, record: str | None = None) -> None:
        self.file = file
        self.field = field
        self.problem = problem
        self.record = record
        where = f"{file}: {field}" if field else file
        if record is not None:
            where += f" (record {record!r})"
        super().__init__(f"{where}: {problem}")


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
