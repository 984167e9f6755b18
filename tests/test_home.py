"""The welcome screen (issue 13, item 1): three big choices, the language apart, each game's
own resume button, and the long profile drawn by our code."""

from __future__ import annotations

import re

import panel as pn

from canal_heritage.exhibit import ExhibitApp
from canal_heritage.i18n import translator
from canal_heritage.matches.midi import Seat
from canal_heritage.views.home.long_profile import PROFILE, SUMMIT, caption, long_profile_svg, water_line
from canal_heritage.views.home.welcome import Home, LanguageChoice


def _home(**kw):
    calls: list[str] = []
    home = Home(lang="en", on_language=lambda c: calls.append(f"lang:{c}"),
                on_play=calls.append, on_heritage=lambda: calls.append("heritage"),
                on_people=lambda: calls.append("people"), **kw)
    return home, calls


def _buttons(view) -> dict[str, pn.widgets.Button]:
    return {c: b for b in view.select(pn.widgets.Button) for c in b.css_classes}


def test_home_offers_three_big_choices_with_a_name_and_a_line_each():
    home, calls = _home()
    view = home.__panel__()
    cards = [b for b in view.select(pn.widgets.Button) if "choice-card" in b.css_classes]
    assert [next(c for c in b.css_classes if c != "choice-card") for b in cards] == [
        "play-midi", "play-arriala", "heritage"]
    for card in cards:
        assert card.label  # its accessible name: the title, and the line in ::after
        sheet = card.stylesheets[-1]
        assert "::after { content: \"" in sheet and "data:image/svg+xml," in sheet
    for card in cards:
        card.clicks += 1
    assert calls == ["midi", "arriala", "heritage"]


def test_the_language_is_a_separate_control_marking_the_current_one():
    home, calls = _home()
    view = home.__panel__()
    [choice] = view.select(LanguageChoice)
    assert choice.lang == "en" and list(choice.names) == ["fr", "en", "oc"]
    assert "aria-pressed" in choice._esm and "role\", \"group\"" in choice._esm
    assert not any(c.startswith("lang-") for b in view.select(pn.widgets.Button) for c in b.css_classes)
    choice._handle_msg({"lang": "oc"})
    choice._handle_msg({"lang": "xx"})  # not a language of the exhibit: nothing
    assert calls == ["lang:oc"]


def test_each_game_has_its_own_resume_button_and_key():
    resumed: list[str] = []
    home, _ = _home(in_progress=["midi", "arriala"], on_resume=resumed.append)
    buttons = _buttons(home.__panel__())
    midi, arriala = buttons["resume-midi"], buttons["resume-arriala"]
    assert midi.label != arriala.label
    assert "Canal du Midi" in midi.label and "Arriala" in arriala.label
    arriala.clicks += 1
    midi.clicks += 1
    assert resumed == ["arriala", "midi"]
    import inspect

    import canal_heritage.views.home.welcome as home_module

    source = inspect.getsource(home_module)
    assert 'tr.ui("home.resume_midi"' in source and 'tr.ui("home.resume_arriala"' in source
    assert 'tr.ui("home.resume",' not in source


def test_riquet_frames_the_welcome_and_links_to_his_page_in_the_explorer():
    app = ExhibitApp(seed=1, lang="en")
    [link] = [b for b in app.__panel__().select(pn.widgets.Button) if "riquet-link" in b.css_classes]
    link.clicks += 1
    assert app.page == "explorer" and app.explorer().section == "people"
    assert "section=people" in app.url() or "riquet" in app.url()


def test_the_projector_switch_stays_on_home_and_the_resume_offer_names_both_games():
    app = ExhibitApp(seed=1, lang="en")
    assert [b for b in app.__panel__().select(pn.widgets.Button) if "projector" in b.css_classes]
    app.start("midi", [Seat("human", "Ana"), Seat("bot", "", "random")])
    app.go("home")
    app.leave_dialog.answer(True)
    assert _buttons(app.__panel__())["resume-midi"].label == "Resume your game of Canal du Midi"


def test_the_long_profile_is_an_accessible_picture_in_every_language():
    for lang in ("fr", "en", "oc"):
        svg = long_profile_svg(translator(lang))
        assert svg.startswith("<svg") and "role='img'" in svg
        assert "aria-labelledby='profile-title profile-desc'" in svg
        assert re.search(r"<desc id='profile-desc'>[^<]{80,}</desc>", svg)
        if lang == "en":  # Occitan names its places its own way (Tolosa, Naurosa…)
            for place in ("Toulouse", "Naurouze", "Castelnaudary", "Carcassonne", "Fonseranes", "Sète", "Thau"):
                assert place in svg
        assert svg.count("font-size='20'") == 6  # six places named
        for numeral in ("I", "V", "IX"):  # the game's sites, from data/midi/sites.json
            assert f">{numeral}</text>" in svg
    assert "implif" in caption(translator("en"))  # "Simplified": approximate figures


def test_the_water_climbs_to_the_summit_then_steps_down_to_the_sea():
    line = water_line()
    heights = [m for _km, m in line]
    kms = [km for km, _m in line]
    assert kms == sorted(kms)
    top = heights.index(max(heights))
    assert max(heights) == SUMMIT.height and heights[0] == PROFILE[0].height and heights[-1] == 0
    assert heights[: top + 1] == sorted(heights[: top + 1])  # up to Naurouze
    assert heights[top:] == sorted(heights[top:], reverse=True)  # then down to Thau
    steps = sum(1 for (k1, m1), (k2, m2) in zip(line, line[1:], strict=False) if k1 == k2 and m1 != m2)
    assert steps >= 40  # locks as steps
