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

import asyncio
import logging
import random
from collections.abc import Callable
from concurrent.futures import Executor
from functools import partial
from typing import Any
from urllib.parse import parse_qs, urlencode

import panel as pn
import param

from .i18n import LANGUAGES, normalise_language, translator
from .matches.arriala import ArrialaMatch
from .matches.guide import GuideState  # guide
from .matches.midi import MidiMatch, Seat
from .views.arriala_setup import ArrialaSetup
from .views.arriala_table import ArrialaTable
from .views.explorer import SECTIONS, HeritageExplorer
from .views.home import Home, MidiSetup
from .views.intro import link_people
from .views.kiosk import AttractLoop, IdleGuard
from .views.midi_table import MidiTable
from .views.navigation import History, LeaveDialog, VisitorKeeper
from .views.theme import root_styles, text

#: each page's name in the address (``?page=…``); home has none
PAGE_IN_URL = {"home": "", "setup": "midi-setup", "table": "midi", "explorer": "explorer",
               "arriala-setup": "arriala-setup", "arriala": "arriala"}
#: the pages an address may name (the names above, the pages' own names and ``heritage``)
PAGE_FROM_URL = {**{v: k for k, v in PAGE_IN_URL.items()}, **{k: k for k in PAGE_IN_URL}, "heritage": "explorer"}
#: the games' pages, and their set-up pages
GAME_PAGES = {"table": "setup", "arriala": "arriala-setup"}
#: each game's page
GAME_PAGE_OF = {"midi": "table", "arriala": "arriala"}

