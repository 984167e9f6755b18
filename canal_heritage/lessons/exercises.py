"""Exercise checkers for the lesson notebooks: friendly feedback, never a traceback.

A :class:`NumberQuestion` or :class:`ChoiceQuestion` knows its answer (computed by the
lesson from the engine, never written by hand) and a hint. :meth:`check` takes whatever a
student gives — a number, a text typed in a box, a name, nothing — and returns a
:class:`Feedback`:

* ``right``: a word of praise, and the explanation if the lesson gave one;
* ``wrong``: what was wrong about it (too high, too low) and the hint;
* ``invalid``: the answer is not of the right kind (text where a number is expected, a
  name that is not among the choices), with a clear message saying what to type;
* ``shown``: the answer itself, when the student asks for it (:meth:`reveal`).

:meth:`widget` gives the same checker as a text box (or a menu) with a *Check* button, for
students who do not write code. Every sentence comes from the ``ui`` catalog.

>>> q = NumberQuestion("en", 8, hint="Count the workers.")
>>> q.check("8").status, q.check(6).status, q.check("eight").status
('right', 'wrong', 'invalid')
"""

from __future__ import annotations

import contextlib
import html
import math
import re
import unicodedata
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Literal

from babel.lists import format_list

from ..i18n import Translator, translator

if TYPE_CHECKING:
    import ipywidgets

Status = Literal["right", "wrong", "invalid", "shown"]
#: Colours of the feedback box (background, border), readable on a projector.
STYLE = {"right": ("#e3f4e1", "#2e7d32"), "wrong": ("#fff3e0", "#e65100"), "invalid": ("#e8eef8", "#1f4e96"),
         "shown": ("#f3f3f3", "#555555")}
_NUMBER = re.compile(r"^[+-]?(\d+(\.\d*)?|\.\d+)$")


@dataclass(frozen=True)
class Feedback:
    """The verdict on one answer: ``status`` and a ``message`` in the lesson's language."""

    status: Status
    message: str

    @property
    def ok(self) -> bool:
        return self.status == "right"

    def __str__(self) -> str:
        return self.message

    def html(self) -> str:
        bg, border = STYLE[self.status]
        return (f'<div style="background:{bg};border-left:4px solid {border};padding:6px 10px;'
                f'margin:4px 0;color:#1a1a1a">{html.escape(self.message)}</div>')

    def _repr_html_(self) -> str:
        return self.html()


def _plain(text: str) -> str:
    """Lower case without accents or extra spaces, to compare names kindly."""
    decomposed = unicodedata.normalize("NFKD", text)
    return " ".join("".join(c for c in decomposed if not unicodedata.combining(c)).casefold().split())


def _show(x: float | Fraction, lang: str = "en") -> str:
    """A number as the lesson's language writes it (``0,25`` in French and Occitan, ``1/4`` kept)."""
    if isinstance(x, Fraction) and x.denominator != 1:
        return f"{x.numerator}/{x.denominator}"
    f = float(x)
    if f.is_integer():
        return str(int(f))
    return translator(lang).number(f, "#,##0.######")


#: Called with (question, what was given, the verdict) after every check: how the class book
#: (:mod:`.classbook`) keeps a class's answers. A hook that fails is ignored: a student's check
#: never fails because of it.
CHECK_HOOKS: list[Callable[[_Question, Any, Feedback], None]] = []


def notebook_cell() -> str | None:
    """The id of the notebook cell running now (JupyterLab and nbclient send it), if any."""
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        parent = kernel.get_parent() if kernel is not None else None
        cell = (parent or {}).get("metadata", {}).get("cellId")
        return cell if isinstance(cell, str) else None
    except Exception:
        return None


