"""Canal du Midi positions as plain data, below the engine's facade: writing
(:func:`state_to_dict`, ``MidiState.to_dict()``) and reading into a blank position with every
check (:func:`position_game`, :func:`fill_position`, which ``MidiState.from_dict`` and
:func:`.position.state_from_dict` call). The format and what is checked: :mod:`.position`.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from ..core.errors import PositionError
from ..core.events import Event
from .moves import trade_options
from .rules import BUILT, DELAYED, HIDDEN, IN_PLAY, MidiRules, Phase
from .table import MidiPosition

FORMAT = "canal-heritage/midi-position"
VERSION = 1
_PHASES = {ph.value: ph for ph in Phase}


def state_to_dict(s: MidiPosition) -> dict[str, Any]:
    """The plain-data position of ``s`` (no history, no generator)."""
    g = s.game
    val = g.card_value
    ids = g.site_ids

    def vals(cards: list[int]) -> list[int]:
        return sorted(val[c] for c in cards)

    return {
        "format": FORMAT,
        "version": VERSION,
        "players": s.n,
        "round": s.round,
        "lead": s.lead,
        "phase": s.phase.value,
        "queue": list(s.queue),
        "sites": {
            "deck": [ids[x] for x in reversed(s.deck)],
            "revealed": [ids[x] for x in s.revealed],
            "built": {ids[x]: [p for p in range(s.n) if s.pawns[x] >> p & 1]
                      for x in range(g.num_sites) if s.status[x] == BUILT},
            "delayed": [ids[x] for x in range(g.num_sites) if s.status[x] == DELAYED],
            "adjacency": {ids[x]: [p for p in range(s.n) if s.adjacency[x] >> p & 1]
                          for x in range(g.num_sites) if s.adjacency[x]},
        },
        "seats": [
            {"hand": vals(s.hand[p]), "face_up": vals(s.up[p]), "face_down": vals(s.down[p]),
             "coins": s.coins[p],
             "bet": val[s.played[p]] if s.played[p] >= 0 else None,
             "reinforcement": val[s.reinf[p]] if s.reinf[p] >= 0 else None}
            for p in range(s.n)
        ],
        "discard": vals(s.discard),
        "spent": s.spent,
        "reinforcers": list(s.reinforcers),
        "bets": list(s.last_bets) if s.last_bets is not None else None,
    }


def _fail(msg: str) -> PositionError:
    return PositionError(f"not a legal Canal du Midi position: {msg}")


def _int(d: dict[str, Any], key: str, lo: int, hi: int, where: str = "") -> int:
    v = d.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not (lo <= v <= hi):
        raise _fail(f"{where}{key} must be a whole number from {lo} to {hi}, got {v!r}")
    return v


def _values(x: Any, where: str) -> list[int]:
    if not isinstance(x, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in x):
        raise _fail(f"{where} must be a list of card values")
    return x


def position_game(data: Any, game: MidiRules | None) -> int:
    """Check the frame of the plain position ``data`` (format, version) and return its player
    count; a given ``game`` must be for that many players.

    Raises:
        PositionError: the frame is malformed, or ``game`` is not the position's.
    """
    if not isinstance(data, dict):
        raise _fail("expected an object")
    if data.get("format") != FORMAT:
        raise _fail(f"format must be {FORMAT!r}")
    if data.get("version") != VERSION:
        raise _fail(f"unknown version {data.get('version')!r} (this program reads version {VERSION})")
    n = _int(data, "players", 2, 4)
    if game is not None and game.players != n:
        raise _fail(f"the game is for {game.players} players, the position for {n}")
    return n


def fill_position(s: MidiPosition, data: dict[str, Any], *, seed: int = 0, log: bool = True) -> None:
    """Set the blank position ``s`` (``MidiPosition.blank`` of a game :func:`position_game`
    accepted) to what ``data`` describes, checking that it could arise in play (format and
    checks: :mod:`.position`). Chance from here on comes from ``seed``.

    Raises:
        PositionError: the position could not arise in play.
    """
    game = s.game
    n = game.players
    rules = game.rules
    rounds = rules.rounds
    rnd = _int(data, "round", 1, rounds)
    lead = _int(data, "lead", 0, n - 1)
    phase = _PHASES.get(data.get("phase"))  # type: ignore[arg-type]
    if phase is None:
        raise _fail(f"phase must be one of {', '.join(_PHASES)}")
    s.round, s.lead, s.phase = rnd, lead, phase
    s.rng = random.Random(seed)
    s.seed = seed

    # --- sites
    sites = data.get("sites")
    if not isinstance(sites, dict):
        raise _fail("sites must be an object")
    idx = {sid: i for i, sid in enumerate(game.site_ids)}

    def site_list(key: str) -> list[int]:
        lst = sites.get(key, [])
        if not isinstance(lst, list) or any(x not in idx for x in lst):
            raise _fail(f"sites.{key} must list site ids ({', '.join(game.site_ids)})")
        return [idx[x] for x in lst]

    deck = site_list("deck")
    revealed = site_list("revealed")
    delayed = site_list("delayed")
    built_raw = sites.get("built", {})
    adj_raw = sites.get("adjacency", {})
    for name, mapping in (("built", built_raw), ("adjacency", adj_raw)):
        if not isinstance(mapping, dict) or any(k not in idx for k in mapping):
            raise _fail(f"sites.{name} must map site ids to seats")
    if sorted(deck + revealed) != list(range(game.num_sites)):
        raise _fail("every site must be once in sites.deck or sites.revealed")
    over = phase == Phase.END
    if len(revealed) != (rounds if over else rnd):
        raise _fail(f"round {rnd} needs {rnd} revealed sites, got {len(revealed)}")
    current = -1 if over else revealed[-1]
    done = revealed if over else revealed[:-1]
    built = {idx[k]: v for k, v in built_raw.items()}
    resolved_now = phase == Phase.TRADE  # the current site is already counted in step D
    if set(built) & set(delayed) or sorted(list(built) + delayed) != sorted(done + ([current] if resolved_now else [])):
        raise _fail("every revealed site before the one in play must be either built or delayed")
    s.deck = list(reversed(deck))
    s.revealed = revealed
    s.site = current
    for x in range(game.num_sites):
        s.status[x] = HIDDEN
    for x in revealed:
        s.status[x] = IN_PLAY
    for x, holders in built.items():
        if not isinstance(holders, list) or any(not isinstance(p, int) or not 0 <= p < n for p in holders) \
                or len(set(holders)) != len(holders):
            raise _fail(f"sites.built.{game.site_ids[x]} must list distinct seats")
        s.status[x] = BUILT
        s.pawns[x] = sum(1 << p for p in holders)
        for p in holders:
            s.held[p] |= 1 << x
    for x in delayed:
        s.status[x] = DELAYED
    for k, holders in adj_raw.items():
        x = idx[k]
        if not over or s.status[x] != DELAYED:
            raise _fail("sites.adjacency is only for delayed sites once the game is over (M-R8)")
        expected = [p for p in range(n)
                    if 0 < x < game.num_sites - 1 and s.pawns[x - 1] >> p & 1 and s.pawns[x + 1] >> p & 1]
        if sorted(holders) != expected:
            raise _fail(f"site {k} goes to seats {expected} by adjacency (M-R8)")
        s.adjacency[x] = sum(1 << p for p in holders)
    if over:
        for x in range(game.num_sites):
            if s.status[x] == DELAYED and 0 < x < game.num_sites - 1 and not s.adjacency[x] \
                    and s.pawns[x - 1] & s.pawns[x + 1]:
                raise _fail(f"delayed site {game.site_ids[x]} must be awarded by adjacency (M-R8)")
    for p in range(n):
        placed = sum(1 for x in range(game.num_sites) if s.pawns[x] >> p & 1)
        if placed > rules.pawns_per_player:
            raise _fail(f"seat {p} has {placed} pawns on the canal; each player has {rules.pawns_per_player}")
        s.pawns_left[p] = rules.pawns_per_player - placed
    for x in built:
        if not s.pawns[x] and any(s.pawns_left):
            who = next(p for p in range(n) if s.pawns_left[p])
            raise _fail(f"sites.built.{game.site_ids[x]} lists no seat, but seat {who} still has a pawn: "
                        "a built site goes to the best bid among the players with a pawn left (M-R11)")

    # --- cards
    seats = data.get("seats")
    if not isinstance(seats, list) or len(seats) != n or not all(isinstance(x, dict) for x in seats):
        raise _fail(f"seats must list {n} objects")
    discard = _values(data.get("discard", []), "discard")
    bets_raw = data.get("bets")
    everything: list[int] = list(discard)
    for p, seat in enumerate(seats):
        for key in ("hand", "face_up", "face_down"):
            everything += _values(seat.get(key, []), f"seats[{p}].{key}")
        for key in ("bet", "reinforcement"):
            v = seat.get(key)
            if v is not None:
                if not isinstance(v, int) or isinstance(v, bool):
                    raise _fail(f"seats[{p}].{key} must be a card value or null")
                everything.append(v)
    expected_cards = Counter(game.card_value)
    if Counter(everything) != expected_cards:
        raise _fail("the cards in play must be exactly the players' worker cards, each once "
                    f"(missing {sorted((expected_cards - Counter(everything)).elements())}, "
                    f"extra {sorted((Counter(everything) - expected_cards).elements())})")
    pool: dict[int, list[int]] = {}
    k = game.cards_per_player
    for cid, v in enumerate(game.card_value):
        pool.setdefault(v, []).append(cid)

    def take(v: int, owner: int) -> int:
        ids_ = pool[v]
        for i, cid in enumerate(ids_):  # own colour first, for a natural card identity
            if cid // k == owner:
                return ids_.pop(i)
        return ids_.pop(0)

    for p, seat in enumerate(seats):
        s.hand[p] = [take(v, p) for v in seat.get("hand", [])]
        s.up[p] = [take(v, p) for v in seat.get("face_up", [])]
        s.down[p] = [take(v, p) for v in seat.get("face_down", [])]
        b, r = seat.get("bet"), seat.get("reinforcement")
        s.played[p] = take(b, p) if b is not None else -1
        s.reinf[p] = take(r, p) if r is not None else -1
        s.coins[p] = _int(seat, "coins", 0, rules.coins_total, f"seats[{p}].")
    s.discard = [take(v, -1) for v in discard]

    # --- per-seat counts follow from the round and phase
    played_before = rnd - 1 if not over else rounds
    betting_done = phase in (Phase.REINFORCE_START, Phase.REINFORCE_JOIN)
    for p in range(n):
        held = len(s.hand[p]) + len(s.up[p]) + len(s.down[p])
        has_bet = s.played[p] >= 0
        want = k - rnd if phase == Phase.TRADE else k - played_before - (1 if has_bet else 0)
        if held != want:
            raise _fail(f"seat {p} holds {held} cards; in round {rnd}, phase {data['phase']} it should hold {want}")
        if has_bet and not (phase == Phase.BET or betting_done):
            raise _fail(f"seat {p} has a bet outside steps C-E")
        if betting_done and not has_bet:
            raise _fail(f"seat {p} must have bet before reinforcements")
        if s.reinf[p] >= 0 and phase != Phase.TRADE:
            raise _fail("reinforcement cards are drawn after the reinforcement window, during step D")
        if len(s.hand[p]) > rules.hand_size:
            raise _fail(f"seat {p} has more than {rules.hand_size} cards in hand")
        if s.up[p].__len__() != min(rules.face_up, len(s.up[p]) + len(s.down[p])) and len(s.down[p]):
            raise _fail(f"seat {p} must have {rules.face_up} face-up cards while face-down cards remain (step B)")
    cards_out = sum(1 for c in s.reinf if c >= 0)
    in_discard = n * (rnd if phase == Phase.TRADE else played_before)
    if len(s.discard) + cards_out != in_discard:
        raise _fail(f"the discard pile should hold {in_discard} cards (with reinforcements drawn), "
                    f"got {len(s.discard) + cards_out}")

    # --- coins
    s.spent = _int(data, "spent", 0, rules.coins_total)
    s.bank = rules.coins_total - s.spent - sum(s.coins)
    if s.bank < 0:
        raise _fail(f"{sum(s.coins)} coins held and {s.spent} spent is more than the {rules.coins_total} coins")
    for p in range(n):
        for kk, (a, b) in enumerate(game.city_pairs):
            if all(s.pawns[x] >> p & 1 for x in range(a, b + 1)):
                s.paired[p] |= 1 << kk

    # --- whose decision
    queue = data.get("queue", [])
    if not isinstance(queue, list) or any(not isinstance(p, int) or not 0 <= p < n for p in queue) \
            or len(set(queue)) != len(queue):
        raise _fail("queue must list distinct seats")
    order = s.turn_order()
    if over:
        if queue:
            raise _fail("nobody decides once the game is over")
    elif not queue:
        raise _fail("someone must be about to decide")
    if phase == Phase.DRAW:
        needs = [p for p in order if len(s.hand[p]) < rules.hand_size and (s.up[p] or s.down[p])]
        if queue != needs:
            raise _fail(f"the seats to draw now are {needs}, in turn order (step B, M-R3)")
    if phase == Phase.BET:
        waiting = [p for p in order if s.played[p] < 0]
        if queue != waiting:
            raise _fail(f"the seats still to bet are {waiting}, in turn order (step C, M-R3)")
        for p in order:
            if s.played[p] < 0 and not s.hand[p]:
                raise _fail(f"seat {p} has no card to bet")
            if s.hand[p] and len(s.hand[p]) + (s.played[p] >= 0) != min(rules.hand_size, held_now(s, p)):
                raise _fail(f"seat {p} should have drawn up to {rules.hand_size} cards before betting (step B)")
    reinforcers = data.get("reinforcers", [])
    if not isinstance(reinforcers, list) or any(not isinstance(p, int) or not 0 <= p < n for p in reinforcers) \
            or len(set(reinforcers)) != len(reinforcers):
        raise _fail("reinforcers must list distinct seats")
    if phase == Phase.REINFORCE_START:
        if reinforcers:
            raise _fail("nobody has started reinforcements yet in reinforce_start")
        holders = [p for p in order if s.coins[p] > 0]
        if queue != holders[len(holders) - len(queue):]:
            raise _fail("the seats still to be asked must be the last coin holders in turn order (M-R4)")
    if reinforcers:
        # M-R4: the starter first, then those who joined, clockwise from the starter
        clockwise = [(reinforcers[0] + i) % n for i in range(1, n)]
        if reinforcers[1:] != [q for q in clockwise if q in reinforcers]:
            raise _fail(f"reinforcers must list the starter, then the seats who joined clockwise from "
                        f"the starter (M-R4), got {reinforcers}")
    if phase == Phase.REINFORCE_JOIN:
        if not reinforcers:
            raise _fail("reinforce_join needs the starter in reinforcers")
        starter = reinforcers[0]
        clockwise = [(starter + i) % n for i in range(1, n)]
        if queue != [q for q in clockwise if q in queue] or set(queue) & set(reinforcers) \
                or any(s.coins[q] == 0 for q in queue):
            raise _fail("the seats to answer must hold a coin and follow the starter clockwise (M-R4)")
        # every coin holder answers once, in that order: those still to answer come last
        asked = [q for q in clockwise if q in reinforcers or s.coins[q] > 0]
        if queue != asked[len(asked) - len(queue):]:
            raise _fail(f"queue: after the starter, seats {asked} answer in this order (M-R4); "
                        f"those still to answer are the last of them, not {queue}")
    if phase in (Phase.REINFORCE_START, Phase.REINFORCE_JOIN) and any(s.coins[q] == 0 for q in queue):
        raise _fail("only a player holding a coin is asked about reinforcements (M-R4)")
    if phase == Phase.TRADE:
        if s.status[current] != BUILT or not game.tent[current]:
            raise _fail("a trade follows the award of a tent site (M-R7)")
        others = game.tent_mask & ~(1 << current)
        for p in queue:
            if not s.pawns[current] >> p & 1:
                raise _fail(f"seat {p} did not win the tent site in play (M-R7)")
            if not s.held[p] & others:
                raise _fail(f"queue: seat {p} holds no other tent site, so winning this one grants no trade (M-R7)")
        if queue != [p for p in order if p in queue]:
            raise _fail(f"queue: the seats due a trade decide in turn order (M-R7, M-R3), got {queue}")
        s.reinforcers = list(reinforcers)
    elif phase not in (Phase.REINFORCE_JOIN,) and reinforcers:
        raise _fail("reinforcers are only listed during reinforce_join and trade")
    else:
        s.reinforcers = list(reinforcers)
    s.queue = list(queue)
    val = game.card_value
    if betting_done:
        s.last_bets = [val[c] for c in s.played]
        if bets_raw is not None and bets_raw != s.last_bets:
            raise _fail(f"bets must be the seats' bets once revealed ({s.last_bets}), got {bets_raw!r}")
    elif phase == Phase.TRADE:
        if not isinstance(bets_raw, list) or len(bets_raw) != n \
                or any(not isinstance(v, int) or isinstance(v, bool) for v in bets_raw):
            raise _fail("bets must list the values revealed this round during a trade")
        bets: list[int] = list(bets_raw)
        s.last_bets = bets
        _check_trade_round(s, bets)
        for p in queue:  # M-R12: a seat with nothing to trade is not asked
            if not trade_options(s, p):
                raise _fail(f"queue: seat {p} has nothing to trade, so it is not asked (M-R12)")
    elif bets_raw is not None:
        raise _fail(f"bets are only known from the reveal (step D) to the end of the round, not in phase {phase}")
    _check_coins(s, rules.coins_per_player, rules.rounds if over else rnd - 1)
    if log:
        s.events = [position_event(s)]


def position_event(s: MidiPosition) -> Event:
    """The ``midi.position`` event a log starts with when it starts from this position rather
    than from the deal: what lies face up, each seat's hidden cards as a pool, and each seat's
    own hand (private)."""
    val = s.game.card_value
    n = s.n
    in_bet = s.phase == Phase.BET
    return Event(
        "midi.position",
        {"players": n, "round": s.round, "lead": s.lead,
         "face_up": [sorted(val[c] for c in s.up[p]) for p in range(n)],
         # a bet not yet revealed is still one of the seat's hidden cards to the others
         "hidden_pools": [sorted(val[c] for c in s.hand[p] + s.down[p]
                                 + ([s.played[p]] if in_bet and s.played[p] >= 0 else []))
                          for p in range(n)]},
        {p: {"hand": sorted(val[c] for c in s.hand[p] + ([s.played[p]] if in_bet and s.played[p] >= 0 else []))}
         for p in range(n)},
    )


def _check_trade_round(s: MidiPosition, bets: list[int]) -> None:
    """A trade (step G) follows this round's count: the revealed bets and reinforcements
    built the site in play and its pawns went to the best of them (step D, M-R4, M-R11)."""
    game = s.game
    n = s.n
    val = game.card_value
    site = s.site
    sid = game.site_ids[site]
    values = set(game.card_value)
    if any(v not in values for v in bets):
        raise _fail(f"bets must list card values, got {bets}")
    if Counter(bets) - Counter(val[c] for c in s.discard):
        raise _fail(f"bets: the cards bet this round ({bets}) went to the discard pile (step D), "
                    f"which does not hold them all")
    for p in range(n):
        if s.reinf[p] >= 0 and p not in s.reinforcers:
            raise _fail(f"seats[{p}].reinforcement: seat {p} spent no coin this round (reinforcers), "
                        "so it drew no reinforcement (M-R4)")
    empty = [p for p in s.reinforcers if s.reinf[p] < 0]
    if empty:
        # M-R4: the discard pile ran out (a draw from an empty pile gives nothing); it stays empty
        # until the played cards join it after the count
        later = s.reinforcers[s.reinforcers.index(empty[0]):]
        if any(s.reinf[p] >= 0 for p in later) or len(s.discard) != n:
            raise _fail(f"seats[{empty[0]}].reinforcement is missing: seat {empty[0]} spent a coin this round "
                        "and the discard pile still held cards to draw (M-R4)")
    best = [bets[p] + (val[s.reinf[p]] if s.reinf[p] >= 0 else 0) for p in range(n)]
    if sum(best) < game.threshold[site]:
        raise _fail(f"bets: the values {best} add up to {sum(best)}, less than the threshold "
                    f"{game.threshold[site]} of site {sid}, which could not be built (step D)")
    able = [p for p in range(n) if s.pawns_left[p] or s.pawns[site] >> p & 1]
    top = max((best[p] for p in able), default=None)
    winners = [p for p in able if best[p] == top]
    holders = [p for p in range(n) if s.pawns[site] >> p & 1]
    if holders != winners:
        raise _fail(f"bets: with the values {best}, site {sid} goes to seats {winners} "
                    f"(the highest value among those with a pawn left, step D, M-R11), "
                    f"but sites.built.{sid} lists {holders}")


def _check_coins(s: MidiPosition, start: int, rounds_done: int) -> None:
    """Coins against the rules' totals: each player starts with ``start``, spends at most
    one coin a round (M-R4) and the spent coins leave the game (M-R5); new coins come from
    the bank, one for each city pair a player's pawns connect, while the bank has any (M-R6).

    ``rounds_done`` rounds have had their reinforcements, plus this round's ``reinforcers``."""
    n = s.n
    pairs = [bin(s.paired[p]).count("1") for p in range(n)]
    dry = s.bank == 0  # the bank never refills: while it has coins now, it always had some
    low = high = 0
    for p in range(n):
        c = s.coins[p]
        now = 1 if p in s.reinforcers else 0
        paid_lo, paid_hi = (0, pairs[p]) if dry else (pairs[p], pairs[p])
        # spent by p = start + paid - c, from `now` to `rounds_done + now` (M-R4)
        lo = max(paid_lo, c - start + now)
        hi = min(paid_hi, c - start + rounds_done + now)
        if lo > hi:
            if c - start + now > paid_hi:
                raise _fail(
                    f"seats[{p}].coins is {c}, more than seat {p} can hold: it started with {start}"
                    + (f", its pawns connect {pairs[p]} city pair(s) (one coin each, M-R6)" if pairs[p]
                       else " and its pawns connect no city pair (M-R6)")
                    + (", and it spent one this round (reinforcers)" if now else "")
                    + f", so it holds at most {start + paid_hi - now}")
            need = start + paid_lo - c
            raise _fail(
                f"seats[{p}].coins is {c}: seat {p} started with {start} coins"
                + (f" and was paid {paid_lo} for its city pairs (M-R6)" if paid_lo else "")
                + f", so it must have spent {need}, but a player spends at most one coin a round (M-R4): "
                f"at most {rounds_done + now} by now (spent coins leave the game, M-R5)")
        low += lo
        high += hi
    held = sum(s.coins)
    paid = held + s.spent - start * n
    if not low <= paid <= high:
        if not dry:
            raise _fail(
                f"spent is {s.spent}, but with {held} coins held it must be {start * n + low - held}: "
                f"the players started with {start * n}, and each of the {low} city pair(s) their pawns "
                "connect paid one coin while the bank had some (M-R6); spent coins leave the game (M-R5)")
        raise _fail(
            f"spent is {s.spent}, but with {held} coins held it must be from {start * n + low - held} "
            f"to {start * n + high - held}: the players started with {start * n}, and the city pairs "
            "their pawns connect paid one coin each until the bank ran out (M-R6)")


def held_now(s: MidiPosition, p: int) -> int:
    """Cards a seat held at the start of this round's step C (hand, front and bet)."""
    return len(s.hand[p]) + len(s.up[p]) + len(s.down[p]) + (1 if s.played[p] >= 0 else 0)
