"""Content files (``data/midi/``): the rulebook's numbers and the project's reconstruction,
and the loader's errors on bad files."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from canal_heritage.core.errors import DataError
from canal_heritage.datafiles import data_dir
from canal_heritage.midi import MidiGame, load_midi_data

ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX"]


@pytest.fixture(scope="module")
def data():
    return load_midi_data()


# ------------------------------------------------------------------------ the content
def test_nine_sites_in_canal_order(data):
    assert [s.id for s in data.sites] == ROMAN
    assert [s.order for s in data.sites] == list(range(1, 10))


def test_one_site_needs_exactly_nine_with_two_players(data):
    """Rulebook step D example: a 2-player site that needs 9 worker points."""
    assert [s.id for s in data.sites if s.threshold(2) == 9] != []
    assert data.site("VIII").threshold(2) == 9


@pytest.mark.parametrize("site", ROMAN)
def test_thresholds_rise_with_player_count(data, site):
    s = data.site(site)
    assert 1 <= s.threshold(2) < s.threshold(3) < s.threshold(4)


def test_site_value_is_the_two_player_threshold(data):
    """M-R9: a site is worth its 2-player threshold."""
    for s in data.sites:
        assert s.value == s.threshold(2)


def test_hard_sites_of_history_are_among_the_highest(data):
    top = sorted((s.threshold(2) for s in data.sites), reverse=True)[:3]
    assert data.site("VII").threshold(2) >= min(top)
    assert data.site("VIII").threshold(2) >= min(top)


def test_sites_one_and_three_are_cities(data):
    """Rulebook step F example connects the cities of sites 1 and 3."""
    assert data.site("I").city and data.site("III").city
    assert not data.site("II").city


def test_at_least_three_tents(data):
    """M-R7: a second tent site must be reachable."""
    assert sum(s.tent for s in data.sites) >= 3


def test_each_colour_has_the_rulebook_cards(data):
    assert data.card_values == (0, 1, 2, 3, 3, 4, 4, 5, 6)
    assert sum(data.card_values) == 28


def test_rules_numbers(data):
    r = data.rules
    assert (r.min_players, r.max_players, r.rounds) == (2, 4, 9)
    assert (r.hand_size, r.face_up, r.face_down) == (3, 3, 3)
    assert (r.pawns_per_player, r.coins_total, r.coins_per_player, r.points_per_unused_coin) == (7, 12, 2, 2)


def test_four_distinct_engineers(data):
    assert len(data.engineers) == 4
    assert len({e.id for e in data.engineers}) == 4
    assert len({e.colour for e in data.engineers}) == 4
    assert len({e.shape for e in data.engineers}) == 4


def _check_provenance(record: Any, fields: tuple[str, ...]) -> None:
    for f in fields:
        assert f in record.provenance, f"{record!r} lacks provenance for {f}"
        p = record.provenance[f]
        assert p.kind in ("rulebook", "reconstructed")
        if p.kind == "rulebook":
            assert p.ref
        else:
            assert p.reason


def test_every_field_has_provenance(data):
    for w in data.workers:
        _check_provenance(w, ("value", "count"))
    for s in data.sites:
        _check_provenance(s, ("name", "place", "thresholds", "city", "tent"))
    for e in data.engineers:
        _check_provenance(e, ("name", "colour", "shape"))
    _check_provenance(data.rules, ("min_players", "max_players", "rounds", "hand_size", "face_up",
                                   "face_down", "pawns_per_player", "coins_total", "coins_per_player",
                                   "points_per_unused_coin"))


def test_thresholds_are_reconstructed_with_a_reason(data):
    for s in data.sites:
        assert s.provenance["thresholds"].kind == "reconstructed"
        assert s.provenance["thresholds"].reason


def test_game_uses_the_thresholds_of_its_player_count(data):
    for n in (2, 3, 4):
        g = MidiGame(n)
        assert g.threshold == tuple(s.threshold(n) for s in data.sites)
        assert g.value == tuple(s.threshold(2) for s in data.sites)


@pytest.mark.parametrize("players", [1, 5, 0, "2", 2.0])
def test_game_refuses_bad_player_counts(players):
    with pytest.raises(ValueError):
        MidiGame(players)


# ------------------------------------------------------------------------ bad files
@pytest.fixture
def tmp_data(tmp_path: Path) -> Path:
    """A private copy of the content folder: ``tmp/midi/*.json``."""
    shutil.copytree(data_dir() / "midi", tmp_path / "midi")
    return tmp_path


def edit(base: Path, name: str, change: Callable[[dict], None]) -> None:
    path = base / "midi" / name
    doc = json.loads(path.read_text(encoding="utf-8"))
    change(doc)
    path.write_text(json.dumps(doc, ensure_ascii=False), encoding="utf-8")


def test_copy_of_the_data_loads(tmp_data):
    assert load_midi_data(base=tmp_data) == load_midi_data()


def _raises(base: Path, file: str, *fragments: str) -> DataError:
    with pytest.raises(DataError) as info:
        load_midi_data(base=base)
    err = info.value
    msg = str(err)
    assert file in msg, msg
    assert err.file == file
    for frag in fragments:
        assert frag in msg, f"{frag!r} not in {msg!r}"
    return err


def _set_threshold(value: Any) -> Callable[[dict], None]:
    def change(doc: dict) -> None:
        doc["sites"][3]["thresholds"]["2"] = value
    return change


def test_threshold_as_a_word_names_file_and_field(tmp_data):
    edit(tmp_data, "sites.json", _set_threshold("four"))
    err = _raises(tmp_data, "midi/sites.json", "sites[3].thresholds.2")
    assert err.field == "sites[3].thresholds.2"


def test_threshold_as_a_numeric_string_is_refused(tmp_data):
    """A threshold written as the string "4" breaks the schema (numbers are JSON numbers)."""
    edit(tmp_data, "sites.json", _set_threshold("4"))
    _raises(tmp_data, "midi/sites.json", "sites[3].thresholds.2")


def test_missing_provenance_names_file_and_field(tmp_data):
    edit(tmp_data, "sites.json", lambda d: d["sites"][2]["provenance"].pop("thresholds"))
    _raises(tmp_data, "midi/sites.json", "sites[2]", "provenance", "thresholds")


def test_reconstructed_provenance_needs_a_reason(tmp_data):
    edit(tmp_data, "sites.json", lambda d: d["sites"][0]["provenance"]["tent"].pop("reason"))
    _raises(tmp_data, "midi/sites.json", "sites[0].provenance.tent", "reason")


def test_worker_missing_provenance(tmp_data):
    edit(tmp_data, "workers.json", lambda d: d["workers"][4]["provenance"].pop("count"))
    _raises(tmp_data, "midi/workers.json", "workers[4]", "count")


def test_invalid_json_names_file_and_line(tmp_data):
    path = tmp_data / "midi" / "rules.json"
    path.write_text('{"min_players": 2,\n  "max_players": }', encoding="utf-8")
    err = _raises(tmp_data, "midi/rules.json", "line 2", "JSON")
    assert err.field == "line 2"


def test_missing_file(tmp_data):
    (tmp_data / "midi" / "engineers.json").unlink()
    _raises(tmp_data, "midi/engineers.json", "not found")


def test_unknown_field_is_refused(tmp_data):
    edit(tmp_data, "sites.json", lambda d: d["sites"][1].update(colour="red"))
    _raises(tmp_data, "midi/sites.json", "sites[1].colour")


def test_thresholds_that_fall_are_refused(tmp_data):
    edit(tmp_data, "sites.json", lambda d: d["sites"][5]["thresholds"].update({"4": 1}))
    _raises(tmp_data, "midi/sites.json", "sites[5]", "rise")


def test_sites_out_of_canal_order_are_refused(tmp_data):
    def swap(d: dict) -> None:
        d["sites"][0], d["sites"][1] = d["sites"][1], d["sites"][0]
    edit(tmp_data, "sites.json", swap)
    _raises(tmp_data, "midi/sites.json", "sites", "canal order")


def test_no_site_needing_nine_is_refused(tmp_data):
    edit(tmp_data, "sites.json", lambda d: d["sites"][7]["thresholds"].update({"2": 8}))
    _raises(tmp_data, "midi/sites.json", "9")


def test_fewer_than_three_tents_is_refused(tmp_data):
    def untent(d: dict) -> None:
        seen = 0
        for s in d["sites"]:
            if s["tent"]:
                seen += 1
                if seen > 2:
                    s["tent"] = False
    edit(tmp_data, "sites.json", untent)
    _raises(tmp_data, "midi/sites.json", "tent")


def test_site_one_not_a_city_is_refused(tmp_data):
    edit(tmp_data, "sites.json", lambda d: d["sites"][0].update(city=False))
    _raises(tmp_data, "midi/sites.json", "cities")


def test_wrong_card_count_is_refused(tmp_data):
    edit(tmp_data, "workers.json", lambda d: d["workers"][3].update(count=3))
    _raises(tmp_data, "midi/workers.json", "workers")


def test_bad_colour_names_the_engineer_field(tmp_data):
    edit(tmp_data, "engineers.json", lambda d: d["engineers"][2].update(colour="green"))
    _raises(tmp_data, "midi/engineers.json", "engineers[2].colour")


def test_rules_number_of_the_wrong_type(tmp_data):
    edit(tmp_data, "rules.json", lambda d: d.update(rounds="nine"))
    _raises(tmp_data, "midi/rules.json", "rounds")


def test_city_flag_as_a_string_is_refused(tmp_data):
    """``"city": "no"`` is not a JSON boolean: the file breaks its schema."""
    edit(tmp_data, "sites.json", lambda d: d["sites"][1].update(city="no"))
    _raises(tmp_data, "midi/sites.json", "sites[1].city")
