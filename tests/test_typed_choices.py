"""The matches hand out typed choices and take them back: every legal action is exactly one
:class:`Choice`, ``choose`` plays it as the engine applies it (the held last action point of
T-R2 included), a worker's location reads as a :class:`Where` that agrees with the board, and
no view imports the engines' action modules or location constants."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from canal_heritage.arriala.state import BLUE, GONE, RESERVE, VINE
from canal_heritage.matches.arriala import ArrialaMatch, kind_of, owner_of, target_of, where_of, worker_of
from canal_heritage.matches.choices import NOWHERE, Choice, Where
from canal_heritage.matches.midi import MidiMatch
from canal_heritage.matches.table import Seat, TableMatch

VIEWS = Path(__file__).resolve().parents[1] / "canal_heritage" / "views"


def people(n: int) -> list[Seat]:
    return [Seat("human", f"P{i}") for i in range(n)]


def expected_after(m: TableMatch, choice: Choice) -> dict:
    """The state the engine reaches from the match's position by ``choice``'s action."""
    if isinstance(m, ArrialaMatch) and m.waiting_to_end:  # "End my turn": the held action, played (T-R2)
        last, real = m._held  # type: ignore[misc]
        s = real.clone()
        s.apply_action(last)
        return s.to_dict()
    s = m.state.clone()
    s.apply_action(choice.action)
    return s.to_dict()


def walk(m: TableMatch, rng: random.Random, steps: int, check) -> int:
    """Play ``steps`` random choices through ``choose``, calling ``check(m)`` at each decision."""
    played = 0
    for _ in range(steps * 3):
        if m.over or played >= steps:
            break
        if m.privacy:
            m.confirm_privacy()
            continue
        if m.paused:
            m.resume()
            continue
        check(m)
        choices = m.choices()  # type: ignore[attr-defined]
        assert [c.action for c in choices] == list(m.legal_actions())
        assert len({c.action for c in choices}) == len(choices)
        choice = rng.choice(choices)
        before = m.state.clone()
        want = expected_after(m, choice)
        assert m.choose(choice)  # type: ignore[attr-defined]
        if isinstance(m, ArrialaMatch) and m.waiting_to_end:  # shown, the turn held for its player
            want = before.hold_last_action(choice.action).to_dict()
        assert m.state.to_dict() == want
        played += 1
    return played


# ---------------------------------------------------------------------- Arriala
def check_arriala(m: ArrialaMatch) -> None:
    g, st = m.game, m.state
    for c in m.choices():
        kind, i = target_of(g, c.action)
        assert c.kind == kind_of(g, c.action) and c.worker == worker_of(g, c.action)
        assert c.where == (NOWHERE if kind == "none" else Where(kind, i))  # type: ignore[arg-type]
        assert c.owner == (None if c.worker is None else c.worker // 5)
        assert c.cost == st.observation(st.current_player()).action_cost(c.action)
        assert c.seat == m.to_move and c.text
    for kind in {c.kind for c in m.choices()}:
        assert m.choices(kind) == tuple(c for c in m.choices() if c.kind == kind)
        for w in m.workers_for(kind):
            assert m.choices(kind, w) == tuple(c for c in m.choices(kind) if c.worker == w)
    # every worker's place, as the views read it, is the board's
    for w, loc in enumerate(st.loc):
        where = where_of(loc)
        assert owner_of(w) == w // 5
        if loc == RESERVE:
            assert where == Where("reserve")
        elif loc == GONE:
            assert where == Where("gone")
        elif where.kind == "cell":
            assert 0 <= where.index < g.board.size and loc == where.index
            assert g.board.is_town[loc] or st.occ[loc] == w
        elif where.kind == "vineyard":
            assert 0 <= where.index < len(g.board.vineyards) and loc == VINE + where.index
            assert st.vine[where.index][owner_of(w)] > 0
        else:
            assert where.kind == "blue" and loc == BLUE + where.index and st.blue[where.index] == w


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_arriala_choices_are_the_legal_actions_and_choose_plays_them(players, seed):
    m = ArrialaMatch(people(players), seed=seed, pace=0, lang="en")
    played = walk(m, random.Random(seed), 250, check_arriala)
    assert played >= 100


def test_arriala_end_turn_alone_after_the_last_action_point_and_choice_at_asks_the_engine():
    m = ArrialaMatch(people(2), seed=4, pace=0, lang="en")
    m.confirm_privacy()
    rng = random.Random(5)
    while not m.waiting_to_end:
        m.choose(rng.choice([c for c in m.choices() if c.kind not in ("end_turn", "draw")]))
    assert m.only_end_turn() and [c.kind for c in m.choices()] == ["end_turn"]
    assert m.choose(m.choices("end_turn")[0]) and not m.waiting_to_end
    m.confirm_privacy()
    # a place not offered is tried: the engine refuses it and says why
    taken = next(c for c in range(m.game.board.size) if m.state.occ[c] >= 0)
    choice = m.choice_at("place", None, Where("cell", taken))
    assert choice is not None and choice not in m.choices()
    history = list(m.state.history)
    assert not m.choose(choice) and m.message and m.state.history == history
    assert m.choice_at("move", None, Where("cell", 0)) is None  # a move needs a worker
    assert m.choice_at("place", None, Where("vineyard", 0)) is None


def test_arriala_choices_are_built_once_per_position():
    m = ArrialaMatch(people(2), seed=6, pace=0)
    m.confirm_privacy()
    first = m.choices()
    assert m.choices() is first and m.choices("move")[0] is m.choices("move")[0]
    assert where_of(3) is where_of(3)
    m.choose(first[-1])
    assert m.choices() is not first


# ---------------------------------------------------------------------- Canal du Midi
def check_midi(m: MidiMatch) -> None:
    for c in m.choices():
        assert c.kind in ("draw", "bet", "reinforce", "trade") and c.where == NOWHERE and c.cost is None
        assert c.seat == m.to_move and c.text and " " not in c.name
        if c.kind == "draw":
            assert c.how in ("up", "down") and (c.value is not None) == (c.how == "up")
        elif c.kind == "bet":
            assert c.value is not None
        elif c.kind == "reinforce":
            assert c.how in ("yes", "no")
        else:
            assert c.how in ("up", "hand", "pass")
            assert (c.partner is None) == (c.how == "pass") and (c.take is not None) == (c.how == "up")
        assert m.describe(c)


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_midi_choices_are_the_legal_actions_and_choose_plays_them(players, seed):
    m = MidiMatch(people(players), seed=seed, lang="en")
    played = walk(m, random.Random(seed), 200, check_midi)
    assert played >= 40
    assert {c.kind for c in [*m.choices()]} <= {"draw", "bet", "reinforce", "trade"}


# ---------------------------------------------------------------------- the views
FORBIDDEN_MODULES = {"arriala.actions", "midi.actions"}
FORBIDDEN_NAMES = {"BLUE", "VINE", "RESERVE", "GONE", "W", "actions"}
ENGINES = ("arriala", "midi")


def forbidden_imports(path: Path) -> list[str]:
    """The imports of a view module that reach an engine's action ints or place codes."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            module = node.module or ""
            parts = module.split(".")
            if "canal_heritage" in parts:
                parts = parts[parts.index("canal_heritage") + 1:]
            within = ".".join(parts)
            if any(within == f or within.endswith("." + f) for f in FORBIDDEN_MODULES):
                found.append(f"from {'.' * node.level}{module} import …")
            elif parts and parts[0] in ENGINES:
                found += [f"{module}.{a.name}" for a in node.names if a.name in FORBIDDEN_NAMES]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if any(a.name.endswith(f) for f in FORBIDDEN_MODULES)]
    return found


def test_no_view_imports_the_engines_action_ints_or_place_codes():
    modules = sorted(VIEWS.rglob("*.py"))
    assert len(modules) > 10
    bad = {p.name: found for p in modules if (found := forbidden_imports(p))}
    assert bad == {}


def test_the_import_check_catches_what_it_looks_for(tmp_path):
    sample = tmp_path / "sample.py"
    sample.write_text("from ..arriala import actions as A\nfrom ..arriala.state import BLUE, ArrialaGame\n"
                      "from ..midi.actions import decode\nimport canal_heritage.midi.actions\n"
                      "from ..arriala.actions import W as WORKERS\n"
                      "from ..arriala.observation import ArrialaObservation\n")
    assert forbidden_imports(sample) == ["arriala.actions", "arriala.state.BLUE", "from ..midi.actions import …",
                                         "canal_heritage.midi.actions", "from ..arriala.actions import …"]
