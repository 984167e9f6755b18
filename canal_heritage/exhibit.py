"""The museum exhibit: home, Canal du Midi and Arriala at the table, the heritage explorer.

This module only assembles components from :mod:`canal_heritage.views`; rules come from the
engines. :func:`create_app` builds one visitor's session: ``canal-heritage serve`` (see
:mod:`canal_heritage.serve`) calls it for each browser session, and ``apps/exhibit.py`` is the
entry point for ``panel serve``. URL parameters: ``?lang=fr|en|oc``, ``?mode=projector``, and
``?page=explorer`` with ``&place=<place id or card numeral>`` (``midi-VIII``, ``VIII``,
``moissac``) or ``&section=timeline|people|glossary``.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from concurrent.futures import Executor
from typing import Any

import panel as pn
import param

from .i18n import LANGUAGES, normalise_language, translator
from .matches.arriala import ArrialaMatch
from .matches.midi import MidiMatch, Seat
from .views.arriala_setup import ArrialaSetup
from .views.arriala_table import ArrialaTable
from .views.explorer import SECTIONS, HeritageExplorer
from .views.home import Home, MidiSetup
from .views.kiosk import AttractLoop, IdleGuard
from .views.midi_table import MidiTable
from .views.theme import root_styles


class ExhibitApp(pn.viewable.Viewer):
    """One visitor's session of the exhibit."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))
    page: param.Selector[str] = param.Selector(default="home", objects=["home", "setup", "table", "explorer",
                                                                        "arriala-setup", "arriala"])

    def __init__(self, *, kiosk: bool = False, projector: bool = False, idle_after: float = 90,
                 countdown: int = 20, executor: Executor | Callable[[], Executor] | None = None,
                 on_worker_failure: Callable[[BaseException], None] | None = None,
                 seed: int | None = None,
                 expert_iterations: int | None = None, arriala_pace: float | None = None,
                 arriala_overrides: dict[str, Any] | None = None, **params: Any) -> None:
        super().__init__(**params)
        self.kiosk = kiosk
        self.projector = projector
        self.executor = executor
        self.on_worker_failure = on_worker_failure
        self.expert_iterations = expert_iterations
        self._seed = seed
        self.match: MidiMatch | None = None
        self._table: MidiTable | None = None
        self._explorer: HeritageExplorer | None = None
        self._seats: list[Seat] = []
        #: Arriala: the game, its table, who sat and who started; pace and overrides are for tests
        self.arriala: ArrialaMatch | None = None
        self._arriala_table: ArrialaTable | None = None
        self._arriala_seats: tuple[list[Seat], int | None] = ([], None)
        self._arriala_seed = seed
        self.arriala_pace = arriala_pace
        self.arriala_overrides = arriala_overrides
        self._game_page = "table"  # where "back to the game" leads
        self.guard = IdleGuard(idle_after=idle_after, countdown=countdown, on_timeout=self.reset, lang=self.lang)
        self.attract = AttractLoop(lang=self.lang) if kiosk else None
        self._root = pn.Column(sizing_mode="stretch_width", styles=root_styles(projector),
                               css_classes=["exhibit", "projector" if projector else "standard"])
        self.param.watch(lambda *_: self._render(), ["lang", "page"])
        self._render()

    def __panel__(self) -> pn.Column:
        return self._root

    # ------------------------------------------------------------------ navigation
    def touch(self) -> None:
        self.guard.touch()

    def set_language(self, lang: str) -> None:
        self.touch()
        lang = normalise_language(lang)
        self.guard.lang = lang
        if self.attract is not None:
            self.attract.lang = lang
        if self.match is not None:
            self.match.set_language(lang)
        if self.arriala is not None:
            self.arriala.set_language(lang)
        self.lang = lang

    def set_projector(self, on: bool) -> None:
        """Teacher's projector mode for the next games (large type, pauses, open hands)."""
        self.touch()
        self.projector = on
        self._root.styles = root_styles(on)
        self._render()

    def go(self, page: str) -> None:
        self.touch()
        self.page = page

    def open_place(self, place_id: str) -> bool:
        """Open the heritage explorer on a place: its id (``midi-VIII``) or a Canal du Midi
        card numeral (``VIII``). The table's "where is this?" link calls this. False (and
        the explorer opens on its map as it was) when no such place exists."""
        found = self.explorer().show_place(place_id)
        self.go("explorer")
        return found

    def open_section(self, section: str) -> None:
        """Open the heritage explorer on ``map``, ``timeline``, ``people`` or ``glossary``."""
        if section in SECTIONS:
            self.explorer().section = section
        self.go("explorer")

    def explorer(self) -> HeritageExplorer:
        """This session's heritage explorer (kept while the language changes, so its map
        stays as the visitor left it)."""
        if self._explorer is None or self._explorer.projector != self.projector:
            old = self._explorer
            self._explorer = HeritageExplorer(lang=self.lang, projector=self.projector, on_home=lambda: self.go("home"),
                                              on_game=lambda: self.go(self._game_page), on_touch=self.touch,
                                              on_language=self.set_language,
                                              place=old.place if old else "midi-I")
            if old is not None:
                self._explorer.section = old.section
        self._explorer.lang = self.lang
        self._explorer.game_in_progress = (self.arriala if self._game_page == "arriala" else self.match) is not None
        return self._explorer

    def start_midi(self, seats: list[Seat]) -> None:
        self.touch()
        self._seats = seats
        seed = self._seed if self._seed is not None else random.SystemRandom().randrange(2**31)
        self.match = MidiMatch(seats, seed=seed, lang=self.lang, projector=self.projector,
                               expert_iterations=self.expert_iterations, on_worker_failure=self.on_worker_failure)
        self._game_page = "table"
        self.page = "table"
        self._render()

    def start_arriala(self, seats: list[Seat], first: int | None = None) -> None:
        """A game of Arriala for these seats; ``first`` is the seat the table chose (A-R9)."""
        self.touch()
        self._arriala_seats = (seats, first)
        if self.arriala is not None:
            self.arriala.close()
        seed = self._arriala_seed if self._arriala_seed is not None else random.SystemRandom().randrange(2**31)
        options: dict[str, Any] = {} if self.arriala_pace is None else {"pace": self.arriala_pace}
        self.arriala = ArrialaMatch(seats, seed=seed, first=first, lang=self.lang, projector=self.projector,
                                    overrides=self.arriala_overrides, on_worker_failure=self.on_worker_failure,
                                    **options)
        self._game_page = "arriala"
        self.page = "arriala"
        self._render()

    def again_arriala(self) -> None:
        self._arriala_seed = None if self._arriala_seed is None else self._arriala_seed + 1
        self.start_arriala(*self._arriala_seats)

    def again(self) -> None:
        self._seed = None if self._seed is None else self._seed + 1
        self.start_midi(self._seats)

    def reset(self) -> None:
        """Kiosk time-out: discard the game (and the explorer's state) and go home."""
        self.match = None
        if self.arriala is not None:
            self.arriala.close()  # its bots stop
        self.arriala = None
        self._explorer = None
        self.page = "home"
        self._render()

    # ------------------------------------------------------------------ render
    def _render(self) -> None:
        self.guard.enabled = self.kiosk and self.page != "home"
        if self.page == "table" and self._table is not None and self._table.match is self.match:
            # the same game (a new language, say): the table follows its match by itself
            if self._root.objects != [self._table, self.guard]:
                self._root.objects = [self._table, self.guard]
            return
        if self.page == "arriala" and self._arriala_table is not None and self._arriala_table.match is self.arriala:
            if self._root.objects != [self._arriala_table, self.guard]:
                self._root.objects = [self._arriala_table, self.guard]
            return
        if self._table is not None:  # the old table stops following its match
            self._table.dispose()
            self._table = None
        if self._arriala_table is not None:
            self._arriala_table.dispose()
            self._arriala_table = None
        if self.attract is not None:
            (self.attract.start if self.page == "home" else self.attract.stop)()
        if self.page == "setup":
            view: Any = MidiSetup(lang=self.lang, on_start=self.start_midi, on_back=lambda: self.go("home"))
        elif self.page == "table" and self.match is not None:
            view = self._table = MidiTable(self.match, executor=self.executor, on_home=lambda: self.go("home"),
                                           on_again=self.again, on_touch=self.touch)
            self._table.on_place = self.open_place  # "where is this?": the site in play, on the map
        elif self.page == "arriala-setup":
            view = ArrialaSetup(lang=self.lang, on_start=self.start_arriala, on_back=lambda: self.go("home"))
        elif self.page == "arriala" and self.arriala is not None:
            view = self._arriala_table = ArrialaTable(self.arriala, executor=self.executor,
                                                      on_home=lambda: self.go("home"), on_again=self.again_arriala,
                                                      on_touch=self.touch, on_language=self.set_language)
            self._arriala_table.on_place = self.open_place  # "read the story": the place in the explorer
        elif self.page == "explorer":
            view = self.explorer()
        else:
            view = Home(lang=self.lang, on_language=self.set_language, on_play_midi=lambda: self.go("setup"),
                        on_heritage=lambda: self.go("explorer"), attract=self.attract, projector=self.projector,
                        on_projector=None if self.kiosk else self.set_projector,
                        on_play_arriala=lambda: self.go("arriala-setup"))
        self._root.objects = [view, self.guard]


