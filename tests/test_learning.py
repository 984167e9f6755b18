"""Learning by playing (issue 13, item 3): rule codes only in projector mode, the "How to
play" screens, and the guided first round built on engine positions."""

from __future__ import annotations

import re

import panel as pn
import pytest

from canal_heritage.arriala.actions import END_TURN as A_END_TURN
from canal_heritage.i18n import LANGUAGES, strip_rule_codes, translator
from canal_heritage.matches.arriala import ArrialaMatch
from canal_heritage.matches.midi import MidiMatch, Seat
from canal_heritage.views.choice_list import ChoiceList
from canal_heritage.views.tables.arriala_table import ArrialaTable
from canal_heritage.views.tables.midi_table import MidiTable
from canal_heritage.views.theme import text

CODE = re.compile(r"\b[AM]-R\d+")


def strings(view) -> list[str]:
    """Every text, markup and label the component tree would send to a browser."""
    out = []
    for obj in view.__panel__().select():
        if isinstance(obj, pn.pane.HTML):
            out.append(str(obj.object))
        elif isinstance(obj, pn.widgets.Button):
            out.extend([obj.label, str(obj.description or "")])
        elif isinstance(obj, ChoiceList):
            out.append(obj.label)
            out.extend(str(v) for item in obj.items for v in item.values())
    return out


# ---------------------------------------------------------------------- rule codes
def test_strip_rule_codes_leaves_a_plain_sentence():
    assert strip_rule_codes("Most recognition points (M-R9).") == "Most recognition points."
    assert strip_rule_codes("nobody has beaten it (A-R8, A-R18).") == "nobody has beaten it."
    assert strip_rule_codes("après la manche 5 (A-R10) : elle") == "après la manche 5 : elle"
    assert strip_rule_codes("Phase (hand) stays") == "Phase (hand) stays"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_translator_without_codes_drops_them_in_every_language(lang):
    with_codes = translator(lang).ui("table.why_points", "Most recognition points (M-R9).")
    without = translator(lang, codes=False).ui("table.why_points", "Most recognition points (M-R9).")
    assert "M-R9" in with_codes and "M-R9" not in without
    assert without.strip()


def finished_midi(projector: bool) -> MidiMatch:
    m = MidiMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=2, lang="en", projector=projector)
    while not m.over:
        if m.paused:
            m.resume()
        m.step_bot()
    return m


def finished_arriala(projector: bool) -> ArrialaMatch:
    m = ArrialaMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=2, lang="en", pace=0,
                     projector=projector, overrides={"cells": [2, 2, 2, 2]})
    while not m.over:
        if m.paused:
            m.resume()
        m.step_bot()
    return m


@pytest.mark.parametrize("finished, table", [(finished_midi, MidiTable), (finished_arriala, ArrialaTable)])
def test_rule_codes_show_only_in_projector_mode(finished, table):
    """The log, the ruling badges, the end screen: plain words for visitors, codes for the teacher."""
    visitor = "".join(strings(table(finished(False), on_again=lambda: None, on_home=lambda: None)))
    teacher = "".join(strings(table(finished(True), on_again=lambda: None, on_home=lambda: None)))
    assert not CODE.search(visitor), CODE.findall(visitor)
    assert CODE.search(teacher)
    # the ruling badges keep their plain title for visitors
    assert visitor.count("class='ruling'") == teacher.count("class='ruling'")


def test_the_log_says_the_same_without_its_codes():
    visitor, teacher = finished_midi(False), finished_midi(True)
    plain = [line.text for line in visitor.log()]
    coded = [strip_rule_codes(line.text) for line in teacher.log()]
    assert plain == coded


def test_lessons_keep_their_codes():
    """Narrators made outside a table (lessons, notebooks, the command line) keep the codes."""
    from canal_heritage.midi.narration import Narrator

    n = Narrator("en")
    assert n.tr.codes


# ---------------------------------------------------------------------- how to play
from canal_heritage.arriala.data import load_arriala_data  # noqa: E402
from canal_heritage.matches.guide import GuideState, arriala_step, guide_step, midi_step  # noqa: E402
from canal_heritage.midi.data import load_midi_data  # noqa: E402
from canal_heritage.views.home.how_to_play import (  # noqa: E402
    ARRIALA_WORDS,
    MIDI_WORDS,
    HowToPlay,
    SetupLearning,
    how_to_play,
    page_markup,
)


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("game, words", [("midi", MIDI_WORDS), ("arriala", ARRIALA_WORDS)])
def test_how_to_play_introduces_every_word_once_with_its_picture(game, words, lang):
    page = how_to_play(game, lang)
    assert tuple(w.id for w in page.words) == words
    for w in page.words:
        assert w.name and w.text
        assert "<svg" in w.picture and re.search(r'aria-label="[^"]+"', w.picture), w.id  # a named picture
    assert page.goal and page.turn and page.scoring
    markup = page_markup(page, translator(lang))
    assert markup.count("class='word word-") == len(words)
    assert not CODE.search(markup)  # plain words: no rule codes


