"""The exhibit's SVG art: well-formed, accessible, escaped, and hidden cards that leak nothing."""

from __future__ import annotations

import itertools
import xml.etree.ElementTree as ET

import pytest

from canal_heritage.midi.data import load_midi_data
from canal_heritage.views.art import SHAPES, coin, engineer_badge, pawn, site_card, worker_card

SVG_NS = "{http://www.w3.org/2000/svg}"
DATA = load_midi_data()
COLOURS = [e.colour for e in DATA.engineers]
VALUES = sorted({w.value for w in DATA.workers})
STATUSES = ("in_play", "built", "delayed")
HOSTILE = "<script>alert('x')</script> \"quoted\" & Co’s <b>"


def parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG_NS}svg"
    return root


def site_kwargs(site_id: str = "VIII", **over):
    site = DATA.site(site_id)
    kw = dict(threshold=site.thresholds["2"], value=site.value, city=site.city, tent=site.tent, status="built",
              pawns=[("#0072B2", "circle")])
    kw.update(over)
    return kw


def every_svg() -> list[tuple[str, str]]:
    out = []
    for value in VALUES:
        out.append((f"face {value}", worker_card(value, "Terrassier", colour=COLOURS[0])))
        out.append((f"selected face {value}", worker_card(value, "Terrassier", selected=True)))
    out.append(("back", worker_card(3, "Porteur", state="back", back_label="Carte face cachée")))
    out.append(("selected back", worker_card(3, "Porteur", state="back", selected=True)))
    for site in DATA.sites:
        for status in (*STATUSES, "hidden"):
            card = site_card(site.id, site.name, **site_kwargs(site.id, status=status))
            out.append((f"site {site.id} {status}", card))
    for shape in SHAPES:
        out.append((f"pawn {shape}", pawn("#0072B2", shape)))
        out.append((f"badge {shape}", engineer_badge("#0072B2", shape, "Clerville")))
    out.append(("coin", coin()))
    return out


ALL = every_svg()


@pytest.mark.parametrize("name, svg", ALL, ids=[n for n, _ in ALL])
def test_well_formed_and_accessible(name, svg):
    root = parse(svg)
    assert root.get("role") == "img"
    assert root.get("aria-label") is not None
    assert len(root.get("viewBox").split()) == 4
    assert float(root.get("width")) > 0 and float(root.get("height")) > 0
    # offline: no images, links, scripts, foreign objects or external fonts
    for bad in ("<image", "href", "<script", "<foreignObject", "url(", "@import", "<style"):
        assert bad not in svg


def test_aria_labels():
    assert parse(worker_card(4, "Terrassier")).get("aria-label") == "Terrassier (4)"
    assert parse(worker_card(4, "Terrassier", state="back", back_label="Carta")).get("aria-label") == "Carta"
    assert parse(site_card("VIII", "Écluses de Fonserannes", **site_kwargs())).get("aria-label") == \
        "VIII Écluses de Fonserannes"
    assert parse(site_card("VIII", "x", aria_label="Fonserannes, bâti", **site_kwargs())).get("aria-label") == \
        "Fonserannes, bâti"
    assert parse(site_card("VIII", "x", back_label="Chantier caché", **site_kwargs(status="hidden"))).get(
        "aria-label") == "Chantier caché"
    assert parse(engineer_badge("#0072B2", "circle", "Clerville")).get("aria-label") == "Clerville"
    assert parse(pawn("#0072B2", "circle", label="Anna")).get("aria-label") == "Anna"
    assert parse(coin()).get("aria-label")


def test_sizes():
    card = parse(worker_card(2, "Géomètre", width=96))
    assert card.get("width") == "96" and 1.3 <= float(card.get("height")) / 96 <= 1.45
    site = parse(site_card("I", "Port", **site_kwargs("I")))
    assert site.get("width") == "150" and 1.3 <= float(site.get("height")) / 150 <= 1.45
    assert parse(pawn("#000", "square", 40)).get("width") == "40"
    assert parse(coin(50)).get("height") == "50"


def texts(root: ET.Element) -> str:
    return "".join(root.itertext())


@pytest.mark.parametrize("make", [
    lambda t: worker_card(5, t, colour="#D55E00"),
    lambda t: worker_card(5, "x", state="back", back_label=t),
    lambda t: site_card("IX", t, **site_kwargs("IX")),
    lambda t: site_card("IX", "x", aria_label=t, **site_kwargs("IX")),
    lambda t: site_card(t, "x", **site_kwargs("IX")),
    lambda t: site_card("IX", "x", back_label=t, **site_kwargs("IX", status="hidden")),
    lambda t: engineer_badge("#0072B2", "circle", t),
    lambda t: pawn("#0072B2", "circle", label=t),
    lambda t: coin(label=t),
], ids=["worker", "back", "site name", "site aria", "numeral", "site back", "badge", "pawn", "coin"])
def test_hostile_text_is_escaped(make):
    svg = make(HOSTILE)
    root = parse(svg)  # would fail on injected markup
    assert "<script" not in svg and "<b>" not in svg
    assert not any(el.tag.endswith(("script", "b")) for el in root.iter())
    # the text survives intact, as text (perhaps wrapped on several lines) or in an attribute
    squashed = "".join(HOSTILE.split())
    assert squashed in "".join(texts(root).split()) or any(HOSTILE in v for v in root.attrib.values())


