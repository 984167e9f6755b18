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
from ..heritage import HistoricDate, load_heritage
from ..i18n import translator
from ..midi import MidiState
from ..midi.narration import Narrator
from ..midi.scoring import SiteScore, site_points
from .exercises import ChoiceQuestion, NumberQuestion, NumbersQuestion, OrderQuestion
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


def summit_climb(lang: str) -> NumberQuestion:
    """How many metres the canal climbs from Toulouse to the Naurouze summit (the long
    profile; approximate figures, so a few metres either side count as right)."""
    from ..profile import PROFILE, SUMMIT

    tr = translator(lang)
    climb = round(SUMMIT.height - PROFILE[0].height)
    return NumberQuestion(lang, climb, tr.ui("lesson.hint", "Read the height of the water at Toulouse and at the "
                                                            "summit, then subtract."), tolerance=5,
                          explanation=tr.ui("lesson.explain", "From about {low} m at Toulouse to about {high} m at "
                                                              "Naurouze: about {m} m.", low=round(PROFILE[0].height),
                                            high=round(SUMMIT.height), m=climb))


def _when(d: HistoricDate) -> tuple[int, int, int]:
    return d.years[0], d.month or 0, d.day or 0


def order_events(lang: str, event_ids: Sequence[str]) -> OrderQuestion:
    """Put these timeline events in order. The lesson gives them mixed; the answer sorts
    them by their dates in the heritage data, so it cannot disagree with the timeline.

    Raises ``ValueError`` for events whose order is in doubt (the same year without a month,
    or years that the sources give differently and that overlap)."""
    tr = translator(lang)
    h = load_heritage()
    events = [h.event(i) for i in event_ids]
    by_start = sorted(events, key=lambda e: _when(e.date))
    by_end = sorted(events, key=lambda e: (e.date.years[1], e.date.month or 0, e.date.day or 0))
    if by_start != by_end or len({_when(e.date) for e in events}) != len(events):
        raise ValueError(f"the order of {list(event_ids)} is in doubt: choose events with distinct dates")
    title = {e.id: e.localized("title", lang).text for e in events}
    explanation = " · ".join(tr.ui("lesson.explain", "{date}: {what}", date=e.date.label(lang), what=title[e.id])
                             for e in by_start)
    return OrderQuestion(lang, [title[e.id] for e in events], [title[e.id] for e in by_start],
                         tr.ui("lesson.hint", "Find each event in the timeline above and note its year."),
                         explanation=explanation,
                         prompt=tr.ui("lesson.question", "Put these events in order, the oldest first:"))


def _degrees(x: float, lang: str) -> str:
    return translator(lang).number(x, "0.0")


def site_latitude(lang: str, numeral: str) -> NumberQuestion:
    """Read on the map the latitude of the Canal du Midi site numbered ``numeral`` (to a
    tenth of a degree; a tenth either side counts as right)."""
    tr = translator(lang)
    place = load_heritage().place_for_game("midi", numeral)
    assert place.coordinates is not None
    lat, lon = place.coordinates.lat, place.coordinates.lon
    name = place.localized("name", lang).text
    return NumberQuestion(
        lang, round(lat, 1),
        tr.ui("lesson.hint", "Find the red square numbered {numeral}, then follow the grid across to the "
                             "latitude axis, on the left.", numeral=numeral),
        tolerance=0.1, whole=False,
        explanation=tr.ui("lesson.explain", "Site {numeral}, {name}, is at latitude {lat}° north and "
                                            "longitude {lon}° east.", numeral=numeral, name=name,
                          lat=_degrees(lat, lang), lon=_degrees(lon, lang)),
        prompt=tr.ui("lesson.question", "What is the latitude of site {numeral}, {name}? Read it on the map to "
                                        "a tenth of a degree.", numeral=numeral, name=name))


