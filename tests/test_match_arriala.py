"""The exhibit's Arriala table, driven headless: seats, turns, bots' turns replayed action by
action, hot-seat privacy, undo within one's own turn, projector pauses, the palette's
reasons (the engine's), and what each seat may see (A-R11)."""

from __future__ import annotations

import asyncio
import random
import threading

import pytest

from canal_heritage.arriala import actions as A
from canal_heritage.matches.arriala import PALETTE, ArrialaMatch, Seat, blocked, decide_turn, kind_of, worker_of


def vs_bot(level="heuristic", **kw) -> ArrialaMatch:
    kw.setdefault("seed", 3)
    kw.setdefault("first", 0)
    kw.setdefault("pace", 0)
    return ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", level)], **kw)


def play_out(m: ArrialaMatch, rng: random.Random, limit: int = 3000) -> None:
    for _ in range(limit):
        if m.over:
            return
        if m.privacy:
            m.confirm_privacy()
        elif m.paused:
            m.resume()
        elif m.is_bot_turn():
            assert m.step_bot()
        else:
            assert m.play(rng.choice(m.legal_actions()))
    raise AssertionError("the game did not end")


def run_in_thread(coro_fn) -> None:
    t = threading.Thread(target=lambda: asyncio.run(coro_fn()))
    t.start()
    t.join(timeout=60)
    assert not t.is_alive()


def test_a_whole_game_against_a_bot_reaches_the_end():
    m = vs_bot(overrides={"cells": [2, 2, 2, 2]})
    play_out(m, random.Random(1))
    sheet = m.score_sheet()
    assert sheet.final and sheet.ranking is not None
    assert m.log()[-1].key == "arriala.game_end"
    assert m.bot_moves and all(seat == 1 for seat, _ in m.bot_moves)


def test_a_full_size_game_with_three_bots_and_a_person_ends():
    m = ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "random"), Seat("bot", "", "heuristic"),
                      Seat("bot", "", "random")], seed=5, pace=0)
    play_out(m, random.Random(2))
    assert m.over and m.game.players == 4 and not m.game.virtual


def test_the_first_player_is_the_one_the_table_chose():
    for first in (0, 1):
        assert vs_bot(first=first).to_move == first
    with pytest.raises(ValueError):
        vs_bot(first=2)
    drawn = {ArrialaMatch([Seat("human", ""), Seat("human", "")], seed=s).state.first for s in range(12)}
    assert drawn == {0, 1}  # no choice: drawn from the seed (A-R9)


def test_names_are_cleaned_and_unnamed_seats_are_their_colour_in_the_current_language():
    m = ArrialaMatch([Seat("human", "  Zoé   la\n grande  "), Seat("bot", "", "random"),
                      Seat("bot", "x" * 99, "random")], lang="en")
    assert m.names[:2] == ["Zoé la grande", "Yellow"] and len(m.names[2]) == 24
    m.set_language("fr")
    assert m.names[1] == "Jaune"


def test_the_two_player_game_has_the_virtual_player():
    m = vs_bot(lang="en")
    assert m.virtual == 2 and m.game.owners == 3
    assert "virtual player" in m.log()[0].text


def test_bad_tables_are_refused():
    with pytest.raises(ValueError):
        ArrialaMatch([Seat("human", "Ana")])
    with pytest.raises(ValueError):
        ArrialaMatch([Seat("human", "Ana"), Seat("bot", "", "genius")])


def test_the_viewer_sees_only_their_own_hand():
    m = vs_bot()
    obs = m.observation()
    assert obs is not None and obs.player == 0 and obs.hand == tuple(m.state.hand[0])
    public = m.public_observation()
    assert not any(public.hand) and public.legal_actions == ()
    assert all("card" not in e.args for e in public.events if e.key == "arriala.draw")


def test_an_action_out_of_turn_or_illegal_is_refused_with_the_engines_reason():
    m = vs_bot(lang="en", first=1)
    before = m.state.to_dict()
    assert not m.play(A.END_TURN)
    assert m.message == "Please wait: it is not your turn." and m.state.to_dict() == before
    m = vs_bot(lang="en")
    before = m.state.to_dict()
    assert not m.play(A.to_vine(0, 0))  # worker 0 is still in reserve
    assert m.message == "That worker is not on the canal." and m.state.to_dict() == before


def test_hot_seat_shows_the_privacy_screen_before_any_hand():
    m = ArrialaMatch([Seat("human", "Ana"), Seat("human", "Ben")], seed=5, first=0, pace=0)
    assert m.privacy and m.viewer is None  # even the first player's hand waits for them
    assert m.observation() is None and m.legal_actions() == ()
    m.confirm_privacy()
    assert not m.privacy and m.viewer == 0
    m.play(A.DRAW)
    m.play(A.END_TURN)
    assert m.privacy and m.viewer is None and m.to_move == 1
    drawn = [line for line in m.log() if line.key == "arriala.draw"]
    assert drawn and all(":" not in line.text for line in drawn)  # "Ana draws a card." only
    m.confirm_privacy()
    assert m.viewer == 1 and m.observation().hand == tuple(m.state.hand[1])


