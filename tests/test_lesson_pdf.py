"""The paper edition of the lessons (lessons/print/<lang>/*.pdf, printed by
``lessons/build.py --pdf``): every page and answer key is a PDF of A4 pages, a student's
worksheet fits on four, and no page tells a student to click, run a cell or press a key.

Read from the committed PDFs (no browser needed); that they are up to date with the lessons is
checked in tests/test_lesson_paper.py, which builds the pages."""

from __future__ import annotations

import functools
import importlib.util
import sys
import unicodedata
from pathlib import Path

import pypdf
import pytest

ROOT = Path(__file__).resolve().parents[1]
PRINT = ROOT / "lessons" / "print"
A4 = (595.0, 842.0)  # points


@functools.lru_cache(maxsize=1)
def build():
    path = ROOT / "lessons" / "build.py"
    spec = importlib.util.spec_from_file_location("lessons_build_for_pdf", path)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


PDFS = sorted(PRINT.glob("*/*.pdf"))


def _text(reader: pypdf.PdfReader) -> str:
    """The PDF's text, ligatures undone (ﬁ → fi) and every run of spaces and line breaks one
    space, lower case: a phrase cut by a line break is still found."""
    text = " ".join(page.extract_text() or "" for page in reader.pages)
    return " ".join(unicodedata.normalize("NFKC", text).split()).lower()


def test_every_page_and_key_has_its_pdf():
    pages = sorted(PRINT.glob("*/*.html"))
    assert len(pages) == 7 * 2 * 2  # seven lessons, French and English, worksheet and key
    assert [p.with_suffix(".pdf") for p in pages] == PDFS


@pytest.mark.parametrize("pdf", PDFS, ids=[f"{p.parent.name}/{p.stem}" for p in PDFS])
def test_the_pdf_is_a4_fits_and_says_nothing_about_a_screen(pdf: Path):
    reader = pypdf.PdfReader(pdf)
    assert len(reader.pages) >= 1
    for n, page in enumerate(reader.pages, 1):
        size = (float(page.mediabox.width), float(page.mediabox.height))
        assert abs(size[0] - A4[0]) <= 2 and abs(size[1] - A4[1]) <= 2, f"page {n} is {size}, not A4"
    if pdf.stem.endswith("-worksheet"):
        assert len(reader.pages) <= 4, f"{pdf.name}: {len(reader.pages)} pages, a worksheet has at most 4"
    text = _text(reader)
    lang = pdf.parent.name
    assert "question 1" in text  # the questions are there, as text
    left = [w for w in build().SCREEN_WORDS[lang] if w.lower() in text]
    assert left == [], f"{pdf.name} still says: {left}"
    # printed with no header or footer: no file address, no date line from the browser
    assert "file://" not in text and ".html" not in text


def test_the_screen_words_are_the_ones_the_worksheets_used_to_say():
    """The list the build and these tests check: the words of the screen in both languages."""
    words = build().SCREEN_WORDS
    for phrase in ("cliquez", "double-clic", "exécutez", "maj + entrée", "cellule"):
        assert phrase in words["fr"]
    for phrase in ("click", "press check", "run the cell", "shift + enter", "notebook"):
        assert phrase in words["en"]


def test_the_build_refuses_a_page_that_speaks_of_the_screen():
    from canal_heritage.lessons import paper

    b = build()
    lesson = {"number": 9, "title": {"en": "T"}, "level": {"en": "L"}, "age": "9", "minutes": 5,
              "objectives": {"en": ["o"]}}
    cells = [paper.Cell("markdown", "Pick it, then press *Check*."),
             paper.Cell("markdown", "Write your answer in the cell below (double-click it to write).")]
    page = paper.page(lesson, cells, [None, None], "en", "worksheet", screen=b.ON_SCREEN["en"],
                      banned=b.SCREEN_WORDS["en"])
    assert "Tick it." in page and "on the lines below" in page
    with pytest.raises(ValueError, match="click"):
        paper.page(lesson, [paper.Cell("markdown", "Click the card you bet.")], [None], "en", "worksheet",
                   screen=b.ON_SCREEN["en"], banned=b.SCREEN_WORDS["en"])