class _Question:
    """What every kind of question shares: the language, the hint, the widget."""

    def __init__(self, lang: str, hint: str | None = None, explanation: str | None = None,
                 prompt: str | None = None) -> None:
        self.tr: Translator = translator(lang)
        self.lang = self.tr.lang
        self.hint = hint
        self.explanation = explanation
        #: The question itself when the lesson computes it (coordinates read from the data, the
        #: items to put in order); shown above the answer box. ``None``: the lesson's text asks it.
        self.prompt = prompt
        self.tries = 0
        #: The notebook cell that made the question (its key in the class book), if known.
        self.cell = notebook_cell()

    # ---------------------------------------------------------------- checking
    def check(self, value: Any) -> Feedback:
        """The verdict on ``value``; never raises."""
        try:
            fb = self._check(value)
        except Exception:  # a checker must never show a student a traceback
            fb = Feedback("invalid", self.tr.ui("lesson.check", "I could not read that answer. Try typing it again."))
        if fb.status == "wrong":
            self.tries += 1
        self._tell_hooks(value, fb)
        return fb

    def _tell_hooks(self, value: Any, fb: Feedback) -> None:
        for hook in CHECK_HOOKS:
            with contextlib.suppress(Exception):  # the class book's trouble is not the student's
                hook(self, value, fb)

    def _check(self, value: Any) -> Feedback:  # pragma: no cover - overridden
        raise NotImplementedError

    def _right(self) -> Feedback:
        msg = self.tr.ui("lesson.check", "Right, well done!")
        if self.explanation:
            msg = self.tr.ui("lesson.check", "{praise} {explanation}", praise=msg, explanation=self.explanation)
        return Feedback("right", msg)

    def _wrong(self, what: str) -> Feedback:
        if self.hint:
            what = self.tr.ui("lesson.check", "{verdict} Hint: {hint}", verdict=what, hint=self.hint)
        return Feedback("wrong", what)

    def answer_text(self) -> str:
        """The answer in words (the *Show the answer* button)."""
        raise NotImplementedError

    def reveal(self) -> Feedback:
        msg = self.tr.ui("lesson.check", "The answer is {answer}.", answer=self.answer_text())
        if self.explanation:
            msg = self.tr.ui("lesson.check", "{praise} {explanation}", praise=msg, explanation=self.explanation)
        fb = Feedback("shown", msg)
        self._tell_hooks(None, fb)
        return fb

    # ---------------------------------------------------------------- widget
    def prompt_html(self) -> str:
        """The question's own text as HTML (empty when the lesson's text asks it)."""
        if not self.prompt:
            return ""
        return f'<div style="margin:4px 0;font-size:1.05em">{html.escape(self.prompt)}</div>'

    def _input(self) -> ipywidgets.ValueWidget:  # pragma: no cover - overridden
        raise NotImplementedError

    def widget(self) -> ipywidgets.VBox:
        """A box to answer in, a *Check* button and the feedback (ipywidgets)."""
        import ipywidgets as w

        tr = self.tr
        box = self._input()
        check = w.Button(description=tr.ui("lesson.button", "Check"), button_style="primary",
                         layout=w.Layout(width="auto"))
        show = w.Button(description=tr.ui("lesson.button", "Show the answer"), layout=w.Layout(width="auto",
                                                                                                 display="none"))
        out = w.HTML("")

        def on_check(_: Any = None) -> None:
            fb = self.check(box.value)
            out.value = fb.html()
            if self.tries >= 2:
                show.layout.display = None

        def on_show(_: Any = None) -> None:
            out.value = self.reveal().html()

        check.on_click(on_check)
        show.on_click(on_show)
        self._controls = (box, check, show, out)  # kept for tests
        above = [w.HTML(self.prompt_html())] if self.prompt else []
        return w.VBox([*above, w.HBox([box, check, show]), out])

    def static_html(self) -> str:
        """The question without its buttons: its text, the choices with boxes or room to
        answer. What paper shows, and what a notebook exported without widgets keeps."""
        return self.prompt_html() + self._answer_space()

    def _answer_space(self) -> str:
        write = self.tr.ui("lesson.paper", "Answer:")
        return f"<p>{html.escape(write)} ______________</p>"

    def _ipython_display_(self) -> None:  # shows the widget when the question ends a cell
        from .common import display_widget

        display_widget(self.widget(), self.static_html())


