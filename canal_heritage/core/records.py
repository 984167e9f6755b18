"""What every game's saved records share: reading the JSON from a path, a text or parsed
data, with a :class:`~canal_heritage.core.errors.RecordError` that says why it cannot be loaded.
Each game's ``record.py`` validates and replays the content."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .errors import RecordError


def bad_record(msg: str) -> RecordError:
    """The error for a saved game that cannot be loaded, saying why."""
    return RecordError(f"this saved game cannot be loaded: {msg}")


def read_record_source(source: str | Path | dict[str, Any]) -> Any:
    """The parsed JSON of a record given as a path, a JSON text or already parsed data."""
    if isinstance(source, dict):
        return source
    text = source
    if isinstance(source, Path) or (isinstance(source, str) and not source.lstrip().startswith("{")):
        try:
            text = Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise bad_record(f"cannot read the file ({exc.strerror})") from None
        except UnicodeDecodeError:
            raise bad_record("the file is not text") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise bad_record(f"it is not valid JSON (line {exc.lineno}: {exc.msg})") from None
