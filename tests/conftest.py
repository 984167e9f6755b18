"""What every test shares: the classroom's store is a file of the test run, never the user's.

A server started by a test (``make_server``) opens the store named by ``CANAL_HERITAGE_DB``
when no ``db_url`` is given; without this, it would open the real one in the user's data folder.
"""

from __future__ import annotations

import contextlib
import os
import tempfile

import pytest

if not os.environ.get("CANAL_HERITAGE_DB"):
    _folder = tempfile.mkdtemp(prefix="canal-heritage-tests-")
    os.environ["CANAL_HERITAGE_DB"] = os.path.join(_folder, "tests.db")



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
