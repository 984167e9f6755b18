"""Staged moments (issue 13, item 4): read from the engine's events as the viewer sees them,
each kind made once, at the right time, naming the right seats, and never carrying a card
the viewer may not see; the stage sends one batch per change that makes moments."""

from __future__ import annotations

import random
from dataclasses import astuple

import pytest

from canal_heritage.arriala.narration import Narrator as ArrialaNarrator
from canal_heritage.arriala.state import ArrialaGame
from canal_heritage.core.events import Event
from canal_heritage.matches import moments as M
from canal_heritage.matches.arriala import ArrialaMatch
from canal_heritage.matches.midi import MidiMatch, Seat
from canal_heritage.midi.narration import Narrator as MidiNarrator
from canal_heritage.midi.state import MidiGame

SEEDS = range(20)


def played(game, seed: int):
    """A whole game of random legal moves (seeded), with its event log."""
    s = game.new_initial_state(seed)
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    return s


def midi_with(key: str, players: int = 3):
    """The first seeded Canal du Midi game whose log has an event ``key``."""
    for seed in SEEDS:
        g = MidiGame(players)
        s = played(g, seed)
        if any(e.key == key for e in s.events):
            return g, s
    pytest.fail(f"no game with {key}")


def arriala_with(test, players: int = 2):
    for seed in SEEDS:
        g = ArrialaGame(players, cells=[2, 2, 2, 2])
        s = played(g, seed)
        if any(test(e) for e in s.events):
            return g, s
    pytest.fail("no such Arriala game")


def midi_moments(g, s, viewer: int = 0, start: int = 0, end: int | None = None):
    return M.midi_moments(s.events[:end], start, viewer, MidiNarrator("en", g, viewer=viewer))


def first(found, cls):
    return next(m for m in found if isinstance(m, cls))


# ---------------------------------------------------------------------- Canal du Midi
def test_the_bids_are_turned_over_once_the_engine_reveals_them_and_not_before():
    g, s = midi_with("midi.bets_revealed", players=4)
    reveal = next(i for i, e in enumerate(s.events) if e.key == "midi.bets_revealed")
    before = midi_moments(g, s, end=reveal)
    assert not any(isinstance(m, M.BidsRevealed) for m in before)  # M-R1: no bet is known before
    assert not any(isinstance(m, M.BidsRevealed) for m in midi_moments(g, s, end=reveal, viewer=2))
    now = midi_moments(g, s, end=reveal + 1)
    bids = [m for m in now if isinstance(m, M.BidsRevealed)]
    assert len(bids) == 1
    b = bids[0]
    assert b.bets == tuple(s.events[reveal].args["bets"]) and len(b.bets) == 4 and b.total == sum(b.bets)
    revealed = next(e for e in reversed(s.events[:reveal]) if e.key == "midi.site_revealed")
    assert (b.site, b.threshold) == (revealed.args["site"], revealed.args["threshold"])
    for name, bet in zip(("Clerville", "Andréossy", "La Feuille", "Vauban"), b.bets, strict=True):
        assert f"{name} {bet}" in b.line  # every seat's bet, said once it is turned over
    # read from a later start, the same moment is not made again
    assert not any(isinstance(m, M.BidsRevealed) for m in midi_moments(g, s, start=reveal + 1, end=reveal + 1))


def test_a_site_won_names_its_winner_and_why():
    g, s = midi_with("midi.site_built")
    found = midi_moments(g, s)
    built = [(i, e) for i, e in enumerate(s.events) if e.key == "midi.site_built"]
    won = [m for m in found if isinstance(m, M.SiteWon)]
    assert [m.at for m in won] == [i for i, _ in built]
    names = MidiNarrator("en", g).names
    for m, (_, e) in zip(won, built, strict=True):
        assert m.winners == tuple(e.args["winners"]) and m.values == tuple(e.args["values"])
        assert m.total == e.args["total"] >= m.threshold
        if m.winners:
            assert m.best == max(m.values[w] for w in m.winners) == max(m.values)
            assert m.tie == (len(m.winners) > 1)
            assert all(names[w] in m.line for w in m.winners)
    # the reinforcements drawn for that round explain the values (M-R4)
    with_reinf = [m for m in won if m.reinforcements]
    for m in with_reinf:
        for seat, value in m.reinforcements:
            assert value <= m.values[seat]


