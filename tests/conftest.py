"""What every test shares: the classroom's store is a file of the test run (one per worker),
never the user's, removed at the end of the run; the Hypothesis profile of the run.

A server started by a test (``make_server``) opens the store named by ``CANAL_HERITAGE_DB``
when no ``db_url`` is given; without this, it would open the real one in the user's data folder.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
import tempfile

import pytest
from profiles import register

# The tests keep the bytecode they compile, even where PYTHONDONTWRITEBYTECODE asks otherwise
# (in __pycache__ folders, which git ignores): collecting the suite then takes about 4 s, not 10,
# and every worker, server and kernel the tests start imports the libraries faster.
sys.dont_write_bytecode = False

#: Set when the tests made the store themselves: an xdist worker (which inherits the variables
#: of the process that started it) then makes its own, so two workers never share a database.
MADE_HERE = "CANAL_HERITAGE_TESTS_MADE_DB"
_folder: str | None = None
if not os.environ.get("CANAL_HERITAGE_DB") or (os.environ.get(MADE_HERE) and os.environ.get("PYTEST_XDIST_WORKER")):
    _folder = tempfile.mkdtemp(prefix="canal-heritage-tests-")
    os.environ["CANAL_HERITAGE_DB"] = os.path.join(_folder, "tests.db")
    os.environ[MADE_HERE] = "1"


def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker more than the machine has cores. A browser test waits on its page
    and its server much of the time; with one worker a core, the cores sat idle for a sixth of
    the run (2 cores: 9 min 58 s with 2 workers, 9 min 30 s with 3, docs/performance.md)."""
    return (os.cpu_count() or 1) + 1


def pytest_configure(config):
    """Load the Hypothesis profile of this run: ``HYPOTHESIS_PROFILE=dev|ci|long`` (``tests/profiles.py``)."""
    try:
        register()
    except ValueError as error:
        raise pytest.UsageError(str(error)) from None


def pytest_unconfigure(config):
    """The run's store goes with the run: nothing is left in the temporary folder."""
    if _folder is not None:
        shutil.rmtree(_folder, ignore_errors=True)


@pytest.fixture(autouse=True)
def _no_dead_current_document():
    """After a test, drop from Bokeh's stack of patched current documents any document that
    has been destroyed (a server stopped by an earlier test while one of its async callbacks
    was suspended leaves its entry behind; Bokeh's ``json_item`` then fails on it).
    Live entries (a server still running in another thread) are left alone."""
    yield
    from bokeh.io import doc as bokeh_doc

    patched = bokeh_doc._PATCHED_CURDOCS
    for ref in list(patched):
        current = ref()
        callbacks = getattr(current, "callbacks", None) if current is not None else None
        if current is None or not hasattr(callbacks, "_js_event_callbacks"):
            with contextlib.suppress(ValueError):
                patched.remove(ref)
