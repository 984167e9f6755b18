"""The machine's network addresses, the join address and who counts as this machine (issue 14, items 1 and 6).

Nothing here sends traffic: the addresses are read from the interfaces, and the tests make sure
of it by refusing every connection and name lookup while they are read.
"""

from __future__ import annotations

import ipaddress
import socket
import sys

import pytest

from canal_heritage.rooms import network
from canal_heritage.rooms.network import is_loopback, join_url, lan_addresses


@pytest.fixture
def no_traffic(monkeypatch):
    """Any attempt to connect, send or look a name up fails the test."""
    def refuse(*args, **kwargs):
        raise AssertionError("network traffic while reading the machine's addresses")

    for name in ("connect", "connect_ex", "send", "sendto", "sendall"):
        monkeypatch.setattr(socket.socket, name, refuse)
    monkeypatch.setattr(socket, "getaddrinfo", refuse)
    monkeypatch.setattr(socket, "gethostbyname", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's interfaces")
def test_the_machine_s_addresses_are_read_without_traffic(no_traffic):
    found = lan_addresses()
    for text in found:
        address = ipaddress.ip_address(text)
        assert address.version == 4
        assert not (address.is_loopback or address.is_link_local or address.is_unspecified)
    assert found == sorted(set(found), key=lambda t: (not ipaddress.ip_address(t).is_private,
                                                      ipaddress.ip_address(t)))


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's interfaces")
def test_the_loopback_interface_is_read_and_left_out(no_traffic):
    assert "127.0.0.1" in network._interface_addresses()  # the reading works: lo is always there
    assert "127.0.0.1" not in lan_addresses()


def test_only_addresses_other_devices_can_reach_private_first(monkeypatch):
    monkeypatch.setattr(network.sys, "platform", "linux")
    monkeypatch.setattr(network, "_interface_addresses", lambda: [
        "8.8.4.4", "127.0.0.1", "169.254.10.2", "192.168.1.20", "10.0.0.5", "192.168.1.20", "0.0.0.0",
        "172.16.3.4", "127.0.1.1", "224.0.0.1", "not an address", "fe80::1"])
    assert lan_addresses() == ["10.0.0.5", "172.16.3.4", "192.168.1.20", "8.8.4.4"]


def test_without_interfaces_the_machine_s_name_is_looked_up(monkeypatch):
    def unreadable() -> list[str]:
        raise OSError("no ioctl here")

    monkeypatch.setattr(network.sys, "platform", "linux")
    monkeypatch.setattr(network, "_interface_addresses", unreadable)
    monkeypatch.setattr(network, "_host_name_addresses", lambda: ["127.0.1.1", "192.168.1.20"])
    assert lan_addresses() == ["192.168.1.20"]
    monkeypatch.setattr(network.sys, "platform", "darwin")
    monkeypatch.setattr(network, "_interface_addresses", lambda: pytest.fail("Linux's ioctls elsewhere"))
    assert lan_addresses() == ["192.168.1.20"]


def test_a_machine_without_a_network_has_no_address(monkeypatch):
    monkeypatch.setattr(network.sys, "platform", "linux")
    monkeypatch.setattr(network, "_interface_addresses", lambda: ["127.0.0.1"])
    monkeypatch.setattr(network, "_host_name_addresses", lambda: pytest.fail("looked up although lo was read"))
    assert lan_addresses() == []


def test_a_host_name_that_does_not_resolve_gives_no_address(monkeypatch):
    def fail(*args, **kwargs):
        raise socket.gaierror("no such name")

    monkeypatch.setattr(socket, "getaddrinfo", fail)
    assert network._host_name_addresses() == []


@pytest.mark.parametrize("host, port, code, url", [
    ("192.168.1.20", 5006, None, "http://192.168.1.20:5006/join"),
    ("192.168.1.20", 5006, "ACFHK", "http://192.168.1.20:5006/join?code=ACFHK"),
    ("localhost", 8080, None, "http://localhost:8080/join"),
    ("fd00::1", 5006, "3479W", "http://[fd00::1]:5006/join?code=3479W"),
    ("[fd00::1]", 5006, None, "http://[fd00::1]:5006/join"),
    ("fe80::1%eth0", 5006, None, "http://[fe80::1%25eth0]:5006/join"),
    ("10.0.0.5", 5006, "A&B C", "http://10.0.0.5:5006/join?code=A%26B+C"),
])
def test_join_url(host, port, code, url):
    assert join_url(host, port, code) == url


@pytest.mark.parametrize("remote_ip", ["127.0.0.1", "127.0.1.1", "127.255.255.254", "::1", "::ffff:127.0.0.1",
                                       "0:0:0:0:0:0:0:1"])
def test_this_machine_is_loopback(remote_ip):
    assert is_loopback(remote_ip)


@pytest.mark.parametrize("remote_ip", [None, "", "192.168.1.20", "10.0.0.5", "::ffff:192.168.1.20", "fe80::1%eth0",
                                       "0.0.0.0", "::", "localhost", "127.0.0.1.evil", "128.0.0.1", "::2"])
def test_any_other_client_is_not(remote_ip):
    assert not is_loopback(remote_ip)
