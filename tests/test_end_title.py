"""The end screen speaks to the viewer (issue 26, item 4), and the set-up's choices show their
answer (item 8), headless: where a seat finished from the engine's outcome, the title in
three languages, who it speaks to (one viewer, not hot-seat), and the set-up's toggle groups."""

from __future__ import annotations

import random

import panel as pn
import pytest

from canal_heritage.core.game import Outcome, Ranking, Termination
from canal_heritage.i18n import translator
from canal_heritage.matches.arriala import ArrialaMatch
from canal_heritage.matches.midi import MidiMatch
from canal_heritage.matches.table import Seat
from canal_heritage.views.home.arriala_setup import ArrialaSetup
from canal_heritage.views.home.welcome import MidiSetup
from canal_heritage.views.tables.arriala_table import ArrialaTable
from canal_heritage.views.tables.end_title import Standing, end_headline, standing, viewer_title
from canal_heritage.views.tables.midi_table import MidiTable
from canal_heritage.views.toggle_group import ToggleGroup

END = Termination.ROUNDS_PLAYED


def outcome(totals, winners, ranking=Ranking.POINTS) -> Outcome:
    return Outcome(END, tuple(winners), tuple(totals), ranking)


# ---------------------------------------------------------------------- where a seat finished
def test_a_winner_alone_won():
    assert standing(outcome([19, 14], [0]), 0, [4, 3]) == Standing(1, 2, shared=False, won=True)


def test_second_of_three():
    assert standing(outcome([11, 10, 26], [2]), 0, [3, 3, 5]) == Standing(2, 3, shared=False, won=False)
    assert standing(outcome([11, 10, 26], [2]), 1, [3, 3, 5]) == Standing(3, 3, shared=False, won=False)


def test_a_shared_victory_is_won_and_shared():
    out = outcome([12, 12, 5], [0, 1], Ranking.SHARED)  # Canal du Midi: same points, as many sites (M-R9)
    assert standing(out, 1, [3, 3, 1]) == Standing(1, 3, shared=True, won=True)
    assert standing(out, 2, [3, 3, 1]) == Standing(3, 3, shared=False, won=False)


def test_tied_on_points_but_beaten_on_the_tie_break_is_second():
    out = outcome([12, 12, 5], [0], Ranking.SITES)  # seat 0 holds more sites (M-R9)
    assert standing(out, 1, [4, 3, 1]) == Standing(2, 3, shared=False, won=False)


def test_nobody_wins_but_those_tied_at_the_top_share_first_place():
    out = outcome([6, 6, 2], [], Ranking.SHARED)  # Arriala: tied on points and on canal workers (A-R18)
    assert standing(out, 0, [3, 3, 1]) == Standing(1, 3, shared=True, won=False)
    # tied on points, fewer workers on the canal: second
    assert standing(outcome([6, 6, 2], [], Ranking.SHARED), 0, [2, 3, 3]).place == 2


def test_the_virtual_player_counts_among_the_places():
    out = outcome([1, 1, 4], [], Ranking.VIRTUAL)  # two players and the virtual player, first
    assert standing(out, 0, [4, 4, 1]) == Standing(2, 3, shared=True, won=False)
    assert standing(out, 0, [5, 4, 1]) == Standing(2, 3, shared=False, won=False)
    assert standing(out, 1, [5, 4, 1]) == Standing(3, 3, shared=False, won=False)


def test_last_of_four_and_a_tie_for_third():
    out = outcome([20, 15, 9, 9], [0])
    assert standing(out, 2, [1, 1, 2, 1]) == Standing(3, 4, shared=False, won=False)
    assert standing(out, 3, [1, 1, 2, 1]) == Standing(4, 4, shared=False, won=False)
    assert standing(out, 3, [1, 1, 2, 2]) == Standing(3, 4, shared=True, won=False)


def test_one_tie_break_value_per_owner():
    with pytest.raises(ValueError):
        standing(outcome([1, 2], [1]), 0, [1])


# ---------------------------------------------------------------------- the title
@pytest.mark.parametrize(("s", "en", "fr", "oc"), [
    (Standing(1, 3, False, True), "You won!", "Vous avez gagné\u00a0!", "Avètz ganhat !"),
    (Standing(1, 2, True, True), "You share the victory!", "Vous partagez la victoire\u00a0!",
     "Partejatz la victòria !"),
    (Standing(1, 3, True, False), "You shared first place", "Vous partagez la première place",
     "Partejatz la primièra plaça"),
    (Standing(2, 3, False, False), "You came 2nd of 3", "Vous êtes 2e sur 3", "Sètz a la segonda plaça sus 3"),
    (Standing(3, 4, False, False), "You came 3rd of 4", "Vous êtes 3e sur 4", "Sètz a la tresena plaça sus 4"),
    (Standing(4, 4, False, False), "You came 4th of 4", "Vous êtes 4e sur 4", "Sètz a la quatrena plaça sus 4"),
    (Standing(2, 3, True, False), "You tied for 2nd of 3", "Vous êtes 2e ex æquo sur 3",
     "Partejatz la segonda plaça sus 3"),
    (Standing(3, 4, True, False), "You tied for 3rd of 4", "Vous êtes 3e ex æquo sur 4",
     "Partejatz la tresena plaça sus 4"),
])
def test_the_title_in_three_languages(s, en, fr, oc):
    assert viewer_title(translator("en"), s) == en
    assert viewer_title(translator("fr"), s) == fr
    assert viewer_title(translator("oc"), s) == oc