def test_hostile_colour_cannot_inject():
    svg = worker_card(1, "x", colour='red" onload="alert(1)')
    root = parse(svg)
    assert not any("onload" in el.attrib for el in root.iter())
    root = parse(pawn('"/><script>x</script>', "circle"))
    assert not any(el.tag.endswith("script") for el in root.iter())


def test_names_with_apostrophes_and_accents_render_as_text():
    root = parse(site_card("IX", "Écluse ronde d'Agde", **site_kwargs("IX")))
    assert "Écluse" in texts(root) and "d'Agde" in texts(root)
    root = parse(worker_card(2, "Talhaire de pèira"))
    assert "Talhaire" in texts(root) and "pèira" in texts(root)


@pytest.mark.parametrize("colour", COLOURS)
def test_back_is_identical_for_every_value_and_label(colour):
    labels = ["Ingénieur", "Terrassier", "Petardièr", "Digger"]
    backs = {worker_card(v, label, colour=colour, state="back", back_label="carte")
             for v, label in itertools.product(range(10), labels)}
    assert len(backs) == 1
    selected = {worker_card(v, "Porteur", colour=colour, state="back", selected=True) for v in VALUES}
    assert len(selected) == 1


def test_back_shows_no_value_nor_label():
    for value in VALUES:
        svg = worker_card(value, "Terrassier", state="back")
        root = parse(svg)
        assert "Terrassier" not in svg
        assert texts(root).strip() == ""  # no text at all on a back: no value, no label, no title
        assert root.find(f".//{SVG_NS}title") is None and root.find(f".//{SVG_NS}text") is None
        assert root.get("aria-label") == ""


def test_selected_differs():
    for value in VALUES:
        assert worker_card(value, "x") != worker_card(value, "x", selected=True)
    assert worker_card(0, "x", state="back") != worker_card(0, "x", state="back", selected=True)


def test_faces_differ_by_value():
    assert len({worker_card(v, "x") for v in VALUES}) == len(VALUES)
    assert worker_card(4, "Terrassier") != worker_card(4, "Charpentier")


def test_each_shape_renders_differently():
    assert len({pawn("#0072B2", s) for s in SHAPES}) == len(SHAPES)
    assert len({engineer_badge("#0072B2", s, "x") for s in SHAPES}) == len(SHAPES)
    with pytest.raises(ValueError):
        pawn("#0072B2", "hexagon")
    with pytest.raises(ValueError):
        site_card("I", "x", **site_kwargs("I", pawns=[("#000", "star")]))


def test_each_status_renders_differently():
    for site in DATA.sites:
        renders = {site_card(site.id, site.name, **site_kwargs(site.id, status=s)) for s in (*STATUSES, "hidden")}
        assert len(renders) == 4
    with pytest.raises(ValueError):
        site_card("I", "x", **site_kwargs("I", status="lost"))


def test_each_site_has_its_own_picture():
    faces = {site_card(s.id, "same", **site_kwargs("I")) for s in DATA.sites}
    assert len(faces) == len(DATA.sites)


def test_hidden_site_cards_are_identical():
    hidden = {site_card(s.id, s.name, **site_kwargs(s.id, status="hidden", pawns=[("#E69F00", "diamond")] * 2))
              for s in DATA.sites}
    assert len(hidden) == 1
    svg = hidden.pop()
    root = parse(svg)
    assert texts(root).strip() == ""
    for s in DATA.sites:
        assert s.name not in svg and f">{s.id}<" not in svg


def test_site_card_shows_its_numbers_and_markers():
    city = parse(site_card("VIII", "Écluses", **site_kwargs("VIII", threshold=9, value=4)))
    words = [t.strip() for t in city.itertext() if t.strip()]
    assert "VIII" in words and "9" in words and "4" in words
    no_threshold = parse(site_card("VIII", "Écluses", **site_kwargs("VIII", threshold=None, value=4)))
    assert "9" not in [t.strip() for t in no_threshold.itertext()]
    base = dict(threshold=5, value=5, status="built")
    plain = site_card("I", "x", city=False, tent=False, **base)
    cards = {plain, site_card("I", "x", city=True, tent=False, **base),
             site_card("I", "x", city=False, tent=True, **base), site_card("I", "x", city=True, tent=True, **base)}
    assert len(cards) == 4


def test_pawns_on_a_site():
    no_pawn = site_card("V", "x", **site_kwargs("V", pawns=[]))
    one = site_card("V", "x", **site_kwargs("V", pawns=[("#0072B2", "circle")]))
    four = site_card("V", "x", **site_kwargs("V", pawns=[(e.colour, e.shape) for e in DATA.engineers]))
    assert len({no_pawn, one, four}) == 3
    for e in DATA.engineers:
        assert e.colour in four


def test_long_labels_still_parse():
    parse(worker_card(2, "Tailleur de pierre et de marbre du Languedoc"))
    parse(site_card("III", "Pòrt de Castèlnòu d'Arri e de tota la plana", **site_kwargs("III")))
    parse(site_card("XII", "Unknown", **site_kwargs("I")))
    parse(worker_card(9, "Nine"))
