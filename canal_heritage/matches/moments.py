"""Staged moments: what just happened at a table that is worth showing as more than a log
line. Pure Python, no UI: a view (:mod:`canal_heritage.views.tables.moment_stage`)
stages them.

A moment is read from the engine's own event log, never re-derived from the rules: the
bids turned over together (``midi.bets_revealed``), a site won and why (``midi.site_built``
with the reinforcements drawn and the players who had no pawn left, M-R11), a delayed site
(``midi.site_delayed``), a coin earned (``midi.coin_earned``, M-R6), a trade (M-R7), a site
given by adjacency at the end (M-R8); in Arriala a section scored with its majority
(``arriala.section_scored``, A-R6), another seat moving one of the viewer's workers, and a
work built or a vineyard first worked. Each game's match says which reader reads its log
(:meth:`~canal_heritage.matches.table.TableMatch.moments_in`), so :func:`moments` knows no game.

Hidden information: every event is read as the viewer sees it (:meth:`Event.seen_by`), so a
moment holds only what the viewer may know. A hand trade (M-R7) names its cards only to the
two players who traded; bets are told only once the engine has revealed them (M-R1).

Each moment carries ``line``: the engine's narration of its events, in the table's language,
as the viewer may read it (the log's own sentences, for the screen reader's live region).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core.events import Event

__all__ = [
    "BidsRevealed", "CoinEarned", "DelayedAwarded", "Moment", "MomentCursor", "SectionScored", "SiteDelayed",
    "SiteWon", "TradeMade", "WorkBuilt", "WorkerMoved", "arriala_moments", "midi_moments", "moments", "viewer_seat",
]


@dataclass(frozen=True)
class Moment:
    """What every moment has.

    Attributes:
        at: the index in the event log of the event that makes the moment.
        line: the narration of its events as the viewer may read them.
        ruling: the ruling the narration cites (M-R11, A-R6…), if any.
    """

    kind: ClassVar[str] = "moment"
    at: int
    line: str
    ruling: str | None


# ---------------------------------------------------------------------- Canal du Midi
@dataclass(frozen=True)
class BidsRevealed(Moment):
    """Every seat's bet turned over at once (M-R1: nobody sees a bet before this).

    Attributes:
        site: the site's card numeral; threshold: the worker points it needs;
        bets: each seat's card value, in seat order; total: their sum.
    """

    kind: ClassVar[str] = "bids"
    site: str
    threshold: int
    bets: tuple[int, ...]
    total: int


@dataclass(frozen=True)
class SiteWon(Moment):
    """A site built, who won it and why: the highest value (card plus reinforcement) wins;
    every tied highest player places a pawn; a player with no pawn left cannot (M-R11).

    Attributes:
        site: the card numeral; total and threshold: the points played and needed;
        values: each seat's card plus reinforcement; winners: the seats that placed a pawn
        (empty: nobody had a pawn left); best: the winning value (0 when nobody won);
        tie: several winners; no_pawn: seats that bid as high but had no pawn left;
        reinforcements: (seat, card value drawn) in the order coins were spent (M-R4).
    """

    kind: ClassVar[str] = "site_won"
    site: str
    total: int
    threshold: int
    values: tuple[int, ...]
    winners: tuple[int, ...]
    best: int
    tie: bool
    no_pawn: tuple[int, ...]
    reinforcements: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class SiteDelayed(Moment):
    """A site not built this round: the points played fell short.

    Attributes:
        site: the card numeral; total, threshold, missing: the points played, needed and short.
    """

    kind: ClassVar[str] = "delayed"
    site: str
    total: int
    threshold: int
    missing: int


@dataclass(frozen=True)
class CoinEarned(Moment):
    """A player linked two city sites (M-R6) and earned a Riquet coin, or would have but the
    bank was empty (``earned`` False, M-R5).

    Attributes:
        player: the seat; cities: the two city sites' numerals; earned: a coin was given.
    """

    kind: ClassVar[str] = "coin"
    player: int
    cities: tuple[str, str]
    earned: bool


@dataclass(frozen=True)
class TradeMade(Moment):
    """A tent trade (M-R7): face-up cards swapped (public), or a hand card for a random hand
    card (the cards are told only to the two who traded).

    Attributes:
        player: who traded; seat: with whom; how: ``"face_up"`` or ``"hand"``;
        gave, took: the card values that ``player`` gave and took, or None where the viewer
        may not know them.
    """

    kind: ClassVar[str] = "trade"
    player: int
    seat: int
    how: str
    gave: int | None
    took: int | None


@dataclass(frozen=True)
class DelayedAwarded(Moment):
    """At the end, a delayed site goes to those who hold both its neighbours (M-R8).

    Attributes:
        site: the card numeral; players: who receive it.
    """

    kind: ClassVar[str] = "delayed_awarded"
    site: str
    players: tuple[int, ...]


# ---------------------------------------------------------------------- Arriala
@dataclass(frozen=True)
class SectionScored(Moment):
    """A complete section scored by its majority (A-R6; the tie rule as the engine applied it).

    Attributes:
        player: whose action completed it; first, last: its end cells' ids; workers: its
        number of cells; counts: workers of each owner (the virtual player last, A-R8);
        winner: the owner who scores (None: nobody); points; tie: ``"none"``, ``"lower"``
        (the leaders tied, the next in line scores) or another engine value (nobody scores).
    """

    kind: ClassVar[str] = "section"
    player: int | None
    first: str
    last: str
    workers: int
    counts: tuple[int, ...]
    winner: int | None
    points: int
    tie: str


@dataclass(frozen=True)
class WorkerMoved(Moment):
    """Another seat moved one of the viewer's workers (a card may move any worker).

    Attributes:
        player: who moved it; owner: the viewer (the worker's owner); worker: its number;
        frm, to: where it stood and stands now (a cell id, or a vineyard id); how: the
        event (``"move"``, ``"from_vineyard"``, ``"to_vineyard"``); card: the card played.
    """

    kind: ClassVar[str] = "worker_moved"
    player: int
    owner: int
    worker: int
    frm: str
    to: str
    how: str
    card: str | None


@dataclass(frozen=True)
class WorkBuilt(Moment):
    """A place built on the Arriala board: an engineering work (A-R7), a river work, or a
    vineyard worked for the first time.

    Attributes:
        player: who built it; what: ``"engineering_work"``, ``"river_work"`` or ``"vineyard"``;
        place: its board id (a blue cell's, for a river work);
        points: the points it gave at once (0 for a vineyard: it scores at the end);
        story: the id whose story the heritage tells (what
        :func:`canal_heritage.heritage.built_story` takes): the place's own, or a river
        work's kind (every lock of a kind has the same story).
    """

    kind: ClassVar[str] = "built"
    player: int
    what: str
    place: str
    points: int
    story: str = ""


# ---------------------------------------------------------------------- reading the log
def _seen(events: Sequence[Event], viewer: int) -> list[Event]:
    return [e.seen_by(viewer) for e in events]


#: What explains a site's award: the reinforcements drawn (M-R4), and who had no pawn left (M-R11).
_WHY = ("midi.reinforcement_drawn", "midi.reinforcement_empty", "midi.no_pawn_left")


def midi_moments(events: Sequence[Event], start: int, viewer: int, narrator: Any) -> list[Moment]:
    """The Canal du Midi moments made by ``events[start:]``, as seat ``viewer`` sees them
    (``-1``: the public). ``narrator`` says the engine's lines (``narrator.event``)."""
    # Only the events from the last reveal before ``start`` are read as the viewer sees them (a
    # site won after ``start`` is explained by what followed its reveal); the site in play is
    # public (``midi.site_revealed``).
    lo = max((j for j in range(start) if events[j].key == "midi.bets_revealed"), default=start)
    seen = list(events[:lo]) + _seen(events[lo:], viewer)
    out: list[Moment] = []
    site, threshold = "", 0
    for e in events[:start]:
        if e.key == "midi.site_revealed":
            site, threshold = e.args["site"], e.args["threshold"]
    for i in range(start, len(seen)):
        e = seen[i]
        a = e.args
        k = e.key
        if k == "midi.site_revealed":
            site, threshold = a["site"], a["threshold"]
        elif k == "midi.bets_revealed":
            out.append(BidsRevealed(i, narrator.event(e), None, site, threshold, tuple(a["bets"]), a["total"]))
        elif k == "midi.site_built":
            # why: the reinforcements drawn and who had no pawn left, since the bets were revealed
            reveal = max((j for j in range(i) if seen[j].key == "midi.bets_revealed"), default=-1)
            why = [x for x in seen[reveal + 1:i] if x.key in _WHY]
            winners = tuple(a["winners"])
            values = tuple(a["values"])
            no_pawn = tuple(x.args["player"] for x in why if x.key == "midi.no_pawn_left")
            drawn = tuple((x.args["player"], x.args["value"]) for x in why if x.key == "midi.reinforcement_drawn")
            lines = [narrator.event(x) for x in why if x.key != "midi.reinforcement_empty"] + [narrator.event(e)]
            out.append(SiteWon(i, " ".join(lines), "M-R11" if no_pawn else a.get("ruling"), a["site"], a["total"],
                               a["threshold"], values, winners, max((values[w] for w in winners), default=0),
                               len(winners) > 1, no_pawn, drawn))
        elif k == "midi.site_delayed":
            out.append(SiteDelayed(i, narrator.event(e), a.get("ruling"), a["site"], a["total"], a["threshold"],
                                   a["missing"]))
        elif k in ("midi.coin_earned", "midi.coin_bank_empty"):
            out.append(CoinEarned(i, narrator.event(e), a.get("ruling"), a["player"],
                                  (a["cities"][0], a["cities"][1]), k == "midi.coin_earned"))
        elif k == "midi.trade_face_up":
            out.append(TradeMade(i, narrator.event(e), a.get("ruling"), a["player"], a["seat"], "face_up",
                                 a["gave"], a["took"]))
        elif k == "midi.trade_hand":
            gave = took = None
            if "given" in a and viewer == a["player"]:  # the trader's own view
                gave, took = a["given"], a["received"]
            elif "given" in a and viewer == a["seat"]:  # the other trader's view, turned round
                gave, took = a["received"], a["given"]
            out.append(TradeMade(i, narrator.event(e), a.get("ruling"), a["player"], a["seat"], "hand", gave, took))
        elif k == "midi.delayed_awarded":
            out.append(DelayedAwarded(i, narrator.event(e), a.get("ruling"), a["site"], tuple(a["players"])))
    return out


_MOVES = {"arriala.move": "move", "arriala.from_vineyard": "from_vineyard", "arriala.to_vineyard": "to_vineyard"}


def arriala_moments(events: Sequence[Event], start: int, viewer: int, narrator: Any) -> list[Moment]:
    """The Arriala moments made by ``events[start:]``, as seat ``viewer`` sees them (``-1``:
    the public, who has no workers to be moved). ``narrator`` says the engine's lines."""
    seen = list(events[:start]) + _seen(events[start:], viewer)  # what came before: public facts only
    worked = {e.args["vineyard"] for e in events[:start] if e.key == "arriala.to_vineyard"}
    out: list[Moment] = []
    for i in range(start, len(seen)):
        e = seen[i]
        a = e.args
        k = e.key
        if k == "arriala.section_scored":
            out.append(SectionScored(i, narrator.event(e), a.get("ruling"), a.get("player"), a["first"], a["last"],
                                     a["workers"], tuple(a["counts"]), a["winner"], a["points"], str(a["tie"])))
            continue
        if k in _MOVES and viewer >= 0 and a["owner"] == viewer and a["player"] != viewer:
            frm = a["vineyard"] if k == "arriala.from_vineyard" else a["from"]
            to = a["vineyard"] if k == "arriala.to_vineyard" else a["to"]
            out.append(WorkerMoved(i, narrator.event(e), a.get("ruling"), a["player"], a["owner"], a["worker"],
                                   frm, to, _MOVES[k], a.get("card")))
        if k == "arriala.engineering_work":
            out.append(WorkBuilt(i, narrator.event(e), a.get("ruling"), a["player"], "engineering_work", a["work"],
                                 a["points"], a["work"]))
        elif k == "arriala.river_work":
            out.append(WorkBuilt(i, narrator.event(e), a.get("ruling"), a["player"], "river_work", a["blue"],
                                 a["points"], a["kind"]))
        elif k == "arriala.to_vineyard" and a["vineyard"] not in worked:
            worked.add(a["vineyard"])
            out.append(WorkBuilt(i, narrator.event(e), a.get("ruling"), a["player"], "vineyard", a["vineyard"], 0,
                                 a["vineyard"]))
    return out


# ---------------------------------------------------------------------- a table's moments
def viewer_seat(match: Any) -> int:
    """The seat whose eyes the moments are for: the match's viewer, or ``-1`` (the public)
    while the privacy screen is up or nobody sits at the screen."""
    return -1 if (match.privacy or match.viewer is None) else int(match.viewer)


def moments(match: Any, start: int, end: int | None = None) -> list[Moment]:
    """The moments of a :class:`~canal_heritage.matches.table.TableMatch` made by the events
    ``start`` to ``end`` (default: now) of its log, as its viewer may see them, narrated in
    its language: the game's match reads them
    (:meth:`~canal_heritage.matches.table.TableMatch.moments_in`)."""
    events = list(match.state.events or [])[:end]
    return list(match.moments_in(events, start, viewer_seat(match)))


class MomentCursor:
    """Where a screen is in a match's log: :meth:`advance` gives the moments made since the
    last call, once each (what a stage plays after each change of the match).

    While the privacy screen is up nothing is read (the next viewer sees, as they may see
    it, what happened meanwhile). After a decision was taken back (the state replaced, the
    log shorter) nothing is staged, and :meth:`advance` says so with ``None``, so that what
    is playing for the position taken back can be withdrawn.
    """

    def __init__(self) -> None:
        self._at: tuple[int, int] | None = None  # (the match's state generation, events read)

    def advance(self, match: Any, limit: int | None = None) -> list[Moment] | None:
        """The new moments (the last ``limit`` of them), ``[]`` when there are none, or
        ``None`` when the log was taken back or replaced (what was staged is stale)."""
        if match.privacy:
            return []
        count = len(match.state.events or [])
        generation = match.position[0]
        if self._at is None:  # a new screen: what happened before it is not staged
            self._at = (generation, count)
            return []
        if self._at[0] != generation or count < self._at[1]:
            self._at = (generation, count)
            return None
        start = self._at[1]
        self._at = (generation, count)
        found = moments(match, start) if count > start else []
        return found[-limit:] if limit else found
