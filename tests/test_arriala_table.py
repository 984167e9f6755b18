"""The Arriala table, headless: what it shows from the match, and what it never shows.

The palette greys exactly what the engine refuses, with its reason; the highlighted
workers and targets are exactly the legal actions; a tap on a ring plays it and a tap on
another cell gets the engine's reason; an opponent's hand is never in any component; one
update per change."""

from __future__ import annotations

import random
from dataclasses import replace

import panel as pn

from canal_heritage import games
from canal_heritage.arriala import actions as A
from canal_heritage.matches.arriala import PALETTE, ArrialaMatch, Seat, kind_of, target_of, worker_of
from canal_heritage.views.choice_list import ChoiceList
from canal_heritage.views.home.arriala_setup import ArrialaSetup
from canal_heritage.views.tables.arriala_table import BACK, ArrialaTable

ARRIALA = games.kind("arriala").name  # the page, record and plan name of Arriala


def strings(view) -> list[str]:
    """Every text, markup and label the component tree would send to a browser (hidden ones too)."""
    out = []
    for obj in view.__panel__().select():
        if isinstance(obj, pn.pane.HTML):
            out.append(str(obj.object))
        elif isinstance(obj, pn.widgets.Button):
            out.extend([obj.label, str(obj.description or ""), " ".join(obj.css_classes)])
        elif isinstance(obj, ChoiceList):
            out.append(obj.label)
            out.extend(str(v) for item in obj.items for v in item.values())
    if isinstance(view, ArrialaTable):
        for source in (view.map.labels, view.map.rings):
            out.extend(str(v) for v in source.data.get("text", source.data.get("number", [])))
    return out


def click(b: pn.widgets.Button) -> None:
    b.clicks += 1  # what a browser's click does to a Panel button


def pick(table: ArrialaTable, key: str) -> None:
    """What a browser's click on the choice button of ``key`` sends (``ChoiceList``)."""
    table.choice.choices._handle_msg({"key": key})


def press(table: ArrialaTable, key: str) -> None:
    """A click on a palette entry (its kind) or a card (``card:<id>``)."""
    for choices in (table.choice.palette, table.choice.hand):
        if choices.item(key) is not None:
            choices._handle_msg({"key": key})
            return
    raise AssertionError(f"{key} is not shown")


def item(table: ArrialaTable, key: str) -> dict:
    """The palette entry or the card of ``key`` as shown (label, classes, tip)."""
    found = table.choice.palette.item(key) or table.choice.hand.item(key)
    assert found is not None, f"{key} is not shown"
    return found


def greyed(table: ArrialaTable, key: str) -> bool:
    """Greyed, or not shown at all: with no action point left, "End my turn" is the only
    button of the palette (issue 13, item 6)."""
    if table.choice.palette.keys() == ["end_turn"] and key != "end_turn":
        return True
    return "unavailable" in item(table, key)["classes"].split()


def vs_bot(lang="en", **kw) -> ArrialaMatch:
    kw.setdefault("seed", 3)
    kw.setdefault("first", 0)
    kw.setdefault("pace", 0)
    return ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", kw.pop("level", "heuristic"))], lang=lang, **kw)


def offered(table: ArrialaTable) -> list[str]:
    """The keys of the choices shown, workers or places (pass one to :func:`pick`); the
    "Back" button after them is not one."""
    return [k for k in table.choice.choices.keys() if k != BACK]  # noqa: SIM118 - a ChoiceList, not a dict


def rings(table: ArrialaTable) -> list[tuple[float, float]]:
    return list(zip(table.map.rings.data["x"], table.map.rings.data["y"], strict=True))


def test_the_palette_greys_what_the_engine_refuses_with_its_reason():
    m = vs_bot()
    table = ArrialaTable(m)
    legal_kinds = {kind_of(m.game, a) for a in m.legal_actions()}
    reasons = m.reasons()
    for kind in PALETTE:
        assert greyed(table, kind) == (kind not in legal_kinds), kind
        if kind in reasons:
            assert item(table, kind)["tip"] == table.choice.why(kind, reasons[kind]) and item(table, kind)["tip"]
        else:
            assert item(table, kind)["tip"] == "", kind
    assert item(table, "to_vineyard")["tip"] == "None of your workers is on the canal."
    press(table, "to_vineyard")  # a greyed button still answers: why not
    assert m.message == "None of your workers is on the canal." and table.choice.kind is None


