"""The bottom of the Canal du Midi engine: where a site stands, the phases of a round (with
their short aliases for the hot paths) and :class:`MidiRules`, the description of a game
(player count, sites, cards, rules numbers)."""

from __future__ import annotations

from collections.abc import Sequence
from enum import StrEnum

from . import actions as A
from .data import MidiData, load_midi_data


class SiteStatus(StrEnum):
    """Where a work site stands."""

    HIDDEN = "hidden"  # still in the site deck
    IN_PLAY = "in_play"  # revealed this round (step A)
    BUILT = "built"  # its threshold was reached (step D)
    DELAYED = "delayed"  # its threshold was missed; awarded at the end by M-R8


class Phase(StrEnum):
    """Where the round stands (see the module docstring)."""

    DRAW = "draw"
    BET = "bet"
    REINFORCE_START = "reinforce_start"
    REINFORCE_JOIN = "reinforce_join"
    TRADE = "trade"
    END = "end"


# Module-level aliases: faster than attribute lookups in the hot paths.
HIDDEN, IN_PLAY, BUILT, DELAYED = SiteStatus.HIDDEN, SiteStatus.IN_PLAY, SiteStatus.BUILT, SiteStatus.DELAYED
DRAW, BET, RSTART, RJOIN, TRADE, END = (
    Phase.DRAW, Phase.BET, Phase.REINFORCE_START, Phase.REINFORCE_JOIN, Phase.TRADE, Phase.END)


def values_mask(card_bit: Sequence[int], cards: list[int]) -> int:
    """The distinct values of ``cards`` as a bit mask (bit v: a card worth v)."""
    mask = 0
    for c in cards:
        mask |= card_bit[c]
    return mask


class MidiRules:
    """The description of a Canal du Midi game: player count, sites, cards, rules numbers (games
    begin from :class:`~.state.MidiGame`, which adds :meth:`~.state.MidiGame.new_initial_state`).

    Args:
        players: 2, 3 or 4.
        data: content to use (default: ``data/midi/``).
        thresholds: optional override of every site's threshold for this player count,
            in canal order (the balance lab and the threshold study use it). Scoring values
            stay the 2-player thresholds (M-R9) unless ``values`` is given too.
        values: optional override of the scoring values, in canal order.
    """

    def __init__(
        self,
        players: int = 2,
        *,
        data: MidiData | None = None,
        thresholds: Sequence[int] | None = None,
        values: Sequence[int] | None = None,
    ) -> None:
        data = data or load_midi_data()
        r = data.rules
        if not isinstance(players, int) or not (r.min_players <= players <= r.max_players):
            raise ValueError(f"Canal du Midi is played by {r.min_players} to {r.max_players} players, not {players!r}")
        self.data = data
        self.players = players
        self.rules = r
        self.sites = data.sites
        self.site_ids: tuple[str, ...] = tuple(s.id for s in data.sites)
        self.num_sites = len(self.sites)
        self.threshold: tuple[int, ...] = tuple(thresholds) if thresholds is not None else tuple(
            s.threshold(players) for s in data.sites)
        self.value: tuple[int, ...] = tuple(values) if values is not None else tuple(s.value for s in data.sites)
        for name, seq in (("thresholds", self.threshold), ("values", self.value)):
            if len(seq) != self.num_sites or any(not isinstance(x, int) or x < 0 for x in seq):
                raise ValueError(f"{name} must be {self.num_sites} whole numbers ≥ 0, got {list(seq)}")
        self.city: tuple[bool, ...] = tuple(s.city for s in data.sites)
        self.tent: tuple[bool, ...] = tuple(s.tent for s in data.sites)
        cities = [i for i, c in enumerate(self.city) if c]
        #: M-R6: consecutive city sites along the canal, as (first, last) site indices.
        self.city_pairs: tuple[tuple[int, int], ...] = tuple(zip(cities, cities[1:], strict=False))
        #: M-R6: the sites each city pair covers, as a bitmask over site indices.
        self.pair_masks = tuple(sum(1 << s for s in range(a, b + 1)) for a, b in self.city_pairs)
        colour_values = data.card_values
        self.cards_per_player = len(colour_values)
        #: value of every card id (colour * cards_per_player + k)
        self.card_value: tuple[int, ...] = tuple(v for _ in range(players) for v in colour_values)
        self.engineers = data.engineers[:players]
        #: seats clockwise from each possible lead (M-R3)
        self.orders: tuple[tuple[int, ...], ...] = tuple(
            tuple((lead + i) % players for i in range(players)) for lead in range(players))
        self.tent_mask = sum(1 << s for s, t in enumerate(self.tent) if t)
        #: M-R6: per site, the city pairs it belongs to (only a newly won site can join a pair)
        self.pairs_of_site: tuple[tuple[int, ...], ...] = tuple(
            tuple(k for k, mask in enumerate(self.pair_masks) if mask >> s & 1) for s in range(self.num_sites))
        # M-R14: cards are named by value, so a hand's choices are its distinct values. A set of
        # values is a bit mask (bit v: a card worth v); these tables give each mask's actions.
        #: per card id, its value as a bit
        self.card_bit: tuple[int, ...] = tuple(1 << v for v in self.card_value)
        values = range(max(colour_values) + 1)
        #: per mask, its values, lowest first
        self.values_in: tuple[tuple[int, ...], ...] = tuple(
            tuple(v for v in values if m >> v & 1) for m in range(1 << len(values)))
        #: per mask of values, the bets, lowest first
        self.bets_for: tuple[tuple[int, ...], ...] = tuple(
            tuple(A.BET + v for v in vs) for vs in self.values_in)
        #: per mask of values, the face-up draws, lowest first
        self.draws_up_for: tuple[tuple[int, ...], ...] = tuple(
            tuple(A.DRAW_UP + v for v in vs) for vs in self.values_in)
        #: the same with a face-down card left to draw: that draw first, then the face-up draws
        self.draws_for: tuple[tuple[int, ...], ...] = tuple((A.DRAW_DOWN, *up) for up in self.draws_up_for)

    def site_index(self, site_id: str) -> int:
        try:
            return self.site_ids.index(site_id)
        except ValueError:
            raise KeyError(f"no site {site_id!r}; sites are {', '.join(self.site_ids)}") from None

    def action_to_text(self, action: int) -> str:
        """The text form of an action (``"bet 6"``, :mod:`.actions`)."""
        return A.to_text(action)

    def action_from_text(self, text: str) -> int:
        """The action a text names; :class:`IllegalActionError` if it names none."""
        return A.from_text(text)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(players={self.players})"
