"""Canal du Midi in the lesson notebooks: a round stepper, a score-sheet table, prepared
positions and bet experiments.

Nothing here decides a rule: choices are the engine's ``legal_actions()``, outcomes are
what the engine does, sentences come from :class:`~canal_heritage.midi.narration.Narrator`
and the ``ui`` catalog.
"""

from __future__ import annotations

import html
import random
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..i18n import translator
from ..midi import MidiGame, MidiState
from ..midi import actions as A
from ..midi.bots import make_bot
from ..midi.narration import Narrator
from ..midi.scoring import ScoreSheet
from ..midi.state import BUILT
from .common import HTMLBlock, Storyteller, bullet_html, display_widget, table_html

if TYPE_CHECKING:
    import ipywidgets

#: The steps of a round as the rulebook names and orders them (A B C D E, then G; reinforcements,
#: step E, are played before the site is awarded), and the engine phases inside each.
STEPS = ("reveal", "draw", "bet", "count", "reinforce", "trade")
_PHASE_STEP = {"draw": "draw", "bet": "bet", "reinforce_start": "reinforce", "reinforce_join": "reinforce",
               "trade": "trade", "end": "count"}


def step_name(step: str, lang: str) -> str:
    """``A. Reveal``… in the lesson's language."""
    tr = translator(lang)
    return {
        "reveal": tr.ui("lesson.step", "A. Reveal the site"),
        "draw": tr.ui("lesson.step", "B. Draw"),
        "bet": tr.ui("lesson.step", "C. Bet"),
        "count": tr.ui("lesson.step", "D. Count and award"),
        "reinforce": tr.ui("lesson.step", "E. Reinforcements"),
        "trade": tr.ui("lesson.step", "G. Trade"),
    }[step]


# ---------------------------------------------------------------------- score sheet
def score_sheet_html(sheet: ScoreSheet, lang: str, game: MidiGame | None = None,
                     names: Sequence[str] | None = None) -> str:
    """Every player's score line by line, as the engine computed it (M-R9)."""
    narrator = Narrator(lang, game or MidiGame(len(sheet.players)), names=names)
    tr = narrator.tr
    headers = [tr.ui("lesson.sheet", "Site"), tr.ui("lesson.sheet", "Worth"), tr.ui("lesson.sheet", "How"),
               tr.ui("lesson.sheet", "Why halved"), tr.ui("lesson.sheet", "Points")]
    why = {"shared": tr.ui("lesson.sheet", "shared"), "adjacency": tr.ui("lesson.sheet", "won by adjacency")}
    how = {"won": tr.ui("lesson.sheet", "pawn on the site"), "adjacency": tr.ui("lesson.sheet", "both neighbours held")}
    parts = []
    for ps in sheet.players:
        rows: list[list[Any]] = []
        for s in ps.sites:
            holders = tr.ui_plural("lesson.sheet", "{n} holder", "{n} holders", s.holders)
            halved = ", ".join(why[h] for h in s.halvings) or "—"
            rows.append([narrator.site(s.site), s.value, f"{how[s.how]} ({holders})", halved, s.points])
        rows.append([tr.ui_plural("lesson.sheet", "{n} unused coin", "{n} unused coins", ps.coins), "", "", "",
                     ps.coin_points])
        rows.append([tr.ui("lesson.sheet", "Total"), "", "", "", ps.total])
        parts.append(table_html(headers, rows, caption=narrator.seat(ps.player), bold_last=True))
    parts.append(f"<p><b>{html.escape(result_sentence(sheet, narrator))}</b></p>")
    return "".join(parts)


def result_sentence(sheet: ScoreSheet, narrator: Narrator) -> str:
    tr = narrator.tr
    if not sheet.final:
        return tr.ui("lesson.sheet", "Provisional scores: the game is not over.")
    winners = list(sheet.winners)
    if sheet.ranking == "shared":
        return tr.ui("lesson.sheet", "Shared victory: {winners}.", winners=narrator.seats(winners))
    if sheet.ranking == "sites":
        return tr.ui("lesson.sheet", "{winner} wins: tied on points, ahead on sites held.",
                     winner=narrator.seat(winners[0]))
    return tr.ui("lesson.sheet", "{winner} wins.", winner=narrator.seat(winners[0]))


