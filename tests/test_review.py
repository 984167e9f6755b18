"""The game review (issue 29): a saved game of either game, one seat's decisions weighed from
what it could see; the turning points hold up when played out again; the words in three
languages; the command line."""

from __future__ import annotations

import json
import random
import statistics

import pytest

from canal_heritage import games, review
from canal_heritage.cli import main
from canal_heritage.core.errors import RecordError


def played_game(name: str, players: int, seed: int) -> dict:
    """A finished bot game's record: seat 0 plays at random (it makes mistakes), the others
    as the heuristic bot."""
    kind = games.kind(name)
    game = kind.game_class(players)
    bots = __import__(kind.bots, fromlist=["make_bot"])
    record = __import__(kind.judge.rsplit(".", 1)[0] + ".record", fromlist=["record_of"])
    state = game.new_initial_state(seed)
    seats = [bots.make_bot("random" if p == 0 else "heuristic", random.Random(seed + p), game) for p in range(players)]
    while not state.is_terminal():
        p = state.current_player()
        state.apply_action(seats[p].choose(state.observation(p)).action)
    data: dict = record.record_of(state).to_json()
    return data


@pytest.fixture(scope="module")
def midi_review() -> review.Review:
    return review.review_record(played_game("midi", 2, 11), 0, seed=3)


def test_a_review_weighs_every_decision_with_a_choice(midi_review):
    r = midi_review
    assert r.game == games.kind("midi").name and r.seat == 0 and r.players == 2
    assert len(r.decisions) >= 10
    assert all(d.options >= 2 and d.played != d.other for d in r.decisions)
    assert [d.index for d in r.decisions] == sorted(d.index for d in r.decisions)
    # a player at random makes mistakes the review is sure of
    assert r.turning_points and all(d.gain < 0 and d.certain for d in r.turning_points)
    assert [d.gain for d in r.turning_points] == sorted(d.gain for d in r.turning_points)
    assert len(r.turning_points) <= review.TURNING_POINTS


def test_the_same_seed_gives_the_same_review(midi_review):
    again = review.review_record(played_game("midi", 2, 11), 0, seed=3)
    assert again == midi_review


def test_the_turning_points_hold_when_played_out_again(midi_review):
    """The alternative named at a turning point is better by at least the stated margin (its
    cost less twice its uncertainty) when both moves are played 2,000 more times, from fresh
    worlds consistent with what the seat knew (a fixed seed: the test is reproducible)."""
    data = played_game("midi", 2, 11)
    start, final = review._judge("midi").replay(data)
    obs_at = {i: obs for i, obs, _ in review.seat_decisions(start, final.history, 0)}
    judge = review._judge("midi")
    for d in midi_review.turning_points[:2]:
        obs = obs_at[d.index]
        rng = random.Random(2026)
        diffs = []
        for _ in range(2000):
            base = judge.world(obs, rng)
            later = rng.getrandbits(64)
            v_other, _, _ = judge.play_out(base.clone(log=False), d.other, 0, random.Random(later))
            v_played, _, _ = judge.play_out(base.clone(log=False), d.played, 0, random.Random(later))
            diffs.append(v_other - v_played)
        mean = statistics.fmean(diffs)
        assert mean >= d.cost - 2 * d.error, (d, mean)


def test_a_review_from_observations_alone_is_the_same(midi_review):
    """What the review is given at each decision is the seat's observation and its move, nothing
    else: fed those alone (no record, no state), it says the same."""
    data = played_game("midi", 2, 11)
    start, final = review._judge("midi").replay(data)
    decisions = review.seat_decisions(start, final.history, 0)
    outcome = final.outcome()
    alone = review.review_decisions("midi", 0, decisions, totals=outcome.totals, winners=outcome.winners,
                                    players=2, seed=3)
    assert alone == midi_review


def test_an_arriala_game_is_reviewed_too():
    r = review.review_record(played_game("arriala", 2, 4), 0, seed=1)
    assert r.game == games.kind("arriala").name and len(r.decisions) >= 10
    assert all(d.options >= 2 for d in r.decisions)
    assert r.turning_points
    text = review.say(r, "en")
    assert text.turning_points[0].points.startswith("The other choice")


@pytest.mark.parametrize("lang", ["fr", "en", "oc"])
def test_the_review_speaks_each_language(midi_review, lang):
    text = review.say(midi_review, lang)
    words = review.as_text(text)
    assert text.headline and text.measure and text.weighed
    assert len(text.turning_points) == len(midi_review.turning_points)
    for said in text.turning_points:
        assert said.played and said.other and said.played != said.other
    if lang != "en":  # no English left in a French or Occitan review
        for english in ("The other choice", "times in 10", "Your move", "Points:", "Round "):
            assert english not in words, (english, words)


def test_a_lucky_win_is_named():
    base = review.Judged(index=0, round=9, played=1, other=2, options=2, played_value=-3.0, gain=0.0, error=0.0,
                         won=0.2, worlds=10)
    lucky = review.Review(game="midi", seat=0, players=2, decisions=(base,), totals=(20, 18), winners=(0,))
    assert lucky.lucky and not lucky.unlucky
    assert "10" in review.say(lucky, "en").headline
    fair = review.Review(game="midi", seat=0, players=2, decisions=(base,), totals=(18, 20), winners=(1,))
    assert not fair.lucky and not fair.unlucky


def test_a_record_that_is_no_game_is_refused():
    with pytest.raises(RecordError, match="not a saved game"):
        review.review_record({"format": "canal-heritage/midi-position"}, 0)
    with pytest.raises(review.NoSuchSeat):
        review.review_record(played_game("midi", 2, 1), 2)


def test_simulate_saves_the_games_and_review_reads_them(tmp_path, capsys):
    folder = tmp_path / "games"
    assert main(["simulate", "midi", "--games", "2", "--seed", "9", "--save", str(folder), "--no-progress",
                 "--lang", "en"]) == 0
    saved = sorted(p.name for p in folder.iterdir())
    assert saved == ["midi-seed9-game0001.json", "midi-seed9-game0002.json"]
    assert json.loads((folder / saved[0]).read_text())["format"] == "canal-heritage/midi-game"
    capsys.readouterr()
    # a second run would replace them: refused before any game is played, nothing changed
    before = (folder / saved[0]).read_text()
    with pytest.raises(SystemExit) as stop:
        main(["simulate", "midi", "--games", "2", "--seed", "9", "--save", str(folder), "--no-progress"])
    assert stop.value.code == 2
    assert "is there already" in capsys.readouterr().err
    assert (folder / saved[0]).read_text() == before
    # the review of one of them, in French
    assert main(["review", str(folder / saved[0]), "--seat", "2", "--lang", "fr", "--no-progress"]) == 0
    out = capsys.readouterr().out
    assert "décisions" in out or "décision" in out
    assert "Points" in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--seat", "3"], "this game had 2 players: give a seat from 1 to 2"),
    (["--seat", "0"], "--seat"),
])
def test_review_mistakes_get_a_clear_message(tmp_path, capsys, argv, message):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(played_game("midi", 2, 2)))
    with pytest.raises(SystemExit) as stop:
        main(["review", str(path), "--no-progress", *argv])
    assert stop.value.code == 2
    assert message in capsys.readouterr().err


def test_review_of_a_file_that_is_no_game(tmp_path, capsys):
    path = tmp_path / "notes.json"
    path.write_text("{not json")
    with pytest.raises(SystemExit):
        main(["review", str(path), "--seat", "1", "--no-progress"])
    assert "cannot be read as a saved game" in capsys.readouterr().err