def create_app(*, kiosk: bool = False, idle_after: float = 90, countdown: int = 20,
               executor: Executor | Callable[[], Executor] | None = None,
               on_worker_failure: Callable[[BaseException], None] | None = None, seed: int | None = None,
               expert_iterations: int | None = None, arriala_pace: float | None = None,
               arriala_overrides: dict[str, Any] | None = None) -> pn.viewable.Viewable:
    """Build one session's app, reading ``?lang=``, ``?mode=``, ``?page=explorer``,
    ``&place=`` and ``&section=`` from the URL.

    Args:
        kiosk: the museum kiosk (attract loop, back home after ``idle_after`` seconds
            without a touch and ``countdown`` seconds to answer "still there?").
        executor: where bots think: an executor, or a function returning the current one
            (a broken pool is replaced); None runs them in threads of this process.
        on_worker_failure: told when a bot worker fails (the server rebuilds its pool).
        seed, expert_iterations, arriala_pace, arriala_overrides: for tests and benchmarks.
    """
    query = pn.state.location.query_params if pn.state.location is not None else {}
    lang = normalise_language(query.get("lang"))
    projector = query.get("mode") == "projector"
    app = ExhibitApp(kiosk=kiosk, projector=projector, idle_after=idle_after, countdown=countdown,
                     executor=executor, on_worker_failure=on_worker_failure, seed=seed,
                     expert_iterations=expert_iterations, lang=lang,
                     arriala_pace=arriala_pace, arriala_overrides=arriala_overrides)
    open_url(app, query)
    if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
        pn.state.add_periodic_callback(app.guard.tick, period=1000)
        pn.state.curdoc.title = translator(lang).ui("home.title", "The canals of the two seas")
    return app.__panel__()


def open_url(app: ExhibitApp, query: dict[str, Any]) -> None:
    """Open the page the address asks for: ``?page=explorer`` (``heritage`` too), on a
    ``place`` or a ``section``; a ``place`` alone is enough."""
    page, place, section = (str(query.get(k) or "") for k in ("page", "place", "section"))
    if place:
        app.open_place(place)
    elif page in ("explorer", "heritage") or section:
        app.open_section(section or "map")
