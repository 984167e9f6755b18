"""The simulator and the ``canal-heritage`` command line."""

from __future__ import annotations

import json

import pytest

from canal_heritage.cli import main
from canal_heritage.core.simulate import seating
from canal_heritage.midi.simulate import simulate_midi


def test_simulate_is_reproducible_and_independent_of_jobs():
    a = simulate_midi(3, ["heuristic", "random", "heuristic"], 30, seed=5)
    b = simulate_midi(3, ["heuristic", "random", "heuristic"], 30, seed=5, jobs=2)
    assert a.to_json() == b.to_json()
    c = simulate_midi(3, ["heuristic", "random", "heuristic"], 30, seed=6)
    assert c.to_json() != a.to_json()


def test_summary_figures_are_consistent():
    s = simulate_midi(4, ["heuristic", "random", "random", "heuristic"], 40, seed=1)
    # shared wins are counted fractionally, so the win rates of all seats sum to 1
    assert sum(f["win_rate"] for f in s.per_seat) == pytest.approx(1.0, abs=1e-3)
    assert sum(f["first_lead_games"] for f in s.per_seat) == 40
    assert 0.0 <= s.sites_built_share <= 1.0
    assert s.sites_built_share == pytest.approx(sum(s.per_site_built.values()) / 9, abs=1e-3)
    assert s.per_bot["heuristic"]["seats_played"] == 80
    assert s.per_bot["random"]["seats_played"] == 80


def test_seats_rotate_so_every_bot_plays_every_seat():
    bots = ["expert", "heuristic", "random"]
    seen = {tuple(seating(bots, 3, k)) for k in range(3)}
    assert seen == {("expert", "heuristic", "random"), ("heuristic", "random", "expert"),
                    ("random", "expert", "heuristic")}


def test_thresholds_override_changes_what_gets_built():
    easy = simulate_midi(2, ["heuristic"], 40, seed=3, thresholds=[0] * 9)
    hard = simulate_midi(2, ["heuristic"], 40, seed=3, thresholds=[99] * 9)
    assert easy.sites_built_share == 1.0
    assert hard.sites_built_share == 0.0
    assert easy.thresholds == [0] * 9


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"players": 5, "bots": ["random"], "games": 1}, "2 to 4 players"),
        ({"players": 2, "bots": ["random", "random", "random"], "games": 1}, "one bot per seat"),
        ({"players": 2, "bots": ["genius"], "games": 1}, "unknown bot"),
        ({"players": 2, "bots": ["random"], "games": 0}, "at least one game"),
    ],
)
def test_bad_simulation_arguments_are_explained(kwargs, message):
    with pytest.raises(ValueError, match=message):
        simulate_midi(**kwargs)


def test_cli_prints_summary_and_writes_json(tmp_path, capsys):
    out = tmp_path / "figures.json"
    code = main(["simulate", "midi", "--players", "2", "--bots", "heuristic,random", "--games", "12",
                 "--seed", "4", "--json", str(out), "--no-progress", "--lang", "en"])
    assert code == 0
    text = capsys.readouterr().out
    assert "win rate" in text and "Sites built" in text and "Reinforcements" in text
    data = json.loads(out.read_text())
    assert data["games"] == 12 and data["players"] == 2
    assert set(data["per_bot"]) == {"heuristic", "random"}
    assert len(data["per_site_built"]) == 9


@pytest.mark.parametrize("lang, words", [("fr", ["victoires", "Chantiers construits"]),
                                         ("oc", ["victòrias", "Chantièrs bastits"])])
def test_cli_summary_speaks_the_chosen_language(lang, words, capsys):
    assert main(["simulate", "midi", "--games", "3", "--no-progress", "--lang", lang]) == 0
    text = capsys.readouterr().out
    for w in words:
        assert w in text


def test_cli_language_defaults_to_the_environment(monkeypatch, capsys):
    monkeypatch.setenv("LANGUAGE", "oc_FR.UTF-8")
    assert main(["simulate", "midi", "--games", "2", "--no-progress"]) == 0
    assert "victòrias" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv, message",
    [
        (["simulate", "midi", "--lang", "de"], "choose a language"),
        (["simulate", "midi", "--players", "7"], "2 to 4 players"),
        (["simulate", "midi", "--bots", "heuristic,genius"], "unknown bot"),
        (["simulate", "midi", "--games", "lots"], "whole number"),
        (["simulate", "midi", "--players", "3", "--bots", "random,random"], "one bot per seat"),
        (["simulate", "midi", "--thresholds", "1,2,3"], "9 whole numbers"),
        (["simulate", "midi", "--json", "/no/such/folder/x.json"], "does not exist"),
        (["simulate", "chess"], "invalid choice"),
    ],
)
def test_cli_bad_arguments_get_a_clear_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv + ["--no-progress"] if argv[:2] == ["simulate", "midi"] else argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def test_cli_lessons_opens_jupyterlab_on_the_lessons_folder(monkeypatch, capsys):
    import subprocess
    import sys

    from canal_heritage.cli import lessons_folder

    seen = []
    monkeypatch.setattr(subprocess, "call", lambda cmd: seen.append(cmd) or 0)
    assert main(["lessons", "--no-browser", "--port", "8899"]) == 0
    cmd = seen[0]
    assert cmd[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={lessons_folder()}" in cmd
    assert "--no-browser" in cmd and "--port=8899" in cmd
    assert (lessons_folder() / "fr").is_dir() and (lessons_folder() / "en").is_dir()
    assert main(["lessons", "--lang", "en"]) == 0
    assert f"--ServerApp.root_dir={lessons_folder() / 'en'}" in seen[1]
    assert "--no-browser" not in seen[1] and not any(a.startswith("--port") for a in seen[1])


@pytest.mark.parametrize("argv, message", [(["lessons", "--port", "web"], "whole number"),
                                           (["lessons", "--lang", "oc"], "French (fr) and English (en)")])
def test_cli_lessons_bad_arguments_get_a_clear_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err
