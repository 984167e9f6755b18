"""Arriala content (``data/arriala/``): the rulebook's numbers, the reconstructed board and
deck (each labelled with its provenance), the board on the real map, and the loader's
errors on bad files."""

from __future__ import annotations

import json
import math
import shutil
from collections.abc import Callable
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest

from canal_heritage.arriala import ArrialaGame
from canal_heritage.arriala.board import Board
from canal_heritage.arriala.data import load_arriala_data
from canal_heritage.core.errors import DataError
from canal_heritage.datafiles import data_dir
from canal_heritage.heritage import load_heritage


@pytest.fixture(scope="module")
def data():
    return load_arriala_data()


def test_rulebook_numbers(data):
    r = data.rules
    assert ((r.min_players, r.max_players, r.action_points, r.workers_per_player, r.starting_hand, r.locks)
            == (2, 4, 5, 5, 2, 8))
    c = r.costs
    assert ((c.move_cell, c.play_card, c.to_vineyard, c.draw, c.place, c.river_work, c.from_vineyard, c.lock)
            == (1, 1, 2, 2, 3, 3, 4, 4))
    assert (r.points.lock, r.points.river_work, r.points.engineering_work) == (1, 3, 5)
    assert (r.stall_quiet_rounds, r.stall_max_rounds) == (3, 60)  # A-R10


def test_towns_in_order_and_stretches_within_the_review_range(data):
    b = data.board
    assert [t.id for t in b.towns] == ["grisolles", "montech", "castelsarrasin", "moissac", "valence-d-agen"]
    assert b.stretches[0].id == "grisolles-montech"  # one stretch (docs/rules/arriala.md)
    assert all(4 <= s.cells <= 10 for s in b.stretches)
    assert sum(s.lock_max for s in b.stretches) <= 8


def test_blue_cells_vineyards_and_works(data):
    b = data.board
    assert len(b.blue_cells) == 4 and any(c.stretch == "grisolles-montech" for c in b.blue_cells)
    assert {v.id: v.capacity for v in b.vineyards} == {"frontonnais": 8, "chasselas": 4, "brulhois": 6}
    assert {e.id for e in b.engineering_works} == {"pente-d-eau-montech", "pont-canal-cacor"}


def test_scoring_table_has_the_rulebook_example_and_never_falls(data):
    t = [data.board.scoring_table[str(k)] for k in range(1, 11)]
    assert t[4] == 8  # a 5-worker section is worth 8 (002)
    assert all(a <= b for a, b in pairwise(t))


def test_deck_has_55_cards_of_the_rulebook_kinds(data):
    assert sum(c.count for c in data.deck.cards) == 55
    assert {c.effect for c in data.deck.cards} == {"move", "jump", "lock", "engineering_work", "to_vineyard",
                                                   "to_canal"}
    for effect in ("to_vineyard", "to_canal"):  # own worker, and any worker (the Occitan cross)
        assert {c.any_worker for c in data.deck.cards if c.effect == effect} == {True, False}


def test_reconstructed_values_say_why(data):
    records = [*data.board.towns, *data.board.stretches, *data.board.blue_cells, *data.board.vineyards,
               *data.board.engineering_works, data.board, *data.deck.cards, data.deck, data.rules]
    kinds = set()
    for rec in records:
        for field, prov in rec.provenance.items():
            kinds.add(prov.kind)
            assert (prov.ref if prov.kind == "rulebook" else prov.reason), (rec, field)
    assert kinds == {"rulebook", "reconstructed"}
    assert data.board.provenance["scoring_table"].kind == "reconstructed"
    assert all(c.provenance["count"].kind == "reconstructed" for c in data.deck.cards)


def test_rulings_are_numbered(data):
    assert [r.id for r in data.rulings] == [f"A-R{i}" for i in range(1, len(data.rulings) + 1)]
    assert len(data.rulings) >= 18


