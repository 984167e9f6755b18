"""The house stays easy to live in (issue 27): no class over 500 lines, and no floor above the
engines that tells the games apart by their names (each game answers through its registration
and its match: canal_heritage/games.py)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The longest a class may grow before it is split (issue 27: "no class over 500 lines").
LONGEST_CLASS = 500
#: A comparison with a game's name written out.
BY_NAME = re.compile(r"""==\s*["'](midi|arriala)["']|["'](midi|arriala)["']\s*==""")


def test_no_class_is_over_500_lines():
    long = []
    for path in sorted((ROOT / "canal_heritage").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef) and node.end_lineno - node.lineno + 1 > LONGEST_CLASS:
                long.append(f"{path.relative_to(ROOT)}: {node.name} ({node.end_lineno - node.lineno + 1} lines)")
    assert long == [], "split these classes: " + "; ".join(long)


def test_no_game_is_told_apart_by_its_name_outside_its_package():
    games = {ROOT / "canal_heritage" / "midi", ROOT / "canal_heritage" / "arriala"}
    found = []
    for folder in ("canal_heritage", "tests", "benchmarks", "scripts", "lessons", "apps"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            if any(g in path.parents for g in games):
                continue
            for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                if BY_NAME.search(line) and path.name != "test_house.py":
                    found.append(f"{path.relative_to(ROOT)}:{number}")
    assert found == [], "ask the registry (canal_heritage/games.py) instead: " + ", ".join(found)
