"""Shared helpers for the Canal du Midi engine tests (imported by the test modules;
``conftest.py`` exposes the fixtures).

* :func:`position` builds a plain position (the format documented in
  ``canal_heritage/midi/position.py``) with sensible defaults: the discard pile is the
  complement of the cards given to the seats, the deck holds the unrevealed sites and the
  queue is the one the rules imply for the phase.
* :func:`build` turns such a dict into a :class:`MidiState` (fixed seed).
* :func:`play_random` plays a random legal game, calling a hook after every action.
* :func:`check_invariants` / :func:`check_knowledge` are the checks the property tests run.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from canal_heritage.midi import MidiGame, MidiState
from canal_heritage.midi import actions as A
from canal_heritage.midi.state import BUILT, DELAYED, Phase

COLOUR = [0, 1, 2, 3, 3, 4, 4, 5, 6]
SITES = ("I", "II", "III", "IV", "V", "VI", "VII", "VIII", "IX")
COINS_TOTAL = 12
PAWNS = 7
HAND = 3


_GAMES: dict[int, MidiGame] = {}


def game_for(players: int) -> MidiGame:
    """One shared (immutable) game description per player count."""
    if players not in _GAMES:
        _GAMES[players] = MidiGame(players)
    return _GAMES[players]


# ---------------------------------------------------------------------------- positions
def seat(hand=(), up=(), down=(), coins=0, bet=None, reinforcement=None) -> dict[str, Any]:
    return {"hand": list(hand), "face_up": list(up), "face_down": list(down), "coins": coins,
            "bet": bet, "reinforcement": reinforcement}


def position(
    *,
    players: int = 2,
    round: int,
    phase: str,
    seats: list[dict[str, Any]],
    revealed: list[str],
    built: dict[str, list[int]] | None = None,
    delayed: list[str] | None = None,
    adjacency: dict[str, list[int]] | None = None,
    lead: int = 0,
    queue: list[int] | None = None,
    deck: list[str] | None = None,
    discard: list[int] | None = None,
    spent: int | None = None,
    reinforcers: list[int] | None = None,
    bets: list[int] | None = None,
) -> dict[str, Any]:
    """A plain position; unspecified parts are derived from the rest (``spent``: what the
    coins held and the city pairs the pawns connect imply, M-R5/M-R6)."""
    assert len(seats) == players
    if spent is None:
        g = game_for(players)
        paid = sum(1 for p in range(players) for a, b in g.city_pairs
                   if all(p in (built or {}).get(g.site_ids[x], ()) for x in range(a, b + 1)))
        start = g.rules.coins_per_player * players
        paid = min(paid, g.rules.coins_total - start)
        spent = max(0, start + paid - sum(s["coins"] for s in seats))
    if discard is None:
        used: Counter[int] = Counter()
        for s in seats:
            used.update(s["hand"] + s["face_up"] + s["face_down"])
            for k in ("bet", "reinforcement"):
                if s[k] is not None:
                    used[s[k]] += 1
        rest = Counter(COLOUR * players) - used
        discard = sorted(rest.elements())
    if deck is None:
        deck = [x for x in SITES if x not in revealed]
    order = [(lead + i) % players for i in range(players)]
    if queue is None:
        if phase == "bet":
            queue = [p for p in order if seats[p]["bet"] is None]
        elif phase == "draw":
            queue = [p for p in order if len(seats[p]["hand"]) < HAND
                     and (seats[p]["face_up"] or seats[p]["face_down"])]
        elif phase == "reinforce_start":
            queue = [p for p in order if seats[p]["coins"] > 0]
        else:
            queue = []
    return {
        "format": "canal-heritage/midi-position", "version": 1,
        "players": players, "round": round, "lead": lead, "phase": phase, "queue": queue,
        "sites": {"deck": deck, "revealed": revealed, "built": built or {},
                  "delayed": delayed or [], "adjacency": adjacency or {}},
        "seats": seats, "discard": discard, "spent": spent,
        "reinforcers": reinforcers or [], "bets": bets,
    }


def build(data: dict[str, Any], seed: int = 0) -> MidiState:
    return MidiState.from_dict(data, seed=seed)


def end_position(*, players: int = 2, built: dict[str, list[int]], delayed: list[str],
                 adjacency: dict[str, list[int]] | None = None, coins: list[int] | None = None,
                 spent: int | None = None) -> dict[str, Any]:
    """A finished game: every card in the discard, every site built or delayed."""
    coins = coins or [0] * players
    return position(players=players, round=9, phase="end",
                    seats=[seat(coins=c) for c in coins], revealed=list(SITES),
                    built=built, delayed=delayed, adjacency=adjacency, spent=spent, queue=[])


# ---------------------------------------------------------------------------- acting
def act(state: MidiState, *acts: int) -> None:
    for a in acts:
        state.apply_action(a)


def bet_all(state: MidiState, bets: dict[int, int]) -> None:
    """Every seat still to bet bets the value given for it (step C)."""
    assert state.phase == Phase.BET, state
    rnd = state.round
    while state.phase == Phase.BET and state.round == rnd:
        p = state.current_player()
        state.apply_action(A.bet(bets[p]))


def decline_all(state: MidiState) -> None:
    rnd = state.round
    while state.round == rnd and state.phase in (Phase.REINFORCE_START, Phase.REINFORCE_JOIN):
        state.apply_action(A.DECLINE)


def events(state: MidiState, key: str) -> list[dict[str, Any]]:
    return [e.args for e in state.events if e.key == key]


def event_keys(state: MidiState) -> list[str]:
    return [e.key for e in state.events]


def log_json(state: MidiState) -> list[dict[str, Any]]:
    return [e.to_json() for e in state.events]


def play_random(
    players: int,
    seed: int,
    policy_seed: int | None = None,
    *,
    lead: int | None = None,
    hook: Callable[[MidiState], None] | None = None,
    game: MidiGame | None = None,
) -> MidiState:
    """A random legal game from ``seed``; ``hook(state)`` runs before the first and after
    every action."""
    game = game or game_for(players)
    state = game.new_initial_state(seed, first=lead)
    rng = random.Random(seed if policy_seed is None else policy_seed)
    if hook:
        hook(state)
    steps = 0
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
        steps += 1
        assert steps < 500, "a game should end long before 500 decisions"
        if hook:
            hook(state)
    return state


def states_of_random_game(players: int, seed: int, policy_seed: int | None = None) -> list[MidiState]:
    out: list[MidiState] = []
    play_random(players, seed, policy_seed, hook=lambda s: out.append(s.clone()))
    return out


# ---------------------------------------------------------------------------- checks
def all_zones(state: MidiState) -> list[int]:
    cards: list[int] = []
    for p in range(state.n):
        cards += state.hand[p] + state.up[p] + state.down[p]
        cards += [c for c in (state.played[p], state.reinf[p]) if c >= 0]
    return cards + state.discard


def check_invariants(state: MidiState) -> None:
    """What must hold in every reachable state."""
    g = state.game
    n = state.n
    cards = all_zones(state)
    assert sorted(cards) == list(range(9 * n)), "every card id must be in exactly one zone"
    assert sum(state.coins) + state.bank + state.spent == COINS_TOTAL
    assert state.bank >= 0 and all(c >= 0 for c in state.coins)
    for p in range(n):
        placed = sum(1 for s in range(g.num_sites) if state.pawns[s] >> p & 1)
        assert placed <= PAWNS
        assert placed == PAWNS - state.pawns_left[p]
        assert len(state.hand[p]) <= HAND
        if state.down[p]:  # M-R2: three face up while face-down cards remain
            assert len(state.up[p]) == 3
    for s in range(g.num_sites):
        if state.pawns[s]:
            assert state.status[s] == BUILT
        if state.adjacency[s]:
            assert state.status[s] == DELAYED
    if not state.is_terminal():
        q = state.current_player()
        assert q is not None and 0 <= q < n
        assert state.legal_actions(), "the player to move must have a legal action"
        assert 1 <= state.round <= 9
        queue = list(state.queue)
        assert len(set(queue)) == len(queue)
        for p in queue:
            if state.phase == Phase.DRAW:  # M-R2: short of cards, something in front
                assert len(state.hand[p]) < HAND and (state.up[p] or state.down[p])
            elif state.phase == Phase.BET:
                assert state.hand[p] and state.played[p] < 0
            elif state.phase in (Phase.REINFORCE_START, Phase.REINFORCE_JOIN):  # M-R4
                assert state.coins[p] > 0 and p not in state.reinforcers
            elif state.phase == Phase.TRADE:  # M-R7
                assert state.pawns[state.site] >> p & 1
        if state.phase == Phase.BET:
            assert all(len(state.hand[p]) + (state.played[p] >= 0) == min(
                HAND, len(state.hand[p]) + (state.played[p] >= 0) + len(state.up[p]) + len(state.down[p]))
                for p in range(n)), "step B: everyone drew up to 3 before betting"


def _matchable(cards: list[tuple[int, tuple[int, str]]],
               unseen: Iterable[tuple[int, frozenset[tuple[int, str]]]]) -> bool:
    """Is there a one-to-one matching of actual hidden cards to unseen entries with the
    same value whose possible places include the card's real place?"""
    entries = list(unseen)
    owner = [-1] * len(entries)

    def augment(i: int, seen: set[int]) -> bool:
        v, place = cards[i]
        for j, (w, where) in enumerate(entries):
            if j in seen or w != v or place not in where:
                continue
            seen.add(j)
            if owner[j] < 0 or augment(owner[j], seen):
                owner[j] = i
                return True
        return False

    return len(cards) == len(entries) and all(augment(i, set()) for i in range(len(cards)))