def test_the_highlighted_targets_are_exactly_the_legal_actions():
    m = vs_bot(seed=8)
    table = ArrialaTable(m)
    rng = random.Random(4)
    checked = set()
    for _ in range(40):
        if m.over:
            break
        legal = set(m.legal_actions())
        kinds = sorted({kind_of(m.game, a) for a in legal} - {"draw", "end_turn"})
        if not kinds:
            press(table, "end_turn")
            continue
        kind = rng.choice(kinds)
        table.choice.choose_kind(kind)
        of_kind = {a for a in legal if kind_of(m.game, a) == kind}
        workers = {worker_of(m.game, a) for a in of_kind} - {None}
        if table.choice.worker is None and workers:
            assert {t.worker for t in table.choice.targets} == workers
            assert len(rings(table)) == len(workers) == len(offered(table))
            pick(table, rng.choice(offered(table)))
        w = table.choice.worker
        expected = {a for a in of_kind if w is None or worker_of(m.game, a) == w}
        assert {t.action for t in table.choice.targets} == expected
        assert len(rings(table)) == len(expected) == len(offered(table))
        checked.add(kind)
        pick(table, rng.choice(offered(table)))
    assert {"move", "place"} <= checked


def test_a_tap_on_a_ring_plays_it_and_a_tap_elsewhere_gets_the_engines_reason():
    m = vs_bot()
    table = ArrialaTable(m)
    press(table, "place")
    target = next(t for t in table.choice.targets if not m.game.board.is_town[target_of(m.game, t.action)[1]])
    table.tap(target.x, target.y)
    assert m.state.history == [target.action]
    # the cell now holds a worker: a virtual worker may not stop there, and the engine says so
    press(table, "move")
    table.choice.choose(next(t for t in table.choice.targets if t.worker is not None and t.worker // 5 == 2))
    x, y = table.map.cell_xy[target_of(m.game, target.action)[1]]
    table.tap(x, y)
    assert m.message == "Another worker is already on that cell." and len(m.state.history) == 1


def test_a_town_tap_takes_the_first_target_and_the_buttons_mirror_the_rings():
    m = vs_bot()
    table = ArrialaTable(m)
    press(table, "place")
    items = [item for item in table.choice.choices.items if item["key"] != BACK]
    assert items[0]["aria"].startswith("1 · ") and len(items) == len(rings(table))
    numbers = [str(i + 1) for i in range(len(items))]
    assert table.map.rings.data["number"] == numbers
    # many places: each button shows its ring's number (its words are its name and hover text)
    assert len(items) > 6 and [item["label"] for item in items] == numbers
    assert all(item["tip"] and item["aria"].endswith(item["tip"]) for item in items)


def test_what_the_viewer_cannot_see_changes_nothing_on_screen():
    a = vs_bot(seed=11)
    b = vs_bot(seed=11)
    # the bot's hand and the deck are hidden from seat 0: swap the bot's cards with the deck's
    hand = [k for k, c in enumerate(b.state.hand[1]) for _ in range(c)]
    deck = b.state.deck
    b.state.hand[1] = [0] * len(b.state.hand[1])
    for k in deck[:len(hand)]:
        b.state.hand[1][k] += 1
    b.state.deck = hand + deck[len(hand):]
    assert b.state.hand[1] != a.state.hand[1], "pick a seed where the swap changes the bot's hand"
    assert replace(a.observation(), game=None) == replace(b.observation(), game=None)
    ta, tb = ArrialaTable(a), ArrialaTable(b)
    assert strings(ta) == strings(tb)
    # and the bot's cards are nowhere in the markup (only the viewer's own cards are)
    mine = set(a.state.hand_list(0))
    theirs = set(a.state.hand_list(1)) - mine
    shown = " ".join(strings(ta))
    for cid in theirs:
        assert f"card-{cid}" not in shown
        assert a.narrator().card(cid) not in shown
    for cid in mine:
        assert f"card-{cid}" in shown


def test_the_privacy_screen_shows_no_hand_and_no_board():
    m = ArrialaMatch([Seat("human", "Ana"), Seat("human", "Ben")], seed=5, first=0, pace=0, lang="en")
    table = ArrialaTable(m)
    shown = "".join(strings(table))
    assert "Pass the device to Ana" in shown
    assert "card-" not in shown and table._body not in table.__panel__().objects
    click(next(b for b in table.__panel__().select(pn.widgets.Button) if "privacy-ok" in b.css_classes))
    assert not m.privacy and table._body in table.__panel__().objects
    assert any("card-" in s for s in strings(table))
    press(table, "end_turn")
    assert m.privacy and "card-" not in "".join(strings(table))
    assert table.choice.hand.items == [] and table.choice.palette.items == [] and m.observation() is None


def test_hot_seat_drops_the_previous_players_card_buttons():
    m = ArrialaMatch([Seat("human", "Ana"), Seat("human", "Ben")], seed=5, first=0, pace=0, lang="en")
    table = ArrialaTable(m)
    m.confirm_privacy()
    ana = set(m.state.hand_list(0))
    press(table, "end_turn")
    m.confirm_privacy()
    ben = set(m.state.hand_list(1))
    classes = " ".join(x["classes"] for x in table.choice.hand.items)
    assert classes
    for cid in ana - ben:
        assert f"card-{cid}" not in classes


def test_one_update_per_change():
    m = vs_bot(level="random")
    table = ArrialaTable(m)
    for _ in range(15):
        if m.over:
            break
        renders, moves = table.renders, len(m.bot_moves)
        press(table, "place" if not greyed(table, "place") else "end_turn")
        if table.choice.kind is not None:  # choosing a kind is one update, the choice another
            assert table.renders - renders == 1
            renders = table.renders
            pick(table, offered(table)[0])
        assert table.renders - renders == 1 + len(m.bot_moves) - moves


def test_back_after_the_choices_undoes_the_choice_not_the_game():
    m = vs_bot()
    table = ArrialaTable(m)
    assert BACK not in table.choice.choices.keys()  # noqa: SIM118 - a ChoiceList, not a dict
    press(table, "move")
    assert table.choice.choices.keys()[-1] == BACK and "chosen" in item(table, "move")["classes"]
    pick(table, BACK)
    assert table.choice.kind is None and table.choice.choices.items == [] and m.state.history == []
    assert "chosen" not in item(table, "move")["classes"]
    pick(table, BACK)  # a second tap in flight: nothing on offer, nothing happens
    assert table.choice.kind is None


def test_a_click_on_a_choice_no_longer_offered_does_nothing():
    m = vs_bot()
    table = ArrialaTable(m)
    press(table, "place")
    first = offered(table)[0]
    pick(table, first)
    state, renders = m.state.to_dict(), table.renders
    pick(table, first)  # the double tap
    assert m.state.to_dict() == state and table.renders == renders
    table.choice.choices._handle_msg({"key": 3})  # a malformed message from a browser
    table.choice.choices._handle_msg("a1")
    assert m.state.to_dict() == state and table.renders == renders


def test_undo_from_the_table():
    m = vs_bot()
    table = ArrialaTable(m)
    assert table._undo_button.disabled
    press(table, "place")
    pick(table, offered(table)[0])
    assert not table._undo_button.disabled
    click(table._undo_button)
    assert m.state.history == [] and table._undo_button.disabled


def test_a_typed_name_is_escaped_everywhere():
    m = ArrialaMatch([Seat("human", "<script>alert(1)</script>"), Seat("bot", "", "random")], seed=1, first=0,
                     lang="en", pace=0)
    shown = "".join(strings(ArrialaTable(m)))
    assert "<script>" not in shown and "&lt;script&gt;" in shown


def test_sections_show_counts_leaders_and_what_they_would_score():
    m = vs_bot()
    table = ArrialaTable(m)
    first = m.game.board.stretches[0].first
    m.play(A.place(first))
    shown = table._panes["sections"].object
    assert "Ana leads and would score" in shown and "1 of 6 cells taken" in shown


def test_the_end_screen_explains_the_result_with_the_whole_score_sheet():
    m = ArrialaMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=2, lang="en", pace=0,
                     overrides={"cells": [2, 2, 2, 2]})
    while not m.over:
        m.step_bot()
    table = ArrialaTable(m, on_again=lambda: None, on_home=lambda: None)
    shown = "".join(strings(table))
    assert "wins!" in shown or "Nobody wins" in shown
    assert "A-R18" not in shown  # rule codes only in the teacher's projector mode (issue 13)
    for words in ("Sections", "Locks", "River works", "Engineering works", "Vineyards", "Total",
                  "Workers on the canal", "Play again", "Every point, line by line"):
        assert words in shown, words


def test_a_move_at_a_town_pairs_the_game_with_its_heritage_place():
    m = vs_bot()
    table = ArrialaTable(m)
    opened = []
    table.on_place = opened.append
    press(table, "place")
    town = next(t for t in table.choice.targets if m.game.board.is_town[target_of(m.game, t.action)[1]])
    table.choice.choose(town)
    assert table._heritage.visible and "On the real canal" in table._panes["heritage"].object
    click(table._story_button)
    assert opened == ["montech"]
    table.on_place = None
    click(table._story_button)  # without the explorer, the story opens here
    assert table._panes["story"].visible and "class='story'" in table._panes["story"].object


def test_switching_language_translates_the_table():
    m = vs_bot(lang="en")
    table = ArrialaTable(m, on_language=m.set_language)
    assert item(table, "draw")["label"].startswith("Draw a card")
    click(next(b for b in table._lang_buttons if "lang-fr" in b.css_classes))
    assert m.lang == "fr" and not item(table, "draw")["label"].startswith("Draw")
    assert m.names[1] == "Jaune"


def test_a_bot_only_table_and_the_projector():
    m = ArrialaMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=2, lang="en", pace=0,
                     projector=True)
    table = ArrialaTable(m)
    assert m.paused and len(m.bot_moves) == 1  # the first action, then the teacher's pause
    step = next(b for b in table.__panel__().select(pn.widgets.Button) if "continue" in b.css_classes)
    click(step)
    assert len(m.bot_moves) == 2 and m.paused


