"""The exhibit's home screen and the Canal du Midi set-up (the heritage explorer is
:mod:`canal_heritage.views.explorer.page`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar
from urllib.parse import quote

import panel as pn
import param
from panel.custom import JSComponent

from ... import games
from ...i18n import LANGUAGE_NAMES, LANGUAGES, translator
from ...matches.table import MAX_NAME, Seat
from ..theme import (
    BUTTON_CSS,
    CANAL,
    FOCUS,
    INK,
    MUTED,
    PAPER,
    SPACE,
    STONE_DARK,
    SURFACE,
    TOUCH,
    TYPE_SCALE,
    VINE,
    WATER_DEEP,
    WATER_LIGHT,
    button,
    html,
    phone_css,
    text,
)
from ..toggle_group import ToggleGroup
from . import pictures
from .how_to_play import SetupLearning  # guide
from .long_profile import caption, long_profile_svg


class LanguageChoice(JSComponent):
    """The language, as a segmented control apart from the choices: three
    real buttons in a labelled group, the current one marked by a check and ``aria-pressed``.
    Each button sits in a ``lang-<code>`` wrapper (as the tables' and the explorer's language
    buttons do), so ``.lang-oc button`` finds it. ``on_choose(code)`` is told the choice."""

    lang = param.String(default="fr", doc="The current language.")
    names = param.Dict(default={}, doc="Each language's name in itself, by code.")
    legend = param.String(default="Language · Langue · Lenga", doc="The group's name, in the three languages.")

    _esm = """
export function render({ model }) {
  const group = document.createElement("div");
  group.className = "lang-choice";
  group.setAttribute("role", "group");
  const legend = document.createElement("span");
  legend.className = "legend";
  legend.id = "lang-legend";
  group.setAttribute("aria-labelledby", "lang-legend");
  const options = document.createElement("div");
  options.className = "options";
  group.append(legend, options);
  const draw = () => {
    legend.textContent = model.legend;
    options.replaceChildren();
    for (const [code, name] of Object.entries(model.names)) {
      const wrap = document.createElement("span");
      wrap.className = "lang-" + code;
      const b = document.createElement("button");
      b.type = "button";
      b.lang = code;
      const on = code === model.lang;
      b.setAttribute("aria-pressed", on ? "true" : "false");
      const check = document.createElement("span");
      check.className = "check";
      check.setAttribute("aria-hidden", "true");
      check.textContent = on ? "✓" : "";
      b.append(check, document.createTextNode(name));
      b.addEventListener("click", () => model.send_msg({ lang: code }));
      wrap.append(b);
      options.append(wrap);
    }
  };
  model.on(["lang", "names", "legend"], draw);
  draw();
  return group;
}
"""
    _stylesheets: ClassVar[list[str]] = [f"""
:host {{ display: block; }}
.lang-choice {{ display: flex; flex-direction: column; align-items: flex-end; gap: 0.2em; }}
.legend {{ font-size: {TYPE_SCALE['small']}; color: {MUTED}; font-weight: 600; }}
.options {{ display: inline-flex; border: 0.1em solid {STONE_DARK}; border-radius: 99em; background: {SURFACE};
  padding: 0.15em; gap: 0.15em; }}
button {{ font: inherit; font-size: {TYPE_SCALE['small']}; cursor: pointer;
  min-height: max({TOUCH}, 44px); min-width: max({TOUCH}, 44px);
  padding: 0.3em 0.9em; border-radius: 99em; border: 0.1em solid transparent; background: transparent;
  color: {INK}; display: inline-flex; align-items: center; gap: 0.3em; }}