def score_sheet(state: MidiState, lang: str, names: Sequence[str] | None = None) -> HTMLBlock:
    """The score sheet of ``state`` for a notebook cell."""
    sheet = state.score_sheet()
    text = " · ".join(f"{Narrator(lang, state.game, names=names).seat(p.player)} {p.total}" for p in sheet.players)
    return HTMLBlock(score_sheet_html(sheet, lang, state.game, names), text)


# ---------------------------------------------------------------------- positions
def prepared_round(players: int, *, built: Mapping[str, Sequence[int]], delayed: Sequence[str], current: str,
                   hands: Sequence[Sequence[int]], coins: Sequence[int], lead: int = 0, spent: int = 0) -> MidiState:
    """A game late in its course, bets about to be placed: the ``built`` sites and their
    pawns, the ``delayed`` sites, the ``current`` site in play, each seat's cards
    (``hands``, nothing left in front of them) and coins.

    The rest of every colour's cards are in the discard pile; the round is the number of
    sites revealed. Play the bets with :func:`play_round`: the engine counts, awards and,
    in the last round, hands out delayed sites and scores. The engine checks the position.
    """
    game = MidiGame(players)
    values = list(game.data.card_values)
    revealed = [*built, *delayed, current]
    discard: list[int] = []
    for hand in hands:
        pool = list(values)
        for v in hand:
            pool.remove(v)
        discard.extend(pool)
    data = {
        "format": "canal-heritage/midi-position", "version": 1, "players": players, "round": len(revealed),
        "lead": lead, "phase": "bet", "queue": [(lead + i) % players for i in range(players)],
        "sites": {"deck": [s for s in game.site_ids if s not in revealed], "revealed": revealed,
                  "built": {k: list(v) for k, v in built.items()}, "delayed": list(delayed), "adjacency": {}},
        "seats": [{"hand": list(hands[p]), "face_up": [], "face_down": [], "coins": coins[p], "bet": None,
                   "reinforcement": None} for p in range(players)],
        "discard": sorted(discard), "spent": spent, "reinforcers": [], "bets": None,
    }
    return MidiState.from_dict(data, game=game)


def holdings_html(state: MidiState, lang: str, names: Sequence[str] | None = None) -> HTMLBlock:
    """Who holds which site, and coins, before any scoring: the table students score. The
    *City* column marks the city sites (M-R6: linking two neighbouring cities earns a coin),
    so that the coins can be worked out from the table."""
    n = Narrator(lang, state.game, names=names)
    tr = n.tr
    obs = state.observation(0)
    rows = []
    city = {True: tr.ui("lesson.holdings", "yes"), False: "—"}
    for k, sid in enumerate(state.game.site_ids):
        status = obs.site_status[k]
        if status == "built":
            who = n.seats(obs.site_pawns[k])
            what = tr.ui("lesson.holdings", "built")
        elif status == "delayed":
            who = n.seats(obs.site_adjacency[k]) if obs.site_adjacency[k] else "—"
            what = tr.ui("lesson.holdings", "delayed")
        else:
            who, what = "—", tr.ui("lesson.holdings", "not revealed")
        rows.append([n.site(sid), state.game.value[k], city[state.game.city[k]], what, who])
    body = table_html([tr.ui("lesson.sheet", "Site"), tr.ui("lesson.sheet", "Worth"), tr.ui("lesson.holdings", "City"),
                       tr.ui("lesson.holdings", "State"), tr.ui("lesson.holdings", "Pawns")], rows)
    coins = tr.join([tr.ui_plural("lesson.holdings", "{player}: {n} coin", "{player}: {n} coins", c, player=n.seat(p))
                     for p, c in enumerate(obs.coins)])
    return HTMLBlock(body + f"<p>{html.escape(coins)}</p>", coins)


