"""Simulations, tables and plots for the chance lesson and the balance lab.

Games are played by the project's simulators (:func:`canal_heritage.midi.simulate.simulate_midi`,
:func:`canal_heritage.arriala.simulate.simulate_arriala`): the same seed gives the same
figures, so a class can compare its results with the teacher's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, TypeVar

from ..arriala.simulate import ArrialaSummary, Overrides, simulate_arriala
from ..i18n import translator
from ..midi import MidiGame
from ..midi.narration import Narrator
from ..midi.simulate import Summary, simulate_midi
from .common import HTMLBlock, table_html
from .plots import FigureView, new_figure

PALETTE = ("#1f5fa8", "#e65100", "#2e7d32", "#6a1b9a", "#8d6e63")

#: Runs already played in this kernel, by their arguments. The simulators are seeded, so a
#: run's figures depend on its arguments only: a cell run again (Shift + Enter once too often,
#: or the notebook run from the top) shows the same figures at once instead of playing every
#: game again on a slow school computer. Callers only read what they get back.
_RUNS: dict[tuple[Any, ...], Any] = {}
_MAX_RUNS = 64

T = TypeVar("T")


def _once(key: tuple[Any, ...], play: Callable[[], T]) -> T:
    """``play()``'s result, played once per ``key`` in this kernel."""
    if key not in _RUNS:
        if len(_RUNS) >= _MAX_RUNS:
            _RUNS.clear()
        _RUNS[key] = play()
    result: T = _RUNS[key]
    return result


def _pct(lang: str, x: float) -> str:
    return translator(lang).ui("cli.percent", "{value}%", value=f"{100 * x:.0f}")


# ---------------------------------------------------------------------- Canal du Midi
def midi_thresholds(players: int) -> list[int]:
    """The thresholds of the data file for this player count, sites I to IX."""
    return list(MidiGame(players).threshold)


def simulate_thresholds(variants: Mapping[str, Sequence[int] | None], *, players: int = 2, games: int = 200,
                        seed: int = 1, bots: Sequence[str] = ("heuristic",)) -> dict[str, Summary]:
    """One simulation per variant (``None``: the data file's thresholds), same seed for all
    so that only the thresholds differ. Each run goes to the class book when a student has
    signed in (:mod:`.classbook`), so that the class's runs can be pooled."""
    from . import classbook

    out = {}
    for name, t in variants.items():
        thresholds = list(t) if t is not None else None
        summary = _once(("midi", players, tuple(bots), games, seed, None if thresholds is None else tuple(thresholds)),
                        partial(simulate_midi, players, list(bots), games, seed, thresholds=thresholds))
        sites = summary.games * len(summary.per_site_built)
        classbook.record_simulation(f"{name} · {players}p · " + ",".join(map(str, summary.thresholds)),
                                    {"games": summary.games, "built": round(summary.sites_built_share * sites),
                                     "sites": sites, "seed": seed})
        out[name] = summary
    return out


def midi_table(results: Mapping[str, Summary], lang: str = "fr") -> HTMLBlock:
    """Each variant's thresholds, share of sites built, per-site rates and how games ended."""
    tr = translator(lang)
    site_ids = list(next(iter(results.values())).per_site_built)
    headers = [tr.ui("lesson.lab", "Variant"), tr.ui("lesson.lab", "Thresholds I–IX"),
               tr.ui("lesson.lab", "Sites built"), *site_ids,
               tr.ui("lesson.lab", "Sites won by adjacency per game"), tr.ui("lesson.lab", "Shared victories")]
    rows = []
    for name, s in results.items():
        rows.append([name, ", ".join(map(str, s.thresholds)), _pct(lang, s.sites_built_share),
                     *[tr.number(100 * v, "0") for v in s.per_site_built.values()],
                     tr.number(s.adjacency_awards_per_game, "0.00"), s.shared_victories])
    text = "; ".join(f"{k}: {100 * s.sites_built_share:.1f}" for k, s in results.items())
    caption = tr.ui("lesson.lab", "Columns I to IX: in how many games out of 100 each site was built.")
    return HTMLBlock(table_html(headers, rows, caption=caption), text)


