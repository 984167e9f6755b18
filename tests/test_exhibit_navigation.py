"""Never lost (issue 13, item 8), without a browser: the address the exhibit shows for each
page, the question before leaving a game, resuming it from home, Back and Forward, and an
unknown address said in the visitor's language."""

from __future__ import annotations

import panel as pn

from canal_heritage import games
from canal_heritage.exhibit import ExhibitApp, open_url
from canal_heritage.matches.midi import Seat

MIDI = games.kind("midi").name  # the page, record and plan name of Canal du Midi
ARRIALA = games.kind("arriala").name  # the page, record and plan name of Arriala

SEATS = [Seat("human", "Ana"), Seat("bot", "", "random")]


def buttons(app: ExhibitApp, css: str) -> list[pn.widgets.Button]:
    return [b for b in app.__panel__().select(pn.widgets.Button) if css in b.css_classes]


def notice(app: ExhibitApp) -> str:
    panes = [o for o in app.__panel__().objects if "link-notice" in getattr(o, "css_classes", [])]
    return str(panes[0].object) if panes else ""


def test_the_address_follows_the_page_keeping_language_and_mode():
    app = ExhibitApp(seed=1, lang="en")
    assert app.history.nav["url"] == "?lang=en"
    app.go("midi-setup")
    assert app.history.nav == {"url": "?page=midi-setup&lang=en", "replace": False, "top": True, "n": 2}
    app.start("midi", SEATS)  # the game takes the set-up's place: Back from it goes home
    assert app.history.nav["url"] == "?page=midi&lang=en" and app.history.nav["replace"]
    app.open_place("VIII")  # "where is this?": a new page, opened at its top
    assert app.history.nav == {"url": "?page=explorer&place=midi-VIII&lang=en", "replace": False, "top": True,
                               "n": 4}
    app.explorer().step(1)  # another place: the same page, the address replaced
    assert app.history.nav["url"] == "?page=explorer&place=midi-IX&lang=en" and app.history.nav["replace"]
    app.set_language("oc")
    assert app.history.nav["url"] == "?page=explorer&place=midi-IX&lang=oc" and app.history.nav["replace"]
    app.set_projector(True)
    assert app.history.nav["url"].endswith("&lang=oc&mode=projector")


def test_leaving_a_game_asks_first_and_staying_keeps_it():
    app = ExhibitApp(seed=1, lang="fr")
    app.start("midi", SEATS)
    match = app.match_of("midi")
    [home] = buttons(app, "go-home")
    home.clicks += 1
    assert app.page == MIDI and app.leave_dialog.open
    assert app.leave_dialog.title == "Quitter cette partie\u00a0?"
    assert app.leave_dialog.stay_label == "Rester dans la partie"
    app.leave_dialog.answer(False)
    assert app.page == MIDI and not app.leave_dialog.open and app.match_of("midi") is match
    home.clicks += 1
    app.leave_dialog.answer(True)
    assert app.page == "home" and app.match_of("midi") is match  # kept
    [resume] = buttons(app, "resume-midi")
    assert "Canal du Midi" in resume.label  # its own key: home.resume_midi (issue 13)
    resume.clicks += 1
    assert app.page == MIDI and app.match_of("midi") is match and not app.leave_dialog.open
    app.open_place("midi-II")  # the explorer is one tap from the game: no question
    assert app.page == "explorer" and not app.leave_dialog.open


def test_an_answer_counts_only_while_the_question_is_open_and_the_kiosk_reset_never_asks():
    app = ExhibitApp(kiosk=True, seed=1, lang="en")
    app.start("midi", SEATS)
    app.leave_dialog.answer(True)  # a late click: nothing asked, nothing done
    assert app.page == MIDI
    app.go("home")
    assert app.leave_dialog.open
    app.reset()  # the kiosk's time-out: no question, the game is discarded
    assert app.page == "home" and not app.leave_dialog.open and app.match_of("midi") is None
    assert not buttons(app, "resume-midi")


def test_back_and_forward_follow_the_browser_and_back_from_a_game_asks():
    app = ExhibitApp(seed=1, lang="en")
    app.start("midi", SEATS)
    app.open_place("midi-III")
    app.follow_url("?page=midi&lang=en")  # Back, to the game
    assert app.page == MIDI and not app.leave_dialog.open
    app.follow_url("?lang=en")  # Back again: leaving the game asks
    assert app.page == MIDI and app.leave_dialog.open
    shown = app.history.nav["n"]
    app.leave_dialog.answer(False)  # stay: the game's address goes back in the browser
    assert app.page == MIDI and app.history.nav["url"] == "?page=midi&lang=en" and app.history.nav["n"] > shown
    assert not app.history.nav["replace"]
    app.follow_url("?lang=fr")  # an older entry's language: the visitor's stays
    app.leave_dialog.answer(True)
    assert app.page == "home" and app.lang == "en" and app.history.nav["url"] == "?lang=en"
    app.follow_url("?page=explorer&place=moissac&lang=en")  # Forward, to the explorer
    assert app.page == "explorer" and app.explorer().place == "moissac"


def test_a_game_address_without_a_game_opens_its_set_up():
    for page, shown in (("midi", "midi-setup"), ("arriala", "arriala-setup"), ("arriala-setup", "arriala-setup")):
        app = ExhibitApp(lang="en")
        open_url(app, {"page": page})
        assert app.page == shown and not notice(app)


def test_an_unknown_page_or_place_says_so_in_the_visitors_language():
    app = ExhibitApp(lang="fr")
    open_url(app, {"page": "nowhere<b>"})
    assert app.page == "home"
    assert "pas de page «\u00a0nowhere&lt;b&gt;\u00a0»" in notice(app)  # said, and escaped
    app = ExhibitApp(lang="oc")
    open_url(app, {"page": "explorer", "place": "atlantis"})
    assert app.page == "explorer" and "I a pas de luòc « atlantis »" in notice(app)
    app.go("home")  # the message goes with the next page
    assert not notice(app)
    app = ExhibitApp(lang="en")
    assert not app.open_place("atlantis")
    assert "There is no place “atlantis”" in notice(app)
    app = ExhibitApp(lang="en")
    open_url(app, {"page": "explorer", "place": "midi-VIII"})
    assert not notice(app) and app.explorer().place == "midi-VIII"


def test_leaving_arriala_asks_too_and_home_offers_to_resume_it():
    app = ExhibitApp(seed=1, lang="oc", match_options={"arriala": {"pace": 0}})
    app.go("arriala-setup")
    app.start("arriala", [Seat("human", "Ana"), Seat("bot", "", "random")], first=0)
    assert app.history.nav["url"] == "?page=arriala&lang=oc" and app.history.nav["replace"]
    arriala = app.match_of("arriala")
    app.go("home")
    assert app.page == ARRIALA and app.leave_dialog.open
    assert app.leave_dialog.title == "Quitar aquesta partida ?"
    app.leave_dialog.answer(True)
    assert app.page == "home" and app.games_in_progress() == ["arriala"]
    [resume] = buttons(app, "resume-arriala")
    assert "Arriala" in resume.label  # its own key: home.resume_arriala (issue 13)
    resume.clicks += 1
    assert app.page == ARRIALA and app.match_of("arriala") is arriala
    arriala.close()