def test_setup_builds_the_seats_and_asks_who_starts():
    started = []
    setup = ArrialaSetup(lang="en", on_start=lambda seats, first: started.append((seats, first)),
                         on_back=lambda: None)
    assert list(setup.first.options) == ["Me", "The computer (Yellow)", "Let chance decide"]
    setup.opponents.value = 3
    setup.level.value = "expert"
    setup.your_name.value = "Zoé"
    setup.first.value = 2
    click(next(b for b in setup.__panel__().select(pn.widgets.Button) if "start" in b.css_classes))
    seats, first = started[-1]
    assert [s.kind for s in seats] == ["human", "bot", "bot", "bot"] and first == 2
    assert seats[0].name == "Zoé" and all(s.level == "expert" for s in seats[1:])
    setup.mode.value = "hotseat"
    setup.players.value = 3
    for w, name in zip(setup.names, ["A", "B", "C"], strict=False):
        w.value = name
    assert [s.name for s in setup.seats()] == ["A", "B", "C"]
    assert "Who saw a canal most recently?" in "".join(strings(setup))


def _exhibit_module():
    import canal_heritage.exhibit as module

    return module


def test_the_exhibit_offers_arriala_from_home_and_discards_it_on_reset():
    module = _exhibit_module()
    app = module.ExhibitApp(kiosk=True, seed=1, lang="en", match_options={"arriala": {"pace": 0}})
    tile = next(b for b in app.__panel__().select(pn.widgets.Button) if "play-arriala" in b.css_classes)
    click(tile)
    assert app.page == "arriala-setup"
    app.start("arriala", [Seat("human", "Ana"), Seat("bot", "", "random")], first=1)
    m = app.match_of("arriala")
    assert app.page == ARRIALA and m is not None and m.state.first == 1 and m.pace == 0
    assert m.to_move == 0  # the bot's first turn was played at once (no server here)
    app.set_language("oc")
    assert m.lang == "oc"
    opened = app.table_of("arriala").on_place
    assert opened is not None and opened.__func__ is module.ExhibitApp.open_place
    app.reset()
    assert app.page == "home" and app.match_of("arriala") is None and m.closed


