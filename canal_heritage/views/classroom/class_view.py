"""The teacher's view of the whole class: every room of the server at a glance, kept up to
date while the class plays.

For each room: its code, game and round; whose turn it is (who the table is waiting on);
each seat with a shape and words — connected, away (the device closed or lost), idle (their
turn for over a minute), a bot — never colour alone; paused. Finished games move to their
own list with who won. Under them, the rules the class tripped on most (refusals counted by
rule, no student named), so the teacher knows what to explain to everyone. From here the
teacher pauses every room at once, ends the lesson (every room closed, after a second
click), or puts one room on the projector.

The view looks at the rooms (:func:`canal_heritage.rooms.overview.snapshots`) every half
second on the teacher's page and redraws only what changed; the store (the trips) is read
in the store's thread, every few seconds.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Any

import panel as pn

from ... import games
from ...i18n import translator
from ...rooms.hub import Hub
from ...rooms.overview import RoomEnd, RoomNow, SeatNow, room_end, snapshots
from ...rooms.room import Room
from ...rooms.trips import describe_trips
from .. import screens
from ..theme import ACCENT, CANAL, INK, MUTED, SURFACE, button, html, text

log = logging.getLogger(__name__)

#: How often the view looks at the rooms (ms): a move shows within a second.
LOOK_MS = 500
#: How often the rules tripped on are read again from the store (in looks: every 5 s).
TRIPS_EVERY = 10

CLASS_CSS = f"""
.room-cards {{ display: grid; grid-template-columns: repeat(auto-fill, minmax(min(100%, 17em), 1fr)); gap: 0.5em; }}
.room-card {{ background: {SURFACE}; border: 0.12em solid {CANAL}; border-radius: 0.7em; padding: 0.5em 0.8em;
  min-width: 0; }}
.room-card.over {{ border-style: dashed; border-color: {MUTED}; }}
.room-card h3 {{ margin: 0 0 0.2em; font-size: 1.15em; display: flex; flex-wrap: wrap; gap: 0 0.6em;
  align-items: baseline; }}
