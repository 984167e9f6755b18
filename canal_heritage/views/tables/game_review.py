"""“Where did the game turn?” on the end screen (issue 29): a seat's game review
(:mod:`canal_heritage.review`), computed in the bots' worker processes while a progress bar
fills, then drawn: the headline, a line of the seat's expected lead after each of its
decisions with the turning points marked, and each turning point with the two choices side by
side (what was played, what was worth more), how many points, and why.

The review only ever reads what the reviewed seat could see; the component is built once per
end screen, and a review once made is kept for the page (the same game, the same seat).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable, Sequence
from typing import Any

import panel as pn

from ...review import Judged, Review, ReviewText, observations_at, review_in_workers, say
from ..theme import ACCENT, CANAL, MUTED, PLANE, SURFACE, button, html, text

log = logging.getLogger(__name__)

REVIEW_CSS = """
:host { display: block; width: 100%; }
.review { background: #fffdf7; border: 0.08em solid #d9c9a8; border-radius: 0.8em; padding: 0.6em 0.9em;
  max-width: 48em; }
.review h3 { margin: 0.1em 0 0.4em; font-size: 1.25em; }
.review .turns { display: flex; flex-direction: column; gap: 0.6em; margin: 0.6em 0; padding: 0; list-style: none; }
.review .turn { border-left: 0.35em solid #b5541c; padding: 0.3em 0.6em; background: #fbf6ea;
  border-radius: 0 0.6em 0.6em 0; }