class NumberQuestion(_Question):
    """A question whose answer is a number.

    Args:
        lang: the lesson's language.
        answer: the right answer (from the engine).
        hint: shown after a wrong answer.
        explanation: shown after the right answer (and with *Show the answer*).
        tolerance: how far from ``answer`` still counts as right (for shares and averages).
        whole: the answer is a whole number (points, cards, cells).
        share: the answer is a share between 0 and 1: ``25 %``, ``0,25``, ``1/4`` and ``25``
            all mean a quarter.
    """

    def __init__(self, lang: str, answer: float | int | Fraction, hint: str | None = None, *,
                 explanation: str | None = None, tolerance: float = 0.0, whole: bool | None = None,
                 share: bool = False, prompt: str | None = None) -> None:
        super().__init__(lang, hint, explanation, prompt)
        self.answer = answer
        self.tolerance = tolerance
        self.whole = (isinstance(answer, int) and not share) if whole is None else whole
        self.share = share

    def parse(self, value: Any) -> float | Fraction | None:
        """The number in ``value``, or ``None`` when there is none."""
        if isinstance(value, bool) or value is None:
            return None
        if isinstance(value, (int, Fraction)):
            return value
        if isinstance(value, float):
            return value if math.isfinite(value) else None
        if hasattr(value, "__float__") and not isinstance(value, str):  # numpy numbers, Decimal
            try:
                f = float(value)
            except (TypeError, ValueError):
                return None
            return f if math.isfinite(f) else None
        if not isinstance(value, str):
            return None
        text = value.strip().replace("\u202f", " ").replace("\xa0", " ").replace("°", "")
        percent = text.endswith("%")
        if percent:
            text = text[:-1].strip()
        text = text.replace(" ", "").replace(",", ".")  # 0,25 in French
        if "/" in text:
            num, _, den = text.partition("/")
            if not (_NUMBER.match(num) and _NUMBER.match(den)) or float(den) == 0:
                return None
            x: float | Fraction = Fraction(num) / Fraction(den)
        elif _NUMBER.match(text):
            x = float(text) if "." in text else int(text)
        else:
            return None
        return x / 100 if percent else x

    def _check(self, value: Any) -> Feedback:
        tr = self.tr
        x = self.parse(value)
        if x is None:
            if isinstance(value, str) and not value.strip():
                return Feedback("invalid", tr.ui("lesson.check", "Type your answer first: a number, like 7."))
            if self.share:
                return Feedback("invalid", tr.ui("lesson.check", "Answer with a number, like 0.25, 1/4 or 25 %: "
                                                                 "“{given}” is not a number.", given=_given(value)))
            return Feedback("invalid", tr.ui("lesson.check", "Answer with a number, like 7: “{given}” is not a "
                                                             "number.", given=_given(value)))
        goal = float(self.answer)
        got = float(x)
        if self.share and got > 1 and abs(got / 100 - goal) <= self.tolerance + 1e-9:
            got = got / 100  # "25" for a quarter: a percentage without its sign
        if abs(got - goal) <= self.tolerance + 1e-9:
            return self._right()
        if self.whole and not float(x).is_integer():
            return Feedback("invalid", tr.ui("lesson.check", "The answer is a whole number: {given} is not.",
                                             given=_show(x, self.lang)))
        if got > goal:
            return self._wrong(tr.ui("lesson.check", "Not yet: {given} is too high.", given=_show(x, self.lang)))
        return self._wrong(tr.ui("lesson.check", "Not yet: {given} is too low.", given=_show(x, self.lang)))

    def answer_text(self) -> str:
        if self.share:
            return self.tr.ui("cli.percent", "{value}%", value=f"{100 * float(self.answer):.0f}")
        if isinstance(self.answer, float):
            return self.tr.number(round(self.answer, 2))
        return _show(self.answer, self.lang)

    def _input(self) -> ipywidgets.ValueWidget:
        import ipywidgets as w

        return w.Text(placeholder=self.tr.ui("lesson.placeholder", "a number"), layout=w.Layout(width="12em"))


