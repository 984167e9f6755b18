"""Starting the exhibit for a browser test (shared by ``conftest.py`` and test modules that
start a server of their own: a test module cannot import ``conftest``, another folder's
``conftest`` may be found first)."""

from __future__ import annotations

import socket
import time
import urllib.request
from typing import Any


def free_port() -> int:
    """A port free on the loopback address now."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def serve(**kw: Any) -> tuple[Any, str]:
    """The exhibit in this process (``make_server(threaded=True)``) and its address, once it answers."""
    from canal_heritage.serve import make_server

    port = free_port()
    server = make_server(port=port, threaded=True, bot_workers=1, **kw)
    for _ in range(100):
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2)
            break
        except Exception:
            time.sleep(0.2)
    return server, f"http://127.0.0.1:{port}/"
