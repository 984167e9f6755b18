"""``canal-heritage serve --behind-proxy`` (issue 14, item 8: several servers behind nginx).

Behind a proxy every request comes from the proxy, on this machine: without the proxy's
headers the teacher's page would take every device for the server machine and open without
the PIN. These tests check that a server behind a proxy takes the client's address from
``X-Real-IP`` / ``X-Forwarded-For`` (a device of the network is asked for the PIN), that a
server not behind a proxy ignores those headers, that it listens on the loopback only, accepts
pages from the proxy's public address and no other, and how the command line takes the options.

No proxy runs here: the requests go straight to the server on 127.0.0.1, with the headers a
proxy would add (``benchmarks/scale_out.py`` runs the real nginx). The client addresses in the
headers are stand-ins that nothing connects to.
"""

from __future__ import annotations

import asyncio
import re
import socket
import sys
import time
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from canal_heritage import serve
from canal_heritage.cli import PIN_VARIABLE, build_parser, main, shared_pin
from canal_heritage.rooms import hub as hubs
from canal_heritage.rooms import network

DEVICE = "192.168.1.30"  # a student's tablet, as the proxy names it
PROXY = "127.0.0.1:8080"  # the proxy's public address in these tests


@pytest.fixture(autouse=True)
def default_settings(monkeypatch):
    """Each test starts and ends with the settings of no server, and hubs not shared."""
    monkeypatch.delenv(PIN_VARIABLE, raising=False)
    serve.configure()
    yield
    serve.configure()
    hubs.share_rooms(False)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------------- the command line

class Started:
    """A stand-in for make_server: records how the command started it."""

    def __init__(self) -> None:
        self.kwargs: dict | None = None

    def __call__(self, **kwargs) -> None:
        self.kwargs = kwargs
        if kwargs.get("ready"):  # the store opened, the port taken: the banner
            kwargs["ready"]()


@pytest.fixture
def started(monkeypatch) -> Started:
    record = Started()
    monkeypatch.setattr(serve, "make_server", record)
    monkeypatch.setattr(network, "lan_addresses", lambda: pytest.fail("network addresses read behind a proxy"))
    return record


def test_the_options_are_parsed():
    args = build_parser().parse_args(["serve", "--behind-proxy", "--public-address", "192.168.1.10:80",
                                      "--public-address", "Canal.School.example"])
    assert args.behind_proxy and args.public_address == ["192.168.1.10:80", "canal.school.example:80"]
    args = build_parser().parse_args(["serve"])
    assert (args.behind_proxy, args.public_address) == (False, [])
    assert build_parser().parse_args(["serve", "--behind-proxy", "--public-address",
                                      "[fd00::1]:8080"]).public_address == ["[fd00::1]:8080"]


def test_the_options_are_in_the_help(capsys):
    with pytest.raises(SystemExit):
        main(["serve", "--help"])
    out = " ".join(capsys.readouterr().out.split())
    assert "--behind-proxy" in out and PIN_VARIABLE in out
    assert "X-Real-IP/X-Forwarded-For" in out.replace("- ", "-")  # argparse may wrap the line at a hyphen
    assert "--public-address HOST:PORT" in out


@pytest.mark.parametrize("argv, message", [
    (["--behind-proxy", "--lan", "--public-address", PROXY], "--lan and --behind-proxy do not go together"),
    (["--public-address", PROXY], "--public-address is the proxy's address: it goes with --behind-proxy"),
    (["--behind-proxy"], "--behind-proxy needs --public-address HOST:PORT"),
    (["--behind-proxy", "--public-address", "http://x/y"], "is not an address: write HOST:PORT"),
    (["--behind-proxy", "--public-address", "host:99999"], "is not an address"),
    (["--behind-proxy", "--public-address", ""], "is not an address"),
    (["--behind-proxy", "--public-address", "foo"], "is not an address students' devices can open"),
    (["--behind-proxy", "--public-address", "localhost:8080"], "the proxy's IP address or its full name"),
])
def test_mistakes_are_explained(argv, message, started, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["serve", *argv])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("usage: canal-heritage serve") and message in err and "Traceback" not in err
    assert started.kwargs is None