def site_at(lang: str, numeral: str) -> ChoiceQuestion:
    """Which site is at these coordinates? The question gives the coordinates of the site
    numbered ``numeral``, rounded to a tenth of a degree; the student finds it on the map."""
    tr = translator(lang)
    h = load_heritage()
    place = h.place_for_game("midi", numeral)
    assert place.coordinates is not None
    lat, lon = round(place.coordinates.lat, 1), round(place.coordinates.lon, 1)
    sites = [p for p in h.places if p.kind == "midi_site" and p.coordinates is not None]

    def far(p: Any) -> float:
        return float(((p.coordinates.lat - lat) ** 2 + (p.coordinates.lon - lon) ** 2) ** 0.5)

    nearest = sorted(sites, key=far)
    if nearest[0] is not place or far(nearest[1]) < 0.2:
        raise ValueError(f"site {numeral} is too close to another to be found from rounded coordinates")
    names = [p.localized("name", lang).text for p in sites]
    return ChoiceQuestion(
        lang, names, place.localized("name", lang).text,
        tr.ui("lesson.hint", "Find the longitude on the bottom axis and the latitude on the left one: the "
                             "site is where the two grid lines cross."),
        explanation=place.localized("caption", lang).text,
        prompt=tr.ui("lesson.question", "Which site is at longitude {lon}° east, latitude {lat}° north?",
                     lon=_degrees(lon, lang), lat=_degrees(lat, lang)))


def who_finished(lang: str, others: Sequence[str] = ("clerville", "vauban", "colbert")) -> ChoiceQuestion:
    """Who took charge of the works after Riquet's death? The answer is the person the
    opening event names who is not one of the game's engineers (his son Jean-Mathias);
    ``others`` are people of the data to choose among. The lesson asks it before showing that
    person's card: the timeline read earlier tells it."""
    tr = translator(lang)
    h = load_heritage()
    opening = h.event("canal-opens")
    finisher = next(h.person(i) for i in opening.people if h.person(i).engineer is None and i != "riquet")
    people = [h.person(i) for i in others]
    choices = sorted([p.localized("name", lang).text for p in (*people, finisher)])
    return ChoiceQuestion(lang, choices, finisher.localized("name", lang).text,
                          tr.ui("lesson.hint", "Reread what the timeline says about Riquet's death and about the "
                                               "opening of the canal."),
                          explanation=finisher.localized("caption", lang).text)


def year_of(lang: str, event_id: str) -> NumberQuestion:
    """The year of a timeline event."""
    tr = translator(lang)
    event = load_heritage().event(event_id)
    return NumberQuestion(lang, event.date.year, tr.ui("lesson.hint", "Look for it in the timeline above."),
                          explanation=event.localized("text", lang).text)


def years_between(lang: str, first_id: str, then_id: str, *, until_end: bool = False) -> NumberQuestion:
    """How many years after the event ``first_id`` did the event ``then_id`` happen (with
    ``until_end``: did it end, for a period such as the works on the Canal de Garonne)? Both
    years are read from the timeline."""
    tr = translator(lang)
    h = load_heritage()
    first, then = h.event(first_id), h.event(then_id)
    last = then.end if until_end and then.end is not None else then.date
    if len(set(first.date.alternatives)) > 1 or len(set(last.alternatives)) > 1:
        raise ValueError(f"{first_id} or {then_id} has more than one year: the difference is in doubt")
    return NumberQuestion(
        lang, last.year - first.date.year,
        tr.ui("lesson.hint", "Find both events in the timeline table, note their years, then subtract the "
                             "earlier year from the later one."),
        explanation=" ".join([
            tr.ui("lesson.explain", "“{first}”: {first_year}; “{then}”: {then_year}.",
                  first=first.localized("title", lang).text, first_year=first.date.label(lang),
                  then=then.localized("title", lang).text, then_year=last.label(lang)),
            then.localized("text", lang).text]))


def years_after_death(lang: str, person_id: str, event_id: str) -> NumberQuestion:
    """How many years after ``person_id`` died did ``event_id`` happen (history or game?)."""
    tr = translator(lang)
    h = load_heritage()
    person, event = h.person(person_id), h.event(event_id)
    assert person.died is not None
    name = person.localized("name", lang).text
    return NumberQuestion(
        lang, event.date.year - person.died.date.year,
        tr.ui("lesson.hint", "Find the year {name} died (on the cards above) and the year in the timeline, "
                             "then subtract.", name=name),
        explanation=tr.ui("lesson.explain", "{name} died in {died}; “{event}”: {year}.", name=name,
                          died=person.died.date.label(lang), event=event.localized("title", lang).text,
                          year=event.date.label(lang)))