def test_how_to_play_numbers_come_from_the_rules_data():
    r = load_midi_data().rules
    midi = how_to_play("midi", "en")
    assert f"After {r.rounds} rounds" in midi.goal
    assert f"{r.points_per_unused_coin} points" in " ".join(midi.scoring)
    assert f"You have {r.pawns_per_player}." in next(w.text for w in midi.words if w.id == "pawn")
    assert f"You start with {r.coins_per_player}." in next(w.text for w in midi.words if w.id == "coin")
    a = load_arriala_data()
    arriala = how_to_play("arriala", "en")
    assert f"{a.rules.action_points} action points" in arriala.turn_heading
    turn = " ".join(arriala.turn)
    for cost in (a.rules.costs.place, a.rules.costs.move_cell, a.rules.costs.draw, a.rules.costs.lock):
        assert f"{cost} AP" in turn
    assert f"({a.board.scoring_table['5']} points for 5)" in " ".join(arriala.scoring)
    vineyard = next(w.text for w in arriala.words if w.id == "vineyard")
    assert all(f"{v.name} {v.capacity}" in vineyard for v in a.board.vineyards)


def test_how_to_play_panel_and_the_setup_offer():
    closed = []
    panel = HowToPlay("midi", "oc", on_close=lambda: closed.append(1))
    panel.close_button.clicks += 1
    assert closed == [1]
    learning = SetupLearning("arriala", "fr", guide_default=False)
    assert learning.guide.value is False
    learning.toggle()
    assert learning.open and learning._holder.objects
    learning.toggle()
    assert not learning.open and not learning._holder.objects


# ---------------------------------------------------------------------- the guided first round
def css_classes(table) -> set[str]:
    """Every CSS class the table's components carry, and those of the choices they offer."""
    out: set[str] = set()
    for obj in table.__panel__().select():
        out.update(getattr(obj, "css_classes", None) or [])
        out.update(getattr(getattr(obj, "object", None), "css_classes", None) or [])  # a Bokeh figure (the map)
        if isinstance(obj, ChoiceList):
            for item in obj.items:
                out.update(str(item.get("classes", "")).split())
    return out


def lets_play(table) -> None:
    """The engineers' introduction is shown at the start; the guide begins at "Let's play"."""
    intro = table.__dict__.get("_seat_intro")
    if intro is not None and intro.shown():
        assert table._learning.bubble.step_id == ""  # the guide waits while the players are introduced
        intro.dismiss()


def walk(match, game: str, table_cls, limit: int = 400):
    """Play the visitor's first rounds following the guide; the steps shown, with the table's
    CSS classes at that moment."""
    match.guide = GuideState(game)
    table = table_cls(match)
    lets_play(table)
    shown = []
    for _ in range(limit):
        while match.is_bot_turn():
            match.step_bot()
        if match.over or match.guide.over:
            break
        step = table._learning.bubble.step_id
        if step:
            shown.append((step, table._learning.bubble.target, table._learning.bubble.kind, css_classes(table)))
        if step and table._learning.bubble.kind == "info":
            table._learning.bubble.act("got_it")
            continue
        legal = match.legal_actions()
        if not legal:
            break
        match.play(legal[-1])
    return table, shown


def test_the_midi_guide_walks_the_first_round_pointing_at_controls_that_exist():
    m = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=3, lang="en")
    table, shown = walk(m, "midi", MidiTable)
    ids = [s[0] for s in shown]
    assert ids[:2] == ["goal", "bet"] and ids[-1] == "done"
    assert {"result", "coins", "draw"} <= set(ids)
    for step, target, _kind, classes in shown:
        assert target in classes, (step, target)
    assert m.guide.over and m.state.observation(0).round == 2  # about one round, then on your own


def test_the_arriala_guide_walks_the_first_turn_pointing_at_controls_that_exist():
    m = ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=3, first=0, lang="en", pace=0)
    table, shown = walk(m, "arriala", ArrialaTable)
    ids = [s[0] for s in shown]
    assert ids[:3] == ["goal", "ap", "place"] and ids[-1] == "done"
    assert {"move", "section", "end"} <= set(ids)
    for step, target, _kind, classes in shown:
        assert target in classes, (step, target)


def test_the_arriala_guide_waits_while_a_place_is_chosen():
    """Issue 26, item 5: once "Place a new worker" is chosen, the bubble steps aside (every
    place stays in view; the table's prompt says what is left) and comes back on "Back"."""
    m = ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=3, first=0, lang="en", pace=0)
    m.guide = GuideState("arriala")
    table = ArrialaTable(m)
    lets_play(table)
    bubble = table._learning.bubble
    for _ in range(2):  # the goal, the action points
        bubble.act("got_it")
    assert bubble.step_id == "place"
    table.choice.choose_kind("place")
    assert bubble.step_id == "" and table.choice.targets
    table.choice.cancel()
    assert bubble.step_id == "place"


