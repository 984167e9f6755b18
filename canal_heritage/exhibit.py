"""The museum exhibit: home, Canal du Midi and Arriala at the table, the heritage explorer.

This module only assembles components from :mod:`canal_heritage.views`; rules come from the
engines. :func:`create_app` builds one visitor's session: ``canal-heritage serve`` (see
:mod:`canal_heritage.serve`) calls it for each browser session, and ``apps/exhibit.py`` is the
entry point for ``panel serve``. URL parameters: ``?lang=fr|en|oc``, ``?mode=projector``, and
``?page=explorer`` with ``&place=<place id or card numeral>`` (``midi-VIII``, ``VIII``,
``moissac``) or ``&section=timeline|people|glossary``; ``?page=midi-setup|midi|arriala-setup|arriala``
(a game's page opens its set-up when no game of it is in progress).

Never lost: the address follows the page (:class:`~.views.navigation.History`:
a new page is a new browser history entry, so Back and Forward work; the language or another
place in the explorer replaces the entry), a new page opens at its top, leaving a game in
progress asks first (:class:`~.views.navigation.LeaveDialog`; the kiosk's reset does not ask)
and the home page offers to resume it, and an unknown address says so.

Kept games: inside ``canal-heritage serve`` a game in progress is kept in the
server's store under the browser's visitor token (:class:`~.views.navigation.VisitorKeeper`,
:mod:`.rooms.visitor`), each decision written before it is shown; after a restart of the
server, or a tab closed and opened again, the home page offers to resume it.
"""

from __future__ import annotations

import logging
import random
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial
from typing import Any
from urllib.parse import parse_qs, urlencode

import panel as pn
import param

from . import games
from .i18n import LANGUAGES, normalise_language, translator
from .matches.guide import GuideState
from .matches.table import Seat, TableMatch
from .rooms.service import classroom
from .rooms.visitor import VisitorShelf
from .views.explorer.page import SECTIONS, HeritageExplorer
from .views.home.kiosk import AttractLoop, IdleGuard
from .views.home.welcome import Home
from .views.navigation import History, LeaveDialog, VisitorKeeper
from .views.screens import screens
from .views.tables.intro import link_people
from .views.tables.table_shell import TableShell
from .views.theme import root_styles, text

#: the pages: home, the heritage explorer, and each game's set-up page (``midi-setup``) and
#: table (``midi``), by the games' registered names; each is its name in the address
#: (``?page=…``), but home, which has none
PAGES = ("home", "explorer", *(page for name in games.names() for page in (f"{name}-setup", name)))
#: the pages an address may name: the pages, and ``heritage`` for the explorer
PAGE_FROM_URL = {**{p: p for p in PAGES if p != "home"}, "heritage": "explorer"}


def setup_page(game: str) -> str:
    """The set-up page of the game named ``game``."""
    return f"{game}-setup"


def game_of_page(page: str) -> str | None:
    """The game whose table ``page`` is (None: not a game's table)."""
    return page if page in games.names() else None


@dataclass
class GameSession:
    """A visitor's game of one kind: its match (None before the first), its table on screen,
    and how it was begun, for "Play again"."""

    match: TableMatch | None = None
    table: TableShell | None = None
    seats: list[Seat] = field(default_factory=list)
    first: int | None = None
    seed: int | None = None

log = logging.getLogger(__name__)