# ------------------------------------------------------------------------ the map
def test_towns_stand_where_the_heritage_content_puts_them(data):
    heritage = load_heritage()
    for t in data.board.towns:
        place = heritage.place_for_game("arriala", t.id)
        assert math.isclose(place.coordinates.lat, t.lat, abs_tol=0.01)
        assert math.isclose(place.coordinates.lon, t.lon, abs_tol=0.01)


def test_board_places_have_heritage_stories(data):
    heritage = load_heritage()
    ids = [v.id for v in data.board.vineyards] + [e.id for e in data.board.engineering_works]
    ids += sorted({c.kind for c in data.board.blue_cells})
    for i in ids:
        assert heritage.place_for_game("arriala", i).localized("story", "en").text


@pytest.mark.parametrize("players", [2, 3, 4])
def test_cells_follow_the_canal_between_their_towns(data, players):
    board = Board(data, players)
    for st in board.stretches:
        a, z = board.cells[st.first - 1], board.cells[st.last + 1]
        assert a.town and z.town
        pts = [(a.lat, a.lon)] + [(c.lat, c.lon) for c in board.cells[st.first: st.last + 1]] + [(z.lat, z.lon)]
        steps = [math.dist(p, q) for p, q in pairwise(pts)]
        # evenly spaced along the course: no step is more than twice another
        assert max(steps) <= 2.5 * min(steps), st.id
        # inside the box of the two towns (and the stretch's own waypoints), with a margin
        course = data.board.stretches[[s.id for s in data.board.stretches].index(st.id)].course
        lats = [a.lat, z.lat] + [w.lat for w in course]
        lons = [a.lon, z.lon] + [w.lon for w in course]
        for lat, lon in pts:
            assert min(lats) - 0.01 <= lat <= max(lats) + 0.01 and min(lons) - 0.01 <= lon <= max(lons) + 0.01


def test_parts_out_of_play(data):
    two, three, four = Board(data, 2), Board(data, 3), Board(data, 4)
    assert "grisolles" not in two.town_index and len(two.blue) == 3  # A-R8, A-R13
    assert [v.id for v in two.vineyards] == [v.id for v in three.vineyards] == ["chasselas", "brulhois"]
    assert len(four.vineyards) == 3 and four.size == 5 + sum(s.cells for s in data.board.stretches)
    assert ArrialaGame(2).owners == 3 and ArrialaGame(3).owners == 3


# ------------------------------------------------------------------------ bad files
def _copy(tmp_path: Path) -> Path:
    shutil.copytree(data_dir() / "arriala", tmp_path / "arriala")
    return tmp_path


def _edit(base: Path, name: str, change: Callable[[Any], None]) -> None:
    path = base / "arriala" / name
    raw = json.loads(path.read_text(encoding="utf-8"))
    change(raw)
    path.write_text(json.dumps(raw), encoding="utf-8")


@pytest.mark.parametrize("name, change, where", [
    ("board.json", lambda d: d["stretches"][1].update(cells=11), "stretches[1].cells"),
    ("board.json", lambda d: d["stretches"][0]["provenance"].pop("cells"), "stretches[0]"),
    ("board.json", lambda d: d["scoring_table"].update({"5": 7}), "scoring_table.5"),
    ("board.json", lambda d: d["stretches"][2].update(lock_max=5), "stretches"),
    ("deck.json", lambda d: d["cards"][0].update(count=1), "cards"),
    ("deck.json", lambda d: d["cards"][3].update(effect="teleport"), "cards[3].effect"),
    ("rules.json", lambda d: d["costs"].pop("draw"), "costs.draw"),
])
def test_a_bad_file_names_the_file_and_the_field(tmp_path, name, change, where):
    base = _copy(tmp_path)
    _edit(base, name, change)
    with pytest.raises(DataError) as err:
        load_arriala_data(base)
    assert err.value.file == f"arriala/{name}"
    assert err.value.field.startswith(where)


def test_broken_json_is_reported_with_its_line(tmp_path):
    base = _copy(tmp_path)
    (base / "arriala" / "deck.json").write_text('{"size": 55,\n "cards": [}', encoding="utf-8")
    with pytest.raises(DataError, match="deck.json: line 2"):
        load_arriala_data(base)
