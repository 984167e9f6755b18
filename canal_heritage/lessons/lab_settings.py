"""JupyterLab as a class meets it: in the class's language, with nothing to answer before the lesson.

``canal-heritage lessons`` starts JupyterLab with a folder of settings of its own added to
Jupyter's configuration path (``JUPYTER_CONFIG_PATH``), so that nothing is written to the
computer's own Jupyter settings:

- the menus and dialogs in French for a French or Occitan lesson (the French language pack is
  installed with Canal Heritage; there is no Occitan pack, and the lessons have no Occitan
  edition);
- no "Would you like to receive official Jupyter news?" question (the announcements are switched
  off: a classroom is often offline, and a pupil should not have to decide);
- a lesson's kernel started when the notebook opens, without a "Select Kernel" dialog;
- a login page a pupil understands (the class password and one button, in the class's
  language), instead of Jupyter's page about tokens (:func:`.class_server.login_template`).

A pupil may still change any of these in JupyterLab's settings: they are defaults only.
"""

from __future__ import annotations

import json
from pathlib import Path

from .class_server import login_template

#: JupyterLab's plug-in that asks about news and checks for updates.
ANNOUNCEMENTS = "@jupyterlab/apputils-extension:announcements"
#: The folder, inside the settings' folder, of the pages Jupyter Server shows before JupyterLab.
TEMPLATES = "templates"
#: The interface language JupyterLab shows for each language of the lessons.
LAB_LOCALES = {"fr": "fr_FR", "oc": "fr_FR", "en": "en"}


def lab_overrides(lang: str) -> dict[str, dict[str, object]]:
    """JupyterLab's default settings for a lesson in ``lang`` (plug-in → setting → value)."""
    return {
        "@jupyterlab/translation-extension:plugin": {"locale": LAB_LOCALES.get(lang, "fr_FR")},
        "@jupyterlab/notebook-extension:tracker": {"autoStartDefaultKernel": True},
        "@jupyterlab/apputils-extension:notification": {"fetchNews": "false", "checkForUpdates": False},
    }


def write_lab_settings(folder: Path, lang: str) -> Path:
    """Write the settings for a lesson in ``lang`` into ``folder`` (made if missing) and return it:
    the folder to add to ``JUPYTER_CONFIG_PATH``. Its ``templates`` folder holds the login page
    (:data:`TEMPLATES`: give it to ``--ServerApp.extra_template_paths``)."""
    (folder / TEMPLATES).mkdir(parents=True, exist_ok=True)
    (folder / TEMPLATES / "login.html").write_text(login_template(lang), encoding="utf-8")
    labconfig = folder / "labconfig"
    labconfig.mkdir(parents=True, exist_ok=True)
    (labconfig / "page_config.json").write_text(
        json.dumps({"disabledExtensions": {ANNOUNCEMENTS: True}}, indent=2), encoding="utf-8")
    (labconfig / "default_setting_overrides.json").write_text(json.dumps(lab_overrides(lang), indent=2),
                                                               encoding="utf-8")
    return folder