button[aria-pressed="true"] {{ background: {INK}; color: {PAPER}; font-weight: 700; }}
button:hover {{ border-color: {STONE_DARK}; }}
button:focus-visible {{ outline: 0.2em solid {FOCUS}; outline-offset: 0.15em; }}
.check {{ display: inline-block; width: 0.9em; }}
"""]

    def __init__(self, on_choose: Callable[[str], Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.on_choose = on_choose

    def choose(self, code: str) -> None:
        """What a click on a language does."""
        if code in self.names and self.on_choose is not None:
            self.on_choose(code)

    def _handle_msg(self, data: Any) -> None:
        if isinstance(data, dict) and isinstance(data.get("lang"), str):
            self.choose(data["lang"])


#: The home screen's look: the header, the picture beside Riquet's story, the three choices.
#: A short landscape window (a laptop, a tablet on its side; the kiosk, whose game under the
#: choices takes room, up to 820 px high): the home keeps to the window:
#: smaller title and profile, tighter story, the choices with smaller pictures. Written
#: ``{SHORT}`` in the stylesheets below, see :func:`_short`.
SHORT = "@media short"
#: The kiosk's short window from 1200 px wide: the choices' pictures beside their words.
SHORT_WIDE = "@media short-wide"
SHORT_MEDIA = {False: "@media (orientation: landscape) and (max-height: 780px) and (min-width: 900px)",
               True: "@media (orientation: landscape) and (max-height: 820px) and (min-width: 900px)"}


def _short(css: str, kiosk: bool) -> str:
    """``css`` with its short-window rules for the home (``kiosk``: the kiosk's home, whose
    profile is smaller: its game takes the bottom of the screen)."""
    wide = SHORT_MEDIA[True] + " and (min-width: 1200px)" if kiosk else "@media not all"
    return (css.replace(SHORT_WIDE, wide).replace(SHORT, SHORT_MEDIA[kiosk])
            .replace("PICTURE_VH", "60vh" if kiosk else "80vh"))

HOME_CSS = f"""
.welcome-head {{ display: flex; justify-content: space-between; align-items: flex-start; gap: 1em; flex-wrap: wrap; }}
.eyebrow {{ margin: 0; font-size: {TYPE_SCALE['small']}; color: {CANAL}; font-weight: 700;
  letter-spacing: 0.06em; text-transform: uppercase; }}
h1 {{ margin: 0.1em 0 0; font-size: clamp({TYPE_SCALE['h2']}, 2.6vw + 0.4em, {TYPE_SCALE['h1']});
  line-height: 1.1; color: {INK}; }}
h1 .and {{ color: {MUTED}; font-weight: 400; }}
figure.profile {{ margin: 0; }}
figure.profile .picture {{ width: min(100%, 110vh); margin: 0 auto; aspect-ratio: 900 / 330; }}
figure.profile.compact .picture {{ width: min(100%, 75vh); }}
figure.profile figcaption {{ font-size: {TYPE_SCALE['small']}; color: {MUTED}; text-align: center; margin-top: 0.2em; }}
.story p {{ margin: 0 0 0.5em; line-height: 1.4; }}
.story h2 {{ font-size: {TYPE_SCALE['h3']}; margin: 0 0 0.3em; color: {VINE}; }}
{SHORT} {{
  h1 {{ font-size: clamp(1.4em, 2vw + 0.4em, {TYPE_SCALE['h1']}); }}
  :host(.welcome-picture) {{ flex: 0 1 PICTURE_VH !important; }}  /* the story takes the width the picture leaves */
  figure.profile .picture, figure.profile.compact .picture {{ width: min(100%, PICTURE_VH); }}
  figure.profile figcaption {{ font-size: 0.75em; line-height: 1.25; }}
  .story p {{ font-size: 0.92em; line-height: 1.3; margin-bottom: 0.2em; }}
  .story h2 {{ font-size: 1.1em; margin-bottom: 0.15em; }}
}}
"""

#: The three choices: each a large card (picture, title, one line), the whole card one button.
#: The title is the button's label; the line is generated content (``::after``, see
#: :func:`choice_card`), which browsers include in the button's accessible name.
CHOICE_CSS = BUTTON_CSS + f"""
:host {{ flex: 1 1 0; min-width: 11em; display: flex; height: auto !important; }}
:host(.choice-card) .bk-btn.bk-btn {{ width: 100%; height: 100%; display: flex; flex-direction: column;
  flex: 1 1 auto; align-items: center; justify-content: flex-start; gap: 0.3em; padding: 0.7em 0.9em 0.9em;
  border-radius: 1em; text-align: center;
  font-size: clamp(1em, 1.2vw + 0.55em, {TYPE_SCALE['lead']}); font-weight: 700; line-height: 1.25; color: {INK};
  background: {SURFACE} !important;
  border: 0.12em solid {CANAL} !important; box-shadow: 0 0.15em 0.5em rgba(29, 43, 54, 0.12); cursor: pointer; }}
