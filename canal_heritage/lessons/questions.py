"""The exercises of the lessons. Each function builds one question: its answer is computed
by the engines (a clone of the lesson's position played on, a scoring function, a
simulation) or read from the heritage data, never written by hand; its hint and
explanation come from the ``ui`` catalog and the narrators.

Every function returns a :class:`~.exercises.NumberQuestion` or
:class:`~.exercises.ChoiceQuestion`: end a notebook cell with it to get the answer box.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from ..arriala import ArrialaState
from ..arriala import actions as AA
from ..arriala.narration import Narrator as ArrialaNarrator
from ..heritage import load_heritage
from ..i18n import translator
from ..midi import MidiState
from ..midi.narration import Narrator
from ..midi.scoring import SiteScore, site_points
from .exercises import ChoiceQuestion, NumberQuestion
from .midi import face_down_pool, play_round

if TYPE_CHECKING:
    from ..core.events import Event


# ---------------------------------------------------------------------- lesson 1
def opening_year(lang: str) -> NumberQuestion:
    """The year the canal opened (timeline)."""
    tr = translator(lang)
    event = load_heritage().event("canal-opens")
    return NumberQuestion(lang, event.date.year, tr.ui("lesson.hint", "Look for the boats in the timeline: the "
                                                                      "canal opened the year after Riquet died."),
                          explanation=event.localized("text", lang).text)


def years_of_works(lang: str) -> NumberQuestion:
    """Years from the edict ordering the canal to its opening (timeline)."""
    tr = translator(lang)
    h = load_heritage()
    edict, opening = h.event("edict-of-1666"), h.event("canal-opens")
    return NumberQuestion(lang, opening.date.year - edict.date.year,
                          tr.ui("lesson.hint", "Subtract the year of the royal edict from the year the canal opened."))


def summit_site(lang: str) -> ChoiceQuestion:
    """Which site is the summit of the canal, where the waters part (heritage places)."""
    tr = translator(lang)
    h = load_heritage()
    sites = [p for p in h.places if p.kind == "midi_site"]
    names = [p.localized("name", lang).text for p in sites]
    summit = h.place_for_game("midi", "II")
    return ChoiceQuestion(lang, names, summit.localized("name", lang).text,
                          tr.ui("lesson.hint", "Find the feeder channels on the map: they bring the water of the "
                                               "Montagne Noire to the highest point."),
                          explanation=summit.localized("caption", lang).text)


# ---------------------------------------------------------------------- lesson 2
def _played(state: MidiState, bets: Mapping[int, int]) -> tuple[MidiState, list[Any]]:
    sim = state.clone()
    told = len(sim.log(None))
    play_round(sim, bets)
    return sim, sim.log(None)[told:]


def built_or_delayed(lang: str, state: MidiState, bets: Mapping[int, int]) -> ChoiceQuestion:
    """With these bets, is the site in play built or delayed? The engine plays them on a copy."""
    tr = translator(lang)
    narrator = Narrator(lang, state.game)
    _, events = _played(state, bets)
    outcome = next(e for e in events if e.key in ("midi.site_built", "midi.site_delayed"))
    choices = [tr.ui("lesson.choice", "built"), tr.ui("lesson.choice", "delayed")]
    answer = choices[0] if outcome.key == "midi.site_built" else choices[1]
    return ChoiceQuestion(lang, choices, answer, tr.ui("lesson.hint", "Add up the bets and compare the total with "
                                                                      "the site's threshold."),
                          explanation=narrator.event(outcome))


def site_winner(lang: str, state: MidiState, bets: Mapping[int, int]) -> ChoiceQuestion:
    """Who takes the site in play with these bets (a tie: several names)?"""
    tr = translator(lang)
    narrator = Narrator(lang, state.game)
    _, events = _played(state, bets)
    outcome = next(e for e in events if e.key in ("midi.site_built", "midi.site_delayed"))
    seats = list(range(state.game.players))
    choices = [narrator.seat(p) for p in seats] + [tr.ui("lesson.choice", "nobody")]
    if outcome.key == "midi.site_built" and len(outcome.args["winners"]) == 1:
        answer = narrator.seat(outcome.args["winners"][0])
    elif outcome.key == "midi.site_built" and outcome.args["winners"]:
        choices.append(narrator.seats(outcome.args["winners"]))
        answer = choices[-1]
    else:
        answer = choices[len(seats)]
    return ChoiceQuestion(lang, choices, answer, tr.ui("lesson.hint", "A site that is built goes to the highest "
                                                                      "single card; a delayed site goes to nobody "
                                                                      "for now."),
                          explanation=narrator.event(outcome))


# ---------------------------------------------------------------------- lesson 3
def _final(state: MidiState, bets: Mapping[int, int] | None = None) -> MidiState:
    sim = state.clone()
    while not sim.is_terminal():
        play_round(sim, bets)
    return sim


def _site_line(final: MidiState, seat: int, site: str) -> SiteScore | None:
    for s in final.score_sheet().players[seat].sites:
        if s.site == site:
            return s
    return None


def site_score(lang: str, state: MidiState, seat: int, site: str, bets: Mapping[int, int] | None = None,
               hint: str = "shared") -> NumberQuestion:
    """How many points ``seat`` scores for ``site`` once the game is played to the end
    (the engine's score sheet)."""
    tr = translator(lang)
    narrator = Narrator(lang, state.game)
    line = _site_line(_final(state, bets), seat, site)
    points = line.points if line else 0
    hints = {
        "shared": tr.ui("lesson.hint", "Several players hold this site: each of them scores half its worth, "
                                       "rounded down."),
        "adjacency": tr.ui("lesson.hint", "A delayed site goes at the end to whoever holds both its neighbours, "
                                          "for half its worth, rounded down."),
        "alone": tr.ui("lesson.hint", "A site held by one player alone is worth its full value."),
    }
    explanation = tr.ui_plural("lesson.explain", "{site}: worth {value}, {n} point for {player}.",
                               "{site}: worth {value}, {n} points for {player}.", points,
                               site=narrator.site(site), value=line.value if line else 0, player=narrator.seat(seat))
    return NumberQuestion(lang, points, hints[hint], explanation=explanation)


def adjacency_owner(lang: str, state: MidiState, site: str, bets: Mapping[int, int] | None = None) -> ChoiceQuestion:
    """Who gets the delayed ``site`` at the end (the engine awards it, M-R8)?"""
    tr = translator(lang)
    narrator = Narrator(lang, state.game)
    final = _final(state, bets)
    k = state.game.site_index(site)
    holders = final.observation(0).site_adjacency[k]
    choices = [narrator.seat(p) for p in range(state.game.players)] + [tr.ui("lesson.choice", "nobody")]
    if len(holders) > 1:
        choices.append(narrator.seats(holders))
    answer = narrator.seats(holders) if holders else choices[state.game.players]
    return ChoiceQuestion(lang, choices, answer, tr.ui("lesson.hint", "Look at the two sites on either side of "
                                                                      "it along the canal."))


def coin_points(lang: str, state: MidiState, seat: int, bets: Mapping[int, int] | None = None) -> NumberQuestion:
    tr = translator(lang)
    ps = _final(state, bets).score_sheet().players[seat]
    return NumberQuestion(lang, ps.coin_points, tr.ui("lesson.hint", "Each coin not spent on reinforcements is "
                                                                     "worth points at the end: count the coins."))


def total_score(lang: str, state: MidiState, seat: int, bets: Mapping[int, int] | None = None) -> NumberQuestion:
    tr = translator(lang)
    ps = _final(state, bets).score_sheet().players[seat]
    return NumberQuestion(lang, ps.total, tr.ui("lesson.hint", "Score each site on its own, then add the coins. "
                                                               "The score sheet of the engine shows each line."))


def halving(lang: str, value: int, holders: int, adjacency: bool) -> NumberQuestion:
    """One holder's points for a site of ``value`` (the engine's scoring function)."""
    tr = translator(lang)
    points, _ = site_points(value, holders, adjacency)
    hint = (tr.ui("lesson.hint", "Halve once because it is shared, then once more because it was won by "
                                 "adjacency; round down each time.") if adjacency and holders > 1 else
            tr.ui("lesson.hint", "However many players share it, each one scores half, rounded down."))
    return NumberQuestion(lang, points, hint)


# ---------------------------------------------------------------------- lesson 4
def face_down_average(lang: str, state: MidiState, seat: int) -> NumberQuestion:
    tr = translator(lang)
    pool = face_down_pool(state, seat)
    return NumberQuestion(lang, sum(pool) / len(pool), tr.ui("lesson.hint", "Each face-down card is as likely as "
                                                                            "the others: add the values and divide "
                                                                            "by how many there are."),
                          tolerance=0.05, whole=False)


def expected_points(lang: str, value: int, wins: int, out_of: int) -> NumberQuestion:
    tr = translator(lang)
    return NumberQuestion(lang, value * wins / out_of, tr.ui("lesson.hint", "Multiply the points by the chance of "
                                                                            "getting them."),
                          tolerance=0.05, whole=False)


def least_built(lang: str, summary: Any) -> ChoiceQuestion:
    """Which site was built least often in a simulation (``Summary``)?"""
    tr = translator(lang)
    rates = summary.per_site_built
    answer = min(rates, key=lambda s: (rates[s], s))
    return ChoiceQuestion(lang, list(rates), answer, tr.ui("lesson.hint", "Look for the shortest bar in the plot."))


def best_bet(lang: str, rows: Sequence[Mapping[str, Any]]) -> ChoiceQuestion:
    """Which bet brought the most points on average (``bet_outcomes`` rows)?"""
    tr = translator(lang)
    n = Narrator(lang)
    choices = [n.worker(r["value"]) for r in rows]
    best = max(range(len(rows)), key=lambda i: rows[i]["points"])
    return ChoiceQuestion(lang, choices, choices[best], tr.ui("lesson.hint", "Compare the last column of the "
                                                                             "table: points gained on average."))


# ---------------------------------------------------------------------- lesson 5
def _section_event(state: ArrialaState, text: str) -> tuple[ArrialaState, list[Event]]:
    sim = state.clone()
    told = len(sim.log(None))
    sim.apply_action(AA.from_text(sim.game, text))
    events = [e for e in sim.log(None)[told:] if e.key == "arriala.section_scored"]
    return sim, events


def section_scorer(lang: str, state: ArrialaState, action: str) -> ChoiceQuestion:
    """After ``action`` (text form) completes a section, who scores it?"""
    tr = translator(lang)
    n = ArrialaNarrator(lang, state.game)
    _, events = _section_event(state, action)
    e = events[0]
    choices = [n.owner(o) for o in range(state.game.players)] + [tr.ui("lesson.choice", "nobody")]
    answer = n.owner(e.args["winner"]) if e.args["winner"] is not None else choices[-1]
    return ChoiceQuestion(lang, choices, answer, tr.ui("lesson.hint", "Count each colour's workers in the "
                                                                      "section. If the most is shared, look at the "
                                                                      "next count down."),
                          explanation=n.event(e))


def section_points(lang: str, state: ArrialaState, action: str) -> NumberQuestion:
    """How many points the section completed by ``action`` is worth to its scorer."""
    tr = translator(lang)
    n = ArrialaNarrator(lang, state.game)
    _, events = _section_event(state, action)
    e = events[0]
    return NumberQuestion(lang, e.args["points"], tr.ui("lesson.hint", "The scoring table gives the points for "
                                                                       "the number of workers in the whole section."),
                          explanation=n.event(e))


def points_gained(lang: str, state: ArrialaState, action: str, owner: int) -> NumberQuestion:
    """How many points ``owner`` gains from ``action`` (a lock, say), everything counted."""
    tr = translator(lang)
    n = ArrialaNarrator(lang, state.game)
    sim, events = _section_event(state, action)
    gained = sim.to_dict()["scores"][owner] - state.to_dict()["scores"][owner]
    return NumberQuestion(lang, gained, tr.ui("lesson.hint", "A lock is worth a point to its builder, and it may "
                                                             "complete the sections on both of its sides."),
                          explanation=" ".join(n.event(e) for e in events))


# ---------------------------------------------------------------------- lesson 6
def action_points(lang: str, state: ArrialaState) -> NumberQuestion:
    tr = translator(lang)
    return NumberQuestion(lang, state.game.rules.action_points,
                          tr.ui("lesson.hint", "Look at the status line at the start of your turn."))


def action_cost(lang: str, state: ArrialaState, action: str) -> NumberQuestion:
    """What ``action`` (text form) costs in action points now (the engine's cost)."""
    tr = translator(lang)
    return NumberQuestion(lang, state.action_cost(AA.from_text(state.game, action)),
                          tr.ui("lesson.hint", "Every choice in the menu shows its cost in brackets."))


# ---------------------------------------------------------------------- lesson 7
def higher_share(lang: str, results: Mapping[str, Any]) -> ChoiceQuestion:
    """Which Canal du Midi variant built the most sites (simulation summaries)?"""
    tr = translator(lang)
    names = list(results)
    best = max(names, key=lambda k: results[k].sites_built_share)
    return ChoiceQuestion(lang, names, best, tr.ui("lesson.hint", "Compare the column of sites built in the "
                                                                  "table."))