def test_projector_shows_every_hand_only_when_the_teacher_asks():
    m = vs_bot(projector=True)
    table = ArrialaTable(m)
    bot_cards = [table.narrator.card(c) for c in m.state.hand_list(1)]
    assert bot_cards and table._hands_toggle is not None
    def players() -> str:
        return table._panes["players"].object

    assert not any(c in players() for c in bot_cards)
    table._hands_toggle.value = True  # the teacher's switch
    assert m.open_hands and m.open_hands_view() == [m.state.hand_list(0), m.state.hand_list(1)]
    assert all(c in players() for c in bot_cards)
    table._hands_toggle.value = False
    assert m.open_hands_view() is None


def test_without_the_projector_no_hand_is_ever_opened():
    m = vs_bot()
    assert ArrialaTable(m)._hands_toggle is None
    m.show_open_hands(True)  # even if asked, only the projector's table shows them (A-R11)
    assert m.open_hands_view() is None


def test_a_game_changes_words_not_which_models_the_page_holds_and_lays_it_out_seldom():
    """Two costs of a Bokeh page, both found at a busy exhibit (issue 6). On the server,
    replacing a container's children (or a button's tooltip) makes Bokeh walk every model of
    the page again. In the browser, each change of a widget's visibility or classes makes
    BokehJS lay out the whole page again. Over a whole game, the models are walked only
    when a container really changed, and a click changes the visibility or classes of at
    most a few widgets, whatever the number of choices (they are ChoiceLists)."""
    from bokeh.document import Document
    from bokeh.document.events import ModelChangedEvent
    from bokeh.models import LayoutDOM

    m = vs_bot(level="random", seed=4)
    table = ArrialaTable(m)
    doc = Document()
    doc.add_root(table.__panel__().get_root(doc))
    walks: list[int] = []
    layouts: list[str] = []
    recompute = doc.models.recompute
    doc.models.recompute = lambda: (walks.append(1), recompute())[1]
    doc.on_change(lambda e: layouts.append(f"{type(e.model).__name__}.{e.attr}")
                  if isinstance(e, ModelChangedEvent) and isinstance(e.model, LayoutDOM)
                  and e.attr in ("visible", "css_classes", "children", "stylesheets") else None)
    containers = (table._panel, table.choice.column, table._body, table._board, table._side, table._scroll,
                  table._heritage)
    before = [list(c.objects) for c in containers]
    changed = clicks = most = 0
    choices_shown = 0
    rng = random.Random(4)
    while not m.over and clicks < 400:
        layouts.clear()
        renders = table.renders
        if offered(table):
            choices_shown = max(choices_shown, len(offered(table)))
            pick(table, rng.choice(offered(table)))
        else:
            kinds = [k for k in ("place", "move", "draw", "end_turn") if not greyed(table, k)]
            press(table, rng.choice(kinds) if kinds else "end_turn")
        clicks += 1
        most = max(most, len(layouts) / max(1, table.renders - renders))  # bots' moves are updates too
        now = [list(c.objects) for c in containers]
        changed += sum(a != b for a, b in zip(before, now, strict=True))
        before = now
    assert m.over and clicks > 50 and choices_shown > 10
    assert len(walks) <= changed < clicks / 10
    assert most <= 2, most


