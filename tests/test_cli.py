"""The simulator and the ``canal-heritage`` command line."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

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


def test_the_summary_writes_numbers_as_the_language_does(capsys):
    main(["simulate", "midi", "--players", "2", "--games", "6", "--seed", "4", "--no-progress", "--lang", "fr"])
    text = capsys.readouterr().out
    assert re.search(r"\d+,\d\u00a0%", text) and not re.search(r"\d+\.\d", text)  # 67,3 % (never 67.3)
    assert not re.search(r"\d\u2026", text)  # no figure cut short by the table's width
    main(["simulate", "midi", "--players", "2", "--games", "6", "--seed", "4", "--no-progress", "--lang", "en"])
    assert re.search(r"\d+\.\d%", capsys.readouterr().out)


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


@pytest.mark.parametrize("env, lang", [
    ({"LANGUAGE": "oc:fr"}, "oc"), ({"LANGUAGE": "de:en"}, "en"),
    ({"LANGUAGE": "de_DE:es", "LANG": "en_GB.UTF-8"}, "en"),
    ({"LANGUAGE": "", "LANG": "oc_FR.UTF-8"}, "oc"), ({"LC_ALL": "en_US.UTF-8", "LANG": "fr_FR.UTF-8"}, "en"),
    ({"LANG": "C.UTF-8"}, "fr"), ({}, "fr")])
def test_language_is_read_from_the_environment_as_gettext_does(env, lang):
    """``LANGUAGE`` is a list in order of preference; then ``LC_ALL``, ``LC_MESSAGES``, ``LANG``;
    French (the project's language) when none is ours."""
    from canal_heritage.i18n import language_from_environment

    assert language_from_environment(env) == lang


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
    import sys

    from canal_heritage import cli
    from canal_heritage.cli import lessons_folder

    seen = []
    monkeypatch.setattr(cli, "run_until_stopped", lambda cmd, env=None: seen.append(cmd) or 0)
    assert main(["lessons", "--no-browser", "--port", "8899"]) == 0
    cmd = seen[0]
    assert cmd[:3] == [sys.executable, "-m", "jupyterlab"]
    assert f"--ServerApp.root_dir={lessons_folder()}" in cmd
    assert "--no-browser" in cmd and "--port=8899" in cmd
    assert (lessons_folder() / "fr").is_dir() and (lessons_folder() / "en").is_dir()
    assert main(["lessons", "--lang", "en"]) == 0
    assert f"--ServerApp.root_dir={lessons_folder() / 'en'}" in seen[1]
    assert "--no-browser" not in seen[1] and not any(a.startswith("--port") for a in seen[1])


def test_cli_lessons_in_a_folder_of_ones_own_copies_them_and_keeps_what_is_there(monkeypatch, capsys, tmp_path):
    """``--folder`` (and an installed copy, which has no lessons/ folder of its own) copies the
    lessons there, then opens JupyterLab on it; a notebook already there is never replaced."""
    from canal_heritage import cli

    seen = []
    monkeypatch.setattr(cli, "run_until_stopped", lambda cmd, env=None: seen.append(cmd) or 0)
    folder = tmp_path / "my lessons"
    assert main(["lessons", "--folder", str(folder), "--no-browser"]) == 0
    assert f"--ServerApp.root_dir={folder}" in seen[0]
    assert "were copied into" in capsys.readouterr().out
    source = cli.lessons_source()
    for part in ("en/02-midi-round.ipynb", "fr/07-balance-lab.ipynb", "README.md"):
        assert (folder / part).read_bytes() == (source / part).read_bytes()
    mine = folder / "fr" / "02-midi-round.ipynb"
    mine.write_text("my answers", encoding="utf-8")
    (folder / "en" / "01-riquet-two-seas.ipynb").unlink()
    assert main(["lessons", "--folder", str(folder), "--lang", "fr"]) == 0
    assert mine.read_text(encoding="utf-8") == "my answers"  # kept
    assert (folder / "en" / "01-riquet-two-seas.ipynb").is_file()  # the missing one copied again
    assert f"--ServerApp.root_dir={folder / 'fr'}" in seen[1]
    a_file = tmp_path / "notes.txt"
    a_file.write_text("notes")
    with pytest.raises(SystemExit) as exc:
        main(["lessons", "--folder", str(a_file)])
    assert exc.value.code == 2 and "is a file" in capsys.readouterr().err


def test_an_installed_copy_carries_the_lessons():
    """The wheel holds every part of the lessons the command copies (pyproject.toml's
    force-include), so that an installed ``canal-heritage lessons`` has them."""
    import tomllib

    from canal_heritage.cli import LESSON_PARTS

    root = Path(__file__).resolve().parents[1]
    include = tomllib.loads((root / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["hatch"]["build"][
        "targets"]["wheel"]["force-include"]
    for part in LESSON_PARTS:
        assert include.get(f"lessons/{part}") == f"canal_heritage/lessons_files/{part}"
        assert (root / "lessons" / part).exists()


@pytest.mark.parametrize("argv, message", [(["lessons", "--port", "web"], "whole number"),
                                           (["lessons", "--lang", "oc"], "French (fr) and English (en)")])
def test_cli_lessons_bad_arguments_get_a_clear_message(argv, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err


def _saved_notebook(tmp_path):
    """A lesson notebook as a class saves it: a question's widget output, with the picture
    it leaves (display_widget), and the notebook's widget state."""
    import nbformat

    from canal_heritage.lessons import questions

    q = questions.site_at("en", "IX")
    nb = nbformat.v4.new_notebook()
    nb.metadata["widgets"] = {"application/vnd.jupyter.widget-state+json": {"state": {}, "version_major": 2,
                                                                            "version_minor": 0}}
    cell = nbformat.v4.new_code_cell("questions.site_at(lang, 'IX')")
    cell.outputs = [nbformat.v4.new_output("display_data", data={
        "application/vnd.jupyter.widget-view+json": {"model_id": "abc", "version_major": 2, "version_minor": 0},
        "text/html": q.static_html(), "text/plain": "VBox(children=(...))"})]
    bare = nbformat.v4.new_code_cell("w")
    bare.outputs = [nbformat.v4.new_output("display_data", data={
        "application/vnd.jupyter.widget-view+json": {"model_id": "def", "version_major": 2, "version_minor": 0},
        "text/plain": "VBox(children=(...))"})]
    nb.cells = [nbformat.v4.new_markdown_cell("# Lesson"), cell, bare]
    path = tmp_path / "class.ipynb"
    nbformat.write(nb, path)
    return path


def test_cli_lessons_export_writes_a_page_that_prints_offline(tmp_path, capsys):
    path = _saved_notebook(tmp_path)
    before = path.read_bytes()
    assert main(["lessons", "--export", str(path)]) == 0
    page = (tmp_path / "class.html").read_text("utf-8")
    assert "Which site is at longitude 3.5° east" in page and "☐" in page  # the question's picture
    assert "<script" not in page.lower() and "unpkg" not in page and "VBox" not in page
    assert "questions.site_at" not in page  # the code is hidden
    assert path.read_bytes() == before  # the class's notebook is left as it was
    assert "needs no internet" in capsys.readouterr().out
    assert main(["lessons", "--export", str(path), "--output", str(tmp_path / "elsewhere.html")]) == 0
    assert (tmp_path / "elsewhere.html").exists()


@pytest.mark.parametrize("content, argv_tail, message", [
    ('{"cells": [', [], "damaged, or it is not a notebook"),
    (None, [], "there is no notebook at"),
    (None, ["--output-only"], "--output goes with --export"),
])
def test_cli_lessons_export_mistakes_get_a_clear_message(content, argv_tail, message, tmp_path, capsys):
    path = tmp_path / "x.ipynb"
    if content is not None:
        path.write_text(content, "utf-8")
    argv = ["lessons", "--output", str(tmp_path / "o.html")] if argv_tail else ["lessons", "--export", str(path)]
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "x.html").exists() and not (tmp_path / "o.html").exists()


# ---------------------------------------------------------------------------- a new user's mistakes
def test_version(capsys):
    import canal_heritage

    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out.strip() == f"canal-heritage {canal_heritage.__version__}" == "canal-heritage 0.1.0"


@pytest.mark.parametrize(
    "argv, usage, message",
    [
        (["srve"], "canal-heritage", "did you mean 'serve'?"),
        (["simulate", "mid"], "canal-heritage simulate", "did you mean 'midi'?"),
        (["simulate", "arriala", "--players", "7"], "canal-heritage simulate arriala",
         "Arriala is played by 2 to 4 players, not 7"),
        (["simulate", "midi", "--players", "1"], "canal-heritage simulate midi",
         "Canal du Midi is played by 2 to 4 players, not 1"),
        (["simulate", "arriala", "--bots", "smart"], "canal-heritage simulate arriala", "Arriala's bots are"),
        (["simulate", "arriala", "--lock-max=-1,2,3,4"], "canal-heritage simulate arriala",
         "lock maxima must each be 0 or more, not -1"),
        (["simulate", "arriala", "--lock-max", "-1,2,3,4"], "canal-heritage simulate arriala",
         "written with '=': --lock-max=-1"),
        (["simulate", "arriala", "--lock-max", "1,2"], "canal-heritage simulate arriala",
         "lock maxima must be 4 whole numbers (one per stretch), but 2 were given"),
        (["simulate", "arriala", "--cells", "0,5,5,5"], "canal-heritage simulate arriala",
         "cells must each be from 1 to 10, not 0"),
        (["simulate", "arriala", "--cells", "5,5,5,11"], "canal-heritage simulate arriala",
         "cells must each be from 1 to 10, not 11"),
        (["simulate", "arriala", "--deck", "1,2,x"], "canal-heritage simulate arriala",
         "the deck must be 10 whole numbers separated by commas"),
        (["simulate", "arriala", "--deck", "0,0,0,0,0,0,0,0,0,0"], "canal-heritage simulate arriala",
         "deck must hold at least one card"),
        (["simulate", "midi", "--thresholds=-1,2,3,4,5,6,7,8,9"], "canal-heritage simulate midi",
         "thresholds must each be 0 or more, not -1"),
        (["simulate", "midi", "--games", "0"], "canal-heritage simulate midi", "at least 1, got 0"),
        (["simulate", "midi", "--lang", "xx"], "canal-heritage simulate midi", "choose a language among fr, en, oc"),
        (["simulate", "midi", "--players", "3", "--bots", "random,random"], "canal-heritage simulate midi",
         "give one bot per seat (3)"),
        (["simulate", "midi", "200"], "canal-heritage simulate midi", "unrecognized arguments: 200"),
        (["serve", "--port", "99999"], "canal-heritage serve", "a port is a number from 1 to 65535"),
        (["serve", "--db", "postgresql+psycopg://u@127.0.0.1:abc/x"], "canal-heritage serve",
         "the port after the host's ':' must be a number"),
        (["serve", "--db", "postgresql+psycopg://u@127.0.0.1:70000/x"], "canal-heritage serve",
         "a port is a number from 1 to 65535, not 70000"),
        (["serve", "--no-progress"], "canal-heritage serve", "unrecognized arguments: --no-progress"),
        (["lessons", "--port", "abc"], "canal-heritage lessons", "expected a whole number, got 'abc'"),
        (["lessons", "--port", "0"], "canal-heritage lessons", "a port is a number from 1 to 65535"),
        (["i18n", "chek"], "canal-heritage i18n", "did you mean 'check'?"),
        (["i18n", "check", "--domain", "songs"], "canal-heritage i18n", "unknown domain songs"),
    ],
)
def test_each_mistake_is_told_with_its_own_commands_usage(argv, usage, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    err = " ".join(captured.err.split())  # argparse wraps long lines
    assert err.startswith(f"usage: {usage} ") and f"{usage}: error: " in err
    assert message in err, err
    assert "Traceback" not in err
    if "arriala" in argv:
        assert "Canal du Midi" not in err


def test_a_list_gives_what_is_wrong_not_how_many_were_given(capsys):
    with pytest.raises(SystemExit):
        main(["simulate", "arriala", "--lock-max=-1,2,3,4"])
    assert "got 4" not in capsys.readouterr().err


@pytest.mark.parametrize("cells, accepted", [(1, True), (10, True), (0, False), (11, False)])
def test_cells_are_refused_exactly_when_the_engine_refuses_them(cells, accepted, capsys):
    from canal_heritage.arriala.state import ArrialaGame
    from canal_heritage.cli import build_parser

    argv = ["simulate", "arriala", "--cells", ",".join([str(cells)] * 4)]
    if accepted:
        ArrialaGame(2, cells=[cells] * 4)
        assert build_parser().parse_args(argv).cells == [cells] * 4
    else:
        with pytest.raises(ValueError, match="from 1 to 10"):
            ArrialaGame(2, cells=[cells] * 4)
        with pytest.raises(SystemExit):
            build_parser().parse_args(argv)
        assert "from 1 to 10" in capsys.readouterr().err


@pytest.fixture
def no_simulation(monkeypatch):
    """Fails the test if a simulation starts."""
    import canal_heritage.arriala.simulate as arriala_simulate
    import canal_heritage.midi.simulate as midi_simulate

    def refuse(*args, **kwargs):
        raise AssertionError("the simulation ran")

    monkeypatch.setattr(midi_simulate, "simulate_midi", refuse)
    monkeypatch.setattr(arriala_simulate, "simulate_arriala", refuse)


@pytest.mark.parametrize("game", ["midi", "arriala"])
@pytest.mark.parametrize("where, message", [("folder", "is a folder: give a file name"),
                                            ("under a file", "is a file, not a folder"),
                                            ("missing folder", "does not exist")])
def test_json_that_cannot_be_written_is_refused_before_the_run(game, where, message, tmp_path, capsys,
                                                               no_simulation):
    (tmp_path / "notes.txt").write_text("a file")
    path = {"folder": tmp_path, "under a file": tmp_path / "notes.txt" / "figures.json",
            "missing folder": tmp_path / "nowhere" / "figures.json"}[where]
    with pytest.raises(SystemExit) as exc:
        main(["simulate", game, "--games", "1", "--json", str(path), "--no-progress"])
    assert exc.value.code == 2
    err = " ".join(capsys.readouterr().err.split())
    assert f"usage: canal-heritage simulate {game}" in err and message in err


@pytest.mark.skipif(not hasattr(os, "geteuid") or os.geteuid() == 0, reason="root may write anywhere")
def test_json_in_a_read_only_folder_is_refused_before_the_run(tmp_path, capsys, no_simulation):
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(SystemExit) as exc:
            main(["simulate", "midi", "--json", str(folder / "figures.json"), "--no-progress"])
    finally:
        folder.chmod(0o700)
    assert exc.value.code == 2
    assert "cannot write" in capsys.readouterr().err


def test_the_json_check_leaves_no_file_behind_when_the_run_is_refused(tmp_path, capsys, no_simulation):
    path = tmp_path / "figures.json"
    with pytest.raises(SystemExit):
        main(["simulate", "midi", "--json", str(path), "--players", "3", "--bots", "random,random"])
    assert not path.exists()
    kept = tmp_path / "kept.json"
    kept.write_text("earlier figures")
    with pytest.raises(SystemExit):
        main(["simulate", "midi", "--json", str(kept), "--players", "3", "--bots", "random,random"])
    assert kept.read_text() == "earlier figures"


@pytest.mark.parametrize("command", ["serve", "lessons"])
def test_a_port_in_use_is_one_line_before_any_banner(command, monkeypatch, capsys):
    import socket

    import canal_heritage.cli as cli
    import canal_heritage.serve as serve

    def refuse(*args, **kwargs):
        raise AssertionError("started anyway")

    monkeypatch.setattr(serve, "make_server", refuse)
    monkeypatch.setattr(cli, "run_until_stopped", refuse)
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(SystemExit) as exc:
            main([command, "--port", str(port)])
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no banner
    assert captured.err == (f"canal-heritage {command}: error: port {port} is already in use (another server "
                            f"runs there): stop it, or choose another with --port\n")


def test_a_lessons_child_s_exit_code_is_passed_on():
    import sys

    from canal_heritage.cli import run_until_stopped

    assert run_until_stopped([sys.executable, "-c", "raise SystemExit(3)"]) == 3


@pytest.mark.parametrize("game", ["midi", "arriala"])
def test_json_never_replaces_a_file_it_did_not_write(game, tmp_path, capsys, no_simulation):
    """``--json classroom.db`` once turned the classroom's database into figures: a file that
    is there and does not hold figures of this command is kept, and the run refused (exit 2)."""
    for name, content in (("classroom.db", b"SQLite format 3\x00" + bytes(200)),
                          ("notes.json", b'{"my": "notes"}'), ("essay.txt", b"Riquet, 1666")):
        path = tmp_path / name
        path.write_bytes(content)
        with pytest.raises(SystemExit) as exc:
            main(["simulate", game, "--json", str(path), "--no-progress"])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert "does not hold figures of this command" in err and "--force" in err
        assert "Traceback" not in err
        assert path.read_bytes() == content


def test_json_replaces_earlier_figures_and_with_force_any_file(tmp_path, capsys):
    figures = tmp_path / "figures.json"
    args = ["simulate", "midi", "--games", "2", "--seed", "1", "--no-progress", "--lang", "en", "--json"]
    assert main([*args, str(figures)]) == 0
    first = figures.read_text()
    assert main([*args, str(figures), "--seed", "2"]) == 0  # figures of this command: replaced
    assert json.loads(figures.read_text())["seed"] == 2 != json.loads(first)["seed"]
    other = tmp_path / "other.txt"
    other.write_text("not figures")
    assert main([*args, str(other), "--force"]) == 0
    assert json.loads(other.read_text())["games"] == 2
