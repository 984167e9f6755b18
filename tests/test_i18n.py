"""The three languages: catalogs complete and in step with the sources, placeholders
identical, Occitan flagged for review, fallbacks marked."""

from __future__ import annotations

import json
import re

import pytest

import canal_heritage.i18n as i18n
from canal_heritage.cli import main
from canal_heritage.core.errors import DataError
from canal_heritage.heritage import load_heritage
from canal_heritage.i18n import (
    FALLBACK_COMMENT,
    LANGUAGES,
    REVIEW_COMMENT,
    Translator,
    catalogs,
    normalise_language,
    translator,
)
from canal_heritage.i18n.catalogs import (
    CONTENT_FIELDS,
    LONG_FIELDS,
    po_path,
    read_catalog,
    template,
    template_path,
    write_catalog,
)

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


def test_lookup_follows_the_fallback_chain_and_says_so(tmp_path, monkeypatch):
    """An Occitan long text left empty on purpose is shown in French, marked "en francés"
    (catalogs of a temporary folder: the project's own Occitan texts are all translated)."""
    monkeypatch.setattr(catalogs, "locale_dir", lambda: tmp_path)  # where the catalogs are written
    monkeypatch.setattr(i18n, "locale_dir", lambda: tmp_path)  # where the program reads them
    ctx, story = "keeper.story", "The lock keepers lived beside their locks."
    write_catalog(_catalog("en", [(ctx, story, story, [])]), po_path("en", "places"))
    write_catalog(_catalog("fr", [(ctx, story, "Les éclusiers vivaient près de leurs écluses.", [])]),
                  po_path("fr", "places"))
    write_catalog(_catalog("oc", [(ctx, story, "", [FALLBACK_COMMENT])]), po_path("oc", "places"))
    i18n.catalog.cache_clear()
    try:
        oc = translator("oc").lookup("places", ctx, story)
        assert oc.lang == "fr" and oc.fallback and oc.text == "Les éclusiers vivaient près de leurs écluses."
        fr = translator("fr").lookup("places", ctx, story)
        assert fr.lang == "fr" and not fr.fallback and translator("fr").fallback_note(fr) == ""
        en = translator("en").lookup("places", ctx, story)
        assert en.text == story and not en.fallback
        # the note itself is a program string, from the project's catalogs
        monkeypatch.undo()
        i18n.catalog.cache_clear()
        assert translator("oc").fallback_note(oc) == "en francés"
    finally:
        i18n.catalog.cache_clear()
    title = translator("oc").lookup("ui", "ruling.M-R5.title", "Coins")
    assert title.lang == "oc" and not title.fallback


def _heritage_texts():
    """(domain, record, field) of every text of the heritage content, as the explorer shows it."""
    h = load_heritage()
    groups = {"places": h.places, "people": h.people, "timeline": h.timeline, "glossary": h.glossary,
              "geometry": h.lines}
    assert set(groups) == set(CONTENT_FIELDS)
    for domain, records in groups.items():
        for record in records:
            for field in CONTENT_FIELDS[domain]:
                if isinstance(getattr(record, field, None), str) and getattr(record, field):
                    yield domain, record, field


def test_no_heritage_text_falls_back_to_french_in_occitan_unless_marked():
    """Issue 26, item 9 (Occitan everywhere): every text of the explorer's places, people and
    timeline, the glossary and the map is shown in Occitan; a text may be shown in French only
    when its entry says so on purpose (FALLBACK_COMMENT, e.g. a quotation), never by oversight."""
    occitan = {d: read_catalog(po_path("oc", d), "oc") for d in CONTENT_FIELDS}
    french = {d: read_catalog(po_path("fr", d), "fr") for d in CONTENT_FIELDS}
    seen, unmarked = 0, []
    for domain, record, field in _heritage_texts():
        seen += 1
        source = getattr(record, field)
        text = record.localized(field, "oc")
        if not text.fallback:
            assert text.lang == "oc", (domain, record.id, field)
            continue
        entry = occitan[domain].get(source, context=f"{record.id}.{field}")
        if entry is None or FALLBACK_COMMENT not in entry.user_comments:
            unmarked.append(f"{domain}: {record.id}.{field}")
        else:
            assert is_long(f"{record.id}.{field}")
            assert text.lang == "fr"
            assert text.text == french[domain].get(source, context=f"{record.id}.{field}").string
    assert seen > 200
    assert unmarked == [], f"falling back to French without the mark {FALLBACK_COMMENT!r}"


