"""The table updates once per change, and in place: counts of renders and of component
changes for moves, bots' moves, undo, the privacy screen and the projector (no timing)."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import Future

import panel as pn

from canal_heritage import games
from canal_heritage.matches.midi import MidiMatch, Seat, decide_turn
from canal_heritage.views.tables.midi_table import MidiTable

MIDI = games.kind("midi").name  # the page, record and plan name of Canal du Midi


def offered(table: MidiTable) -> list[str]:
    """The keys of the choices a visitor can see, in order."""
    return table._choices.keys()


def click(table: MidiTable, key: str) -> None:
    """What a browser's click on the choice of ``key`` sends (the key, however old)."""
    table._choices._handle_msg({"key": key})


def press(b: pn.widgets.Button) -> None:
    b.clicks += 1  # what a browser's click does to a Panel button


def vs_bot(seed: int = 3, lang: str = "en", **kw) -> MidiMatch:
    return MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=seed, lang=lang, **kw)


def advance_to(m: MidiMatch, ready) -> MidiMatch:
    while not ready(m):
        assert not m.over
        if m.privacy:
            m.confirm_privacy()
        elif m.paused:
            m.resume()
        elif m.is_bot_turn():
            m.step_bot()
        else:
            m.play(m.legal_actions()[0])
    return m


def my_first_bet(m: MidiMatch) -> bool:
    """The viewer's turn to bet, the bot not having bet yet (so the bet reveals nothing)."""
    return (m.is_viewer_turn() and m.state.phase.name == "BET"
            and not any(m.observation().has_bet))


def run_in_thread(coro_fn) -> None:
    t = threading.Thread(target=lambda: asyncio.run(coro_fn()))
    t.start()
    t.join(timeout=60)
    assert not t.is_alive()


class ImmediateExecutor:
    """A worker pool that answers at once."""

    def submit(self, fn, *args):
        f = Future()
        f.set_result(fn(*args))
        return f


class HeldExecutor:
    """A worker pool that answers when the test says so."""

    def __init__(self) -> None:
        self.pending: list[tuple[Future, tuple]] = []

    def submit(self, fn, *args):
        f = Future()
        self.pending.append((f, args))
        return f


def test_a_move_against_a_bot_is_one_update_and_each_bot_reply_one_more():
    m = vs_bot()
    table = MidiTable(m)
    for _ in range(12):  # a dozen decisions, across phases
        assert not m.over and m.is_viewer_turn()
        renders, moves = table.renders, len(m.bot_moves)
        click(table, offered(table)[0])  # without a server the bots reply at once, in the same call
        assert table.renders - renders == 1 + len(m.bot_moves) - moves


def test_each_bot_move_off_the_event_loop_is_one_update():
    m = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "random"), Seat("bot", "", "heuristic")], seed=4)
    table = MidiTable(m)
    for _ in range(10):
        advance_to(m, lambda x: x.is_viewer_turn())
        m.play(m.legal_actions()[0])  # not through the button: the bots are left to run_bots
        if not m.is_bot_turn():
            continue
        renders, moves, versions = table.renders, len(m.bot_moves), m.version
        run_in_thread(lambda: m.run_bots(ImmediateExecutor(), thinking_delay=60))
        made = len(m.bot_moves) - moves
        assert made >= 1 and not m.busy and not m.thinking
        assert table.renders - renders == made == m.version - versions


def test_a_slow_bot_is_shown_thinking_with_one_more_update():
    m = vs_bot()
    table = MidiTable(m)
    advance_to(m, lambda x: x.is_viewer_turn())
    while not m.is_bot_turn():  # the human may have several decisions in a row
        m.play(m.legal_actions()[0])
    executor = HeldExecutor()
    seen = {}

    async def go():
        renders, moves = table.renders, len(m.bot_moves)
        task = asyncio.ensure_future(m.run_bots(executor, thinking_delay=0))
        for _ in range(1000):  # turns of the loop, not time: until the bot is shown thinking
            if m.thinking:
                break
            await asyncio.sleep(0)
        seen.update(thinking=m.thinking, renders=table.renders - renders, text=table._panes["prompt"].object)
        while not task.done():
            while executor.pending:
                future, args = executor.pending.pop(0)
                future.set_result(decide_turn(*args))
            await asyncio.sleep(0)
        seen.update(after=table.renders - renders, moves=len(m.bot_moves) - moves)

    run_in_thread(go)
    assert seen["thinking"] and seen["renders"] == 1 and "is thinking" in seen["text"]
    assert not m.thinking and not m.busy and seen["moves"] >= 1
    assert seen["after"] == 2 * seen["moves"]  # each slow move: "thinking…", then the move
    assert "is thinking" not in table._panes["prompt"].object