def test_the_winner_is_named_under_the_title_unless_the_viewer_won_alone():
    tr = translator("en")
    second = outcome([11, 10, 26], [2])
    assert end_headline(tr, second, 0, [3, 3, 5], "La Feuille wins!") == ("You came 2nd of 3", "La Feuille wins!")
    assert end_headline(tr, second, 2, [3, 3, 5], "La Feuille wins!") == ("You won!", "")
    shared = outcome([12, 12], [0, 1], Ranking.SHARED)
    assert end_headline(tr, shared, 0, [3, 3], "Shared victory: A and B!") == ("You share the victory!",
                                                                                "Shared victory: A and B!")


def test_hot_seat_or_no_viewer_keeps_the_winners_name():
    tr = translator("en")
    assert end_headline(tr, outcome([11, 26], [1]), None, [3, 5], "Ben wins!") == ("Ben wins!", "")
    assert end_headline(tr, None, 0, [3, 5], "Ben wins!") == ("Ben wins!", "")


# ---------------------------------------------------------------------- at the tables
def _finish(m, seed=0):
    rng = random.Random(seed)
    while not m.over:
        if m.privacy:
            m.confirm_privacy()
        elif m.is_bot_turn():
            m.step_bot()
        else:
            m.play(rng.choice(m.legal_actions()))
    return m


def _title(table) -> str:
    end = table._end_screen()
    [head] = [str(o.object) for o in end.select(pn.pane.HTML) if "class='winner'" in str(o.object)]
    return head


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_against_bots_the_canal_du_midi_title_speaks_to_the_viewer(seed):
    m = _finish(MidiMatch([Seat("human", "Ana"), Seat("bot", "", "random"), Seat("bot", "", "heuristic")],
                          seed=seed, lang="en"), seed)
    out = m.outcome()
    s = standing(out, 0, [ps.sites_held for ps in m.score_sheet().players])
    head = _title(MidiTable(m, on_again=lambda: None))
    assert viewer_title(translator("en"), s) in head
    assert ("wins!" in head or "Shared victory" in head) == (not (s.won and not s.shared))
    # "Play again" and "Home" come right after the title, before the chart and the score sheet
    end = MidiTable(m, on_again=lambda: None, on_home=lambda: None)._end_screen()
    order = [("actions" if "end-actions" in o.css_classes else
              "title" if "class='winner'" in str(getattr(o, "object", "")) else
              "chart" if "class='chart'" in str(getattr(o, "object", "")) else None) for o in end.objects]
    order = [x for x in order if x]
    assert order == ["title", "actions", "chart"]


def test_in_hot_seat_the_canal_du_midi_title_names_the_winner():
    m = _finish(MidiMatch([Seat("human", "Ana"), Seat("human", "Ben")], seed=1, lang="en"), 1)
    head = _title(MidiTable(m))
    assert "You " not in head and ("wins!" in head or "Shared victory" in head)


@pytest.mark.parametrize("seed", [0, 1, 2])
def test_against_a_bot_the_arriala_title_speaks_to_the_viewer(seed):
    m = _finish(ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "random")], seed=seed, first=0, pace=0,
                             lang="fr", overrides={"cells": [2, 2, 2, 2]}), seed)
    s = standing(m.outcome(), 0, [o.canal_workers for o in m.score_sheet().owners])
    assert s.of == 3  # two players and the virtual player (A-R8)
    assert viewer_title(translator("fr"), s) in _title(ArrialaTable(m, on_again=lambda: None))


def test_in_hot_seat_the_arriala_title_names_the_winner():
    m = _finish(ArrialaMatch([Seat("human", "Ana"), Seat("human", "Ben"), Seat("human", "Cy")], seed=4, pace=0,
                             lang="en", overrides={"cells": [2, 2, 2, 2]}), 4)
    head = _title(ArrialaTable(m))
    assert "You " not in head and ("wins!" in head or "Nobody wins" in head)


# ---------------------------------------------------------------------- the set-up's choices
def test_a_toggle_group_keeps_labels_and_the_chosen_index_with_the_value():
    t = ToggleGroup(options={"Beginner": "random", "Steady": "heuristic"}, value="heuristic", label="How strong?")
    assert t.labels == ["Beginner", "Steady"] and t.active == 1
    t.active = 0  # a click in the browser
    assert t.value == "random"
    t.param.update(options={"Me": 0, "Let chance decide": -1}, value=-1)
    assert t.labels == ["Me", "Let chance decide"] and t.active == 1
    t.value = "nothing offered"
    assert t.active == -1


def test_the_setups_choices_are_toggle_groups_named_by_their_question():
    midi = MidiSetup(lang="en", on_start=lambda seats: None, on_back=lambda: None)
    assert all(isinstance(g, ToggleGroup) for g in (midi.mode, midi.opponents, midi.level, midi.players))
    assert midi.mode.label == "Who plays?" and midi.level.label == "How strong?"
    assert midi.mode.labels[midi.mode.active] == "Against the computer"
    arriala = ArrialaSetup(lang="en", on_start=lambda seats, first: None, on_back=lambda: None)
    assert arriala.first.label.startswith("Who saw a canal most recently?") and "A-R9" not in arriala.first.label
    assert arriala.first.labels[arriala.first.active] == "Let chance decide"
