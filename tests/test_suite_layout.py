"""The test suite's own layout: pytest imports test modules by basename (no packages)."""

from collections import Counter
from pathlib import Path

TESTS = Path(__file__).resolve().parent


def test_test_module_names_are_unique() -> None:
    """Two test files with one basename break collection in a fresh clone ("import file mismatch")."""
    names = Counter(p.name for p in TESTS.rglob("test_*.py"))
    assert [n for n, c in names.items() if c > 1] == []