def play_round(state: MidiState, bets: Mapping[int, int] | None = None, *, reinforce: Sequence[int] = ()) -> None:
    """Finish the round: each seat bets ``bets[seat]`` (or its first legal bet), the seats
    in ``reinforce`` spend a coin, nobody else does, nobody trades (draws: the first legal
    draw). Every action is checked
    against ``legal_actions()`` first."""
    start = state.round
    while (p := state.current_player()) is not None and state.round == start:  # None: the game is over
        legal = state.legal_actions()
        phase = state.observation(p).phase
        if phase == "bet":
            choice = A.bet(bets[p]) if bets and p in bets else legal[0]
        elif phase in ("reinforce_start", "reinforce_join"):
            choice = A.REINFORCE if p in reinforce else A.DECLINE
        elif phase == "trade":
            choice = A.TRADE_PASS
        else:  # draw: the first legal draw
            choice = legal[0]
        if choice not in legal:
            raise ValueError(Narrator("en", state.game).error(state.why_illegal(choice)))
        state.apply_action(choice)


# ---------------------------------------------------------------------- the stepper
class RoundStepper:
    """Play Canal du Midi against bots, one decision at a time, with every outcome told.

    The student is seat ``seat``; the other seats are bots (``bots``: one name for all, or
    one per seat). A bot's explanation is shown when it is public: bets are explained once
    they are revealed, hand trades not at all (M-R1).

    Use it as a widget (end a cell with it), or from code: :meth:`choices`, :meth:`choose`.
    """

    def __init__(self, lang: str = "fr", *, players: int = 2, seed: int = 0, seat: int = 0,
                 bots: str | Sequence[str] = "heuristic", names: Sequence[str] | None = None,
                 state: MidiState | None = None) -> None:
        self.game = state.game if state is not None else MidiGame(players)
        self.state = state if state is not None else self.game.new_initial_state(seed)
        self.players = self.game.players
        self.seat = seat
        self.narrator = Narrator(lang, self.game, names=names, viewer=seat)
        self.tr = self.narrator.tr
        names_ = [bots] * self.players if isinstance(bots, str) else list(bots)
        self.bots = {p: make_bot(names_[p], random.Random(seed * 31 + p * 7 + 1), self.game)
                     for p in range(self.players) if p != seat}
        self.story = Storyteller(self.state, self.narrator, viewer=seat)
        self.lines: list[tuple[str, bool]] = []  # (sentence, is a bot's explanation)
        self._held: list[str] = []  # bet explanations waiting for the reveal
        self._widget: Any = None
        self._told = 0
        self._shown_at: int | None = None  # show_choices(): the decision its numbers are for
        self.seed = seed
        self._recorded = False  # the result went to the class book
        self._advance()

    # ---------------------------------------------------------------- logic
    def choices(self) -> list[tuple[int, str]]:
        """The student's legal actions now, with their labels (empty when it is not their turn)."""
        if self.state.is_terminal() or self.state.current_player() != self.seat:
            return []
        return [(a, self.narrator.action(a)) for a in self.state.legal_actions()]

    def show_choices(self) -> None:
        """Print the student's choices, numbered from 0 (``choose_number``)."""
        for i, (_, label) in enumerate(self.choices()):
            print(f"{i}: {label}")
        self._shown_at = len(self.state.history)  # the decision these numbers are for

    def choose_number(self, number: int) -> None:
        """Play the choice numbered ``number`` in :meth:`show_choices`, then tell what happened.

        Only once for the choices shown: a cell run again (or a number chosen without the
        choices in front of you) plays nothing and says so, so a notebook never moves the
        game on silently."""
        options = self.choices()
        if self._shown_at != len(self.state.history):
            print(self.tr.ui("lesson.midi", "Nothing played: this choice was already made, or the choices "
                                            "shown are old. Run the cell with show_choices() to see the "
                                            "choices now, then choose."))
            return
        if not isinstance(number, int) or not 0 <= number < len(options):
            print(self.tr.ui("lesson.midi", "Choose a number from 0 to {last}.", last=max(len(options) - 1, 0)))
            return
        self._shown_at = None
        self.choose(options[number][0])
        self.tell()

    def tell(self) -> None:
        """Print what happened since the last time, bots' explanations included."""
        for line, _ in self.lines[self._told:]:
            print(line)
        self._told = len(self.lines)

    def choose(self, action: int) -> None:
        """Play ``action`` for the student, then let the bots play until the student's turn."""
        if action not in self.state.legal_actions() or self.state.current_player() != self.seat:
            self.lines.append((self.narrator.error(self.state.why_illegal(action)), True))
        else:
            self.state.apply_action(action)
        self._advance()
        self._refresh()

    def _record_end(self) -> None:
        """At the game's end, keep the result in the class book (when a student signed in)."""
        if self._recorded or not self.state.is_terminal():
            return
        from . import classbook

        self._recorded = True
        sheet = self.state.score_sheet()
        totals = [ps.total for ps in sheet.players]
        others = [t for p, t in enumerate(totals) if p != self.seat]
        classbook.record_game(f"midi · {self.players}p · seed {self.seed}",
                              {"game": "midi", "score": totals[self.seat], "bot": max(others, default=0),
                               "won": self.seat in sheet.winners, "seed": self.seed})

    def _advance(self) -> None:
        self._tell()
        while (p := self.state.current_player()) is not None and p != self.seat:  # None: the game is over
            move = self.bots[p].choose(self.state.observation(p))
            kind = A.decode(move.action)
            said = self.tr.ui("lesson.bot_says", "{player}: “{reason}”", player=self.narrator.seat(p),
                              reason=self.narrator.bot_move(move))
            if kind.kind == "bet":  # told once the bets are revealed (M-R1)
                self._held.append(said)
                self.state.apply_action(move.action)
                self._tell()
                continue
            start = len(self.lines)
            self.state.apply_action(move.action)
            self._tell()
            if not (kind.kind == "trade" and kind.trade == "hand"):  # a hand trade stays private
                self.lines.insert(min(start + 1, len(self.lines)), (said, True))
        self._record_end()

    def _tell(self) -> None:
        for e, line in zip(self.state.log(self.seat)[self.story.told:], self.story.news(), strict=True):
            self.lines.append((line, False))
            if e.key == "midi.bets_revealed":
                self.lines.extend((h, True) for h in self._held)
                self._held = []

    # ---------------------------------------------------------------- display
    def status_html(self) -> str:
        obs = self.state.observation(self.seat)
        n, tr = self.narrator, self.tr
        steps = []
        current = "count" if self.state.is_terminal() else _PHASE_STEP.get(obs.phase, "count")
        for s in STEPS:
            label = html.escape(step_name(s, tr.lang))
            if s == current:
                look = "background:#1f4e96;color:white"
            elif s == "count" and current == "reinforce":  # D is under way: E is played inside it
                look = "background:#c9daf2;color:#1f2a3a;outline:2px dashed #1f4e96"
            else:
                look = "background:#eee"
            steps.append(f'<span style="padding:1px 6px;margin-right:3px;border-radius:3px;{look}">{label}</span>')
        if current == "reinforce":
            # the rulebook's order is A B C D E, yet E comes in the middle of D (the bets are
            # revealed, reinforcements are offered, then the site is counted and given out)
            steps.append('<div style="font-size:90%;margin-top:2px">' + html.escape(tr.ui(
                "lesson.step", "Step E comes in the middle of step D: the bets are revealed, whoever wishes sends "
                "reinforcements, then the site is counted and given out.")) + "</div>")
        rows = []
        if obs.current_site is not None:
            rows.append(tr.ui("lesson.midi", "Round {round} of {rounds}: {site}, {threshold} worker points needed.",
                              round=obs.round, rounds=obs.rounds, site=n.site(obs.current_site),
                              threshold=obs.threshold))
        me = n.seat(self.seat)
        rows.append(tr.ui("lesson.midi", "You play {name}. In your hand: {hand}.", name=me,
                          hand=tr.join([n.worker(v) for v in obs.hand]) or "—"))
        rows.append(tr.ui("lesson.midi", "In front of you: {face_up} face up, {down} face down. Coins: {coins}.",
                          face_up=tr.join([n.worker(v) for v in obs.face_up[self.seat]]) or "—",
                          down=obs.face_down_count[self.seat], coins=obs.coins[self.seat]))
        for p in range(self.players):
            if p != self.seat:
                rows.append(tr.ui_plural("lesson.midi", "{name}: {face_up} face up, {hand} in hand, {n} coin.",
                                         "{name}: {face_up} face up, {hand} in hand, {n} coins.", obs.coins[p],
                                         name=n.seat(p), face_up=tr.join([n.worker(v) for v in obs.face_up[p]]) or "—",
                                         hand=obs.hand_count[p]))
        if self.state.is_terminal():
            prompt = tr.ui("lesson.midi", "The game is over.")
        elif self.state.current_player() == self.seat:
            prompt = tr.ui("lesson.midi", "Your turn: {phase}", phase=n.phase(obs.phase))
        else:
            prompt = ""
        return (f'<div style="margin:4px 0">{"".join(steps)}</div>'
                + "".join(f"<div>{html.escape(r)}</div>" for r in rows)
                + (f'<div style="margin-top:4px"><b>{html.escape(prompt)}</b></div>' if prompt else ""))

    def log_html(self, last: int = 14) -> str:
        shown = self.lines[-last:]
        return bullet_html([t for t, _ in shown], muted=[b for _, b in shown])

    def paper_html(self) -> str:
        """Where the game stands, without buttons: for paper, and for a notebook exported
        without its widgets."""
        return self.status_html() + self.log_html()

    def widget(self) -> ipywidgets.VBox:
        import ipywidgets as w

        if self._widget is None:
            self._status = w.HTML()
            self._buttons = w.Box(layout=w.Layout(flex_flow="row wrap"))
            self._log = w.HTML()
            self._sheet = w.HTML()
            sheet_box = w.Accordion(children=[self._sheet])
            sheet_box.set_title(0, self.tr.ui("lesson.midi", "Score sheet"))
            self._widget = w.VBox([self._status, self._buttons, self._log, sheet_box])
        self._refresh()
        return self._widget

    def _refresh(self) -> None:
        if self._widget is None:
            return
        import ipywidgets as w

        self._status.value = self.status_html()
        buttons = []
        for a, label in self.choices():
            b = w.Button(description=label, tooltip=label, layout=w.Layout(width="auto", margin="2px"))
            b.on_click(lambda _b, a=a: self.choose(a))
            buttons.append(b)
        self._buttons.children = buttons
        self._log.value = self.log_html()
        self._sheet.value = score_sheet_html(self.state.score_sheet(), self.tr.lang, self.game, self.narrator.names)

    def _ipython_display_(self) -> None:
        display_widget(self.widget(), self.paper_html())


