"""The exhibit's Canal du Midi table, driven headless: turns, bots, hot-seat privacy,
projector pauses and undo."""

from __future__ import annotations

import asyncio
import random

import pytest

from canal_heritage.matches.midi import MAX_NAME, MidiMatch, Seat
from canal_heritage.midi import actions


def human_vs_bot(**kw):
    return MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=3, **kw)


def play_out(m: MidiMatch, rng: random.Random) -> None:
    while not m.over:
        if m.privacy:
            m.confirm_privacy()
        elif m.paused:
            m.resume()
        elif m.is_bot_turn():
            assert m.step_bot()
        else:
            assert m.play(rng.choice(m.legal_actions()))


def test_a_whole_game_against_a_bot_reaches_the_end():
    m = human_vs_bot()
    play_out(m, random.Random(1))
    sheet = m.score_sheet()
    assert sheet.final and sheet.winners
    assert m.log()[-1].key == "midi.game_over"
    assert all(seat == 1 for seat, _ in m.bot_moves)


def test_names_are_cleaned_and_default_to_the_engineers():
    m = MidiMatch([Seat("human", "  Zoé   la\n grande  "), Seat("human", ""), Seat("bot", "x" * 99, "random")])
    assert m.names[0] == "Zoé la grande"
    assert m.names[1] == "Andréossy"
    assert len(m.names[2]) == MAX_NAME


def test_the_viewer_sees_only_their_own_hand():
    m = human_vs_bot()
    obs = m.observation()
    assert obs is not None and obs.player == 0
    assert obs.hand == tuple(sorted(m.game.card_value[c] for c in m.state.hand[0]))


def test_a_move_out_of_turn_or_illegal_is_refused_with_a_message_and_changes_nothing():
    m = human_vs_bot(lang="en")
    while not m.is_bot_turn():
        m.play(m.legal_actions()[0])
    before = m.state.to_dict()
    assert not m.play(actions.bet(6))
    assert m.message == "Please wait: it is not your turn."
    assert m.state.to_dict() == before
    while not m.is_viewer_turn():
        m.step_bot()
    before = m.state.to_dict()
    assert not m.play(actions.TRADE_PASS)
    assert m.message.startswith("Not now")
    assert m.state.to_dict() == before


def test_hot_seat_shows_the_privacy_screen_between_humans():
    m = MidiMatch([Seat("human", "Ana"), Seat("human", "Ben")], seed=5)
    first = m.to_move
    if m.privacy:
        m.confirm_privacy()
    assert m.viewer == m.to_move == first
    m.play(m.legal_actions()[0])
    assert m.privacy and m.viewer is None
    assert m.observation() is None and m.legal_actions() == ()
    assert all(line.seat is None or "(" not in line.text for line in m.log() if line.key == "midi.bet_placed")
    m.confirm_privacy()
    assert not m.privacy and m.viewer == m.to_move != first


def test_undo_takes_back_a_hidden_bet_but_not_across_a_reveal():
    m = human_vs_bot()
    while not (m.is_viewer_turn() and m.state.phase.name == "BET"):
        if m.is_bot_turn():
            m.step_bot()
        else:
            m.play(m.legal_actions()[0])
    before = m.state.to_dict()
    m.play(m.legal_actions()[-1])
    if m.state.phase.name == "BET":  # the bot has not bet yet: nothing revealed
        assert m.can_undo() and m.undo()
        assert m.state.to_dict() == before
        m.play(m.legal_actions()[-1])
    while m.is_bot_turn():
        m.step_bot()
    if any(e.key == "midi.bets_revealed" for e in m.state.events[-8:]):
        assert not m.can_undo()
        assert not m.undo() and m.message


def test_undo_is_refused_after_a_face_down_draw():
    m = human_vs_bot()
    while not (m.is_viewer_turn() and actions.DRAW_DOWN in m.legal_actions()):
        if m.is_bot_turn():
            m.step_bot()
        else:
            m.play(m.legal_actions()[-1])
    m.play(actions.DRAW_DOWN)
    assert not m.can_undo()


def test_projector_pauses_after_each_step_and_narrates_it():
    m = MidiMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=2, projector=True, lang="fr")
    assert m.step_bot()
    assert m.paused and not m.step_bot()
    lines = m.new_lines()
    assert lines and all(isinstance(line.text, str) for line in lines)
    m.resume()
    assert not m.paused and m.new_lines() == []
    assert m.step_bot()