log = logging.getLogger(__name__)


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
        self._token: str | None = None
        self._kept_offers: dict[str, str] = {}  # game -> the kept game's room id, offered on the home page
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
        if page in GAME_PAGES and self.game(page) is None:
            # an address of a game no longer here: its set-up, unless a game kept for this
            # browser comes up (a reload: :meth:`look_for_kept` then takes it up)
            self._wanted = page
            page = GAME_PAGES[page]
        changed = page != self.page
        self._how = how
        try:
            self.page = page  # its watcher draws the page and updates the address
        finally:
            self._how = "push"
        if not changed:
            self._sync_url(replace=how != "push")

    def game(self, page: str | None = None) -> MidiMatch | ArrialaMatch | None:
        """The game of a game's page (``table``, ``arriala``; the shown page by default)."""
        page = self.page if page is None else page
        return self.match if page == "table" else self.arriala if page == "arriala" else None

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
        return [name for name, page in GAME_PAGE_OF.items()
                if self.running(page) or (name in self._kept_offers and self.game(page) is None)]

    def resume(self, game: str) -> None:
        """Back to the game in progress (``midi`` or ``arriala``), from the home page; a game
        kept in the store is taken up first (:meth:`take_up_kept`)."""
        page = "arriala" if game == "arriala" else "table"
        if self.game(page) is None and game in self._kept_offers:
            if pn.state.curdoc is not None:
                pn.state.execute(partial(self._resume_kept, game))
            return
        self._game_page = page
        self.go(page)

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
        if PAGE_IN_URL.get(self.page):
            query["page"] = PAGE_IN_URL[self.page]
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
        self._explorer.game_in_progress = (self.arriala if self._game_page == "arriala" else self.match) is not None
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

    def start_midi(self, seats: list[Seat]) -> None:
        self.touch()
        self._seats = seats
        seed = self._seed if self._seed is not None else random.SystemRandom().randrange(2**31)
        self._discard(self.match)
        self._drop_offer("midi")
        self.match = MidiMatch(seats, seed=seed, lang=self.lang, projector=self.projector,
                               expert_iterations=self.expert_iterations, on_worker_failure=self.on_worker_failure)
        self.match.guide = self._new_guide("midi")  # guide
        self._keep(self.match)
        self._game_page = "table"
        self._arrive("table", "replace")  # the game takes the set-up's place in the history
        self._render()

    def start_arriala(self, seats: list[Seat], first: int | None = None) -> None:
        """A game of Arriala for these seats; ``first`` is the seat the table chose (A-R9)."""
        self.touch()
        self._arriala_seats = (seats, first)
        self._discard(self.arriala)
        self._drop_offer("arriala")
        seed = self._arriala_seed if self._arriala_seed is not None else random.SystemRandom().randrange(2**31)
        options: dict[str, Any] = {} if self.arriala_pace is None else {"pace": self.arriala_pace}
        self.arriala = ArrialaMatch(seats, seed=seed, first=first, lang=self.lang, projector=self.projector,
                                    overrides=self.arriala_overrides, on_worker_failure=self.on_worker_failure,
                                    **options)
        self.arriala.guide = self._new_guide("arriala")  # guide
        self._keep(self.arriala)
        self._game_page = "arriala"
        self._arrive("arriala", "replace")
        self._render()

    def again_arriala(self) -> None:
        self._arriala_seed = None if self._arriala_seed is None else self._arriala_seed + 1
        self.start_arriala(*self._arriala_seats)

    def again(self) -> None:
        self._seed = None if self._seed is None else self._seed + 1
        self.start_midi(self._seats)

    def reset(self) -> None:
        """Kiosk time-out: discard the game (and the explorer's state) and go home, without
        asking (the question, if open, is closed)."""
        self._pending = None
        self.leave_dialog.open = False
        self._notice = None
        self._discard(self.match)  # its bots stop; a kept game is closed: the next visitor starts afresh
        self._discard(self.arriala)
        for game in list(self._kept_offers):
            self._drop_offer(game)
        self.match = None
        self.arriala = None
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
        from .rooms.service import classroom

        return self.room_service or classroom()

    def _hello(self, token: str | None) -> None:
        """The page has sent the browser's visitor token (None or not one of ours: a new one
        is made and kept there); the games kept for it are looked for."""
        from .rooms.visitor import new_token, valid_token

        if not valid_token(token):
            token = new_token()
            self.keeper.keep(token)
        self._token = token
        if self._classroom() is not None and pn.state.curdoc is not None:
            pn.state.execute(self._look_for_kept)

    def _match_options(self, game: str) -> dict[str, Any]:
        if game == "midi":
            return {"projector": self.projector, "expert_iterations": self.expert_iterations,
                    "on_worker_failure": self.on_worker_failure}
        return {"projector": self.projector, "on_worker_failure": self.on_worker_failure,
                **({} if self.arriala_pace is None else {"pace": self.arriala_pace})}

    async def _look_for_kept(self) -> None:
        await self.look_for_kept()

    async def look_for_kept(self) -> list[str]:
        """The games kept for this browser (the newest of each game, while this page has none
        of it in progress): the home page offers to resume them (:meth:`resume`). Returns
        them (``midi``, ``arriala``)."""
        from .rooms.visitor import kept_games

        room, token = self._classroom(), self._token
        if room is None or token is None:
            return []
        try:
            records = await asyncio.get_running_loop().run_in_executor(room.hub.io, kept_games, room.store, token)
        except Exception:  # the store is unavailable: nothing to offer, nothing lost
            log.exception("could not look for the games kept for a visitor")
            return []
        offers: dict[str, str] = {}
        for record in records:  # the newest first
            if record.game not in offers and self.game(GAME_PAGE_OF[record.game]) is None:
                offers[record.game] = record.id
        self._kept_offers = offers
        wanted = next((g for g, p in GAME_PAGE_OF.items() if p == self._wanted), None)
        self._wanted = None
        if wanted in offers and self.page == GAME_PAGES[GAME_PAGE_OF[wanted]]:
            await self._resume_kept(wanted, "replace")  # the address named its table (a reload): back to it
        elif offers and self.page == "home":
            self._render()  # "Resume your game"
        return list(offers)

    async def take_up_kept(self, game: str) -> bool:
        """Resume the kept game of ``game`` the home page offered: a page of this server that
        plays it lets it go (:func:`~.rooms.visitor.take_over`), and it is replayed from the
        store at its last decision. False if it cannot be (closed meanwhile, or a record this
        version cannot replay: then closed, never offered again)."""
        from .rooms.visitor import KeptGame, restore, take_over

        room, room_id = self._classroom(), self._kept_offers.pop(game, None)
        if room is None or room_id is None:
            return False
        await take_over(room_id)
        loop = asyncio.get_running_loop()
        try:
            record = await loop.run_in_executor(room.hub.io, room.store.room, room_id)
        except Exception:
            log.exception("could not read a kept game")
            return False
        if record is None or record.status != "open":
            return False
        try:
            match = restore(record, store=room.store, io=room.hub.io, lang=self.lang, **self._match_options(game))
        except Exception:
            log.exception("a kept game could not be resumed: its record is closed")
            KeptGame(room.store, room.hub.io, room_id).close()
            return False
        if game == "midi":
            self._discard(self.match)
            self.match, self._seats = match, list(match.seats)  # type: ignore[assignment]
        else:
            self._discard(self.arriala)
            self.arriala, self._arriala_seats = match, (list(match.seats), record.first)  # type: ignore[assignment]
        return True

    async def _resume_kept(self, game: str, how: str = "push") -> None:
        if await self.take_up_kept(game):
            self._game_page = GAME_PAGE_OF[game]
            self._arrive(GAME_PAGE_OF[game], how)
        elif self.page == "home":
            self._render()  # the offer is gone

    def _keep(self, match: MidiMatch | ArrialaMatch) -> None:
        """Keep a new game in the store (inside a server, once the browser's token is known)."""
        from .rooms.visitor import KeptGame

        room = self._classroom()
        if room is None or self._token is None:
            return
        try:
            KeptGame.start(match, store=room.store, io=room.hub.io, kind="kiosk" if self.kiosk else "visitor",
                           token=self._token, lang=self.lang)
        except Exception:  # the game goes on, unkept
            log.exception("a visitor's game could not be kept")

    def _drop_offer(self, game: str) -> None:
        """A new game of ``game`` instead of the kept one offered (or the kiosk's next visitor):
        the kept one is closed, never offered again."""
        from .rooms.visitor import KeptGame

        room_id, room = self._kept_offers.pop(game, None), self._classroom()
        if room_id is not None and room is not None:
            KeptGame(room.store, room.hub.io, room_id).close()

    @staticmethod
    def _discard(match: MidiMatch | ArrialaMatch | None) -> None:
        """A game replaced or left for good: its bots stop, and a kept game is closed."""
        if match is not None:
            match.close()
            if match.journal is not None:
                match.journal.close()

    def release_kept(self) -> None:
        """The page has closed: its games stay kept (another page of the browser may take
        them up) and its bots stop."""
        for match in (self.match, self.arriala):
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
        if self.page == "table" and self._table is not None and self._table.match is self.match:
            # the same game (a new language, say): the table follows its match by itself
            if self._root.objects != self._frame(self._table):
                self._root.objects = self._frame(self._table)
            return
        if self.page == "arriala" and self._arriala_table is not None and self._arriala_table.match is self.arriala:
            if self._root.objects != self._frame(self._arriala_table):
                self._root.objects = self._frame(self._arriala_table)
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
            view: Any = MidiSetup(lang=self.lang, on_start=self.start_midi, on_back=lambda: self.go("home"),
                                  guide_default=self.guide_default("midi"))  # guide
            self._setup_view = view
        elif self.page == "table" and self.match is not None:
            view = self._table = MidiTable(self.match, executor=self.executor, on_home=lambda: self.go("home"),
                                           on_again=self.again, on_touch=self.touch, on_language=self.set_language)
            self._table.on_place = self.open_place  # "where is this?": the site in play, on the map
            link_people(self._table, self.open_person)  # engineers (the introduction's links)
        elif self.page == "arriala-setup":
            view = ArrialaSetup(lang=self.lang, on_start=self.start_arriala, on_back=lambda: self.go("home"),
                                guide_default=self.guide_default("arriala"))  # guide
            self._setup_view = view
        elif self.page == "arriala" and self.arriala is not None:
            view = self._arriala_table = ArrialaTable(self.arriala, executor=self.executor,
                                                      on_home=lambda: self.go("home"), on_again=self.again_arriala,
                                                      on_touch=self.touch, on_language=self.set_language)
            self._arriala_table.on_place = self.open_place  # "read the story": the place in the explorer
            link_people(self._arriala_table, self.open_person)  # engineers (Riquet's page at the end)
        elif self.page == "explorer":
            view = self.explorer()
        else:
            view = Home(lang=self.lang, on_language=self.set_language, on_play_midi=lambda: self.go("setup"),
                        on_heritage=lambda: self.go("explorer"), attract=self.attract, projector=self.projector,
                        on_projector=None if self.kiosk else self.set_projector,
                        on_play_arriala=lambda: self.go("arriala-setup"),
                        in_progress=self.games_in_progress(), on_resume=self.resume,
                        on_people=lambda: self.open_person("riquet"))  # welcome (Riquet's page)
        self._root.objects = self._frame(view)


