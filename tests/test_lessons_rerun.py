"""Running a lesson cell a second time never moves a game on silently (issue 15, safe re-runs).

Every code cell of every lesson is run twice in a row, as a student does who presses Shift +
Enter once too often. The second run must show what the first showed, or say in words that it
played nothing. The English notebooks are enough: both languages run the same code (checked
in test_lessons.py)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import nbformat
import pytest
from nbclient import NotebookClient

from canal_heritage.i18n import translator

pytestmark = pytest.mark.slow  # runs every lesson twice in a kernel (about a minute)

ROOT = Path(__file__).resolve().parents[1]
LESSONS = sorted((ROOT / "lessons" / "en").glob("*.ipynb"))
# The sentences that say a re-run cell played nothing (their first words, in the notebook's language).
NOTHING_PLAYED = (
    translator("en").ui("lesson.midi", "Nothing played: this choice was already made, or the choices shown are old. "
                                       "Run the cell with show_choices() to see the choices now, then choose."),
    translator("en").ui("lesson.arriala", "Nothing played: this action was played already, when the cell first ran. "
                                          "({reason})", reason=""),
)


def _shown(outputs: list[Any]) -> str:
    """What a cell showed, as text: printed lines, results and displays (pictures by their
    size: a PNG drawn twice is byte-identical here, but compare the kind, not the bytes)."""
    parts = []
    for out in outputs:
        if out.output_type == "stream":
            parts.append(out.text)
        elif out.output_type == "error":
            parts.append(f"ERROR {out.ename}: {out.evalue}")
        else:
            data = out.get("data", {})
            if "text/html" in data:
                parts.append(data["text/html"])
            elif "image/png" in data:
                parts.append("<png>")
            elif "application/vnd.jupyter.widget-view+json" in data:
                parts.append("<widget>")
            else:
                parts.append(data.get("text/plain", ""))
    return "".join(parts)


@pytest.mark.parametrize("path", LESSONS, ids=[p.stem for p in LESSONS])
def test_every_cell_run_twice_shows_the_same_or_says_it_played_nothing(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(nb, timeout=300, kernel_name="python3",
                            resources={"metadata": {"path": str(path.parent)}})
    said_nothing = 0
    with client.setup_kernel():
        for index, cell in enumerate(nb.cells):
            if cell.cell_type != "code":
                continue
            client.execute_cell(cell, index)
            first = _shown(cell.outputs)
            client.execute_cell(cell, index)
            second = _shown(cell.outputs)
            assert "ERROR" not in first and "ERROR" not in second, (cell.id, first, second)
            if second != first:
                assert any(second.lstrip("[' ").startswith(s.split("(")[0].strip()) for s in NOTHING_PLAYED), (
                    f"cell {cell.id} of {path.name} showed something new when run again:\n{cell.source}\n"
                    f"--- first run:\n{first}\n--- second run:\n{second}")
                said_nothing += 1
    if path.stem in ("02-midi-round",):  # the lesson that plays with commands: its re-runs must say so
        assert said_nothing > 0