def test_open_hands_only_in_projector_mode_when_the_teacher_asks():
    m = human_vs_bot()
    m.open_hands = True
    assert m.open_hands_view() is None
    p = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "random")], projector=True)
    assert p.open_hands_view() is None
    p.open_hands = True
    hands = p.open_hands_view()
    assert hands is not None and len(hands) == 2


def test_bots_run_off_the_event_loop():
    m = MidiMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=4)

    async def go():
        ticks = 0

        async def ticker():
            nonlocal ticks
            while not m.over:
                ticks += 1
                await asyncio.sleep(0)

        t = asyncio.create_task(ticker())
        await m.run_bots()
        await t
        return ticks

    # a thread of its own: Playwright's sync API may hold this worker's event loop
    import threading

    result = {}
    t = threading.Thread(target=lambda: result.update(ticks=asyncio.run(go())))
    t.start()
    t.join()
    assert m.over and result["ticks"] > 10  # the loop kept turning while bots thought


def test_switching_language_renarrates_the_log():
    m = human_vs_bot(lang="fr")
    fr = [line.text for line in m.log()]
    m.set_language("oc")
    oc = [line.text for line in m.log()]
    assert fr != oc and len(fr) == len(oc)


def test_bad_tables_are_refused():
    with pytest.raises(ValueError):
        MidiMatch([Seat("human", "Ana")])
    with pytest.raises(ValueError):
        MidiMatch([Seat("human", "Ana"), Seat("bot", "", "genius")])


def test_a_bots_reason_for_its_bet_stays_hidden_until_the_reveal():
    m = MidiMatch([Seat("human", "Ana"), Seat("bot", "", "heuristic")], seed=3)
    rng = random.Random(0)
    checked = 0
    while not m.over and checked < 30:
        if m.is_bot_turn():
            m.step_bot()
        else:
            m.play(rng.choice(m.legal_actions()))
        if m.state.phase.name == "BET" and m.bot_moves and actions.decode(m.bot_moves[-1][1].action).kind == "bet":
            visible = m.visible_bot_moves()
            assert len(visible) == len(m.bot_moves) - 1  # only this round's bet is held back
            assert visible == m.bot_moves[:-1]
            checked += 1
        elif m.bot_moves:
            assert m.visible_bot_moves() == m.bot_moves  # once revealed, every reason is told
    assert checked > 0


class _BrokenExecutor:
    """A worker pool whose workers have died."""

    def submit(self, fn, *args):
        from concurrent.futures.process import BrokenProcessPool

        raise BrokenProcessPool("a worker died")


class _SilentExecutor:
    """A worker pool that never answers."""

    def submit(self, fn, *args):
        from concurrent.futures import Future

        return Future()


def _run_in_thread(coro_fn):
    import threading

    t = threading.Thread(target=lambda: asyncio.run(coro_fn()))
    t.start()
    t.join(timeout=60)
    assert not t.is_alive()


@pytest.mark.parametrize("executor, timeout", [(_BrokenExecutor(), 5.0), (_SilentExecutor(), 0.05)])
def test_a_failing_bot_worker_never_stops_the_game(executor, timeout, caplog):
    failures = []
    m = MidiMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=6, on_worker_failure=failures.append)
    reference = MidiMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=6)
    while not reference.over:
        reference.step_bot()
    _run_in_thread(lambda: m.run_bots(executor, timeout=timeout))
    assert m.over and not m.busy
    assert m.state.history == reference.state.history  # the same moves, decided in the server
    assert failures and "deciding in the server process" in caplog.text


def test_the_narrated_log_is_the_same_whether_cached_or_fresh():
    m = human_vs_bot(lang="en")
    rng = random.Random(9)
    for _ in range(25):
        if m.over:
            break
        if m.is_bot_turn():
            m.step_bot()
        else:
            m.play(rng.choice(m.legal_actions()))
        fresh = [m.narrator().event(e) for e in m.state.log(m.viewer)]
        assert [line.text for line in m.log()] == fresh
    m.set_language("oc")
    assert [line.text for line in m.log()] == [m.narrator().event(e) for e in m.state.log(m.viewer)]
