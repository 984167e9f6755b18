"""Arriala in the lesson notebooks: the board drawn as SVG, positions for exercises, the
score sheet, and a small widget to play against a bot.

The drawing reads the position as plain data (``state.to_dict()``, see
:mod:`canal_heritage.arriala.position`) and the sections from ``state.sections()``;
choices are ``legal_actions()``; sentences come from the Arriala narrator.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..arriala import ArrialaGame, ArrialaState
from ..arriala import actions as A
from ..arriala.bots import make_bot
from ..arriala.narration import Narrator
from ..boards import board_svg
from ..core.errors import IllegalActionError
from .common import HTMLBlock, Storyteller, Told, bullet_html, display_widget, table_html

if TYPE_CHECKING:
    import ipywidgets

class BoardView:
    """The board of a state, shown as SVG when a notebook cell ends with it."""

    def __init__(self, state: ArrialaState, lang: str = "fr", **options: Any) -> None:
        self.state = state
        self.lang = lang
        self.options = options

    def _repr_svg_(self) -> str:
        return board_svg(self.state, self.lang, **self.options)

    def __repr__(self) -> str:
        return f"BoardView(round {self.state.round}, scores {list(self.state.to_dict()['scores'])})"


def draw(state: ArrialaState, lang: str = "fr", **options: Any) -> BoardView:
    """``draw(state, lang)`` at the end of a cell shows the board."""
    return BoardView(state, lang, **options)


def scoring_table(game: ArrialaGame, lang: str = "fr") -> HTMLBlock:
    """Points for a complete section, by its number of workers (the game's table)."""
    tr = Narrator(lang, game).tr
    rows = [[tr.ui("lesson.board", "Workers in the section"), *range(1, len(game.table))],
            [tr.ui("lesson.board", "Points"), *game.table[1:]]]
    return HTMLBlock(table_html(["", *[""] * (len(game.table) - 1)], rows), repr(list(game.table[1:])))


def costs_table(game: ArrialaGame, lang: str = "fr") -> HTMLBlock:
    """What each action costs in action points, and the points it brings (the game's data)."""
    tr = Narrator(lang, game).tr
    c, p = game.costs, game.points
    rows = [
        [tr.ui("lesson.costs", "Move a worker on the canal, per cell"), c.move_cell, ""],
        [tr.ui("lesson.costs", "Play a card"), c.play_card, ""],
        [tr.ui("lesson.costs", "Send one of your workers to a vineyard"), c.to_vineyard, ""],
        [tr.ui("lesson.costs", "Draw a card"), c.draw, ""],
        [tr.ui("lesson.costs", "Place a new worker"), c.place, ""],
        [tr.ui("lesson.costs", "Build a river work"), c.river_work, p.river_work],
        [tr.ui("lesson.costs", "Bring a worker back from a vineyard"), c.from_vineyard, ""],
        [tr.ui("lesson.costs", "Build a lock"), c.lock, p.lock],
    ]
    head = [tr.ui("lesson.costs", "Action"), tr.ui("lesson.costs", "Action points"), tr.ui("lesson.costs", "Points")]
    return HTMLBlock(table_html(head, rows), tr.ui("lesson.costs", "{ap} action points a turn",
                                                   ap=game.rules.action_points))


# ---------------------------------------------------------------------- positions
def position(players: int, *, workers: Mapping[int, Sequence[str]], locks: Sequence[str] = (),
             current: int = 0, ap: int = 5, hands: Mapping[int, Sequence[str]] | None = None) -> ArrialaState:
    """A position for an exercise: ``workers[owner]`` lists the places of that owner's
    workers on the board (cell ids such as ``grisolles-montech:2``, towns, vineyards, blue
    cells); the others stay in reserve. The virtual player of a 2-player game keeps its
    worker on each town. Cards: the whole deck face down, unless ``hands`` gives some.
    The engine checks the position (:func:`canal_heritage.arriala.position.state_from_dict`)."""
    game = ArrialaGame(players)
    base = game.new_initial_state(seed=0, first=current).to_dict()
    rows = []
    for owner, row in enumerate(base["workers"]):
        if owner >= players:
            rows.append(row)  # the virtual player, as set up (A-R8)
            continue
        mine = list(workers.get(owner, ()))
        rows.append(mine + ["reserve"] * (5 - len(mine)))
    cards = [c for hand in base["hands"] for c in hand] + base["deck"]
    new_hands = [list((hands or {}).get(p, ())) for p in range(players)]
    for hand in new_hands:
        for c in hand:
            cards.remove(c)
    base.update(workers=rows, locks=list(locks), current=current, first=current, ap=ap, hands=new_hands,
                deck=cards, discard=[], score_lines=None, scores=[0] * game.owners)
    return ArrialaState.from_dict(base, game=game)


def play(state: ArrialaState, text: str, lang: str = "fr", names: Sequence[str] | None = None) -> Told:
    """Play one action written in the text form (``place grisolles-montech:5``,
    ``lock montech-castelsarrasin:3``) if it is legal now, and return what happened, in
    words; an illegal action changes nothing and returns the engine's reason (saying so
    when the cell that played it has simply been run again)."""
    n = Narrator(lang, state.game, names=names)
    try:
        action = A.from_text(state.game, text)
    except IllegalActionError as exc:  # not an action of this game
        return Told([n.error(exc)])
    if action not in state.legal_actions():
        reason = n.error(state.why_illegal(action))
        if state.history and state.history[-1] == action:  # the same cell run a second time
            return Told([n.tr.ui("lesson.arriala", "Nothing played: this action was played already, when the "
                                                   "cell first ran. ({reason})", reason=reason)])
        return Told([reason])
    story = Storyteller(state, n)
    story.told = len(state.log(None))
    state.apply_action(action)
    return Told(story.news())


def bot_move(state: ArrialaState, lang: str = "fr", *, bot: str = "heuristic", seed: int = 1,
             names: Sequence[str] | None = None) -> Told:
    """What the bot about to move would do first, on a copy of the position (the position
    itself is left as it is): the action told as in a game, its cost in action points and
    the bot's explanation."""
    n = Narrator(lang, state.game, names=names)
    player = state.current_player()
    if player is None:
        return Told([n.tr.ui("lesson.arriala", "The game is over.")])
    move = make_bot(bot, random.Random(seed), state.game).choose(state.observation(player))
    cost = state.action_cost(move.action)
    sim = state.clone()
    story = Storyteller(sim, n)
    story.told = len(sim.log(None))
    sim.apply_action(move.action)
    said = n.bot_move(move)  # "Yellow: this completes a section…"
    spent = n.tr.ui_plural("lesson.arriala", "That action costs {n} action point.",
                           "That action costs {n} action points.", cost)
    return Told([*story.news(), spent, said])


def sheet_html(state: ArrialaState, lang: str = "fr", names: Sequence[str] | None = None) -> str:
    """Every owner's score lines (sections, locks, river works, works, vineyards)."""
    n = Narrator(lang, state.game, names=names)
    tr = n.tr
    kinds = {"section": tr.ui("lesson.sheet", "section"), "lock": tr.ui("lesson.sheet", "lock"),
             "river_work": tr.ui("lesson.sheet", "river work"),
             "engineering_work": tr.ui("lesson.sheet", "engineering work"),
             "vineyard": tr.ui("lesson.sheet", "vineyard"), "earlier": tr.ui("lesson.sheet", "earlier points")}
    parts = []
    for o in state.score_sheet().owners:
        rows = [[kinds.get(i.kind, i.kind), _place(n, i.place), i.points] for i in o.items]
        rows.append([tr.ui("lesson.sheet", "Total"), "", o.total])
        parts.append(table_html([tr.ui("lesson.sheet", "What"), tr.ui("lesson.sheet", "Where"),
                                 tr.ui("lesson.sheet", "Points")], rows, caption=n.owner(o.owner), bold_last=True))
    return "".join(parts)


def _place(n: Narrator, place: str) -> str:
    if "…" in place:  # a section: its first and last cells
        a, z = place.split("…", 1)
        if a == z:
            return n.cell(a)
        return n.tr.ui("arriala.section", "{first} to {last}", first=n.cell(a), last=n.cell(z))
    try:
        n.game.board.cell_index(place)
        return n.cell(place)
    except KeyError:
        pass
    for blue in n.game.board.blue:
        if blue.id == place:
            return n.place(blue.kind)
    return n.place(place)


def score_sheet(state: ArrialaState, lang: str = "fr", names: Sequence[str] | None = None) -> HTMLBlock:
    return HTMLBlock(sheet_html(state, lang, names), " · ".join(str(x) for x in state.to_dict()["scores"]))


# ---------------------------------------------------------------------- play against a bot
KIND_ORDER = ("move", "place", "lock", "river_work", "to_vineyard", "from_vineyard", "card", "draw", "end_turn")


def kind_name(kind: str, lang: str) -> str:
    from ..i18n import translator

    tr = translator(lang)
    return {
        "move": tr.ui("lesson.kind", "Move a worker"),
        "place": tr.ui("lesson.kind", "Place a new worker"),
        "lock": tr.ui("lesson.kind", "Build a lock"),
        "river_work": tr.ui("lesson.kind", "Build a river work"),
        "to_vineyard": tr.ui("lesson.kind", "To a vineyard"),
        "from_vineyard": tr.ui("lesson.kind", "Back from a vineyard"),
        "card": tr.ui("lesson.kind", "Play a card"),
        "draw": tr.ui("lesson.kind", "Draw a card"),
        "end_turn": tr.ui("lesson.kind", "End the turn"),
    }[kind]


class PlayArriala:
    """A game of Arriala against a bot: the student is seat 0 (red), the bot seat 1
    (yellow); with two players the virtual player's workers stand on the towns (A-R8).

    Pick a kind of action, then the action (every choice is a legal action of the engine,
    with its cost in action points), and press *Play*. The bot plays its whole turn and
    says why. From code: :meth:`choices`, :meth:`play`.
    """

    def __init__(self, lang: str = "fr", *, seed: int = 0, bot: str = "heuristic", first: int | None = 0,
                 players: int = 2) -> None:
        self.game = ArrialaGame(players)
        self.state = self.game.new_initial_state(seed, first=first)
        self.seat = 0
        self.narrator = Narrator(lang, self.game)
        self.tr = self.narrator.tr
        self.bots = {p: make_bot(bot, random.Random(seed * 31 + p * 7 + 1)) for p in range(1, players)}
        self.story = Storyteller(self.state, self.narrator, viewer=self.seat)
        self.lines: list[tuple[str, bool]] = []
        self._widget: Any = None
        self.seed = seed
        self._recorded = False  # the result went to the class book
        self._advance()

    def choices(self) -> dict[str, list[tuple[int, str]]]:
        """The student's legal actions by kind, each with its label and cost."""
        out: dict[str, list[tuple[int, str]]] = {}
        if self.state.is_terminal() or self.state.current_player() != self.seat:
            return out
        for a in self.state.legal_actions():
            kind = A.decode(a, self.game.effects).kind
            label = self.tr.ui("lesson.cost", "{action} ({cost} AP)", action=self.narrator.action(a),
                               cost=self.state.action_cost(a))
            out.setdefault(kind, []).append((a, label))
        return {k: out[k] for k in KIND_ORDER if k in out}

    def play(self, action: int) -> None:
        if self.state.is_terminal() or self.state.current_player() != self.seat or \
                action not in self.state.legal_actions():
            self.lines.append((self.narrator.error(self.state.why_illegal(action)), True))
        else:
            self.state.apply_action(action)
        self._advance()
        self._refresh()

    def _advance(self) -> None:
        self._tell()
        while (p := self.state.current_player()) is not None and p != self.seat:  # None: the game is over
            move = self.bots[p].choose(self.state.observation(p))
            start = len(self.lines)
            self.state.apply_action(move.action)
            self._tell()
            if move.key != "bot.arriala.end_turn":
                self.lines.insert(min(start + 1, len(self.lines)), (self.narrator.bot_move(move), True))
        self._record_end()

    def _record_end(self) -> None:
        """At the game's end, keep the result in the class book (when a student signed in)."""
        if self._recorded or not self.state.is_terminal():
            return
        from . import classbook

        self._recorded = True
        scores = list(self.state.points)
        others = [t for p, t in enumerate(scores[:self.game.players]) if p != self.seat]
        won = self.seat in (self.state.winners or [])  # A-R18: the engine's winners
        classbook.record_game(f"arriala · {self.game.players}p · seed {self.seed}",
                              {"game": "arriala", "score": scores[self.seat], "bot": max(others, default=0),
                               "won": won, "seed": self.seed})

    def _tell(self) -> None:
        self.lines.extend((line, False) for line in self.story.news())

    def status(self) -> str:
        s, n, tr = self.state, self.narrator, self.tr
        if s.is_terminal():
            return tr.ui("lesson.arriala", "The game is over.")
        obs = s.observation(self.seat)
        hand = [n.card(self.game.card_ids[k]) for k, c in enumerate(obs.hand) for _ in range(c)]
        return tr.ui_plural("lesson.arriala", "Round {round}. Your turn ({player}): {n} action point left. Your "
                                              "cards: {hand}. Cards in the deck: {deck}.",
                            "Round {round}. Your turn ({player}): {n} action points left. Your cards: {hand}. Cards "
                            "in the deck: {deck}.", obs.ap, round=s.round, player=n.owner(self.seat),
                            hand=tr.join(hand) or "—", deck=obs.deck_size)

    def widget(self) -> ipywidgets.VBox:
        import ipywidgets as w

        if self._widget is None:
            tr = self.tr
            self._board = w.HTML()
            self._status = w.HTML()
            self._kind = w.Dropdown(description=tr.ui("lesson.arriala", "Action"), layout=w.Layout(width="22em"))
            self._action = w.Dropdown(layout=w.Layout(width="36em"))
            self._go = w.Button(description=tr.ui("lesson.button", "Play"), button_style="primary")
            self._end = w.Button(description=tr.ui("lesson.kind", "End the turn"))
            self._log = w.HTML()
            self._kind.observe(lambda _c: self._fill_actions(), names="value")
            self._go.on_click(self._play_chosen)
            self._end.on_click(lambda _b: self.play(A.END_TURN))
            self._widget = w.VBox([self._board, self._status, w.HBox([self._kind, self._action]),
                                   w.HBox([self._go, self._end]), self._log])
        self._refresh()
        return self._widget

    def _play_chosen(self, _button: Any = None) -> None:
        if self._action.value is not None:
            self.play(self._action.value)

    def _fill_actions(self) -> None:
        options = self.choices().get(self._kind.value or "", [])
        self._action.options = [(label, a) for a, label in options]
        if options:
            self._action.value = options[0][0]

    def _refresh(self) -> None:
        if self._widget is None:
            return
        self._board.value = board_svg(self.state, self.tr.lang)
        self._status.value = f"<b>{html.escape(self.status())}</b>"
        kinds = list(self.choices())
        keep = self._kind.value
        self._kind.options = [(kind_name(k, self.tr.lang), k) for k in kinds]
        if kinds:
            self._kind.value = keep if keep in kinds else kinds[0]
        self._fill_actions()
        playing = bool(kinds)
        self._go.disabled = self._end.disabled = not playing
        shown = self.lines[-12:]
        self._log.value = bullet_html([t for t, _ in shown], muted=[b for _, b in shown])

    def paper_html(self) -> str:
        """Where the game stands, without menus: for paper, and for a notebook exported
        without its widgets."""
        shown = self.lines[-12:]
        return (board_svg(self.state, self.tr.lang) + f"<p><b>{html.escape(self.status())}</b></p>"
                + bullet_html([t for t, _ in shown], muted=[b for _, b in shown]))

    def _ipython_display_(self) -> None:
        display_widget(self.widget(), self.paper_html())


def counts_table(state: ArrialaState, lang: str = "fr") -> HTMLBlock:
    """Workers per owner in each open section (what decides who scores it)."""
    n = Narrator(lang, state.game)
    tr = n.tr
    b = state.game.board
    d = state.to_dict()
    owner_of: dict[str, int] = {}
    for owner, places in enumerate(d["workers"]):
        for place in places:
            owner_of.setdefault(place, owner)
    rows = []
    for a, z in state.open_sections():
        counts = [0] * state.game.owners
        filled = 0
        for c in range(a, z + 1):
            o = owner_of.get(b.cell_id(c))
            if o is not None:
                counts[o] += 1
                filled += 1
        rows.append([tr.ui("arriala.section", "{first} to {last}", first=n.cell(b.cell_id(a)),
                           last=n.cell(b.cell_id(z))),
                     f"{filled}/{z - a + 1}",
                     tr.join([tr.ui("arriala.count", "{owner} {n}", owner=n.owner(o), n=c)
                              for o, c in enumerate(counts) if c]) or "—"])
    return HTMLBlock(table_html([tr.ui("lesson.sheet", "Section"), tr.ui("lesson.sheet", "Cells taken"),
                                 tr.ui("lesson.sheet", "Workers")], rows), repr(rows))


# ---------------------------------------------------------------------- a game played for the class
class Moment:
    """A decision of a :class:`FixedGame` that completed a section: the game just before it
    (a copy), the action in its text form, who played it, and whether it was a lock."""

    def __init__(self, index: int, state: ArrialaState, action: int, scored: Sequence[Any], lock: bool) -> None:
        self.index = index  # decisions played before this one
        self.state = state
        self.action = action
        self.text = A.to_text(state.game, action)
        self.player = state.current_player()
        self.scored = tuple(scored)  # the engine's ``arriala.section_scored`` events
        self.lock = lock

    def cell(self) -> str:
        """The cell the action ends on (the new lock, the worker's cell)."""
        return self.text.split()[-1]


def _lock_that_scores(state: ArrialaState, action: int) -> bool:
    """Does ``action`` build a lock that completes a section? (played on a copy: the engine says)"""
    sim = state.clone()
    told = len(sim.log(None))
    sim.apply_action(action)
    news = sim.log(None)[told:]
    return any(e.key == "arriala.lock" for e in news) and any(e.key == "arriala.section_scored" for e in news)


class FixedGame:
    """A whole game of Arriala dealt from ``seed`` and played out when it is made, the same on
    every computer, for the class to stop at its moments and answer questions on them.

    Red (seat 0, the student's seat in :class:`PlayArriala`) is played for the class: when a
    lock would complete a section it builds it (the engine, on a copy, says which locks
    would), otherwise it plays as the ``bot`` would; Yellow is the bot, as in
    :class:`PlayArriala`. :attr:`moments` lists every decision that completed a section;
    :attr:`state` is the finished game (its record is reviewed like a student's game).
    """

    def __init__(self, lang: str = "fr", *, seed: int = 3, bot: str = "heuristic") -> None:
        self.game = ArrialaGame(2)
        self.seed = seed
        self.seat = 0
        self.narrator = Narrator(lang, self.game)
        self.tr = self.narrator.tr
        state = self.game.new_initial_state(seed, first=0)
        red = make_bot(bot, random.Random(seed))
        yellow = make_bot(bot, random.Random(seed * 31 + 8))
        self.moments: list[Moment] = []
        while (p := state.current_player()) is not None:  # None: the game is over
            if p == self.seat:
                locks = [a for a in state.legal_actions() if _lock_that_scores(state, a)]
                action = locks[0] if locks else red.choose(state.observation(p)).action
            else:
                action = yellow.choose(state.observation(p)).action
            before = state.clone()
            told = len(state.log(None))
            state.apply_action(action)
            news = state.log(None)[told:]
            scored = [e for e in news if e.key == "arriala.section_scored"]
            if scored:
                lock = any(e.key == "arriala.lock" for e in news)
                self.moments.append(Moment(len(before.history), before, action, scored, lock))
        self.state = state

    def first_lock(self) -> Moment:
        """The first lock of the game that completed a section."""
        return next(m for m in self.moments if m.lock)

    def first_section(self, *, workers: int = 3) -> Moment:
        """The first section completed by a move or a placement (not a lock) with at least
        ``workers`` workers in it."""
        return next(m for m in self.moments if not m.lock and m.scored[0].args["workers"] >= workers)

    def _story(self, state: ArrialaState) -> list[str]:
        return [self.narrator.event(e) for e in state.log(None)]

    def before(self, moment: Moment, *, last: int = 6) -> HTMLBlock:
        """The board just before ``moment`` (its cell ringed), the last sentences of the story,
        and what the player is about to do."""
        n, tr = self.narrator, self.tr
        lines = self._story(moment.state)[-last:]
        about = tr.ui("lesson.arriala", "Round {round}. {player} is about to play: {action}.",
                      round=moment.state.round, player=n.owner(moment.player), action=n.action(moment.action))
        svg = board_svg(moment.state, tr.lang, highlight=[moment.cell()])
        markup = svg + bullet_html(lines) + f"<p><b>{html.escape(about)}</b></p>"
        return HTMLBlock(markup, "\n".join([*lines, about]))

    def after(self, moment: Moment) -> Told:
        """What ``moment``'s action did, told by the engine (played on a copy)."""
        return play(moment.state.clone(), moment.text, self.tr.lang)

    def end(self) -> HTMLBlock:
        """The board at the end of the game, and who won."""
        n, tr = self.narrator, self.tr
        points = tr.join([f"{n.owner(o)} {p}" for o, p in enumerate(self.state.points)])
        winners = n.tr.join([n.owner(w) for w in self.state.winners or []])
        words = tr.ui("lesson.arriala", "The game is over. Points: {points}. Winner: {winners}.", points=points,
                      winners=winners)
        return HTMLBlock(board_svg(self.state, tr.lang) + f"<p><b>{html.escape(words)}</b></p>", words)