def two_runs_table(first: Mapping[str, Summary], second: Mapping[str, Summary], lang: str = "fr") -> HTMLBlock:
    """The share of sites built by each variant in two runs with different seeds, and the gap
    between the runs: a difference between variants smaller than that gap may be chance."""
    tr = translator(lang)
    headers = [tr.ui("lesson.lab", "Variant"), tr.ui("lesson.lab", "Sites built, run 1"),
               tr.ui("lesson.lab", "Sites built, run 2"), tr.ui("lesson.lab", "Gap between the runs (points)")]
    rows = [[name, _pct(lang, a.sites_built_share), _pct(lang, second[name].sites_built_share),
             tr.number(100 * abs(a.sites_built_share - second[name].sites_built_share), "0.0")]
            for name, a in first.items()]
    games = next(iter(first.values())).games
    caption = tr.ui_plural("lesson.lab", "{n} game per variant and run", "{n} games per variant and run", games)
    return HTMLBlock(table_html(headers, rows, caption=caption),
                     "; ".join(f"{k}: {a.sites_built_share:.3f}/{second[k].sites_built_share:.3f}"
                               for k, a in first.items()))


def plot_build_rates(results: Mapping[str, Summary], lang: str = "fr") -> FigureView:
    """How often each site was built, one bar per variant."""
    tr = translator(lang)
    fig = new_figure(9, 4)
    ax = fig.add_subplot()
    names = list(results)
    sites = list(next(iter(results.values())).per_site_built)
    width = 0.8 / len(names)
    for i, name in enumerate(names):
        rates = [100 * results[name].per_site_built[s] for s in sites]
        xs = [k + (i - (len(names) - 1) / 2) * width for k in range(len(sites))]
        ax.bar(xs, rates, width=width, color=PALETTE[i % len(PALETTE)],
               label=tr.ui("lesson.lab", "{variant}: {share} of sites built", variant=name,
                           share=_pct(lang, results[name].sites_built_share)))
    ax.set_xticks(range(len(sites)), sites)
    ax.set_ylim(0, 100)
    ax.set_ylabel(tr.ui("lesson.lab", "games where the site was built (%)"))
    ax.set_xlabel(tr.ui("lesson.lab", "site"))
    ax.axhspan(60, 80, color="#e8f5e9", zorder=0)
    ax.legend(fontsize=8, loc="lower right")
    ax.set_title(tr.ui("lesson.lab", "Which sites get built?"))
    return FigureView(fig, "; ".join(names), lang=lang)


def running_share(site: str, *, players: int = 2, sizes: Sequence[int] = (10, 40, 160), seed: int = 1,
                  bots: Sequence[str] = ("heuristic",)) -> list[tuple[int, float]]:
    """The share of games in which ``site`` was built, measured with more and more games
    (each size its own run with the same seed): estimates settle as games add up."""
    return [(k, _once(("midi", players, tuple(bots), k, seed, None),
                      partial(simulate_midi, players, list(bots), k, seed)).per_site_built[site]) for k in sizes]


def estimate_spread(site: str, *, players: int = 2, sizes: Sequence[int] = (10, 40, 160), pool: int = 480,
                    seed: int = 1, bot: str = "heuristic") -> dict[int, list[float]]:
    """How much an estimate varies with the number of games behind it.

    ``pool`` games are played once (bots ``bot`` in every seat); for each size ``n`` they are
    cut into ``pool // n`` separate batches of ``n`` games, and each batch gives its own
    estimate of the share of games in which ``site`` was built. Separate batches are
    independent samples, as if that many classes had each run ``n`` games. Returns
    ``{n: [estimate, ...]}``; ``sizes`` must divide ``pool``.
    """
    from ..midi.simulate import play_midi_game

    if any(pool % n for n in sizes):
        raise ValueError(f"every size must divide the pool of {pool} games: {list(sizes)}")
    index = MidiGame(players).site_index(site)

    def play() -> list[bool]:
        return [play_midi_game(players, [bot] * players, seed * 100_003 + k).built[index] for k in range(pool)]

    built = _once(("spread", players, bot, pool, seed, index), play)
    return {n: [sum(built[i:i + n]) / n for i in range(0, pool, n)] for n in sizes}