def test_undo_takes_back_ones_own_actions_one_at_a_time_within_the_turn():
    m = vs_bot()
    start = m.state.to_dict()
    assert not m.can_undo()
    m.play(A.place(m.game.board.stretches[0].first))
    after_place = m.state.to_dict()
    mover = next(a for a in m.legal_actions() if kind_of(m.game, a) == "move")
    m.play(mover)
    assert m.can_undo() and m.undo()
    assert m.state.to_dict() == after_place
    assert m.undo() and m.state.to_dict() == start
    assert not m.can_undo() and not m.undo() and m.message


def test_undo_never_crosses_a_draw_nor_the_end_of_the_turn():
    m = vs_bot()
    m.play(A.place(m.game.board.stretches[0].first))
    m.play(A.DRAW)  # a card is seen: neither the draw nor the placement can be taken back
    assert not m.can_undo()
    m = vs_bot()
    m.play(A.place(m.game.board.stretches[0].first))
    m.play(A.END_TURN)  # the bot plays at once (step_bot is the test's, here nobody runs it)
    assert not m.can_undo()


def test_undo_belongs_to_the_person_who_acted():
    m = ArrialaMatch([Seat("human", "Ana"), Seat("human", "Ben")], seed=5, first=0, pace=0)
    m.confirm_privacy()
    m.play(A.place(m.game.board.stretches[0].first))
    assert m.can_undo()
    m.viewer = 1  # someone else's screen (cannot happen through the table, checked anyway)
    assert not m.can_undo()


def test_bots_play_a_turn_action_by_action_each_its_own_update():
    m = vs_bot(first=1, seed=4)
    versions = m.version
    assert m.step_bot()
    assert m.version == versions + 1 and len(m.bot_moves) == 1
    while m.is_bot_turn():
        m.step_bot()
    assert m.version == versions + len(m.bot_moves)
    assert m.bot_moves[-1][1].action == A.END_TURN or m.state.ap == 0 or m.over or m.to_move == 0


def test_a_bot_decides_from_its_observation_only():
    m = vs_bot(first=1, seed=4)
    other = vs_bot(first=1, seed=4)
    # the person's hand and the deck are hidden from the bot: shuffle them
    h, d = other.state.hand[0], other.state.deck
    pool = [k for k, c in enumerate(h) for _ in range(c)] + d
    random.Random(9).shuffle(pool)
    other.state.hand[0] = [0] * len(h)
    for k in pool[:2]:
        other.state.hand[0][k] += 1
    other.state.deck = pool[2:]
    assert m.bot_payload()[2].hand == other.bot_payload()[2].hand
    assert decide_turn(*m.bot_payload()) == decide_turn(*other.bot_payload())


def test_a_worker_decides_the_actions_up_to_a_draw_or_the_end_of_the_turn():
    m = ArrialaMatch([Seat("bot", "", "expert"), Seat("bot", "", "heuristic")], seed=2, pace=0)
    for _ in range(4):
        moves = decide_turn(*m.bot_payload())
        assert moves and all(mv.action not in (A.DRAW, A.END_TURN) for mv in moves[:-1])
        m.plan.keep(moves, m.position)  # what run_bots does with a worker's answer: replayed, not decided again
        for mv in moves:
            assert m.step_bot() and m.bot_moves[-1][1] is mv
            if not m.is_bot_turn():
                break
        if m.over:
            break


def test_bots_run_off_the_event_loop_at_their_pace():
    m = ArrialaMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=4, pace=0.01,
                     overrides={"cells": [2, 2, 2, 2]})
    ticks = 0

    async def go():
        nonlocal ticks

        async def ticker():
            nonlocal ticks
            while not m.over:
                ticks += 1
                await asyncio.sleep(0)

        t = asyncio.create_task(ticker())
        await m.run_bots()
        await t

    run_in_thread(go)
    assert m.over and not m.busy and ticks > len(m.bot_moves)
    assert m.version >= len(m.bot_moves)


def test_a_second_replay_started_meanwhile_changes_nothing():
    seats = [Seat("bot", "", "heuristic"), Seat("bot", "", "random")]
    m = ArrialaMatch(seats, seed=4, pace=0.01, overrides={"cells": [2, 2, 2, 2]})
    reference = ArrialaMatch(seats, seed=4, pace=0, overrides={"cells": [2, 2, 2, 2]})
    while not reference.over:
        reference.step_bot()

    async def go():
        first = asyncio.create_task(m.run_bots())
        await asyncio.sleep(0.02)
        assert m.running
        await m.run_bots()  # the table's watchdog, say: returns at once
        await first

    run_in_thread(go)
    assert m.over and not m.running and m.state.history == reference.state.history


