"""The last minute of a lesson: the class's results on the projector, and on one A4 page.

When the teacher ends the lesson, every room is closed and the teacher's page (on the
projector) shows what the class did: who won each room (or who led, for a room stopped
before its end), the sites and works built most often across the class, and the rules the
class tripped on most. "Print the class summary" opens the same page alone in a new window,
laid out for one A4 sheet, and asks the browser to print it.

What a room ended with is read from the room itself, just before it closes
(:func:`canal_heritage.rooms.overview.room_end`): a room stopped mid-game has no result in the
store, but its standing is worth showing.
"""

from __future__ import annotations

import io
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import panel as pn
import param
from panel.custom import JSComponent

from ... import games
from ...rooms.overview import RoomEnd
from ..theme import CANAL, INK, MUTED, PAPER, SURFACE, button, html, text


def slug(label: str) -> str:
    """A class's name as a file name's part (``results-class-5b.csv``)."""
    keep = "".join(c if c.isalnum() else "-" for c in label.lower()).strip("-")
    return keep[:40] or "class"


def built_most(ends: Sequence[RoomEnd], most: int = 5) -> list[tuple[str, int]]:
    """What was built in the most rooms (a place counted once per room), most often first."""
    counts: Counter[str] = Counter()
    for end in ends:
        counts.update(set(end.built))
    return sorted(counts.items(), key=lambda kv: (-kv[1], kv[0]))[:most]


SUMMARY_CSS = f"""
.lesson-end {{ color: {INK}; font-family: system-ui, sans-serif; }}
.lesson-end h1 {{ font-size: 1.7em; margin: 0.2em 0 0.3em; }}
.lesson-end h2 {{ font-size: 1.25em; margin: 0.8em 0 0.3em; }}
.lesson-end table {{ border-collapse: collapse; width: 100%; }}
.lesson-end th, .lesson-end td {{ border: 0.06em solid {MUTED}; padding: 0.3em 0.6em; text-align: left;
  vertical-align: top; }}
.lesson-end th {{ background: {SURFACE}; }}
.lesson-end .code {{ font-family: ui-monospace, "DejaVu Sans Mono", monospace; letter-spacing: 0.1em; }}
.lesson-end .stopped {{ color: {MUTED}; }}
.lesson-end ol {{ margin: 0.2em 0; padding-left: 1.4em; }}
.lesson-end li {{ margin: 0.15em 0; }}
.lesson-end .columns {{ display: flex; flex-wrap: wrap; gap: 0 2.5em; }}
.lesson-end .columns > section {{ flex: 1 1 18em; min-width: 0; }}
"""

#: The page printed alone: one A4 sheet, in the summary's own type.
PRINT_PAGE = """<!doctype html><html lang="{lang}"><head><meta charset="utf-8"><title>{title}</title>
<style>@page {{ size: A4; margin: 14mm; }} body {{ margin: 0; font-size: 11pt; background: #fff; }}
{css}
.lesson-end h1 {{ font-size: 17pt; }} .lesson-end h2 {{ font-size: 13pt; }}
</style></head><body>{body}</body></html>"""


def summary_markup(tr: Any, label: str, ends: Sequence[RoomEnd], trips: Sequence[str]) -> str:
    """The class's results in markup (every text escaped): a table of the rooms, what was built
    most and the rules tripped on most."""
    title = tr.ui("lesson_end.title", "{label}: the lesson's results", label=label)
    heads = (tr.ui("lesson_end.room", "Room"), tr.ui("lesson_end.game", "Game"),
             tr.ui("lesson_end.winner", "Won (or led)"), tr.ui("lesson_end.scores", "Points"))
    rows = []
    virtual = tr.ui("lesson_end.virtual", "the virtual player")
    for end in ends:
        game = games.kind(end.game).title_in(tr.ui)
        names = [n or virtual for n in end.names]
        level = "" if end.finished else tr.ui("lesson_end.level", "all level")
        winners = ", ".join(names[i] for i in end.winners if i < len(names)) or level or "—"
        if not end.finished:
            winners += " · " + tr.ui("lesson_end.stopped", "stopped at round {n}", n=end.round)
        scores = ", ".join(f"{n}: {t}" for n, t in zip(names, end.totals, strict=False))
        cells = (f"<td class='code'>{text(end.code)}</td>", f"<td>{text(game)}</td>",
                 f"<td{'' if end.finished else ' class=stopped'}>{text(winners)}</td>", f"<td>{text(scores)}</td>")
        rows.append("<tr>" + "".join(cells) + "</tr>")
    table = ("<table><thead><tr>" + "".join(f"<th>{text(h)}</th>" for h in heads) + "</tr></thead><tbody>"
             + "".join(rows) + "</tbody></table>") if rows else (
        "<p>" + text(tr.ui("lesson_end.no_rooms", "No room was open.")) + "</p>")
    built = built_most(ends)
    built_items = "".join(
        "<li>" + text(tr.ui_plural("lesson_end.built_in", "{place}: built in {n} room",
                                   "{place}: built in {n} rooms", n, place=place)) + "</li>" for place, n in built)
    built_part = f"<ol>{built_items}</ol>" if built else (
        "<p>" + text(tr.ui("lesson_end.nothing_built", "Nothing was built yet.")) + "</p>")
    trip_items = "".join(f"<li>{text(line)}</li>" for line in list(trips)[:3])
    trip_part = f"<ol>{trip_items}</ol>" if trips else (
        "<p>" + text(tr.ui("lesson_end.no_trips", "No move was refused by the rules.")) + "</p>")
    built_title = tr.ui("lesson_end.built", "Built most often")
    trips_title = tr.ui("lesson_end.trips", "The rules the class tripped on most")
    return (f"<article class='lesson-end'><h1>{text(title)}</h1>{table}<div class='columns'>"
            f"<section><h2>{text(built_title)}</h2>{built_part}</section>"
            f"<section><h2>{text(trips_title)}</h2>{trip_part}</section></div></article>")


