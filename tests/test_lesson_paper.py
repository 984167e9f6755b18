"""The lessons on paper (lessons/print/): a worksheet and an answer key per lesson and
language, kept up to date with the lessons' single source, offline, and with the answers in
the key only."""

from __future__ import annotations

import functools
import importlib.util
import re
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # builds every page of every lesson (about 40 s)

ROOT = Path(__file__).resolve().parents[1]
PNG = re.compile(r'src="data:image/png;base64,[A-Za-z0-9+/=]*"')


@functools.lru_cache(maxsize=1)
def build():
    path = ROOT / "lessons" / "build.py"
    spec = importlib.util.spec_from_file_location("lessons_build_for_paper", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@functools.lru_cache(maxsize=1)
def pages() -> dict[Path, str]:
    return build().expected_pages()


def _masked(text: str) -> str:
    """Pictures as drawn by this machine's matplotlib may differ by a byte from another's: the
    text is compared, each picture by its place."""
    return PNG.sub('src="data:image/png;base64,…"', text)


def test_the_committed_pages_are_what_the_lessons_make_now():
    want = pages()
    assert len(want) == 7 * 2 * 2  # seven lessons, French and English, worksheet and key
    stale = [str(p.relative_to(ROOT)) for p, text in want.items()
             if not p.exists() or _masked(p.read_text("utf-8")) != _masked(text)]
    assert stale == [], "run `uv run python lessons/build.py` after changing a lesson or the code it runs"
    made = sorted((ROOT / "lessons" / "print").rglob("*.html"))
    assert [p for p in made if p not in want] == []


def test_the_key_holds_the_engines_answers_and_the_worksheet_holds_none():
    want = pages()
    for path, text in want.items():
        if path.name.endswith("-worksheet.html"):
            assert 'class="key"' not in text, path.name
            assert 'class="question"' in text and 'class="who"' in text  # questions, and a line for a name
        else:
            assert text.count('class="key"') >= text.count('class="question"') > 0, path.name
    en_key = want[ROOT / "lessons/print/en/01-riquet-two-seas-key.html"]
    assert "Answer: B D E A C" in en_key  # the dates, sorted from the heritage data
    assert "Answer: Jean-Mathias Riquet" in en_key
    fr_key = want[ROOT / "lessons/print/fr/05-arriala-sections-key.html"]
    assert "Réponse\u00a0: 1 2 3 4 5" in fr_key  # the cells of the rulebook example's section (French spacing)
    assert "environ" in fr_key and "min</span>" in fr_key  # timings beside the sections


def test_pages_print_offline_with_pictures_and_room_to_write():
    for path, text in pages().items():
        assert "<script" not in text.lower(), path.name
        assert not re.search(r'(src|href)="https?://', text), path.name
        assert "@media print" in text and "@page" in text
    want = pages()
    sheet = want[ROOT / "lessons/print/en/07-balance-lab-worksheet.html"]
    assert sheet.count('class="line"') >= 4 * 3  # four answer cells, three lines each
    assert sheet.count("data:image/png;base64,") == 2  # its two figures are pictures
    stepper = want[ROOT / "lessons/print/fr/02-midi-round-worksheet.html"]
    assert "Vous jouez Clerville" in stepper  # the button widget leaves where its game stands
    board = want[ROOT / "lessons/print/en/06-arriala-play-worksheet.html"]
    assert "<svg" in board


def test_the_pdfs_are_printed_from_the_pages_as_they_are_now():
    """Each PDF says which page it was printed from (a digest in its Subject): after a change,
    `uv run python lessons/build.py --pdf` prints again."""
    b = build()
    stale = [str(b.pdf_path(p).relative_to(ROOT)) for p, text in pages().items()
             if b.printed_digest(b.pdf_path(p)) != b.digest(text)]
    assert stale == [], "run `uv run python lessons/build.py --pdf` (needs Chromium)"


def test_no_page_tells_a_student_to_click_or_run():
    b = build()
    from canal_heritage.lessons.paper import screen_words_in

    for path, text in pages().items():
        assert screen_words_in(text, b.SCREEN_WORDS[path.parent.name]) == [], path.name
    sheet = pages()[ROOT / "lessons/print/fr/01-riquet-two-seas-worksheet.html"]
    assert "Cochez-le." in sheet  # the paper's own words where the screen's were
    game = pages()[ROOT / "lessons/print/en/06-arriala-play-worksheet.html"]
    assert "Fill in your game's score sheet" in game and "Total 0" not in game  # a blank sheet, not zeros
