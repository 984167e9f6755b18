"""“How to play”: one screen per game, in plain words with pictures.

Each page says the goal, what happens in a round (or a turn) and how you score, then
introduces every word of the game once, with its picture: the table's own drawings
(:mod:`.art`: cards, pawns, coins) for the Canal du Midi, the seats' colours and shapes
(:mod:`canal_heritage.look`) for Arriala. Every number comes from the rules data
(``data/midi/rules.json``, ``data/arriala/rules.json`` and the Arriala board), never typed here.

:func:`how_to_play` gives the page's content (tests read it); :class:`HowToPlay` shows it with
a "Back to the game" button, and :func:`how_to_play_button` opens it from a set-up page.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from typing import Any

import panel as pn

from ...arriala.data import load_arriala_data
from ...i18n import Translator, translator
from ...look import ARRIALA_SEATS
from ...midi.data import load_midi_data
from ...midi.narration import Narrator as MidiNarrator
from ...midi.state import SiteStatus
from .. import art
from ..modal import KeepFocusIn
from ..theme import BUTTON_CSS, CANAL, INK, button, html, text

#: A game: "midi" or "arriala".
Game = str

#: The page's look: two columns when there is room, one on a portrait tablet.
HOW_CSS = f"""
.how-to-play {{ font-size: 1.05em; line-height: 1.4; color: {INK}; max-width: 76em; }}
.how-to-play h2 {{ margin: 0.1em 0 0.3em; font-size: 1.6em; }}
.how-to-play h3 {{ margin: 0.6em 0 0.2em; font-size: 1.2em; color: {CANAL}; }}
.how-to-play .how-cols {{ display: grid; grid-template-columns: minmax(18em, 1fr) minmax(20em, 1.15fr); gap: 1.2em; }}
@media (max-width: 900px) {{ .how-to-play .how-cols {{ grid-template-columns: 1fr; }} }}
.how-to-play ol, .how-to-play ul {{ margin: 0.2em 0; padding-left: 1.4em; }}
.how-to-play li {{ margin: 0.15em 0; }}
.how-to-play .words {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(15em, 1fr)); gap: 0.5em;
  margin: 0; padding: 0; list-style: none; }}
.how-to-play .word {{ display: flex; gap: 0.6em; align-items: center; background: #fffdf7;
  border: 0.08em solid #cdbd95; border-radius: 0.6em; padding: 0.35em 0.5em; }}
.how-to-play .word .pic {{ flex: none; width: 5.4em; display: flex; justify-content: center; align-items: center;
  gap: 0.2em; }}
.how-to-play .word .pic svg {{ max-width: 5.4em; height: auto; }}
.how-to-play .word > span:last-child {{ font-size: 0.95em; }}
.how-to-play .word dfn {{ font-style: normal; font-weight: 700; display: block; }}
"""


@dataclass(frozen=True)
class Word:
    """A word of the game: its ``id``, its name in the page's language, its ``picture`` (an
    SVG drawing with an accessible name) and one plain sentence."""

    id: str
    name: str
    picture: str
    text: str


@dataclass(frozen=True)
class Page:
    """One game's "How to play": title, goal, the steps of a round or turn, how you score, and
    the game's words."""

    game: Game
    title: str
    goal: str
    turn_heading: str
    turn: tuple[str, ...]
    scoring: tuple[str, ...]
    words: tuple[Word, ...]
    #: the turn's steps come in this order (a Canal du Midi round), or in any order (Arriala's
    #: actions): a numbered or a bulleted list
    ordered: bool = False


#: The words each page introduces (tests check each has its picture).
MIDI_WORDS = ("worker_card", "bet", "site", "pawn", "coin", "reinforcement", "tent_trade", "delayed", "points")
ARRIALA_WORDS = ("action_points", "worker", "cell", "section", "majority", "vineyard", "engineering_work")


# ---------------------------------------------------------------------- small pictures of our own
def _svg(body: str, label: str, w: int = 64, h: int = 64, viewbox: str = "0 0 100 100") -> str:
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="{viewbox}" width="{w}" height="{h}" role="img" '
            f'aria-label="{escape(label, quote=True)}"><title>{escape(label)}</title>{body}</svg>')