.review .turn.best { border-left-color: #3d6b35; }
.review .turn h4 { margin: 0 0 0.3em; font-size: 1.05em; display: flex; gap: 0.5em; align-items: center; }
.review .mark { display: inline-flex; align-items: center; justify-content: center; width: 1.6em; height: 1.6em;
  border-radius: 50%; background: #b5541c; color: #fff; font-weight: 700; flex: none; }
.review .best .mark { background: #3d6b35; border-radius: 0.2em; }
.review .pair { display: grid; grid-template-columns: 1fr 1fr; gap: 0.5em; margin: 0.2em 0 0.4em; }
.review .choice { background: #fffdf7; border: 0.08em solid #d9c9a8; border-radius: 0.5em; padding: 0.3em 0.5em; }
.review .choice .label { display: block; font-size: 0.85em; color: #4f5d68; font-weight: 600; }
.review .choice.better { border: 0.14em solid #3d6b35; }
.review .points { font-weight: 700; margin: 0.2em 0; }
.review .why, .review .small { color: #4f5d68; font-size: 0.9em; margin: 0.2em 0; }
.review svg { width: 100%; height: auto; max-height: 14em; display: block; }
.review .then { margin: 0.2em 0 0.4em; }
.review .then .sites { display: flex; flex-wrap: wrap; gap: 0.2em; }
.review .then .site { display: inline-block; border-radius: 0.4em; padding: 0.1em; line-height: 0; }
.review .then .site.now { outline: 0.2em solid #b5541c; }
.review .then svg { width: auto; max-height: none; display: inline-block; }
.review .then .hand { display: flex; flex-wrap: wrap; align-items: center; gap: 0.25em; margin-top: 0.25em; }
.review .then .label { font-size: 0.85em; color: #4f5d68; font-weight: 600; margin-right: 0.3em; }
.review .then .coins { margin-left: 0.5em; font-weight: 600; }
.review .then .board svg { width: 100%; height: auto; max-width: 46em; display: block; }
.review .then .owners { display: flex; flex-wrap: wrap; gap: 0.3em 1em; }
.review .then .owner { display: inline-flex; align-items: center; gap: 0.4em; }
.review .then .who { display: inline-flex; align-items: center; gap: 0.3em; }
.review svg.narrow { display: none; }
@media (max-width: 599px) { .review .pair { grid-template-columns: 1fr; }
  .review svg.wide { display: none; } .review svg.narrow { display: block; } }
"""


def curve_svg(review: Review, label: str, axis: str, rounds: str = "", width: int = 600) -> str:
    """The seat's expected lead after each of its decisions (a line), zero marked, the turning
    points as numbered circles and the best move as a square, each round's number under its
    first decision: a picture with a text label. ``width``: the drawing's width in its own
    units (a narrow one keeps the marks large on a phone)."""
    values = [d.played_value for d in review.decisions]
    if not values:
        return ""
    w, h, pad, foot = width, 200, 28, 42 if rounds else 22
    top, bottom = max(1.0, *values), min(-1.0, *values)
    n = len(values)

    def x(i: int) -> float:
        return pad + (w - 2 * pad) * (i / max(1, n - 1))

    def y(v: float) -> float:
        return pad / 2 + (h - pad) * (top - v) / (top - bottom)

    points = " ".join(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(values))
    marks = []
    order = {d.index: i for i, d in enumerate(review.decisions)}
    for k, d in enumerate(review.turning_points, 1):
        i = order[d.index]
        marks.append(f"<circle cx='{x(i):.1f}' cy='{y(d.played_value):.1f}' r='11' fill='{ACCENT}' stroke='{SURFACE}' "
                     f"stroke-width='2'/><text x='{x(i):.1f}' y='{y(d.played_value) + 5:.1f}' text-anchor='middle' "
                     f"font-size='14' font-weight='700' fill='#fff'>{k}</text>")
    best = review.best_move
    if best is not None:
        i = order[best.index]
        marks.append(f"<rect x='{x(i) - 9:.1f}' y='{y(best.played_value) - 9:.1f}' width='18' height='18' rx='3' "
                     f"fill='{PLANE}' stroke='{SURFACE}' stroke-width='2'/>")
    ticks, last = [], -100.0
    for i, d in enumerate(review.decisions):
        if (i == 0 or d.round != review.decisions[i - 1].round) and x(i) - last >= 24:
            last = x(i)
            ticks.append(f"<text x='{x(i):.1f}' y='{h + 16}' text-anchor='middle' font-size='13' "
                         f"fill='{MUTED}'>{d.round}</text>")
    if ticks and rounds:
        ticks.append(f"<text x='{w / 2:.0f}' y='{h + foot - 4}' text-anchor='middle' font-size='13' "
                     f"font-style='italic' fill='{MUTED}'>{text(rounds)}</text>")
    zero = y(0.0)
    return (f"<svg viewBox='0 0 {w} {h + foot}' role='img' aria-label='{text(label)}'>"
            f"<line x1='{pad}' x2='{w - pad}' y1='{zero:.1f}' y2='{zero:.1f}' stroke='{MUTED}' stroke-dasharray='4 4'/>"
            f"<text x='{pad}' y='{zero - 5:.1f}' font-size='13' fill='{MUTED}'>{text(axis)}</text>"
            f"<polyline points='{points}' fill='none' stroke='{CANAL}' stroke-width='3' stroke-linejoin='round'/>"
            f"{''.join(marks)}{''.join(ticks)}</svg>")


def review_markup(review: Review, words: ReviewText, tr: Any, pictures: dict[int, str] | None = None) -> str:
    """The review drawn (trusted markup, every text escaped); ``pictures``: the table as the
    seat saw it at a decision (its index → trusted markup), drawn under that decision's round."""
    pictures = pictures or {}

    def turn(d: Judged, said: Any, mark: str, best: bool) -> str:
        played_label = text(tr.ui("review.you_played", "You played"))
        other_label = text(tr.ui("review.the_other", "The other choice"))
        better = (" better", "") if best else ("", " better")
        return (f"<li class='turn{' best' if best else ''}'><h4><span class='mark' aria-hidden='true'>{mark}</span>"
                f"{text(said.round)}</h4>{pictures.get(d.index, '')}<div class='pair'>"
                f"<div class='choice{better[0]}'><span class='label'>{played_label}</span>{text(said.played)}</div>"
                f"<div class='choice{better[1]}'><span class='label'>{other_label}</span>{text(said.other)}</div>"
                f"</div><p class='points'>{text(said.points)}</p>"
                + (f"<p class='why'>{text(said.why)}</p>" if said.why else "") + "</li>")

    curve = (tr.ui("review.curve", "Your expected lead after each of your decisions"), tr.ui("review.even", "even"),
             tr.ui("review.rounds", "rounds"))
    # two drawings of the curve: the wide one, and a narrow one for phones (its marks stay large)
    parts = [f"<h3>{text(words.headline)}</h3>",
             curve_svg(review, *curve).replace("<svg ", "<svg class='wide' ", 1),
             curve_svg(review, *curve, width=300).replace("<svg ", "<svg class='narrow' ", 1)]
    items = [turn(d, said, str(k), False)
             for k, (d, said) in enumerate(zip(review.turning_points, words.turning_points, strict=True), 1)]
    if review.best_move is not None and words.best_move is not None:
        title = text(tr.ui("review.best_move", "Your best move"))
        items.append(turn(review.best_move, words.best_move, "★", True).replace(
            "<h4>", f"<h4 aria-label='{title}'>", 1))
    if items:
        parts.append("<ol class='turns'>" + "".join(items) + "</ol>")
    parts.append(f"<p class='small'>{text(words.measure)} {text(words.weighed)}</p>")
    return "<section class='review'>" + "".join(parts) + "</section>"


class GameReview(pn.viewable.Viewer):
    """The end screen's review: a button per seat that may be reviewed, then the review.

    Args:
        match: the finished match (its game, seed and first player).
        history: the game's actions, in order (the match's, read by its caller: a view reads
            observations, never the engine's state).
        seats: the seats offered (the viewer's, or the people's in hot-seat; any on the projector).
        tr: the translator of the page.
        executor: the bots' worker processes (or a callable returning them); None: threads.
        names: the seats' names.
        kept: what was already made for this game (:class:`Kept`), shared with the next part
            made for it: the end screen rebuilt in another language shows the review again at
            once, in that language; None: a record of this part's own.
        picture: draws the table as the seat saw it then, from its observation (the table's
            ``table_then``); None: no pictures.
    """

    def __init__(self, match: Any, history: Sequence[int], seats: Sequence[int], tr: Any, executor: Any = None,
                 names: Sequence[str] | None = None, kept: Kept | None = None,
                 picture: Callable[[Any], str] | None = None) -> None:
        super().__init__()
        self._game_name = match.game_name
        self._game = match.game
        self._seed, self._first = match.seed, match.first
        self._history = tuple(history)
        self._tr = tr
        self._executor = executor
        self._names = list(names) if names is not None else None
        self._kept = kept if kept is not None else Kept()
        self._reviews, self._looks = self._kept, self._kept.looks
        self._picture = picture
        buttons = []
        for seat in seats:
            label = (tr.ui("review.open", "Where did the game turn?") if len(seats) == 1 else
                     tr.ui("review.open_for", "Where did {name}'s game turn?",
                           name=self._names[seat] if self._names else str(seat + 1)))
            buttons.append(button(label, self._opener(seat), name=f"review-open review-seat-{seat}"))
        self._buttons = pn.FlexBox(*buttons, flex_wrap="wrap", gap="0.4em 0.8em", margin=0,
                                   sizing_mode="stretch_width")
        self._progress = pn.indicators.Progress(value=0, max=1, visible=False, sizing_mode="stretch_width",
                                                height=18, bar_color="primary", margin=(4, 0))
        self._status = html("", margin=0, sizing_mode="stretch_width")
        self._body = html("", stylesheets=[REVIEW_CSS], margin=(4, 0), sizing_mode="stretch_width")
        self._panel = pn.Column(self._buttons, self._progress, self._status, self._body, css_classes=["game-review"],
                                sizing_mode="stretch_width", margin=(6, 0))
        shown = self._kept.shown
        if shown is not None and shown in self._reviews and shown in seats:
            self._draw(shown, self._reviews[shown])

    @property
    def shown(self) -> int | None:
        """The seat whose review is drawn (None: none yet)."""
        return self._kept.shown

    def __panel__(self) -> pn.Column:
        return self._panel

    def _opener(self, seat: int) -> Callable[[Any], Any]:
        async def open_review(_event: Any = None) -> None:
            await self.review(seat)
        return open_review

    async def review(self, seat: int) -> Review | None:
        """Review ``seat`` (once; again at once) and draw it."""
        review = self._reviews.get(seat)
        if review is None:
            for b in self._buttons.objects:
                b.disabled = True
            self._progress.visible, self._progress.value = True, 0
            self._status.object = "<p class='small' role='status'>" + text(self._tr.ui(
                "review.working", "Weighing your decisions…")) + "</p>"
            executor = self._executor() if callable(self._executor) else self._executor
            try:
                review = await review_in_workers(executor, self._game_name, self._game, self._seed, self._first,
                                                 self._history, seat, progress=self._advance)
                if self._picture is not None:  # the table then, at each decision named (off the event loop)
                    named = [d.index for d in (*review.turning_points, review.best_move) if d is not None]
                    self._looks[seat] = await asyncio.get_running_loop().run_in_executor(
                        None, observations_at, self._game, self._seed, self._first, self._history, seat, named)
            except Exception:  # a broken worker: say so, keep the end screen
                log.exception("the game review failed")
                self._status.object = "<p role='status'>" + text(self._tr.ui(
                    "review.failed", "The review could not be made this time. Try again.")) + "</p>"
                return None
            finally:
                for b in self._buttons.objects:
                    b.disabled = False
                self._progress.visible = False
            self._reviews[seat] = review
        self._draw(seat, review)
        return review

    def _draw(self, seat: int, review: Review) -> None:
        self._status.object = ""
        pictures = {}
        if self._picture is not None:
            for index, obs in self._looks.get(seat, {}).items():
                try:
                    pictures[index] = self._picture(obs)
                except Exception:  # a picture that cannot be drawn: the review without it
                    log.exception("the table could not be drawn for the review")
        self._body.object = review_markup(review, say(review, self._tr.lang, self._names), self._tr, pictures)
        self._kept.shown = seat

    def _advance(self, done: int, total: int) -> None:
        self._progress.max = max(1, total)
        self._progress.value = done


class Kept(dict[int, Review]):
    """The reviews made for one game (seat → review), and the seat last shown: a table keeps
    one for its finished game, so that the end screen, rebuilt, shows the review again."""

    shown: int | None = None

    def __init__(self) -> None:
        super().__init__()
        #: the seat's observations at the decisions its review names (seat → index → observation)
        self.looks: dict[int, dict[int, Any]] = {}


def review_seats(match: Any, viewer: int | None) -> list[int]:
    """The seats the end screen offers to review: the viewer's; with nobody's screen in
    particular (hot-seat, the projector), every person's seat (every seat if only bots played)."""
    if viewer is not None:
        return [viewer]
    people = [p for p, s in enumerate(match.seats) if s.kind == "human"]
    return people or list(range(len(match.seats)))

