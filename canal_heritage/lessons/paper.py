"""The lessons on paper: a printable student worksheet and a teacher's answer key per lesson
and language, written by ``lessons/build.py`` under ``lessons/print/``.

Both are made by running the lesson's code cells here, in order, as a notebook would (the
same engine, the same seeds), and keeping what each cell shows:

* a question (:mod:`.exercises`) becomes its text, its choices with boxes, and room to
  answer; in the answer key, the answer the engine computed, its explanation and the hint;
* a figure becomes a picture, a table stays a table, printed lines stay lines;
* a widget (the round stepper, the Arriala game) leaves a picture of where it stands;
* a markdown cell is the lesson's text; an *answer* cell (written by the student) becomes
  ruled lines.

Code is not printed: students on paper read the results. Every page is plain HTML with a
print stylesheet (A4, nothing split across pages), with no script and nothing fetched.
"""

from __future__ import annotations

import ast
import base64
import contextlib
import html
import io
import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Literal

from markdown_it import MarkdownIt

from ..i18n import translator
from .common import HTMLBlock
from .exercises import _Question
from .plots import FigureView

Kind = Literal["worksheet", "key"]


@dataclass(frozen=True)
class Cell:
    """One cell of a lesson: ``kind`` is ``markdown``, ``answer`` (a markdown cell the student
    writes in) or ``code``; ``minutes`` is the time a section takes (on its heading);
    ``reveals`` marks a code cell whose output gives away the answers above (the worksheet
    leaves it out)."""

    kind: Literal["markdown", "answer", "code"]
    text: str
    minutes: int | None = None
    reveals: bool = False  # a code cell showing the answers of the questions above
    paper: bool | str = True  # False: on screen only (run, but not printed); "key": in the key only


@dataclass
class Shown:
    """What a code cell showed when it ran: its printed text, and its last value (a
    question) or the HTML of that value drawn at once (a board or a game drawn later would
    show a later position)."""

    printed: str
    value: Any
    html: str = ""


def run(cells: Sequence[Cell], lang: str) -> list[Shown | None]:
    """Run the code cells in order in one namespace (``lang`` set, as in the notebook's
    parameter cell); ``None`` for the other cells. A cell ends with an expression: its value
    is kept, as a notebook shows it."""
    namespace: dict[str, Any] = {"lang": lang, "__name__": "__lesson__"}
    shown: list[Shown | None] = []
    for cell in cells:
        if cell.kind != "code":
            shown.append(None)
            continue
        tree = ast.parse(cell.text)
        last = tree.body[-1] if tree.body and isinstance(tree.body[-1], ast.Expr) else None
        if last is not None:
            tree.body.pop()
        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            exec(compile(tree, "<lesson>", "exec"), namespace)  # the project's own lesson code, as the notebook runs it
            value = eval(compile(ast.Expression(last.value), "<lesson>", "eval"), namespace) if last else None
        if isinstance(value, _Question):
            shown.append(Shown(out.getvalue(), value))
        else:
            shown.append(Shown(out.getvalue(), None, _value(value)))
    return shown


