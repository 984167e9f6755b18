"""What one player may know (M-R1): an :class:`Observation`, built only from public facts
and that player's own share of the event log.

Besides what lies on the table, a player knows some hidden cards by deduction: every
colour's nine cards are printed in the rules, so the cards a player has not seen form a
known pool; a card taken face up into a hand is known to be in that hand; a card given in
a hand trade is known to the two traders. :func:`knowledge` replays the player's filtered
log to work this out, so nothing the player could not see ever enters it.

``unseen`` lists every card the player cannot place exactly, with the set of places it
may be: ``(seat, "hand")``, ``(seat, "face_down")``. The belief sampler
(:mod:`.belief`) deals those cards into the open slots to make a determinization.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ..core.events import Event
from ..core.game import check_seat
from .moves import legal_actions
from .rules import Phase, SiteStatus
from .table import MidiPosition

HAND, FACE_DOWN = 0, 1
ZONE_NAMES = ("hand", "face_down")


def _bit(seat: int, zone: int) -> int:
    return 1 << (seat * 2 + zone)


def places(mask: int, players: int) -> frozenset[tuple[int, str]]:
    """The (seat, zone) places of a location mask."""
    return frozenset((p, ZONE_NAMES[z]) for p in range(players) for z in (HAND, FACE_DOWN) if mask & _bit(p, z))


@dataclass(frozen=True)
class Knowledge:
    """Deductions from a player's log: hidden cards known in hands, and the unseen pool.

    Attributes:
        known_hand: per seat, values known to be in that hand (own seat: the whole hand).
        unseen: (value, location mask) of every card not placed exactly.
    """

    known_hand: tuple[tuple[int, ...], ...]
    unseen: tuple[tuple[int, int], ...]


def knowledge(events: Iterable[Event], player: int, players: int) -> Knowledge:
    """Replay ``events`` as ``player`` saw them (their private parts only)."""
    known: list[list[int]] = [[] for _ in range(players)]
    unseen: list[list[int]] = []  # [value, mask]
    me = player

    def remove_unseen(value: int, prefer: int) -> None:
        """A card of ``value`` left a place in ``prefer``. When several unseen cards of that
        value could have been there, nobody knows which one left: the ones that stay may be
        anywhere any of them could have been."""
        candidates = [e for e in unseen if e[0] == value and e[1] & prefer]
        if not candidates:  # defensive: any card of that value
            candidates = [e for e in unseen if e[0] == value]
            if not candidates:
                return
        union = 0
        for e in candidates:
            union |= e[1]
        unseen.remove(candidates[0])
        for e in candidates[1:]:
            e[1] = union

    def leave_hand(seat: int, value: int) -> None:
        if value in known[seat]:
            known[seat].remove(value)
        else:
            remove_unseen(value, _bit(seat, HAND))

    for ev in events:
        key = ev.key
        args = ev.args
        mine = (ev.private or {}).get(me, {})
        if key in ("midi.dealt", "midi.position"):
            known = [[] for _ in range(players)]
            unseen = []
            for p, pool in enumerate(args["hidden_pools"]):
                pool = list(pool)
                if p == me:
                    hand = list(mine.get("hand", []))
                    known[p] = hand
                    for v in hand:
                        pool.remove(v)
                    unseen.extend([v, _bit(p, FACE_DOWN)] for v in pool)
                else:
                    known[p] = list(mine.get("known", {}).get(str(p), []))
                    for v in known[p]:
                        pool.remove(v)
                    unseen.extend([v, _bit(p, HAND) | _bit(p, FACE_DOWN)] for v in pool)
        elif key == "midi.drew_face_up":
            p = args["player"]
            known[p].append(args["value"])
            if args["turned"] is not None:
                remove_unseen(args["turned"], _bit(p, FACE_DOWN))
        elif key == "midi.drew_face_down":
            if args["player"] == me:
                v = mine["value"]
                remove_unseen(v, _bit(me, FACE_DOWN))
                known[me].append(v)
        elif key == "midi.bets_revealed":
            for p, v in enumerate(args["bets"]):
                leave_hand(p, v)
        elif key == "midi.trade_hand":
            p, o = args["player"], args["seat"]
            if me in (p, o):
                other = o if me == p else p
                given, received = mine["given"], mine["received"]
                known[me].remove(given)
                known[me].append(received)
                leave_hand(other, received)
                known[other].append(given)
            else:
                both = _bit(p, HAND) | _bit(o, HAND)
                for seat in (p, o):
                    unseen.extend([v, both] for v in known[seat])
                    known[seat] = []
                for entry in unseen:
                    if entry[1] & both:
                        entry[1] |= both
    return Knowledge(tuple(tuple(sorted(k)) for k in known),
                     tuple(sorted((v, m) for v, m in unseen)))


@dataclass(frozen=True)
class Observation:
    """Everything ``player`` may know, and nothing more (M-R1).

    Values are card values; per-seat tuples are indexed by seat. ``site_*`` tuples are in
    canal order (I..IX).
    """

    player: int
    players: int
    round: int
    rounds: int
    phase: Phase
    to_move: int | None
    queue: tuple[int, ...]
    lead: int
    current_site: str | None
    threshold: int | None
    revealed: tuple[str, ...]
    unrevealed: tuple[str, ...]
    site_status: tuple[SiteStatus, ...]
    site_pawns: tuple[tuple[int, ...], ...]
    site_adjacency: tuple[tuple[int, ...], ...]
    hand: tuple[int, ...]
    face_up: tuple[tuple[int, ...], ...]
    hand_count: tuple[int, ...]
    face_down_count: tuple[int, ...]
    coins: tuple[int, ...]
    pawns_left: tuple[int, ...]
    has_bet: tuple[bool, ...]
    my_bet: int | None
    bets: tuple[int, ...] | None
    reinforcers: tuple[int, ...]
    reinforcements: tuple[int | None, ...]
    discard: tuple[int, ...]
    bank: int
    spent: int
    paired: tuple[tuple[int, ...], ...]
    known_hand: tuple[tuple[int, ...], ...]
    unseen: tuple[tuple[int, frozenset[tuple[int, str]]], ...]
    legal_actions: tuple[int, ...]
    events: tuple[Event, ...]

    @property
    def is_my_turn(self) -> bool:
        return self.to_move == self.player

    def unseen_masks(self) -> tuple[tuple[int, int], ...]:
        """``unseen`` as (value, location mask) pairs, for the sampler."""
        out = []
        for v, where in self.unseen:
            m = 0
            for seat, zone in where:
                m |= _bit(seat, ZONE_NAMES.index(zone))
            out.append((v, m))
        return tuple(out)


def observe(state: MidiPosition, player: int) -> Observation:
    """Build ``player``'s observation of ``state``."""
    n = state.n
    check_seat(player, n)
    if state.events is None:
        raise ValueError("this state keeps no event log (a search copy): observations need one")
    game = state.game
    val = game.card_value
    ids = game.site_ids
    seen = tuple(e.seen_by(player) for e in state.events)
    know = knowledge(state.events, player, n)
    ph = state.phase
    in_bet = ph == Phase.BET
    has_bet = tuple(in_bet and state.played[p] >= 0 for p in range(n))
    my_bet = val[state.played[player]] if state.played[player] >= 0 else None
    to_move = state.current_player()
    return Observation(
        player=player,
        players=n,
        round=state.round,
        rounds=game.rules.rounds,
        phase=ph,
        to_move=to_move,
        queue=tuple(state.queue),
        lead=state.lead,
        current_site=ids[state.site] if state.site >= 0 else None,
        threshold=game.threshold[state.site] if state.site >= 0 else None,
        revealed=tuple(ids[s] for s in state.revealed),
        unrevealed=tuple(ids[s] for s in sorted(state.deck)),
        site_status=tuple(state.status),
        site_pawns=tuple(tuple(p for p in range(n) if m >> p & 1) for m in state.pawns),
        site_adjacency=tuple(tuple(p for p in range(n) if m >> p & 1) for m in state.adjacency),
        hand=tuple(sorted(val[c] for c in state.hand[player])),
        face_up=tuple(tuple(sorted(val[c] for c in state.up[p])) for p in range(n)),
        hand_count=tuple(len(h) for h in state.hand),
        face_down_count=tuple(len(d) for d in state.down),
        coins=tuple(state.coins),
        pawns_left=tuple(state.pawns_left),
        has_bet=has_bet,
        my_bet=my_bet,
        bets=tuple(state.last_bets) if state.last_bets is not None else None,
        reinforcers=tuple(state.reinforcers),
        reinforcements=tuple(val[c] if c >= 0 else None for c in state.reinf),
        discard=tuple(sorted(val[c] for c in state.discard)),
        bank=state.bank,
        spent=state.spent,
        paired=tuple(tuple(k for k in range(len(game.city_pairs)) if state.paired[p] >> k & 1) for p in range(n)),
        known_hand=tuple(tuple(sorted(val[c] for c in state.hand[p])) if p == player else know.known_hand[p]
                         for p in range(n)),
        unseen=tuple((v, places(m, n)) for v, m in know.unseen),
        legal_actions=legal_actions(state) if to_move == player else (),
        events=seen,
    )

