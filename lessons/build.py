"""Write the lesson notebooks, French and English, from ONE source per lesson.

    uv run python lessons/build.py          # write lessons/fr/*.ipynb and lessons/en/*.ipynb
    uv run python lessons/build.py --check  # say which notebooks differ from their source

Each lesson is a Python file in ``lessons/source/`` holding ``LESSON`` (number, file name,
title, objectives, age range, duration in each language) and ``CELLS``: markdown cells
given in both languages (``md(fr=..., en=...)``) and code cells given once (``code(...)``),
so the code is the same in both notebooks. The only code that differs is the first cell,
the parameter cell ``lang = "fr"`` (tagged ``parameters``), which every later cell reads.

A code cell may be checked by ``pytest --nbval-lax``: ``code(..., check={"fr": ..., "en":
...})`` stores the text the cell prints in each language, and the test run compares it.
``tests/test_lessons.py`` checks that the committed notebooks are exactly what this script
writes, so the two languages cannot drift apart.
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
    "fr": {"objectives": "Objectifs", "age": "Âge", "duration": "Durée", "minutes": "min",
           "years": "ans", "lesson": "Leçon", "run": "Exécutez les cellules dans l'ordre "
           "(Maj + Entrée). La première cellule choisit la langue."},
    "en": {"objectives": "Learning objectives", "age": "Age", "duration": "Duration", "minutes": "min",
           "years": "years", "lesson": "Lesson", "run": "Run the cells in order (Shift + Enter). "
           "The first cell chooses the language."},
}


@dataclass(frozen=True)
class Markdown:
    text: dict[str, str]


@dataclass(frozen=True)
class Code:
    source: str
    check: dict[str, str] | None = None
    tags: tuple[str, ...] = field(default_factory=tuple)


def md(*, fr: str, en: str) -> Markdown:
    return Markdown({"fr": fr.strip("\n"), "en": en.strip("\n")})


def typeset(printed: str, lang: str) -> str:
    """The text a checked cell prints, as the catalogs print it: in French a non-breaking
    space before : ; ? ! and inside « » (the sources are typed with plain spaces)."""
    if lang != "fr":
        return printed
    printed = re.sub(r" ([:;?!»])", "\u00a0\\1", printed)
    return printed.replace("« ", "«\u00a0")


def code(source: str, *, check: dict[str, str] | None = None) -> Code:
    tags = ("nbval-check-output",) if check else ()
    return Code(source.strip("\n"), check, tags)


def load_source(path: Path):
    spec = importlib.util.spec_from_file_location(f"lesson_source_{path.stem}", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules["lessons_build"] = sys.modules[__name__]  # what the sources import md and code from
    spec.loader.exec_module(module)
    return module


def sources() -> list:
    return [load_source(p) for p in sorted(SOURCE.glob("lesson*.py"))]


def _lines(text: str) -> list[str]:
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def header(lesson: dict, lang: str) -> str:
    w = WORDS[lang]
    objectives = "\n".join(f"- {o}" for o in lesson["objectives"][lang])
    colon = " :" if lang == "fr" else ":"
    return (f"# {w['lesson']} {lesson['number']} · {lesson['title'][lang]}\n\n"
            f"**{w['age']}**{colon} {lesson['age']} {w['years']} · "
            f"**{w['duration']}**{colon} {lesson['minutes']} {w['minutes']}\n\n"
            f"**{w['objectives']}**{colon}\n\n{objectives}\n\n*{w['run']}*")


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
            cells.append({"cell_type": "markdown", "id": cid, "metadata": {}, "source": _lines(cell.text[lang])})
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
    for module in sources():
        for lang in LANGS:
            out[path_of(module, lang)] = render(notebook(module, lang))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report notebooks that differ from the source")
    args = parser.parse_args(argv)
    stale = []
    want = expected()
    for path, text in want.items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            stale.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    extra = [p for lang in LANGS for p in sorted((HERE / lang).glob("*.ipynb")) if p not in want]
    for p in stale:
        print(("differs from its source: " if args.check else "written: ") + str(p.relative_to(HERE.parent)))
    for p in extra:
        print(f"not made from a source (remove it or add a source): {p.relative_to(HERE.parent)}")
    return 1 if args.check and (stale or extra) else 0


if __name__ == "__main__":
    sys.exit(main())