def test_a_site_nobody_can_take_cites_no_pawn_left():
    """The engine's own lines, as a log would hold them when the best bidder has no pawn left."""
    g = MidiGame(2)
    events = [Event("midi.site_revealed", {"round": 9, "site": "IV", "threshold": 4, "lead": 0}),
              Event("midi.bets_revealed", {"bets": [6, 2], "total": 8}),
              Event("midi.no_pawn_left", {"player": 0, "site": "IV", "ruling": "M-R11"}),
              Event("midi.site_built", {"site": "IV", "total": 8, "threshold": 4, "values": [6, 2], "winners": [1],
                                        "tie": False})]
    won = first(M.midi_moments(events, 0, 1, MidiNarrator("en", g, viewer=1)), M.SiteWon)
    assert won.no_pawn == (0,) and won.winners == (1,) and won.best == 2 and won.ruling == "M-R11"
    assert "no pawn left" in won.line


def test_a_delayed_site_says_how_many_points_were_missing():
    g, s = midi_with("midi.site_delayed")
    d = first(midi_moments(g, s), M.SiteDelayed)
    assert d.total < d.threshold and d.missing == d.threshold - d.total
    assert "delayed" in d.line


def test_a_coin_earned_names_the_player_and_the_cities():
    g, s = midi_with("midi.coin_earned")
    c = first(midi_moments(g, s), M.CoinEarned)
    e = s.events[c.at]
    assert c.earned and c.player == e.args["player"] and c.cities == tuple(e.args["cities"])
    assert c.ruling == "M-R6"


def test_a_face_up_trade_shows_both_cards():
    g, s = midi_with("midi.trade_face_up")
    t = first(midi_moments(g, s), M.TradeMade)
    assert t.how == "face_up" and t.gave is not None and t.took is not None and t.ruling == "M-R7"


def test_a_hand_trade_shows_its_cards_only_to_the_two_traders():
    g, s = midi_with("midi.trade_hand")
    at, e = next((i, e) for i, e in enumerate(s.events) if e.key == "midi.trade_hand")
    trader, other = e.args["player"], e.args["seat"]
    third = next(p for p in range(g.players) if p not in (trader, other))
    mine = first(midi_moments(g, s, viewer=trader, start=at), M.TradeMade)
    theirs = first(midi_moments(g, s, viewer=other, start=at), M.TradeMade)
    public = first(midi_moments(g, s, viewer=third, start=at), M.TradeMade)
    assert mine.gave == e.private[trader]["given"] and mine.took == e.private[trader]["received"]
    assert (theirs.gave, theirs.took) == (mine.gave, mine.took)  # the same swap, told from the other side
    assert public.gave is None and public.took is None
    assert first(midi_moments(g, s, viewer=-1, start=at), M.TradeMade).gave is None


# ---------------------------------------------------------------------- Arriala
def test_a_section_scored_shows_its_majority():
    g, s = arriala_with(lambda e: e.key == "arriala.section_scored")
    n = ArrialaNarrator("en", g)
    found = M.arriala_moments(s.events, 0, 0, n)
    scored = [(i, e) for i, e in enumerate(s.events) if e.key == "arriala.section_scored"]
    sections = [m for m in found if isinstance(m, M.SectionScored)]
    assert [m.at for m in sections] == [i for i, _ in scored]
    for m, (_, e) in zip(sections, scored, strict=True):
        assert sum(m.counts) == m.workers and m.counts == tuple(e.args["counts"])
        assert m.winner == e.args["winner"] and m.points == e.args["points"] and m.ruling == "A-R6"
        if m.tie == "none":
            assert m.counts[m.winner] == max(m.counts)  # the majority scores


def test_another_seat_moving_your_worker_is_a_moment_for_you_only():
    def moved(e: Event) -> bool:
        return e.key == "arriala.move" and e.args["owner"] != e.args["player"] and e.args["owner"] < 2

    g, s = arriala_with(moved)
    at, e = next((i, e) for i, e in enumerate(s.events) if moved(e))
    owner, mover = e.args["owner"], e.args["player"]
    mine = [m for m in M.arriala_moments(s.events, at, owner, ArrialaNarrator("en", g)) if m.at == at]
    assert len(mine) == 1 and isinstance(mine[0], M.WorkerMoved)
    w = mine[0]
    assert (w.player, w.owner, w.frm, w.to) == (mover, owner, e.args["from"], e.args["to"])
    assert not [m for m in M.arriala_moments(s.events, at, mover, ArrialaNarrator("en", g)) if m.at == at]
    assert not [m for m in M.arriala_moments(s.events, at, -1, ArrialaNarrator("en", g)) if m.at == at]