def create_app(*, kiosk: bool = False, idle_after: float = 90, countdown: int = 20,
               executor: Executor | Callable[[], Executor] | None = None,
               on_worker_failure: Callable[[BaseException], None] | None = None, seed: int | None = None,
               expert_iterations: int | None = None, arriala_pace: float | None = None,
               arriala_overrides: dict[str, Any] | None = None, classroom: Any = None) -> pn.viewable.Viewable:
    """Build one session's app, reading ``?lang=``, ``?mode=``, ``?page=explorer``,
    ``&place=`` and ``&section=`` from the URL.

    Args:
        kiosk: the museum kiosk (attract loop, back home after ``idle_after`` seconds
            without a touch and ``countdown`` seconds to answer "still there?").
        executor: where bots think: an executor, or a function returning the current one
            (a broken pool is replaced); None runs them in threads of this process.
        on_worker_failure: told when a bot worker fails (the server rebuilds its pool).
        seed, expert_iterations, arriala_pace, arriala_overrides: for tests and benchmarks.
        classroom: the server's classroom, whose store keeps a visitor's games (default: the
            one opened last in this process).
    """
    query = pn.state.location.query_params if pn.state.location is not None else {}
    lang = normalise_language(query.get("lang"))
    projector = query.get("mode") == "projector"
    app = ExhibitApp(kiosk=kiosk, projector=projector, idle_after=idle_after, countdown=countdown,
                     executor=executor, on_worker_failure=on_worker_failure, seed=seed,
                     expert_iterations=expert_iterations, lang=lang,
                     arriala_pace=arriala_pace, arriala_overrides=arriala_overrides)
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
