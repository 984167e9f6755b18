"""Three languages through gettext: French, English, Occitan (Languedocien).

Every user-facing string goes through a gettext catalog: ``data/locale/<lang>/LC_MESSAGES/
<domain>.po``, edited with the usual tools (Poedit, Weblate, a text editor). The source
language is English: the msgid is the English text, and ``msgctxt`` says where it is used
(``midi.site_built``, ``midi-I.caption``). Catalogs are compiled in memory when first used.

Domains:

* ``ui``: the program's own strings (engine log, bot explanations, errors, labels, rulings).
* ``places``, ``people``, ``timeline``, ``glossary``, ``geometry``: the heritage content of
  ``data/heritage/`` (one domain per file, so each can be translated on its own).

Fallback chain (:data:`FALLBACKS`): Occitan → French → English. A text that falls back is
returned as a :class:`LocalizedText` with ``fallback=True``, so a screen can mark it
(:meth:`Translator.fallback_note`). Occitan entries carry the translator comment
``needs review by a native speaker`` until one has checked them; an Occitan long text left
empty on purpose carries ``falls back to French (deliberate)`` (:data:`FALLBACK_COMMENT`).
"""

from __future__ import annotations

import gettext
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from io import BytesIO
from pathlib import Path
from typing import Any

from babel.lists import format_list
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po
from babel.numbers import format_decimal

from ..datafiles import DataError, data_dir

#: The languages of the project, in menu order.
LANGUAGES: tuple[str, ...] = ("fr", "en", "oc")
#: Each language's own name, as shown in a language menu.
LANGUAGE_NAMES: dict[str, str] = {"fr": "Français", "en": "English", "oc": "Occitan"}
#: Where a missing translation is looked for next.
FALLBACKS: dict[str, tuple[str, ...]] = {"oc": ("oc", "fr", "en"), "fr": ("fr", "en"), "en": ("en",)}
DEFAULT_LANGUAGE = "fr"
DOMAINS: tuple[str, ...] = ("ui", "places", "people", "timeline", "glossary", "geometry")
SOURCE_LANGUAGE = "en"
#: Translator comment on Occitan entries not yet checked by a native speaker.
REVIEW_COMMENT = "needs review by a native speaker"
#: Translator comment on an Occitan entry left empty on purpose: it is shown in French (marked
#: "en francés"), and ``canal-heritage i18n check`` lists it without counting it as missing.
FALLBACK_COMMENT = "falls back to French (deliberate)"


def locale_dir() -> Path:
    return data_dir() / "locale"


def normalise_language(lang: str | None) -> str:
    """``"fr"``, ``"en"`` or ``"oc"`` from anything a URL or a browser may send
    (``"oc-FR"``, ``"EN"``); the default language otherwise."""
    if not lang:
        return DEFAULT_LANGUAGE
    code = str(lang).strip().lower().replace("_", "-").split("-")[0]
    return code if code in LANGUAGES else DEFAULT_LANGUAGE


def language_from_environment(env: Mapping[str, str]) -> str:
    """The user's language from the environment, as gettext reads it: ``LANGUAGE`` is a list
    of languages in order of preference (``oc:fr``, ``de:en``: the first one we speak wins),
    then ``LC_ALL``, ``LC_MESSAGES`` and ``LANG`` (``oc_FR.UTF-8``); the default language when
    none of them is French, English or Occitan."""
    wanted = [*env.get("LANGUAGE", "").split(":"), env.get("LC_ALL", ""), env.get("LC_MESSAGES", ""),
              env.get("LANG", "")]
    for entry in wanted:
        code = entry.strip().split(".")[0].lower().replace("_", "-").split("-")[0]
        if code in LANGUAGES:
            return code
    return DEFAULT_LANGUAGE


#: A rule code in parentheses inside a sentence: " (M-R9)", " (A-R8, A-R18)".
RULE_CODE = re.compile(r"\s*\((?:[AM]-R\d+[a-z]?(?:,\s*)?)+\)")


def strip_rule_codes(text: str) -> str:
    """``text`` without its parenthesised rule codes: "Most points (A-R18)." → "Most points."
    (the codes are for the teacher's projector mode; a visitor reads the plain sentence)."""
    return RULE_CODE.sub("", text)


class _Missing(str):
    """The marker a lookup returns when a catalog lacks a message."""


class _MissingCatalog(gettext.NullTranslations):
    """A language without a catalog: every lookup says it found nothing (the lookups use
    ``pgettext`` and ``npgettext`` only: every message has a context)."""

    def pgettext(self, context: str, message: str) -> str:
        return _Missing(message)

    def npgettext(self, context: str, msgid1: str, msgid2: str, n: int) -> str:
        return _Missing(msgid1 if n == 1 else msgid2)


@cache
def catalog(lang: str, domain: str) -> gettext.GNUTranslations | gettext.NullTranslations:
    """The compiled catalog of ``domain`` in ``lang`` (compiled in memory on first use).

    Missing messages come back as a marker, so the caller can fall back and say so.
    """
    if lang not in LANGUAGES or domain not in DOMAINS:
        raise ValueError(f"unknown language or domain: {lang!r}, {domain!r}")
    path = locale_dir() / lang / "LC_MESSAGES" / f"{domain}.po"
    if not path.exists():
        return _MissingCatalog()
    try:
        with path.open("rb") as fh:
            po = read_po(fh, locale=lang, domain=domain)
    except Exception as exc:  # babel raises several kinds on a broken file
        raise DataError(str(path.relative_to(data_dir())), "", f"not a readable PO catalog ({exc})") from None
    buf = BytesIO()
    write_mo(buf, po, use_fuzzy=False)
    buf.seek(0)
    t = gettext.GNUTranslations(buf)
    t.add_fallback(_MissingCatalog())
    return t


