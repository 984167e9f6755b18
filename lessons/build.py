"""Write the lesson notebooks, French and English, from ONE source per lesson.

    uv run python lessons/build.py              # write the notebooks and the printable pages
    uv run python lessons/build.py --notebooks  # only the notebooks (quick)
    uv run python lessons/build.py --check      # say which files differ from their source
    uv run python lessons/build.py --pdf        # also print the pages to PDF (needs Chromium)

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

``--pdf`` prints each page to ``lessons/print/<lang>/<name>.pdf`` with Chromium (A4, no
header or footer): the paper edition to hand out. The sentences of a lesson about the screen
(what to click, which cell to run) are rewritten for paper on the way (``ON_SCREEN``), and no
page may keep an on-screen word (``SCREEN_WORDS``). A PDF carries no date; its *Subject* holds
a digest of the page it was printed from, so ``--check`` (and the tests) tell a stale PDF
without Chromium.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import io
import json
import re
import shutil
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


#: On paper, the lessons' sentences about the screen (what to click, which cell to run) are
#: replaced by what a student does with a pen, or left out: (pattern, replacement) on the page's
#: HTML, a space in a pattern standing for any run of spaces and line breaks. A sentence that
#: needs more than this has its own paper text in its source (``md(..., on_paper=...)``).
ON_SCREEN: dict[str, list[tuple[str, str]]] = {
    "fr": [
        (r"Choisissez-le puis cliquez sur <em>Vérifier</em>\.", "Cochez-le."),
        (r"Choisissez, puis cliquez sur <em>Vérifier</em>\.", "Cochez votre choix."),
        (r",? puis cliquez sur <em>Vérifier</em>", ""),
        (r"\btapez leurs lettres", "écrivez leurs lettres"),
        (r"\bTapez (leurs|les)", r"Écrivez \1"),
        (r"la cellule suivante lit une seule date dans les données,", "voici une seule date lue dans les données,"),
        ((r" Si le carnet a été fermé depuis, exécutez d'abord la toute première cellule \(la langue\), puis la"
          r" cellule suivante\."), ""),
        ((r"<p>Dans ce carnet, c'est le moteur du jeu qui applique ces règles : il dit ce qui est permis et"
          r" raconte ce qui arrive\.</p>"), ""),
        (r" avec les boutons,", ","),
        (r"la même sur tous les ordinateurs", "la même pour toute la classe"),
        (r"de ce carnet", "de cette leçon"),
        (r"en relançant une cellule, on retrouve", "avec la même graine, on retrouve"),
        ((r"Modifiez les positions ci-dessus \(qui occupe quelles cases, où va l'écluse\) et relancez les"
          r" cellules\. "), ""),
        (r"dans la cellule ci-dessous \(double-cliquez dessus pour écrire\)", "sur les lignes ci-dessous"),
        (r" ?Exécutez la cellule quand la partie est finie \(ou en cours de route\)\.", ""),
        (r" ?Modifiez les listes \(par exemple seulement les chantiers IV et VI\) et relancez\.", ""),
        (r"\(Double-cliquez sur la cellule ci-dessous pour écrire\.\)", "(Écrivez sur les lignes ci-dessous.)"),
        (r"dans les trois cellules ci-dessous", "sur les lignes ci-dessous"),
        ((r" ?Essayez <code>seed=2</code>, ou <code>games=60</code> si vous avez une minute, et aussi"
          r" <code>table=\[\.\.\.\]</code> \(10 nombres, et 5 ouvriers doivent valoir 8 comme dans la règle\)\."), ""),
        (r"<p>Pour des simulations plus longues, la ligne de commande(?s:.*?)</p>", ""),
        (r"Relancez avec une autre graine \((<code>seed=2</code>)\) : tiennent-ils \?",
         r"Tiendraient-ils avec une autre graine (\1) ?"),
    ],
    "en": [
        (r"Pick it, then press <em>Check</em>\.", "Tick it."),
        (r"Choose, then press <em>Check</em>\.", "Tick your choice."),
        (r",? then press <em>Check</em>", ""),
        (r"\btype their letters", "write their letters"),
        (r"\bType (their|the)", r"Write \1"),
        (r"Check your first answer: the next cell reads one date from the data,",
         "Check your first answer against one date read from the data,"),
        ((r" If the notebook was closed since, run the very first cell \(the language\) first, then the next"
          r" cell\."), ""),
        ((r"<p>In this notebook the game's engine applies those rules: it says what is allowed and tells what"
          r" happens\.</p>"), ""),
        (r" with the buttons,", ","),
        (r"the same on every computer", "the same for the whole class"),
        (r"in this notebook", "in this lesson"),
        (r"running a cell again gives", "the same seed gives"),
        (r"Change the positions above \(who holds which cells, where the lock goes\) and run the cells again\. ",
         ""),
        (r"in the cell below \(double-click it to write\)", "on the lines below"),
        (r" ?Run the cell when the game is over \(or along the way\)\.", ""),
        (r" ?Change the lists \(only sites IV and VI, say\) and run again\.", ""),
        (r"\(Double-click the cell below to write\.\)", "(Write on the lines below.)"),
        (r"in the three cells below", "on the lines below"),
        ((r" ?Try <code>seed=2</code>, or <code>games=60</code> if you have a minute, and"
          r" <code>table=\[\.\.\.\]</code> too \(10 numbers, and 5 workers must be worth 8 as in the rules\)\."), ""),
        (r"<p>For longer simulations, the command line(?s:.*?)</p>", ""),
        (r"Run again with another seed \((<code>seed=2</code>)\): do they hold\?",
         r"Would they hold with another seed (\1)?"),
    ],
}

#: Words and phrases that belong to the screen: none may be left on a printed page (the build
#: refuses such a page, and tests/test_lesson_pdf.py reads the PDFs for them). Matched
#: without regard to case, on the page's text.
SCREEN_WORDS: dict[str, tuple[str, ...]] = {
    "fr": ("cliquez", "cliquer", "double-clic", "exécutez", "exécuter", "maj + entrée", "relancez", "relancer",
           "cellule", "ce carnet", "le carnet", "bouton", "tapez", "sur vérifier", "appuyez sur",
           "ligne de commande", "uv run", "essayez seed="),
    "en": ("click", "press check", "then press", "and press", "run the cell", "run again", "shift + enter",
           "next cell", "this cell", "cell below", "cells below", "notebook", "button",
           "type their", "type the", "command line", "uv run", "try seed="),
}


@dataclass(frozen=True)
class Markdown:
    text: dict[str, str]
    answer: bool = False  # a cell the student writes in (ruled lines on the worksheet)
    minutes: int | None = None  # how long the section this cell opens takes (the answer key says it)
    paper: bool | str = True  # False: on screen only (the sign-in for the class book); "key": in the key only
    on_paper: dict[str, str] | None = None  # the text on paper, where the screen's is about the screen


@dataclass(frozen=True)
class Code:
    source: str
    check: dict[str, str] | None = None
    tags: tuple[str, ...] = field(default_factory=tuple)
    reveals: bool = False  # shows the answers of the questions above: left out of the worksheet
    paper: bool = True  # False: on screen only, not on paper


def md(*, fr: str, en: str, minutes: int | None = None, paper: bool | str = True,
       on_paper: dict[str, str] | None = None) -> Markdown:
    """A text cell in both languages; ``minutes`` on a section's heading cell: its timing;
    ``paper=False``: on screen only; ``paper="key"``: on paper, in the teacher's key only (the
    worksheet keeps to four pages); ``on_paper={"fr": ..., "en": ...}``: what paper says
    instead (the screen's text tells what to click or run)."""
    printed = {k: v.strip("\n") for k, v in on_paper.items()} if on_paper else None
    return Markdown({"fr": fr.strip("\n"), "en": en.strip("\n")}, minutes=minutes, paper=paper, on_paper=printed)


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
        cells = [paper.Cell("answer" if c.answer else "markdown", (c.on_paper or c.text)[lang], c.minutes,
                            paper=c.paper)
                 if isinstance(c, Markdown) else paper.Cell("code", c.source, reveals=c.reveals, paper=c.paper)
                 for c in module.CELLS]
        shown = paper.run(cells, lang)
        for kind in PAPER_KINDS:
            out[paper_path(module, lang, kind)] = paper.page(module.LESSON, cells, shown, lang, kind,
                                                             screen=ON_SCREEN[lang], banned=SCREEN_WORDS[lang])
    return out


def expected_pages() -> dict[Path, str]:
    """Every printable page this script writes, with its text (runs every lesson: ~1 min)."""
    out = {}
    for module in sources():
        out.update(pages(module))
    return out


PNG = re.compile(r'src="data:image/png;base64,[A-Za-z0-9+/=]*"')
DIGEST = "printed from the page with sha256 "
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"


def pdf_path(page: Path) -> Path:
    return page.with_suffix(".pdf")


def digest(page_text: str) -> str:
    """The digest a PDF carries of the page it was printed from (its pictures masked: this
    machine's matplotlib may draw a byte differently from another's)."""
    masked = PNG.sub('src="data:image/png;base64,…"', page_text)
    return hashlib.sha256(masked.encode("utf-8")).hexdigest()


def printed_digest(pdf: Path) -> str | None:
    """The digest a PDF says it was printed from (None: no PDF, or none written by this script)."""
    if not pdf.exists():
        return None
    import pypdf

    subject = (pypdf.PdfReader(pdf).metadata or {}).get("/Subject") or ""
    return subject[len(DIGEST):] if subject.startswith(DIGEST) else None


def print_pdfs(wanted: dict[Path, str]) -> None:
    """Print each page to its PDF with Chromium: A4, the page's own margins, no header or
    footer (no date, no file address); then drop the dates Chromium writes, so that the same
    page gives the same bytes."""
    import pypdf
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--headless", "--no-sandbox", "--disable-gpu"])
        try:
            tab = browser.new_page()
            for path, text in wanted.items():
                tab.set_content(text, wait_until="load")
                data = tab.pdf(format="A4", display_header_footer=False, print_background=True,
                               prefer_css_page_size=True)
                reader = pypdf.PdfReader(io.BytesIO(data))
                writer = pypdf.PdfWriter(clone_from=reader)
                writer.metadata = None
                writer.add_metadata({"/Title": (reader.metadata or {}).get("/Title", ""),
                                     "/Subject": DIGEST + digest(text), "/Producer": "lessons/build.py (Chromium)"})
                writer.compress_identical_objects()
                out = io.BytesIO()
                writer.write(out)
                pdf_path(path).write_bytes(out.getvalue())
        finally:
            browser.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only report files that differ from the source")
    parser.add_argument("--notebooks", action="store_true",
                        help="notebooks only (the printable pages run every lesson: about a minute)")
    parser.add_argument("--pdf", action="store_true", help="also print the stale pages to PDF (needs Chromium)")
    args = parser.parse_args(argv)
    stale = []
    want = expected()
    paper = {} if args.notebooks else expected_pages()
    want.update(paper)
    stale_pdfs = [page for page, text in paper.items() if printed_digest(pdf_path(page)) != digest(text)]
    for path, text in want.items():
        current = path.read_text(encoding="utf-8") if path.exists() else None
        if current != text:
            stale.append(path)
            if not args.check:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
    if args.pdf and not args.check and stale_pdfs:
        print_pdfs({page: paper[page] for page in stale_pdfs})
    made = [p for lang in LANGS for p in sorted((HERE / lang).glob("*.ipynb"))]
    if not args.notebooks:
        made += [p for lang in LANGS for p in sorted((PRINT / lang).glob("*.html"))]
    extra = [p for p in made if p not in want]
    if not args.notebooks:
        extra += [p for lang in LANGS for p in sorted((PRINT / lang).glob("*.pdf"))
                  if p.with_suffix(".html") not in want]
    for p in stale:
        print(("differs from its source: " if args.check else "written: ") + str(p.relative_to(HERE.parent)))
    for p in stale_pdfs:
        what = "printed: " if args.pdf and not args.check else "PDF older than its page (run with --pdf): "
        print(what + str(pdf_path(p).relative_to(HERE.parent)))
    for p in extra:
        print(f"not made from a source (remove it or add a source): {p.relative_to(HERE.parent)}")
    return 1 if args.check and (stale or stale_pdfs or extra) else 0


if __name__ == "__main__":
    sys.exit(main())
