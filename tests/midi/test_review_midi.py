"""The game review on Canal du Midi positions built by hand (issue 29, item 3): where one move is
clearly best, the review names it; what the seat cannot see changes nothing of the review."""

from __future__ import annotations

import random

from midi_helpers import build, position, seat

from canal_heritage import review
from canal_heritage.midi import actions as A
from canal_heritage.midi.judge import play_out, world

BUILT = {"I": [1], "III": [1], "IV": [0], "V": [1], "VI": [0], "VII": [0], "VIII": [0]}


def last_round(opponent: dict) -> object:
    """Round 8 of 9, two players. The Seuil de Naurouze (II, 7 to build) is in play and the
    Écluse ronde d'Agde (IX, 9 to build) comes last. Seat 0 bets, with a 6 and a 0 in hand and
    nothing left to draw; the other holds small cards. The 6 builds the Seuil now and wins it;
    bet the 0 and neither site is built, now (at most 0 + 2) or later (at most 6 + 2), and the
    Seuil goes to the other at the end, by adjacency (M-R8: both its neighbours are theirs)."""
    return build(position(round=8, phase="bet", revealed=[*BUILT, "II"], built=BUILT, deck=["IX"],
                          seats=[seat(hand=[6, 0]), opponent]))


def test_the_only_bet_that_wins_the_site_is_named():
    obs = last_round(seat(hand=[1, 2])).observation(0)
    judged = review.weigh("midi", obs, A.bet(0), index=0, seed=1)
    assert judged.other == A.bet(6)
    assert judged.gain < -2 and judged.certain, judged
    assert judged.other_facts["won_site"] > 0.9 > 0.1 > judged.played_facts["won_site"]
    # played the other way round, the same decision is a good move
    best = review.weigh("midi", obs, A.bet(6), index=0, seed=1)
    assert best.other == A.bet(0) and best.gain > 2 and best.certain


def round3(opponent: dict) -> object:
    """Round 3, seat 0 to bet; the other seat's hand and face-down card are hidden from it."""
    return build(position(round=3, phase="bet", revealed=["I", "III", "II"], built={"I": [0], "III": [1]},
                          seats=[seat(hand=[6, 0, 1], up=[2, 3, 3], down=[4]), opponent]))


def test_what_the_seat_cannot_see_changes_nothing():
    """Two tables that differ only in the other seat's hidden cards (which is in the hand, which
    face down) look the same to seat 0, and the review of its decision is the same."""
    one = round3(seat(hand=[1, 2, 3], up=[3, 4, 4], down=[5]))
    two = round3(seat(hand=[1, 2, 5], up=[3, 4, 4], down=[3]))
    assert one.observation(0) == two.observation(0)
    assert sorted(one.hand[1]) != sorted(two.hand[1])
    a = review.weigh("midi", one.observation(0), A.bet(0), index=0, seed=5, pick_worlds=10, weigh_worlds=30)
    b = review.weigh("midi", two.observation(0), A.bet(0), index=0, seed=5, pick_worlds=10, weigh_worlds=30)
    assert a == b


def test_a_world_is_dealt_from_the_observation_and_played_to_the_end():
    obs = last_round(seat(hand=[1, 2])).observation(0)
    w = world(obs, random.Random(3))
    assert list(w.hand[0]) and sorted(w.game.card_value[c] for c in w.hand[0]) == [0, 6]
    lead, won, facts = play_out(w, A.bet(6), 0, random.Random(4))
    assert w.is_terminal()
    assert facts == {"site": "II", "won_site": 1.0}
    assert won and lead > 0
