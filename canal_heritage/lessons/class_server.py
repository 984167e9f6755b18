"""A class on one shared lessons server: each pupil (or pair) signs in and gets a copy of their own.

``canal-heritage lessons --lan`` starts Jupyter on the network with this module as a server
extension. A pupil opens ``/canal/signin`` (Jupyter first asks for the password the command
printed: the classroom PIN, or a drawn one), types a nickname and the class's name, picks a
lesson, and is sent to their own copy of it: the lesson notebooks are copied into
``<folder>/pupils/<class>/<nickname>/`` (never over a copy already there, so a pupil who signs
in again finds their work), each notebook file runs in a kernel of its own, and a small file in
that folder (:data:`PUPIL_FILE`) tells :func:`.classbook.sign_in` who is working there, so the
lesson's answers reach the class store under that nickname without typing it again.

Folder names are made from the names (letters and digits only) with a short fingerprint of the
exact names, so that "Léa" and "Lea" never share a copy and no name can reach outside the
pupils' folder. The names themselves are only ever shown as text.
"""

from __future__ import annotations

import hashlib
import html
import json
import os
import re
import shutil
import unicodedata
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

from ..i18n import translator

#: The file in a pupil's folder that names the pupil and the class (read by the class book).
PUPIL_FILE = ".canal-heritage-pupil.json"
#: Where the pupils' copies go, inside the server's folder.
PUPILS = "pupils"
#: The environment variable giving the sign-in page's language (``fr`` or ``en``).
LANG_VARIABLE = "CANAL_HERITAGE_LESSONS_LANG"
#: The lessons a pupil may copy: the numbered lessons, not the teacher's notebook (00-…).
LESSON_NAME = re.compile(r"(0[1-9]|[1-9][0-9])-[a-z0-9-]+\.ipynb")


@dataclass(frozen=True)
class Pupil:
    """Who works in a pupil's folder."""

    nickname: str
    class_name: str
    lang: str


def clean(text: Any) -> str:
    """``text`` with its runs of spaces made one, trimmed ("" for what is not text)."""
    return " ".join(text.split()) if isinstance(text, str) else ""


def name_problem(lang: str, nickname: str, class_name: str) -> str | None:
    """What is wrong with these (cleaned) names, in words, or ``None``: empty, too long, or
    holding characters that are not written (control characters)."""
    from ..store.store import LABEL_MAX, NAME_MAX

    tr = translator(lang)
    for value in (nickname, class_name):
        if any(unicodedata.category(ch).startswith("C") for ch in value):
            return tr.ui("lesson.signin", "Type the names again: they hold characters that cannot be shown.")
    if not nickname:
        return tr.ui("lesson.classbook", "Type a nickname first (a first name, or two for a pair).")
    if len(nickname) > NAME_MAX:
        return tr.ui("lesson.classbook", "A nickname has at most {n} characters.", n=NAME_MAX)
    if not class_name:
        return tr.ui("lesson.classbook", "Type your class's name, as your teacher wrote it (for example 5e B).")
    if len(class_name) > LABEL_MAX:
        return tr.ui("lesson.classbook", "A class's name has at most {n} characters.", n=LABEL_MAX)
    return None


def slug(text: str, same: str | None = None) -> str:
    """A folder name for ``text``: its letters and digits (accents dropped, at most 24), then a
    fingerprint of ``same`` (default ``text``; compared without case or extra spaces)."""
    plain = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode("ascii").lower()
    words = re.sub(r"[^a-z0-9]+", "-", plain).strip("-")[:24].strip("-")
    key = " ".join((same if same is not None else text).split()).casefold()
    mark = hashlib.sha256(key.encode("utf-8")).hexdigest()[:6]
    return f"{words}-{mark}" if words else f"p-{mark}"


def pupil_folder(root: Path, class_name: str, nickname: str) -> Path:
    """The folder of ``nickname`` of ``class_name`` under ``root`` (the server's folder)."""
    return root / PUPILS / slug(class_name) / slug(nickname)


def lesson_files(source: Path) -> list[Path]:
    """The numbered lessons in ``source`` (a language's folder), in order."""
    if not source.is_dir():
        return []
    return sorted(p for p in source.iterdir() if p.is_file() and LESSON_NAME.fullmatch(p.name))


def copy_for_pupil(root: Path, lang: str, pupil: Pupil) -> Path:
    """The pupil's folder, with a copy of every lesson in ``lang`` that it does not hold yet (a
    copy already there is never replaced) and the pupil's file. Raises ``OSError``."""
    folder = pupil_folder(root, pupil.class_name, pupil.nickname)
    folder.mkdir(parents=True, exist_ok=True)
    for path in lesson_files(root / lang):
        target = folder / path.name
        if not target.exists():
            shutil.copyfile(path, target)
    data = {"nickname": pupil.nickname, "class_name": pupil.class_name, "lang": lang}
    (folder / PUPIL_FILE).write_text(json.dumps(data, ensure_ascii=False), encoding="utf-8")
    return folder