class _BrokenExecutor:
    def submit(self, fn, *args):
        from concurrent.futures.process import BrokenProcessPool

        raise BrokenProcessPool("a worker died")


class _SilentExecutor:
    def submit(self, fn, *args):
        from concurrent.futures import Future

        return Future()


@pytest.mark.parametrize("executor, timeout", [(_BrokenExecutor(), 5.0), (_SilentExecutor(), 0.05)])
def test_a_failing_bot_worker_never_stops_the_game(executor, timeout, caplog):
    failures = []
    seats = [Seat("bot", "", "heuristic"), Seat("bot", "", "random")]
    m = ArrialaMatch(seats, seed=6, pace=0, overrides={"cells": [2, 2, 2, 2]}, on_worker_failure=failures.append)
    reference = ArrialaMatch(seats, seed=6, pace=0, overrides={"cells": [2, 2, 2, 2]})
    while not reference.over:
        reference.step_bot()
    run_in_thread(lambda: m.run_bots(executor, timeout=timeout))
    assert m.over and not m.busy
    assert m.state.history == reference.state.history  # the same actions, decided in the server
    assert failures and "deciding in the server process" in caplog.text


def test_a_closed_match_stops_its_bots():
    m = ArrialaMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=4, pace=0)
    m.close()
    assert not m.step_bot()
    run_in_thread(lambda: m.run_bots())
    assert m.state.history == []


def test_projector_pauses_after_each_step_and_narrates_it():
    m = ArrialaMatch([Seat("bot", "", "heuristic"), Seat("bot", "", "random")], seed=2, projector=True, pace=0)
    assert m.step_bot()
    assert m.paused and not m.step_bot()
    lines = m.new_lines()
    assert lines and all(isinstance(line.text, str) and line.text for line in lines)
    m.resume()
    assert not m.paused and m.new_lines() == []
    assert m.step_bot()


def test_the_palette_follows_the_legal_actions_and_gives_the_engines_reasons():
    m = vs_bot(lang="en")
    legal = m.legal_actions()
    kinds = {kind_of(m.game, a) for a in legal}
    reasons = m.reasons()
    for kind in PALETTE:
        assert (kind in reasons) == (kind not in kinds), kind
    assert reasons["to_vineyard"].key == "arriala.error.not_on_canal"
    assert sorted(a for k in kinds for a in m.options(k)) == sorted(legal)
    for w in m.workers_for("move"):
        assert m.options("move", w) == [a for a in legal if kind_of(m.game, a) == "move" and worker_of(m.game, a) == w]


def test_the_reason_says_what_is_missing_points_deck_or_rank():
    m = vs_bot(lang="en", overrides={"deck": [0, 0, 0, 0, 0, 2, 0, 0, 0, 0]})  # two engineering-work cards
    m.play(A.place(m.game.board.stretches[0].first))  # 3 AP: 2 left
    assert blocked(m.state, "lock").key == "arriala.error.no_ap"
    assert blocked(m.state, "draw").key == "arriala.error.deck_empty"
    assert m.reasons()["lock"].args_["need"] == 4
    if m.state.hand[0][5]:  # an engineering work needs its player last on the track (A-R7)
        # nobody has scored: every player is tied, so nobody is last yet and the card waits
        assert blocked(m.state, "card:engineering-work").key == "arriala.error.all_tied"
        m.state.points[1] += 1  # the bot leads by a point (a lock, say): the visitor is last
        m.state._legal = None
        m.play(next(a for a in m.legal_actions() if kind_of(m.game, a) == "card:engineering-work"))
        assert m.state.points[0] == 5
        if m.state.hand[0][5]:  # a second card: the visitor now leads, and is not last
            assert blocked(m.state, "card:engineering-work").key == "arriala.error.not_last"


def test_switching_language_renarrates_the_log():
    m = vs_bot(lang="fr")
    m.play(A.place(m.game.board.stretches[0].first))
    fr = [line.text for line in m.log()]
    m.set_language("oc")
    oc = [line.text for line in m.log()]
    assert fr != oc and len(fr) == len(oc)


def test_a_short_board_from_the_balance_study_overrides():
    m = vs_bot(overrides={"cells": [1, 1, 1, 1]})
    assert m.game.board.size == 7  # 4 towns (A-R13) and 3 one-cell stretches
    play_out(m, random.Random(3))
    assert m.state.termination == "last_section"