def _shape(shape: str, colour: str, cx: float, cy: float, r: float) -> str:
    """A worker of Arriala: its seat's shape in its seat's colour (a shape, so colour never stands alone)."""
    stroke = f'stroke="{INK}" stroke-width="{r * 0.18:.1f}" stroke-linejoin="round"'
    if shape == "circle":
        return f'<circle cx="{cx}" cy="{cy}" r="{r}" fill="{colour}" {stroke}/>'
    if shape == "square":
        return (f'<rect x="{cx - r * .85}" y="{cy - r * .85}" width="{r * 1.7}" height="{r * 1.7}" '
                f'fill="{colour}" {stroke}/>')
    if shape == "triangle":
        pts = f"{cx},{cy - r} {cx + r},{cy + r * .8} {cx - r},{cy + r * .8}"
        return f'<polygon points="{pts}" fill="{colour}" {stroke}/>'
    pts = f"{cx},{cy - r} {cx + r},{cy} {cx},{cy + r} {cx - r},{cy}"  # diamond
    return f'<polygon points="{pts}" fill="{colour}" {stroke}/>'


def _cells(n: int, workers: dict[int, int], *, towns: bool = True, width: int = 150) -> str:
    """A row of ``n`` canal cells (between two towns), ``workers`` ({cell: seat}) on them."""
    left = 18 if towns else 0
    w = 24 * n + 2 * left
    body = [f'<rect x="0" y="6" width="{w}" height="28" fill="#9cc8e2"/>']
    if towns:
        town = f'y="1" width="15" height="38" rx="3" fill="#c62d2d" stroke="{INK}" stroke-width="2"'
        body += [f'<rect x="1" {town}/>', f'<rect x="{w - 16}" {town}/>']
    for i in range(n):
        x = left + 24 * i
        body.append(f'<rect x="{x + 1}" y="8" width="22" height="24" fill="#fbf6ea" stroke="{INK}" '
                    f'stroke-width="1.5"/>')
        if i in workers:
            colour, shape = ARRIALA_SEATS[workers[i]]
            body.append(_shape(shape, colour, x + 12, 20, 8.5))
    return _svg("".join(body), "", width, round(width * 40 / w), f"0 0 {w} 40")


def _labelled(svg: str, label: str) -> str:
    """``svg`` with its accessible name and title set to ``label``."""
    safe = escape(label, quote=True)
    svg = svg.replace('aria-label=""', f'aria-label="{safe}"', 1)
    return svg.replace("<title></title>", f"<title>{escape(label)}</title>", 1)


def _ap(n: int, label: str) -> str:
    """``n`` action points: gold tokens, three on top and the rest below."""
    top = (n + 1) // 2
    discs = "".join(f'<circle cx="{50 + 26 * (i - (top - 1) / 2):.1f}" cy="30" r="12" fill="#e7b416" stroke="{INK}" '
                    f'stroke-width="2.5"/>' for i in range(top))
    discs += "".join(f'<circle cx="{50 + 26 * (i - (n - top - 1) / 2):.1f}" cy="58" r="12" fill="#e7b416" '
                     f'stroke="{INK}" stroke-width="2.5"/>' for i in range(n - top))
    return _svg(discs + f'<text x="50" y="95" font-size="22" font-weight="800" text-anchor="middle" fill="{INK}" '
                        f'font-family="system-ui, sans-serif">{n} AP</text>', label)


def _vineyard(label: str) -> str:
    grapes = "".join(f'<circle cx="{cx}" cy="{cy}" r="9" fill="#6b3fa0" stroke="{INK}" stroke-width="1.5"/>'
                     for cx, cy in ((38, 40), (56, 40), (74, 40), (47, 56), (65, 56), (56, 72)))
    leaf = ('<path d="M56 30 C 50 14, 70 10, 78 18 C 70 20, 62 24, 56 30 Z" fill="#5b7d3b" stroke="#2a2118" '
            'stroke-width="1.5"/>')
    return _svg('<rect x="6" y="6" width="88" height="88" rx="10" fill="#dfe9c8" stroke="#5b7d3b" stroke-width="3"/>'
                + leaf + grapes, label)


