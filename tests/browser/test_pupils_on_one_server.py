"""A class on one shared lessons server, in Chromium (issue 30, item 1): two pupils sign in at
``canal-heritage lessons --lan``, each gets a copy and a kernel of their own, they answer the
same question differently and each keeps their own answer; the teacher's page (``serve`` on
the same ``--db``) shows both, under the question's own words."""

from __future__ import annotations

import contextlib
import json
import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest
from playwright.sync_api import expect
from serving import free_port

pytestmark = pytest.mark.browser

PIN = "24681357"
SUMMIT = "questions.summit_site(lang)"
PROMPT = "Which work site is at the highest point of the canal, where the water leaves for both seas?"


def short_lesson(folder: Path) -> None:
    """Lesson 1 cut down to its head, its sign-in and its first question (the same cells, the
    same ids), so that the kernels answer at once; the other lessons are copied by the command."""
    from canal_heritage.cli import lessons_source

    source = lessons_source()
    assert source is not None
    path, = (source / "en").glob("01-*.ipynb")
    nb = json.loads(path.read_text(encoding="utf-8"))
    cells = nb["cells"]
    ask = next(i for i, c in enumerate(cells) if "".join(c["source"]).strip() == SUMMIT)
    keep = [c for i, c in enumerate(cells) if i < 2 or i in (ask - 1, ask)
            or (c["cell_type"] == "code" and "import" in "".join(c["source"]))]
    nb["cells"] = keep
    (folder / "en").mkdir(parents=True)
    (folder / "en" / path.name).write_text(json.dumps(nb, ensure_ascii=False), encoding="utf-8")


@pytest.fixture(scope="module")
def class_server(tmp_path_factory):
    """``canal-heritage lessons --lan`` on a folder of its own: (address, database)."""
    folder = tmp_path_factory.mktemp("class")
    short_lesson(folder)
    db = folder / "class.db"
    port = free_port()
    argv = ["lessons", "--lan", "--no-browser", "--folder", str(folder), "--port", str(port), "--pin", PIN,
            "--db", str(db), "--lang", "en"]
    command = f"from canal_heritage.cli import main; raise SystemExit(main({argv!r}))"
    proc = subprocess.Popen([sys.executable, "-c", command],
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, process_group=0,
                            env={**os.environ, "JUPYTER_CONFIG_DIR": str(folder / ".jupyter-config"),
                                 "JUPYTER_RUNTIME_DIR": str(folder / ".jupyter-runtime")})
    url = f"http://127.0.0.1:{port}"
    for _ in range(150):
        try:
            urllib.request.urlopen(f"{url}/login", timeout=2)
            break
        except Exception:
            if proc.poll() is not None:
                raise AssertionError(proc.stdout.read() if proc.stdout else "the lessons server stopped") from None
            time.sleep(0.2)
    yield url, db
    os.killpg(proc.pid, signal.SIGINT)
    with contextlib.suppress(subprocess.TimeoutExpired):
        # longer than the command's own 30 s of grace, after which it kills JupyterLab itself: killing
        # the command first left JupyterLab (a process group of its own) and its kernels running
        proc.wait(45)
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()


def sign_in(page, url: str, nickname: str, *, by_password: bool = False) -> None:
    """Reach the sign-in page (``by_password``: as a pupil does, through the class password's
    page, a wrong password first; else with the token in the address), then sign in."""
    if by_password:
        page.goto(f"{url}/canal/signin?lang=en")
        expect(page.get_by_role("heading", name="Canal Heritage lessons")).to_be_visible()
        assert "jupyter server list" not in page.content()  # not Jupyter's page about tokens
        password = page.get_by_label("The class's password")
        password.fill("000000")
        password.press("Enter")
        expect(page.get_by_role("alert")).to_contain_text("not the class's password")
        page.get_by_label("The class's password").fill(PIN)
        page.get_by_role("button", name="Enter").click()
        expect(page.get_by_label("Your nickname")).to_be_visible()
    else:
        page.goto(f"{url}/canal/signin?token={PIN}&lang=en")
    page.get_by_label("Your nickname").fill(nickname)
    page.get_by_label("Your class").fill("5e B")
    page.get_by_label("Lesson").select_option(index=0)
    page.get_by_role("button", name="Open my copy").click()
    page.wait_for_url("**/lab/workspaces/**.ipynb", timeout=30_000)


