"""Write the lesson notebooks, French and English, from ONE source per lesson.

    uv run python lessons/build.py              # write the notebooks and the printable pages
    uv run python lessons/build.py --notebooks  # only the notebooks (quick)
    uv run python lessons/build.py --check      # say which files differ from their source

Each lesson is a Python file in ``lessons/source/`` holding ``LESSON`` (number, file name,
title, objectives, school level, age range and duration in minutes; ``time`` in each language
when the minutes are not the whole story, "two sessions of about 30 min") and ``CELLS``: markdown cells
given in both languages (``md(fr=..., en=...)``) and code cells given once (``code(...)``),
so the code is the same in both notebooks. The only code that differs is the first cell,
the parameter cell ``lang = "fr"`` (tagged ``parameters``), which every later cell reads.

A code cell may be checked by ``pytest --nbval-lax``: ``code(..., check={"fr": ..., "en":
...})`` stores the text the cell prints in each language, and the test run compares it.
``tests/test_lessons.py`` checks that the committed notebooks are exactly what this script
writes, so the two languages cannot drift apart.

It also writes, per lesson and language, a printable student worksheet and a teacher's answer
key under ``lessons/print/`` (:mod:`canal_heritage.lessons.paper` runs the lesson's code and
keeps what each cell shows: questions with room to answer, the engine's answers in the key,
figures as pictures). ``answer(fr=..., en=...)`` is a cell the student writes in; ``md(...,
minutes=10)`` on a section's heading gives its timing in the key. ``tests/test_lesson_paper.py``
checks that the committed pages are up to date.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import re
import sys
from dataclasses import dataclass, field
from pathlib import Path

HERE = Path(__file__).resolve().parent
SOURCE = HERE / "source"
LANGS = ("fr", "en")
WORDS = {
    "fr": {"objectives": "Objectifs", "level": "Niveau", "age": "Âge", "duration": "Durée", "minutes": "min",
           "years": "ans", "lesson": "Leçon", "run": "Exécutez les cellules dans l'ordre "
           "(Maj + Entrée). La première cellule choisit la langue."},
    "en": {"objectives": "Learning objectives", "level": "Level", "age": "Age", "duration": "Duration",
           "minutes": "min",
           "years": "years", "lesson": "Lesson", "run": "Run the cells in order (Shift + Enter). "
           "The first cell chooses the language."},
}


@dataclass(frozen=True)
class Markdown:
    text: dict[str, str]
    answer: bool = False  # a cell the student writes in (ruled lines on the worksheet)
    minutes: int | None = None  # how long the section this cell opens takes (the answer key says it)
    paper: bool = True  # False: on screen only (the sign-in for the class book), not on paper


@dataclass(frozen=True)
class Code:
    source: str
    check: dict[str, str] | None = None
    tags: tuple[str, ...] = field(default_factory=tuple)
    reveals: bool = False  # shows the answers of the questions above: left out of the worksheet
    paper: bool = True  # False: on screen only, not on paper


def md(*, fr: str, en: str, minutes: int | None = None, paper: bool = True) -> Markdown:
    """A text cell in both languages; ``minutes`` on a section's heading cell: its timing;
    ``paper=False``: on screen only."""
    return Markdown({"fr": fr.strip("\n"), "en": en.strip("\n")}, minutes=minutes, paper=paper)


def answer(*, fr: str, en: str) -> Markdown:
    """A cell the student writes in (double-click in the notebook; lines on paper)."""
    return Markdown({"fr": fr.strip("\n"), "en": en.strip("\n")}, answer=True)


def typeset(printed: str, lang: str) -> str:
    """The text a checked cell prints, as the catalogs print it: in French a non-breaking
    space before : ; ? ! and inside « » (the sources are typed with plain spaces)."""
    if lang != "fr":
        return printed
    printed = re.sub(r" ([:;?!»])", "\u00a0\\1", printed)
    return printed.replace("« ", "«\u00a0")


def code(source: str, *, check: dict[str, str] | None = None, reveals: bool = False, paper: bool = True) -> Code:
    """A code cell (the same in both languages). ``check``: what it prints, compared by
    nbval; ``reveals``: it shows the answers of the questions above (the engine checking
    them), so the printed worksheet leaves it out and the answer key keeps it; ``paper=False``:
    its output is on screen only (it still runs for the printed pages)."""
    tags = ("nbval-check-output",) if check else ()
    return Code(source.strip("\n"), check, tags, reveals, paper)


def class_book(lesson: int) -> list:
    """The two cells near the top of every lesson: a word on the class book, and the sign-in
    (a nickname and the class's name, once) that keeps the lesson's answers for the teacher.
    On screen only: paper has its own line for a name."""
    return [
        md(fr="""
**Pour votre enseignant.** Donnez une fois votre pseudonyme (un prénom, ou deux pour un binôme) et
le nom de votre classe, puis cliquez sur *Commencer* : vos réponses et vos parties de cette leçon
seront gardées pour votre enseignant, sur cet ordinateur. (Vous pouvez aussi sauter cette étape.)
""", en="""
**For your teacher.** Give your nickname once (a first name, or two for a pair) and your class's
name, then press *Start*: your answers and games in this lesson will be kept for your teacher,
on this computer. (You may skip this step.)
""", paper=False),
        code(f"""
from canal_heritage.lessons import classbook

classbook.sign_in(lang, lesson={lesson})
""", paper=False),
    ]


def load_source(path: Path):
    spec = importlib.util.spec_from_file_location(f"lesson_source_{path.stem}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["lessons_build"] = sys.modules[__name__]  # what the sources import md and code from
    spec.loader.exec_module(module)
    return module


def sources() -> list:
    """The lessons' sources, in order."""
    return [load_source(p) for p in sorted(SOURCE.glob("lesson*.py"))]


def teacher_source():
    """The teacher's notebook's source (the class's results; no printable pages)."""
    return load_source(SOURCE / "teacher.py")


def _lines(text: str) -> list[str]:
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def header(lesson: dict, lang: str) -> str:
    if lesson.get("teacher"):  # the teacher's notebook: a title and what it is for
        return f"# {lesson['title'][lang]}\n\n{lesson['intro'][lang]}"
    w = WORDS[lang]
    objectives = "\n".join(f"- {o}" for o in lesson["objectives"][lang])
    colon = " :" if lang == "fr" else ":"
    return (f"# {w['lesson']} {lesson['number']} · {lesson['title'][lang]}\n\n"
            f"**{w['level']}**{colon} {lesson['level'][lang]} · "
            f"**{w['age']}**{colon} {lesson['age']} {w['years']} · "
            f"**{w['duration']}**{colon} {duration(lesson, lang)}\n\n"
            f"**{w['objectives']}**{colon}\n\n{objectives}\n\n*{w['run']}*")


def duration(lesson: dict, lang: str) -> str:
    """How long a lesson takes, in words: its ``time`` if it has one (sessions), else its minutes."""
    if "time" in lesson:
        return str(lesson["time"][lang])
    return f"{lesson['minutes']} {WORDS[lang]['minutes']}"


def notebook(module, lang: str) -> dict:
    """The notebook of one lesson in one language, as plain JSON data (nbformat 4.5)."""
    lesson = module.LESSON
    n = lesson["number"]
    cells = [{"cell_type": "markdown", "id": f"l{n}-head", "metadata": {}, "source": _lines(header(lesson, lang))},
             {"cell_type": "code", "execution_count": None, "id": f"l{n}-lang", "metadata": {"tags": ["parameters"]},
              "outputs": [], "source": _lines(f'lang = "{lang}"')}]
    for i, cell in enumerate(module.CELLS, 1):
        cid = f"l{n}-{i:02d}"
        if isinstance(cell, Markdown):
            meta = {"tags": ["answer"]} if cell.answer else {}
            cells.append({"cell_type": "markdown", "id": cid, "metadata": meta, "source": _lines(cell.text[lang])})
            continue
        outputs = []
        count = None
        if cell.check:  # nbval compares a cell's outputs only if it was run: give it a count
            count = i
            printed = typeset(cell.check[lang], lang)
            outputs.append({"name": "stdout", "output_type": "stream", "text": _lines(printed + "\n")})
        meta = {"tags": list(cell.tags)} if cell.tags else {}
        cells.append({"cell_type": "code", "execution_count": count, "id": cid, "metadata": meta,
                      "outputs": outputs, "source": _lines(cell.source)})
    return {
        "cells": cells,
        "metadata": {
            "kernelspec": {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"},
            "language_info": {"name": "python"},
            "canal_heritage": {"lesson": n, "lang": lang, "generated_by": "lessons/build.py"},
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


def path_of(module, lang: str) -> Path:
    return HERE / lang / f"{module.LESSON['number']:02d}-{module.LESSON['slug']}.ipynb"


def render(nb: dict) -> str:
    return json.dumps(nb, indent=1, ensure_ascii=False, sort_keys=True) + "\n"


def expected() -> dict[Path, str]:
    """Every notebook this script writes, with its text."""
    out = {}
    for module in [*sources(), teacher_source()]:
        for lang in LANGS:
            out[path_of(module, lang)] = render(notebook(module, lang))
    return out


PRINT = HERE / "print"
PAPER_KINDS = ("worksheet", "key")


def paper_path(module, lang: str, kind: str) -> Path:
    return PRINT / lang / f"{module.LESSON['number']:02d}-{module.LESSON['slug']}-{kind}.html"


def pages(module) -> dict[Path, str]:
    """The worksheet and the answer key of one lesson in each language: the lesson's code
    is run here, as the notebook runs it (canal_heritage.lessons.paper)."""
    from canal_heritage.lessons import paper

    out = {}
    for lang in LANGS:
        cells = [paper.Cell("answer" if c.answer else "markdown", c.text[lang], c.minutes, paper=c.paper)
                 if isinstance(c, Markdown) else paper.Cell("code", c.source, reveals=c.reveals, paper=c.paper)
                 for c in module.CELLS]
        shown = paper.run(cells, lang)
        for kind in PAPER_KINDS:
            out[paper_path(module, lang, kind)] = paper.page(module.LESSON, cells, shown, lang, kind)
    return out


def expected_pages() -> dict[Path, str]:
    """Every printable page this script writes, with its text (runs every lesson: ~1 min)."""
    out = {}
    for module in sources():
        out.update(pages(module))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report files that differ from the source")
    parser.add_argument("--notebooks", action="store_true",
                        help="notebooks only (the printable pages run every lesson: about a minute)")
    args = parser.parse_args(argv)
    stale = []
    want = expected()
    if not args.notebooks:
        want.update(expected_pages())
    for path, text in want.items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            stale.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    made = [p for lang in LANGS for p in sorted((HERE / lang).glob("*.ipynb"))]
    if not args.notebooks:
        made += [p for lang in LANGS for p in sorted((PRINT / lang).glob("*.html"))]
    extra = [p for p in made if p not in want]
    for p in stale:
        print(("differs from its source: " if args.check else "written: ") + str(p.relative_to(HERE.parent)))
    for p in extra:
        print(f"not made from a source (remove it or add a source): {p.relative_to(HERE.parent)}")
    return 1 if args.check and (stale or extra) else 0


if __name__ == "__main__":
    sys.exit(main())