class ExhibitApp(pn.viewable.Viewer):
    """One visitor's session of the exhibit."""

    lang: param.Selector[str] = param.Selector(default="fr", objects=list(LANGUAGES))
    page: param.Selector[str] = param.Selector(default="home", objects=list(PAGES))

    def __init__(self, *, kiosk: bool = False, projector: bool = False, idle_after: float = 90,
                 countdown: int = 20, executor: Executor | Callable[[], Executor] | None = None,
                 on_worker_failure: Callable[[BaseException], None] | None = None,
                 seed: int | None = None, match_options: dict[str, dict[str, Any]] | None = None,
                 **params: Any) -> None:
        super().__init__(**params)
        self.kiosk = kiosk
        self.projector = projector
        self.executor = executor
        self.on_worker_failure = on_worker_failure
        #: each game's extra match options, by its name (tests and benchmarks: a bot's budget,
        #: Arriala's pace and short boards)
        self.match_options = {name: dict(options) for name, options in (match_options or {}).items()}
        self._explorer: HeritageExplorer | None = None
        #: each game's session, by the game's name: one lifecycle for every game
        self.sessions = {name: GameSession(seed=seed) for name in games.names()}
        self._game_page = games.names()[0]  # the game "back to the game" leads to
        #: guide — the set-up page on screen, and the games a visitor has started (no guide by default then)
        self._setup_view: Any = None
        self._guided_games: set[str] = set()
        #: how the next page change shows in the browser's history: push, replace or pop
        self._how = "push"
        #: where the visitor asked to go while "Leave this game?" is open: (page, how)
        self._pending: tuple[str, str] | None = None
        #: the friendly message about an address the exhibit does not know (escaped markup)
        self._notice: pn.pane.HTML | None = None
        # neither takes room nor clicks on the page (the question's veil takes them while it asks)
        unseen = {"pointer-events": "none", "position": "absolute", "width": "0", "height": "0"}
        self.history = History(on_pop=self.follow_url, styles=unseen)
        self.leave_dialog = LeaveDialog(on_answer=self._answer_leave, css_classes=["leave-question"], styles=unseen)
        #: the browser's visitor token (games kept in the store), once the page has sent it
        #: the games kept for this browser in the server's store, and those the home page offers
        self.kept = VisitorShelf(self._classroom, "kiosk" if kiosk else "visitor")
        self._wanted: str | None = None  # the game's page the address named when the page opened
        self.keeper = VisitorKeeper(on_hello=self._hello, styles=unseen)
        self.guard = IdleGuard(idle_after=idle_after, countdown=countdown, on_timeout=self.reset, lang=self.lang)
        self.attract = AttractLoop(lang=self.lang) if kiosk else None
        self._root = pn.Column(sizing_mode="stretch_width", styles=root_styles(projector),
                               css_classes=["exhibit", "projector" if projector else "standard"])
        self.param.watch(self._changed, ["lang", "page"])
        self._render()
        self._sync_url(replace=True)

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
        for session in self.sessions.values():
            if session.match is not None:
                session.match.set_language(lang)
        self.lang = lang

    def set_projector(self, on: bool) -> None:
        """Teacher's projector mode for the next games (large type, pauses, open hands)."""
        self.touch()
        self.projector = on
        self._root.styles = root_styles(on)
        self._render()
        self._sync_url(replace=True)

    def go(self, page: str) -> None:
        """Open ``page``: a new entry in the browser's history. Leaving a game in progress
        for any page but the explorer asks first (the game is kept)."""
        self.touch()
        self._goto(page)

    def _goto(self, page: str, how: str = "push") -> None:
        if self.leaving_game(page):
            self._ask_leave(page, how)
            return
        self._arrive(page, how)

    def _arrive(self, page: str, how: str) -> None:
        """Show ``page``; ``how`` it shows in the history: ``push`` a new entry, ``replace``
        the current one, ``pop`` (the browser went Back or Forward to it)."""
        self._set_notice(None)
        game = game_of_page(page)
        if game is not None and self.match_of(game) is None:
            # an address of a game no longer here: its set-up, unless a game kept for this
            # browser comes up (a reload: :meth:`look_for_kept` then takes it up)
            self._wanted = page
            page = setup_page(game)
        changed = page != self.page
        self._how = how
        try:
            self.page = page  # its watcher draws the page and updates the address
        finally:
            self._how = "push"
        if not changed:
            self._sync_url(replace=how != "push")

    def game(self, page: str | None = None) -> TableMatch | None:
        """The game of a game's page (``midi``, ``arriala``; the shown page by default)."""
        game = game_of_page(self.page if page is None else page)
        return None if game is None else self.match_of(game)

    def match_of(self, game: str) -> TableMatch | None:
        """This visitor's match of the game named ``game`` (None: none begun, or reset)."""
        return self.sessions[game].match

    def table_of(self, game: str) -> TableShell | None:
        """The table view of the game named ``game`` while its page is shown."""
        return self.sessions[game].table

    def running(self, page: str) -> bool:
        """Whether the game of this page is in progress (there, and not over)."""
        game = self.game(page)
        return game is not None and not game.over

    def leaving_game(self, page: str) -> bool:
        """Whether going to ``page`` leaves a game in progress (the explorer does not: its
        "Back to the game" is one tap away)."""
        return self.running(self.page) and page not in (self.page, "explorer")

    def games_in_progress(self) -> list[str]:
        """The games the home page offers to resume: ``midi``, ``arriala`` (in progress on this
        page, or kept for this browser in the server's store)."""
        return [name for name in self.sessions
                if self.running(name) or (name in self.kept.offers and self.match_of(name) is None)]

    def resume(self, game: str) -> None:
        """Back to the game in progress (``midi`` or ``arriala``), from the home page; a game
        kept in the store is taken up first (:meth:`take_up_kept`)."""
        if self.match_of(game) is None and game in self.kept.offers:
            if pn.state.curdoc is not None:
                pn.state.execute(partial(self._resume_kept, game))
            return
        self._game_page = game
        self.go(game)

    # ------------------------------------------------------------------ leaving a game
    def _ask_leave(self, page: str, how: str) -> None:
        tr = translator(self.lang)
        self._pending = (page, how)
        self.leave_dialog.param.update(
            title=tr.ui("nav.leave_title", "Leave this game?"),
            message=tr.ui("nav.leave_message", "It will be kept: the home page offers to resume it."),
            stay_label=tr.ui("nav.stay", "Stay in the game"),
            leave_label=tr.ui("nav.leave", "Leave the game"), open=True)

    def _answer_leave(self, leave: bool) -> None:
        """The visitor's answer to "Leave this game?"."""
        self.touch()
        pending, self._pending = self._pending, None
        self.leave_dialog.open = False
        if pending is None:
            return
        page, how = pending
        if leave:
            self._arrive(page, how)
        elif how == "pop":  # the browser went Back: its address is the game's again
            self.history.set_address(self.url(), force=True)

    # ------------------------------------------------------------------ the address
    def url(self) -> str:
        """The address of what is shown (its query): ``?page=explorer&place=midi-VIII&lang=fr``."""
        query: dict[str, str] = {}
        if self.page != "home":
            query["page"] = self.page
        if self.page == "explorer" and self._explorer is not None:
            if self._explorer.section != "map":
                query["section"] = self._explorer.section
                if self._explorer.section == "people" and self._explorer.person:  # engineers
                    query["person"] = self._explorer.person
            elif self._explorer.place:
                query["place"] = self._explorer.place
        query["lang"] = self.lang
        if self.projector:
            query["mode"] = "projector"
        return "?" + urlencode(query)

    def _changed(self, *events: Any) -> None:
        self._render()
        page = any(e.name == "page" for e in events)
        self._sync_url(replace=not page or self._how != "push", top=page)

    def _sync_url(self, *, replace: bool = False, top: bool = False) -> None:
        self.history.set_address(self.url(), replace=replace, top=top)

    def follow_url(self, search: str) -> None:
        """The browser went Back or Forward to the address ``search``: show its page (the
        language stays the visitor's)."""
        self.touch()
        query = {k: v[-1] for k, v in parse_qs(search.lstrip("?")).items()}
        page, place, section = (str(query.get(k) or "") for k in ("page", "place", "section"))
        target = PAGE_FROM_URL.get(page, "home")
        if target == "explorer" or place or section:
            explorer = self.explorer()
            if place:
                explorer.show_place(place)
            elif section == "people" and query.get("person"):  # engineers
                if not explorer.show_person(str(query["person"])):
                    explorer.section = "people"
            elif section in SECTIONS:
                explorer.section = section
            target = "explorer"
        self._goto(target, "pop")

    def _set_notice(self, message: str | None) -> None:
        """Show (or take away) the message about an unknown address."""
        if message is None:
            if self._notice is not None:
                self._notice = None
                self._render()
            return
        self._notice = pn.pane.HTML(
            f"<p role='status' style='margin:0'>{text(message)}</p>", css_classes=["link-notice"],
            sizing_mode="stretch_width",
            styles={"background": "#fff3cd", "border": "0.12em solid #b5541c", "border-radius": "0.6em",
                    "padding": "0.2em 1em", "font-size": "1.1em"})
        self._render()

    def unknown_link(self, *, page: str | None = None, place: str | None = None) -> None:
        """Say, in the visitor's language, that the address names no such page or place."""
        tr = translator(self.lang)
        if place is not None:
            message = tr.ui("nav.unknown_place", "There is no place “{place}” in the exhibit. Choose one on the map "
                                                 "or in the list.", place=place[:40])
        else:
            message = tr.ui("nav.unknown_page", "There is no page “{page}” in the exhibit. Here is the home page.",
                            page=(page or "")[:40])
        self._set_notice(message)

    def open_place(self, place_id: str) -> bool:
        """Open the heritage explorer on a place: its id (``midi-VIII``) or a Canal du Midi
        card numeral (``VIII``). The table's "where is this?" link calls this. False (and
        the explorer opens on its map as it was) when no such place exists."""
        found = self.explorer().show_place(place_id)
        self.go("explorer")
        if not found:
            self.unknown_link(place=place_id)
        return found

    def open_person(self, person_id: str) -> None:
        """Open the people of the canals on a person (``vauban``): the table's introduction,
        the end screen and the home page link here (engineers). An unknown id shows
        the people, nobody first."""
        explorer = self.explorer()
        if not explorer.show_person(person_id):
            explorer.section = "people"
        self.go("explorer")

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
            # another place or section is the same page: the address follows, in place
            self._explorer.param.watch(lambda *_: self._explorer_moved(), ["place", "section", "person"])
        self._explorer.lang = self.lang
        self._explorer.game_in_progress = self.match_of(self._game_page) is not None
        return self._explorer

    def _explorer_moved(self) -> None:
        if self.page == "explorer":
            self._sync_url(replace=True)

    # ------------------------------------------------------------------ guide
    def guide_default(self, game: str) -> bool:
        """"Guide me through the first round" starts ticked for a visitor's first game of
        each kind, never in projector mode."""
        return not self.projector and game not in self._guided_games

    def _new_guide(self, game: str) -> GuideState | None:
        """The guide of a game started from its set-up page, if the visitor left it ticked
        ("play again" starts without: the set-up page is gone)."""
        setup, self._setup_view = self._setup_view, None
        self._guided_games.add(game)
        wanted = setup is not None and getattr(setup, "game", None) == game and setup.learning.guide.value
        return GuideState(game) if wanted else None

    def start(self, game: str, seats: list[Seat], first: int | None = None) -> None:
        """A new game of ``game`` for these seats, in place of this visitor's last one of it;
        ``first``: the seat the table chose to start (Arriala, A-R9), or None for chance."""
        self.touch()
        session = self.sessions[game]
        session.seats, session.first = list(seats), first
        self._discard(session.match)
        self.kept.drop(game)
        seed = session.seed if session.seed is not None else random.SystemRandom().randrange(2**31)
        match = games.kind(game).match_class(seats, seed=seed, first=first, lang=self.lang,
                                             **self._match_options(game))
        match.guide = self._new_guide(game)
        session.match = match
        self.kept.keep(match, self.lang)
        self._game_page = game
        self._arrive(game, "replace")  # the game takes the set-up's place in the history
        self._render()

    def again(self) -> None:
        """"Play again": a new game of the game on screen, with the same seats (a test's seed
        moves on by one)."""
        game = game_of_page(self.page) or self._game_page
        session = self.sessions[game]
        session.seed = None if session.seed is None else session.seed + 1
        self.start(game, session.seats, session.first)

    def reset(self) -> None:
        """Kiosk time-out: discard the game (and the explorer's state) and go home, without
        asking (the question, if open, is closed)."""
        self._pending = None
        self.leave_dialog.open = False
        self._notice = None
        for session in self.sessions.values():
            self._discard(session.match)  # its bots stop; a kept game is closed: the next visitor starts afresh
            session.match = None
        for game in list(self.kept.offers):
            self.kept.drop(game)
        self._explorer = None
        self._guided_games = set()  # guide — the next visitor is new
        if self.page == "home":
            self._render()  # drawn afresh: no game to resume
        else:
            self.page = "home"  # drawn once, by its watcher (drawn twice, a tap on the first went nowhere)

    # ------------------------------------------------------------------ kept games
    #: the server's classroom (set by :func:`create_app`; None: the one opened last in this process)
    room_service: Any = None

    def _classroom(self) -> Any:
        """The server's classroom, whose store keeps games (None outside ``canal-heritage serve``)."""
        return self.room_service or classroom()

    def _hello(self, token: str | None) -> None:
        """The page has sent the browser's visitor token (None or not one of ours: a new one
        is made and kept there); the games kept for it are looked for."""
        new = self.kept.hello(token)
        if new is not None:
            self.keeper.keep(new)
        if self._classroom() is not None and pn.state.curdoc is not None:
            pn.state.execute(self._look_for_kept)

    def _match_options(self, game: str) -> dict[str, Any]:
        """What this session gives a new match of ``game``, besides its seats and seed."""
        return {"projector": self.projector, "on_worker_failure": self.on_worker_failure,
                **self.match_options.get(game, {})}

    async def _look_for_kept(self) -> None:
        await self.look_for_kept()

    async def look_for_kept(self) -> list[str]:
        """The games kept for this browser (the newest of each game, while this page has none
        of it in progress): the home page offers to resume them (:meth:`resume`). Returns
        them (``midi``, ``arriala``)."""
        offers = await self.kept.look(lambda game: self.match_of(game) is not None)
        wanted = game_of_page(self._wanted or "")
        self._wanted = None
        if wanted is not None and wanted in offers and self.page == setup_page(wanted):
            await self._resume_kept(wanted, "replace")  # the address named its table (a reload): back to it
        elif offers and self.page == "home":
            self._render()  # "Resume your game"
        return list(offers)

    async def take_up_kept(self, game: str) -> bool:
        """Resume the kept game of ``game`` the home page offered, replayed from the store at
        its last decision (:meth:`~.rooms.visitor.VisitorShelf.take_up`). False if it cannot be."""
        taken = await self.kept.take_up(game, lang=self.lang, **self._match_options(game))
        if taken is None:
            return False
        session = self.sessions[game]
        self._discard(session.match)
        session.match, session.first = taken
        session.seats = list(session.match.seats)
        return True

    async def _resume_kept(self, game: str, how: str = "push") -> None:
        if await self.take_up_kept(game):
            self._game_page = game
            self._arrive(game, how)
        elif self.page == "home":
            self._render()  # the offer is gone

    @staticmethod
    def _discard(match: TableMatch | None) -> None:
        """A game replaced or left for good: its bots stop, and a kept game is closed."""
        if match is not None:
            match.close()
            if match.journal is not None:
                match.journal.close()

    def release_kept(self) -> None:
        """The page has closed: its games stay kept (another page of the browser may take
        them up) and its bots stop."""
        for match in (session.match for session in self.sessions.values()):
            if match is not None:
                match.close()
                if match.journal is not None:
                    match.journal.release()

    # ------------------------------------------------------------------ render
    def _frame(self, view: Any) -> list[Any]:
        """The root's components around the page's ``view``."""
        notice = [self._notice] if self._notice is not None else []
        return [*notice, view, self.guard, self.history, self.leave_dialog, self.keeper]

    def _render(self) -> None:
        self.guard.enabled = self.kiosk and self.page != "home"
        game = game_of_page(self.page)
        session = self.sessions[game] if game is not None else None
        if session is not None and session.table is not None and session.table.match is session.match:
            # the same game (a new language, say): the table follows its match by itself
            if self._root.objects != self._frame(session.table):
                self._root.objects = self._frame(session.table)
            return
        for other in self.sessions.values():  # an old table stops following its match
            if other.table is not None:
                other.table.dispose()
                other.table = None
        if self.attract is not None:
            (self.attract.start if self.page == "home" else self.attract.stop)()
        setup = next((name for name in self.sessions if self.page == setup_page(name)), None)
        view: Any
        if setup is not None:
            view = self._setup_view = screens(setup).setup(
                lang=self.lang, on_start=partial(self.start, setup), on_back=lambda: self.go("home"),
                guide_default=self.guide_default(setup))
        elif game is not None and session is not None and session.match is not None:
            table = session.table = screens(game).table(
                session.match, executor=self.executor, on_home=lambda: self.go("home"), on_again=self.again,
                on_touch=self.touch, on_language=self.set_language)
            table.on_place = self.open_place  # "where is this?", "read the story": the place in the explorer
            link_people(table, self.open_person)  # the introduction's and the end screen's people
            view = table
        elif self.page == "explorer":
            view = self.explorer()
        else:
            view = Home(lang=self.lang, on_language=self.set_language, on_play=lambda g: self.go(setup_page(g)),
                        on_heritage=lambda: self.go("explorer"), attract=self.attract, projector=self.projector,
                        on_projector=None if self.kiosk else self.set_projector, kinds=list(self.sessions),
                        in_progress=self.games_in_progress(), on_resume=self.resume,
                        on_people=lambda: self.open_person("riquet"))  # welcome (Riquet's page)
        self._root.objects = self._frame(view)