def birth_years_apart(lang: str, person_id: str = "riquet") -> NumberQuestion:
    """How many years apart are the birth years that the sources give?"""
    tr = translator(lang)
    person = load_heritage().person(person_id)
    assert person.born is not None
    years = person.born.date.alternatives
    return NumberQuestion(lang, years[-1] - years[0],
                          tr.ui("lesson.hint", "The timeline gives both years: subtract the smaller from the "
                                               "larger."),
                          explanation=tr.ui("lesson.explain", "The sources give {years}.",
                                            years=person.born.date.label(lang)))


def best_source(lang: str) -> ChoiceQuestion:
    """Source criticism: which kind of document could settle a disputed date? (A judgement,
    not a computation: the answer is the one document written at the time.)"""
    tr = translator(lang)
    register = tr.ui("lesson.choice", "a parish register written in Béziers in the year of his baptism")
    choices = [tr.ui("lesson.choice", "a website about the canal written in 2020"),
               tr.ui("lesson.choice", "the date carved under a statue of Riquet put up two centuries later"),
               register,
               tr.ui("lesson.choice", "this lesson's timeline")]
    return ChoiceQuestion(
        lang, choices, register,
        tr.ui("lesson.hint", "Which of these was written by people who were there at the time? The others "
                             "copy older texts."),
        explanation=tr.ui("lesson.explain", "A document written at the time by people who were there is a "
                                            "primary source. Later texts often copy one another, so one "
                                            "mistake can spread from book to book: that is how two dates can "
                                            "both look well supported."))


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
    """Who takes the site in play with these bets? Every player is a choice, and "nobody";
    at two players "both" is always offered (so a tie is not given away by the choices); with
    more players a tie adds the tied names."""
    tr = translator(lang)
    narrator = Narrator(lang, state.game)
    _, events = _played(state, bets)
    outcome = next(e for e in events if e.key in ("midi.site_built", "midi.site_delayed"))
    seats = list(range(state.game.players))
    nobody = tr.ui("lesson.choice", "nobody")
    choices = [narrator.seat(p) for p in seats]
    if len(seats) == 2:
        choices.append(narrator.seats(seats))
    winners = list(outcome.args["winners"]) if outcome.key == "midi.site_built" else []
    if len(winners) == 1:
        answer = narrator.seat(winners[0])
    elif winners:
        answer = narrator.seats(winners)
        if answer not in choices:
            choices.append(answer)
    else:
        answer = nobody
    choices.append(nobody)
    return ChoiceQuestion(lang, choices, answer, tr.ui("lesson.hint", "A site that is built goes to the highest "
                                                                      "single card; when several players tie "
                                                                      "with it, each of them places a pawn; a "
                                                                      "delayed site goes to nobody for now."),
                          explanation=narrator.event(outcome))


def pawns_placed(lang: str, state: MidiState, bets: Mapping[int, int]) -> NumberQuestion:
    """How many pawns go on the site in play with these bets (the engine plays them on a copy)?"""
    tr = translator(lang)
    narrator = Narrator(lang, state.game)
    _, events = _played(state, bets)
    outcome = next(e for e in events if e.key in ("midi.site_built", "midi.site_delayed"))
    pawns = len(outcome.args["winners"]) if outcome.key == "midi.site_built" else 0
    return NumberQuestion(lang, pawns, tr.ui("lesson.hint", "Every player tied with the highest card places a "
                                                            "pawn; a delayed site gets none."),
                          explanation=narrator.event(outcome))


def draw_rule(lang: str) -> ChoiceQuestion:
    """Step B: what else happens when a player takes a face-up card. The rulebook says one
    face-down card is turned face up (there are always three face up until the last rounds);
    it does not say who picks which, so no choice says it: the project turns one at random
    (rule M-R2), which is what a player picking blind would do. The round just played shows
    it in the engine's narration."""
    tr = translator(lang)
    turned = tr.ui("lesson.choice", "one of their face-down cards is turned face up")
    choices = [tr.ui("lesson.choice", "nothing else happens"),
               turned,
               tr.ui("lesson.choice", "one of their hand cards is laid face down in its place"),
               tr.ui("lesson.choice", "every other player draws a card too")]
    return ChoiceQuestion(lang, choices, turned,
                          tr.ui("lesson.hint", "Read what the bot's draw did in the story of the round, above."),
                          explanation=tr.ui("lesson.explain", "The rules keep three cards face up in front of "
                                                              "each player until the last rounds, so a face-down "
                                                              "card takes the place of the one taken. Nobody, not "
                                                              "even its owner, knows what a face-down card is: "
                                                              "picking one is a blind choice, so the game's "
                                                              "engine turns one up at random (rule M-R2)."),
                          prompt=tr.ui("lesson.question", "A player takes one of the face-up cards in front of "
                                                          "them. What else happens?"))


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
    return ChoiceQuestion(lang, list(rates), answer, tr.ui("lesson.hint", "Look for the shortest bar in the plot."),
                          prompt=tr.ui("lesson.question", "In these games, which site was built least often?"))


