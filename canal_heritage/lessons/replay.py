"""A game reopened in a notebook from its code, to replay and discuss it decision by decision
: a classroom room's code (shown on the projector and in the teacher's
results), or the code the exhibit's end screen shows for a game kept by ``canal-heritage serve``.

    game = replay.open_game("K7MX9", lang)     # the code shown on the projector
    game                                         # a widget: ◀ ▶, the story so far, the table
    game.show(12)                                # the same as text, after 12 decisions

The game is rebuilt by the engine from its seed and its stored decisions, as the server
resumes a room. It shows everything, hands included: it is for the teacher at the projector
after the game (the same rule as the database, ``docs/store.md``).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .. import games
from ..i18n import translator
from ..rooms.codes import normalize_code
from ..store import RoomRecord, Store, StoreError
from .arriala import board_svg
from .common import HTMLBlock, Storyteller, bullet_html, display_widget
from .midi import holdings_html

if TYPE_CHECKING:
    import ipywidgets


#: The code an exhibit game's end screen shows (six hexadecimal characters; stored with a "~").
VISITOR_CODE = re.compile(r"[0-9a-fA-F]{6}")

#: each game's table as a replay draws it after a decision (its state, the language, the names)
TABLES: dict[str, Callable[[Any, str, Sequence[str]], str]] = {
    "midi": lambda state, lang, names: holdings_html(state, lang, names=names).markup,
    "arriala": lambda state, lang, names: board_svg(state, lang),
}


class ReplayError(ValueError):
    """The code names no game that can be replayed (the message says why)."""


class Replay:
    """A stored game and its decisions; :meth:`state_at` rebuilds the game after ``k`` of them."""

    def __init__(self, record: RoomRecord, lang: str) -> None:
        self.record = record
        self.lang = lang
        self.tr = translator(lang)
        players = len(record.seats)
        try:
            cls = games.kind(record.game).match_class
        except ValueError:
            raise ReplayError(self.tr.ui("lesson.replay", "This game cannot be replayed here.")) from None
        self.kind = cls
        self.game: Any = cls.game_from_record(players, record.options)  # Arriala's edition too (A-R19)
        names = [s.name or cls.default_seat_name(self.game, lang, s.index) for s in record.seats]
        self.narrator: Any = cls.narrator_of(lang, self.game, names)
        self.names = names
        try:
            self.actions = [self.game.action_from_text(d.action) for d in record.decisions]
        except Exception:
            raise ReplayError(self.tr.ui("lesson.replay", "This game's record is damaged: it cannot be "
                                                          "replayed.")) from None
        self.position = len(self.actions)

    def __len__(self) -> int:
        return len(self.actions)

    def state_at(self, k: int) -> Any:
        """The game after its first ``k`` decisions (0 to ``len(self)``)."""
        k = max(0, min(k, len(self.actions)))
        state = self.game.new_initial_state(self.record.seed, first=self.record.first)
        for action in self.actions[:k]:
            state.apply_action(action)
        return state

    def story(self, k: int) -> list[str]:
        """What the narrator tells of decision ``k`` (1 to ``len(self)``), hidden cards included,
        and the bot's reason when a bot made it."""
        before = self.state_at(k - 1)
        told = Storyteller(before, self.narrator)
        told.told = len(before.log(None))
        before.apply_action(self.actions[k - 1])
        lines = told.news()
        decision = self.record.decisions[k - 1]
        reason = decision.explanation if isinstance(decision.explanation, dict) else None
        if decision.by_bot and reason and reason.get("key"):
            from ..core.bots import BotMove

            with contextlib.suppress(Exception):  # a reason this version no longer words: the move is told
                said = self.narrator.bot_move(BotMove(self.actions[k - 1], str(reason["key"]),
                                                      dict(reason.get("args", {}))))
                if not self.kind.reasons_name_player:
                    said = self.tr.ui("lesson.bot_says", "{player}: “{reason}”",
                                      player=self.narrator.seat(decision.seat), reason=said)
                lines.append(said)
        return lines

    def table_html(self, state: Any) -> str:
        """The table after a decision: the Arriala board, or the Canal du Midi holdings."""
        return TABLES[self.record.game](state, self.lang, self.names)

    def show(self, k: int | None = None) -> HTMLBlock:
        """Where the game stands after ``k`` decisions (by default all): what the last one did,
        and the table."""
        k = len(self.actions) if k is None else max(0, min(k, len(self.actions)))
        where = self.tr.ui("lesson.replay", "Decision {k} of {n}", k=k, n=len(self.actions))
        lines = self.story(k) if k else [self.tr.ui("lesson.replay", "The game is about to start.")]
        state = self.state_at(k)
        return HTMLBlock(f"<p><b>{where}</b></p>{bullet_html(lines)}{self.table_html(state)}",
                         f"{where}: " + " ".join(lines))

    def widget(self) -> ipywidgets.VBox:
        """◀ and ▶ step back and on, a slider jumps; the story of the decision and the table."""
        import ipywidgets as w

        tr = self.tr
        back = w.Button(description="◀", tooltip=tr.ui("lesson.replay", "Previous decision"),
                        layout=w.Layout(width="4em"))
        on = w.Button(description="▶", tooltip=tr.ui("lesson.replay", "Next decision"), layout=w.Layout(width="4em"))
        slider = w.IntSlider(value=self.position, min=0, max=len(self.actions),
                             description=tr.ui("lesson.replay", "Decision"), layout=w.Layout(width="30em"))
        view = w.HTML(self.show(self.position).markup)

        def go(k: int) -> None:
            self.position = max(0, min(k, len(self.actions)))
            slider.value = self.position
            view.value = self.show(self.position).markup

        back.on_click(lambda _b: go(self.position - 1))
        on.on_click(lambda _b: go(self.position + 1))
        slider.observe(lambda change: go(change["new"]) if change["new"] != self.position else None, names="value")
        self._controls = (back, on, slider, view)  # kept for tests
        return w.VBox([w.HBox([back, on, slider]), view])

    def _ipython_display_(self) -> None:
        display_widget(self.widget(), self.show(self.position).markup)


def open_game(code: str, lang: str = "fr", *, db: str | None = None) -> Replay:
    """The classroom game with this room code (the newest, when the code was used again), from
    the classroom's database (``db``: another file or URL). Raises :class:`ReplayError` with a
    message for a code that is not one, or names no game."""
    tr = translator(lang)
    clean = normalize_code(code) if isinstance(code, str) else None
    if clean is None and isinstance(code, str) and VISITOR_CODE.fullmatch(code.strip()):
        clean = "~" + code.strip().lower()  # a game of the exhibit: the code its end screen shows
    if clean is None:
        raise ReplayError(tr.ui("lesson.replay", "“{code}” is not a room code: a code has 5 characters, like "
                                                 "K7MX9.", code=str(code)[:20]))
    try:
        with Store(db) as store:
            record = store.game_by_code(clean)
    except StoreError as exc:
        raise ReplayError(str(exc)) from None
    if record is None:
        raise ReplayError(tr.ui("lesson.replay", "No game has the code {code} on this computer (games are kept "
                                                 "a year by default, unless their class was forgotten).",
                                code=clean))
    return Replay(record, lang)


def reopen(code: str, lang: str = "fr", *, db: str | None = None) -> Replay | HTMLBlock:
    """:func:`open_game` for a notebook cell: the replay, or a message saying why there is
    none (never an exception)."""
    try:
        return open_game(code, lang, db=db)
    except ReplayError as exc:
        from .exercises import Feedback

        return HTMLBlock(Feedback("invalid", str(exc)).html(), str(exc))
