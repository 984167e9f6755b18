"""What every test shares: the classroom's store is a file of the test run, never the user's.

A server started by a test (``make_server``) opens the store named by ``CANAL_HERITAGE_DB``
when no ``db_url`` is given; without this, it would open the real one in the user's data folder.
"""

from __future__ import annotations

import os
import tempfile

if not os.environ.get("CANAL_HERITAGE_DB"):
    _folder = tempfile.mkdtemp(prefix="canal-heritage-tests-")
    os.environ["CANAL_HERITAGE_DB"] = os.path.join(_folder, "tests.db")