def spread_table(spread: Mapping[int, Sequence[float]], lang: str = "fr") -> HTMLBlock:
    """Per size: how many estimates, the lowest, the highest and the gap between them."""
    tr = translator(lang)
    headers = [tr.ui("lesson.lab", "Games per estimate"), tr.ui("lesson.lab", "Estimates"),
               tr.ui("lesson.lab", "Lowest"), tr.ui("lesson.lab", "Highest"), tr.ui("lesson.lab", "Gap (points)")]
    rows = [[n, len(v), _pct(lang, min(v)), _pct(lang, max(v)), round(100 * (max(v) - min(v)))]
            for n, v in spread.items()]
    return HTMLBlock(table_html(headers, rows), "; ".join(f"{n}: {min(v):.2f}-{max(v):.2f}" for n, v in spread.items()))


def plot_estimate_spread(spread: Mapping[int, Sequence[float]], site: str, lang: str = "fr") -> FigureView:
    """One dot per estimate, for each number of games: the cloud narrows as games add up.
    The dashed line is the share over every game played."""
    tr = translator(lang)
    fig = new_figure(7, 3.6)
    ax = fig.add_subplot()
    everything = [x for v in spread.values() for x in v]
    sizes = list(spread)
    first = sizes[0]
    played = first * len(spread[first])  # every size cuts the same games into batches
    overall = sum(spread[first]) / len(spread[first])
    for i, values in enumerate(spread.values()):
        k = len(values)
        xs = [i + 0.5 * ((j + 0.5) / k - 0.5) for j in range(k)]  # spread sideways, in a fixed order
        ax.scatter(xs, [100 * v for v in values], s=18, alpha=0.75, color=PALETTE[0], edgecolors="none")
        ax.plot([i - 0.3, i + 0.3], [100 * min(values)] * 2, color=PALETTE[1], linewidth=1.5)
        ax.plot([i - 0.3, i + 0.3], [100 * max(values)] * 2, color=PALETTE[1], linewidth=1.5)
    ax.axhline(100 * overall, color="#555555", linestyle="--", linewidth=1,
               label=tr.ui("lesson.lab", "all {n} games together", n=played))
    ax.set_xticks(range(len(sizes)), [str(n) for n in sizes])
    ax.set_ylim(-3, 103)
    ax.set_xlabel(tr.ui("lesson.lab", "games behind each estimate"))
    ax.set_ylabel(tr.ui("lesson.lab", "games where the site was built (%)"))
    ax.set_title(tr.ui("lesson.lab", "Site {site}: the estimate settles", site=site))
    ax.legend(loc="lower right", fontsize=8)
    ax.grid(color="#eeeeee")
    return FigureView(fig, f"{len(everything)} estimates", lang=lang)


def plot_running_share(points: Sequence[tuple[int, float]], site: str, lang: str = "fr") -> FigureView:
    tr = translator(lang)
    fig = new_figure(6, 3.2)
    ax = fig.add_subplot()
    ax.plot([k for k, _ in points], [100 * v for _, v in points], marker="o", color=PALETTE[0])
    ax.set_xscale("log")
    ax.set_xticks([k for k, _ in points], [str(k) for k, _ in points])
    ax.set_ylim(0, 100)
    ax.set_xlabel(tr.ui("lesson.lab", "games simulated"))
    ax.set_ylabel(tr.ui("lesson.lab", "games where the site was built (%)"))
    ax.set_title(tr.ui("lesson.lab", "Site {site}: the estimate settles", site=site))
    ax.grid(color="#eeeeee")
    return FigureView(fig, ", ".join(f"{k}: {100 * v:.0f}" for k, v in points), lang=lang)


def plot_bets(rows: Sequence[Mapping[str, Any]], lang: str = "fr") -> FigureView:
    """Points gained on average with each bet (from :func:`.midi.bet_outcomes`)."""
    tr = translator(lang)
    n = Narrator(lang)
    fig = new_figure(6, 3.2)
    ax = fig.add_subplot()
    labels = [n.worker(r["value"]) for r in rows]
    ax.bar(labels, [r["points"] for r in rows], color=PALETTE[0])
    ax.set_ylabel(tr.ui("lesson.bets", "Points gained on average"))
    ax.set_title(tr.ui("lesson.lab", "What each bet brings"))
    return FigureView(fig, "; ".join(f"{r['value']}: {r['points']:.2f}" for r in rows), lang=lang)


