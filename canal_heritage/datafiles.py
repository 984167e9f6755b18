"""Where content lives, and loading it with errors that name the file and the field."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, ValidationError, model_validator

M = TypeVar("M", bound=BaseModel)


class CanalHeritageError(Exception):
    """Base class of every error the package raises on purpose (the others are in
    :mod:`canal_heritage.core.errors`)."""


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


def data_dir() -> Path:
    """The content folder: ``canal_heritage/data`` in an installed wheel, else the
    repository's ``data/``."""
    here = Path(__file__).resolve().parent
    for candidate in (here / "data", here.parent / "data"):
        if candidate.is_dir():
            return candidate
    raise DataError("data/", "", "the content folder is missing")


def _field_path(loc: tuple[Any, ...]) -> str:
    out = ""
    for part in loc:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


def load_model(relative: str, model: type[M], *, base: Path | None = None) -> M:
    """Read ``relative`` under the content folder and validate it as ``model``.

    Raises:
        DataError: naming the file and the first failing field.
    """
    path = (base or data_dir()) / relative
    try:
        text = path.read_text(encoding="utf-8")
        raw = json.loads(text)
    except FileNotFoundError:
        raise DataError(relative, "", "file not found") from None
    except json.JSONDecodeError as exc:
        raise DataError(relative, f"line {exc.lineno}", f"not valid JSON ({exc.msg})") from None
    try:
        return model.model_validate_json(text)  # JSON mode: arrays for tuples, strict types
    except ValidationError as exc:
        err = exc.errors()[0]
        loc = tuple(err["loc"])
        raise DataError(relative, _field_path(loc), err["msg"], record=_record_id(raw, loc)) from None


def _record_id(raw: Any, loc: tuple[Any, ...]) -> str | None:
    """The id of the record a failing field belongs to (``records[3]`` → its ``id``)."""
    if len(loc) >= 2 and isinstance(loc[1], int):
        try:
            rid = raw[loc[0]][loc[1]].get("id")
        except (KeyError, IndexError, TypeError, AttributeError):
            return None
        return str(rid) if rid is not None else None
    return None


class Provenance(BaseModel):
    """Where one field's value comes from: the rulebook (with a reference) or the
    project's reconstruction (with a one-line reason)."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    kind: Literal["rulebook", "reconstructed"]
    ref: str | None = None
    reason: str | None = None

    @model_validator(mode="after")
    def _explained(self) -> Provenance:
        if self.kind == "rulebook" and not self.ref:
            raise ValueError("a rulebook value needs 'ref' (where the rulebook says it)")
        if self.kind == "reconstructed" and not self.reason:
            raise ValueError("a reconstructed value needs 'reason' (why the project chose it)")
        return self


class SourcedRecord(BaseModel):
    """A content record whose listed fields each carry a :class:`Provenance`."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)
    provenance: dict[str, Provenance]

    #: fields that must carry a provenance entry
    _sourced: tuple[str, ...] = ()

    @model_validator(mode="after")
    def _every_field_sourced(self) -> SourcedRecord:
        missing = [f for f in self._sourced if f not in self.provenance]
        if missing:
            raise ValueError(f"provenance missing for {', '.join(missing)}")
        unknown = [f for f in self.provenance if f not in type(self).model_fields]
        if unknown:
            raise ValueError(f"provenance names unknown fields {', '.join(unknown)}")
        return self