def test_undo_privacy_projector_and_language_are_one_update_each():
    m = advance_to(vs_bot(), my_first_bet)
    table = MidiTable(m)
    n = table.renders
    m.play(m.legal_actions()[-1])
    assert table.renders == n + 1 and not table._undo_button.disabled
    press(table._undo_button)
    assert table.renders == n + 2 and table._undo_button.disabled
    press(table._undo_button)  # a second tap while the first was on its way: nothing to take back
    assert table.renders == n + 2
    m.set_language("oc")
    assert table.renders == n + 3

    hot = MidiMatch([Seat("human", "Ana"), Seat("human", "Ben")], seed=5, lang="en")
    if hot.privacy:
        hot.confirm_privacy()
    table = MidiTable(hot)
    n = table.renders
    first, *others = offered(table)
    assert others
    click(table, first)
    assert hot.privacy and table.renders == n + 1 and offered(table) == []
    for key in others:  # taps still on their way from the first player's screen
        click(table, key)
    assert table.renders == n + 1 and not hot.message
    hot.confirm_privacy()
    assert table.renders == n + 2

    teacher = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "random")], seed=2, lang="en", projector=True)
    table = MidiTable(teacher)
    advance_to(teacher, lambda x: x.paused)
    n = table.renders
    teacher.resume()
    assert table.renders == n + 1
    teacher.show_open_hands(True)
    assert table.renders == n + 2


def test_a_click_names_its_choice_and_a_stale_key_does_nothing():
    m = vs_bot()
    table = MidiTable(m)
    header, choices = list(table._header.objects), table._choices
    for _ in range(15):
        if m.over:
            break
        keys = offered(table)
        assert [table.choice_for(k).action for k in keys] == list(m.legal_actions())
        chosen = keys[-1]
        click(table, chosen)
        # the key names the position it was offered at: sent again (a double tap), it does nothing
        state, renders = m.state.to_dict(), table.renders
        click(table, chosen)
        assert m.state.to_dict() == state and table.renders == renders and not m.message
        assert chosen not in offered(table)
    assert table._choices is choices and choices in table._prompt.objects  # one component, kept
    assert table._header.objects == header and all(x is y for x, y in zip(table._header.objects, header, strict=True))


def test_unchanged_markup_is_not_assigned_again():
    m = advance_to(vs_bot(), my_first_bet)
    table = MidiTable(m)
    changed: list[str] = []
    for name, pane in table._panes.items():
        pane.param.watch(lambda e, name=name: changed.append(name), "object")
    m.play(m.legal_actions()[0])  # a hidden bet: no site changes, the bot's seat neither
    assert changed, "the move changed nothing on screen"
    assert not [c for c in changed if c.startswith("site-") or c == "strip-name"]
    assert "seat-0" in changed and "seat-1" not in changed
    assert len(changed) == len(set(changed))  # each pane at most once per update


def test_a_new_viewer_never_sees_the_last_ones_choices():
    """Hot-seat: the choices on offer are the legal actions of the person now at the screen,
    their cards drawn in that person's colour, never the other's."""
    m = MidiMatch([Seat("human", "Ana"), Seat("human", "Ben")], seed=5, lang="en")
    if m.privacy:
        m.confirm_privacy()
    table = MidiTable(m)
    changes = 0
    for _ in range(12):
        viewer = m.viewer
        click(table, offered(table)[0])
        if m.privacy:
            assert table._choices.items == []
            m.confirm_privacy()
        changes += m.viewer != viewer
        n = m.narrator()
        assert [item["label"] for item in table._choices.items] == [n.action(a) for a in m.legal_actions()]
        mine, other = (m.game.engineers[p].colour for p in (m.viewer, 1 - m.viewer))
        icons = [item["icon"] for item in table._choices.items if "icon" in item]
        assert not any(other in icon for icon in icons) and all(mine in icon for icon in icons)
    assert changes >= 3


def test_the_choices_come_in_the_engines_order():
    m = vs_bot()
    table = MidiTable(m)
    cards = 0
    for _ in range(20):
        if m.over:
            break
        n = m.narrator()
        items = table._choices.items
        assert [item["label"] for item in items] == [n.action(a) for a in m.legal_actions()]
        assert all(any(c.startswith("act-") for c in item["classes"].split()) for item in items)
        cards += sum("icon" in item for item in items)
        click(table, items[-1]["key"])
    assert cards > 0  # some choices were cards, shown with their picture


def test_a_new_language_keeps_the_table_and_updates_it_once():
    import canal_heritage.exhibit as module

    app = module.ExhibitApp(seed=1, lang="en")
    app.start("midi", [Seat("human", "Ana"), Seat("bot", "", "random")])
    table = app.table_of("midi")
    n = table.renders
    app.set_language("oc")
    assert app.table_of("midi") is table and table.renders == n + 1
    assert app.match_of("midi").lang == "oc"
    app.go("home")
    assert app.page == MIDI and app.leave_dialog.open  # a game in progress: leaving asks first
    app.leave_dialog.answer(True)
    assert app.page == "home"
    app.resume("midi")
    assert app.page == MIDI and app.match_of("midi").lang == "oc"
    assert app.table_of("midi") is not table  # leaving the table and coming back builds it afresh