# ---------------------------------------------------------------------- Arriala
def arriala_variant(*, cells: Sequence[int] | None = None, lock_max: Sequence[int] | None = None,
                    table: Sequence[int] | None = None, deck: Sequence[int] | None = None) -> Overrides:
    """Reconstructed values to try instead of ``data/arriala/`` (``None``: the data's)."""
    return Overrides(*(tuple(x) if x is not None else None for x in (cells, lock_max, table, deck)))


def arriala_defaults(players: int = 2) -> dict[str, list[int]]:
    """The board values of the data files: cells and lock maxima per stretch, scoring table."""
    from ..arriala import ArrialaGame
    from ..arriala.data import load_arriala_data

    data = load_arriala_data()
    return {"cells": [s.cells for s in data.board.stretches], "lock_max": [s.lock_max for s in data.board.stretches],
            "table": list(ArrialaGame(players).table[1:])}


def simulate_variants(variants: Mapping[str, Overrides], *, players: int = 2, games: int = 10, seed: int = 1,
                      bots: Sequence[str] = ("heuristic",)) -> dict[str, ArrialaSummary]:
    return {name: _once(("arriala", players, tuple(bots), games, seed, ov),
                        partial(simulate_arriala, players, list(bots), games, seed, overrides=ov))
            for name, ov in variants.items()}


def arriala_table(results: Mapping[str, ArrialaSummary], lang: str = "fr") -> HTMLBlock:
    tr = translator(lang)
    headers = [tr.ui("lesson.lab", "Variant"), tr.ui("lesson.lab", "Stopped by A-R10"),
               tr.ui("lesson.lab", "Rounds"), tr.ui("lesson.lab", "Sections scored"),
               tr.ui("lesson.lab", "Winner's score"), tr.ui("lesson.lab", "Lead over the second (± chance)"),
               tr.ui("lesson.lab", "First player wins")]
    rows = []
    for name, s in results.items():
        stalled = sum(v for k, v in s.end_reasons.items() if k != "last_section")
        first = s.by_turn_position[0]["win_rate"] if s.by_turn_position else 0.0
        lead = tr.ui("lesson.lab", "{mean} ± {error}", mean=tr.number(s.mean_margin, "0.0"),
                     error=tr.number(s.margin_error, "0.0"))
        rows.append([name, _pct(lang, stalled), *(tr.number(x, "0.0") for x in (
            s.mean_rounds, s.sections_per_game, s.mean_winner_score)), lead, _pct(lang, first)])
    text = "; ".join(f"{k}: {s.mean_rounds:.1f}" for k, s in results.items())
    return HTMLBlock(table_html(headers, rows), text)


def plot_points_by_kind(results: Mapping[str, ArrialaSummary], lang: str = "fr") -> FigureView:
    """Where the points come from, per variant (mean per player and game)."""
    tr = translator(lang)
    kinds = {"section": tr.ui("lesson.sheet", "section"), "lock": tr.ui("lesson.sheet", "lock"),
             "river_work": tr.ui("lesson.sheet", "river work"),
             "engineering_work": tr.ui("lesson.sheet", "engineering work"),
             "vineyard": tr.ui("lesson.sheet", "vineyard")}
    fig = new_figure(7, 3.6)
    ax = fig.add_subplot()
    names = list(results)
    bottom = [0.0] * len(names)
    for i, (kind, label) in enumerate(kinds.items()):
        values = [results[n].points_by_kind.get(kind, 0.0) for n in names]
        ax.bar(names, values, bottom=bottom, color=PALETTE[i % len(PALETTE)], label=label)
        bottom = [b + v for b, v in zip(bottom, values, strict=True)]
    ax.set_ylabel(tr.ui("lesson.lab", "points per player and game"))
    ax.set_title(tr.ui("lesson.lab", "Where the points come from"))
    ax.legend(fontsize=8)
    return FigureView(fig, "; ".join(names), lang=lang)
