"""The exhibit's look: sizes for touch and for the back of a classroom, colours, and the
small widget helpers every view uses (so buttons are big and keyboard-operable everywhere).

Sizes are in ``em`` so the projector mode scales everything by raising one font size. The
plain values the notebooks share with the exhibit (players' colours and shapes, the
screen-reader-only style, the map projection) are in :mod:`canal_heritage.look`.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import Any

import panel as pn

# ---------------------------------------------------------------- the palette
# Colours from the canal: its water, the stone of its locks, the vines of the Languedoc and the
# plane trees along its banks. Contrast ratios (WCAG) are in docs/design.md; text colours are
# chosen for at least 4.5:1 on PAPER, controls and focus rings for at least 3:1.
INK = "#1d2b36"  #: text (13.4:1 on paper)
PAPER = "#fbf6ea"  #: the page, cream like old paper
CANAL = "#1f5f8b"  #: canal water: primary buttons, links (6.3:1 on paper)
WATER = CANAL
WATER_LIGHT = "#cfe3ee"  #: water surfaces in pictures
WATER_DEEP = "#123c59"  #: borders of the primary buttons, deep water
STONE = "#d9c9a8"  #: lock stone, embankments (pictures only, never text)
STONE_DARK = "#6e5f45"  #: stone in shadow, lock gates (5.8:1 on paper)
VINE = "#7a2e4d"  #: the Languedoc's vines and wine (8.4:1 on paper)
PLANE = "#3d6b35"  #: the plane trees along the banks (5.8:1 on paper)
ACCENT = "#b5541c"  #: Toulouse brick: warnings, the summit (4.6:1 on paper)
BRICK = ACCENT
SKY = "#eaf2f4"  #: behind pictures
MUTED = "#4f5d68"  #: secondary text (6.3:1 on paper)
SURFACE = "#fffdf7"  #: cards and default buttons, a shade lighter than paper
FOCUS = INK  #: the keyboard focus ring (13.4:1 on paper)

# ---------------------------------------------------------------- type and space
BASE_FONT = "18px"
#: Projector mode: 26 px on a 1920 px projector, as large on the wall on a smaller one (it grows
#: with the window's width, never under the base size): a 1280×800 projector keeps the table
#: whole instead of showing a third of it.
PROJECTOR_FONT = "clamp(18px, 1.36vw, 26px)"
#: The type scale (a major third, ×1.25), in em of the root's font size so the projector mode
#: scales it all.
TYPE_SCALE: dict[str, str] = {"small": "0.85em", "body": "1em", "lead": "1.25em", "h3": "1.25em",
                              "h2": "1.56em", "h1": "1.95em", "display": "2.44em"}
#: Spacing steps.
SPACE: dict[str, str] = {"xs": "0.25em", "s": "0.5em", "m": "1em", "l": "1.5em", "xl": "2.5em"}
#: The smallest touch target: 2.75em is 49.5 px at 18 px, up to 71.5 px in projector mode (≥ 44 px).
TOUCH = "2.75em"
#: Rounded corners of cards and buttons.
RADIUS = "0.6em"

BUTTON_CSS = """
:host { --touch: 2.75em; }
.bk-btn {
  min-height: max(var(--touch), 44px); min-width: max(var(--touch), 44px);
  font-size: 1em; font-weight: 600; border-radius: 0.6em;
  padding: 0.45em 0.9em; white-space: normal; line-height: 1.25;
}
.bk-btn:focus-visible { outline: 0.2em solid #1d2b36; outline-offset: 0.15em; }
.bk-btn-default { background: #fffdf7; color: #1d2b36; border: 0.12em solid #1f5f8b; }
.bk-btn-primary { background: #1f5f8b; color: #ffffff; border: 0.12em solid #123c59; }
.bk-btn-warning { background: #b5541c; color: #ffffff; border: 0.12em solid #7a3610; }
.bk-btn:disabled { opacity: 0.45; }
"""

CARD_BUTTON_CSS = BUTTON_CSS + """
.bk-btn { background: transparent; border: 0.15em solid transparent; padding: 0.2em; }
.bk-btn:hover { border-color: #1f5f8b; }
.bk-btn svg { display: block; }
"""


#: Below this width (CSS px) a screen is a phone held upright: one column, the page scrolls
#: once, the table's header buttons show a symbol instead of their words.
PHONE_MAX = 599
#: A phone, upright or held sideways (a window under 480 px high): the media query of every
#: phone arrangement. Write ``@media phone`` in a stylesheet and pass it through :func:`phone_css`.
PHONE_MEDIA = f"(max-width: {PHONE_MAX}px), (orientation: landscape) and (max-height: 480px)"


def phone_css(css: str) -> str:
    """``css`` with each ``@media phone`` made the phone's media query (:data:`PHONE_MEDIA`)."""
    return css.replace("@media phone", f"@media {PHONE_MEDIA}")


#: Up to this width (a school laptop's 1366 px, a 1280 px screen), the table's header shows
#: its languages, "take back" and "home" as symbols (FR, ↶, ⌂) so that it keeps to one line
#: and the table keeps the height.
LAPTOP_MAX = 1500


def phone_symbol_css(symbol: str, *, size: str = "22px", max_width: int | None = None, always: bool = False) -> str:
    """A stylesheet for a button that shows only ``symbol`` on a phone (:data:`PHONE_MEDIA`),
    or on any screen up to ``max_width`` px wide, in a 44 px square (its words stay in the page
    for screen readers, at size 0). Sizes are in px: the words' em would be 0 there.
    ``always``: at every width, in a 64 px square (the projector's header, read from the back
    of the room)."""
    square = 64 if always else 44
    rules = (f".bk-btn {{ font-size: 0 !important; padding: 0 !important; "
             f"min-width: {square}px !important; min-height: {square}px !important; line-height: 1; }} "
             f":host {{ margin: 1px 2px !important; }} "
             f".bk-btn::before {{ content: \"{symbol}\"; font-size: {size}; font-weight: 700; }}")
    if always:
        return rules
    media = PHONE_MEDIA if max_width is None else f"(max-width: {max_width}px)"
    return f"@media {media} {{ {rules} }}"


def button(label: str, on_click: Callable[..., Any] | None = None, *, kind: str = "default",
           icon: str | None = None, icon_size: str = "4em", description: str | None = None,
           disabled: bool = False, name: str | None = None, card: bool = False,
           stylesheets: list[str] | None = None) -> pn.widgets.Button:
    """A large, keyboard-operable button (≥ 44 px at every size). ``icon`` is an SVG string;
    ``stylesheets`` replace the default look (keep :data:`BUTTON_CSS` in them); ``name``: its
    CSS classes, separated by spaces (a class holding a space would stop the browser drawing
    the page)."""
    b = pn.widgets.Button(
        label=label, color=kind, icon=icon, icon_size=icon_size if icon else "1em",
        description=description, disabled=disabled,
        stylesheets=stylesheets or [CARD_BUTTON_CSS if card else BUTTON_CSS],
        css_classes=name.split() if name else [],
    )
    if on_click is not None:
        b.on_click(on_click)
    return b


def label_box(fill: str, alpha: float, *, padding: int, radius: int) -> dict[str, Any]:
    """The box behind a map label, as keyword arguments of Bokeh's ``figure.text`` (whose
    typed signature does not list these properties)."""
    return {"background_fill_color": fill, "background_fill_alpha": alpha, "padding": padding,
            "border_radius": radius}


class Markup(pn.pane.HTML):
    """An HTML pane that builds Panel's layout for a pane shown on its own only when asked.

    Panel (1.9) makes every pane a ``Row`` around itself (``PaneBase.layout``), with its own
    parameters and watchers, for when the pane is a page's root or indexed like a layout.
    Ours always sit inside a layout, so that ``Row`` was never used: about 11 KB for each of
    the ~20 panes of a table, 0.2 MB for each device of a classroom (memory per
    room). The ``Row`` Panel makes while the pane is built is dropped at once; ``layout``
    builds it again, in sync, the first time anything asks for it."""

    def __init__(self, object: Any = None, **params: Any) -> None:
        self._own_layout: Any = None
        self._made = False
        super().__init__(object, **params)
        self._made = True

    @property
    def layout(self) -> Any:
        if self._own_layout is None:
            make: Any = self.default_layout  # a class of Panel layout (a Row)
            self._own_layout = make(self)
            super()._sync_layoutable()
        return self._own_layout

    @layout.setter
    def layout(self, value: Any) -> None:
        if self._made:  # (Panel's own, while the pane is built: not kept)
            self._own_layout = value

    def _sync_layoutable(self, *events: Any) -> None:
        if self._own_layout is not None:
            super()._sync_layoutable(*events)


def html(markup: str, **kw: Any) -> pn.pane.HTML:
    """Trusted markup built by our own code (every user text in it is escaped by the caller)."""
    return Markup(markup, **kw)


def every(callback: Callable[[], Any], period_ms: int) -> Any:
    """Call ``callback`` every ``period_ms`` milliseconds on this page until the returned
    callback's ``stop()`` (or the page's end).

    Unlike ``pn.state.add_periodic_callback`` (Panel 1.9), nothing keeps the callback once it
    is stopped: Panel's list of a page's periodic callbacks keeps every one added, stopped or
    not, until the page closes, and with it whatever the callback holds. A projector that
    showed forty rooms kept forty tables (flat memory)."""
    from panel.io.callbacks import PeriodicCallback

    timer = PeriodicCallback(callback=callback, period=period_ms)
    timer.start()
    return timer


def text(t: str) -> str:
    """Escape a text for markup (names typed by players, translated strings)."""
    return escape(t, quote=True)


def root_styles(projector: bool) -> dict[str, str]:
    """The root's styles. Every Bokeh component sizes its text from the inherited
    ``--bokeh-font-size`` variable, so this one value scales the whole exhibit."""
    size = PROJECTOR_FONT if projector else BASE_FONT
    return {"font-size": size, "--bokeh-font-size": size, "--bokeh-base-font": "system-ui, sans-serif",
            "color": INK, "background": PAPER, "font-family": "system-ui, sans-serif", "min-height": "100vh"}
