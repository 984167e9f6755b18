"""The lessons' part of a class's results on the teacher's page: what the class answered in
the lesson notebooks (``canal-heritage lessons``), read from the same class store as the games.

For each lesson, one row per question: its short prompt (the words the student's notebook
asked it in), how many students answered, how many were right at the first try and in the
end, how many asked for the answer, and the commonest wrong answers. Every text typed by a
student is shown as text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...store.lesson_stats import QuestionStats
from ..theme import text


def lesson_tables(tr: Any, stats: Sequence[QuestionStats]) -> str:
    """The markup of a class's lesson results (``stats``: per question, in lesson order), one
    table per lesson; "" when the class answered nothing in the lessons."""
    if not stats:
        return ""
    heads = (tr.ui("teacher.lesson_question", "Question"), tr.ui("teacher.lesson_students", "Students"),
             tr.ui("teacher.lesson_first", "Right at the first try"), tr.ui("teacher.lesson_right", "Right in the end"),
             tr.ui("teacher.lesson_shown", "Asked for the answer"),
             tr.ui("teacher.lesson_wrong", "Commonest wrong answers"))
    parts = ["<h4 style='margin:0.6em 0 0.2em'>" + text(tr.ui("teacher.lessons", "Lessons")) + "</h4>"]
    by_lesson: dict[int, list[QuestionStats]] = {}
    for s in stats:
        by_lesson.setdefault(s.lesson, []).append(s)
    for lesson, rows in sorted(by_lesson.items()):
        body = []
        for n, s in enumerate(rows, 1):
            prompt = s.question or tr.ui("teacher.lesson_nth", "Question {n} of the lesson", n=n)
            wrong = "; ".join(tr.ui("lesson.classbook", "{given} ({n}×)", given=g or "—", n=k)
                              for g, k in s.wrong_answers)
            cells = (prompt, str(s.students), f"{s.right_first}/{s.students}", f"{s.right}/{s.students}",
                     str(s.shown), wrong or "—")
            body.append("<tr>" + "".join(f"<td data-label='{text(h)}'>{text(v)}</td>"
                                         for h, v in zip(heads, cells, strict=True)) + "</tr>")
        caption = tr.ui("teacher.lesson_n", "Lesson {n}", n=lesson)
        parts.append(f"<table class='results lesson-results lesson-{lesson}'><caption style='text-align:left;"
                     f"font-weight:600;white-space:nowrap'>{text(caption)}</caption><thead><tr>"
                     + "".join(f"<th>{text(h)}</th>" for h in heads) + f"</tr></thead><tbody>{''.join(body)}"
                     "</tbody></table>")
    return "".join(parts)