class ChoiceQuestion(_Question):
    """A question answered by picking one of ``choices`` (names of players, sites…).

    ``answer`` is one of ``choices``. A student may type the choice in any case, with or
    without accents, or give its number in the list (from 1).
    """

    def __init__(self, lang: str, choices: Sequence[str], answer: str, hint: str | None = None, *,
                 explanation: str | None = None, prompt: str | None = None) -> None:
        super().__init__(lang, hint, explanation, prompt)
        if answer not in choices:
            raise ValueError(f"the answer {answer!r} is not among the choices {list(choices)}")
        self.choices = list(choices)
        self.answer = answer

    def parse(self, value: Any) -> str | None:
        if isinstance(value, bool) or value is None:
            return None
        if isinstance(value, int) and 1 <= value <= len(self.choices):
            return self.choices[value - 1]
        if isinstance(value, str):
            text = value.strip()
            if text.isdigit() and 1 <= int(text) <= len(self.choices):
                return self.choices[int(text) - 1]
            for c in self.choices:
                if _plain(c) == _plain(text):
                    return c
        return None

    def _check(self, value: Any) -> Feedback:
        tr = self.tr
        got = self.parse(value)
        if got is None:
            options = format_list(self.choices, style="or", locale=tr.lang)
            if isinstance(value, str) and not value.strip():
                return Feedback("invalid", tr.ui("lesson.check", "Choose an answer first: {options}.", options=options))
            return Feedback("invalid", tr.ui("lesson.check", "Answer with one of these: {options} (“{given}” is not "
                                                             "one of them).", options=options, given=_given(value)))
        if got == self.answer:
            return self._right()
        return self._wrong(tr.ui("lesson.check", "Not quite: the answer is not “{given}”.", given=got))

    def answer_text(self) -> str:
        return self.answer

    def _answer_space(self) -> str:
        items = "".join(f"<li>\u2610\u00a0{html.escape(c)}</li>" for c in self.choices)
        return f'<ul style="list-style:none;padding-left:0.4em">{items}</ul>'

    def _input(self) -> ipywidgets.ValueWidget:
        import ipywidgets as w

        return w.Dropdown(options=[("—", "")] + [(c, c) for c in self.choices], value="",
                          layout=w.Layout(width="16em"))


_RANGE = re.compile(r"^(\d+)\s*[-–]\s*(\d+)$")


class NumbersQuestion(_Question):
    """A question answered by several whole numbers, in any order (the cells of a section).

    A student may type them separated by spaces or commas (``4 5 6``, ``4,5,6``), give a
    run as ``4-6``, or pass a list or a set. A wrong answer says whether numbers are missing
    or some do not belong.

    >>> q = NumbersQuestion("en", {4, 5, 6})
    >>> q.check("6 5 4").status, q.check("4-6").status, q.check("4 5").status, q.check("four").status
    ('right', 'right', 'wrong', 'invalid')
    """

    def __init__(self, lang: str, answer: set[int] | frozenset[int], hint: str | None = None, *,
                 explanation: str | None = None, prompt: str | None = None) -> None:
        super().__init__(lang, hint, explanation, prompt)
        if not answer:
            raise ValueError("a numbers question needs at least one number in its answer")
        self.answer = frozenset(answer)

    def parse(self, value: Any) -> frozenset[int] | None:
        if isinstance(value, (list, tuple, set, frozenset)):
            if value and all(isinstance(v, int) and not isinstance(v, bool) for v in value):
                return frozenset(value)
            return None
        if isinstance(value, bool) or not isinstance(value, (str, int)):
            return None
        if isinstance(value, int):
            return frozenset({value})
        got: set[int] = set()
        for part in re.split(r"[\s,;]+", re.sub(r"\s*[-–]\s*", "-", value.strip())):
            part = part.strip()
            if not part:
                continue
            if part.isdigit() and len(part) <= 4:
                got.add(int(part))
            elif (m := _RANGE.match(part)) and int(m.group(1)) <= int(m.group(2)) <= int(m.group(1)) + 100:
                got.update(range(int(m.group(1)), int(m.group(2)) + 1))
            else:
                return None
        return frozenset(got) or None

    def _check(self, value: Any) -> Feedback:
        tr = self.tr
        got = self.parse(value)
        if got is None:
            if value is None or (isinstance(value, str) and not value.strip()):
                return Feedback("invalid", tr.ui("lesson.check", "Type the numbers first, like 1 2 3."))
            return Feedback("invalid", tr.ui("lesson.check", "Answer with whole numbers separated by spaces, like "
                                                             "1 2 3 (“{given}” is not).", given=_given(value)))
        if got == self.answer:
            return self._right()
        if got < self.answer:
            return self._wrong(tr.ui("lesson.check", "Not yet: some numbers are missing."))
        if got > self.answer:
            return self._wrong(tr.ui("lesson.check", "Not yet: some of these numbers do not belong."))
        return self._wrong(tr.ui("lesson.check", "Not quite: some numbers are missing and some do not belong."))

    def answer_text(self) -> str:
        return " ".join(str(n) for n in sorted(self.answer))

    def _input(self) -> ipywidgets.ValueWidget:
        import ipywidgets as w

        return w.Text(placeholder=self.tr.ui("lesson.placeholder", "numbers, like 1 2 3"),
                      layout=w.Layout(width="12em"))


