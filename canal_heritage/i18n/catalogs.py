"""Keeping the gettext catalogs in step with the sources (``canal-heritage i18n ...``).

* ``extract``: write ``data/locale/<domain>.pot`` from the Python sources (calls of
  ``Translator.ui``, ``ui_plural``, ``pgettext``) and from the content files
  (every text field of ``data/heritage/<domain>.json``, and the game data names).
* ``update``: merge each template into ``fr``, ``en`` and ``oc`` catalogs, keeping what is
  translated; English entries are filled with the source text; Occitan entries get the
  review comment.
* ``check``: list what is missing per language and domain, and the Occitan entries left
  empty on purpose (translator comment ``falls back to French (deliberate)``: they are shown in
  French, marked, and are not counted as missing). A heritage text (``data/heritage/``) counts
  as it is in its content file now, even before ``update``; an entry marked fuzzy counts as
  missing, as the program does not use it.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from .. import games
from ..datafiles import data_dir
from . import DOMAINS, FALLBACK_COMMENT, FALLBACKS, LANGUAGES, REVIEW_COMMENT, SOURCE_LANGUAGE, locale_dir

PACKAGE = Path(__file__).resolve().parents[1]
KEYWORDS = {
    "ui": ((1, "c"), 2),
    "ui_plural": ((1, "c"), 2, 3),
    "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3),
}
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);", "oc": "nplurals=2; plural=(n > 1);",
                "en": "nplurals=2; plural=(n != 1);"}
#: Text fields of content records, per domain (others, like ids and sources, are data).
CONTENT_FIELDS = {
    "places": ("name", "caption", "story", "did_you_know"),
    "people": ("name", "role", "caption", "story", "did_you_know"),
    "timeline": ("title", "text"),
    "glossary": ("term", "definition"),
    "geometry": ("name",),
}
#: Fields that are long texts: Occitan may fall back to French for these.
LONG_FIELDS = {"story", "did_you_know", "text"}
#: The domains of the heritage content (``data/heritage/<domain>.json``): the explorer's places,
#: people and timeline, the glossary, the names of the lines on the map.
HERITAGE_DOMAINS: tuple[str, ...] = tuple(CONTENT_FIELDS)
#: Which records list holds each domain's records in its file.
RECORD_LISTS = {"places": "places", "people": "people", "timeline": "events", "glossary": "terms",
                "geometry": "lines"}


def _new_catalog(domain: str, locale: str | None = None) -> Catalog:
    return Catalog(locale=locale, domain=domain, project="Canal Heritage", version="1",
                   copyright_holder="Canal Heritage", charset="utf-8",
                   creation_date=datetime(2026, 11, 1, tzinfo=UTC),
                   revision_date=datetime(2026, 11, 1, tzinfo=UTC),
                   fuzzy=False)


def _content_messages(domain: str) -> Iterator[tuple[str, str, list[str]]]:
    path = data_dir() / "heritage" / f"{domain}.json"
    if not path.exists():
        return
    raw = json.loads(path.read_text(encoding="utf-8"))
    for rec in raw.get(RECORD_LISTS[domain], []):
        for field in CONTENT_FIELDS[domain]:
            text = rec.get(field)
            if isinstance(text, str) and text:
                note = [f"{domain}: {rec['id']} · {field}"]
                if field in LONG_FIELDS:
                    note.append("long text: Occitan may fall back to French")
                yield f"{rec['id']}.{field}", text, note


def _game_data_messages() -> Iterator[tuple[str, str, list[str]]]:
    sites = json.loads((data_dir() / "midi" / "sites.json").read_text(encoding="utf-8"))
    for s in sites["sites"]:
        yield f"midi.site.{s['id']}.name", s["name"], [f"Canal du Midi site {s['id']} (name on the card)"]
    workers = json.loads((data_dir() / "midi" / "workers.json").read_text(encoding="utf-8"))
    for w in workers["workers"]:
        yield f"midi.worker.{w['id']}.name", w["name"], [f"worker card worth {w['value']} (a game term)"]
    for kind in games.kinds():  # the games' titles the registry names (none is written out in a call)
        if kind.title_key:
            yield kind.title_key, kind.title, [f"the title of the game {kind.name!r}"]
    for game in games.names():
        rulings = data_dir() / game / "rulings.json"
        if not rulings.exists():
            continue
        for r in json.loads(rulings.read_text(encoding="utf-8"))["rulings"]:
            yield f"ruling.{r['id']}.title", r["title"], [f"title of ruling {r['id']}"]
            yield f"ruling.{r['id']}.text", r["text"], [f"ruling {r['id']}, as shown to players"]


def template(domain: str) -> Catalog:
    """The current template of ``domain``, extracted from the sources."""
    cat = _new_catalog(domain)
    if domain == "ui":
        for folder in (PACKAGE, PACKAGE.parent / "apps"):
            if not folder.is_dir():
                continue
            for filename, lineno, message, comments, context in extract_from_dir(
                    str(folder), method_map=[("**.py", "python")], keywords=KEYWORDS,
                    comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
                cat.add(message, None, [(f"{folder.name}/{filename}", lineno)], auto_comments=comments,
                        context=context)
        for context, text, note in _game_data_messages():
            cat.add(text, None, [], auto_comments=note, context=context)
    else:
        for context, text, note in _content_messages(domain):
            cat.add(text, None, [], auto_comments=note, context=context)
    return cat


def template_path(domain: str) -> Path:
    return locale_dir() / f"{domain}.pot"


def po_path(lang: str, domain: str) -> Path:
    return locale_dir() / lang / "LC_MESSAGES" / f"{domain}.po"


def read_catalog(path: Path, lang: str | None = None) -> Catalog:
    with path.open("rb") as fh:
        return read_po(fh, locale=lang)


def write_catalog(cat: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as fh:
        write_po(fh, cat, width=100, omit_header=False, no_location=False, sort_output=False,
                 include_previous=False)


def extract(domains: tuple[str, ...] = DOMAINS) -> None:
    for domain in domains:
        write_catalog(template(domain), template_path(domain))


def may_fall_back_to_french(lang: str) -> bool:
    """Whether ``lang`` may leave an entry empty on purpose (:data:`FALLBACK_COMMENT`): a
    language whose next one in the fallback chain is French (Occitan)."""
    return FALLBACKS.get(lang, (lang,))[1:2] == ("fr",)


def _translated(string: object) -> bool:
    return bool(string) and not (isinstance(string, tuple) and not all(string))


def update(domains: tuple[str, ...] = DOMAINS) -> None:
    """Merge the templates into every language's catalog.

    Translator comments, the Occitan review comment and the mark ``falls back to French
    (deliberate)`` among them, stay on every entry whose context and msgid did not change
    (Babel's ``Catalog.update`` keeps them). A changed msgid is a new, empty entry without
    them: it must be translated, or marked, again. The mark is dropped from an entry that
    has been translated since."""
    for domain in domains:
        for lang in LANGUAGES:
            tmpl = read_catalog(template_path(domain))  # afresh: update() shares its messages
            path = po_path(lang, domain)
            cat = read_catalog(path, lang) if path.exists() else _new_catalog(domain, lang)
            cat.update(tmpl, no_fuzzy_matching=True, update_header_comment=False)
            cat.mime_headers = [("Plural-Forms", PLURAL_FORMS[lang])]  # sets the plural forms, and only them
            cat.obsolete.clear()
            for msg in cat:
                if not msg.id:
                    continue
                if lang == SOURCE_LANGUAGE:
                    msg.string = msg.id  # English is the source
                if FALLBACK_COMMENT in msg.user_comments and _translated(msg.string):
                    msg.user_comments = [c for c in msg.user_comments if c != FALLBACK_COMMENT]
                if (lang == "oc" and msg.string and msg.string != ("",) and REVIEW_COMMENT not in msg.user_comments
                        and not any(c.startswith("reviewed") for c in msg.user_comments)):
                    msg.user_comments.append(REVIEW_COMMENT)
                msg.flags.discard("fuzzy")
            write_catalog(cat, path)


def _expected(domain: str) -> list[tuple[str, str]]:
    """(context, msgid) of every entry a catalog of ``domain`` must translate: the template's,
    and for a heritage domain every text of its content file as it is now (a text changed since
    the last ``i18n update`` is looked up by its new wording, so it would not be found)."""
    entries = {(msg.context or "", msg.id if isinstance(msg.id, str) else msg.id[0]): None
               for msg in read_catalog(template_path(domain)) if msg.id}
    if domain in HERITAGE_DOMAINS:
        entries.update({(context, text): None for context, text, _note in _content_messages(domain)})
    return list(entries)


def untranslated(lang: str, domain: str) -> tuple[list[tuple[str, str]], list[tuple[str, str]]]:
    """The entries with no translation in ``lang`` that the program would use, as two lists of
    (context, msgid): those missing, and those falling back to French on purpose (an Occitan
    entry carrying the translator comment :data:`FALLBACK_COMMENT`).

    Heritage texts count as they are in their content files (:func:`_expected`); an entry marked
    fuzzy counts as untranslated, as the program leaves it out (:func:`canal_heritage.i18n.catalog`)."""
    path = po_path(lang, domain)
    cat = read_catalog(path, lang) if path.exists() else _new_catalog(domain, lang)
    deliberate = may_fall_back_to_french(lang)
    missing_, falling_back_ = [], []
    for context, msgid in _expected(domain):
        got = cat.get(msgid, context=context or None)
        if got is not None and _translated(got.string) and not got.fuzzy:
            continue
        if deliberate and got is not None and FALLBACK_COMMENT in got.user_comments:
            falling_back_.append((context, msgid))
        else:
            missing_.append((context, msgid))
    return missing_, falling_back_


def not_in_template(domain: str) -> list[tuple[str, str]]:
    """(context, msgid) of the texts of a heritage domain's content file that its template does
    not hold yet: run ``canal-heritage i18n update``."""
    if domain not in HERITAGE_DOMAINS:
        return []
    known = {(msg.context or "", msg.id) for msg in read_catalog(template_path(domain)) if msg.id}
    return [(context, text) for context, text, _note in _content_messages(domain) if (context, text) not in known]


def missing(lang: str, domain: str) -> list[tuple[str, str]]:
    """(context, msgid) of the template entries with no translation in ``lang`` and no mark
    that they fall back to French on purpose."""
    return untranslated(lang, domain)[0]


def falling_back(lang: str, domain: str) -> list[tuple[str, str]]:
    """(context, msgid) of the entries of ``lang`` left empty on purpose: shown in French."""
    return untranslated(lang, domain)[1]
