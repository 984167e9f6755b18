"""Which actions the current decider of a Canal du Midi position may take (:func:`legal_actions`),
and the trades a tent site offers (:func:`trade_options`, M-R7, M-R15)."""

from __future__ import annotations

from . import actions as A
from .rules import BET, DRAW, END, TRADE, values_mask
from .table import MidiPosition

_REINFORCE_CHOICES = (A.DECLINE, A.REINFORCE)  # M-R4: asked once, yes or no


def legal_actions(s: MidiPosition) -> tuple[int, ...]:
    """Every action the current player may take (empty when the game is over), listed once
    per decision point."""
    legal = s._legal
    if legal is None:
        legal = s._legal = generate(s)
    return legal


def generate(s: MidiPosition) -> tuple[int, ...]:
    """Every legal action, listed afresh (:func:`legal_actions` keeps them for the decision)."""
    ph = s.phase
    if ph == END:
        return ()
    p = s.queue[0]
    g = s.game
    if ph == BET:  # a bet of each value in hand (M-R14)
        return g.bets_for[values_mask(g.card_bit, s.hand[p])]
    if ph == DRAW:  # a random face-down card, or a face-up card of each value (M-R2)
        draws = g.draws_for if s.down[p] else g.draws_up_for
        return draws[values_mask(g.card_bit, s.up[p])]
    if ph == TRADE:
        return (A.TRADE_PASS, *trade_options(s, p))
    return _REINFORCE_CHOICES


def trade_options(s: MidiPosition, p: int) -> list[int]:
    """M-R7: face-up swap if you and an opponent have face-up cards; otherwise a hand
    card of your choice against a random hand card of an opponent of your choice.
    M-R15: a face-up swap of two equal values changes nothing, so it is not offered."""
    g = s.game
    n = s.n
    opp_up = [o for o in range(n) if o != p and s.up[o]]
    out: list[int] = []
    if s.up[p] and opp_up:
        mine = g.values_in[values_mask(g.card_bit, s.up[p])]  # distinct values, lowest first
        for o in opp_up:
            theirs = g.values_in[values_mask(g.card_bit, s.up[o])]
            out.extend(A.trade_up(v, o, t) for v in mine for t in theirs if v != t)  # M-R15
    elif s.hand[p]:
        mine = g.values_in[values_mask(g.card_bit, s.hand[p])]
        for o in range(n):
            if o != p and s.hand[o]:
                out.extend(A.trade_hand(v, o) for v in mine)
    return out