# ---------------------------------------------------------------------- bets and chance
def bet_outcomes(state: MidiState, seat: int, *, samples: int = 100, seed: int = 0) -> list[dict[str, Any]]:
    """What each of ``seat``'s legal bets brings, estimated by playing the round out many
    times: the hidden cards are dealt afresh from what ``seat`` may know (M-R1) and the
    other seats play the bots' quick rule of thumb (:func:`~canal_heritage.midi.bots.rollout_action`).
    The engine counts and awards each time.

    Returns one dict per bet: ``value``, ``built`` (share of rounds the site was built),
    ``won`` (share the seat took it), ``points`` (mean change of the seat's provisional
    score, coins included).
    """
    from ..midi.belief import sample_state
    from ..midi.bots import rollout_action

    obs = state.observation(seat)
    if obs.phase != "bet" or obs.to_move != seat or obs.current_site is None:
        raise ValueError("bet_outcomes needs a position where this seat is about to bet")
    rng = random.Random(seed)
    game = state.game
    site = game.site_index(obs.current_site)
    out = []
    for action in obs.legal_actions:
        built = won = 0
        gained = 0
        for _ in range(samples):
            sim = sample_state(obs, rng, game)
            before = sim.totals()[seat]
            sim.apply_action(action)
            start = sim.round
            while not sim.is_terminal() and sim.round == start:
                sim.apply_action(rollout_action(sim, rng))
            built += sim.status[site] == BUILT
            won += bool(sim.pawns[site] >> seat & 1)
            gained += sim.totals()[seat] - before
        out.append({"value": A.decode(action).value, "built": built / samples, "won": won / samples,
                    "points": gained / samples})
    return out


