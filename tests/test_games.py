"""The registry of game kinds (canal_heritage/games.py): every registered game keeps the shared
protocol, plays a random game to its end, and has what the floors above ask of it."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from canal_heritage import games
from canal_heritage.core.game import Game, State
from canal_heritage.i18n import translator

ROOT = Path(__file__).resolve().parents[1]


def test_the_registered_games():
    assert games.names() == ("midi", "arriala")
    assert [k.title for k in games.kinds()] == ["Canal du Midi", "Arriala"]
    assert games.kind("midi").title_in(translator("oc").ui) == "Canal del Miègjorn"
    assert games.kind("arriala").title_in(translator("fr").ui) == "Arriala"


@pytest.mark.parametrize("name", games.names())
def test_each_game_keeps_the_protocol_and_plays_to_its_end(name):
    kind = games.kind(name)
    game = kind.game_class(players=3)
    assert isinstance(game, Game)
    state = game.new_initial_state(seed=5)
    assert isinstance(state, State)
    rng = random.Random(5)
    for _ in range(5000):
        if state.is_terminal():
            break
        action = rng.choice(state.legal_actions())
        assert game.action_from_text(game.action_to_text(action)) == action
        state.apply_action(action)
    assert state.is_terminal() and state.outcome() is not None
    assert len(state.totals()) >= 3


@pytest.mark.parametrize("name", games.names())
def test_each_game_has_what_the_floors_above_ask(name):
    kind = games.kind(name)
    assert set(kind.bot_names) >= {"random", "heuristic", "expert"}
    assert (ROOT / "data" / name).is_dir()  # its content
    assert games.kind(name) is kind
    match_class = kind.match_class
    assert match_class.bot_levels  # what a classroom room may seat
    assert match_class.game_name == name  # a stored table names its game
    # a stored table is begun again as it was: its options, its game, its narrator, its names
    stored = match_class.stored_options()
    game = match_class.game_from_record(2, stored)
    assert isinstance(game, Game) and isinstance(match_class.options_from_record(stored), dict)
    names = [match_class.default_seat_name(game, "oc", seat) for seat in range(2)]
    assert all(names) and len(set(names)) == 2
    assert match_class.narrator_of("oc", game, names).seat(1) == names[1]


@pytest.mark.parametrize("name", games.names())
def test_each_game_has_its_screens_and_pages(name):
    from canal_heritage.exhibit import PAGES, ExhibitApp
    from canal_heritage.matches.table import Seat
    from canal_heritage.views.home.how_to_play import how_to_play
    from canal_heritage.views.home.kiosk import ATTRACT
    from canal_heritage.views.home.welcome import PLAY_CARDS, RESUME_LABELS
    from canal_heritage.views.screens import screens, seat_mark

    found = screens(name)
    assert {name, f"{name}-setup"} <= set(PAGES)
    assert name in PLAY_CARDS and name in RESUME_LABELS and name in ATTRACT
    assert how_to_play(name, "oc").turn
    app = ExhibitApp(lang="oc", seed=3, match_options={"arriala": {"pace": 0}})
    app.go(f"{name}-setup")
    assert isinstance(app._setup_view, found.setup)  # type: ignore[arg-type]
    app.start(name, [Seat("human", "Ana"), Seat("bot", "", "random")])
    match = app.match_of(name)
    assert match is not None and match.game_name == name and app.page == name
    assert isinstance(app.table_of(name), found.table)  # type: ignore[arg-type]
    assert seat_mark(match, 1).endswith(match.default_name(1))
    app.reset()
    assert app.match_of(name) is None and match.closed


def test_an_unknown_game_is_refused_with_the_list_and_a_name_registers_once():
    with pytest.raises(ValueError, match="no game is named 'chess': the games are midi, arriala"):
        games.kind("chess")
    with pytest.raises(ValueError, match="registered already"):
        games.register(games.kind("midi"))