def read_pupil(folder: Path) -> Pupil | None:
    """Who works in ``folder`` (its :data:`PUPIL_FILE`), or ``None`` when nobody signed in there
    or the file cannot be used."""
    try:
        data = json.loads((folder / PUPIL_FILE).read_text(encoding="utf-8"))
        pupil = Pupil(clean(data["nickname"]), clean(data["class_name"]), str(data.get("lang", "fr")))
    except (OSError, ValueError, KeyError, TypeError):
        return None
    if name_problem("en", pupil.nickname, pupil.class_name):
        return None
    return pupil


def lesson_title(path: Path) -> str:
    """A lesson notebook's title (its first heading, without "#"), or its file name."""
    try:
        nb = json.loads(path.read_text(encoding="utf-8"))
        first = "".join(nb["cells"][0]["source"]).splitlines()[0]
    except (OSError, ValueError, KeyError, IndexError, TypeError):
        return path.stem
    return first.lstrip("#").strip() or path.stem


def lab_address(base_url: str, root: Path, notebook: Path, workspace: str) -> str:
    """JupyterLab's address of ``notebook`` in a workspace of its own (so that one pupil's open
    tabs never show in another's JupyterLab)."""
    rel = notebook.relative_to(root).as_posix()
    return f"{base_url.rstrip('/')}/lab/workspaces/{quote(workspace)}/tree/{quote(rel)}"


# ---------------------------------------------------------------------- the sign-in page
PAGE_CSS = """
body { font-family: system-ui, sans-serif; font-size: 1.15em; max-width: 34em; margin: 2em auto; padding: 0 1em;
       color: #1d2b36; background: #fbf8f1; }
label { display: block; margin: 1em 0 0.3em; font-weight: 600; }
input, select, button { font-size: 1em; padding: 0.4em; min-height: 2.5em; box-sizing: border-box; width: 100%; }
button { margin-top: 1.2em; background: #1f5f8b; color: white; border: none; border-radius: 0.3em; cursor: pointer; }
.problem { background: #fdecea; border-left: 0.3em solid #b3261e; padding: 0.6em 0.8em; }
nav a { margin-right: 1em; }
"""


def signin_page(lang: str, lessons: list[tuple[str, str]], *, xsrf: str, message: str = "",
                nickname: str = "", class_name: str = "", chosen: str = "") -> str:
    """The sign-in page in ``lang``: nickname, class, lesson (``lessons``: file name and title),
    and ``message`` (a problem to mend) above the form. Every name is escaped."""
    tr = translator(lang)
    esc = html.escape
    options = "".join(f"<option value='{esc(name)}'{' selected' if name == chosen else ''}>{esc(title)}</option>"
                      for name, title in lessons)
    problem = f"<p class='problem' role='alert'>{esc(message)}</p>" if message else ""
    title = esc(tr.ui("lesson.signin", "Sign in to the lesson"))
    intro = esc(tr.ui("lesson.signin", "You get your own copy of the lesson: your answers are kept for your "
                                       "teacher. Sign in again with the same names to find your work."))
    nick_label = esc(tr.ui("lesson.signin", "Your nickname (a first name, or two for a pair)"))
    class_label = esc(tr.ui("lesson.signin", "Your class, as your teacher wrote it"))
    lesson_label = esc(tr.ui("lesson.signin", "Lesson"))
    go = esc(tr.ui("lesson.signin", "Open my copy"))
    other = "en" if lang == "fr" else "fr"
    other_name = {"fr": "Français", "en": "English"}[other]
    return f"""<!DOCTYPE html>
<html lang="{esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{title}</title><style>{PAGE_CSS}</style></head>
<body><nav><a href="?lang={other}" lang="{other}">{other_name}</a></nav>
<h1>{title}</h1>
<p>{intro}</p>
{problem}
<form method="post" action="?lang={esc(lang)}">
<input type="hidden" name="_xsrf" value="{esc(xsrf)}">
<input type="hidden" name="lang" value="{esc(lang)}">
<label for="nickname">{nick_label}</label>
<input id="nickname" name="nickname" maxlength="60" autocomplete="off" value="{esc(nickname)}" required>
<label for="class_name">{class_label}</label>
<input id="class_name" name="class_name" maxlength="100" autocomplete="off" value="{esc(class_name)}" required>
<label for="lesson">{lesson_label}</label>
<select id="lesson" name="lesson">{options}</select>
<button type="submit">{go}</button>
</form></body></html>"""


