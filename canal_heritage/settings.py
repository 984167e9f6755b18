"""How this process's server was started: the settings that ``serve`` makes
(:func:`configure`) and the pages read (:func:`settings`: the teacher's page asks for the PIN
and shows the join addresses).

Its own module, under both :mod:`canal_heritage.serve` (which makes the settings as it starts
a server) and :mod:`canal_heritage.classroom_app` (whose pages read them), so that neither of those
imports the other to reach them.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Sequence
from dataclasses import dataclass, field
from urllib.parse import urlsplit

from .rooms import codes, network

__all__ = ["ServeSettings", "configure", "public_address", "settings"]


@dataclass(frozen=True)
class ServeSettings:
    """How the server was started, for the pages that need it (the teacher's page asks for the PIN).

    ``lan``: listening on every network interface (``serve --lan``), not only on this machine;
    ``teacher_pin``: what the teacher's page asks of a device other than the server machine
    (always set with ``lan``; None otherwise, when no other device can connect);
    ``db_url``: the store's database as ``--db`` gave it (a file path or a SQLAlchemy URL), None
    for the store's default; ``join_urls``: the addresses students open, one per network address.
    ``behind_proxy``: one of several servers behind a reverse proxy (``serve --behind-proxy``,
    docs/deployment.md), reached at ``public_addresses`` (``host:port``, the proxy's), which then
    make the join addresses.
    The PIN and the database (whose URL may hold a password) stay out of the ``repr``.
    """

    lan: bool = False
    port: int = 5006
    teacher_pin: str | None = field(default=None, repr=False)
    db_url: str | None = field(default=None, repr=False)
    join_urls: tuple[str, ...] = ()
    behind_proxy: bool = False
    public_addresses: tuple[str, ...] = ()


_settings = ServeSettings()


def settings() -> ServeSettings:
    """The settings of the server this process runs (defaults before any: localhost only, no PIN)."""
    return _settings


def configure(*, lan: bool = False, port: int = 5006, teacher_pin: str | None = None,
              db_url: str | None = None, behind_proxy: bool = False,
              public_addresses: Sequence[str] = ()) -> ServeSettings:
    """Make the settings of a server about to start, keep them for :func:`settings`, and return them.

    With ``lan``, the machine's network addresses are read (:func:`~.rooms.network.lan_addresses`,
    without sending anything) to make the join addresses, and a teacher's PIN is made unless one
    is given. With ``behind_proxy``, the join addresses are the ``public_addresses`` (the proxy's
    ``host:port``, see :func:`public_address`) and a PIN is made unless one is given (the servers
    behind one proxy must be given the same). ``configure()`` with no arguments restores the
    defaults (for tests).

    Raises:
        ValueError: ``lan`` with ``behind_proxy`` (behind a proxy, only the proxy listens on the
            network), or ``behind_proxy`` without a public address.
    """
    global _settings
    join_urls: tuple[str, ...] = ()
    addresses = tuple(public_address(a) for a in public_addresses)
    if behind_proxy:
        if lan:
            raise ValueError("--lan and --behind-proxy do not go together: behind a proxy, only the proxy "
                             "listens on the network, and this server on this machine (127.0.0.1)")
        if not addresses:
            raise ValueError("--behind-proxy needs --public-address HOST:PORT: the proxy's address, which people "
                             "open")
        join_urls = tuple(network.join_url(*_host_port(a)) for a in addresses)
        teacher_pin = teacher_pin or codes.new_pin()
    elif addresses:
        raise ValueError("--public-address is the proxy's address: it goes with --behind-proxy")
    if lan:
        join_urls = tuple(network.join_url(host, port) for host in network.lan_addresses())
        teacher_pin = teacher_pin or codes.new_pin()
    _settings = ServeSettings(lan=lan, port=port, teacher_pin=teacher_pin, db_url=db_url, join_urls=join_urls,
                              behind_proxy=behind_proxy, public_addresses=addresses)
    return _settings


def public_address(text: str) -> str:
    """A proxy's address as ``serve --public-address`` takes it: ``host:port`` (an IP address or
    a name with a dot; ``host`` alone is port 80; an IPv6 host is written in brackets, ``[fd00::1]:8080``), returned as
    ``host:port``, lower case, the form Bokeh compares a page's origin with.

    Raises:
        ValueError: not a host and a port from 1 to 65535 (the message says what is expected).
    """
    clean = text.strip().lower()
    try:
        parts = urlsplit("//" + clean)
        port = parts.port
    except ValueError:
        parts, port = None, None
    if (parts is None or not parts.hostname or parts.path or parts.query or parts.fragment or parts.username
            or "/" in clean or (port is not None and not 1 <= port <= 65535)):
        raise ValueError(f"{text!r} is not an address: write HOST:PORT as people open it, e.g. "
                         "192.168.1.10:80 or canal.school.example:8080")
    host = parts.hostname
    if not _ip_address(host) and "." not in host:
        # one word ("foo", "localhost"): no address a student's device could open, most likely a slip
        raise ValueError(f"{text!r} is not an address students' devices can open: write the proxy's IP address "
                         "or its full name, with the port, e.g. 192.168.1.10:80 or canal.school.example:8080")
    host = f"[{host}]" if ":" in host else host
    return f"{host}:{port or 80}"


def _ip_address(host: str) -> bool:
    try:
        ipaddress.ip_address(host.split("%")[0])
    except ValueError:
        return False
    return True


def _host_port(address: str) -> tuple[str, int]:
    """``host:port`` (from :func:`public_address`) as its host (no brackets) and its port."""
    host, _, port = address.rpartition(":")
    return host.strip("[]"), int(port)