LETTERS = "ABCDEFGHJK"
_SEPARATORS = re.compile(r"[\s,;/>\-–—→.]+")


class OrderQuestion(_Question):
    """A question answered by putting ``items`` in order (events on a timeline).

    The items are shown with letters, A, B, C…, in the order given (the lesson mixes them);
    the student types the letters in the right order, with or without spaces or commas
    (``C A B``, ``cab``, ``C, A, B``), or gives a list of letters or of the items themselves.
    ``answer`` is the items in the right order. A wrong order is told how many items are in
    their right place.

    >>> q = OrderQuestion("en", ["opening", "edict", "works"], ["edict", "works", "opening"])
    >>> q.check("B C A").status, q.check("abc").status, q.check("A B").status
    ('right', 'wrong', 'invalid')
    """

    def __init__(self, lang: str, items: Sequence[str], answer: Sequence[str], hint: str | None = None, *,
                 explanation: str | None = None, prompt: str | None = None) -> None:
        super().__init__(lang, hint, explanation, prompt)
        if not 2 <= len(items) <= len(LETTERS):
            raise ValueError(f"an order question needs 2 to {len(LETTERS)} items, not {len(items)}")
        if len(set(items)) != len(items) or sorted(items) != sorted(answer):
            raise ValueError(f"the answer {list(answer)} is not an order of the items {list(items)}")
        self.items = list(items)
        self.answer = list(answer)
        self.letters = LETTERS[:len(items)]

    def letter(self, item: str) -> str:
        return self.letters[self.items.index(item)]

    def parse(self, value: Any) -> list[str] | None:
        """The items in the order ``value`` gives, or ``None`` when it is not an order of all of them."""
        if isinstance(value, str):
            text = _SEPARATORS.sub("", value).upper()
            if len(text) != len(self.items) or set(text) != set(self.letters):
                return None
            return [self.items[self.letters.index(c)] for c in text]
        if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
            if all(v.strip().upper() in self.letters and len(v.strip()) == 1 for v in value):
                return self.parse("".join(value))
            plain = {_plain(i): i for i in self.items}
            got = [plain.get(_plain(v)) for v in value]
            if None in got or len(set(got)) != len(self.items) or len(got) != len(self.items):
                return None
            return [g for g in got if g is not None]
        return None

    def _check(self, value: Any) -> Feedback:
        tr = self.tr
        got = self.parse(value)
        if got is None:
            example = " ".join(reversed(self.letters))
            if value is None or (isinstance(value, str) and not value.strip()):
                return Feedback("invalid", tr.ui("lesson.check", "Type the letters in order, like {example}.",
                                                 example=example))
            return Feedback("invalid", tr.ui("lesson.check", "Use each letter once, in the order you choose, like "
                                                             "{example} (“{given}” is not).", example=example,
                                             given=_given(value)))
        if got == self.answer:
            return self._right()
        placed = sum(g == a for g, a in zip(got, self.answer, strict=True))
        return self._wrong(tr.ui_plural("lesson.check", "Not yet: {n} of {total} is in its right place.",
                                        "Not yet: {n} of {total} are in their right place.", placed,
                                        total=len(self.items)))

    def answer_text(self) -> str:
        return " ".join(self.letter(i) for i in self.answer)

    def _answer_space(self) -> str:
        in_order = self.tr.ui("lesson.paper", "Letters in order:")
        return f"<p>{html.escape(in_order)} {'&nbsp;____' * len(self.items)}</p>"

    def prompt_html(self) -> str:
        rows = "".join(f"<li><b>{c}</b> · {html.escape(i)}</li>" for c, i in zip(self.letters, self.items, strict=True))
        return super().prompt_html() + f'<ul style="list-style:none;margin:4px 0;padding-left:0.5em">{rows}</ul>'

    def widget(self) -> ipywidgets.VBox:
        import ipywidgets as w

        box = super().widget()
        if not self.prompt:  # the items are the question: show them even without a prompt
            box.children = (w.HTML(self.prompt_html()), *box.children)
        return box

    def _input(self) -> ipywidgets.ValueWidget:
        import ipywidgets as w

        return w.Text(placeholder=self.tr.ui("lesson.placeholder", "letters, like {example}",
                                             example=" ".join(reversed(self.letters))),
                      layout=w.Layout(width="14em"))


def _given(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