def check_knowledge(state: MidiState, me: int) -> None:
    """M-R1: the observation's deductions are true. Every opponent hand value it claims is
    really there, and every card ``me`` cannot place exactly is in ``unseen`` with its real
    place among the possibilities."""
    obs = state.observation(me)
    val = state.game.card_value
    assert list(obs.hand) == sorted(val[c] for c in state.hand[me])
    hidden: list[tuple[int, tuple[int, str]]] = []
    for o in range(state.n):
        if o != me:
            hand = list(state.hand[o])
            if state.phase == Phase.BET and state.played[o] >= 0:
                hand.append(state.played[o])  # a bet not yet revealed is still hidden
            have = Counter(val[c] for c in hand)
            known = Counter(obs.known_hand[o])
            assert not (known - have), f"seat {me} 'knows' {known - have} in seat {o}'s hand, wrongly"
            hidden += [(v, (o, "hand")) for v in (have - known).elements()]
        hidden += [(val[c], (o, "face_down")) for c in state.down[o]]
    assert _matchable(hidden, obs.unseen), (
        f"seat {me}'s unseen pool {obs.unseen} does not account for the hidden cards {hidden}")


def values(state: MidiState, cards: Iterable[int]) -> list[int]:
    """Sorted card values of card ids."""
    return sorted(state.game.card_value[c] for c in cards)