def run_all(page) -> None:
    """Every cell of the notebook, once its kernel is ready. The pupil is asked nothing on the
    way: no "Select Kernel" dialog (the lesson's kernel starts by itself, however slowly) and no
    question about Jupyter's news (lab_settings.py)."""
    page.locator(".jp-Notebook").first.wait_for(timeout=60_000)
    ready = page.get_by_text("Python 3 (ipykernel) | Idle")
    for _ in range(300):
        assert not page.locator(".jp-Dialog").count(), page.locator(".jp-Dialog").inner_text()
        if ready.count():
            break
        time.sleep(0.2)
    assert not page.get_by_text("official Jupyter news").count()
    page.locator(".lm-MenuBar-item", has_text="Run").first.click()
    page.locator(".lm-Menu-item", has_text="Run All Cells").first.click()


def answer(page, choice: str) -> None:
    box = page.locator(".widget-dropdown select").first
    box.wait_for(timeout=60_000)
    box.select_option(label=choice)
    page.get_by_role("button", name="Check").first.click()


def records(db: Path) -> list:
    from canal_heritage.store import Store

    with Store(str(db)) as store:
        return [r for cid, _label, _ in store.classes() for r in store.lesson_records(cid)]


def test_two_pupils_on_one_server_keep_their_own_answers_and_the_teacher_sees_both(browser, class_server):
    url, db = class_server
    pupils = []
    try:
        for nickname, choice in (("Léa", "Seuil de Naurouze"), ("<b>Max</b>", "Le Somail")):
            context = browser.new_context(viewport={"width": 1280, "height": 900})
            page = context.new_page()
            page.set_default_timeout(30_000)
            sign_in(page, url, nickname, by_password=not pupils)
            pupils.append((context, page))
            run_all(page)
            expect(page.locator(".jp-OutputArea-output", has_text=f"Signed in as {nickname}")).to_be_visible(
                timeout=60_000)
            answer(page, choice)
        (_, lea), (_, max_) = pupils
        assert lea.url != max_.url  # a copy each, in a workspace each
        assert "/pupils/" in lea.url and "/pupils/" in max_.url
        expect(lea.locator(".widget-html", has_text="Right")).to_be_visible()
        for _ in range(100):
            kept = [r for r in records(db) if r.kind == "answer"]
            if len(kept) == 2:
                break
            time.sleep(0.2)
        assert {(r.nickname, r.payload["status"], r.payload["given"]) for r in kept} == {
            ("Léa", "right", "Seuil de Naurouze"), ("<b>Max</b>", "wrong", "Le Somail")}
        assert {r.payload["question"] for r in kept} == {PROMPT}
        expect(max_.locator(".widget-html", has_text="Right")).to_have_count(0)
        # Léa's page still shows her own answer: Max's sign-in and answer did not reach her kernel
        expect(lea.locator(".widget-html", has_text="Right")).to_be_visible()
        expect(lea.locator(".jp-OutputArea-output", has_text="Max")).to_have_count(0)
        # signing in again gives the same copy back
        again = browser.new_context().new_page()
        sign_in(again, url, "Léa")
        assert again.url.split("/tree/")[1] == lea.url.split("/tree/")[1]
        again.context.close()
    finally:
        for context, _ in pupils:
            context.close()

    from serving import serve

    server, teacher_url = serve(seed=3, db_url=str(db))
    try:
        context = browser.new_context(viewport={"width": 1280, "height": 900})
        teacher = context.new_page()
        teacher.goto(teacher_url + "teacher?lang=en")
        table = teacher.locator(".lesson-results.lesson-1")
        expect(table).to_contain_text(PROMPT, timeout=30_000)
        expect(table).to_contain_text("1/2")  # Léa right at the first try, Max not
        expect(table).to_contain_text("Le Somail (1×)")
        expect(teacher.locator("b", has_text="Max")).to_have_count(0)  # a name is text
        context.close()
    finally:
        server.stop()
