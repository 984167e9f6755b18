"""``canal-heritage serve --lan`` and ``--db`` (issue 14, items 1 and 6).

Every connection goes to the loopback address: ``--lan`` is tested by binding every interface
and connecting through 127.0.0.1. The LAN address is a stand-in (192.168.1.20) that nothing
ever connects to; it only appears in the printed text and in the Origin header the server checks.
"""

from __future__ import annotations

import asyncio
import re
import socket
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from canal_heritage import serve
from canal_heritage.cli import build_parser, lan_notice, main
from canal_heritage.rooms import network

LAN = "192.168.1.20"
PIN_SENTENCE = "The teacher's page answers on this computer without a PIN; from another device it asks for this PIN."


@pytest.fixture(autouse=True)
def default_settings():
    """Each test starts and ends with the settings of no server."""
    serve.configure()
    yield
    serve.configure()


def free_port(address: str = "127.0.0.1") -> int:
    with socket.socket() as s:
        s.bind((address, 0))
        return s.getsockname()[1]


# ---------------------------------------------------------------------------- the command line

def test_serve_parses_lan_and_db():
    args = build_parser().parse_args(["serve", "--lan", "--db", "x.db"])
    assert (args.command, args.lan, args.db) == ("serve", True, "x.db")
    url = "postgresql+psycopg://teacher@localhost/canal"
    assert build_parser().parse_args(["serve", "--db", url]).db == url
    args = build_parser().parse_args(["serve"])
    assert (args.lan, args.db) == (False, None)


@pytest.mark.parametrize("value, message", [
    ("", "name a database file"),
    ("   ", "name a database file"),
    ("not a url://x", "is not a database URL"),
])
def test_a_bad_db_is_explained(value, message, capsys):
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--db", value])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert "canal-heritage serve: error: argument --db:" in err and message in err
    assert "Traceback" not in err


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
    return record


def test_serve_lan_prints_the_join_address_and_the_pin(monkeypatch, capsys, started):
    monkeypatch.setattr(network, "lan_addresses", lambda: [LAN])
    port = free_port("0.0.0.0")
    assert main(["serve", "--lan", "--port", str(port), "--db", "class.db"]) == 0
    out = capsys.readouterr().out
    assert f"Students join at http://{LAN}:{port}/join\n" in out
    pin = re.search(r"^Teacher's PIN: (\d{6})$", out, re.M)
    assert pin, out
    assert PIN_SENTENCE in out
    assert started.kwargs is not None
    assert (started.kwargs["lan"], started.kwargs["port"], started.kwargs["db_url"]) == (True, port, "class.db")
    assert started.kwargs["teacher_pin"] == pin.group(1)  # the PIN printed is the PIN the server asks
    current = serve.settings()
    assert (current.lan, current.teacher_pin, current.join_urls) == (True, pin.group(1), (f"http://{LAN}:{port}/join",))


def test_serve_lan_without_a_network_says_students_cannot_join(monkeypatch, capsys, started):
    monkeypatch.setattr(network, "lan_addresses", lambda: [])
    assert main(["serve", "--lan", "--port", str(free_port("0.0.0.0"))]) == 0
    out = capsys.readouterr().out
    assert "no network address: students cannot join" in out
    assert "/join" not in out
    assert re.search(r"^Teacher's PIN: \d{6}$", out, re.M)


def test_several_addresses_are_all_printed():
    text = lan_notice([f"http://{LAN}:5006/join", "http://10.0.0.5:5006/join"], "012345")
    assert f"  http://{LAN}:5006/join\n  http://10.0.0.5:5006/join\n" in text
    assert "Teacher's PIN: 012345" in text and text.endswith(PIN_SENTENCE)


def test_serve_without_lan_stays_on_this_machine_without_a_pin(monkeypatch, capsys, started):
    monkeypatch.setattr(network, "lan_addresses", lambda: pytest.fail("addresses read without --lan"))
    port = free_port()
    assert main(["serve", "--port", str(port), "--db", "class.db"]) == 0
    out = capsys.readouterr().out
    assert out == f"Canal Heritage: http://localhost:{port}/  (Ctrl+C to stop)\n"
    assert started.kwargs is not None
    assert (started.kwargs["lan"], started.kwargs["teacher_pin"], started.kwargs["db_url"]) == (False, None, "class.db")
    assert serve.settings() == serve.ServeSettings(port=port, db_url="class.db")


@pytest.mark.parametrize("options, address", [(["--lan"], "0.0.0.0"), ([], "127.0.0.1")])
def test_the_port_is_checked_where_the_server_will_listen(options, address, monkeypatch, started, capsys):
    checked = []

    def port_problem(port: int, address: str = "127.0.0.1") -> None:
        checked.append(address)

    monkeypatch.setattr(serve, "port_problem", port_problem)
    monkeypatch.setattr(network, "lan_addresses", lambda: [LAN])
    assert main(["serve", *options, "--port", str(free_port(address))]) == 0
    assert checked == [address]


def test_a_port_taken_on_another_interface_is_told_before_lan_starts(started, capsys):
    with socket.socket() as taken:
        taken.bind(("0.0.0.0", 0))
        taken.listen()
        port = taken.getsockname()[1]
        with pytest.raises(SystemExit) as exc:
            main(["serve", "--lan", "--port", str(port)])
    assert exc.value.code == 2
    assert f"port {port} is already in use" in capsys.readouterr().err
    assert started.kwargs is None