def bet_runs(state: MidiState, seat: int, *, samples: int = 100, seeds: Sequence[int] = range(1, 9)
             ) -> list[list[dict[str, Any]]]:
    """:func:`bet_outcomes` run once per seed: how much the estimate of each bet moves from
    one run of ``samples`` rounds to another."""
    return [bet_outcomes(state, seat, samples=samples, seed=s) for s in seeds]


def best_value(rows: Sequence[Mapping[str, Any]]) -> int:
    """The bet that brought the most points on average in one run (the lowest card on a tie)."""
    return max(rows, key=lambda r: (r["points"], -r["value"]))["value"]


def best_lead(rows: Sequence[Mapping[str, Any]]) -> float:
    """How many points, on average, the best bet of one run brings more than the next best."""
    points = sorted((r["points"] for r in rows), reverse=True)
    return points[0] - points[1] if len(points) > 1 else 0.0


def bet_runs_summary(runs: Sequence[Sequence[Mapping[str, Any]]], lang: str, game: MidiGame | None = None) -> str:
    """What the runs say, with the numbers: whether the same bet came out best every time, and
    by how many points it led the next best (the smallest and the largest lead over the runs)."""
    n = Narrator(lang, game)
    tr = n.tr
    leads = [best_lead(rows) for rows in runs]
    low, high = tr.number(min(leads), "0.00"), tr.number(max(leads), "0.00")
    bests = {best_value(rows) for rows in runs}
    if len(bests) == 1:
        return tr.ui_plural("lesson.bets", "{best} comes out best in the {n} run, {low} to {high} points ahead of "
                                           "the next bet on average.",
                            "{best} comes out best in all {n} runs, {low} to {high} points ahead of the next bet "
                            "on average.", len(runs), best=n.worker(bests.pop()), low=low, high=high)
    return tr.ui("lesson.bets", "The best bet changes from one run to another; in each run it is {low} to {high} "
                                "points ahead of the next bet on average.", low=low, high=high)