def create_app(*, kiosk: bool = False, idle_after: float = 90, countdown: int = 20,
               executor: Executor | Callable[[], Executor] | None = None,
               on_worker_failure: Callable[[BaseException], None] | None = None, seed: int | None = None,
               classroom: Any = None, match_options: dict[str, dict[str, Any]] | None = None) -> pn.viewable.Viewable:
    """Build one session's app, reading ``?lang=``, ``?mode=``, ``?page=explorer``,
    ``&place=`` and ``&section=`` from the URL.

    Args:
        kiosk: the museum kiosk (attract loop, back home after ``idle_after`` seconds
            without a touch and ``countdown`` seconds to answer "still there?").
        executor: where bots think: an executor, or a function returning the current one
            (a broken pool is replaced); None runs them in threads of this process.
        on_worker_failure: told when a bot worker fails (the server rebuilds its pool).
        seed, match_options: for tests and benchmarks (``match_options``: each registered
            game's extra match options, by its name).
        classroom: the server's classroom, whose store keeps a visitor's games (default: the
            one opened last in this process).
    """
    query = pn.state.location.query_params if pn.state.location is not None else {}
    lang = normalise_language(query.get("lang"))
    projector = query.get("mode") == "projector"
    options: dict[str, dict[str, Any]] = {name: dict(o) for name, o in (match_options or {}).items()}
    app = ExhibitApp(kiosk=kiosk, projector=projector, idle_after=idle_after, countdown=countdown,
                     executor=executor, on_worker_failure=on_worker_failure, seed=seed, match_options=options,
                     lang=lang)
    app.room_service = classroom
    open_url(app, query)
    if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
        pn.state.on_session_destroyed(lambda _context: app.release_kept())  # kept games
        pn.state.add_periodic_callback(app.guard.tick, period=1000)
        pn.state.curdoc.title = translator(lang).ui("home.title", "The canals of the two seas")
        pn.state.curdoc.template = main_landmark()  # layout — the page's content in <main>
    return app.__panel__()


