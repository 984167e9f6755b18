"""Lessons a class can do at its age (issue 30, items 4, 5 and 8): every lesson states its
school level and its time; lesson 1 is two sessions; lesson 2 plays with buttons that are the
engine's legal actions; lesson 4 labels its parts by level; lesson 6 asks checked questions on
a fixed game and on its review; the teacher's guide has a plan per lesson."""

from __future__ import annotations

import functools
import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

from canal_heritage.lessons import arriala as la
from canal_heritage.lessons import midi as lm
from canal_heritage.lessons import questions as Q
from canal_heritage.lessons.where_it_turned import review_of, where_it_turned

ROOT = Path(__file__).resolve().parents[1]
LEVEL = re.compile(r"cycle 3|cycle 4|lycée")


@functools.lru_cache(maxsize=1)
def load_build():
    path = ROOT / "lessons" / "build.py"
    spec = importlib.util.spec_from_file_location("lessons_build_for_levels", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@functools.lru_cache(maxsize=1)
def fixed() -> la.FixedGame:
    return la.FixedGame("en", seed=15)


def _md(module, lang: str) -> str:
    return "\n".join(c.text[lang] for c in module.CELLS if isinstance(c, load_build().Markdown))


# ---------------------------------------------------------------------- item 4: levels and time
def test_every_notebook_states_a_level_and_a_time_at_its_top():
    build = load_build()
    for module in build.sources():
        for lang, words in (("fr", ("Niveau", "Durée", "min")), ("en", ("Level", "Duration", "min"))):
            nb = json.loads(build.render(build.notebook(module, lang)))
            top = "".join(nb["cells"][0]["source"])
            assert all(w in top for w in words), (module.LESSON["slug"], lang, top)
            assert LEVEL.search(top), top
            assert module.LESSON["level"][lang] in top


def test_the_committed_notebooks_state_their_level():
    for lang, word in (("fr", "**Niveau**"), ("en", "**Level**")):
        for path in sorted((ROOT / "lessons" / lang).glob("0[1-7]-*.ipynb")):
            top = "".join(json.loads(path.read_text("utf-8"))["cells"][0]["source"])
            assert word in top and LEVEL.search(top), path.name


def test_the_readme_table_gives_each_lessons_level_and_time():
    guide = (ROOT / "lessons" / "README.md").read_text("utf-8")
    table = guide.split("## The lessons", 1)[1].split("\n## ", 1)[0]
    rows = [r for r in table.splitlines() if re.match(r"\| [1-7] \|", r)]
    assert len(rows) == 7
    for module, row in zip(load_build().sources(), rows, strict=True):
        assert module.LESSON["level"]["en"] in row and module.LESSON["age"] in row, row
        assert str(module.LESSON["minutes"]) in row or "30 min" in row, row


def test_lesson_one_is_two_sessions_of_half_an_hour_for_nine_to_eleven():
    module = load_build().sources()[0]
    assert module.LESSON["age"] == "9–11" and "cycle 3" in module.LESSON["level"]["fr"]
    assert "2 séances" in module.LESSON["time"]["fr"] and "two sessions" in module.LESSON["time"]["en"]
    fr, en = _md(module, "fr"), _md(module, "en")
    for a, b in (("## Séance 1", "## Séance 2"), ("## Fin de la séance 1", "## Séance 2")):
        assert fr.index(a) < fr.index(b)
    assert en.index("## Session 1") < en.index("## End of session 1") < en.index("## Session 2")
    assert fr.count("À la fin de cette séance, vous saurez") == 2  # each session its own objectives
    # the two sessions take about the same time (the headings' minutes)
    cells = module.CELLS
    split = next(i for i, c in enumerate(cells) if getattr(c, "text", {}).get("en", "").startswith("## Session 2"))
    first = sum(c.minutes or 0 for c in cells[:split] if hasattr(c, "minutes"))
    second = sum(c.minutes or 0 for c in cells[split:] if hasattr(c, "minutes"))
    assert 25 <= first <= 35 and 25 <= second <= 35, (first, second)


def test_lesson_two_plays_with_buttons_and_types_commands_only_at_the_end():
    build = load_build()
    module = build.sources()[1]
    codes = [c.source for c in module.CELLS if isinstance(c, build.Code)]
    typed = [i for i, s in enumerate(codes) if "choose_number" in s or "show_choices" in s]
    assert typed and min(typed) > max(i for i, s in enumerate(codes) if s.strip() == "stepper")
    heading = next(i for i, c in enumerate(module.CELLS)
                   if isinstance(c, build.Markdown) and "## Going further" in c.text["en"])
    assert all(not isinstance(c, build.Code) or ("choose_number" not in c.source and "show_choices" not in c.source)
               for c in module.CELLS[:heading])


@pytest.mark.parametrize("decisions", [0, 1, 2])
def test_lesson_two_buttons_are_exactly_the_engines_legal_actions(decisions):
    """The stepper of lesson 2 (seed 7), after 0, 1 or 2 of the student's decisions: one button
    per legal action, labelled as the narrator says it, and clicking the i-th button plays the
    i-th legal action."""
    def reach() -> lm.RoundStepper:
        s = lm.RoundStepper("en", seed=7)
        for _ in range(decisions):
            s.choose(s.state.legal_actions()[0])
        return s

    stepper = reach()
    stepper.widget()
    legal = stepper.state.legal_actions()
    assert stepper.state.current_player() == stepper.seat
    assert [b.description for b in stepper._buttons.children] == [stepper.narrator.action(a) for a in legal]
    for i, action in enumerate(legal):
        fresh = reach()
        fresh.widget()
        at = len(fresh.state.history)
        fresh._buttons.children[i].click()
        assert fresh.state.history[at] == action


def test_lesson_four_labels_each_part_by_level():
    module = load_build().sources()[3]
    heads = [line for line in _md(module, "en").splitlines() if line.startswith("## ")]
    assert any("3e: probability" in h for h in heads)
    assert any("lycée (première): expected value" in h for h in heads)
    fr = _md(module, "fr")
    assert "3e : probabilité" in fr and "lycée (première) : espérance" in fr and "Seconde : la fluctuation" in fr


# ---------------------------------------------------------------------- item 5: lesson 6, checked
def test_the_fixed_game_is_the_same_every_time():
    a, b = fixed(), la.FixedGame("en", seed=15)
    assert a.state.history == b.state.history and a.state.points == b.state.points
    assert [m.index for m in a.moments] == [m.index for m in b.moments]


def test_which_section_a_lock_completes_and_who_scores_it():
    game = fixed()
    lock = game.first_lock()
    assert lock.lock and "lock" in lock.text.split()
    event = lock.scored[0]
    first, last = (int(event.args[k].rpartition(":")[2]) for k in ("first", "last"))
    cells = list(range(first, last + 1))
    q = Q.completed_section("en", lock.state, lock.text)
    assert q.check(" ".join(map(str, cells))).ok
    assert not q.check(" ".join(str(c + 1) for c in cells)).ok
    scorer = Q.section_scorer("en", lock.state, lock.text)
    right = game.narrator.owner(event.args["winner"])
    assert scorer.check(right).ok
    assert not scorer.check(next(c for c in scorer.choices if c != right)).ok
    assert lock.state.history == game.state.history[:lock.index]  # the game just before it


def test_a_larger_section_later_its_scorer_and_points():
    game = fixed()
    later = game.first_section()
    event = later.scored[0]
    assert event.args["workers"] >= 3 and not later.lock
    points = Q.section_points("en", later.state, later.text)
    assert points.check(event.args["points"]).ok and not points.check(event.args["points"] + 1).ok
    assert "is about to play" in repr(game.before(later))
    assert any("complete" in line for line in game.after(later))


@pytest.mark.parametrize("kind", ["section", "lock"])
def test_reading_the_score_sheet(kind):
    game = fixed()
    winner = game.state.winners[0]
    sheet = next(o for o in game.state.score_sheet().owners if o.owner == winner)
    want = sum(i.points for i in sheet.items if i.kind == kind)
    q = Q.sheet_points("en", game.state, winner, kind)
    assert q.check(want).ok and not q.check(want + 1).ok
    assert str(sheet.total) in q.prompt_html()


def test_questions_on_the_review_of_the_fixed_game():
    game = fixed()
    review = review_of(game)
    assert review is not None and review.turning_points
    costliest = review.turning_points[0]
    when = Q.turning_round("en", review)
    assert when.check(costliest.round).ok and not when.check(costliest.round + 1).ok
    cost = Q.turning_cost("en", review)
    assert cost.check(round(-costliest.gain, 1)).ok and not cost.check(round(-costliest.gain, 1) + 1).ok
    shown = repr(where_it_turned(game, "en", review=review))
    assert f"Round {costliest.round}" in shown.split("\n\n")[1]  # the review shows the round asked
    assert review_of(la.FixedGame("en", seed=15)).turning_points == review.turning_points  # deterministic


def test_lesson_six_asks_the_fixed_games_questions():
    module = load_build().sources()[5]
    codes = "\n".join(c.source for c in module.CELLS if isinstance(c, load_build().Code))
    for call in ("FixedGame(lang, seed=15)", "questions.completed_section", "questions.section_scorer",
                 "questions.sheet_points", "questions.turning_round", "questions.turning_cost"):
        assert call in codes


# ---------------------------------------------------------------------- item 8: the teacher's guide
def test_the_teachers_guide_has_a_plan_per_lesson_in_both_languages():
    guide = (ROOT / "lessons" / "teachers-guide.md").read_text("utf-8")
    for module in load_build().sources():
        n = module.LESSON["number"]
        part = guide.split(f"## {n}.", 1)[1].split("\n## ", 1)[0]
        assert module.LESSON["title"]["fr"] in part and module.LESSON["title"]["en"] in part
        for word in ("Level", "Niveau", "Time", "Durée", "Materials", "Matériel", "Where classes get stuck",
                     "Points de blocage", "Paper", "Screen", "Papier", "Écran"):
            assert word in part, (n, word)
        assert f"print/fr/{n:02d}-" in part or f"{n:02d}-{module.LESSON['slug']}-worksheet" in part
