"""JupyterLab as the lessons start it: in the lesson's language, asking nothing first, and the
computer's own Jupyter settings left alone (canal_heritage/lessons/lab_settings.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from canal_heritage import cli
from canal_heritage.cli import main
from canal_heritage.lessons.lab_settings import ANNOUNCEMENTS, write_lab_settings


@pytest.mark.parametrize("lang, locale", [("fr", "fr_FR"), ("oc", "fr_FR"), ("en", "en")])
def test_jupyterlab_reads_the_lessons_settings(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, lang: str,
                                               locale: str) -> None:
    """What JupyterLab's own server code makes of the folder: the announcements plug-in off, the
    interface language, the kernel started without a dialog."""
    from jupyterlab_server.config import get_static_page_config
    from jupyterlab_server.settings_utils import _get_overrides

    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(write_lab_settings(tmp_path / "lab", lang)))
    assert get_static_page_config()["disabledExtensions"] == {ANNOUNCEMENTS: True}
    overrides, error = _get_overrides(str(tmp_path / "no-app-settings"))
    assert not error
    assert overrides["@jupyterlab/translation-extension:plugin"]["locale"] == locale
    assert overrides["@jupyterlab/notebook-extension:tracker"]["autoStartDefaultKernel"] is True
    assert overrides["@jupyterlab/apputils-extension:notification"]["fetchNews"] == "false"


def test_the_french_language_pack_is_installed() -> None:
    from jupyterlab_server.translation_utils import get_language_packs

    assert "fr_FR" in get_language_packs("en")[0]


def test_cli_lessons_passes_the_settings_and_cleans_them_up(monkeypatch: pytest.MonkeyPatch,
                                                            tmp_path: Path) -> None:
    """The settings folder is added in front of any the user has, is there while JupyterLab runs,
    and is gone after; the user's own Jupyter configuration folder is not written."""
    seen: list[tuple[str, str]] = []
    cmd_seen: list[list[str]] = []

    def run(cmd: list[str], env: dict[str, str] | None = None) -> int:
        assert env is not None
        cmd_seen.append(cmd)
        first, *rest = env["JUPYTER_CONFIG_PATH"].split(os.pathsep)
        overrides = Path(first) / "labconfig" / "default_setting_overrides.json"
        seen.append((first, overrides.read_text(encoding="utf-8")))
        assert rest == [str(tmp_path / "mine")]
        return 0

    monkeypatch.setattr(cli, "run_until_stopped", run)
    monkeypatch.setenv("JUPYTER_CONFIG_PATH", str(tmp_path / "mine"))
    monkeypatch.setenv("JUPYTER_CONFIG_DIR", str(tmp_path / "user-config"))
    assert main(["lessons", "--no-browser", "--lang", "fr", "--folder", str(tmp_path / "lessons")]) == 0
    folder, text = seen[0]
    assert cmd_seen[0][-1] == f"--ServerApp.extra_template_paths={Path(folder) / 'templates'}"
    assert '"fr_FR"' in text
    assert not Path(folder).exists()  # removed once JupyterLab stopped
    assert not (tmp_path / "user-config").exists()


@pytest.mark.parametrize("lang, words", [("fr", "mot de passe de la classe"), ("oc", "senhal de la classa"),
                                         ("en", "class's password")])
def test_the_login_page_is_the_classs_password_in_the_classs_language(tmp_path: Path, lang: str, words: str) -> None:
    """Jupyter Server renders the page (Jinja, escaping on, as it does): the password, one
    button, the way back to where the pupil was going, and a wrong password said in words."""
    import html

    import jinja2

    from canal_heritage.lessons.lab_settings import TEMPLATES

    folder = write_lab_settings(tmp_path / "lab", lang)
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(folder / TEMPLATES), autoescape=True)
    context = {"base_url": "/", "next": "%2Fcanal%2Fsignin%3Flang%3Dfr%26x%3D%3Cb%3E",  # escaped by Jupyter
               "xsrf_form_html": lambda: "<input type='hidden' name='_xsrf' value='k'>"}
    page = html.unescape(env.get_template("login.html").render(**context, message=None))
    assert words in page and 'name="password"' in page and "name='_xsrf'" in page
    assert 'action="/login?next=%2Fcanal%2Fsignin%3Flang%3Dfr%26x%3D%3Cb%3E"' in page  # as given: not escaped twice
    assert "role='alert'" not in page and "token" not in page.lower()
    wrong = env.get_template("login.html").render(**context, message={"error": "Invalid credentials"})
    assert "role='alert'" in wrong and "Invalid credentials" not in wrong