def _work(label: str) -> str:
    """An engineering work: a canal bridge (a water channel on arches)."""
    arches = "".join(f'<path d="M{x} 86 V62 A10 10 0 0 1 {x + 20} 62 V86" fill="none" stroke="{INK}" stroke-width="3"/>'
                     for x in (10, 40, 70))
    return _svg('<rect x="4" y="40" width="92" height="14" fill="#1f5f8b"/>'
                '<rect x="4" y="54" width="92" height="8" fill="#d6c39a" stroke="#2a2118" stroke-width="2"/>'
                + arches + '<rect x="0" y="86" width="100" height="8" fill="#9cc8e2"/>', label)


def _rosette(value: int, label: str) -> str:
    petals = "".join(f'<circle cx="{50 + 30 * c:.1f}" cy="{50 + 30 * s:.1f}" r="14" fill="#e7b416" stroke="#7a5a00" '
                     f'stroke-width="2"/>' for c, s in ((1, 0), (0.5, 0.87), (-0.5, 0.87), (-1, 0), (-0.5, -0.87),
                                                       (0.5, -0.87)))
    return _svg(petals + '<circle cx="50" cy="50" r="28" fill="#e7b416" stroke="#7a5a00" stroke-width="3"/>'
                f'<text x="50" y="62" font-size="34" font-weight="800" text-anchor="middle" fill="#4e3a00" '
                f'font-family="system-ui, sans-serif">{value}</text>', label)


# ---------------------------------------------------------------------- the pages
def midi_page(tr: Translator) -> Page:
    """The Canal du Midi's "How to play", in ``tr``'s language (numbers from ``data/midi/``)."""
    data = load_midi_data()
    r = data.rules
    n = MidiNarrator(tr, None)
    colour, shape = "#0072B2", "square"
    site = data.sites[1]
    tent_site = next((s for s in data.sites if s.tent), site)
    name = n.site_name(site.id)
    worker = n.worker(4).rsplit(" (", 1)[0]

    def card(s: Any, status: Any, **kw: Any) -> str:
        return art.site_card(s.id, n.site_name(s.id), threshold=None, value=s.value, city=s.city, tent=s.tent,
                             status=status, width=66, **kw)

    words = (
        Word("worker_card", tr.ui("how.midi.word", "Worker cards"),
             art.worker_card(4, worker, colour=colour, width=56),
             tr.ui("how.midi.worker_card", "Your team: values from {low} to {high}. You hold {hand} in your hand, "
                                           "{up} face up and {down} face down in front of you.",
                   low=min(w.value for w in data.workers), high=max(w.value for w in data.workers),
                   hand=r.hand_size, up=r.face_up, down=r.face_down)),
        Word("bet", tr.ui("how.midi.word", "Bet"),
             art.worker_card(0, "", colour=colour, state="back", width=48,
                             back_label=tr.ui("how.midi.bet_pic", "a card bet face down")),
             tr.ui("how.midi.bet", "The worker card you put on the site, face down, all at the same time.")),
        Word("site", tr.ui("how.midi.word", "Work site"),
             card(site, SiteStatus.IN_PLAY),
             tr.ui("how.midi.site", "A place on the canal to build, such as {name}. It needs enough worker points.",
                   name=name)),
        Word("pawn", tr.ui("how.midi.word", "Pawn"), art.pawn(colour, shape, 48, label=tr.ui("how.midi.pawn_pic",
                                                                                           "a pawn")),
             tr.ui("how.midi.pawn", "Marks a site you won: your colour and shape. You have {pawns}.",
                   pawns=r.pawns_per_player)),
        Word("coin", tr.ui("how.midi.word", "Riquet coin (R)"), art.coin(48),
             tr.ui("how.midi.coin", "You start with {coins}. Your pawns on every site from one town to the next "
                                    "earn one more.", coins=r.coins_per_player)),
        Word("reinforcement", tr.ui("how.midi.word", "Reinforcements"),
             art.coin(30) + art.worker_card(0, "", colour="#555", state="back", width=30,
                                            back_label=tr.ui("how.midi.discard_pic", "a card from the discard pile")),
             tr.ui("how.midi.reinforcement", "Spend a coin after the bets are shown: a random card from the discard "
                                             "pile is added to your bet.")),
        Word("tent_trade", tr.ui("how.midi.word", "Tent trade"), card(tent_site, SiteStatus.BUILT),
             tr.ui("how.midi.tent_trade", "Win a second site with a tent and you may swap a card with another "
                                          "player.")),
        Word("delayed", tr.ui("how.midi.word", "Delayed site"), card(site, SiteStatus.DELAYED),
             tr.ui("how.midi.delayed", "Not enough worker points: nobody wins it now. At the end it goes to whoever "
                                       "holds the sites on both sides.")),
        Word("points", tr.ui("how.midi.word", "Recognition points"),
             _rosette(site.value, tr.ui("how.midi.points_pic", "recognition points")),
             tr.ui("how.midi.points", "What a site is worth, in the gold rosette. The most points wins.")),
    )
    return Page(
        "midi", tr.ui("how.midi.title", "How to play Canal du Midi"),
        tr.ui("how.midi.goal", "Build the Canal du Midi from Toulouse to the sea with Riquet's engineers. Win work "
                               "sites: each is worth recognition points. After {rounds} rounds, the most points "
                               "wins.", rounds=r.rounds),
        tr.ui("how.midi.round", "A round"),
        (tr.ui("how.midi.step1", "A new work site is turned over: it needs a number of worker points."),
         tr.ui("how.midi.step2", "Fewer than {hand} cards in hand? Take one from in front of you, face up or face "
                                 "down.", hand=r.hand_size),
         tr.ui("how.midi.step3", "Everybody bets one worker card, face down, at the same time."),
         tr.ui("how.midi.step4", "The bets are shown. Anyone may spend a coin for reinforcements."),
         tr.ui("how.midi.step5", "All the cards together reach the number? The site is built and the highest card "
                                 "wins it. If not, the site is delayed.")),
        (tr.ui("how.midi.score1", "Each site you hold: its points. Shared after a tie, or won at the end as a "
                                  "delayed site: half."),
         tr.ui("how.midi.score2", "Each coin you did not spend: {points} points.", points=r.points_per_unused_coin),
         tr.ui("how.midi.score3", "Same points? The player with more sites wins.")),
        words, ordered=True)