def best_bet(lang: str, rows: Sequence[Mapping[str, Any]]) -> ChoiceQuestion:
    """Which bet brought the most points on average (``bet_outcomes`` rows)?"""
    tr = translator(lang)
    n = Narrator(lang)
    choices = [n.worker(r["value"]) for r in rows]
    best = max(range(len(rows)), key=lambda i: rows[i]["points"])
    return ChoiceQuestion(lang, choices, choices[best], tr.ui("lesson.hint", "Compare the last column of the "
                                                                             "table: points gained on average."))


def spread_gap(lang: str, spread: Mapping[int, Sequence[float]], size: int) -> NumberQuestion:
    """The gap, in percentage points, between the highest and the lowest estimate made
    from ``size`` games (``lab.estimate_spread``); one point either side counts as right."""
    tr = translator(lang)
    values = spread[size]
    return NumberQuestion(lang, round(100 * (max(values) - min(values))),
                          tr.ui("lesson.hint", "In the table, take the line for {n} games: highest minus lowest.",
                                n=size), tolerance=1)


def enough_games(lang: str, spread: Mapping[int, Sequence[float]], within: float = 0.1) -> ChoiceQuestion:
    """The fewest games per estimate for which every estimate lies within ``within`` of the
    share over all the games (``lab.estimate_spread``)."""
    tr = translator(lang)
    sizes = list(spread)
    first = sizes[0]
    overall = sum(spread[first]) / len(spread[first])
    good = [n for n in sizes if all(abs(v - overall) <= within + 1e-9 for v in spread[n])]
    if not good:
        raise ValueError(f"no size keeps every estimate within {within} of {overall:.3f}")
    choices = [str(n) for n in sizes]
    points = round(100 * within)
    return ChoiceQuestion(
        lang, choices, str(good[0]),
        tr.ui("lesson.hint", "For each number of games, are the lowest and the highest estimates both within "
                             "{points} points of the dashed line?", points=points),
        explanation=tr.ui("lesson.explain", "Over all the games the share is {share}; with {n} games per estimate, "
                                            "every estimate lies within {points} points of it.",
                          share=tr.ui("cli.percent", "{value}%", value=f"{100 * overall:.0f}"), n=good[0],
                          points=points))


def times_best(lang: str, runs: Sequence[Sequence[Mapping[str, Any]]], value: int) -> NumberQuestion:
    """In how many of the runs (``midi.bet_runs``) did the bet ``value`` come out best?"""
    from .midi import best_value

    tr = translator(lang)
    n = Narrator(lang)
    return NumberQuestion(lang, sum(best_value(rows) == value for rows in runs),
                          tr.ui("lesson.hint", "Count the lines of the table whose “Best bet” column says {card}.",
                                card=n.worker(value)))


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


def section_cells(lang: str, state: ArrialaState, cell: str) -> NumbersQuestion:
    """Which cells form the section that holds ``cell`` (``montech-castelsarrasin:5``)? The
    answer is the engine's section, as cell numbers along the stretch."""
    tr = translator(lang)
    n = ArrialaNarrator(lang, state.game)
    board = state.board
    index = board.cell_index(cell)
    section = state.section_of(index)
    if section is None:
        raise ValueError(f"{cell} is in no section (a town or a lock)")
    first, last = section
    numbers = {int(board.cell_id(i).rpartition(":")[2]) for i in range(first, last + 1)}
    stretch_id, _, k = cell.rpartition(":")
    st = next(x for x in state.game.data.board.stretches if x.id == stretch_id)
    stretch = f"{n.place(st.from_)}–{n.place(st.to)}"
    return NumbersQuestion(
        lang, numbers,
        tr.ui("lesson.hint", "A section runs from one town or lock to the next: find the lock or town on each "
                             "side of cell {cell}.", cell=k),
        explanation=tr.ui("lesson.explain", "The section runs from {first} to {last}.",
                          first=n.cell(board.cell_id(first)), last=n.cell(board.cell_id(last))),
        prompt=tr.ui("lesson.question", "Which cells of {stretch} form the section of cell {cell}? Type their "
                                        "numbers, like 1 2 3.", stretch=stretch, cell=k))


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
def cells_after_placing(lang: str, game: Any) -> NumberQuestion:
    """With a turn's action points, after placing a new worker: how many cells may a worker
    still move (the game's costs)?"""
    tr = translator(lang)
    left = game.rules.action_points - game.costs.place
    return NumberQuestion(lang, left // game.costs.move_cell,
                          tr.ui("lesson.hint", "Take the cost of placing a worker from the action points of a "
                                               "turn, then see how many cells the rest pays for."))


