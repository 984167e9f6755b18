"""The class book: what students answer and play in the lessons, kept for their teacher.

A student (or a pair) signs in once at the top of a lesson with a nickname and the class's
name; from then on every answer checked, every game played against a bot and every simulation
run goes to the class store, the database of the classroom (:mod:`canal_heritage.store`; the
same file as ``canal-heritage serve`` unless ``--db`` or ``CANAL_HERITAGE_DB`` names another),
each answer with its question's short prompt (:func:`cell_prompt`), so that the teacher reads
the question, not a cell's id. Without signing in, nothing is kept. On a class's lessons server
(``canal-heritage lessons --lan``, :mod:`.class_server`) the pupil signs in once on its page, and
the lesson signs in by itself in the pupil's own copy.

The teacher reads it back in the teacher's notebook (:func:`report`): success per question,
the most common wrong answers, a leaderboard against the bot, and the class's simulations
pooled into one large sample.

    book = classbook.sign_in(lang, lesson=1)        # a small form: nickname and class
    book = classbook.sign_in(lang, lesson=1, nickname="Léa & Tom", class_name="5e B")
"""

from __future__ import annotations

import html
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import translator
from .common import HTMLBlock, table_html
from .exercises import CHECK_HOOKS, ChoiceQuestion, Feedback, _Question

# The store (SQLAlchemy, Alembic: about a second to import) is imported where it is first
# needed, so that a lesson's sign-in form shows at once and a lesson nobody signs in to never
# waits for it.

if TYPE_CHECKING:
    import ipywidgets

    from ..store import LessonRecord, Store
    from ..store.lesson_stats import QuestionStats

#: The class book signed in now in this kernel (one per notebook), or ``None``.
current: ClassBook | None = None


@dataclass
class ClassBook:
    """A signed-in student (or pair) of a class, in one lesson: records go to ``store``."""

    store: Store
    class_session_id: int
    class_name: str
    nickname: str
    lesson: int
    lang: str

    def record(self, kind: str, key: str, payload: dict[str, Any]) -> None:
        """Keep one record; a store that cannot be written is told once, in words."""
        from ..store import StoreError

        try:
            self.store.record_lesson(self.class_session_id, self.nickname, self.lesson, kind, key[:80], payload)
        except (StoreError, ValueError) as exc:
            print(translator(self.lang).ui("lesson.classbook", "Not kept for your teacher: {reason}",
                                           reason=str(exc)))

    def answer(self, question: _Question, given: Any, feedback: Feedback) -> None:
        key = question.cell or (question.prompt or type(question).__name__)
        prompt = question.prompt or (cell_prompt(self.lang, self.lesson, question.cell) if question.cell else "")
        given_text = "" if given is None else (given if isinstance(given, str) else repr(given))
        if isinstance(question, ChoiceQuestion) and feedback.status in ("right", "wrong"):
            given_text = question.parse(given) or given_text  # "2" or 2 picks a choice: keep its words
        self.record("answer", key, {"given": given_text.strip()[:80], "status": feedback.status,
                                    "answer": question.answer_text()[:200],
                                    "question": (prompt or "")[:300]})


#: Lesson notebooks read for their questions' prompts: (language, lesson) -> {cell id: prompt}.
_PROMPTS: dict[tuple[str, int], dict[str, str]] = {}


def _lesson_notebook(lang: str, lesson: int) -> Path | None:
    """The lesson's notebook: in the folder the kernel runs in (a pupil's copy, or the lessons'
    language folder), else the one the package came with."""
    here = Path(__file__).resolve().parent.parent
    for folder in (Path.cwd(), here.parent / "lessons" / lang, here / "lessons_files" / lang):
        for path in sorted(folder.glob(f"{lesson:02d}-*.ipynb")):
            return path
    return None


def _sentences(text: str) -> list[str]:
    """The sentences of a markdown text, without its lead (**Your turn.**), emphasis and code marks."""
    import re

    text = re.sub(r"\*\*[^*]{1,40}\.\*\*", " ", text)  # the lead: **Your turn.**
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link: its words
    text = " ".join(re.sub(r"[*_`>]", "", text).split())
    return [s.strip() for s in re.findall(r"[^.?!]+(?:[.!?]\)?(?=\s|$)|\?|$)", text) if s.strip()]