# ---------------------------------------------------------------------- rendering
STYLE = """
body { font-family: "DejaVu Sans", Arial, sans-serif; font-size: 12pt; line-height: 1.45; color: #111;
       max-width: 46em; margin: 1.5em auto; padding: 0 1em; }
h1 { font-size: 1.6em; margin: 0.2em 0 0.4em; } h2 { font-size: 1.25em; margin: 1.2em 0 0.4em; }
.who { display: flex; gap: 2em; margin: 0.6em 0 1em; } .who span { flex: 1; border-bottom: 1px solid #555; }
.box { border: 1px solid #999; border-radius: 4px; padding: 0.5em 0.8em; margin: 0.6em 0; }
.question { border-left: 4px solid #1f4e96; padding: 0.3em 0.8em; margin: 0.7em 0; }
.line { border-bottom: 1px solid #777; height: 1.9em; }
.key { background: #eef6ec; border-left: 4px solid #2e7d32; padding: 0.3em 0.8em; margin: 0.4em 0; }
.time { float: right; font-size: 0.85em; color: #444; font-weight: normal; }
pre { white-space: pre-wrap; font-size: 0.92em; background: #f6f6f6; padding: 0.4em 0.6em; }
img, svg { max-width: 100%; height: auto; } table { border-collapse: collapse; font-size: 0.95em; }
th, td { padding: 2px 5px !important; }  /* tables with many columns still fit an A4 page */
/* a blank sheet to fill in: a table whose corner is empty, and its empty cells */
table:has(th:first-child:empty) td:empty { border: 1px solid #999; height: 1.8em; min-width: 6em; }
blockquote { border-left: 4px solid #8d6e63; margin: 0.6em 0; padding: 0.2em 0.8em; background: #faf6f2; }
@page { size: A4; margin: 10mm 12mm; }
@media print {
  /* written for paper: at most four A4 pages a worksheet */
  body { margin: 0; max-width: none; font-size: 9.5pt; line-height: 1.25; padding: 0; }
  h1 { font-size: 1.4em; margin: 0 0 0.2em; } h2 { font-size: 1.12em; margin: 0.7em 0 0.25em; }
  p, ul, ol { margin: 0.3em 0; } li { margin: 0; } .who { margin: 0.3em 0 0.5em; }
  table { font-size: 0.8em; line-height: 1.2; } .box { padding: 0.2em 0.6em; margin: 0.4em 0; }
  .question { padding: 0.1em 0.6em; margin: 0.4em 0; }
  .question > b:first-child { float: left; margin-right: 0.6em; }
  .question p, .question ul { margin: 0.15em 0; }
  .question ul:has(> li:nth-child(3)) { columns: 2; column-gap: 1.5em; }
  .question ul:has(> li:nth-child(6)) { columns: 3; }
  .question li { break-inside: avoid; }
  .line { height: 1.6em; }
  img { display: block; margin: 0.2em auto; max-height: 6.5cm; width: auto; }
  svg { display: block; max-height: 5.5cm; width: auto; }
  .question, .box, img, svg, pre, .key, blockquote, tr { break-inside: avoid; }
  table:has(tr:nth-child(8)) { break-inside: auto; }  /* a long table may go on over the page */
  table { break-inside: avoid; }
  h2 { break-after: avoid; }
}
"""

_md = MarkdownIt("commonmark", {"html": False}).enable("table")


def _markdown(text: str) -> str:
    return _md.render(text)


def _lines(n: int) -> str:
    return '<div class="line"></div>' * n


def _question(q: _Question, number: int, kind: Kind) -> str:
    """A question with its number; in the answer key, the engine's answer, its explanation
    and the hint a wrong answer gets."""
    tr = q.tr
    label = tr.ui("lesson.paper", "Question {n}", n=number)
    parts = [f'<div class="question"><b>{html.escape(label)}</b>', q.static_html()]
    if kind == "key":
        more = [tr.ui("lesson.paper", "Answer: {answer}", answer=q.answer_text())]
        if q.explanation:
            more.append(q.explanation)
        if q.hint:
            more.append(tr.ui("lesson.paper", "Hint given after a wrong answer: {hint}", hint=q.hint))
        parts.append('<div class="key">' + "<br>".join(html.escape(m) for m in more) + "</div>")
    parts.append("</div>")
    return "".join(parts)


def _value(value: Any) -> str:
    """A cell's last value as HTML (a widget as a picture of where it stands)."""
    if value is None:
        return ""
    if isinstance(value, FigureView):
        png = base64.b64encode(value.png()).decode("ascii")
        return f'<p><img alt="{html.escape(repr(value))}" src="data:image/png;base64,{png}"></p>'
    if isinstance(value, HTMLBlock):
        return f"<div>{value.markup}</div>"
    snapshot = getattr(value, "paper_html", None)
    if callable(snapshot):
        return f'<div class="box">{snapshot()}</div>'
    if hasattr(value, "_repr_html_"):
        return f"<div>{value._repr_html_()}</div>"
    if hasattr(value, "_repr_svg_"):
        return f"<div>{value._repr_svg_()}</div>"
    return f"<pre>{html.escape(repr(value))}</pre>"


def for_paper(text: str, screen: Sequence[tuple[str, str]]) -> str:
    """``text`` (HTML) with its sentences about the screen rewritten for paper: ``screen``
    holds (pattern, replacement) pairs, a space in a pattern standing for any whitespace."""
    for pattern, replacement in screen:
        text = re.sub(pattern.replace(" ", r"\s+"), replacement, text)
    return text


