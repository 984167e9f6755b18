"""The class book (issue 15): a student signs in once in a lesson; answers, games against the
bot and simulations go to the class store; the teacher's report reads them back."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from canal_heritage.lessons import arriala as la
from canal_heritage.lessons import classbook, lab
from canal_heritage.lessons import midi as lm
from canal_heritage.lessons import questions as Q
from canal_heritage.lessons.exercises import CHECK_HOOKS, NumberQuestion
from canal_heritage.store import Store


@pytest.fixture
def db(tmp_path: Path) -> Iterator[str]:
    yield str(tmp_path / "class.db")
    if classbook.current is not None:
        classbook.current.store.close()
    classbook.current = None


def test_without_signing_in_nothing_is_kept(db: str) -> None:
    assert classbook.current is None
    NumberQuestion("en", 8, "hint").check(8)
    lab.simulate_thresholds({"A": None}, players=2, games=4, seed=1)
    with Store(db) as store:
        assert store.classes() == []


def test_the_form_asks_for_a_nickname_and_a_class_and_says_what_is_missing(db: str) -> None:
    form = classbook.sign_in("fr", 1, db=db)
    form.widget()
    nick, klass, go, out = form._controls
    go.click()
    assert "pseudonyme" in out.value and form.book is None
    nick.value = "  Léa   &  Tom "
    go.click()
    assert "classe" in out.value and form.book is None
    klass.value = "x" * 81
    go.click()
    assert "81" not in out.value and "80" in out.value and form.book is None
    klass.value = "5e B"
    go.click()
    assert form.book is not None and "Léa &amp; Tom" in out.value and "5e B" in out.value  # shown as text
    assert classbook.current is form.book and classbook._hook in CHECK_HOOKS
    nick.value = "Un pseudonyme beaucoup trop long"
    assert not form.start(nick.value, "5e B") and "24" in form.message


def test_answers_are_kept_with_their_question_and_verdict(db: str) -> None:
    classbook.sign_in("en", 1, nickname="Léa & Tom", class_name="5e B", db=db)
    q = Q.order_events("en", ["canal-opens", "edict-of-1666", "riquet-dies"])
    q.check("A B C")
    q.check("B C A")
    q.reveal()
    other = NumberQuestion("en", 1681, "hint")
    other.check("1680")
    classbook.sign_in("en", 1, nickname="Zoé", class_name=" 5E  b", db=db)  # the same class, typed otherwise
    other.check("1681")
    other.check("1680")
    with Store(db) as store:
        (cid, label, _), = store.classes()
        records = store.lesson_records(cid)
    assert label == "5e B"
    assert [(r.nickname, r.payload["status"]) for r in records] == [
        ("Léa & Tom", "wrong"), ("Léa & Tom", "right"), ("Léa & Tom", "shown"), ("Léa & Tom", "wrong"),
        ("Zoé", "right"), ("Zoé", "wrong")]
    assert records[0].payload["given"] == "A B C" and records[0].payload["answer"] == "B C A"
    assert "oldest first" in records[0].payload["question"]
    stats = {s.answer: s for s in classbook.question_stats(records)}
    year = stats["1681"]
    assert (year.students, year.right_first, year.right) == (2, 1, 1)  # Zoé right at once; Léa & Tom never
    assert year.wrong_answers == (("1680", 2),)
    order = stats["B C A"]
    assert (order.students, order.right_first, order.right, order.shown) == (1, 0, 1, 1)


def test_a_store_that_cannot_be_written_never_breaks_a_check(db: str, monkeypatch: pytest.MonkeyPatch,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    classbook.sign_in("fr", 3, nickname="Max", class_name="4e A", db=db)

    def broken(*args: object, **kwargs: object) -> int:
        raise ValueError("disque plein")

    monkeypatch.setattr(classbook.current.store, "record_lesson", broken)
    assert NumberQuestion("fr", 8, "indice").check("8").ok
    assert "Non gardé pour votre enseignant" in capsys.readouterr().out


def test_games_against_the_bot_and_simulations_are_kept_and_pooled(db: str) -> None:
    classbook.sign_in("en", 6, nickname="Zoé", class_name="5e B", db=db)
    game = la.PlayArriala("en", seed=2)
    while game.choices():
        game.play(0)  # ends every turn at once: the bot wins
    classbook.sign_in("en", 2, nickname="Max", class_name="5e B", db=db)
    stepper = lm.RoundStepper("en", seed=4)
    while stepper.choices():
        stepper.choose(stepper.choices()[0][0])
    for nickname, seed in (("Léa", 1), ("Tom", 2), ("Ana", 2)):  # Ana chose Tom's seed: the same games
        classbook.sign_in("en", 7, nickname=nickname, class_name="5e B", db=db)
        lab.simulate_thresholds({"A": None}, players=2, games=10, seed=seed)
    with Store(db) as store:
        records = store.lesson_records(store.classes()[0][0])
    board = {row[0]: row for row in classbook.leaderboard(records)}
    assert set(board) == {"Zoé", "Max"} and board["Zoé"][1] == 1 and board["Zoé"][2] == 0
    (key, pool), = classbook.pooled(records).items()
    assert key.startswith("A · 2p · ") and pool["groups"] == 2 and pool["games"] == 20 and pool["sites"] == 180
    assert len(pool["shares"]) == 2 and min(pool["shares"]) <= pool["share"] <= max(pool["shares"])
    page = classbook.report("fr", "5e b", db=db)._repr_html_()
    assert "Contre le robot" in page and "Zoé" in page and "mises en commun" in page


def test_the_report_of_a_class_with_nothing_says_so(db: str) -> None:
    page = classbook.report("en", "3e C", db=db)._repr_html_()
    assert "Nothing kept yet for the class “3e C”" in page
    with Store(db) as store:
        assert store.classes() == []  # reading a report creates no class
