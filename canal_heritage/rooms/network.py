"""The machine's network addresses and the join address students open (``canal-heritage serve --lan``).

Nothing here sends anything on the network: the addresses are read from the machine's own
interfaces, never found by connecting somewhere.
"""

from __future__ import annotations

import ipaddress
import os
import socket
import struct
import sys
from urllib.parse import urlencode

SIOCGIFFLAGS = 0x8913
"""Linux ioctl: an interface's flags."""
SIOCGIFADDR = 0x8915
"""Linux ioctl: an interface's (first) IPv4 address."""
IFF_UP = 0x1
IFF_RUNNING = 0x40  # the link is there (a cable plugged in, a Wi-Fi network joined)


def lan_addresses() -> list[str]:
    """The machine's IPv4 addresses other devices may reach it at, private ranges first.

    Loopback (127.x), link-local (169.254.x, a network without a DHCP server) and unspecified
    addresses are left out, so an empty list means students cannot reach this machine. On Linux
    the interfaces that are up and linked are read one by one (``SIOCGIFADDR``); elsewhere, or if
    that fails, the addresses of the machine's own name (``socket.getaddrinfo``, answered by the
    system from its hosts file or its resolver). No traffic is sent to find them.

    Sorted: the private ranges of a school network (10.x, 172.16-31.x, 192.168.x) first, then
    any public address, each group in numeric order; no address twice.
    """
    found: list[str] = []
    if sys.platform.startswith("linux"):
        try:
            found = _interface_addresses()
        except OSError:
            found = []
    if not found:
        found = _host_name_addresses()
    usable: set[ipaddress.IPv4Address] = set()
    for text in found:
        try:
            address = ipaddress.IPv4Address(text)
        except ValueError:
            continue
        if not (address.is_loopback or address.is_link_local or address.is_unspecified or address.is_multicast):
            usable.add(address)
    return [str(a) for a in sorted(usable, key=lambda a: (not a.is_private, a))]


def _interface_addresses() -> list[str]:
    """Each Linux interface's IPv4 address, for the interfaces that are up and linked."""
    import fcntl

    found = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:  # a handle for the ioctls; never sends
        for _, name in socket.if_nameindex():
            request = struct.pack("256s", os.fsencode(name)[:15])
            try:
                flags = struct.unpack_from("H", fcntl.ioctl(s.fileno(), SIOCGIFFLAGS, request), 16)[0]
                if flags & (IFF_UP | IFF_RUNNING) != IFF_UP | IFF_RUNNING:
                    continue
                answer = fcntl.ioctl(s.fileno(), SIOCGIFADDR, request)
            except OSError:  # no IPv4 address on this interface, or it went away meanwhile
                continue
            found.append(socket.inet_ntoa(answer[20:24]))  # ifreq: name (16 bytes), sockaddr_in
    return found


def _host_name_addresses() -> list[str]:
    """The IPv4 addresses of the machine's own name (empty when it has none)."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
    except OSError:
        return []
    return [str(info[4][0]) for info in infos]


def join_url(host: str, port: int, code: str | None = None) -> str:
    """The address students open to join: ``http://HOST:PORT/join``, with ``?code=CODE`` for one room.

    An IPv6 host is written in brackets (``http://[fd00::1]:5006/join``)."""
    if ":" in host and not host.startswith("["):
        host = "[" + host.replace("%", "%25") + "]"  # a zone (fe80::1%eth0) is escaped in a URL
    url = f"http://{host}:{port}/join"
    if code is not None:
        url += "?" + urlencode({"code": code})
    return url


def is_loopback(remote_ip: str | None) -> bool:
    """Whether a request comes from this machine itself: 127.0.0.0/8, ``::1`` or ``::ffff:127.x``.

    Anything else, an unknown client (None) or text that is not an address included, is not."""
    if not remote_ip:
        return False
    try:
        address = ipaddress.ip_address(remote_ip)
    except ValueError:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        return address.ipv4_mapped.is_loopback
    return address.is_loopback