@pytest.mark.parametrize("phase", ["bet", "draw", "reinforce_start", "trade"])
def test_midi_steps_follow_the_engine_phase(phase):
    """Seeded games played to each phase: the step names the move the engine offers."""
    tr = translator("en")
    for seed in range(40):
        m = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "random")], seed=seed, lang="en")
        while not m.over:
            if m.is_bot_turn():
                m.step_bot()
                continue
            obs = m.observation()
            if str(obs.phase) == phase:
                step = midi_step(obs, m.legal_actions(), {"goal", "result", "coins"}, tr)
                assert step is not None and step.kind == "act" and step.target == "choices"
                assert step.id == {"reinforce_start": "reinforce"}.get(phase, phase)
                return
            m.play(m.legal_actions()[0])
    pytest.skip(f"no seeded game reached {phase}")


def test_no_step_when_it_is_not_the_visitors_turn_and_none_after_skip():
    tr = translator("en")
    m = ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=3, first=1, lang="en", pace=0)
    assert arriala_step(m.state.observation(0), (), set(), tr) is None
    assert guide_step("midi", None, (1,), set(), tr) is None
    m.guide = GuideState("arriala")
    table = ArrialaTable(m)
    table._learning.bubble.act("skip")
    assert m.guide.over and table._learning.bubble.step_id == ""
    while not m.over and m.observation().round < 3:
        if m.is_bot_turn():
            m.step_bot()
        else:
            m.play(m.legal_actions()[-1])
        assert table._learning.bubble.step_id == ""  # skipped: never again in this game


def test_the_guide_adds_no_render_and_a_move_dismisses_a_hint():
    m = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=3, lang="en")
    m.guide = GuideState("midi")
    table = MidiTable(m)
    assert table._seat_intro.shown() and table._learning.bubble.step_id == ""  # introductions first
    table._seat_intro.dismiss()
    renders = table.renders
    assert table._learning.bubble.step_id == "goal"
    table._learning.bubble.act("got_it")
    assert table.renders == renders  # the bubble changes alone
    assert table._learning.bubble.step_id == "bet"
    m.play(m.legal_actions()[0])
    assert "bet" in m.guide.seen


def test_the_exhibit_ticks_the_guide_for_a_first_game_only_and_never_in_projector_mode():
    from canal_heritage.exhibit import ExhibitApp

    app = ExhibitApp(seed=1)
    assert app.guide_default("midi") and app.guide_default("arriala")
    app.go("midi-setup")
    setup = app._setup_view
    assert setup.learning.guide.value is True
    setup._on_start(setup.seats())
    assert isinstance(app.match_of("midi").guide, GuideState)
    assert not app.guide_default("midi") and app.guide_default("arriala")
    app.again()
    assert app.match_of("midi").guide is None  # "play again": on your own
    app.go("arriala-setup")
    if app._pending is not None:  # "Leave this game?": yes
        app._answer_leave(True)
    app._setup_view.learning.guide.value = False
    app._setup_view._on_start(app._setup_view.seats())
    assert app.match_of("arriala").guide is None
    teacher = ExhibitApp(seed=1, projector=True)
    assert not teacher.guide_default("midi")


def test_after_three_quiet_rounds_the_arriala_table_says_what_closes_a_section():
    """Issue 26, item 5: a visitor who only places workers is told, from the third round in a
    row with no section scored, which section is nearest to full and how many workers it needs
    (in every language, on their turn only)."""
    from canal_heritage.matches.guide import NUDGE_QUIET_ROUNDS, arriala_nudge

    m = ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "random")], seed=3, first=0, pace=0)
    tr = translator("en")
    assert arriala_nudge(m.observation(), m.sections(), tr) is None  # a fresh game: nothing to say
    m.state.quiet = NUDGE_QUIET_ROUNDS - 1
    assert arriala_nudge(m.observation(), m.sections(), tr) is None
    m.state.quiet = NUDGE_QUIET_ROUNDS
    obs = m.observation()
    free = {}
    for number, (first, last, scored) in enumerate(m.sections(), start=1):
        if not scored:
            free[number] = last - first + 1 - sum(1 for c in obs.loc if first <= c <= last)
    number = min((n for n in free if free[n] > 0), key=lambda n: (free[n], n))
    words = arriala_nudge(obs, m.sections(), tr)
    assert words and f"S{number} " in words and f" {free[number]} more worker" in words, words
    for lang in ("fr", "oc"):
        said = arriala_nudge(obs, m.sections(), translator(lang))
        assert said and f"S{number}" in said and said != words
    table = ArrialaTable(m)
    shown = arriala_nudge(obs, m.sections(), translator(m.lang))
    assert shown and any(text(shown) in s for s in strings(table))  # on the visitor's prompt, in the table's language
    m.play(A_END_TURN)  # the bot's turn: not the visitor's to act on
    assert arriala_nudge(m.observation(), m.sections(), tr) is None