:host(.choice-card) .bk-btn::after {{ display: block; font-size: 0.8em; font-weight: 400; color: {MUTED}; }}
:host(.choice-card) .bk-btn:hover {{ background: #f3ead6 !important; border-color: {WATER_DEEP} !important; }}
:host(.choice-card) .bk-btn:focus-visible {{ outline: 0.2em solid {FOCUS}; outline-offset: 0.2em; }}
:host(.choice-card) .bk-btn::before {{ content: ""; display: block; width: 7.2em; max-width: 100%; height: 4em;
  margin-bottom: 0.2em; background: center / contain no-repeat; }}
{SHORT} {{
  :host(.choice-card) .bk-btn.bk-btn {{ padding: 0.45em 0.7em 0.55em; gap: 0.15em; }}
  :host(.choice-card) .bk-btn::before {{ height: 2.6em !important; margin-bottom: 0; }}
}}
{SHORT_WIDE} {{
  :host(.choice-card) .bk-btn.bk-btn {{ display: grid; grid-template-rows: auto auto; align-content: center;
    grid-template-columns: auto minmax(0, 1fr); align-items: center; justify-items: start;
    column-gap: 0.7em; row-gap: 0.15em; text-align: left;
    padding: 0.5em 0.8em; }}
  :host(.choice-card) .bk-btn::before {{ grid-row: 1 / span 2; width: 5.2em; height: 3.2em !important;
    margin: 0; }}
}}
"""

#: A button that reads as a link (to another page of the exhibit), still ≥ 44 px.
LINK_CSS = BUTTON_CSS + f"""
.bk-btn.bk-btn {{ background: transparent !important; border: 0.1em solid transparent !important;
  color: {CANAL} !important;
  text-decoration: underline; padding-left: 0; padding-right: 0.4em; text-align: left; }}
.bk-btn.bk-btn:hover {{ color: {WATER_DEEP}; }}
"""

#: The teacher's projector switch: there, but quiet (a text button, still ≥ 44 px).
QUIET_CSS = BUTTON_CSS + f"""
.bk-btn.bk-btn {{ background: transparent !important; border: 0.1em solid transparent !important; color: {MUTED};
  font-weight: 400; font-size: {TYPE_SCALE['small']}; text-decoration: underline; }}
.bk-btn.bk-btn:hover {{ border-color: {STONE_DARK} !important; }}
"""


#: each game's card on the home page, by its registered name: title, one line, picture
PLAY_CARDS: dict[str, Callable[[Any], tuple[str, str, Callable[[], str]]]] = {
    "midi": lambda tr: (tr.ui("home.play_midi", "Play Canal du Midi"),
                        tr.ui("home.play_midi_line", "Bet your workers on the sites of Riquet's canal."),
                        pictures.midi_picture),
    "arriala": lambda tr: (tr.ui("home.play_arriala", "Play Arriala (Canal de Garonne)"),
                           tr.ui("home.play_arriala_line", "Build the Canal de Garonne among the vineyards, "
                                                           "section by section."),
                           pictures.arriala_picture),
}
#: each game's "Resume your game" button (a message of its own: each language words it whole)
RESUME_LABELS: dict[str, Callable[[Any], str]] = {
    "midi": lambda tr: tr.ui("home.resume_midi", "Resume your game of Canal du Midi"),
    "arriala": lambda tr: tr.ui("home.resume_arriala", "Resume your game of Arriala"),
}


class Home(pn.viewable.Viewer):
    """The welcome screen: the two canals' title and the language apart at
    the top, the Canal du Midi's long profile drawn by our code beside a short frame of
    Riquet's story (with his page in the explorer), and three big choices with a picture
    each: play the Canal du Midi, play Arriala, discover the history. A game in progress is
    offered first (``in_progress``: ``midi``, ``arriala``; ``on_resume(game)`` goes back to
    it); the teacher's projector switch is quiet at the bottom; ``attract`` (the kiosk's
    loop) comes last."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))

    projector = param.Boolean(default=False, doc="teacher mode: large type, pauses, open hands")

    def __init__(self, *, on_language: Callable[[str], None], on_play: Callable[[str], None],
                 on_heritage: Callable[[], None], on_projector: Callable[[bool], None] | None = None,
                 attract: Any = None, kinds: Sequence[str] | None = None,
                 in_progress: list[str] | None = None, on_resume: Callable[[str], None] | None = None,
                 on_people: Callable[[], None] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self._in_progress = list(in_progress or []) if on_resume is not None else []
        self._on_resume = on_resume
        self._games = [g for g in (games.names() if kinds is None else kinds) if g in PLAY_CARDS]
        self._on_projector = on_projector
        self._on_language = on_language
        self._on_play = on_play
        self._on_heritage = on_heritage
        self._on_people = on_people
        self._attract = attract
        self.languages = LanguageChoice(on_choose=on_language, lang=self.lang, names=dict(LANGUAGE_NAMES),
                                        css_classes=["language-choice"], margin=0, styles={"flex": "0 0 auto"})

    def choices(self, tr: Any) -> list[pn.widgets.Button]:
        """The big choices: a game each (``kinds``: every registered game by default), then the
        history; each a picture, a title and one line (smaller pictures when the kiosk's
        attract loop shares the screen)."""
        compact = self._attract is not None
        out = []
        for game in self._games:
            title, line, picture = PLAY_CARDS[game](tr)
            out.append(choice_card(title, line, picture(), self._player(game), f"play-{game}", compact=compact))
        out.append(choice_card(tr.ui("home.heritage", "Discover the heritage"),
                               tr.ui("home.heritage_line", "The places, the people and the dates of the two canals."),
                               pictures.explorer_picture(), lambda *_: self._on_heritage(), "heritage",
                               compact=compact))
        return out

    def __panel__(self) -> pn.Column:
        tr = translator(self.lang)
        home_css = _short(HOME_CSS, self._attract is not None)
        eyebrow = tr.ui("home.eyebrow", "The Canal des Deux Mers, from the Atlantic to the Mediterranean")
        midi, garonne = tr.ui("home.canal_midi", "Canal du Midi"), tr.ui("home.canal_garonne", "Canal de Garonne")
        head = html(
            f"<header class='welcome-title'><p class='eyebrow'>{text(eyebrow)}</p>"
            f"<h1>{text(midi)} <span class='and'>&amp;</span> "
            f"{text(garonne)}</h1></header>",
            stylesheets=[home_css], css_classes=["welcome-head"], margin=0,
            styles={"flex": "1 1 16em", "min-width": "0"})
        # on a phone the language comes on its own line under the title (beside it, the title
        # was squeezed to a word a line and the picker ran over the eyebrow): the title wants
        # 16em before it shares its line
        top = pn.FlexBox(head, self.languages, flex_wrap="wrap", justify_content="space-between",
                         align_items="flex-start", gap="0.3em 1em", sizing_mode="stretch_width", margin=0)
        figure = html(
            f"<figure class='profile{' compact' if self._attract is not None else ''}'>"
            f"<div class='picture'>{long_profile_svg(tr)}</div>"
            f"<figcaption>{text(caption(tr))}</figcaption></figure>",
            stylesheets=[home_css], css_classes=["welcome-picture"], sizing_mode="stretch_width", margin=0,
            styles={"flex": "3 1 32em", "min-width": "0"})
        riquet = tr.ui("home.riquet_title", "Pierre-Paul Riquet's dream")
        story = tr.ui("home.riquet_story", "Riquet collected the salt tax in Languedoc and dreamed of a canal "
                                           "joining two seas. From 1666 he spent his fortune and his last years "
                                           "on the works; he died in October 1680, a few months before the canal "
                                           "opened in May 1681.")
        story_parts: list[Any] = [html(f"<div class='story'><h2>{text(riquet)}</h2><p>{text(story)}</p></div>",
                                       stylesheets=[home_css], margin=0, sizing_mode="stretch_width")]
        if self._on_people is not None:
            people = self._on_people
            story_parts.append(button(tr.ui("home.riquet_link", "Riquet's story in the explorer") + "\u00a0→",
                                      lambda *_: people(), name="riquet-link", stylesheets=[LINK_CSS]))
        frame = pn.Column(*story_parts, css_classes=["welcome-story"], margin=0,
                          styles={"flex": "1 1 14em", "align-self": "center"})
        middle = pn.FlexBox(figure, frame, flex_wrap="wrap", gap="1em", align_items="center",
                            sizing_mode="stretch_width", css_classes=["welcome-middle"])
        choices = pn.FlexBox(*self.choices(tr), flex_wrap="wrap", gap="1em", sizing_mode="stretch_width",
                             css_classes=["home-choices"], align_items="stretch")
        parts: list[Any] = [top, *self._resume(tr), middle, choices]
        if self._on_projector is not None:
            label = (tr.ui("home.projector_off", "Leave the teacher's projector mode") if self.projector
                     else tr.ui("home.projector_on", "Teacher's projector mode: large type, a pause after each step"))
            # a student joining a class types the room's code; the projector switch stays quiet
            parts.append(pn.Row(join_class_form(tr, self.lang), pn.layout.HSpacer(), button(
                label, lambda *_: self._on_projector(not self.projector), name="projector",  # type: ignore[misc]
                stylesheets=[QUIET_CSS, NARROW_QUIET_CSS]),
                sizing_mode="stretch_width", margin=0,
                styles={"flex-wrap": "wrap", "align-items": "center", "column-gap": "0.4em"}))
        if self._attract is not None:
            parts.append(self._attract)
        return pn.Column(*parts, sizing_mode="stretch_width", css_classes=["home-screen"],
                         stylesheets=["@media (max-width: 900px) { :host { padding-bottom: 0.1em !important; } }"],
                         styles={"padding": f"{SPACE['s']} {SPACE['l']}", "box-sizing": "border-box",
                                 "gap": SPACE["s"]})

    def _resume(self, tr: Any) -> list[Any]:
        """The offer to resume the games in progress, above everything else.
        Each game has its own key and its own name."""
        if not self._in_progress:
            return []
        heading = tr.ui("home.in_progress", "A game is in progress")
        buttons = [button(RESUME_LABELS[g](tr), self._resumer(g), kind="primary", name=f"resume-{g}")
                   for g in self._in_progress if g in RESUME_LABELS]
        return [pn.Column(html(f"<h2 style='margin:0.2em 0;font-size:{TYPE_SCALE['h3']}'>{text(heading)}</h2>"),
                          pn.Row(*buttons, styles={"gap": "0.6em", "flex-wrap": "wrap"}),
                          css_classes=["resume-game"], sizing_mode="stretch_width",
                          styles={"background": WATER_LIGHT, "border-radius": "1em", "padding": "0.4em 1em",
                                  "border": f"0.12em solid {CANAL}"})]

    def _player(self, game: str) -> Callable[[Any], None]:
        def play(_event: Any = None) -> None:
            self._on_play(game)
        return play

    def _resumer(self, game: str) -> Callable[[Any], None]:
        def resume(_event: Any = None) -> None:
            if self._on_resume is not None:
                self._on_resume(game)
        return resume


JOIN_CSS = f"""
form {{ display: flex; flex-wrap: wrap; align-items: center; gap: 0.3em 0.5em; margin: 0; font-size: 1em; }}
.sr-only {{ position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0; }}
input {{ font: inherit; font-size: 1.1em; width: 5em; min-height: 2.2em; padding: 0 0.4em; letter-spacing: 0.15em;
  text-transform: uppercase; font-family: ui-monospace, "DejaVu Sans Mono", monospace; border: 0.1em solid {CANAL};
  border-radius: 0.4em; background: #fff; color: {INK}; }}
button {{ font: inherit; font-weight: 600; min-height: 2.75em; min-width: 2.75em; padding: 0 1em; border-radius: 0.6em;
  background: #fffdf7; color: {INK}; border: 0.12em solid {CANAL}; cursor: pointer; }}
input:focus-visible, button:focus-visible {{ outline: 0.2em solid {INK}; outline-offset: 0.15em; }}
@media (max-width: 900px) {{ input, button {{ min-height: max(2.45em, 44px); }} button {{ padding: 0 0.7em; }} }}
"""


#: On a narrow screen the projector switch wraps its words beside the room-code field.
NARROW_QUIET_CSS = ("@media (max-width: 900px) { .bk-btn { max-width: 27em; line-height: 1.1; text-align: right; "
                    "padding: 0.1em 0.3em; } }")


def join_class_form(tr: Any, lang: str) -> pn.pane.HTML:
    """A student joining a class types the room's code here: a plain form that opens
    the student's page, ``join?code=…`` (the classroom checks the code there)."""
    label = tr.ui("home.join_class", "In a class? The room's code:")
    go = tr.ui("room.code_go", "Join")
    hint = tr.ui("home.join_placeholder", "Code")
    return html(f"<form class='join-class' action='join' method='get'>"
                f"<label for='room-code' class='sr-only'>{text(label)}</label>"
                f"<input id='room-code' name='code' maxlength='8' autocomplete='off' autocapitalize='characters' "
                f"spellcheck='false' placeholder='{text(hint)}'>"
                f"<input type='hidden' name='lang' value='{text(lang)}'>"
                f"<button type='submit'>{text(go)}</button></form>",
                stylesheets=[JOIN_CSS], css_classes=["join-class"], margin=0)


def choice_card(title: str, line: str, picture: str, on_click: Callable[..., Any], name: str, *,
                compact: bool = False) -> pn.widgets.Button:
    """One of the home's big choices: the whole card (picture, title, one line) is one button.
    The title is its label; the picture (decoration, ``::before``) and the line (``::after``,
    which browsers include in the button's accessible name) are generated content."""
    card_css = (":host(.choice-card) .bk-btn::before { background-image: url(\"data:image/svg+xml,"
                + quote(picture, safe="") + "\"); }\n"
                ":host(.choice-card) .bk-btn::after { content: \"" + _css_string(line) + "\"; }"
                + ("\n:host(.choice-card) .bk-btn::before { height: 3em; }" if compact else ""))
    b = pn.widgets.Button(label=title, stylesheets=[_short(CHOICE_CSS, compact), card_css],
                          css_classes=[name, "choice-card"],
                          sizing_mode="stretch_width", margin=0,
                          styles={"flex": "1 1 0", "min-width": "11em", "align-self": "stretch"})
    b.on_click(on_click)
    return b


def _css_string(value: str) -> str:
    """``value`` safe inside a double-quoted CSS string."""
    return "".join(c if c.isalnum() or c in " .,;:!?'’()-«»“”" else f"\\{ord(c):x} " for c in value)


class MidiSetup(pn.viewable.Viewer):
    """Who plays: one person against bots, or several people on one screen."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))
    #: "Guide me through the first round" starts ticked (the exhibit: a first game, no projector)
    guide_default = param.Boolean(default=True)
    game = "midi"

    def __init__(self, *, on_start: Callable[[list[Seat]], None], on_back: Callable[[], None],
                 **params: Any) -> None:
        super().__init__(**params)
        tr = translator(self.lang)
        self._on_start = on_start
        self._on_back = on_back
        # every one-of-a-few choice shows its answer (a check and aria-pressed)
        self.mode = ToggleGroup(
            options={tr.ui("setup.mode", "Against the computer"): "bots",
                     tr.ui("setup.mode", "Several people on this screen"): "hotseat"},
            value="bots", label=tr.ui("setup.who_plays", "Who plays?"), css_classes=["setup-mode"])
        self.opponents = ToggleGroup(options={"1": 1, "2": 2, "3": 3}, value=1, css_classes=["setup-opponents"],
                                     label=tr.ui("setup.how_many", "How many opponents?"))
        self.level = ToggleGroup(
            options={tr.ui("setup.level", "Beginner"): "random", tr.ui("setup.level", "Steady"): "heuristic",
                     tr.ui("setup.level", "Expert"): "expert"}, value="heuristic", css_classes=["setup-level"],
            label=tr.ui("setup.how_strong", "How strong?"))
        self.players = ToggleGroup(options={"2": 2, "3": 3, "4": 4}, value=2, css_classes=["setup-players"],
                                   label=tr.ui("setup.how_many_players", "How many players?"))
        self.names = [pn.widgets.TextInput(placeholder=tr.ui("setup.name", "Name of player {n}", n=i + 1),
                                           max_length=MAX_NAME, stylesheets=[_css()]) for i in range(4)]
        self.your_name = pn.widgets.TextInput(placeholder=tr.ui("setup.your_name", "Your name (optional)"),
                                              max_length=MAX_NAME, stylesheets=[_css()])
        self._body = pn.Column()
        # guide — "How to play" and "Guide me through the first round" (its .guide checkbox)
        self.learning = SetupLearning(self.game, self.lang, self.guide_default)
        self.mode.param.watch(lambda *_: self._refresh(), "value")
        self.players.param.watch(lambda *_: self._refresh(), "value")
        self._refresh()

    def _rows(self) -> list[Any]:
        """The rows under the mode: how many opponents and how strong, or how many players
        and their names."""
        tr = translator(self.lang)
        if self.mode.value == "bots":
            return [html(text(tr.ui("setup.how_many", "How many opponents?"))), self.opponents,
                    html(text(tr.ui("setup.how_strong", "How strong?"))), self.level, self.your_name]
        return [html(text(tr.ui("setup.how_many_players", "How many players?"))), self.players,
                *self.names[: self.players.value]]

    def _refresh(self) -> None:
        self._body.objects = self._rows()

    def seats(self) -> list[Seat]:
        if self.mode.value == "bots":
            return [Seat("human", self.your_name.value or "")] + [
                Seat("bot", "", self.level.value) for _ in range(self.opponents.value)]
        return [Seat("human", w.value or "") for w in self.names[: self.players.value]]

    def __panel__(self) -> pn.Column:
        tr = translator(self.lang)
        title = tr.ui("setup.title", "A game of Canal du Midi")
        return pn.Column(
            html(f"<h1 style='{SETUP_TITLE_STYLE}'>{text(title)}</h1>"),  # Start within 768 px
            self.mode, self._body,
            *self.learning.around(self._actions()),  # guide; Start above "How to play"
            css_classes=["midi-setup"], sizing_mode="stretch_width")

    def _actions(self) -> pn.FlexBox:
        """"Start the game" and "Home": above the page "How to play" opens,
        so that opening it never pushes Start down; on a phone, a bar that stays at the bottom
        of the window while the page is longer than the window."""
        tr = translator(self.lang)
        start = button(tr.ui("setup.start", "Start the game"), lambda *_: self._on_start(self.seats()),
                       kind="primary", name="start")
        home = button(tr.ui("table.home", "Home"), lambda *_: self._on_back(), name="go-home")
        start.margin = home.margin = (5, 5, 5, 10)  # side by side on a 390 px phone
        return pn.FlexBox(start, home, css_classes=["setup-actions"], flex_wrap="wrap", align_items="center",
                          sizing_mode="stretch_width", margin=0, stylesheets=[ACTIONS_CSS])


#: A set-up page's title: closer to what follows than a default h1, so that the whole set-up
#: and "Start the game" fit a 1366×768 window.
SETUP_TITLE_STYLE = "margin:0.25em 0 0.15em;line-height:1.15"

#: The set-up's actions: on a phone (upright or on its side, as the tables' phone layout) a bar
#: stuck to the bottom of the window, on the page's paper, a soft shadow above it telling that
#: the page goes on under it.
ACTIONS_CSS = phone_css(f"""
@media phone {{
  :host {{ position: sticky !important; bottom: 0; z-index: 20; background: {PAPER};
    padding: 0.3em 0 0.4em; box-shadow: 0 -0.55em 0.6em -0.55em rgba(29, 43, 54, 0.35); }}
}}
""")


def _css() -> str:
    from ..theme import BUTTON_CSS

    return BUTTON_CSS + """
.bk-input { font-size: 1em; min-height: 2.75em; }
"""
