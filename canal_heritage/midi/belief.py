"""Determinizations: full states that agree with everything a player knows (M-R1).

:func:`sample_state` deals the cards a player cannot place (``Observation.unseen``) into
the open slots (opponents' unknown hand cards, every face-down card, opponents' hidden
bets), and shuffles the unrevealed site cards. Search bots evaluate moves on such samples;
they never look at the true state.

One simplification, documented: after a hand trade between two other players, a third
player's sampler lets any card of either hand be the traded one, which allows a few
hands the table could rule out by the exact count of one card moved each way. The sample
never contradicts a fact the player saw.
"""

from __future__ import annotations

import random

from .observation import FACE_DOWN, HAND, Observation
from .position import state_from_dict
from .state import MidiGame, MidiState

_BET = 2  # a third zone used only while sampling: a bet placed but not yet revealed


def _deal(entries: list[tuple[int, int]], capacity: dict[int, int], rng: random.Random,
          players: int, hidden_bets: set[int]) -> dict[int, list[int]] | None:
    """Assign each (value, mask) to a slot location; None if the greedy pass got stuck."""
    cap = dict(capacity)
    out: dict[int, list[int]] = {loc: [] for loc in cap}
    order = entries[:]
    rng.shuffle(order)

    def options(mask: int) -> list[int]:
        locs = []
        for p in range(players):
            for z in (HAND, FACE_DOWN):
                loc = p * 3 + z
                if mask >> (p * 2 + z) & 1 and cap.get(loc, 0) > 0:
                    locs.append(loc)
            if p in hidden_bets and mask >> (p * 2 + HAND) & 1 and cap.get(p * 3 + _BET, 0) > 0:
                locs.append(p * 3 + _BET)
        return locs

    # most constrained first, then random
    order.sort(key=lambda e: bin(e[1]).count("1"))
    for value, mask in order:
        locs = options(mask)
        if not locs:
            return None
        weights = [cap[loc] for loc in locs]
        loc = rng.choices(locs, weights)[0]
        cap[loc] -= 1
        out[loc].append(value)
    return out


def sample_state(obs: Observation, rng: random.Random, game: MidiGame | None = None) -> MidiState:
    """A full state consistent with ``obs``, drawn at random; its chance comes from ``rng``.

    The returned state keeps no event log (it is for search).
    """
    n = obs.players
    if game is None:
        game = MidiGame(n)
    me = obs.player
    hidden_bets = {p for p in range(n) if p != me and obs.has_bet[p]}
    entries = list(obs.unseen_masks())
    known = [list(k) for k in obs.known_hand]
    capacity: dict[int, int] = {}
    for p in range(n):
        if p == me:
            capacity[p * 3 + FACE_DOWN] = obs.face_down_count[p]
            continue
        if p in hidden_bets:
            # a known hand card may be the one bet: it rejoins the unknown cards of that hand
            entries.extend((v, 1 << (p * 2 + HAND)) for v in known[p])
            known[p] = []
            capacity[p * 3 + _BET] = 1
        capacity[p * 3 + HAND] = obs.hand_count[p] - len(known[p])
        capacity[p * 3 + FACE_DOWN] = obs.face_down_count[p]
    dealt = None
    for _ in range(64):
        dealt = _deal(entries, capacity, rng, n, hidden_bets)
        if dealt is not None:
            break
    if dealt is None:  # pragma: no cover - the knowledge always leaves a feasible deal
        raise RuntimeError("no deal agrees with this observation")

    seats = []
    for p in range(n):
        if p == me:
            hand = list(obs.hand)
            bet = obs.my_bet
        else:
            hand = known[p] + dealt.get(p * 3 + HAND, [])
            bet = dealt[p * 3 + _BET][0] if p in hidden_bets else None
        if obs.phase in ("reinforce_start", "reinforce_join") and obs.bets is not None:
            bet = obs.bets[p]
        seats.append({
            "hand": hand, "face_up": list(obs.face_up[p]),
            "face_down": dealt.get(p * 3 + FACE_DOWN, []),
            "coins": obs.coins[p], "bet": bet,
            "reinforcement": obs.reinforcements[p] if obs.phase == "trade" else None,
        })
    deck = list(obs.unrevealed)
    rng.shuffle(deck)
    data = {
        "format": "canal-heritage/midi-position", "version": 1,
        "players": n, "round": obs.round, "lead": obs.lead, "phase": obs.phase,
        "queue": list(obs.queue),
        "sites": {
            "deck": deck, "revealed": list(obs.revealed),
            "built": {game.site_ids[s]: list(obs.site_pawns[s]) for s in range(game.num_sites)
                      if obs.site_status[s] == "built"},
            "delayed": [game.site_ids[s] for s in range(game.num_sites) if obs.site_status[s] == "delayed"],
            "adjacency": {game.site_ids[s]: list(obs.site_adjacency[s]) for s in range(game.num_sites)
                          if obs.site_adjacency[s]},
        },
        "seats": seats,
        "discard": list(obs.discard),
        "spent": obs.spent,
        "reinforcers": list(obs.reinforcers),
        "bets": list(obs.bets) if obs.bets is not None else None,
    }
    return state_from_dict(data, game=game, seed=rng.getrandbits(63), log=False)