def _cut(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[:limit - 1].rstrip() + "…"


def prompts_in(markdown: str, limit: int = 200) -> list[str]:
    """The questions a lesson's text asks, each in a few words: its numbered items (each whole
    when short, else its last sentence ending in "?"), else its sentences ending in "?" (a short
    one with the sentence before it), else its first sentence; headings left out."""
    import re

    body = "\n".join(line for line in markdown.splitlines() if not line.lstrip().startswith("#"))
    items = re.split(r"(?m)^\s*\d+\.\s+", body)
    if len(items) > 1:
        out = []
        for item in items[1:]:
            whole = " ".join(_sentences(item))
            asked = [s for s in _sentences(item) if s.rstrip(")").endswith("?")]
            out.append(_cut(whole if len(whole) <= limit or not asked else asked[-1], limit))
        return out
    sentences = _sentences(body)
    asked = []
    for i, s in enumerate(sentences):
        if s.endswith("?"):
            with_before = f"{sentences[i - 1]} {s}" if i else s
            asked.append(_cut(with_before if len(s) < 50 and len(with_before) <= limit else s, limit))
    return asked or [_cut(s, limit) for s in sentences[:1]]


def cell_prompt(lang: str, lesson: int, cell: str) -> str:
    """The short prompt of the question made in notebook cell ``cell`` of ``lesson``, from the
    text just above it: the questions it asks (:func:`prompts_in`) go in order to the cells
    after it that ask them. "" when unknown."""
    import json

    if (lang, lesson) not in _PROMPTS:
        prompts: dict[str, str] = {}
        path = _lesson_notebook(lang, lesson)
        try:
            cells = json.loads(path.read_text(encoding="utf-8"))["cells"] if path is not None else []
        except (OSError, ValueError, KeyError):
            cells = []
        asked: list[str] = []
        k = 0
        for c in cells if isinstance(cells, list) else []:
            if not isinstance(c, dict):
                continue
            source = "".join(c.get("source", ""))
            if c.get("cell_type") == "markdown":
                asked, k = prompts_in(source), 0
            elif isinstance(c.get("id"), str) and asked:
                prompts[c["id"]] = asked[min(k, len(asked) - 1)]
                if "questions." in source:
                    k += 1
        _PROMPTS[(lang, lesson)] = prompts
    return _PROMPTS[(lang, lesson)].get(cell, "")


def _hook(question: _Question, given: Any, feedback: Feedback) -> None:
    if current is not None:
        current.answer(question, given, feedback)


def _clean(text: Any) -> str:
    return " ".join(text.split()) if isinstance(text, str) else ""


def _problem(lang: str, nickname: str, class_name: str) -> str | None:
    from .class_server import name_problem

    return name_problem(lang, nickname, class_name)


def open_book(lang: str, lesson: int, nickname: str, class_name: str, *, db: str | None = None) -> ClassBook:
    """Sign in without a form: the class book of ``nickname`` in ``class_name`` (created on
    first use) for ``lesson``, made current. Raises ``ValueError`` with a message for a
    nickname or class name that cannot be used, :class:`StoreError` for a store that cannot
    be opened."""
    global current
    from ..store import Store

    nickname, class_name = _clean(nickname), _clean(class_name)
    problem = _problem(lang, nickname, class_name)
    if problem:
        raise ValueError(problem)
    store = Store(db)
    cid = store.class_by_label(class_name)
    assert cid is not None  # created when missing
    book = ClassBook(store, cid, class_name, nickname, lesson, lang)
    if current is not None and current.store is not store:
        current.store.close()
    current = book
    if _hook not in CHECK_HOOKS:
        CHECK_HOOKS.append(_hook)
    return book


class SignIn:
    """The sign-in form of a lesson (nickname, class, *Start*); shows itself in a notebook.
    Given both names, it signs in at once."""

    def __init__(self, lang: str, lesson: int, nickname: str | None = None, class_name: str | None = None,
                 db: str | None = None) -> None:
        self.lang, self.lesson, self.db = lang, lesson, db
        self.tr = translator(lang)
        self.book: ClassBook | None = None
        self.message = ""
        if nickname is not None or class_name is not None:
            self.start(nickname or "", class_name or "")

    def start(self, nickname: str, class_name: str) -> bool:
        """Sign in; the message says what happened (or what to type)."""
        from ..store import StoreError

        try:
            self.book = open_book(self.lang, self.lesson, nickname, class_name, db=self.db)
        except (ValueError, StoreError) as exc:
            self.message = str(exc)
            return False
        self.message = self.tr.ui("lesson.classbook", "Signed in as {nickname}, class {name}: your answers and "
                                                      "games in this lesson are kept for your teacher.",
                                  nickname=self.book.nickname, name=self.book.class_name)
        return True

    def widget(self) -> ipywidgets.VBox:
        import ipywidgets as w

        tr = self.tr
        nick = w.Text(placeholder=tr.ui("lesson.classbook", "nickname"), layout=w.Layout(width="14em"))
        klass = w.Text(placeholder=tr.ui("lesson.classbook", "class, e.g. 5e B"), layout=w.Layout(width="12em"))
        go = w.Button(description=tr.ui("lesson.classbook", "Start"), button_style="primary",
                      layout=w.Layout(width="auto"))
        out = w.HTML(self._message_html())

        def on_go(_: Any = None) -> None:
            self.start(nick.value, klass.value)
            out.value = self._message_html()

        go.on_click(on_go)
        self._controls = (nick, klass, go, out)  # kept for tests
        return w.VBox([w.HBox([nick, klass, go]), out])

    def _message_html(self) -> str:
        if not self.message:
            return ""
        return Feedback("right" if self.book is not None else "invalid", self.message).html()

    def _repr_html_(self) -> str:
        return self._message_html()

    def _ipython_display_(self) -> None:
        from .common import display_widget

        if self.book is not None:  # signed in by the cell itself: just say so
            from IPython.display import HTML, display

            display(HTML(self._message_html()))
            return
        hint = self.tr.ui("lesson.classbook", "Nickname: ________  Class: ________")
        display_widget(self.widget(), f"<p>{html.escape(hint)}</p>")


def sign_in(lang: str, lesson: int, *, nickname: str | None = None, class_name: str | None = None,
            db: str | None = None, folder: Path | None = None) -> SignIn:
    """The first cell of a lesson: a form to give a nickname and the class's name once (or
    both given here, to sign in at once). In a pupil's own copy on a class's lessons server
    (:mod:`.class_server`), the names the pupil gave the sign-in page are read from the pupil's
    file in ``folder`` (default: the notebook's folder, where the kernel runs) and used at once."""
    if nickname is None and class_name is None:
        from .class_server import read_pupil

        pupil = read_pupil(folder if folder is not None else Path.cwd())
        if pupil is not None:
            nickname, class_name = pupil.nickname, pupil.class_name
    return SignIn(lang, lesson, nickname, class_name, db)


def record_game(key: str, payload: dict[str, Any]) -> None:
    """Keep a game played against a bot (``payload``: the scores, who won), when signed in."""
    if current is not None:
        current.record("game", key, payload)


def record_simulation(key: str, payload: dict[str, Any]) -> None:
    """Keep a simulation run (``payload``: counts that add up across runs), when signed in."""
    if current is not None:
        current.record("simulation", key, payload)


# ---------------------------------------------------------------------- the teacher's side
def question_stats(records: Sequence[LessonRecord]) -> list[QuestionStats]:
    """Per question (in lesson order): how many students answered, how many were right at the
    first try and in the end, how many asked for the answer, and the commonest wrong answers
    (:func:`canal_heritage.store.lesson_stats.question_stats`, which the teacher's page uses too)."""
    from ..store.lesson_stats import question_stats as stats

    return stats(records)


def leaderboard(records: Sequence[LessonRecord]) -> list[tuple[str, int, int, int]]:
    """Games against the bot per nickname: (nickname, games, games won, best score), best first."""
    games: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for r in records:
        if r.kind == "game":
            games[r.nickname].append(r.payload)
    rows = [(name, len(g), sum(1 for p in g if p.get("won")), max(int(p.get("score", 0)) for p in g))
            for name, g in games.items()]
    return sorted(rows, key=lambda row: (-row[2], -row[3], row[0]))


def pooled(records: Sequence[LessonRecord]) -> dict[str, dict[str, Any]]:
    """The class's simulations pooled per variant ``key``: every group's games added up into
    one large sample (``games``, ``built`` out of ``sites``, ``share``, and each group's own
    ``shares`` to compare with it). Runs with the same seed are the same games: counted once,
    so groups should each choose their own seed."""
    out: dict[str, dict[str, Any]] = {}
    seen: set[tuple[str, Any]] = set()
    for r in records:
        if r.kind != "simulation":
            continue
        p = r.payload
        if (r.key, p.get("seed")) in seen:  # the same variant and seed are the same games: counted once
            continue
        seen.add((r.key, p.get("seed")))
        pool = out.setdefault(r.key, {"games": 0, "built": 0, "sites": 0, "groups": 0, "shares": []})
        pool["games"] += int(p.get("games", 0))
        pool["built"] += int(p.get("built", 0))
        pool["sites"] += int(p.get("sites", 0))
        pool["groups"] += 1
        if p.get("sites"):
            pool["shares"].append(p["built"] / p["sites"])
    for pool in out.values():
        pool["share"] = pool["built"] / pool["sites"] if pool["sites"] else 0.0
    return out


def report(lang: str, class_name: str, *, db: str | None = None) -> HTMLBlock:
    """The teacher's view of a class: success per question, the commonest wrong answers, the
    leaderboard against the bot and the pooled simulations (HTML, in ``lang``)."""
    from ..store import Store

    tr = translator(lang)
    with Store(db) as store:
        cid = store.class_by_label(_clean(class_name), create=False) if _clean(class_name) else None
        records = store.lesson_records(cid) if cid is not None else []
    if cid is None or not records:
        text = tr.ui("lesson.classbook", "Nothing kept yet for the class “{name}”: students sign in at the top of a "
                                         "lesson with this class's name.", name=class_name)
        return HTMLBlock(f"<p><i>{html.escape(text)}</i></p>", text)
    pct = lambda a, b: tr.ui("cli.percent", "{value}%", value=f"{100 * a / b:.0f}") if b else "—"  # noqa: E731
    parts = []
    stats = question_stats(records)
    rows = [[s.lesson, s.question or tr.ui("lesson.classbook", "the question of cell {cell}", cell=s.key), s.answer,
             s.students, pct(s.right_first, s.students),
             pct(s.right, s.students), s.shown,
             "; ".join(tr.ui("lesson.classbook", "{given} ({n}×)", given=g or "—", n=n) for g, n in s.wrong_answers)]
            for s in stats]
    parts.append(table_html([tr.ui("lesson.classbook", "Lesson"), tr.ui("lesson.classbook", "Question"),
                             tr.ui("lesson.classbook", "Answer"), tr.ui("lesson.classbook", "Students"),
                             tr.ui("lesson.classbook", "Right at the first try"),
                             tr.ui("lesson.classbook", "Right in the end"),
                             tr.ui("lesson.classbook", "Asked for the answer"),
                             tr.ui("lesson.classbook", "Commonest wrong answers")], rows,
                            caption=tr.ui("lesson.classbook", "Answers")))
    board = leaderboard(records)
    if board:
        parts.append(table_html([tr.ui("lesson.classbook", "Nickname"), tr.ui("lesson.classbook", "Games"),
                                 tr.ui("lesson.classbook", "Won against the bot"),
                                 tr.ui("lesson.classbook", "Best score")], [list(r) for r in board],
                                caption=tr.ui("lesson.classbook", "Against the bot")))
    pools = pooled(records)
    if pools:
        prows = [[key, p["groups"], p["games"], pct(p["built"], p["sites"]),
                  ", ".join(tr.number(100 * s, "0") for s in p["shares"])] for key, p in sorted(pools.items())]
        parts.append(table_html([tr.ui("lesson.classbook", "Variant"), tr.ui("lesson.classbook", "Groups"),
                                 tr.ui("lesson.classbook", "Games in all"),
                                 tr.ui("lesson.classbook", "Sites built, all games together"),
                                 tr.ui("lesson.classbook", "Each group's share (%)")], prows,
                                caption=tr.ui("lesson.classbook", "The class's simulations, pooled")))
    return HTMLBlock("".join(parts), f"{len(records)} records")