def test_the_heritage_texts_are_told_in_occitan():
    place = load_heritage().place("midi-VIII")
    story = place.localized("story", "oc")
    assert story.lang == "oc" and not story.fallback and "Fontseranas" in story.text
    assert translator("oc").fallback_note(story) == ""
    event = next(e for e in load_heritage().timeline if e.id == "canal-opens")
    assert "1681" in event.localized("text", "oc").text and not event.localized("text", "oc").fallback
    for domain in ("places", "people", "timeline"):
        assert catalogs.untranslated("oc", domain) == ([], [])


@pytest.mark.parametrize("domain", DOMAINS)
def test_every_occitan_gap_is_a_decision(domain):
    """An empty Occitan entry is either missing (`i18n check` fails) or marked as falling back
    to French on purpose; only long texts may be marked."""
    assert catalogs.missing("oc", domain) == []
    for ctx, _ in catalogs.falling_back("oc", domain):
        assert is_long(ctx), f"oc/{domain}: {ctx} is short: translate it rather than fall back"


# --- the mark "falls back to French (deliberate)", on catalogs of a temporary folder -------------

STORY = "The lock keepers lived beside their locks, with a garden and a family."
NEW_STORY = "The lock keepers lived beside their locks, with a garden, a family and hens."
TIP = "A lock keeper's house often has a sundial."


def _catalog(lang: str | None, items: list[tuple[str, str, str, list[str]]]):
    cat = catalogs._new_catalog("places", lang)
    for ctx, msgid, string, comments in items:
        cat.add(msgid, string, user_comments=comments, context=ctx)
    return cat


def _write_content(folder, story: str) -> None:
    """The content file of the temporary `places` domain: one record, the lock keeper."""
    (folder / "heritage").mkdir(exist_ok=True)
    record = {"id": "keeper", "name": "Lock keeper", "story": story, "did_you_know": TIP}
    (folder / "heritage" / "places.json").write_text(json.dumps({"places": [record]}), encoding="utf-8")


@pytest.fixture
def small_locale(tmp_path, monkeypatch):
    """A `places` domain of three entries in a temporary folder: the name is translated
    everywhere; in Occitan, the story is marked as falling back and the tip is not."""
    monkeypatch.setattr(catalogs, "locale_dir", lambda: tmp_path)
    monkeypatch.setattr(catalogs, "data_dir", lambda: tmp_path)
    _write_content(tmp_path, STORY)
    source = [("keeper.name", "Lock keeper"), ("keeper.story", STORY), ("keeper.did_you_know", TIP)]
    write_catalog(_catalog(None, [(c, m, "", []) for c, m in source]), template_path("places"))
    write_catalog(_catalog("en", [(c, m, m, []) for c, m in source]), po_path("en", "places"))
    write_catalog(_catalog("fr", [(c, m, f"fr: {m}", []) for c, m in source]), po_path("fr", "places"))
    write_catalog(_catalog("oc", [("keeper.name", "Lock keeper", "Enclusièr", [REVIEW_COMMENT]),
                                  ("keeper.story", STORY, "", [FALLBACK_COMMENT]),
                                  ("keeper.did_you_know", TIP, "", [])]), po_path("oc", "places"))
    return tmp_path


def _mark_tip(lang: str = "oc") -> None:
    cat = read_catalog(po_path(lang, "places"), lang)
    cat.get(TIP, context="keeper.did_you_know").user_comments.append(FALLBACK_COMMENT)
    if lang != "oc":
        cat.get(TIP, context="keeper.did_you_know").string = ""
    write_catalog(cat, po_path(lang, "places"))


def _check(capsys) -> tuple[int, str]:
    code = main(["i18n", "check", "--domain", "places"])
    return code, " ".join(capsys.readouterr().out.split())


def test_check_fails_on_an_occitan_entry_missing_without_the_mark(small_locale, capsys):
    code, out = _check(capsys)
    assert code == 1
    assert "places oc: 1 missing, 1 falling back to French (deliberate)" in out
    assert "missing: keeper.did_you_know" in out and "falls back to French: keeper.story" in out
    assert "heritage oc: 1 missing, 1 falling back to French (deliberate)" in out
    assert "in all oc: 1 missing, 1 falling back to French (deliberate)" in out


