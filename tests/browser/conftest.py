"""Real-browser tests: the exhibit served on localhost, driven in Debian's Chromium.

`.ci/run` installs Chromium; in CI a missing browser fails the run. On a developer
machine without it these tests are skipped with the command to install it.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest
from serving import serve as _serve  # shared with tests that start a server of their own

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]


def pytest_collection_modifyitems(config, items):
    if os.path.exists(CHROMIUM):
        return
    if os.environ.get("CI"):
        raise pytest.UsageError("Chromium is missing: .ci/run installs it (apt-get install chromium)")
    skip = pytest.mark.skip(reason="needs Debian's Chromium: sudo apt-get install chromium")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


#: Canal du Midi's expert bot with a small search budget (it answers at once)
QUICK_EXPERT = {"midi": {"expert_iterations": 4}}
#: short Arriala games (two cells a stretch, a balance-study override), bots' turns at once
SHORT_ARRIALA = {"arriala": {"pace": 0, "overrides": {"cells": [2, 2, 2, 2]}}}


@pytest.fixture(scope="session")
def exhibit() -> Iterator[str]:
    """The exhibit (not kiosk), games seeded for reproducible tests."""
    server, url = _serve(seed=7, match_options=QUICK_EXPERT)
    yield url
    server.stop()


@pytest.fixture(scope="session")
def arriala() -> Iterator[str]:
    """The exhibit dealing short Arriala games (two cells a stretch, a balance-study
    override), seeded, with bots' turns replayed at once."""
    server, url = _serve(seed=7, match_options=SHORT_ARRIALA)
    yield url
    server.stop()


@pytest.fixture(scope="session")
def kiosk() -> Iterator[str]:
    """The kiosk with a short idle time and countdown set by the test."""
    server, url = _serve(kiosk=True, idle_after=2, countdown=4, seed=7)
    yield url
    server.stop()


@pytest.fixture(scope="session")
def patient_kiosk() -> Iterator[str]:
    """A kiosk asking "Still there?" after 3 s without a touch, with a countdown long enough
    for a test to look at the question at leisure."""
    server, url = _serve(kiosk=True, idle_after=3, countdown=300, seed=7)
    yield url
    server.stop()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def page(browser):
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    p = context.new_page()
    p.set_default_timeout(20_000)
    yield p
    context.close()