@dataclass(frozen=True)
class LocalizedText:
    """A text in a language, and whether it came from a fallback language.

    ``str(text)`` is the text itself.
    """

    text: str
    lang: str
    fallback: bool = False

    def __str__(self) -> str:
        return self.text


#: Babel's Occitan locale has no number symbols of its own (CLDR gives it the root's decimal
#: point); Occitan writes numbers as French does, with a decimal comma and a thin space.
NUMBER_LOCALE = {"oc": "fr"}


class Translator:
    """Look up and format messages in one language, with the fallback chain.

    >>> tr = Translator("fr")
    >>> tr.ui("label.language", "Language")
    'Langue'
    """

    def __init__(self, lang: str, codes: bool = True) -> None:
        self.lang = normalise_language(lang)
        self.chain = FALLBACKS[self.lang]
        #: show rule codes ("(M-R9)") in program strings; False: they are left out
        #: (the tables show them only in the teacher's projector mode)
        self.codes = codes

    def _shown(self, found: LocalizedText, domain: str) -> LocalizedText:
        if self.codes or domain != "ui" or "-R" not in found.text:
            return found
        return LocalizedText(strip_rule_codes(found.text), found.lang, found.fallback)

    def lookup(self, domain: str, context: str, msgid: str) -> LocalizedText:
        """The message ``msgid`` (English source) of ``context`` in this language, falling
        back along the chain; English is the source itself (without its rule codes unless
        :attr:`codes`)."""
        return self._shown(self._lookup(domain, context, msgid), domain)

    def _lookup(self, domain: str, context: str, msgid: str) -> LocalizedText:
        for lang in self.chain:
            if lang == SOURCE_LANGUAGE:
                found = catalog(lang, domain).pgettext(context, msgid)
                return LocalizedText(str(found), lang, fallback=lang != self.lang)
            found = catalog(lang, domain).pgettext(context, msgid)
            if not isinstance(found, _Missing) and found:
                return LocalizedText(str(found), lang, fallback=lang != self.lang)
        return LocalizedText(msgid, SOURCE_LANGUAGE, fallback=self.lang != SOURCE_LANGUAGE)

    def lookup_plural(self, domain: str, context: str, singular: str, plural: str, n: int) -> LocalizedText:
        """The form of a counted message for ``n`` (see :meth:`lookup`)."""
        return self._shown(self._lookup_plural(domain, context, singular, plural, n), domain)

    def _lookup_plural(self, domain: str, context: str, singular: str, plural: str, n: int) -> LocalizedText:
        for lang in self.chain:
            found = catalog(lang, domain).npgettext(context, singular, plural, n)
            if lang == SOURCE_LANGUAGE or not isinstance(found, _Missing):
                return LocalizedText(str(found), lang, fallback=lang != self.lang)
        return LocalizedText(singular if n == 1 else plural, SOURCE_LANGUAGE, fallback=True)

    def ui(self, context: str, msgid: str, /, **args: Any) -> str:
        """A program string, formatted with ``args`` (``{name}`` placeholders)."""
        text = self.lookup("ui", context, msgid).text
        return text.format(**args) if args else text

    def ui_plural(self, context: str, singular: str, plural: str, n: int, /, **args: Any) -> str:
        """A program string that depends on a count ``n`` (also available as ``{n}``)."""
        text = self.lookup_plural("ui", context, singular, plural, n).text
        return text.format(n=n, **args)

    def join(self, items: list[str]) -> str:
        """A list in this language: “A, B and C”, « A, B et C », “A, B e C”."""
        if not items:
            return ""
        return format_list(list(items), locale=self.lang)

    def number(self, x: float, format: str = "#,##0.##") -> str:
        """A number as this language writes it: ``0,25`` and ``1\u202f234`` in French and
        Occitan, ``0.25`` and ``1,234`` in English (Babel; ``format`` is a CLDR pattern)."""
        return format_decimal(x, format=format, locale=NUMBER_LOCALE.get(self.lang, self.lang))

    def fallback_note(self, text: LocalizedText) -> str:
        """The visible mark for a text shown in another language ("in French")."""
        if not text.fallback:
            return ""
        if text.lang == "fr":
            return self.ui("fallback", "in French")
        if text.lang == "oc":
            return self.ui("fallback", "in Occitan")
        return self.ui("fallback", "in English")

    def __repr__(self) -> str:
        return f"Translator({self.lang!r})" if self.codes else f"Translator({self.lang!r}, codes=False)"


@cache
def translator(lang: str | None, codes: bool = True) -> Translator:
    """The (cached) translator of ``lang`` (normalised; default French); ``codes=False``
    leaves the parenthesised rule codes out of program strings (:func:`strip_rule_codes`)."""
    return Translator(normalise_language(lang), codes)

