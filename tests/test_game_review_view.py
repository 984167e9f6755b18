"""“Where did the game turn?” on the end screen (issue 29, item 2): a button for the viewer's
seat (for every person's seat in hot-seat), the review made off the event loop with its
progress shown, then drawn: the curve, the turning points with the two choices side by side."""

from __future__ import annotations

import asyncio
import re
from concurrent.futures import ThreadPoolExecutor

import panel as pn
import pytest
from test_end_title import _finish as finish

from canal_heritage.i18n import translator
from canal_heritage.matches.arriala import ArrialaMatch
from canal_heritage.matches.midi import MidiMatch, Seat
from canal_heritage.views.tables.arriala_table import ArrialaTable
from canal_heritage.views.tables.game_review import GameReview, review_markup, review_seats
from canal_heritage.views.tables.midi_table import MidiTable


def run(coro):
    """Run ``coro`` to its end in a thread of its own (another test may leave an event loop
    running in this one)."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


def review_of(table) -> GameReview:
    """The review part of ``table``'s end screen."""
    assert table.review_part is not None
    return table.review_part


def test_against_bots_the_end_screen_offers_the_viewers_review_and_draws_it():
    m = finish(MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=3, lang="en"))
    table = MidiTable(m, on_again=lambda: None, on_home=lambda: None)
    part = review_of(table)
    buttons = [b for b in part.__panel__().select(pn.widgets.Button)]
    assert [b.label for b in buttons] == ["Where did the game turn?"]
    seen: list[tuple[int, int]] = []
    part._advance = lambda done, total, _old=part._advance: (seen.append((done, total)), _old(done, total))
    review = run(part.review(0))
    assert review is not None and review.seat == 0
    assert seen[0][0] == 0 and seen[-1][0] == seen[-1][1] == len(review.decisions)  # the bar filled
    drawn = str(part._body.object)
    assert "<svg" in drawn and "aria-label='Your expected lead" in drawn
    assert drawn.count("<li class='turn") == len(review.turning_points) + (review.best_move is not None)
    assert "You played" in drawn and "The other choice" in drawn
    assert not part._progress.visible and not any(b.disabled for b in buttons)
    # asked again: the same review at once
    assert run(part.review(0)) is review


def test_hot_seat_offers_every_persons_game():
    m = MidiMatch([Seat("human", "Ana"), Seat("human", "Ben"), Seat("bot", "", "random")], seed=1, lang="fr")
    assert review_seats(m, None) == [0, 1]
    part = GameReview(finish(m), m.state.history, [0, 1], translator("fr"), names=m.names)
    labels = [b.label for b in part.__panel__().select(pn.widgets.Button)]
    assert len(labels) == 2 and "Ana" in labels[0] and "Ben" in labels[1]


@pytest.mark.parametrize("lang", ["fr", "oc"])
def test_an_arriala_review_is_drawn_in_the_page_language(lang):
    m = finish(ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=2, lang=lang, pace=0,
                            overrides={"cells": [2, 2, 2, 2]}))
    part = review_of(ArrialaTable(m, on_again=lambda: None, on_home=lambda: None))
    review = run(part.review(0))
    assert review is not None
    drawn = str(part._body.object)
    assert "You played" not in drawn and "The other choice" not in drawn
    assert re.search(r"<h3>[^<]+</h3>", drawn)


def test_the_markup_escapes_the_names():
    m = finish(MidiMatch([Seat("human", "<b>Ana</b>"), Seat("bot", "", "heuristic")], seed=3, lang="en"))
    part = GameReview(m, m.state.history, [0], translator("en"), names=m.names)
    review = run(part.review(0))
    assert review is not None
    assert "<b>Ana" not in review_markup(review, __import__("canal_heritage.review", fromlist=["say"]).say(
        review, "en", m.names), translator("en"))


def _end_review(table) -> GameReview:
    """The review part on ``table``'s end screen."""
    part = table.review_part
    assert part is not None and part.__panel__() in table._slots["end"][1].objects
    return part


def test_the_end_screen_offers_the_review_and_keeps_it_in_another_language():
    m = finish(MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=3, lang="en"))
    table = MidiTable(m, on_again=lambda: None, on_home=lambda: None)
    part = _end_review(table)
    assert [b.label for b in part.__panel__().select(pn.widgets.Button)] == ["Where did the game turn?"]
    assert part.__panel__().select(pn.widgets.Button)[0].css_classes == ["review-open", "review-seat-0"]
    run(part.review(0))
    assert "You played" in str(part._body.object)
    m.set_language("fr")  # the end screen is built again, in French: the review is there at once
    again = _end_review(table)
    assert again is not part and again.shown == 0
    drawn = str(again._body.object)
    assert "Vous avez joué" in drawn and "You played" not in drawn


def test_a_game_in_play_has_nothing_to_review():
    m = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=3, lang="en")
    assert m.played() is None  # the actions hold the bot's sealed bets until the game is over
    assert finish(m).played() == tuple(m.state.history)


def _midi_table():
    m = finish(MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=3, lang="en"))
    return MidiTable(m, on_again=lambda: None, on_home=lambda: None)


def _arriala_table():
    m = finish(ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=2, lang="en", pace=0,
                            overrides={"cells": [2, 2, 2, 2]}))
    return ArrialaTable(m, on_again=lambda: None, on_home=lambda: None)


def _midi_then(drawn, looks, named):
    """The site in play then is ringed, and the hand is the seat's hand then."""
    assert "class='site now'" in drawn and looks[named[0].index].current_site is not None
    assert drawn.count("class='hand'") == len(named)


def _arriala_then(drawn, looks, named):
    """The board then (public: no hand is drawn)."""
    assert drawn.count("<div class='board'><svg") == len(named)


@pytest.mark.parametrize(("make", "css", "then"), [(_midi_table, "midi", _midi_then),
                                                   (_arriala_table, "arriala", _arriala_then)],
                         ids=["midi", "arriala"])
def test_each_turning_point_shows_the_table_as_the_seat_saw_it(make, css, then):
    part = review_of(make())
    review = run(part.review(0))
    named = [d for d in (*review.turning_points, review.best_move) if d is not None]
    assert named, "the game has something to show"
    drawn = str(part._body.object)
    assert drawn.count(f"<div class='then {css}'>") == len(named)
    looks = part._looks[0]
    assert sorted(looks) == sorted(d.index for d in named)
    assert all(obs.player == 0 for obs in looks.values())  # the reviewed seat's own view, nothing more
    then(drawn, looks, named)


def test_the_seat_s_observations_at_its_decisions():
    from canal_heritage.review import observations_at, seat_decisions

    m = finish(MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=5, lang="en"))
    start = m.game.new_initial_state(m.seed, first=m.first)
    every = seat_decisions(start, m.state.history, 1)
    wanted = [every[0][0], every[-1][0]]
    got = observations_at(m.game, m.seed, m.first, m.state.history, 1, wanted)
    assert sorted(got) == wanted
    assert got[wanted[-1]] == every[-1][1] and got[wanted[0]].player == 1
