"""“Where did my game turn?” in the lessons (issue 29, item 2): lesson 4 reviews the student's
Canal du Midi game, lesson 6 the student's Arriala game; before the end, a sentence says to
finish the game first."""

from __future__ import annotations

import pytest

from canal_heritage.lessons.arriala import PlayArriala
from canal_heritage.lessons.midi import RoundStepper
from canal_heritage.lessons.where_it_turned import where_it_turned


def test_before_the_end_the_cell_says_to_finish_the_game():
    stepper = RoundStepper("fr", seed=21)
    out = where_it_turned(stepper, "fr")
    assert "pas encore finie" in repr(out) and "terminez-la" in out._repr_html_()


@pytest.mark.parametrize("lang", ["fr", "en"])
def test_a_finished_canal_du_midi_game_is_reviewed(lang):
    stepper = RoundStepper(lang, seed=21)
    while stepper.choices():
        stepper.choose(stepper.choices()[-1][0])
    assert stepper.state.is_terminal()
    out = where_it_turned(stepper, lang)
    text = repr(out)
    assert ("décision" in text) if lang == "fr" else ("decision" in text)
    assert "<ol" in out._repr_html_() and "<script" not in out._repr_html_()


def test_a_finished_arriala_game_is_reviewed():
    game = PlayArriala("en", seed=3)
    while not game.state.is_terminal():
        options = [a for kind in game.choices().values() for a, _ in kind]
        game.play(options[0])
    out = where_it_turned(game, "en")
    assert "decisions weighed" in repr(out)