def screen_words_in(page_html: str, banned: Sequence[str]) -> list[str]:
    """The on-screen words and phrases of ``banned`` left in a page's text (its pictures,
    style and tags aside; spaces and line breaks count as one space; case aside)."""
    text = re.sub(r"<style>.*?</style>|<svg.*?</svg>|<[^>]+>", " ", page_html, flags=re.S)
    text = " ".join(html.unescape(text).split()).lower()
    return [w for w in banned if w.lower() in text]


def page(lesson: dict[str, Any], cells: Sequence[Cell], shown: Sequence[Shown | None], lang: str,
         kind: Kind, *, screen: Sequence[tuple[str, str]] = (), banned: Sequence[str] = ()) -> str:
    """The worksheet (``kind="worksheet"``) or the answer key (``"key"``) of one lesson, as
    a complete HTML page. ``screen``: the rewrites of on-screen sentences for paper
    (:func:`for_paper`); ``banned``: on-screen words none of which may be left (ValueError)."""
    tr = translator(lang)
    heading = tr.ui("lesson.paper", "Lesson {n} · {title}", n=lesson["number"], title=lesson["title"][lang])
    which = tr.ui("lesson.paper", "Answer key") if kind == "key" else tr.ui("lesson.paper", "Worksheet")
    how_long = (lesson["time"][lang] if "time" in lesson
                else tr.ui("lesson.paper", "{n} min", n=lesson["minutes"]))  # sessions, or one stretch
    facts = tr.ui("lesson.paper", "{which} · {level} · age {age} · {time}", which=which,
                  level=lesson["level"][lang], age=lesson["age"], time=how_long)
    name, date = tr.ui("lesson.paper", "Name:"), tr.ui("lesson.paper", "Date:")
    goals = tr.ui("lesson.paper", "Objectives")
    later = tr.ui("lesson.paper", "(Your teacher will show the engine's answer to the questions above.)")
    students_write = tr.ui("lesson.paper", "The students write here: there is no single right answer.")
    body = [f"<h1>{html.escape(heading)}</h1>", f"<p><b>{html.escape(facts)}</b></p>"]
    if kind == "worksheet":
        body.append(f'<div class="who">{html.escape(name)}<span></span>{html.escape(date)}<span></span></div>')
    if kind == "key":  # the teacher's: the worksheet keeps its room for the questions
        objectives = for_paper("".join(f"<li>{html.escape(o)}</li>" for o in lesson["objectives"][lang]), screen)
        body.append(f'<div class="box"><b>{html.escape(goals)}</b><ul>{objectives}</ul></div>')
    number = 0
    for cell, result in zip(cells, shown, strict=True):
        if not cell.paper or (cell.paper == "key" and kind == "worksheet"):
            continue
        if cell.kind == "markdown":
            text = for_paper(_markdown(cell.text), screen)
            if cell.minutes and kind == "key":
                time = html.escape(tr.ui("lesson.paper", "about {n} min", n=cell.minutes))
                text = re.sub(r"(<h2>)(.*?)(</h2>)", rf'\1\2<span class="time">{time}</span>\3', text, count=1)
            body.append(text)
        elif cell.kind == "answer":
            space = _lines(3) if kind == "worksheet" else f'<div class="key">{html.escape(students_write)}</div>'
            body.append(for_paper(_markdown(cell.text), screen) + space)
        elif result is not None:
            if cell.reveals and kind == "worksheet":
                body.append(f'<p class="later"><i>{html.escape(later)}</i></p>')
                continue
            if isinstance(result.value, _Question):
                number += 1
                body.append(for_paper(_question(result.value, number, kind), screen))
                continue
            if result.printed:
                body.append(f"<pre>{html.escape(result.printed.rstrip())}</pre>")
            body.append(result.html)
    title = f"{heading} · {which}"
    out = (f'<!DOCTYPE html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
            f"<title>{html.escape(title)}</title>\n<style>{STYLE}</style>\n</head>\n<body>\n"
            + "\n".join(b for b in body if b) + "\n</body>\n</html>\n")
    left = screen_words_in(out, banned)
    if left:
        raise ValueError(f"lesson {lesson['number']} ({lang}, {kind}) still says on paper: {', '.join(left)}")
    return out