def main_landmark() -> Any:
    """Panel's page template with the exhibit inside one ``<main>`` landmark (screen readers
    jump to it; axe-core's "landmark-one-main" and "region" rules), laid out at the device's
    own width: without the viewport line a phone draws the page 980 px wide and shrinks it to
    a third, text and buttons with it (pinch-zoom stays allowed)."""
    from panel.io.resources import _env

    return _env.from_string('{% extends "base.html" %}'
                            '{% block inner_head %}<meta name="viewport" content="width=device-width, initial-scale=1">'
                            '{{ super() }}{% endblock %}'
                            '{% block contents %}<main class="exhibit-main">{{ super() }}</main>{% endblock %}')


def open_url(app: ExhibitApp, query: dict[str, Any]) -> None:
    """Open the page the address asks for: ``?page=explorer`` (``heritage`` too), on a
    ``place`` or a ``section``; a ``place`` alone is enough; a game's page (its set-up
    when no game is in progress). An unknown page or place is said so, in the visitor's
    language (the home page, or the explorer's map, is shown)."""
    page, place, section = (str(query.get(k) or "") for k in ("page", "place", "section"))
    if place or page in ("explorer", "heritage") or section:
        explorer = app.explorer()
        found = explorer.show_place(place) if place else True
        if not place and section in SECTIONS:
            explorer.section = section
            if section == "people" and query.get("person"):  # engineers
                explorer.show_person(str(query["person"]))
        app._arrive("explorer", "replace")
        if not found:
            app.unknown_link(place=place)
    elif page in PAGE_FROM_URL:
        app._arrive(PAGE_FROM_URL[page], "replace")
    elif page:
        app.unknown_link(page=page)
