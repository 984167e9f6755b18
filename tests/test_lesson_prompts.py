"""Every question of the lessons is asked in words: the pupil reads what to answer above its box,
and the teacher's table names it by that question, never by a cell (issue 30)."""

from __future__ import annotations

import inspect
import json
import re
from pathlib import Path

import pytest

from canal_heritage.lessons import questions
from canal_heritage.lessons.classbook import cell_prompt

LESSONS = Path(__file__).resolve().parents[1] / "lessons"


def asks_itself(name: str) -> bool:
    """Whether question function ``name`` gives its question a prompt of its own."""
    return "prompt=" in inspect.getsource(getattr(questions, name))


def question_cells(lang: str) -> list[tuple[int, str, str]]:
    """(lesson, cell id, question function) for every question made in the notebooks."""
    out = []
    for path in sorted((LESSONS / lang).glob("0[1-9]-*.ipynb")):
        lesson = int(path.name[:2])
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            made = re.search(r"questions\.(\w+)\(", "".join(cell["source"]))
            if cell["cell_type"] == "code" and made:
                out.append((lesson, cell["id"], made.group(1)))
    return out


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_every_question_is_asked_in_words(lang: str) -> None:
    cells = question_cells(lang)
    assert len(cells) > 40
    unasked = [(lesson, cell, name, cell_prompt(lang, lesson, cell)) for lesson, cell, name in cells
               if not asks_itself(name) and not cell_prompt(lang, lesson, cell).rstrip().endswith("?")]
    assert not unasked, unasked


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_two_questions_of_one_paragraph_are_told_apart(lang: str) -> None:
    """Two questions made under one paragraph, neither asking itself, get two prompts."""
    cells = question_cells(lang)
    derived = [(lesson, cell_prompt(lang, lesson, cell)) for lesson, cell, name in cells if not asks_itself(name)]
    twice = {p for p in derived if derived.count(p) > 1}
    assert not twice, twice
