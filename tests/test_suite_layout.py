"""The test suite's own layout: pytest imports test modules by basename (no packages)."""

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_test_module_names_are_unique() -> None:
    """Two test files with one basename break collection in a fresh clone ("import file mismatch")."""
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [n for n, c in names.items() if c > 1] == []


def test_every_browser_test_module_is_marked_browser() -> None:
    """The quick loop (``-m "not browser and not slow"``) leaves out what drives Chromium: every
    browser test module says so."""
    unmarked = [p.name for p in (TESTS / "browser").glob("test_*.py")
                if "pytestmark = pytest.mark.browser" not in p.read_text(encoding="utf-8")]
    assert unmarked == []


def test_the_hypothesis_profiles_scale_the_counts(monkeypatch) -> None:
    """``HYPOTHESIS_PROFILE`` chooses how many random games a property test plays; a name that is
    no profile is refused with the list of profiles."""
    import pytest
    from profiles import examples, profile

    counts = {}
    for name in ("dev", "ci", "long"):
        monkeypatch.setenv("HYPOTHESIS_PROFILE", name)
        counts[name] = examples(300).max_examples
    assert counts == {"dev": 30, "ci": 300, "long": 3000}
    monkeypatch.setenv("HYPOTHESIS_PROFILE", "dev")
    assert examples(20).max_examples == 5  # never under the floor
    monkeypatch.delenv("HYPOTHESIS_PROFILE")
    assert profile() == "ci"
    monkeypatch.setenv("HYPOTHESIS_PROFILE", "quick")
    with pytest.raises(ValueError, match="ci, dev, long"):
        profile()