def login_template(lang: str) -> str:
    """Jupyter Server's login page (a Jinja template, ``login.html``) in ``lang``, for pupils: the
    class password and one button, in the sign-in page's look, instead of Jupyter's page about
    tokens and ``jupyter server list``. ``next`` (where to go once in, already escaped for an
    address) and the form's XSRF field are filled by Jupyter Server; a wrong password comes back
    with ``message`` set."""
    tr = translator(lang)
    esc = html.escape
    title = esc(tr.ui("lesson.signin", "Canal Heritage lessons"))
    intro = esc(tr.ui("lesson.signin", "Your teacher gives the class's password (written on the board)."))
    label = esc(tr.ui("lesson.signin", "The class's password"))
    wrong = esc(tr.ui("lesson.signin", "That is not the class's password: type it again, or ask your teacher."))
    go = esc(tr.ui("lesson.signin", "Enter"))
    return f"""<!DOCTYPE html>
<html lang="{esc(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>{title}</title><style>{PAGE_CSS}</style></head>
<body><h1>{title}</h1>
<p>{intro}</p>
{{% if message %}}<p class='problem' role='alert'>{wrong}</p>{{% endif %}}
<form method="post" action="{{{{ base_url }}}}login?next={{{{ next }}}}">
{{{{ xsrf_form_html() | safe }}}}
<label for="password_input">{label}</label>
<input type="password" name="password" id="password_input" autocomplete="off" autofocus required>
<button type="submit" id="login_submit">{go}</button>
</form></body></html>"""


def _handler_class() -> type:
    """The sign-in page's handler (made here: Jupyter Server is imported only in its process)."""
    from jupyter_server.base.handlers import JupyterHandler
    from tornado import web

    class SignInHandler(JupyterHandler):
        """``GET``: the form; ``POST``: the pupil's copy made (or found again), then JupyterLab on it."""

        def _lang(self) -> str:
            lang = self.get_argument("lang", "") or os.environ.get(LANG_VARIABLE, "") or "fr"
            return lang if lang in ("fr", "en") else "fr"

        def _root(self) -> Path:
            return Path(self.settings["server_root_dir"]).expanduser().resolve()

        def _lessons(self, lang: str) -> list[tuple[str, str]]:
            return [(p.name, lesson_title(p)) for p in lesson_files(self._root() / lang)]

        def _page(self, lang: str, **kw: Any) -> None:
            self.set_header("Content-Type", "text/html; charset=utf-8")
            self.set_header("Cache-Control", "no-store")
            self.finish(signin_page(lang, self._lessons(lang), xsrf=self.xsrf_token.decode("ascii"), **kw))

        @web.authenticated
        def get(self) -> None:
            self._page(self._lang())

        @web.authenticated
        def post(self) -> None:
            lang = self._lang()
            nickname = clean(self.get_body_argument("nickname", ""))
            class_name = clean(self.get_body_argument("class_name", ""))
            chosen = self.get_body_argument("lesson", "")
            lessons = dict(self._lessons(lang))
            problem = name_problem(lang, nickname, class_name)
            if problem is None and chosen not in lessons:
                problem = translator(lang).ui("lesson.signin", "Choose a lesson in the list.")
            if problem is not None:
                self.set_status(400)
                self._page(lang, message=problem, nickname=nickname[:60], class_name=class_name[:100],
                           chosen=chosen)
                return
            root = self._root()
            try:
                folder = copy_for_pupil(root, lang, Pupil(nickname, class_name, lang))
            except OSError as exc:
                self.log.error("could not copy the lessons for a pupil: %s", exc)
                self.set_status(500)
                self._page(lang, message=translator(lang).ui(
                    "lesson.signin", "Your copy could not be made on the server. Tell your teacher."),
                    nickname=nickname, class_name=class_name, chosen=chosen)
                return
            workspace = f"{folder.parent.name}-{folder.name}"
            self.redirect(lab_address(self.base_url, root, folder / chosen, workspace), status=303)

    return SignInHandler


def _jupyter_server_extension_points() -> list[dict[str, str]]:
    return [{"module": "canal_heritage.lessons.class_server"}]


def _load_jupyter_server_extension(serverapp: Any) -> None:
    from jupyter_server.utils import url_path_join

    base = serverapp.web_app.settings["base_url"]
    serverapp.web_app.add_handlers(".*$", [(url_path_join(base, "canal", "signin"), _handler_class())])
    serverapp.log.info("Canal Heritage: pupils sign in at %s", url_path_join(base, "canal", "signin"))
