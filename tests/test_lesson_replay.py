"""A classroom game reopened in a notebook from its room code, to replay it decision by decision."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from canal_heritage.arriala import ArrialaGame
from canal_heritage.lessons.replay import ReplayError, open_game
from canal_heritage.midi import MidiGame
from canal_heritage.store import Store


def stored_game(db: str, game_name: str, code: str, *, decisions: int, seed: int = 5) -> list[int]:
    """A room of ``game_name`` whose first ``decisions`` random legal decisions are stored
    (as the server stores them), then closed; the actions played."""
    game = {"midi": MidiGame, "arriala": ArrialaGame}[game_name](2)
    state = game.new_initial_state(seed, first=0)
    rng = random.Random(seed)
    played = []
    with Store(db) as store:
        room = store.create_room(code=code, game=game_name, seed=seed, first=0, lang="fr", options={},
                                 seats=[("student", None), ("bot", "heuristic")])
        store.claim_seat(room.id, 0, token_hash="a" * 64, name="Zoé")
        for n in range(decisions):
            if state.is_terminal():
                break
            action = rng.choice(state.legal_actions())
            store.append_decision(room.id, n, state.current_player(), game.action_to_text(action))
            state.apply_action(action)
            played.append(action)
        store.set_status(room.id, "closed")
    return played


@pytest.mark.parametrize("game_name", ["midi", "arriala"])
def test_a_closed_games_code_reopens_it_decision_by_decision(tmp_path: Path, game_name: str) -> None:
    db = str(tmp_path / "c.db")
    played = stored_game(db, game_name, "K7MX9", decisions=30)
    replay = open_game(" k7-mx9 ", "en", db=db)  # typed as a student would
    assert len(replay) == len(played) == 30
    assert replay.state_at(30).history == played  # the engine rebuilt the same game
    assert replay.state_at(0).history == [] and replay.state_at(99).history == played
    first = replay.show(1).markup
    assert "Decision 1 of 30" in first and "<li" in first
    # Canal du Midi's table names the student, as at the table; Arriala's is the board
    assert {"midi": "Zoé", "arriala": "<svg"}[game_name] in replay.show(30).markup
    replay.widget()
    back, on, slider, view = replay._controls
    assert "Decision 30 of 30" in view.value
    back.click()
    back.click()
    assert slider.value == 28 and "Decision 28 of 30" in view.value
    slider.value = 3
    assert "Decision 3 of 30" in view.value
    on.click()
    assert replay.position == 4


def test_a_later_room_with_the_same_code_is_the_one_found(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    stored_game(db, "midi", "K7MX9", decisions=5)
    stored_game(db, "arriala", "K7MX9", decisions=8)  # the code given again, once the first room closed
    assert len(open_game("K7MX9", "fr", db=db)) == 8


@pytest.mark.parametrize("code, message", [
    ("K7QX9", "is not a room code"),  # Q is never in a code
    ("K7MX", "is not a room code"),
    ("AAAAA", "No game has the code AAAAA"),
])
def test_a_code_that_names_no_game_is_told_kindly(tmp_path: Path, code: str, message: str) -> None:
    db = str(tmp_path / "c.db")
    stored_game(db, "midi", "K7MX9", decisions=3)
    with pytest.raises(ReplayError, match=message):
        open_game(code, "en", db=db)


def test_a_damaged_record_is_refused_with_a_message(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    with Store(db) as store:
        room = store.create_room(code="FFFFF", game="midi", seed=1, first=0, lang="en", options={},
                                 seats=[("student", None), ("bot", "heuristic")])
        store.append_decision(room.id, 0, 0, "fly to the moon")
    with pytest.raises(ReplayError, match="damaged"):
        open_game("FFFFF", "en", db=db)


def test_an_exhibit_games_end_screen_code_reopens_it(tmp_path: Path) -> None:
    db = str(tmp_path / "c.db")
    played = stored_game(db, "arriala", "~3fa9c1", decisions=12)  # as rooms.visitor keeps a visitor's game
    replay = open_game(" 3FA9C1 ", "oc", db=db)  # the code the end screen shows, typed in capitals
    assert len(replay) == len(played) == 12
    with pytest.raises(ReplayError, match="No game has the code ~3fa9c2"):
        open_game("3fa9c2", "en", db=db)


def test_the_end_screen_shows_the_code_of_a_kept_game_only() -> None:
    from types import SimpleNamespace

    from canal_heritage.i18n import translator
    from canal_heritage.views.tables.end_story import _replay_code

    def table(journal: object) -> SimpleNamespace:
        return SimpleNamespace(match=SimpleNamespace(journal=journal), tr=translator("fr"))

    shown = _replay_code(table(SimpleNamespace(replay_code="3fa9c1", broken=False)))
    assert len(shown) == 1 and "le code de cette partie est 3fa9c1" in shown[0].object
    assert _replay_code(table(SimpleNamespace(replay_code="3fa9c1", broken=True))) == []  # not kept: no code
    assert _replay_code(table(None)) == []  # panel serve, the notebooks: nothing kept, nothing shown