def action_points(lang: str, state: ArrialaState) -> NumberQuestion:
    tr = translator(lang)
    return NumberQuestion(lang, state.game.rules.action_points,
                          tr.ui("lesson.hint", "Look at the status line at the start of your turn."))


def action_cost(lang: str, state: ArrialaState, action: str) -> NumberQuestion:
    """What ``action`` (text form) costs in action points now (the engine's cost)."""
    tr = translator(lang)
    return NumberQuestion(lang, state.action_cost(AA.from_text(state.game, action)),
                          tr.ui("lesson.hint", "Every choice in the menu shows its cost in brackets."))


def _bot_choice(state: ArrialaState, bot: str, seed: int) -> Any:
    import random

    from ..arriala.bots import make_bot

    player = state.current_player()
    if player is None:
        raise ValueError("the game is over: no bot is about to move")
    return make_bot(bot, random.Random(seed), state.game).choose(state.observation(player))


def predict_bot(lang: str, state: ArrialaState, *, bot: str = "heuristic", seed: int = 1) -> ChoiceQuestion:
    """What will the bot about to move do first? The answer is the bot's own choice (the
    same bot, the same seed, as :func:`canal_heritage.lessons.arriala.bot_move`); the other
    choices are the other kinds of action on the same cell, and ending the turn."""
    tr = translator(lang)
    n = ArrialaNarrator(lang, state.game)
    move = _bot_choice(state, bot, seed)
    answer = n.action(move.action)
    words = AA.to_text(state.game, move.action).split()
    target = words[-1] if len(words) > 1 else None
    by_kind: dict[str, list[str]] = {}  # other actions on the same cell, by kind (place, lock, move, end)
    for a in state.legal_actions():
        text = AA.to_text(state.game, a).split()
        if (target is not None and text[-1] == target) or text[0] == "end":
            label = n.action(a)
            if label != answer and label not in by_kind.get(text[0], []):
                by_kind.setdefault(text[0], []).append(label)
    others = [labels[0] for kind, labels in sorted(by_kind.items(), key=lambda kv: kv[0] == "move")]
    others += [label for labels in by_kind.values() for label in labels[1:]]
    choices = sorted([answer, *others[:3]])
    return ChoiceQuestion(lang, choices, answer,
                          tr.ui("lesson.hint", "The bot looks first for an action that completes a section it "
                                               "wins."),
                          explanation=n.bot_move(move))


def cheapest_way(lang: str, state: ArrialaState, cell: str) -> NumberQuestion:
    """The fewest action points that put a worker (anyone's it may move, or a new one) on
    ``cell`` now: the cheapest legal action ending there."""
    tr = translator(lang)
    costs = [state.action_cost(a) for a in state.legal_actions()
             if AA.to_text(state.game, a).split()[0] in ("place", "move")
             and AA.to_text(state.game, a).split()[-1] == cell]
    if not costs:
        raise ValueError(f"no worker can reach {cell} now")
    return NumberQuestion(lang, min(costs), tr.ui("lesson.hint", "A move costs action points for every cell "
                                                                 "it crosses: which worker stands nearest?"))