def test_behind_a_proxy_the_server_is_started_so(started, capsys):
    port = free_port()
    assert main(["serve", "--port", str(port), "--db", "class.db", "--behind-proxy",
                 "--public-address", PROXY]) == 0
    out = capsys.readouterr().out
    assert f"this server at http://127.0.0.1:{port}/" in out
    assert f"Students join at http://{PROXY}/join\n" in out
    pin = re.search(r"^Teacher's PIN: (\d{6}) \(drawn by this server", out, re.M)
    assert pin, out
    assert started.kwargs is not None
    kw = started.kwargs
    assert (kw["behind_proxy"], kw["public_addresses"], kw["lan"], kw["port"], kw["db_url"]) == (
        True, (PROXY,), False, port, "class.db")
    assert kw["teacher_pin"] == pin.group(1)
    current = serve.settings()
    assert current.join_urls == (f"http://{PROXY}/join",) and current.behind_proxy


def test_the_servers_behind_one_proxy_share_the_pin_of_the_environment(started, capsys, monkeypatch):
    monkeypatch.setenv(PIN_VARIABLE, "20260302")
    assert main(["serve", "--port", str(free_port()), "--behind-proxy", "--public-address", PROXY]) == 0
    out = capsys.readouterr().out
    assert "20260302" not in out and f"Teacher's PIN: the one in {PIN_VARIABLE}" in out
    assert started.kwargs is not None and started.kwargs["teacher_pin"] == "20260302"
    monkeypatch.setenv(PIN_VARIABLE, "12ab")
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--port", str(free_port()), "--behind-proxy", "--public-address", PROXY])
    assert exc.value.code == 2 and "must be 6 to 12 digits" in capsys.readouterr().err


def test_without_the_option_the_pin_variable_is_not_read(started, capsys, monkeypatch):
    monkeypatch.setenv(PIN_VARIABLE, "not even digits")
    port = free_port()
    assert main(["serve", "--port", str(port)]) == 0
    assert capsys.readouterr().out == f"Canal Heritage: http://localhost:{port}/  (Ctrl+C to stop)\n"
    assert started.kwargs is not None and (started.kwargs["behind_proxy"], started.kwargs["teacher_pin"]) == (
        False, None)
    assert serve.settings() == serve.ServeSettings(port=port)


def test_shared_pin():
    assert shared_pin({}) is None and shared_pin({PIN_VARIABLE: ""}) is None
    assert shared_pin({PIN_VARIABLE: " 048213 "}) == "048213"
    for bad in ("12345", "1234567890123", "12 345", "١٢٣٤٥٦"):  # too short, too long, a space, Arabic digits
        with pytest.raises(ValueError):
            shared_pin({PIN_VARIABLE: bad})


def test_configure_behind_a_proxy():
    current = serve.configure(port=8001, behind_proxy=True,
                              public_addresses=["School.example:80", "10.0.0.5:8080"])
    assert current.join_urls == ("http://school.example:80/join", "http://10.0.0.5:8080/join")
    assert re.fullmatch(r"\d{6}", current.teacher_pin or "") and not current.lan
    assert serve.websocket_origins(current) == ["127.0.0.1:8001", "localhost:8001", "school.example:80",
                                                "10.0.0.5:8080"]
    with pytest.raises(ValueError, match="do not go together"):
        serve.configure(lan=True, behind_proxy=True, public_addresses=[PROXY])
    with pytest.raises(ValueError, match="needs --public-address"):
        serve.configure(behind_proxy=True)
    with pytest.raises(ValueError, match="goes with --behind-proxy"):
        serve.configure(public_addresses=[PROXY])


def test_outside_a_page_every_code_is_served_here():
    from canal_heritage.views import navigation

    assert serve.routed_here("K4TXA") and not navigation.navigate("?code=K4TXA")


# ---------------------------------------------------------------------------- a real server

class Seen:
    """The teacher's pages the server built, and whether each opened without the PIN."""

    def __init__(self) -> None:
        self.allowed: list[bool] = []


@pytest.fixture
def seen(monkeypatch) -> Seen:
    import canal_heritage.views.classroom.pages as views

    record = Seen()

    class RecordingTeacherPage(views.TeacherPage):
        def __init__(self, hub, **kw):
            record.allowed.append(kw["allowed"])
            super().__init__(hub, **kw)

    monkeypatch.setattr(views, "TeacherPage", RecordingTeacherPage)
    return record


