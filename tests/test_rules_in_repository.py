"""The repository is complete on its own: the rules and rulings it cites are inside it
(``docs/rules/``, ``docs/rulings.md``), and no file points to a place outside it."""

from __future__ import annotations

import re
import subprocess
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
RULES = ROOT / "docs" / "rules"
RULINGS = ROOT / "docs" / "rulings.md"

#: Files that are not text (or whose text is not ours to check).
BINARY = {".png", ".jpg", ".jpeg", ".gif", ".webp", ".ico", ".pdf", ".svgz", ".woff", ".woff2",
          ".ttf", ".otf", ".mo", ".gz", ".zip", ".sqlite", ".db", ".pyc"}
#: The folder of the source documents that once sat beside the repository (written in two
#: parts so that this file does not match itself).
OUTSIDE = ("../" + "shared", "shared/" + "rules", "shared/" + "seeds")
#: A relative path that climbs at least one folder, as written in a text.
CLIMB = re.compile(r"(?<![\w./])((?:\.\./)+[^\s`'\"()\[\]<>,;*]*)")
RULING_ID = re.compile(r"\b([MAT]-R\d+)\b")
HEADING = re.compile(r"^### ([MAT]-R\d+) \S", re.MULTILINE)
MD_LINK = re.compile(r"\]\(([^)#\s]+)(?:#[^)]*)?\)")


def repository_files() -> list[Path]:
    """The files git knows or would add: tracked ones and new ones not ignored."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
                             cwd=ROOT, capture_output=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        pytest.skip("not a git checkout")
    return sorted({ROOT / name for name in out.decode("utf-8").split("\0") if name})


def text_of(path: Path) -> str | None:
    """The file's text, or None for a binary or missing file."""
    if path.suffix.lower() in BINARY or not path.is_file():
        return None
    raw = path.read_bytes()
    if b"\0" in raw:
        return None
    return raw.decode("utf-8", errors="ignore")


def outside_references(path: Path, text: str) -> list[str]:
    """What in ``text`` (the text of ``path``) points outside the repository."""
    found = [word for word in OUTSIDE if word in text]
    for rel in CLIMB.findall(text):
        target = (path.parent / rel).resolve()
        if not target.is_relative_to(ROOT):
            found.append(rel)
    if re.search(re.escape(str(ROOT)) + r"(?![\w.-])", text):  # this machine's checkout, nobody else's
        found.append(str(ROOT))
    return found


def test_no_file_points_outside_the_repository():
    """A clone holds everything its texts refer to: no mention of the old folder of source
    documents beside it, no relative path that climbs out of the checkout, no absolute path to
    this checkout (another clone is elsewhere)."""
    bad = {}
    for path in repository_files():
        text = text_of(path)
        if text is None:
            continue
        found = outside_references(path, text)
        if found:
            bad[str(path.relative_to(ROOT))] = sorted(set(found))
    assert bad == {}


def test_the_check_finds_what_leaves():
    """The check above is not vacuous."""
    readme = ROOT / "README.md"
    assert outside_references(readme, "see " + OUTSIDE[0] + "/rul" + "es/arriala.md")
    assert outside_references(RULES / "arriala.md", "see " + "../" * 3 + "elsewhere.md")
    assert not outside_references(RULES / "arriala.md", "see [the rulings](../rulings.md)")
    assert not outside_references(readme, "see docs/rules/arriala.md")
    assert outside_references(readme, f"cd {ROOT}\nuv run pytest")


def headings() -> list[str]:
    """The ruling ids with a ``### <id> <title>`` heading, in file order."""
    files = [*sorted(RULES.glob("*.md")), RULINGS]
    return [i for f in files for i in HEADING.findall(f.read_text(encoding="utf-8"))]


def test_every_ruling_the_code_cites_has_its_heading():
    """``grep -rn "M-R6" canal_heritage`` leads to code; the id leads to its text in docs."""
    known = set(headings())
    cited: dict[str, set[str]] = {}
    for path in repository_files():
        if not path.is_relative_to(ROOT / "canal_heritage"):
            continue
        text = text_of(path)
        if text is None:
            continue
        for rid in RULING_ID.findall(text):
            cited.setdefault(rid, set()).add(str(path.relative_to(ROOT)))
    assert cited, "the code cites no ruling at all: the pattern is wrong"
    missing = {rid: sorted(files) for rid, files in cited.items() if rid not in known}
    assert missing == {}


def test_the_first_rulings_are_in_docs_rules_in_order_with_their_source():
    midi = (RULES / "canal-du-midi.md").read_text(encoding="utf-8")
    arriala = (RULES / "arriala.md").read_text(encoding="utf-8")
    assert HEADING.findall(midi) == [f"M-R{k}" for k in range(1, 11)]
    assert HEADING.findall(arriala) == [f"A-R{k}" for k in range(1, 13)]
    for text in (midi, arriala):
        for block in re.split(r"^### ", text, flags=re.MULTILINE)[1:]:
            assert "*Source:*" in block, block.splitlines()[0]
    counts = Counter(headings())
    assert [rid for rid, n in counts.items() if n > 1] == []


@pytest.mark.parametrize("name", ["README.md", "canal-du-midi.md", "arriala.md", "../rulings.md"])
def test_links_of_the_rules_pages_lead_to_files(name):
    page = (RULES / name).resolve()
    for target in MD_LINK.findall(page.read_text(encoding="utf-8")):
        if "://" in target:
            continue
        assert (page.parent / target).exists(), f"{name}: {target}"