def arriala_page(tr: Translator) -> Page:
    """Arriala's "How to play", in ``tr``'s language (numbers from ``data/arriala/``)."""
    data = load_arriala_data()
    r, board = data.rules, data.board
    c = r.costs
    red, yellow = 0, 1
    five = board.scoring_table["5"]
    vines = tr.join([f"{v.name} {v.capacity}" for v in board.vineyards])
    work = board.engineering_works[0].name
    colour, shape = ARRIALA_SEATS[red]
    words = (
        Word("action_points", tr.ui("how.arriala.word", "Action points (AP)"),
             _ap(r.action_points, tr.ui("how.arriala.ap_pic", "action points")),
             tr.ui_plural("how.arriala.action_points", "{n} a turn to spend on actions; what you do not spend is lost.",
                          "{n} a turn to spend on actions; what you do not spend is lost.", r.action_points)),
        Word("worker", tr.ui("how.arriala.word", "Worker"),
             _svg(_shape(shape, colour, 50, 52, 30), tr.ui("how.arriala.worker_pic", "a worker")),
             tr.ui("how.arriala.worker", "Your {n} pawns, in your colour and shape. Anybody may move anybody's "
                                         "worker.", n=r.workers_per_player)),
        Word("cell", tr.ui("how.arriala.word", "Cell"),
             _labelled(_cells(1, {}, towns=False, width=34), tr.ui("how.arriala.cell_pic", "a cell")),
             tr.ui("how.arriala.cell", "A square of the canal: one worker at a time. Towns hold any number.")),
        Word("section", tr.ui("how.arriala.word", "Section"),
             _labelled(_cells(4, {0: red, 2: yellow}, width=96), tr.ui("how.arriala.section_pic", "a section")),
             tr.ui("how.arriala.section", "The cells between two towns or locks. Full of workers, it scores at "
                                          "once.")),
        Word("majority", tr.ui("how.arriala.word", "Majority"),
             _labelled(_cells(3, {0: red, 1: yellow, 2: red}, width=96), tr.ui("how.arriala.majority_pic",
                                                                                "two red workers and one yellow")),
             tr.ui("how.arriala.majority", "The most workers in a section or a vineyard: that player scores. A tie "
                                           "at the top: the next one scores.")),
        Word("vineyard", tr.ui("how.arriala.word", "Vineyard"), _vineyard(tr.ui("how.arriala.vineyard_pic",
                                                                                "a vineyard")),
             tr.ui("how.arriala.vineyard", "Scores at the end for its majority: {vines} points.", vines=vines)),
        Word("engineering_work", tr.ui("how.arriala.word", "Engineering work"),
             _work(tr.ui("how.arriala.work_pic", "an engineering work: a canal bridge")),
             tr.ui("how.arriala.engineering_work", "Such as the {work}: built with a card, only by the player who is "
                                                   "last, for {points} points.", work=work,
                   points=r.points.engineering_work)),
    )
    return Page(
        "arriala", tr.ui("how.arriala.title", "How to play Arriala"),
        tr.ui("how.arriala.goal", "Dig the Canal de Garonne from Grisolles to Valence d'Agen. Put your workers on "
                                  "the canal: when a section is full, the majority scores it. The most points "
                                  "wins."),
        tr.ui("how.arriala.turn", "Your turn: {ap} action points to spend", ap=r.action_points),
        (tr.ui("how.arriala.place", "Place a worker on a free cell: {cost} AP.", cost=c.place),
         tr.ui("how.arriala.move", "Move a worker along the canal: {cost} AP a cell.", cost=c.move_cell),
         tr.ui("how.arriala.draw", "Draw a card: {cost} AP. Play a card: {play} AP.", cost=c.draw, play=c.play_card),
         tr.ui("how.arriala.to_vineyard", "Send your worker to a vineyard: {cost} AP; bring it back: {back} AP.",
               cost=c.to_vineyard, back=c.from_vineyard),
         tr.ui("how.arriala.lock", "Build a lock: {cost} AP. A river work: {river} AP.", cost=c.lock,
               river=c.river_work),
         tr.ui("how.arriala.end", "Then end your turn.")),
        (tr.ui("how.arriala.score1", "A full section: its majority scores by the number of workers in it ({five} "
                                     "points for 5).", five=five),
         tr.ui("how.arriala.score2", "A lock: {lock} point. A river work: {river} points. An engineering work: "
                                     "{work} points.", lock=r.points.lock, river=r.points.river_work,
               work=r.points.engineering_work),
         tr.ui("how.arriala.score3", "When the last section is full, the game ends and the vineyards score.")),
        words)