def completed_section(lang: str, state: ArrialaState, action: str) -> NumbersQuestion:
    """Which cells form the section that ``action`` (text form) completes now? The answer is
    the first section the engine scores when it plays the action on a copy."""
    tr = translator(lang)
    n = ArrialaNarrator(lang, state.game)
    _, events = _section_event(state, action)
    if not events:
        raise ValueError(f"{action} completes no section now")
    e = events[0]
    first, last = e.args["first"], e.args["last"]
    stretch_id = first.rpartition(":")[0]
    numbers = set(range(int(first.rpartition(":")[2]), int(last.rpartition(":")[2]) + 1))
    st = next(x for x in state.game.data.board.stretches if x.id == stretch_id)
    return NumbersQuestion(
        lang, numbers,
        tr.ui("lesson.hint", "A section runs from one town or lock to the next: after this action, which run of "
                             "cells between two of them has a worker on every cell?"),
        explanation=n.event(e),
        prompt=tr.ui("lesson.question", "Which cells of {stretch} form the section that this action completes? "
                                        "Type their numbers, like 1 2 3.",
                     stretch=f"{n.place(st.from_)}–{n.place(st.to)}"))


def sheet_points(lang: str, state: ArrialaState, owner: int, kind: str = "section") -> NumberQuestion:
    """Reading a score sheet: of ``owner``'s points, how many come from ``kind`` (``section``,
    ``lock``, ``river_work``, ``engineering_work``, ``vineyard``)? The lines are the engine's
    score sheet."""
    tr = translator(lang)
    n = ArrialaNarrator(lang, state.game)
    sheet = next(o for o in state.score_sheet().owners if o.owner == owner)
    items = [i for i in sheet.items if i.kind == kind]
    what = {"section": tr.ui("lesson.sheet", "section"), "lock": tr.ui("lesson.sheet", "lock"),
            "river_work": tr.ui("lesson.sheet", "river work"),
            "engineering_work": tr.ui("lesson.sheet", "engineering work"),
            "vineyard": tr.ui("lesson.sheet", "vineyard")}[kind]
    total = sum(i.points for i in items)
    return NumberQuestion(
        lang, total,
        tr.ui("lesson.hint", "In {owner}'s table, add up the points of the lines that say “{what}”.",
              owner=n.owner(owner), what=what),
        explanation=tr.ui_plural("lesson.explain", "{owner}: {n} line “{what}”, {points} points out of {total}.",
                                 "{owner}: {n} lines “{what}”, {points} points out of {total}.", len(items),
                                 owner=n.owner(owner), what=what, points=total, total=sheet.total),
        prompt=tr.ui("lesson.question", "{owner} has {total} points. How many of them come from the lines “{what}” "
                                        "of the score sheet?", owner=n.owner(owner), total=sheet.total, what=what))


def turning_round(lang: str, review: Any) -> NumberQuestion:
    """In which round did the game turn? The round of the costliest decision that the game
    review (:func:`canal_heritage.review.review_record`) names."""
    tr = translator(lang)
    if not review.turning_points:
        raise ValueError("the review names no turning point")
    d = review.turning_points[0]
    return NumberQuestion(
        lang, d.round,
        tr.ui("lesson.hint", "The review lists the decisions that cost the most points, the costliest first: read "
                             "the round of the first one."),
        prompt=tr.ui("lesson.question", "In which round did the game turn (the decision that cost the most "
                                        "points)?"))


def turning_cost(lang: str, review: Any) -> NumberQuestion:
    """About how many points did the costliest decision cost (the review's figure, to the
    tenth of a point it is written with)?"""
    tr = translator(lang)
    if not review.turning_points:
        raise ValueError("the review names no turning point")
    cost = round(-review.turning_points[0].gain, 1)
    return NumberQuestion(
        lang, cost,
        tr.ui("lesson.hint", "Under the first decision, the review says how many points the other choice was worth "
                             "more."),
        tolerance=0.1, whole=False,
        prompt=tr.ui("lesson.question", "About how many points did that decision cost? (To a tenth of a point.)"))


# ---------------------------------------------------------------------- lesson 7
def _share(tr: Any, x: float) -> str:
    return tr.ui("cli.percent", "{value}%", value=f"{100 * x:.0f}")


def higher_share(lang: str, results: Mapping[str, Any]) -> ChoiceQuestion:
    """Which Canal du Midi variant built the most sites (simulation summaries)? The question
    asks only that (whether a variant stays in the project's band is :func:`in_band`'s count,
    as several may)."""
    tr = translator(lang)
    names = list(results)
    best = max(names, key=lambda k: results[k].sites_built_share)
    return ChoiceQuestion(lang, names, best, tr.ui("lesson.hint", "Compare the column of sites built in the "
                                                                  "table."),
                          prompt=tr.ui("lesson.question", "Which variant builds the most sites?"))