def test_the_pin_and_the_database_stay_out_of_the_settings_repr():
    current = serve.ServeSettings(lan=True, teacher_pin="482913", db_url="postgresql://teacher:secret@db/canal")
    assert "482913" not in repr(current) and "secret" not in repr(current)


# ---------------------------------------------------------------------------- a real server

def listening(port: int) -> set[str]:
    """The local addresses a socket listens on at ``port`` (IPv4, from Linux's /proc/net/tcp)."""
    found = set()
    for line in Path("/proc/net/tcp").read_text().splitlines()[1:]:
        fields = line.split()
        address, hex_port = fields[1].split(":")
        if int(hex_port, 16) == port and fields[3] == "0A":  # 0A: LISTEN
            found.add(socket.inet_ntoa(bytes.fromhex(address)[::-1]))
    return found


def start(port: int, **kwargs):
    from canal_heritage.serve import make_server

    server = make_server(port=port, threaded=True, bot_workers=1, **kwargs)
    for _ in range(150):  # the page answers once the server has started (a few seconds at most)
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as response:
                return server, response.status, response.read().decode()
        except OSError:
            time.sleep(0.2)
    server.stop()
    raise AssertionError("the server never answered on the loopback address")


@pytest.fixture
def stop_bot_workers():
    yield
    from canal_heritage.matches.pool import shutdown

    shutdown()


def in_thread(coro):
    """Run ``coro`` on a loop of its own, in a thread: Playwright's sync API may hold this thread's loop."""
    from concurrent.futures import ThreadPoolExecutor

    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coro).result()


async def open_websocket(port: int, token: str, origin: str) -> int:
    """Open the page's websocket as a page from ``origin`` would: 101 when accepted, else the HTTP code."""
    from tornado.httpclient import HTTPClientError, HTTPRequest
    from tornado.websocket import websocket_connect

    request = HTTPRequest(f"ws://127.0.0.1:{port}/ws", headers={"Origin": origin})
    try:
        connection = await websocket_connect(request, subprotocols=["bokeh", token])
    except HTTPClientError as exc:
        return exc.code
    connection.close()
    return 101


needs_proc = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads Linux's /proc/net/tcp")


@needs_proc
def test_serve_lan_listens_on_every_interface_and_accepts_the_lan_origin(monkeypatch, stop_bot_workers, tmp_path):
    monkeypatch.setattr(network, "lan_addresses", lambda: [LAN])
    port = free_port("0.0.0.0")
    db = str(tmp_path / "class.db")  # the server opens its store: a file of this test
    server, status, page = start(port, lan=True, db_url=db)
    try:
        assert status == 200 and "<title>Canal Heritage</title>" in page
        assert listening(port) == {"0.0.0.0"}
        current = serve.settings()
        assert current.lan and current.port == port and current.db_url == db
        assert re.fullmatch(r"\d{6}", current.teacher_pin or "")
        assert current.join_urls == (f"http://{LAN}:{port}/join",)
        token = re.search(r'"token":\s*"([^"]+)"', page).group(1)
        # the Origin header names the LAN address, but the connection goes to 127.0.0.1
        assert in_thread(open_websocket(port, token, f"http://{LAN}:{port}")) == 101
        assert in_thread(open_websocket(port, token, f"http://localhost:{port}")) == 101
        assert in_thread(open_websocket(port, token, f"http://evil.example:{port}")) == 403
        assert in_thread(open_websocket(port, token, f"http://192.168.1.99:{port}")) == 403
    finally:
        server.stop()


@needs_proc
def test_serve_listens_on_the_loopback_only_by_default(monkeypatch, stop_bot_workers):
    monkeypatch.setattr(network, "lan_addresses", lambda: pytest.fail("addresses read without lan"))
    port = free_port()
    server, status, page = start(port)
    try:
        assert status == 200
        assert listening(port) == {"127.0.0.1"}
        assert serve.settings() == serve.ServeSettings(port=port)  # no PIN, no join address
        token = re.search(r'"token":\s*"([^"]+)"', page).group(1)
        assert in_thread(open_websocket(port, token, f"http://{LAN}:{port}")) == 403
    finally:
        server.stop()


def test_a_database_that_cannot_be_used_is_refused_before_any_banner(monkeypatch, capsys):
    """The store opens before the server answers: its refusal is the only thing said (exit 2),
    never after "Canal Heritage: http://…"."""
    from canal_heritage.store import StoreError

    def refuse(**kwargs):
        raise StoreError("classroom.db is a damaged database")

    monkeypatch.setattr(serve, "make_server", refuse)
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--port", str(free_port()), "--db", "classroom.db"])
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no banner
    assert "classroom.db is a damaged database" in captured.err and "Traceback" not in captured.err


def test_a_file_that_is_not_a_database_stops_serve_before_its_banner(tmp_path, capsys):
    """The real server, not a stand-in: the store is opened before the banner is printed."""
    notes = tmp_path / "notes.db"
    notes.write_bytes(b"Riquet's notes, not a database" * 40)
    with pytest.raises(SystemExit) as exc:
        main(["serve", "--port", str(free_port()), "--db", str(notes)])
    assert exc.value.code == 2
    captured = capsys.readouterr()
    assert captured.out == "" and "is not a database file" in captured.err
    assert notes.read_bytes() == b"Riquet's notes, not a database" * 40