#: each game's "How to play" page, by the game's registered name
PAGES: dict[str, Callable[[Translator], Page]] = {"midi": midi_page, "arriala": arriala_page}


def how_to_play(game: Game, lang: str) -> Page:
    """The "How to play" page of ``game`` in ``lang``."""
    return PAGES[game](translator(lang, codes=False))


def page_markup(page: Page, tr: Translator) -> str:
    """The page as HTML (every text escaped; the pictures are the project's own drawings)."""
    steps = "".join(f"<li>{text(s)}</li>" for s in page.turn)
    listing = "ol" if page.ordered else "ul"
    scores = "".join(f"<li>{text(s)}</li>" for s in page.scoring)
    words = "".join(f"<li class='word word-{w.id}'><span class='pic'>{w.picture}</span>"
                    f"<span><dfn>{text(w.name)}</dfn>{text(w.text)}</span></li>" for w in page.words)
    goal, score = tr.ui("how.goal", "The goal"), tr.ui("how.score", "How you score")
    words_title = tr.ui("how.words", "The words of the game")
    return (f"<style>{HOW_CSS}</style><section class='how-to-play how-{page.game}' aria-labelledby='how-title'>"
            f"<h2 id='how-title'>{text(page.title)}</h2>"
            f"<div class='how-cols'><div>"
            f"<h3>{text(goal)}</h3><p style='margin:0'>{text(page.goal)}</p>"
            f"<h3>{text(page.turn_heading)}</h3><{listing}>{steps}</{listing}>"
            f"<h3>{text(score)}</h3><ul>{scores}</ul></div>"
            f"<div><h3>{text(words_title)}</h3><ul class='words'>{words}</ul></div>"
            f"</div></section>")