def in_band(lang: str, results: Mapping[str, Any], low: float = 0.6, high: float = 0.8) -> NumberQuestion:
    """How many of the variants built a share of sites inside the project's aim, from ``low``
    to ``high`` (the green band)? A count has exactly one right answer, however many variants
    are inside (the figures are those the table shows, rounded to a whole per cent)."""
    tr = translator(lang)
    shares = {k: round(100 * results[k].sites_built_share) / 100 for k in results}
    inside = [k for k, x in shares.items() if low <= x <= high]
    listed = tr.join([tr.ui("lesson.explain", "{variant}: {share}", variant=k,
                            share=_share(tr, results[k].sites_built_share)) for k in results])
    return NumberQuestion(
        lang, len(inside),
        tr.ui("lesson.hint", "Look at each variant's share of sites built, one at a time: is it between {low} and "
                             "{high}? Count the ones that are.", low=_share(tr, low), high=_share(tr, high)),
        explanation=tr.ui("lesson.explain", "Sites built: {shares}.", shares=listed),
        prompt=tr.ui("lesson.question", "How many of the variants stay in the green band, between {low} and {high} "
                                        "of sites built?", low=_share(tr, low), high=_share(tr, high)))


def closest_games(lang: str, results: Mapping[str, Any]) -> ChoiceQuestion:
    """Which Arriala variant has the smallest mean lead of the winner over the second, and
    can the games played say so? The smallest lead is an answer only when its range (the
    mean ± twice its standard error, ``margin_error``) lies below every other variant's
    range; otherwise the right answer is that chance could explain the order."""
    tr = translator(lang)
    names = list(results)
    best = min(names, key=lambda k: (results[k].mean_margin, k))
    top = results[best].mean_margin + results[best].margin_error
    clear = all(results[k].mean_margin - results[k].margin_error > top for k in names if k != best)
    unsure = tr.ui("lesson.choice", "cannot tell")
    ranges = tr.join([tr.ui("lesson.explain", "{variant} from {low} to {high}", variant=k,
                            low=tr.number(results[k].mean_margin - results[k].margin_error, "0.0"),
                            high=tr.number(results[k].mean_margin + results[k].margin_error, "0.0"))
                      for k in names])
    return ChoiceQuestion(lang, [*names, unsure], best if clear else unsure,
                          tr.ui("lesson.hint", "Look at the lead over the second and its ± in the table: write "
                                               "each variant's range, from the lead minus the ± to the lead plus "
                                               "the ±. Is the smallest range below all the others?"),
                          explanation=tr.ui("lesson.explain", "Ranges of the lead: {ranges}.", ranges=ranges))


def difference_holds(lang: str, first: Mapping[str, Any], second: Mapping[str, Any], a: str, b: str
                     ) -> ChoiceQuestion:
    """Do variants ``a`` and ``b`` really build different shares of sites? Two runs with
    different seeds (``lab.simulate_thresholds``) say yes when ``a`` and ``b`` come in the
    same order in both runs and differ by more than either variant moved between its runs."""
    tr = translator(lang)
    d1 = first[a].sites_built_share - first[b].sites_built_share
    d2 = second[a].sites_built_share - second[b].sites_built_share
    noise = max(abs(first[v].sites_built_share - second[v].sites_built_share) for v in (a, b))
    holds = d1 * d2 > 0 and min(abs(d1), abs(d2)) > noise
    yes = tr.ui("lesson.choice", "yes: the difference is larger than the gap between two runs")
    no = tr.ui("lesson.choice", "not sure: it could be the chance of the games played")
    return ChoiceQuestion(lang, [yes, no], yes if holds else no,
                          tr.ui("lesson.hint", "Compare the difference between {a} and {b} with how much each of "
                                               "them moved from run 1 to run 2.", a=a, b=b),
                          explanation=tr.ui("lesson.explain", "{a} minus {b}: {d1} points in run 1, {d2} in run 2; "
                                                              "the runs of one variant differ by up to {noise} "
                                                              "points.", a=a, b=b, d1=tr.number(100 * d1, "0.0"),
                                            d2=tr.number(100 * d2, "0.0"), noise=tr.number(100 * noise, "0.0")))