def test_a_queued_update_is_never_left_unsent():
    """Panel's queue of delayed writes may lose its mark while a message waits (see
    canal_heritage.serve.mend_panel_write_queue): the message is sent all the same."""
    import panel.io.document as document
    from bokeh.document import Document

    from canal_heritage.serve import mend_panel_write_queue

    mend_panel_write_queue()
    mend_panel_write_queue()  # once is enough: a second call changes nothing
    doc = Document()
    started = []
    original_task = document._dispatch_write_task
    document._dispatch_write_task = lambda d, func, *args, **kw: started.append((d, func))
    try:
        document._WRITE_MSGS[doc] = {"a connection": ["a message"]}  # queued, but its mark is gone:
        document._WRITE_BLOCK.pop(doc, None)  # Panel's own task returns without sending it
        run_in_thread(lambda: document._dispatch_msgs(doc))  # Playwright's tests may hold this thread's loop
        assert started == [(doc, document._dispatch_msgs)] and document._WRITE_BLOCK.get(doc)
        started.clear()
        document._WRITE_MSGS.pop(doc)
        document._WRITE_BLOCK.pop(doc)
        run_in_thread(lambda: document._dispatch_msgs(doc))  # nothing queued: nothing to do
        assert started == [] and doc not in document._WRITE_BLOCK
    finally:
        document._dispatch_write_task = original_task
        document._WRITE_MSGS.pop(doc, None)
        document._WRITE_BLOCK.pop(doc, None)


def test_a_whole_game_shows_hides_and_reclasses_no_widget():
    """In the browser, each change of a widget's visibility or classes makes BokehJS lay out
    the whole page again. Over a whole game against a bot, a click changes the visibility or
    classes of at most one widget: the choices are one ChoiceList and undo is disabled, so
    nothing is shown or hidden as the game goes on (the kept buttons of old did, on every click)."""
    from bokeh.document import Document
    from bokeh.document.events import ModelChangedEvent
    from bokeh.models import LayoutDOM

    m = vs_bot(seed=4)
    table = MidiTable(m)
    doc = Document()
    doc.add_root(table.__panel__().get_root(doc))
    layouts: list[str] = []
    doc.on_change(lambda e: layouts.append(f"{type(e.model).__name__}.{e.attr}")
                  if isinstance(e, ModelChangedEvent) and isinstance(e.model, LayoutDOM)
                  and e.attr in ("visible", "css_classes") else None)
    clicks = most = 0
    while not m.over:
        layouts.clear()
        click(table, offered(table)[clicks % len(offered(table))])
        clicks += 1
        most = max(most, len(layouts))
    assert clicks > 10 and table._panel.objects[1].css_classes == ["end-screen"]
    assert most <= 1, most


def test_a_markup_pane_builds_panels_own_layout_only_when_asked():
    """Panel makes a Row around every pane, for a pane shown on its own; a table's ~20 panes
    never are (issue 14, memory per room). The Row is made only when asked for, in sync."""
    import gc

    import panel as pn
    from bokeh.document import Document

    from canal_heritage.views.theme import Markup, html

    gc.collect()
    rows_before = sum(1 for o in gc.get_objects() if type(o) is pn.Row)
    panes = [html(f"<p>{i}</p>", width=100, margin=5) for i in range(20)]
    doc = Document()
    doc.add_root(pn.Column(*panes).get_root(doc))
    gc.collect()
    assert sum(1 for o in gc.get_objects() if type(o) is pn.Row) == rows_before
    assert all(isinstance(p, Markup) and isinstance(p, pn.pane.HTML) for p in panes)
    panes[0].object = "<p>changed</p>"
    assert [m.text for m in doc.roots[0].children][:2] == ["&lt;p&gt;changed&lt;/p&gt;", "&lt;p&gt;1&lt;/p&gt;"]
    layout = panes[0].layout  # asked for: made, with the pane's size (its margins included, as Panel does)
    assert isinstance(layout, pn.Row) and layout.objects == [panes[0]] and layout.width == 110
    panes[0].width = 200
    assert panes[0].layout is layout and layout.width == 210
    alone = html("<b>a page of its own</b>")
    assert alone.get_root(Document()).text == "&lt;b&gt;a page of its own&lt;/b&gt;"


def test_events_are_handled_without_panels_busy_notes():
    """A widget's change from the browser still reaches its watchers once Panel's busy notes
    are skipped (canal_heritage.serve.skip_busy_accounting), and none is noted."""
    import panel as pn
    from panel.io.state import state

    from canal_heritage.serve import skip_busy_accounting

    skip_busy_accounting()
    noted = []
    original = type(state)._add_busy_event
    type(state)._add_busy_event = lambda self, event_id: noted.append(event_id)  # what Panel would call
    try:
        box = pn.widgets.TextInput(value="")
        seen = []
        box.param.watch(lambda e: seen.append(e.new), "value")
        box._process_events({"value": "Léa"})  # as a message from the page does
        assert seen == ["Léa"] and noted == [] and state.busy is False and state._busy_counter == []
    finally:
        type(state)._add_busy_event = original