def bet_runs_table(runs: Sequence[Sequence[Mapping[str, Any]]], lang: str, game: MidiGame | None = None
                   ) -> HTMLBlock:
    """One line per run: points gained on average with each bet, the bet that came out best and
    how far ahead of the next one; under the table, what the runs say (:func:`bet_runs_summary`)."""
    n = Narrator(lang, game)
    tr = n.tr
    values = [r["value"] for r in runs[0]]
    headers = [tr.ui("lesson.bets", "Run"), *[n.worker(v) for v in values], tr.ui("lesson.bets", "Best bet"),
               tr.ui("lesson.bets", "Ahead of the next by")]
    body = [[i, *[tr.number(r["points"], "0.00") for r in rows], n.worker(best_value(rows)),
             tr.number(best_lead(rows), "0.00")] for i, rows in enumerate(runs, 1)]
    summary = bet_runs_summary(runs, lang, game)
    return HTMLBlock(table_html(headers, body) + f"<p>{html.escape(summary)}</p>",
                     "; ".join(str(best_value(rows)) for rows in runs))


def bet_table(rows: Sequence[Mapping[str, Any]], lang: str, game: MidiGame | None = None) -> HTMLBlock:
    n = Narrator(lang, game)
    tr = n.tr
    headers = [tr.ui("lesson.bets", "Bet"), tr.ui("lesson.bets", "Site built"), tr.ui("lesson.bets", "Site won"),
               tr.ui("lesson.bets", "Points gained on average")]
    pct = lambda x: tr.ui("cli.percent", "{value}%", value=f"{100 * x:.0f}")  # noqa: E731
    body = [[n.worker(r["value"]), pct(r["built"]), pct(r["won"]), tr.number(r["points"], "0.00")] for r in rows]
    text = "; ".join(f"{r['value']}: {r['points']:.2f}" for r in rows)
    return HTMLBlock(table_html(headers, body), text)


def face_down_pool(state: MidiState, seat: int) -> list[int]:
    """The values ``seat``'s face-down cards may have, as far as that seat knows (M-R1): the
    unseen cards that may lie face down in front of it."""
    obs = state.observation(seat)
    return sorted(v for v, where in obs.unseen if (seat, "face_down") in where)