def test_the_table_reads_costs_and_card_targets_from_the_observation_and_the_actions_module():
    """What the table shows a cost from (the observation) says what the engine charges, and
    a card's target made by the actions module decodes to the same worker and cell."""
    m = vs_bot()
    obs = m.observation()
    assert obs.legal_actions and all(obs.action_cost(a) == m.state.action_cost(a) for a in obs.legal_actions)
    g = m.game
    k = g.effects.index("move")
    d = A.decode(A.card(k, A.card_target_worker_cell(7, 12)), g.effects)
    assert (d.kind, d.card, d.worker, d.cell) == ("card", k, 7, 12)
    v = g.effects.index("to_vineyard") if "to_vineyard" in g.effects else None
    if v is not None:
        d = A.decode(A.card(v, A.card_target_worker_vineyard(3, 1)), g.effects)
        assert (d.worker, d.vineyard) == (3, 1)


def test_the_notebooks_draw_each_seat_in_the_exhibits_colour():
    from canal_heritage.lessons.arriala import board_svg

    m = ArrialaMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "heuristic")], seed=3, first=0, pace=0)
    while len({w // A.W for w, where in enumerate(m.state.loc) if where >= 0}) < 3:  # every owner on the board
        assert m.step_bot()
    table = ArrialaTable(m)
    fills = set(table.map.workers.data["fill"])
    svg = board_svg(m.state, "en")
    assert len(fills) >= 2 and all(f'fill="{f}"' in svg for f in fills)


def test_once_an_action_is_chosen_the_palette_shows_it_alone_and_back_brings_the_others():
    """Issue 26, item 5: the choices of where stay in view beside the map: the chosen action
    alone in the palette (pressed again, it is unchosen), no card in hand; "Back" restores."""
    m = vs_bot()
    table = ArrialaTable(m)
    assert [i["key"] for i in table.choice.palette.items] == list(PALETTE)
    assert table.choice.hand.items  # the visitor's cards
    press(table, "place")
    assert [i["key"] for i in table.choice.palette.items] == ["place"]
    assert "chosen" in table.choice.palette.items[0]["classes"]
    assert table.choice.hand.items == []
    table.choice._target_chosen(BACK)
    assert [i["key"] for i in table.choice.palette.items] == list(PALETTE)
    assert table.choice.hand.items
    press(table, "place")
    press(table, "place")  # the chosen action pressed again: unchosen
    assert [i["key"] for i in table.choice.palette.items] == list(PALETTE)