def test_works_built_and_vineyards_first_worked_are_moments_with_their_place():
    g, s = arriala_with(lambda e: e.key in ("arriala.engineering_work", "arriala.river_work"))
    built = [m for m in M.arriala_moments(s.events, 0, 0, ArrialaNarrator("en", g)) if isinstance(m, M.WorkBuilt)]
    assert built and all(m.place for m in built)
    vineyards = [m.place for m in built if m.what == "vineyard"]
    assert len(vineyards) == len(set(vineyards))  # a vineyard is "built" once, when first worked


# ---------------------------------------------------------------------- hidden information
def _other_cards(events: list[Event], viewer: int, shift: int) -> list[Event]:
    """The same log with every card only others could see changed: what the log of a game
    that differs from this one only in hidden cards looks like (bets before their reveal,
    cards drawn face down, hand trades, Arriala draws)."""
    out = []
    for e in events:
        if not e.private:
            out.append(e)
            continue
        private = {p: {k: (v + shift if isinstance(v, int) else f"{v}-other") for k, v in a.items()}
                   if p != viewer else a for p, a in e.private.items()}
        out.append(Event(e.key, e.args, private))
    return out


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_moment_never_carries_a_card_the_viewer_may_not_see_midi(players):
    for seed in range(6):
        g = MidiGame(players)
        s = played(g, seed)
        for viewer in range(players):
            n = MidiNarrator("en", g, viewer=viewer)
            a = M.midi_moments(s.events, 0, viewer, n)
            b = M.midi_moments(_other_cards(s.events, viewer, 7), 0, viewer, n)
            assert [astuple(m) for m in a] == [astuple(m) for m in b]


def test_a_moment_never_carries_a_card_the_viewer_may_not_see_arriala():
    for seed in range(6):
        g = ArrialaGame(2, cells=[2, 2, 2, 2])
        s = played(g, seed)
        n = ArrialaNarrator("en", g)
        a = M.arriala_moments(s.events, 0, 0, n)
        b = M.arriala_moments(_other_cards(s.events, 0, 7), 0, 0, n)
        assert [astuple(m) for m in a] == [astuple(m) for m in b]


def test_the_stage_sends_the_same_bytes_to_seat_0_whatever_seat_1_hides():
    """The browser's message itself (pictures, words) for seat 0: the same for two games that
    differ only in the cards seat 1 holds hidden."""
    from canal_heritage.views.tables.midi_table import MidiTable
    from canal_heritage.views.tables.moment_stage import stage_items

    g, s = midi_with("midi.trade_hand", players=3)
    m = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "random"), Seat("bot", "", "random")], seed=0, lang="en")
    t = MidiTable(m)  # the table draws its game's moments
    m.state = s
    found = M.moments(m, 0)
    assert found
    items = stage_items(found, t, m.translator())
    twin = s.clone()
    twin.events = _other_cards(list(s.events), 0, 7)
    m.state = twin
    assert stage_items(M.moments(m, 0), t, m.translator()) == items


# ---------------------------------------------------------------------- a table's moments
def vs_bots(players: int = 2, seed: int = 3) -> MidiMatch:
    return MidiMatch([Seat("human", "Ana")] + [Seat("bot", "", "random")] * (players - 1), seed=seed, lang="en")


def test_the_cursor_gives_each_moment_once_and_withdraws_after_undo():
    m = vs_bots()
    cursor = M.MomentCursor()
    assert cursor.advance(m) == []  # what happened before the screen opened is not staged
    seen: list[M.Moment] = []
    rng = random.Random(1)
    while not any(isinstance(x, M.BidsRevealed) for x in seen):
        if m.is_bot_turn():
            m.step_bot()
        else:
            m.play(rng.choice(m.legal_actions()))
        got = cursor.advance(m)
        assert got is not None
        seen += got
    assert cursor.advance(m) == []  # nothing new: nothing again
    assert len({x.at for x in seen}) == len(seen)
    # a decision taken back: what was staged for it is withdrawn
    while not m.can_undo():
        if m.is_bot_turn():
            m.step_bot()
        else:
            m.play(m.legal_actions()[0])
        cursor.advance(m)
    assert m.undo()
    assert cursor.advance(m) is None