@pytest.fixture
def stop_bot_workers():
    yield
    from canal_heritage.matches.pool import shutdown

    shutdown()


def start(port: int, **kwargs):
    from canal_heritage.serve import make_server

    server = make_server(port=port, threaded=True, bot_workers=1, **kwargs)
    for _ in range(150):
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/join", timeout=5) as response:
                return server, response.read().decode()
        except OSError:
            time.sleep(0.2)
    server.stop()
    raise AssertionError("the server never answered on the loopback address")


def teacher_page(port: int, **headers: str) -> None:
    request = urllib.request.Request(f"http://127.0.0.1:{port}/teacher?lang=en",
                                     headers={k.replace("_", "-"): v for k, v in headers.items()})
    with urllib.request.urlopen(request, timeout=10) as response:
        assert response.status == 200


def run(coro):
    """Run ``coro`` on an event loop of its own, in a thread of its own: in a whole run, the
    browser tests' Playwright (open until the end) keeps a loop running in the main thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def open_websocket(port: int, token: str, origin: str) -> int:
    """Open the page's websocket as a page from ``origin`` would: 101 when accepted, else the HTTP code."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    request = HTTPRequest(f"ws://127.0.0.1:{port}/join/ws", headers={"Origin": origin})
    try:
        connection = await websocket_connect(request, subprotocols=["bokeh", token])
    except HTTPClientError as exc:
        return exc.code
    connection.close()
    return 101


def listening(port: int) -> set[str]:
    """The local addresses a socket listens on at ``port`` (IPv4, from Linux's /proc/net/tcp)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        address, hex_port = fields[1].split(":")
        if int(hex_port, 16) == port and fields[3] == "0A":  # 0A: LISTEN
            found.add(socket.inet_ntoa(bytes.fromhex(address)[::-1]))
    return found


needs_proc = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc/net/tcp")


@needs_proc
def test_behind_a_proxy_the_teacher_page_asks_a_forwarded_device_for_the_pin(seen, stop_bot_workers, tmp_path):
    port = free_port()
    server, page = start(port, db_url=str(tmp_path / "class.db"), behind_proxy=True, public_addresses=[PROXY])
    try:
        assert listening(port) == {"127.0.0.1"}  # only the proxy, on this machine, reaches it
        current = serve.settings()
        assert current.behind_proxy and current.join_urls == (f"http://{PROXY}/join",)
        from canal_heritage.rooms.service import classroom

        hub = classroom().hub
        assert hub.shared and hub.may_adopt is serve.routed_here
        # what nginx sends for a tablet of the network: X-Real-IP, and X-Forwarded-For appended to
        teacher_page(port, X_Real_IP=DEVICE, X_Forwarded_For=DEVICE)
        teacher_page(port, X_Forwarded_For=DEVICE)  # a proxy that sets X-Forwarded-For only
        teacher_page(port, X_Forwarded_For=f"127.0.0.1, {DEVICE}")  # a device claiming to be this machine
        # the teacher at the proxy's own computer (nginx names it 127.0.0.1)
        teacher_page(port, X_Real_IP="127.0.0.1", X_Forwarded_For="127.0.0.1")
        assert seen.allowed == [False, False, False, True]
        # pages from the proxy's address are accepted, from any other site refused
        token = re.search(r'"token":\s*"([^"]+)"', page).group(1)
        assert run(open_websocket(port, token, f"http://{PROXY}")) == 101
        assert run(open_websocket(port, token, "http://evil.example:8080")) == 403
        assert run(open_websocket(port, token, f"http://{DEVICE}:{port}")) == 403
    finally:
        server.stop()


@needs_proc
def test_without_the_option_forwarded_headers_are_not_believed(seen, stop_bot_workers, tmp_path):
    port = free_port()
    server, _ = start(port, db_url=str(tmp_path / "class.db"))
    try:
        from canal_heritage.rooms.service import classroom

        assert not classroom().hub.shared
        teacher_page(port, X_Real_IP=DEVICE, X_Forwarded_For=DEVICE)  # the request comes from this machine
        assert seen.allowed == [True]
    finally:
        server.stop()
