"""A class on its own computers (issue 30, item 1), without a browser: each pupil's own copy of
the lessons on a shared server, the lesson signing in by itself from the pupil's file, each
question kept with its short prompt, and the teacher's page showing the lessons' results."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from canal_heritage.cli import lessons_source, main
from canal_heritage.lessons import class_server as cs
from canal_heritage.lessons import classbook
from canal_heritage.lessons import questions as Q
from canal_heritage.lessons.exercises import NumberQuestion
from canal_heritage.rooms.hub import Hub
from canal_heritage.store import Store
from canal_heritage.views.classroom.pages import TeacherPage


@pytest.fixture
def db(tmp_path: Path) -> Iterator[str]:
    yield str(tmp_path / "class.db")
    if classbook.current is not None:
        classbook.current.store.close()
    classbook.current = None


def cell_of(lang: str, lesson: int, code: str) -> str:
    """The id of the cell of ``lesson`` whose code is ``code`` (the ids follow the lesson's cells)."""
    source = lessons_source()
    assert source is not None
    path, = (source / lang).glob(f"{lesson:02d}-*.ipynb")
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return next(c["id"] for c in cells if "".join(c["source"]).strip() == code)


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A class server's folder holding the English lessons."""
    folder = tmp_path / "class"
    (folder / "en").mkdir(parents=True)
    source = lessons_source()
    assert source is not None
    for path in (source / "en").glob("*.ipynb"):
        (folder / "en" / path.name).write_bytes(path.read_bytes())
    return folder


def test_every_pupil_gets_a_folder_of_their_own_inside_the_pupils_folder(root: Path) -> None:
    names = ["Léa", "Lea", "léa  ", "../" * 2 + "etc",  # a climb out of pupils/ (built: no path out in the source)
             "<b>Max</b>", "   ", "Zoé & Tom", "..", "a/b\\c"]
    folders = {name: cs.pupil_folder(root, "5e B", name) for name in names}
    for folder in folders.values():
        assert folder.parent.parent == root / cs.PUPILS and folder.name not in ("", ".", "..")
        assert "/" not in folder.name and "\\" not in folder.name
    assert folders["Léa"] != folders["Lea"]  # a fingerprint of the exact name
    assert folders["Léa"] == folders["léa  "]  # the same pupil, typed otherwise
    assert cs.pupil_folder(root, "5E  b", "Léa") == folders["Léa"]


def test_a_copy_already_made_is_never_replaced(root: Path) -> None:
    pupil = cs.Pupil("Léa & Tom", "5e B", "en")
    folder = cs.copy_for_pupil(root, "en", pupil)
    copies = sorted(p.name for p in folder.glob("*.ipynb"))
    assert copies[0].startswith("01-") and len(copies) == 7  # the lessons, not the teacher's notebook
    mine = folder / copies[0]
    mine.write_text("my answers", encoding="utf-8")
    assert cs.copy_for_pupil(root, "en", pupil) == folder
    assert mine.read_text(encoding="utf-8") == "my answers"
    assert cs.read_pupil(folder) == pupil
    (folder / cs.PUPIL_FILE).write_text(json.dumps({"nickname": "", "class_name": "5e B"}), encoding="utf-8")
    assert cs.read_pupil(folder) is None  # a file that cannot be used signs nobody in
    assert cs.read_pupil(root) is None


@pytest.mark.parametrize("nickname, class_name, words", [
    ("", "5e B", "nickname"), ("Léa", "", "class"), ("x" * 25, "5e B", "24"),
    ("Lé\u0000a", "5e B", "cannot be shown"), ("Léa", "5e\u202eB", "cannot be shown")])
def test_a_forged_or_empty_name_gets_a_message(nickname: str, class_name: str, words: str) -> None:
    problem = cs.name_problem("en", cs.clean(nickname), cs.clean(class_name))
    assert problem is not None and words in problem


def test_the_sign_in_page_shows_names_as_text() -> None:
    page = cs.signin_page("fr", [("01-a.ipynb", "Leçon 1 <i>")], xsrf="x\"y", message="<script>x</script>",
                          nickname="<b>Léa</b>", class_name="5e 'B'", chosen="01-a.ipynb")
    assert "<script>x" not in page and "&lt;script&gt;" in page and "&lt;b&gt;Léa&lt;/b&gt;" in page
    assert "Leçon 1 &lt;i&gt;" in page and "value=\"x&quot;y\"" in page and "5e &#x27;B&#x27;" in page
    assert "Entrer dans la leçon" in page


def test_two_pupils_sign_in_from_their_folders_and_keep_their_own_answers(root: Path, db: str) -> None:
    folders = [cs.copy_for_pupil(root, "en", cs.Pupil(name, "5e B", "en")) for name in ("Léa", "<b>Max</b>")]
    for folder, given in zip(folders, ("Seuil de Naurouze", "Le Somail"), strict=True):
        form = classbook.sign_in("en", 1, db=db, folder=folder)
        assert form.book is not None and "kept for your teacher" in form.message
        q = Q.summit_site("en")
        q.cell = cell_of("en", 1, "questions.summit_site(lang)")  # as JupyterLab tells the kernel
        q.check(given)
    assert classbook.sign_in("en", 1, db=db, folder=root).book is None  # no pupil file: the form
    with Store(db) as store:
        (cid, label, _), = store.classes()
        records = store.lesson_records(cid)
    assert [r.nickname for r in records] == ["Léa", "<b>Max</b>"]
    assert {r.payload["status"] for r in records} == {"right", "wrong"}
    prompt = "Which work site is at the highest point of the canal, where the water leaves for both seas?"
    assert all(r.payload["question"] == prompt for r in records)


def test_a_question_asked_by_the_lesson_s_text_is_kept_with_that_text() -> None:
    summit = cell_of("fr", 1, "questions.summit_site(lang)")
    assert classbook.cell_prompt("fr", 1, summit).startswith("Quel chantier est au point le plus haut")
    foucaud = cell_of("en", 3, 'questions.adjacency_owner(lang, final, "IV")')
    expected = "The Épanchoir de Foucaud (IV) is delayed. Who gets it at the end?"
    assert classbook.cell_prompt("en", 3, foucaud) == expected
    assert classbook.cell_prompt("en", 1, "no-such-cell") == ""
    assert classbook.prompts_in("**Your turn.**\n\n1. Which year?\n2. How long?") == ["Which year?", "How long?"]
    assert classbook.prompts_in("## Title\n\nA bet wins 8. What is it worth?") == ["A bet wins 8. What is it worth?"]


def test_the_teachers_page_shows_each_lesson_s_questions_beside_the_games(tmp_path: Path, db: str) -> None:
    classbook.sign_in("en", 1, nickname="<b>Max</b>", class_name="5e B", db=db)
    q = NumberQuestion("en", 1681, "hint", prompt="In which <i>year</i> did the canal open?")
    q.check("1680")
    classbook.sign_in("en", 1, nickname="Léa", class_name="5e B", db=db)
    q.check("1681")
    old = NumberQuestion("en", 3, "hint")  # a record kept without a prompt
    old.check("<img src=x>")  # not a number: said so, not counted as a wrong answer
    old.check(4)
    classbook.current.store.close()
    classbook.current = None
    store = Store(db)
    try:
        page = TeacherPage(Hub(store), lang="en")
        markup = "\n".join(str(getattr(o, "object", "")) for o in page.__panel__().select())
    finally:
        store.close()
    assert "Lessons" in markup and "Lesson 1" in markup
    assert "In which &lt;i&gt;year&lt;/i&gt; did the canal open?" in markup
    assert "1/2" in markup and "1680 (1×)" in markup  # one of two right, the wrong answer counted
    assert "Question 2 of the lesson" in markup  # never a cell id
    assert "<img src=x>" not in markup and "<i>year" not in markup  # what students type is text


def test_cli_lessons_lan_starts_a_class_server(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path) -> None:
    from canal_heritage import cli

    seen: list[tuple[list[str], dict[str, str] | None]] = []
    monkeypatch.setattr(cli, "run_until_stopped", lambda cmd, env=None: seen.append((cmd, env)) or 0)
    monkeypatch.setattr("canal_heritage.serve.port_problem", lambda port, address="127.0.0.1": None)
    monkeypatch.setattr(cli, "lan_urls", lambda port: [f"http://192.0.2.7:{port}/canal/signin"])
    folder = tmp_path / "class"
    assert main(["lessons", "--lan", "--folder", str(folder), "--pin", "482913", "--db", str(tmp_path / "c.db"),
                 "--lang", "en"]) == 0
    cmd, env = seen[0]
    assert cmd[:3] == [sys.executable, "-m", "jupyterlab"] and f"--ServerApp.root_dir={folder}" in cmd
    assert "--ServerApp.ip=0.0.0.0" in cmd and "--port=8899" in cmd
    assert f"--ServerApp.jpserver_extensions={cli.CLASS_EXTENSION}=True" in cmd
    assert env is not None and env["JUPYTER_TOKEN"] == "482913" and env["CANAL_HERITAGE_DB"] == str(tmp_path / "c.db")
    assert env[cs.LANG_VARIABLE] == "en"
    out = capsys.readouterr().out
    assert "http://192.0.2.7:8899/canal/signin" in out and "Password: 482913" in out
    assert (folder / "en" / "01-riquet-two-seas.ipynb").is_file()
    assert "482913" not in " ".join(cmd)  # the password is not in the list of running programs
    drawn = cli.class_password(None, environ={})
    assert len(drawn) == 8 and drawn.isalnum()


@pytest.mark.parametrize("argv, message", [
    (["lessons", "--lan", "--pin", "12"], "6 to 12 digits"),
    (["lessons", "--pin", "123456"], "goes with --lan")])
def test_cli_lessons_pin_mistakes_get_a_clear_message(argv: list[str], message: str,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2 and message in capsys.readouterr().err