def check_log(state: MidiState) -> None:
    """Audit a finished game's event log against M-R3, M-R4, M-R6 and M-R7."""
    g = state.game
    n = state.n
    ids = list(g.site_ids)
    pairs = [(ids[a], ids[b]) for a, b in g.city_pairs]
    won: list[set[str]] = [set() for _ in range(n)]
    paid: list[set[tuple[str, str]]] = [set() for _ in range(n)]
    leads: list[int] = []
    spenders: list[int] = []
    drawers: list[int] = []
    winners: list[int] = []
    current = None
    for e in state.events:
        k, a = e.key, e.args
        if k == "midi.site_revealed":
            leads.append(a["lead"])
            current, spenders, drawers, winners = a["site"], [], [], []
        elif k in ("midi.reinforcement_started", "midi.reinforcement_joined"):
            assert a["player"] not in spenders, "M-R4: at most one coin per player per round"
            assert (k == "midi.reinforcement_started") == (not spenders), "M-R4: one starter, first"
            spenders.append(a["player"])
        elif k in ("midi.reinforcement_drawn", "midi.reinforcement_empty"):
            drawers.append(a["player"])
        elif k in ("midi.site_built", "midi.site_delayed"):
            assert a["site"] == current
            assert drawers == spenders, "M-R4: one draw per coin, in the order coins were spent"
            if k == "midi.site_built":
                winners = list(a["winners"])
                for p in winners:
                    won[p].add(current)
        elif k in ("midi.coin_earned", "midi.coin_bank_empty"):
            p, pair = a["player"], tuple(a["cities"])
            assert pair in pairs and pair not in paid[p], "M-R6: once per pair"
            first, last = ids.index(pair[0]), ids.index(pair[1])
            assert all(ids[s] in won[p] for s in range(first, last + 1)), "M-R6: pair not covered"
            paid[p].add(pair)
        elif k == "midi.trade_offered":
            p = a["player"]
            assert a["site"] == current and g.tent[ids.index(current)] and p in winners
            assert any(g.tent[ids.index(s)] for s in won[p] if s != current), "M-R7: second tent"
    assert leads == [(leads[0] + i) % n for i in range(len(leads))], "M-R3"
    for p in range(n):
        covered = {pr for pr in pairs
                   if all(ids[s] in won[p] for s in range(ids.index(pr[0]), ids.index(pr[1]) + 1))}
        assert paid[p] == covered, "M-R6: every connected pair is paid (or found the bank empty)"
