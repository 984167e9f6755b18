"""The three languages: catalogs complete and in step with the sources, placeholders
identical, Occitan flagged for review, fallbacks marked."""

from __future__ import annotations

import re

import pytest

import canal_heritage.i18n as i18n
from canal_heritage.core.errors import DataError
from canal_heritage.i18n import LANGUAGES, REVIEW_COMMENT, Translator, catalogs, normalise_language, translator
from canal_heritage.i18n.catalogs import LONG_FIELDS, po_path, read_catalog, template, template_path

PLACEHOLDER = re.compile(r"\{([a-z_]+)\}")
DOMAINS = [d for d in i18n.DOMAINS if template_path(d).exists()]


def entries(cat):
    return [m for m in cat if m.id]


def forms(value):
    return list(value) if isinstance(value, tuple) else [value]


def is_long(context: str) -> bool:
    """Long texts may fall back to French in Occitan (issue: Occitan complete for UI
    strings, game terms, glossary and captions)."""
    field = context.rsplit(".", 1)[-1]
    return field in LONG_FIELDS or (context.startswith("ruling.") and field == "text")


def test_every_domain_has_a_template():
    assert set(DOMAINS) == set(i18n.DOMAINS)


@pytest.mark.parametrize("domain", DOMAINS)
def test_templates_are_in_step_with_the_sources(domain):
    """Run `canal-heritage i18n update` after changing a string: the committed template
    must hold exactly what the sources say now."""
    fresh = {(m.context, m.id) for m in entries(template(domain))}
    committed = {(m.context, m.id) for m in entries(read_catalog(template_path(domain)))}
    assert fresh - committed == set(), "strings missing from the template"
    assert committed - fresh == set(), "stale strings in the template"


@pytest.mark.parametrize("domain", DOMAINS)
@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_message_is_in_every_catalog_with_the_same_placeholders(domain, lang):
    tmpl = entries(read_catalog(template_path(domain)))
    cat = read_catalog(po_path(lang, domain), lang)
    for m in tmpl:
        got = cat.get(m.id, context=m.context)
        assert got is not None, f"{lang}/{domain}: {m.context} missing"
        strings = [s for s in forms(got.string) if s]
        if lang in ("fr", "en"):
            assert strings and len(strings) == len(forms(m.id)), f"{lang}/{domain}: {m.context} untranslated"
        elif not is_long(m.context or ""):
            assert strings, f"oc/{domain}: {m.context} untranslated (only long texts may fall back)"
        wanted = set(PLACEHOLDER.findall(forms(m.id)[-1]))
        for s in strings:
            assert set(PLACEHOLDER.findall(s)) == wanted, f"{lang}/{domain}: {m.context} placeholders differ"


@pytest.mark.parametrize("domain", DOMAINS)
def test_occitan_entries_are_flagged_for_review(domain):
    cat = read_catalog(po_path("oc", domain), "oc")
    translated = [m for m in entries(cat) if any(forms(m.string))]
    assert translated
    for m in translated:
        assert REVIEW_COMMENT in m.user_comments or any(c.startswith("reviewed") for c in m.user_comments), m.context


@pytest.mark.parametrize("lang", LANGUAGES)
def test_plural_forms_header(lang):
    cat = read_catalog(po_path(lang, "ui"), lang)
    expected = "(n != 1)" if lang == "en" else "(n > 1)"
    assert cat.num_plurals == 2 and expected in cat.plural_forms


def test_every_program_string_has_a_context():
    assert all(m.context for m in entries(template("ui")))


def test_lookup_follows_the_fallback_chain_and_says_so():
    text = "A spent coin leaves the game. New coins come from the bank, and an empty bank gives none."
    oc = translator("oc").lookup("ui", "ruling.M-R5.text", text)
    assert oc.lang == "fr" and oc.fallback and oc.text.startswith("Une pièce")
    assert translator("oc").fallback_note(oc) == "en francés"
    fr = translator("fr").lookup("ui", "ruling.M-R5.text", text)
    assert fr.lang == "fr" and not fr.fallback and translator("fr").fallback_note(fr) == ""
    en = translator("en").lookup("ui", "ruling.M-R5.text", text)
    assert en.text == text and not en.fallback
    title = translator("oc").lookup("ui", "ruling.M-R5.title", "Coins")
    assert title.lang == "oc" and not title.fallback


def test_unknown_message_falls_back_to_the_english_source():
    got = translator("fr").lookup("ui", "no.such.context", "Hello")
    assert got.text == "Hello" and got.fallback and got.lang == "en"


@pytest.mark.parametrize("given, expected", [("oc-FR", "oc"), ("EN", "en"), ("fr_CA", "fr"), ("de", "fr"),
                                             (None, "fr"), ("", "fr"), ("  oc ", "oc")])
def test_language_codes_are_normalised(given, expected):
    assert normalise_language(given) == expected
    assert Translator(given).lang == expected


def test_lists_are_joined_in_each_language():
    assert translator("fr").join(["A", "B"]) == "A et B"
    assert translator("oc").join(["A", "B", "C"]) == "A, B e C"
    assert translator("en").join(["A"]) == "A"


def test_a_broken_catalog_is_reported_with_its_file(tmp_path, monkeypatch):
    bad = tmp_path / "locale" / "fr" / "LC_MESSAGES"
    bad.mkdir(parents=True)
    (bad / "ui.po").write_bytes(b'msgid "a"\nmsgstr "b\n\xff\xfe garbage "unterminated')
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path / "locale")
    monkeypatch.setattr(i18n, "data_dir", lambda: tmp_path)
    i18n.catalog.cache_clear()
    try:
        with pytest.raises(DataError, match="ui.po"):
            i18n.catalog("fr", "ui")
    finally:
        i18n.catalog.cache_clear()


def test_missing_reports_untranslated_entries():
    assert catalogs.missing("en", "ui") == []
    assert all(is_long(ctx) for ctx, _ in catalogs.missing("oc", "ui"))


def test_no_translated_call_hides_inside_an_f_string():
    """Babel cannot see a call written inside an f-string: it would never be translated."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    offenders = []
    for path in list((root / "canal_heritage").rglob("*.py")) + list((root / "apps").rglob("*.py")):
        for no, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if re.search(r"""\bf["'].*\.(ui|ui_plural)\(""", line):
                offenders.append(f"{path.name}:{no}")
    assert offenders == []
