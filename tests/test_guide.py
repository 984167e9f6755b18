"""Learning by playing (issue 13, item 3): rule codes only in projector mode, the "How to
play" screens, and the guided first round built on engine positions."""

from __future__ import annotations

import re

import panel as pn
import pytest

from canal_heritage.i18n import LANGUAGES, strip_rule_codes, translator
from canal_heritage.matches.arriala import ArrialaMatch
from canal_heritage.matches.midi import MidiMatch, Seat
from canal_heritage.views.arriala_table import ArrialaTable
from canal_heritage.views.choices import ChoiceList
from canal_heritage.views.midi_table import MidiTable

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