class HowToPlay(pn.viewable.Viewer):
    """The "How to play" panel of a game, with a button that closes it (``on_close``)."""

    def __init__(self, game: Game, lang: str, *, on_close: Callable[[], None] | None = None,
                 close_label: str | None = None, overlay: bool = False) -> None:
        super().__init__()
        tr = translator(lang, codes=False)
        self.game, self.lang = game, lang
        self.page = how_to_play(game, lang)
        self._html = html(page_markup(self.page, tr), sizing_mode="stretch_width")
        parts: list[Any] = [self._html]
        if on_close is not None:
            self.close_button = button(close_label or tr.ui("how.back", "Back to the game"), lambda *_: on_close(),
                                       kind="primary", name="how-close")
            parts.insert(0, self.close_button)  # first: the way back is in view at once
        styles = {"background": "#f4efe2", "border": f"0.12em solid {CANAL}", "border-radius": "1em",
                  "padding": "0.6em 1em"}
        if overlay:  # over the game table, which stays as it is underneath (and out of the keyboard's reach)
            parts.append(KeepFocusIn(container="how-to-play-panel", close="how-close",
                                     label=tr.ui("how.open", "How to play")))
            styles.update({"position": "fixed", "top": "0.5em", "left": "0.5em", "right": "0.5em",
                           "bottom": "0.5em", "z-index": "700", "overflow-y": "auto",
                           "box-shadow": "0 0.4em 2em rgba(0,0,0,0.3)", "width": "auto"})
        self._panel = pn.Column(*parts, css_classes=["how-to-play-panel"], sizing_mode="stretch_width",
                                styles=styles)

    def __panel__(self) -> pn.Column:
        return self._panel


class SetupLearning(pn.viewable.Viewer):
    """On a set-up page: "How to play" (opens the game's page below it) and the checkbox
    "Guide me through the first round" (:attr:`guide`; ``guide_default`` is ticked for a
    visitor's first game, never in projector mode: the exhibit decides).

    A set-up page places the two buttons (:attr:`row`) and the page they open (:attr:`sheet`)
    apart, with "Start the game" between them (:meth:`around`): opening
    "How to play" then never pushes Start down."""

    def __init__(self, game: Game, lang: str, guide_default: bool = True) -> None:
        super().__init__()
        tr = translator(lang, codes=False)
        self.game, self.lang, self.open = game, lang, False
        # a toggle button (a large target, named by its words), its state shown by a ticked box
        self._guide_words = tr.ui("setup.guide", "Guide me through the first round")
        self.guide = pn.widgets.Toggle(label=self._ticked(guide_default), value=guide_default,
                                       css_classes=["guide-me"], stylesheets=[BUTTON_CSS])
        self.guide.param.watch(lambda e: setattr(self.guide, "label", self._ticked(e.new)), "value")
        self.button = button(tr.ui("how.open", "How to play"), self.toggle, name="how-to-play")
        self._holder = pn.Column(sizing_mode="stretch_width")
        self.row = pn.Row(self.button, self.guide, styles={"align-items": "center", "gap": "1em", "flex-wrap": "wrap"},
                          css_classes=["setup-learning"])
        self.sheet = self._holder
        self._panel: pn.Column | None = None

    def _ticked(self, on: bool) -> str:
        return ("\u2611 " if on else "\u2610 ") + self._guide_words

    def toggle(self, _event: Any = None) -> None:
        """Open or close "How to play" on the set-up page."""
        tr = translator(self.lang, codes=False)
        self.open = not self.open
        self._holder.objects = [HowToPlay(self.game, self.lang, on_close=self.toggle,
                                          close_label=tr.ui("how.close", "Close"))] if self.open else []
        self.button.label = tr.ui("how.close", "Close") if self.open else tr.ui("how.open", "How to play")

    def around(self, actions: Any) -> list[Any]:
        """The buttons, then ``actions`` (a set-up's Start and Home), then the page "How to
        play" opens: the set-up's parts in order."""
        return [self.row, actions, self.sheet]

    def __panel__(self) -> pn.Column:
        """The buttons with the page they open under them (on their own, without a set-up)."""
        if self._panel is None:
            self._panel = pn.Column(self.row, self.sheet, sizing_mode="stretch_width")
        return self._panel
