"""The lesson notebooks' package side: exercise checkers (right, wrong → hint, wrong kind →
message, never an exception), the widgets, the exercises' answers against the engines, and
the notebooks kept equal to their single source (``lessons/build.py``)."""

from __future__ import annotations

import functools
import importlib.util
import json
import math
import sys
import xml.etree.ElementTree as ET
from fractions import Fraction
from pathlib import Path

import pytest

from canal_heritage.lessons import arriala as la
from canal_heritage.lessons import history, lab
from canal_heritage.lessons import midi as lm
from canal_heritage.lessons import questions as Q
from canal_heritage.lessons.exercises import ChoiceQuestion, Feedback, NumberQuestion, OrderQuestion

ROOT = Path(__file__).resolve().parents[1]
WEIRD = [None, "", "   ", "eight", "huit", "1/0", "3/", "--4", [], {}, object(), True, float("nan"), float("inf"),
         b"8", "8 8", "%", "∞", 10**400]


@functools.lru_cache(maxsize=1)
def load_build():
    path = ROOT / "lessons" / "build.py"
    spec = importlib.util.spec_from_file_location("lessons_build_under_test", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


# ---------------------------------------------------------------------- checkers
def test_a_number_question_says_right_wrong_with_a_hint_or_what_to_type():
    q = NumberQuestion("en", 8, "Count the workers.")
    assert q.check(8) == Feedback("right", "Right, well done!")
    for given in ("8", " 8 ", "8.0", 8.0, "16/2", Fraction(8)):
        assert q.check(given).ok, given
    low = q.check(6)
    assert low.status == "wrong" and "too low" in low.message and "Hint: Count the workers." in low.message
    assert "too high" in q.check("12").message
    bad = q.check("eight")
    assert bad.status == "invalid" and "number" in bad.message and "eight" in bad.message
    assert q.check("").status == "invalid" and "first" in q.check("").message
    assert q.check("7.5").status == "invalid" and "whole number" in q.check("7.5").message
    assert q.tries == 2  # only wrong answers count as tries


@pytest.mark.parametrize("given", WEIRD)
def test_checkers_never_raise_whatever_they_are_given(given):
    for q in (NumberQuestion("fr", 8, "indice"), NumberQuestion("en", 0.25, share=True, tolerance=0.01),
              ChoiceQuestion("en", ["Red", "Yellow", "Green"], "Green", "hint"),
              OrderQuestion("oc", ["b", "a", "c"], ["a", "b", "c"], "indici")):
        fb = q.check(given)
        assert isinstance(fb, Feedback) and fb.message
        assert fb.status in ("wrong", "invalid")


def test_shares_are_read_every_way_a_student_writes_them():
    q = NumberQuestion("fr", 0.25, "indice", share=True, tolerance=0.01)
    for given in ("0,25", "0.25", "1/4", "25 %", "25%", "25", 0.25, Fraction(1, 4)):
        assert q.check(given).ok, given
    assert q.check("0,5").status == "wrong" and "trop grand" in q.check("0,5").message
    assert q.reveal().message.startswith("La réponse est 25")


def test_decimal_answers_allow_a_tolerance():
    q = NumberQuestion("en", 11 / 3, "hint", tolerance=0.05, whole=False)
    assert q.check("3.67").ok and q.check("3,7").ok and q.check("11/3").ok
    assert q.check("3.5").status == "wrong"


def test_a_choice_question_accepts_names_kindly_and_explains_the_choices():
    q = ChoiceQuestion("fr", ["Seuil de Naurouze", "Écluses de Fonserannes"], "Écluses de Fonserannes", "Regardez.",
                       explanation="Huit bassins.")
    assert q.check("ecluses de fonserannes").ok and q.check(" ÉCLUSES  de Fonserannes").ok
    assert q.check(2).ok and q.check("2").ok
    right = q.check("Écluses de Fonserannes")
    assert right.message.endswith("Huit bassins.")
    wrong = q.check("Seuil de Naurouze")
    assert wrong.status == "wrong" and "Regardez." in wrong.message
    bad = q.check("Carcassonne")
    assert bad.status == "invalid" and "Seuil de Naurouze" in bad.message and "Carcassonne" in bad.message
    assert q.check(7).status == "invalid"
    with pytest.raises(ValueError):
        ChoiceQuestion("en", ["a"], "b")


def test_an_order_question_reads_letters_every_way_and_counts_the_items_in_place():
    q = OrderQuestion("en", ["opening", "edict", "works", "death"], ["edict", "works", "death", "opening"],
                      "Use the timeline.", explanation="In order.")
    for given in ("B C D A", "bcda", "B, C, D, A", "B-C-D-A", " b c d a ", ["B", "C", "D", "A"],
                  ["edict", "Works", "death", "OPENING"]):
        assert q.check(given).ok, given
    wrong = q.check("A B C D")
    assert wrong.status == "wrong" and "0 of 4 are in their right place" in wrong.message
    assert "Use the timeline." in wrong.message
    assert "2 of 4" in q.check("B C A D").message
    for bad in ("A B C", "A A B C", "A B C E", "ABCDE", ["edict"], "12 34"):
        fb = q.check(bad)
        assert fb.status == "invalid" and "each letter once" in fb.message, bad
    assert q.check("").status == "invalid" and "letters in order" in q.check("").message
    assert q.reveal().message == "The answer is B C D A. In order."
    assert q.tries == 2
    with pytest.raises(ValueError):
        OrderQuestion("en", ["a", "b"], ["a", "c"])
    with pytest.raises(ValueError):
        OrderQuestion("en", ["a"], ["a"])


def test_an_order_question_widget_lists_the_items_with_their_letters():
    q = OrderQuestion("fr", ["ouverture", "édit"], ["édit", "ouverture"], "indice")
    box = q.widget()
    shown = box.children[0].value
    assert "<b>A</b> · ouverture" in shown and "<b>B</b> · édit" in shown
    text, check, show, out = q._controls
    text.value = "b a"
    check.click()
    assert "Juste" in out.value


def test_numbers_in_feedback_are_written_as_the_language_does():
    fr = NumberQuestion("fr", 43.2, "indice", tolerance=0.1, whole=False)
    assert "44,5" in fr.check("44.5").message and fr.reveal().message.startswith("La réponse est 43,2")
    assert fr.check("43,3°").ok
    oc = NumberQuestion("oc", 0.5, "indici", whole=False)
    assert oc.reveal().message.count("0,5") == 1
    en = NumberQuestion("en", 0.5, "hint", whole=False)
    assert "0.5" in en.reveal().message


def test_the_widget_checks_what_is_typed_and_offers_the_answer_after_two_tries():
    q = NumberQuestion("en", 8, "Count the workers.")
    q.widget()
    box, check, show, out = q._controls
    box.value = "eight"
    check.click()
    assert "is not a number" in out.value and show.layout.display == "none"
    box.value = "6"
    check.click()
    box.value = "7"
    check.click()
    assert "Hint" in out.value and show.layout.display is None
    show.click()
    assert "The answer is 8" in out.value
    box.value = "8"
    check.click()
    assert "Right" in out.value


def test_a_widget_leaves_its_picture_beside_it_for_exports_and_print(monkeypatch):
    """What a question, the round stepper or the Arriala game show in a notebook carries a
    plain HTML picture too: an export or a print without widgets keeps it (not a blank)."""
    import IPython.display

    shown = []
    monkeypatch.setattr(IPython.display, "display", lambda data, raw=False: shown.append((data, raw)))
    for thing in (Q.site_at("fr", "IX"), lm.RoundStepper("en", seed=3), la.PlayArriala("en", seed=3)):
        thing._ipython_display_()
    assert len(shown) == 3 and all(raw for _, raw in shown)
    for data, _ in shown:
        assert "application/vnd.jupyter.widget-view+json" in data and data["text/html"]
    assert "Quel chantier se trouve" in shown[0][0]["text/html"] and "☐" in shown[0][0]["text/html"]
    assert "You play Clerville" in shown[1][0]["text/html"]
    assert "<svg" in shown[2][0]["text/html"]


def test_feedback_is_escaped_html():
    fb = NumberQuestion("en", 1).check("<script>")
    assert "<script>" not in fb.html() and "&lt;script&gt;" in fb.html()


# ---------------------------------------------------------------------- the lessons' questions
def test_history_questions_read_the_heritage_data():
    assert Q.opening_year("en").answer == 1681
    assert Q.years_of_works("en").answer == 15
    assert Q.summit_site("fr").answer == "Seuil de Naurouze"


def test_lesson_one_exercises_order_dates_read_coordinates_and_question_sources():
    order = Q.order_events("en", ["canal-opens", "edict-of-1666", "vauban-inspection", "repudre-aqueduct",
                                  "riquet-dies"])
    assert order.answer_text() == "B D E A C"  # 1666, 1676, 1680, 1681, 1686
    assert order.prompt and "oldest first" in order.prompt
    with pytest.raises(ValueError):  # the same year, no month: the order is in doubt
        Q.order_events("en", ["works-begin", "saint-ferreol-dam"])
    lat = Q.site_latitude("fr", "I")
    assert lat.answer == 43.6 and lat.check("43,5").ok and lat.check("43.7").ok and not lat.check("43,8").ok
    assert "43,6" in lat.check("43,6").message  # the explanation writes a decimal comma
    at = Q.site_at("en", "IX")
    assert at.answer == "Écluse ronde d'Agde" and "3.5° east" in (at.prompt or "")
    with pytest.raises(ValueError):  # VII and VIII lie too close to be told apart at a tenth of a degree
        Q.site_at("en", "VIII")
    who = Q.who_finished("oc")
    assert who.answer == "Joan Matias Riquet" and len(who.choices) == 4
    assert Q.years_after_death("en", "clerville", "canal-opens").answer == 4
    assert Q.year_of("en", "vauban-inspection").answer == 1686
    assert Q.birth_years_apart("en").answer == 5
    best = Q.best_source("fr")
    assert best.answer in best.choices and "registre" in best.answer
    table = history.sources("fr", "riquet-born")._repr_html_()
    assert "Sources de" in table and "biographies" in table and "en anglais" in table
    assert Q.years_between("en", "canal-opens", "vauban-inspection").answer == 5  # Vauban came after the opening
    garonne = Q.years_between("fr", "canal-opens", "garonne-canal-works", until_end=True)
    assert garonne.answer == 1856 - 1681 and "Castets-en-Dorthe" in (garonne.explanation or "")


def test_lesson_one_asks_before_it_tells_and_names_its_sources_in_french():
    """Issue 30: no answer printed just above its question; the French source table is French
    and names documents (the edict of October 1666, Andréossy's map of 1669), the project's own
    summary labelled a reconstruction; the objectives match the ordering exercise."""
    build = load_build()
    module = next(m for m in build.sources() if m.LESSON["number"] == 1)
    fr = build.notebook(module, "fr")
    cells = ["".join(c["source"]) for c in fr["cells"]]

    def where(text):
        return next(i for i, c in enumerate(cells) if text in c)

    assert where("questions.years_after_death") < where("Clerville est mort avant la fin des travaux")
    assert where("questions.who_finished") < where('history.people(lang, ["jean-mathias-riquet"')
    assert where("questions.opening_year") < where('load_heritage().get("canal-opens")')
    assert not any("history.sources(" in c for c in cells)  # its notes are in English
    sources = cells[where("## D'où viennent les dates")]
    for named in ("Saint-Germain-en-Laye", "octobre 1666", "Andréossy", "1669", "reconstitution", "primaire"):
        assert named in sources, named
    assert "Vauban" in " ".join(module.LESSON["objectives"]["fr"])
    assert "vauban-inspection" in cells[where("questions.order_events")]
    assert "conduit les travaux" not in " ".join(module.LESSON["objectives"]["fr"])


def test_the_tie_question_offers_both_names_whether_or_not_they_tie():
    state = rulebook_round()
    alone = Q.site_winner("en", state, {0: 5, 1: 4})
    assert "Clerville and Andréossy" in alone.choices and alone.answer == "Clerville"
    tie = lm.prepared_round(2, built={"I": [0], "II": [1], "III": [1], "IV": [0], "V": [1], "VI": [0]},
                            delayed=["VII"], current="VIII", hands=[[2, 5], [5, 1]], coins=[0, 0], spent=4)
    both = Q.site_winner("en", tie, {0: 5, 1: 5})
    assert both.answer == "Clerville and Andréossy" and both.choices == alone.choices
    assert Q.pawns_placed("en", tie, {0: 5, 1: 5}).answer == 2
    assert Q.pawns_placed("en", state, {0: 2, 1: 4}).answer == 0
    draw = Q.draw_rule("en")
    assert draw.answer == "one of their face-down cards is turned face up" and draw.prompt
    # the rulebook does not say who picks the card turned up: no other choice turns one up (issue 30)
    assert [c for c in draw.choices if "face up" in c] == [draw.answer]
    assert Q.draw_rule("fr").answer in Q.draw_rule("fr").choices


def test_the_stepper_lists_the_steps_in_the_rulebooks_order():
    assert [lm.step_name(s, "en")[0] for s in lm.STEPS] == ["A", "B", "C", "D", "E", "G"]
    html = lm.RoundStepper("en", seed=7).status_html()
    assert html.index("D. Count and award") < html.index("E. Reinforcements")


def test_the_holdings_table_says_which_sites_are_cities():
    """Issue 30: lesson 3's coin question needs the city sites (M-R6) on the table."""
    final = lm.prepared_round(2, built={"I": [0], "II": [0, 1], "III": [1], "V": [1], "VI": [0], "VIII": [0, 1]},
                              delayed=["IV", "VII"], current="IX", hands=[[6], [3]], coins=[1, 0], spent=3)
    rows = lm.holdings_html(final, "en").markup.split("<tr>")[2:]
    cities = [lm.Narrator("en").site(s) for s, c in zip(final.game.site_ids, final.game.city, strict=True) if c]
    marked = [r for r in rows if ">yes<" in r]
    assert len(marked) == len(cities) >= 2 and all(any(c.replace("'", "&#x27;") in r for r in marked)
                                                   for c in cities)
    assert "<th" in lm.holdings_html(final, "fr").markup and ">Ville<" in lm.holdings_html(final, "fr").markup


def rulebook_round():
    return lm.prepared_round(2, built={"I": [0], "II": [1], "III": [1], "IV": [0], "V": [1], "VI": [0]},
                             delayed=["VII"], current="VIII", hands=[[2, 5], [4, 1]], coins=[0, 0], spent=4)


def test_round_questions_come_from_the_engine_and_leave_the_position_alone():
    state = rulebook_round()
    before = state.to_dict()
    assert Q.built_or_delayed("en", state, {0: 5, 1: 4}).answer == "built"  # 9 for 9: the rulebook's example
    assert Q.site_winner("en", state, {0: 5, 1: 4}).answer == "Clerville"
    assert Q.built_or_delayed("en", state, {0: 2, 1: 4}).answer == "delayed"
    assert Q.site_winner("en", state, {0: 2, 1: 4}).answer == "nobody"
    assert state.to_dict() == before


def test_scoring_questions_match_the_engines_score_sheet():
    final = lm.prepared_round(2, built={"I": [0], "II": [0, 1], "III": [1], "V": [1], "VI": [0], "VIII": [0, 1]},
                              delayed=["IV", "VII"], current="IX", hands=[[6], [3]], coins=[1, 0], spent=3)
    assert Q.site_score("en", final, 0, "VIII").answer == 4  # 9 shared: half, rounded down
    assert Q.site_score("en", final, 0, "VII", hint="adjacency").answer == 4
    assert Q.adjacency_owner("en", final, "IV").answer == "Andréossy"
    assert Q.coin_points("en", final, 0).answer == 4  # the coin kept and the one earned at Agde
    lm.play_round(final)
    sheet = final.score_sheet()
    assert Q.total_score("en", lm.prepared_round(
        2, built={"I": [0], "II": [0, 1], "III": [1], "V": [1], "VI": [0], "VIII": [0, 1]}, delayed=["IV", "VII"],
        current="IX", hands=[[6], [3]], coins=[1, 0], spent=3), 1).answer == sheet.players[1].total
    assert Q.halving("en", 7, 3, False).answer == 3 and Q.halving("en", 9, 2, True).answer == 2
    html = lm.score_sheet(final, "fr").markup
    assert "partagé" in html and "Total" in html


def test_arriala_questions_include_the_rulebook_example_and_the_tie_rule():
    example = la.position(3, workers={0: ["grisolles-montech:1", "grisolles-montech:2"],
                                      1: ["grisolles-montech:3", "grisolles-montech:4"]}, current=2)
    assert Q.section_scorer("en", example, "place grisolles-montech:5").answer == "Green"
    assert Q.section_points("en", example, "place grisolles-montech:5").answer == 8
    tie = la.position(4, workers={0: ["castelsarrasin-moissac:1", "castelsarrasin-moissac:2"],
                                  1: ["castelsarrasin-moissac:3"]}, current=1)
    assert Q.section_scorer("en", tie, "place castelsarrasin-moissac:4").answer == "nobody"
    split = la.position(3, workers={0: ["montech-castelsarrasin:1", "montech-castelsarrasin:2"],
                                    1: ["montech-castelsarrasin:3", "montech-castelsarrasin:5",
                                        "montech-castelsarrasin:6"]}, current=0)
    assert Q.points_gained("en", split, "lock montech-castelsarrasin:4", 0).answer == 5  # lock 1 + section of 3
    assert Q.action_cost("en", split, "lock montech-castelsarrasin:4").answer == 4
    lines = la.play(example, "place grisolles-montech:5", "en")
    assert "Green, next in line, scores 8" in lines[-1]
    again = la.play(example, "place grisolles-montech:5", "en")  # the same cell run a second time
    assert again == [("Nothing played: this action was played already, when the cell first ran. (That section has "
                      "scored and is closed: nothing may stop there (A-R4).)")]
    assert repr(again) == again[0]  # shown as a line in a notebook, not as a Python list
    other = la.play(example, "place grisolles-montech:3", "en")
    assert other == ["That section has scored and is closed: nothing may stop there (A-R4)."]
    assert "not an action" in la.play(example, "fly away", "en")[0] or la.play(example, "fly away", "en")


def test_chance_questions():
    state = lm.MidiGame(2).new_initial_state(seed=5)
    me = state.current_player()
    pool = lm.face_down_pool(state, me)
    assert len(pool) == 3
    assert Q.face_down_average("en", state, me).check(f"{sum(pool) / 3:.2f}").ok
    assert Q.expected_points("en", 8, 3, 4).answer == 6
    while state.observation(state.current_player()).phase != "bet":
        state.apply_action(state.legal_actions()[0])
    rows = lm.bet_outcomes(state, state.current_player(), samples=20, seed=1)
    assert rows and all(0 <= r["built"] <= 1 and 0 <= r["won"] <= 1 for r in rows)
    assert rows == lm.bet_outcomes(state, state.current_player(), samples=20, seed=1)  # seeded
    assert Q.best_bet("en", rows).answer in [lm.Narrator("en").worker(r["value"]) for r in rows]


# ---------------------------------------------------------------------- widgets
def test_the_round_stepper_plays_a_whole_game_and_keeps_bets_secret_until_revealed():
    stepper = lm.RoundStepper("en", seed=3)
    seen_reveal = False
    while stepper.choices():
        labels = [label for _, label in stepper.choices()]
        assert all(labels)
        before = len(stepper.lines)
        stepper.choose(stepper.choices()[-1][0])
        new = [t for t, _ in stepper.lines[before:]]
        for i, line in enumerate(new):  # a bot's bet explanation only after the reveal
            if "I send my strongest worker" in line or "I play a middling worker" in line:
                told = new[:i] + [t for t, _ in stepper.lines[:before]]
                assert any("bets are revealed" in earlier for earlier in told)
        seen_reveal |= any("bets are revealed" in t for t in new)
    assert stepper.state.is_terminal() and seen_reveal
    assert "The canal is finished" in " ".join(t for t, _ in stepper.lines)
    stepper.widget()
    assert "The game is over." in stepper._status.value
    assert stepper._buttons.children == ()


def test_a_choice_cell_run_twice_plays_nothing_the_second_time(capsys):
    """Issue 15 (safe re-runs): choose_number plays once for the choices shown; run again, it
    says so and the game stays where it was."""
    stepper = lm.RoundStepper("en", seed=3)
    stepper.show_choices()
    stepper.choose_number(0)
    played = list(stepper.state.history)
    capsys.readouterr()
    stepper.choose_number(0)  # the same cell, run again
    assert stepper.state.history == played
    assert "Nothing played" in capsys.readouterr().out
    stepper.show_choices()  # the choices now: the next choice plays
    stepper.choose_number(0)
    assert len(stepper.state.history) > len(played)
    fresh = lm.RoundStepper("fr", seed=3)
    fresh.choose_number(0)  # without the choices in front of you
    assert fresh.state.history == lm.RoundStepper("fr", seed=3).state.history
    assert "Rien n'a été joué" in capsys.readouterr().out


def test_the_round_stepper_widget_buttons_play_the_engines_choices():
    stepper = lm.RoundStepper("fr", seed=7)
    box = stepper.widget()
    assert box is stepper.widget()
    first = stepper._buttons.children[0]
    assert first.description == stepper.choices()[0][1]
    first.click()
    assert "Les mises sont révélées" in stepper._log.value
    stepper.choose(999)  # not an action: told, not raised
    assert stepper.lines[-1][0]


def test_play_arriala_against_a_bot_until_the_end():
    game = la.PlayArriala("en", seed=2)
    game.widget()
    assert game._kind.options and game._action.options
    game._kind.value = "place"
    game._go.click()
    assert any("places a new worker" in t for t, _ in game.lines)
    moves = 0
    while game.choices() and moves < 400:
        kinds = [k for k in game.choices() if k != "end_turn"]
        game.play(game.choices()[kinds[0]][0][0] if kinds and moves % 3 else 0)
        moves += 1
    assert game.state.is_terminal()
    assert "The game is over." in game.status()
    game.play(0)  # after the end: a message, no exception
    assert game.lines[-1][1]
    assert "Total" in la.score_sheet(game.state, "en").markup


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_board_drawing_is_valid_svg_in_every_language(players):
    state = la.ArrialaGame(players).new_initial_state(seed=players)
    for _ in range(12):
        state.apply_action(state.legal_actions()[-1])
    for lang in ("fr", "en", "oc"):
        svg = la.board_svg(state, lang)
        root = ET.fromstring(svg)
        assert root.tag.endswith("svg")
    assert la.draw(state, "en")._repr_svg_().startswith("<svg")


def test_history_pictures_and_tables():
    png = history.canal_map("en").png()
    assert png.startswith(b"\x89PNG")
    assert history.timeline_figure("fr").png().startswith(b"\x89PNG")
    assert "1681" in history.timeline("fr").markup
    assert "Riquet" in history.people("en").markup
    assert history.sites_table("en").markup.count("<tr>") == 10


def test_lab_tables_and_plots_from_small_simulations():
    results = lab.simulate_thresholds({"A": None, "B": [0] * 9}, games=6, seed=1)
    assert results["B"].sites_built_share == 1.0
    assert Q.higher_share("en", results).answer == "B"
    assert Q.higher_share("en", results).prompt == "Which variant builds the most sites?"
    assert "100%" in lab.midi_table(results, "en").markup
    assert "100\u00a0%" in lab.midi_table(results, "fr").markup  # French: a non-breaking space before %
    assert lab.plot_build_rates(results, "en").png().startswith(b"\x89PNG")
    arr = lab.simulate_variants({"A": lab.arriala_variant()}, games=1, seed=1)
    assert "A" in lab.arriala_table(arr, "en").markup
    assert lab.plot_points_by_kind(arr, "fr").png().startswith(b"\x89PNG")
    assert lab.arriala_defaults(2)["table"][4] == 8


def test_a_simulation_run_again_in_the_kernel_is_not_played_again(monkeypatch):
    """A cell run twice shows the same figures at once; other arguments play anew."""
    played = []
    real = lab.simulate_midi

    def counting(*args, **kw):
        played.append(args)
        return real(*args, **kw)

    monkeypatch.setattr(lab, "simulate_midi", counting)
    monkeypatch.setattr(lab, "_RUNS", {})
    first = lab.simulate_thresholds({"A": None}, games=3, seed=5)
    again = lab.simulate_thresholds({"A": None}, games=3, seed=5)
    assert len(played) == 1 and again["A"] == first["A"]
    lab.simulate_thresholds({"A": None}, games=3, seed=6)
    lab.simulate_thresholds({"A": [0] * 9}, games=3, seed=5)
    assert len(played) == 3


def test_the_green_band_question_has_one_answer_however_many_variants_are_inside():
    """Issue 30: two variants (65 % and 77 %) in the 60-80 % band made "which one" ambiguous; the
    count of variants inside has exactly one answer."""
    from types import SimpleNamespace as R
    results = {"A": R(sites_built_share=0.6472), "B": R(sites_built_share=0.7706), "C": R(sites_built_share=0.5389)}
    band = Q.in_band("en", results)
    assert band.answer == 2 and band.check("2").ok and not band.check("1").ok
    assert "A: 65%" in (band.explanation or "") and "60%" in (band.prompt or "")
    assert Q.in_band("fr", {"A": R(sites_built_share=0.5)}).answer == 0
    assert Q.in_band("en", {"A": R(sites_built_share=0.8004)}).answer == 1  # 80 % as the table rounds it


def test_the_bet_runs_say_by_how_much_the_best_bet_leads():
    """Issue 30: lesson 4 said "about a tenth of a point" where the lead is a few hundredths: the
    table and the sentence under it give the numbers."""
    runs = [[{"value": 5, "points": 4.65}, {"value": 6, "points": 4.68}],
            [{"value": 5, "points": 4.67}, {"value": 6, "points": 4.74}]]
    assert lm.bet_runs_summary(runs, "en") == ("Blaster (6) comes out best in all 2 runs, 0.03 to 0.07 points "
                                               "ahead of the next bet on average.")
    mixed = [runs[0], [{"value": 5, "points": 4.9}, {"value": 6, "points": 4.7}]]
    assert "changes from one run to another" in lm.bet_runs_summary(mixed, "en")
    assert "0,03 à 0,20" in lm.bet_runs_summary(mixed, "fr")
    table = lm.bet_runs_table(runs, "en").markup
    assert "Ahead of the next by" in table and "0.07" in table


def test_the_closest_games_question_answers_with_a_variant_only_when_chance_cannot_explain_it():
    from types import SimpleNamespace as R
    clear = {"A": R(mean_margin=8.0, margin_error=1.0), "B": R(mean_margin=3.0, margin_error=1.0)}
    assert Q.closest_games("en", clear).answer == "B"
    overlapping = {"A": R(mean_margin=8.0, margin_error=1.5), "B": R(mean_margin=6.0, margin_error=1.5)}
    q = Q.closest_games("fr", overlapping)
    assert q.answer == "impossible à dire" and q.choices == ["A", "B", "impossible à dire"]
    assert "B de 4,5 à 7,5" in (q.explanation or "")
    arr = lab.simulate_variants({"A": lab.arriala_variant()}, games=4, seed=1)
    assert arr["A"].margin_error > 0 and "±" in lab.arriala_table(arr, "en").markup


def test_widgets_speak_french():
    assert NumberQuestion("fr", 8).check("huit").message.startswith("Répondez par un nombre")
    assert "Tour" in lm.RoundStepper("fr", seed=1).status_html()


# ---------------------------------------------------------------------- the notebooks
def test_committed_notebooks_are_exactly_what_the_single_source_writes():
    build = load_build()
    want = build.expected()
    assert len(want) == 16  # seven lessons and the teacher's notebook, in French and English
    stale = [str(p.relative_to(ROOT)) for p, text in want.items() if not p.exists() or p.read_text("utf-8") != text]
    assert stale == [], "run `uv run python lessons/build.py` after changing lessons/source/"
    extra = [p for lang in build.LANGS for p in (ROOT / "lessons" / lang).glob("*.ipynb") if p not in want]
    assert extra == []


def test_both_languages_run_the_same_code():
    build = load_build()
    for module in build.sources():
        fr, en = (json.loads(build.render(build.notebook(module, lang))) for lang in build.LANGS)
        code_fr = [c for c in fr["cells"] if c["cell_type"] == "code"]
        code_en = [c for c in en["cells"] if c["cell_type"] == "code"]
        assert ["".join(c["source"]) for c in code_fr[1:]] == ["".join(c["source"]) for c in code_en[1:]]
        assert "".join(code_fr[0]["source"]) == 'lang = "fr"' and "".join(code_en[0]["source"]) == 'lang = "en"'
        assert code_fr[0]["metadata"]["tags"] == ["parameters"]
        assert [c["cell_type"] for c in fr["cells"]] == [c["cell_type"] for c in en["cells"]]
        header = "".join(fr["cells"][0]["source"])
        for word in ("Âge", "Durée", "Objectifs"):
            assert word in header


def test_every_lesson_says_age_duration_and_objectives_and_has_a_checked_exercise():
    build = load_build()
    mods = build.sources()
    assert [m.LESSON["number"] for m in mods] == list(range(1, 8))
    for m in mods:
        assert m.LESSON["age"] and m.LESSON["minutes"] > 0
        assert len(m.LESSON["objectives"]["fr"]) == len(m.LESSON["objectives"]["en"]) >= 3
        sources = [c.source for c in m.CELLS if isinstance(c, build.Code)]
        assert any("questions." in s for s in sources), m.LESSON["slug"]


def test_the_teacher_guide_lists_every_lesson():
    guide = (ROOT / "lessons" / "README.md").read_text("utf-8")
    build = load_build()
    for m in build.sources():
        assert m.LESSON["title"]["en"] in guide
    assert "canal-heritage lessons" in guide and "nbval" in guide


def test_no_float_trouble_in_share_answers():
    q = NumberQuestion("en", 2 / 3, share=True, tolerance=0.01)
    assert q.check("2/3").ok and q.check("67 %").ok and q.check("0.667").ok
    assert not math.isnan(float(q.answer))