def print_page(tr: Any, lang: str, label: str, body: str) -> str:
    """The summary alone, as a document laid out for one A4 sheet."""
    title = tr.ui("lesson_end.title", "{label}: the lesson's results", label=label)
    return PRINT_PAGE.format(lang=text(lang), title=text(title), css=SUMMARY_CSS, body=body)


class PrintButton(JSComponent):
    """A button that opens ``page`` (a whole document) alone in a new window and asks the
    browser to print it: the class summary on one sheet, without the teacher's page around it."""

    page = param.String(default="", doc="The document to print.")
    label = param.String(default="Print", doc="The button's words.")

    _esm = """
export function render({ model }) {
  const b = document.createElement("button");
  b.className = "print-summary";
  b.type = "button";
  const label = () => { b.textContent = model.label; };
  label();
  model.on("label", label);
  b.addEventListener("click", () => {
    const w = window.open("", "_blank");
    if (!w) { return; }
    w.document.open();
    w.document.write(model.page);
    w.document.close();
    w.focus();
    w.print();
  });
  return b;
}
"""
    _stylesheets: ClassVar[list[str]] = [f"""
button {{ font: inherit; font-size: 1em; font-weight: 600; min-height: max(2.75em, 44px); padding: 0.45em 0.9em;
  border-radius: 0.6em; background: {CANAL}; color: #fff; border: 0.12em solid #123c59; cursor: pointer; }}
button:focus-visible {{ outline: 0.2em solid {INK}; outline-offset: 0.15em; }}
:host {{ background: {PAPER}; }}
"""]


def lesson_end_page(tr: Any, lang: str, store: Any, ends: Sequence[RoomEnd], classes: set[int], label: str,
                    trips: Sequence[str], *, on_back: Callable[[Any], Any]) -> pn.Column:
    """The class's results for the projector (:func:`summary_markup`), with "Print the class
    summary" (one A4 sheet), the CSV of these classes (``store``'s) and ``on_back``."""
    label = label or tr.ui("lesson_end.the_class", "The class")
    body = summary_markup(tr, label, ends, trips)
    printer = PrintButton(page=print_page(tr, lang, label, body),
                          label=tr.ui("lesson_end.print", "Print the class summary (one page)"),
                          css_classes=["print-summary"], margin=(5, 10))
    only = next(iter(classes)) if len(classes) == 1 else None
    download = pn.widgets.FileDownload(
        callback=lambda: io.StringIO(store.export_csv(only)), filename=f"results-{slug(label)}.csv",
        label=tr.ui("teacher.download", "Download the results (CSV)"), color="primary",
        css_classes=["download-lesson"], stylesheets=[".bk-btn { min-height: 2.75em; font-size: 1em; }"])
    back = button(tr.ui("lesson_end.back", "Back to the teacher’s page"), on_back, name="lesson-back")
    return pn.Column(html(body, stylesheets=[SUMMARY_CSS], sizing_mode="stretch_width", margin=0),
                     pn.Row(printer, download, back, styles={"flex-wrap": "wrap"}, margin=(8, 0)),
                     sizing_mode="stretch_width", margin=(4, 16), css_classes=["lesson-end-page"])
