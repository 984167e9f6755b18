"""How a class did in the lessons, question by question: read by the teacher's page and by the
teacher's notebook alike, from the lesson records of :meth:`Store.lesson_records`."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .records import LessonRecord

__all__ = ["QuestionStats", "question_stats"]


def _clean(text: Any) -> str:
    return " ".join(text.split()) if isinstance(text, str) else ""


@dataclass(frozen=True)
class QuestionStats:
    """How a class did on one question.

    ``question`` is the question's short prompt as the student's notebook gave it (empty for a
    record kept before prompts were); ``key`` the notebook cell that asked it."""

    key: str
    lesson: int
    question: str
    answer: str
    students: int
    right_first: int
    right: int
    shown: int
    wrong_answers: tuple[tuple[str, int], ...]


def question_stats(records: Sequence[LessonRecord]) -> list[QuestionStats]:
    """Per question (in lesson order): how many students answered, how many were right at the
    first try and in the end, how many asked for the answer, and the commonest wrong answers."""
    by_question: dict[tuple[int, str], list[LessonRecord]] = defaultdict(list)
    for r in records:
        if r.kind == "answer":
            by_question[(r.lesson, r.key)].append(r)
    out = []
    for (lesson, key), rows in sorted(by_question.items()):
        by_student: dict[str, list[LessonRecord]] = defaultdict(list)
        for r in rows:
            by_student[r.nickname].append(r)
        tried = {n: [r for r in rs if r.payload.get("status") in ("right", "wrong")] for n, rs in by_student.items()}
        right_first = sum(1 for rs in tried.values() if rs and rs[0].payload.get("status") == "right")
        right = sum(1 for rs in tried.values() if any(r.payload.get("status") == "right" for r in rs))
        shown = sum(1 for rs in by_student.values() if any(r.payload.get("status") == "shown" for r in rs))
        wrong = Counter(_clean(r.payload.get("given", "")) for r in rows if r.payload.get("status") == "wrong")
        prompts = [str(r.payload.get("question") or "") for r in rows]
        prompt = next((q for q in reversed(prompts) if q), "")
        last = rows[-1].payload
        out.append(QuestionStats(key, lesson, prompt, str(last.get("answer", "")),
                                 len(by_student), right_first, right, shown, tuple(wrong.most_common(3))))
    return out