def test_the_table_stages_one_batch_per_change_and_nothing_behind_the_privacy_screen():
    from canal_heritage.views.tables.midi_table import MidiTable

    m = MidiMatch([Seat("human", "Ana"), Seat("human", "Ben")], seed=2, lang="en")
    t = MidiTable(m)
    batches = []
    t.moments.param.watch(lambda ev: batches.append(ev.new), "batch")
    renders = t.renders
    steps = 0
    while not any(i["kind"] == "bids" for b in batches for i in b.get("items", [])):
        if m.privacy:
            m.confirm_privacy()
        else:
            m.play(m.legal_actions()[0])
        steps += 1
        assert steps < 40
    assert len(batches) <= t.renders - renders  # never more than one message per update
    bids = next(i for b in batches for i in b.get("items", []) if i["kind"] == "bids")
    assert bids["say"] and bids["title"] and bids["line"] in bids["say"] and bids["ms"] >= 1500
    assert "<script" not in bids["markup"]
    # the next human's turn: the privacy screen empties the stage
    while not m.privacy:
        m.play(m.legal_actions()[0])
    assert t.moments.batch["items"] == []


def test_a_site_won_tells_the_story_of_the_place():
    from canal_heritage.views.tables.midi_table import MidiTable
    from canal_heritage.views.tables.moment_stage import stage_items

    g, s = midi_with("midi.site_built", players=2)
    m = vs_bots()
    t = MidiTable(m)
    m.state = s
    won = [x for x in M.moments(m, 0) if isinstance(x, M.SiteWon) and x.winners]
    items = stage_items(won, t, m.translator())
    assert items and all(i["story"] and i["story"]["place"].startswith("midi-") and i["story"]["text"]
                         for i in items)
    assert all(m.names[x.winners[0]] in i["title"] for x, i in zip(won, items, strict=True))


def test_arriala_tables_stage_their_sections():
    from canal_heritage.views.tables.arriala_table import ArrialaTable

    a = ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "random")], seed=0, lang="en", pace=0,
                     overrides={"cells": [2, 2, 2, 2]})
    t = ArrialaTable(a)
    kinds: list[str] = []
    t.moments.param.watch(lambda ev: kinds.extend(i["kind"] for i in ev.new.get("items", [])), "batch")
    rng = random.Random(0)
    for _ in range(400):
        if a.over or "section" in kinds:
            break
        if a.legal_actions():
            a.play(rng.choice(a.legal_actions()))
        t._kick_bots()
    assert "section" in kinds


def test_reading_the_log_change_by_change_makes_the_same_moments_as_reading_it_at_once():
    for game in (MidiGame(3), ArrialaGame(2, cells=[2, 2, 2, 2])):
        s = played(game, 4)
        n = (MidiNarrator("en", game, viewer=0) if isinstance(game, MidiGame) else ArrialaNarrator("en", game))
        read = M.midi_moments if isinstance(game, MidiGame) else M.arriala_moments
        whole = read(s.events, 0, 0, n)
        rng = random.Random(0)
        cuts = sorted(rng.sample(range(1, len(s.events)), 25)) + [len(s.events)]
        pieces, start = [], 0
        for cut in cuts:
            pieces += read(s.events[:cut], start, 0, n)
            start = cut
        assert [astuple(m) for m in pieces] == [astuple(m) for m in whole]


def test_a_storys_link_opens_the_explorer_through_the_table():
    from canal_heritage.views.tables.midi_table import MidiTable

    t = MidiTable(vs_bots())
    opened: list[str] = []
    t.on_place = opened.append  # what the exhibit sets: open the explorer on a place
    t.moments._handle_msg({"place": "midi-II"})
    t.moments._handle_msg({"place": 3})  # not a place id: ignored
    assert opened == ["midi-II"]


def test_taps_go_through_the_stage_to_the_arriala_board_only():
    from canal_heritage.views.tables.arriala_table import ArrialaTable
    from canal_heritage.views.tables.midi_table import MidiTable

    assert not MidiTable(vs_bots()).moments.passthrough  # over the site: a tap shows the next moment
    a = ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "random")], seed=0, lang="en", pace=0)
    assert ArrialaTable(a).moments.passthrough  # over the board, whose cells are choices


def test_a_moment_names_the_rule_it_follows_in_plain_words():
    from canal_heritage.views.tables.midi_table import MidiTable
    from canal_heritage.views.tables.moment_stage import stage_items

    g, s = midi_with("midi.coin_earned", players=3)
    m = vs_bots(players=3)
    t = MidiTable(m)
    m.state = s
    coin = [x for x in M.moments(m, 0) if isinstance(x, M.CoinEarned)][:1]
    item = stage_items(coin, t, m.translator())[0]
    assert MidiNarrator("en", g).ruling("M-R6")[0] in item["rule"] and "M-R6" not in item["rule"]
