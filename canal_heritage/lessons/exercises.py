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

import html
import math
import re
import unicodedata
from collections.abc import Sequence
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


def _show(x: float | Fraction) -> str:
    if isinstance(x, Fraction) and x.denominator != 1:
        return f"{x.numerator}/{x.denominator}"
    f = float(x)
    return str(int(f)) if f.is_integer() else f"{f:g}"


class _Question:
    """What both kinds of question share: the language, the hint, the widget."""

    def __init__(self, lang: str, hint: str | None = None, explanation: str | None = None) -> None:
        self.tr: Translator = translator(lang)
        self.lang = self.tr.lang
        self.hint = hint
        self.explanation = explanation
        self.tries = 0

    # ---------------------------------------------------------------- checking
    def check(self, value: Any) -> Feedback:
        """The verdict on ``value``; never raises."""
        try:
            fb = self._check(value)
        except Exception:  # a checker must never show a student a traceback
            fb = Feedback("invalid", self.tr.ui("lesson.check", "I could not read that answer. Try typing it again."))
        if fb.status == "wrong":
            self.tries += 1
        return fb

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
        return Feedback("shown", msg)

    # ---------------------------------------------------------------- widget
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
        return w.VBox([w.HBox([box, check, show]), out])

    def _ipython_display_(self) -> None:  # shows the widget when the question ends a cell
        from IPython.display import display

        display(self.widget())


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
                 share: bool = False) -> None:
        super().__init__(lang, hint, explanation)
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
        text = value.strip().replace("\u202f", " ").replace("\xa0", " ")
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
                                             given=_show(x)))
        if got > goal:
            return self._wrong(tr.ui("lesson.check", "Not yet: {given} is too high.", given=_show(x)))
        return self._wrong(tr.ui("lesson.check", "Not yet: {given} is too low.", given=_show(x)))

    def answer_text(self) -> str:
        if self.share:
            return self.tr.ui("cli.percent", "{value} %", value=f"{100 * float(self.answer):.0f}")
        if isinstance(self.answer, float):
            return f"{self.answer:.2f}".rstrip("0").rstrip(".")
        return _show(self.answer)

    def _input(self) -> ipywidgets.ValueWidget:
        import ipywidgets as w

        return w.Text(placeholder=self.tr.ui("lesson.placeholder", "a number"), layout=w.Layout(width="12em"))


class ChoiceQuestion(_Question):
    """A question answered by picking one of ``choices`` (names of players, sites…).

    ``answer`` is one of ``choices``. A student may type the choice in any case, with or
    without accents, or give its number in the list (from 1).
    """

    def __init__(self, lang: str, choices: Sequence[str], answer: str, hint: str | None = None, *,
                 explanation: str | None = None) -> None:
        super().__init__(lang, hint, explanation)
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

    def _input(self) -> ipywidgets.ValueWidget:
        import ipywidgets as w

        return w.Dropdown(options=[("—", "")] + [(c, c) for c in self.choices], value="",
                          layout=w.Layout(width="16em"))


def _given(value: Any) -> str:
    text = value if isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:39] + "…"