def test_check_passes_and_lists_entries_marked_as_falling_back(small_locale, capsys):
    _mark_tip()
    code, out = _check(capsys)
    assert code == 0
    assert "places oc: 0 missing, 2 falling back to French (deliberate)" in out
    assert "falls back to French: keeper.story" in out and "falls back to French: keeper.did_you_know" in out
    assert catalogs.missing("oc", "places") == []
    assert catalogs.falling_back("oc", "places") == [("keeper.story", STORY), ("keeper.did_you_know", TIP)]


def test_check_counts_a_heritage_text_that_would_fall_back_like_a_missing_program_text(small_locale, capsys):
    """Issue 26, item 9: `i18n check` counts heritage texts as the explorer would show them."""
    _mark_tip()
    oc = read_catalog(po_path("oc", "places"), "oc")
    oc.get("Lock keeper", context="keeper.name").flags.add("fuzzy")  # the program leaves it out
    write_catalog(oc, po_path("oc", "places"))
    code, out = _check(capsys)
    assert code == 1 and "missing: keeper.name" in out
    assert "heritage oc: 1 missing, 2 falling back to French (deliberate)" in out
    assert "in all oc: 1 missing, 2 falling back to French (deliberate)" in out
    assert "heritage fr: 0 missing" in out

    _write_content(small_locale, NEW_STORY)  # the content file changed; no `i18n update` yet
    assert catalogs.not_in_template("places") == [("keeper.story", NEW_STORY)]
    code, out = _check(capsys)
    assert code == 1
    for lang in ("fr", "en"):
        assert f"places {lang}: 1 missing" in out and f"heritage {lang}: 1 missing" in out
    assert "heritage oc: 2 missing, 2 falling back to French (deliberate)" in out
    assert "1 places text(s) changed since the last update: run `canal-heritage i18n update`" in out
    assert catalogs.not_in_template("ui") == []


def test_the_mark_is_only_for_occitan(small_locale, capsys):
    _mark_tip()
    _mark_tip("fr")
    code, out = _check(capsys)
    assert code == 1 and "places fr: 1 missing" in out
    assert catalogs.falling_back("fr", "places") == []


def test_update_keeps_the_mark_while_the_source_text_stays(small_locale):
    catalogs.update(("places",))
    oc = read_catalog(po_path("oc", "places"), "oc")
    story = oc.get(STORY, context="keeper.story")
    assert story.string == "" and story.user_comments == [FALLBACK_COMMENT]
    assert oc.get("Lock keeper", context="keeper.name").user_comments == [REVIEW_COMMENT]
    assert catalogs.falling_back("oc", "places") == [("keeper.story", STORY)]


def test_update_drops_the_mark_when_the_source_text_changes(small_locale):
    """A changed English text must be decided again: translated, or marked again."""
    _write_content(small_locale, NEW_STORY)
    tmpl = read_catalog(template_path("places"))
    tmpl.delete(STORY, context="keeper.story")
    tmpl.add(NEW_STORY, None, context="keeper.story")
    write_catalog(tmpl, template_path("places"))
    catalogs.update(("places",))
    oc = read_catalog(po_path("oc", "places"), "oc")
    assert oc.get(STORY, context="keeper.story") is None
    story = oc.get(NEW_STORY, context="keeper.story")
    assert story.string == "" and FALLBACK_COMMENT not in story.user_comments
    assert ("keeper.story", NEW_STORY) in catalogs.missing("oc", "places")
    assert catalogs.falling_back("oc", "places") == []


def test_update_drops_the_mark_from_an_entry_translated_since(small_locale):
    oc = read_catalog(po_path("oc", "places"), "oc")
    oc.get(STORY, context="keeper.story").string = "Los enclusièrs vivián al costat de lor enclusa."
    write_catalog(oc, po_path("oc", "places"))
    catalogs.update(("places",))
    story = read_catalog(po_path("oc", "places"), "oc").get(STORY, context="keeper.story")
    assert story.user_comments == [REVIEW_COMMENT]


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