.room-card .code {{ font-family: ui-monospace, "DejaVu Sans Mono", monospace; letter-spacing: 0.12em; }}
.room-card .game {{ font-weight: 600; }}
.room-card .round, .room-card .joined {{ color: {MUTED}; font-weight: 400; font-size: 0.9em; }}
.room-card .waiting {{ margin: 0.15em 0; }}
.room-card .flag {{ color: {ACCENT}; font-weight: 700; }}
.room-card ul {{ list-style: none; margin: 0.2em 0 0; padding: 0; display: grid; gap: 0.15em; }}
.room-card li {{ display: flex; gap: 0.45em; align-items: baseline; overflow-wrap: anywhere; }}
.room-card li .dot {{ width: 1.1em; flex: none; text-align: center; }}
.room-card li.turn {{ font-weight: 700; color: {INK}; }}
.room-card .sr-only {{ position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }}
.trips {{ margin: 0.2em 0 0.4em; padding-left: 1.3em; }}
.trips li {{ margin: 0.15em 0; }}
"""


class ClassView:
    """The class at a glance (module docstring), a part of the teacher's page.

    Args:
        hub: the server's rooms.
        lang: the page's language.
        on_show: puts a room on the projector (the teacher's page shows it).
        on_ended: told, once the lesson is ended, what each room ended with and the class
            sessions of those rooms (the teacher's page shows the class's results).
    """

    def __init__(self, hub: Hub, lang: str, *, on_show: Callable[[Room], Any],
                 on_ended: Callable[[list[RoomEnd], set[int]], Any] | None = None) -> None:
        self.hub = hub
        self.on_ended = on_ended
        self.lang = lang
        self.on_show = on_show
        self._seen: Any = None
        self._trips_seen: list[str] | None = None
        self._looks = 0
        self._reading: asyncio.Task[None] | None = None
        self.looking: Any = None  # the page's periodic look while the view is shown
        self._shows: dict[str, pn.widgets.Button] = {}
        self._shown_ids: dict[int, tuple[str, ...]] = {}  # each section's rooms, as its buttons show them
        self._running = pn.Column(margin=0, sizing_mode="stretch_width", css_classes=["class-running"])
        self._finished = pn.Column(margin=0, sizing_mode="stretch_width", css_classes=["class-finished"])
        self._trips_box = html("", stylesheets=[CLASS_CSS], sizing_mode="stretch_width", margin=0,
                               css_classes=["class-trips"], visible=False)
        tr = self.tr
        self._pause_all = button(tr.ui("class.pause_all", "Pause every room"), self._toggle_pause_all,
                                 kind="warning", name="pause-all")
        self._end_all = button(tr.ui("class.end_all", "End the lesson"), self._ask_end_all, name="end-all",
                               description=tr.ui("class.end_all_help", "Close every room: the codes stop working, "
                                                 "the results stay"))
        self._asked_end = False
        self._bar = pn.Row(self._pause_all, self._end_all, margin=0, css_classes=["class-bar"],
                           styles={"flex-wrap": "wrap", "gap": "0.4em"})
        self._root = pn.Column(self._bar, self._running, self._finished, self._trips_box, margin=0,
                               sizing_mode="stretch_width", css_classes=["class-view"], visible=False)
        self.refresh()

    @property
    def tr(self) -> Any:
        return translator(self.lang)

    def draw(self) -> pn.Column:
        """The view (hidden while no room is open)."""
        return self._root

    # ------------------------------------------------------------------ looking
    def rooms(self) -> list[Room]:
        """The rooms shown: running or over, not closed."""
        return [r for r in self.hub.rooms.values() if r.status != "closed"]

    def refresh(self) -> None:
        """Look at the rooms; redraw what changed since the last look."""
        rooms = self.rooms()
        now = snapshots(rooms)
        self._looks += 1
        if now != self._seen:
            self._seen = now
            self._draw(rooms, now)

    def _draw(self, rooms: list[Room], now: list[RoomNow]) -> None:
        by_id = {r.id: r for r in rooms}
        tr = self.tr
        running = [s for s in now if not s.over]
        finished = [s for s in now if s.over]
        for gone in set(self._shows) - set(by_id):
            del self._shows[gone]
        self._section(self._running, tr.ui("class.running", "Rooms playing now"), running, by_id)
        self._section(self._finished, tr.ui("class.finished", "Finished"), finished, by_id)
        self._pause_all.visible = bool(running)
        every_paused = bool(running) and all(s.paused for s in running)
        self._pause_all.label = (tr.ui("class.go_on_all", "Let every room go on") if every_paused else
                                 tr.ui("class.pause_all", "Pause every room"))
        self._root.visible = bool(now)

    def _section(self, box: pn.Column, title: str, rooms: list[RoomNow], by_id: dict[str, Room]) -> None:
        """``box`` shows a heading, the rooms' cards side by side (as many to a line as the window
        holds, one on a phone), and a line of buttons, one per room, that put it on the
        projector. A move changes the cards' text only; the line of buttons is made again when
        the rooms themselves change (new models at every move would be sent to the browser)."""
        if not rooms:
            box.objects = []
            return
        cards = "".join(self._card_markup(by_id[s.id], s) for s in rooms)
        markup = f"<h2 style='margin:0.4em 0 0.2em'>{text(title)}</h2><div class='room-cards'>{cards}</div>"
        ids = tuple(s.id for s in rooms)
        if box.objects and self._shown_ids.get(id(box)) == ids:
            box.objects[0].object = markup
            return
        show = self.tr.ui("class.show", "On the projector:")
        self._shown_ids[id(box)] = ids
        box.objects = [html(markup, stylesheets=[CLASS_CSS], sizing_mode="stretch_width", margin=0),
                       pn.FlexBox(html(f"<p style='margin:0'>{text(show)}</p>", margin=0),
                                  *(self._show_button(by_id[i]) for i in ids), flex_wrap="wrap",
                                  align_items="center", gap="0.3em 0.5em", margin=(4, 0),
                                  sizing_mode="stretch_width", css_classes=["projector-picks"])]

    def _show_button(self, room: Room) -> pn.widgets.Button:
        """A room's button to the projector, made once per room (new models at every look would
        be sent to the browser again)."""
        if room.id not in self._shows:
            label = self.tr.ui("class.show_room", "Show room {code} on the projector", code=room.code)
            self._shows[room.id] = button(room.code, self._show(room.id), name=f"show-{room.code}",
                                          description=label)
        return self._shows[room.id]

    def _card_markup(self, room: Room, s: RoomNow) -> str:
        tr = self.tr
        game = games.kind(s.game).title_in(tr.ui)
        progress = (tr.ui("class.game_over", "game over") if s.over else
                    tr.ui("class.round", "round {n}", n=s.round))
        joined = tr.ui("class.here", "students here: {joined} of {students}", joined=s.joined, students=s.students)
        head = (f"<h3><span class='code'>{text(s.code)}</span><span class='game'>{text(game)}</span>"
                f"<span class='round'>{text(progress)}</span><span class='joined'>{text(joined)}</span></h3>")
        lines = []
        if s.paused and not s.over:
            paused = tr.ui("class.paused", "Paused")
            lines.append(f"<p class='waiting flag'>⏸ {text(paused)}</p>")
        if s.over:
            names = ", ".join(self._who(room, i) for i in s.winners)
            won = tr.ui("class.won", "Won: {names}", names=names)
            lines.append(f"<p class='waiting'>★ {text(won)}</p>")
        else:
            waiting = s.waiting_on
            if waiting is not None:
                words = (tr.ui("class.bot_thinking", "A bot is playing ({seat})", seat=self._who(room, waiting.index))
                         if waiting.kind == "bot" or waiting.standin else
                         tr.ui("class.waiting_join", "Waiting for a student to take {seat}",
                               seat=self._who(room, waiting.index)) if waiting.free else
                         tr.ui("class.waiting_on", "Waiting on {name}", name=self._who(room, waiting.index)))
                lines.append(f"<p class='waiting'>{text(words)}</p>")
        seats = "".join(self._seat_line(room, seat, s) for seat in s.seats)
        label = tr.ui("class.room_label", "Room {code}", code=s.code)
        return (f"<section class='room-card{' over' if s.over else ''}' aria-label='{text(label)}'>{head}"
                f"{''.join(lines)}<ul>{seats}</ul></section>")

    def _who(self, room: Room, seat: int) -> str:
        h = room.seats[seat]
        return (h.name or "") if h.kind == "student" and h.name else screens.seat_mark(room.match, seat)

    def _seat_line(self, room: Room, seat: SeatNow, s: RoomNow) -> str:
        tr = self.tr
        mark = screens.seat_mark(room.match, seat.index)
        flags = []
        if seat.kind == "bot":
            dot, words = "⚙", tr.ui("class.seat_bot", "a bot")
        elif seat.free:
            dot, words = "○", tr.ui("class.seat_free", "free: nobody has joined")
        elif seat.standin:
            dot, words = "⚙", tr.ui("teacher.seat_standin", "{name}: a bot plays for them", name=seat.name)
        elif seat.connected:
            dot, words = "●", tr.ui("teacher.seat_here", "{name}: connected", name=seat.name)
        else:
            dot, words = "◌", tr.ui("class.seat_away", "{name}: away (device closed or lost)", name=seat.name)
            flags.append("away")
        if seat.idle:
            words += " — " + tr.ui("class.seat_idle", "idle for over a minute")
            flags.append("idle")
        classes = " ".join((["turn"] if seat.to_move and not s.over else []) + flags)
        flag = "flag" if flags else ""
        turn = " <span class='sr-only'>(" + text(tr.ui("teacher.their_turn", "their turn")) + ")</span>" if (
            seat.to_move and not s.over) else ""
        return (f"<li class='{classes}'><span class='dot' aria-hidden='true'>{'▶' if turn else dot}</span>"
                f"<span class='{flag}'>{text(mark)} · {text(words)}{turn}</span></li>")

    # ------------------------------------------------------------------ the rules tripped on
    async def load_trips(self) -> None:
        """Read the rules tripped on in the store's thread, then show them."""
        classes = {r.class_session_id for r in self.rooms() if r.class_session_id is not None}
        try:
            lines = await asyncio.get_running_loop().run_in_executor(self.hub.io, self.trip_lines, classes)
        except Exception:
            log.exception("could not read the rules tripped on")
            return
        self.show_trips(lines)

    def trip_lines(self, classes: set[int]) -> list[str]:
        """In the store's thread: the rules tripped on in the rooms of ``classes`` (class
        sessions), in words, most often first."""
        counts: dict[tuple[str, str], int] = {}
        for cid in classes:
            for key, n in self.hub.trips(cid).items():
                counts[key] = counts.get(key, 0) + n
        return describe_trips(counts, self.tr)

    def lesson_facts(self, classes: set[int]) -> tuple[str, list[str]]:
        """In the store's thread: the names of ``classes`` and the rules they tripped on."""
        labels = [label for cid, label, _ in self.hub.store.classes() if cid in classes]
        return " · ".join(labels), self.trip_lines(classes)

    def show_trips(self, lines: list[str]) -> None:
        if lines == self._trips_seen:
            return
        self._trips_seen = lines
        tr = self.tr
        title = tr.ui("class.trips", "What the class trips on")
        hint = tr.ui("class.trips_hint", "Moves the rules refused, counted for the whole class (nobody named): "
                     "worth explaining to everyone.")
        items = "".join(f"<li>{text(line)}</li>" for line in lines[:5])
        self._trips_box.object = (f"<h2 style='margin:0.5em 0 0.1em'>{text(title)}</h2>"
                                  f"<p style='margin:0;color:{MUTED}'>{text(hint)}</p><ol class='trips'>{items}</ol>")
        self._trips_box.visible = bool(lines)

    def look(self) -> None:
        """One look (the page's periodic callback, on the server's event loop): the rooms now;
        every :data:`TRIPS_EVERY` looks, the store read in its thread, shown when read."""
        self.refresh()
        if self._looks % TRIPS_EVERY == 1 and self._reading is None:
            self._reading = asyncio.get_running_loop().create_task(self.load_trips())
            self._reading.add_done_callback(lambda _t: setattr(self, "_reading", None))

    def start_looking(self) -> None:
        """Look at the rooms every :data:`LOOK_MS` while the view is shown (in a server)."""
        self.stop_looking()
        if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            self.looking = pn.state.add_periodic_callback(self.look, period=LOOK_MS)

    def stop_looking(self) -> None:
        if self.looking is not None:
            self.looking.stop()
            self.looking = None

    # ------------------------------------------------------------------ the teacher's buttons
    def _show(self, room_id: str) -> Callable[[Any], None]:
        def show(_event: Any) -> None:
            room = self.hub.rooms.get(room_id)
            if room is not None and room.status != "closed":
                self.on_show(room)
            else:
                self.refresh()
        return show

    def _toggle_pause_all(self, _event: Any = None) -> None:
        running = [r for r in self.rooms() if r.open and not r.over]
        pause = not all(r.paused for r in running)
        for r in running:
            if r.paused != pause:
                r.set_paused(pause)
        self.refresh()

    async def _ask_end_all(self, _event: Any = None) -> None:
        tr = self.tr
        if not self._asked_end:
            self._asked_end = True
            self._end_all.label = tr.ui("class.end_all_sure", "Close every room now? (click again)")
            return
        await self.end_all()

    async def end_all(self) -> None:
        """Close every room (the lesson is over): codes stop working, results stay in the store.
        What each room ended with is read before it closes, for the class's results."""
        rooms = [r for r in self.rooms() if r.status != "closed"]
        ends = [room_end(r) for r in rooms]
        classes = {r.class_session_id for r in rooms if r.class_session_id is not None}
        for r in rooms:
            await r.close()
        self._asked_end = False
        self._end_all.label = self.tr.ui("class.end_all", "End the lesson")
        self.refresh()
        if self.on_ended is not None:
            self.on_ended(ends, classes)
