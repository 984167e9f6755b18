"""Past one machine (issue 14, item 8): several servers behind nginx on one PostgreSQL, played.

    uv run python benchmarks/scale_out.py                 # 2 servers, 4 rooms at least
    uv run python benchmarks/scale_out.py --servers 3 --rooms 6 --decisions 10 --keep

The script starts, in a temporary folder, everything it needs and stops all of it at the end
(also on Ctrl+C, SIGTERM or an error):

1. a throwaway PostgreSQL cluster from Debian's binaries (``pg_cluster.py``), on 127.0.0.1;
2. ``--servers`` processes of ``canal-heritage serve --behind-proxy``, each on its own port of
   127.0.0.1, all on that database, with one teacher's PIN;
3. Debian's nginx in the foreground, with the configuration of docs/deployment.md (generated
   here, listening on 127.0.0.1), which pins each room to one server by its code.

Then Debian's Chromium (Playwright) plays rooms through nginx only, as a class would: a
teacher opens each room at ``/teacher`` (the form may be served by any server: the page then
loads the room's own address), two students join each room (by the projector's address, by
typing the code on ``/join``, or by an address with the code in lower case), and they play
until every room has ``--decisions`` decisions. It checks that every request of a room (its
pages and their websockets) went to one server, that each room was adopted by that server
and no other, that every server served some room, that the game went on for every device,
and that the teacher's page answered on this machine without the PIN even when the browser
claims another address. It prints a short report and exits 0 when every check passed.

Installs nothing: ``apt-get install nginx postgresql chromium``. Every connection stays on
127.0.0.1. Not part of the test suite (about two minutes on a 2-core machine).
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from collections import Counter, defaultdict
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pg_cluster  # this folder's helper (the script is run by its path)

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"]
NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
PIN_VARIABLE = "CANAL_HERITAGE_TEACHER_PIN"
#: How students reach their room, one way per room in turn.
WAYS = ("projector address", "code typed on /join", "code in lower case")


# ---------------------------------------------------------------------- nginx
def nginx_config(prefix: Path, listen: str, servers: list[str]) -> str:
    """The nginx configuration of docs/deployment.md, its paths in ``prefix``."""
    rooms = "\n".join(f"        server {s} max_fails=0;" for s in servers)
    anyone = "\n".join(f"        server {s};" for s in servers)
    return f"""# Canal Heritage: several servers behind nginx (docs/deployment.md), made by benchmarks/scale_out.py
worker_processes 1;
pid {prefix}/nginx.pid;
error_log {prefix}/error.log warn;
events {{ worker_connections 1024; }}

http {{
    log_format canal '$msec $remote_addr "$request" $status key=$canal_key upstream=$upstream_addr';
    access_log {prefix}/access.log canal;
    client_body_temp_path {prefix}/temp/body;
    proxy_temp_path {prefix}/temp/proxy;
    fastcgi_temp_path {prefix}/temp/fastcgi;
    uwsgi_temp_path {prefix}/temp/uwsgi;
    scgi_temp_path {prefix}/temp/scgi;
    proxy_max_temp_file_size 0;

    # A browser's own key, for the pages that name no room (/, /teacher, /join without a code):
    # the first such page gets one (the request's id), kept in a cookie, so that the page and
    # its websocket go to the same server.
    map $cookie_ch_client $ch_client {{
        ""      $request_id;
        default $cookie_ch_client;
    }}
    # A room's pages name it (?code=K4TXA), and so do their websockets: Bokeh's page opens
    # /join/ws or /teacher/ws with the page's own query. Those go to the server the code is
    # pinned to; the others to any server, by the browser's key.
    map $arg_code $canal_upstream {{
        ""      canal_any;
        default canal_rooms;
    }}
    map $arg_code $canal_key {{
        ""      $ch_client;
        default $arg_code;
    }}
    map $http_upgrade $connection_upgrade {{
        default upgrade;
        ""      close;
    }}

    # A room runs in one server only: a server that does not answer is never replaced for a
    # room (max_fails=0 and proxy_next_upstream off); its rooms wait for it to be back.
    upstream canal_rooms {{
        hash $arg_code consistent;
{rooms}
    }}
    # Pages without a room may go to any server that answers.
    upstream canal_any {{
        hash $ch_client consistent;
{anyone}
    }}

    server {{
        listen {listen};
        location / {{
            proxy_pass http://$canal_upstream;
            proxy_next_upstream off;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Real-IP $remote_addr;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 1h;
            proxy_send_timeout 1h;
            add_header Set-Cookie "ch_client=$ch_client; Path=/; HttpOnly; SameSite=Lax" always;
        }}
    }}
}}
"""


# ---------------------------------------------------------------------- processes
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(url: str, proc: subprocess.Popen[bytes], what: str, log: Path, timeout: float = 90) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{what} stopped (exit code {proc.returncode}):\n{tail(log)}")
        try:
            with urllib.request.urlopen(url, timeout=5):
                return
        except OSError:
            time.sleep(0.3)
    raise RuntimeError(f"{what} did not answer at {url} within {timeout:.0f} s:\n{tail(log)}")


def tail(log: Path, n: int = 3000) -> str:
    return log.read_text(encoding="utf-8", errors="replace")[-n:] if log.exists() else "(no log)"


def stop_process(proc: subprocess.Popen[bytes], sig: int = signal.SIGTERM, grace: float = 30) -> None:
    """Stop a process this script started in a group of its own: ``sig`` to it (a server stops
    its bot workers, nginx its workers), then, after ``grace`` seconds or once it has ended,
    SIGKILL to whatever is left in its group."""
    if proc.poll() is None:
        try:
            proc.send_signal(sig)
            proc.wait(grace)
        except subprocess.TimeoutExpired:
            pass
    with suppress(ProcessLookupError, PermissionError):
        os.killpg(proc.pid, signal.SIGKILL)
    if proc.poll() is None:
        proc.wait(10)


@contextmanager
def started(cmd: list[str], log: Path, *, env: dict[str, str] | None = None,
            stop_signal: int = signal.SIGTERM) -> Iterator[subprocess.Popen[bytes]]:
    with log.open("ab") as out:
        proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, env=env,
                                cwd=ROOT, start_new_session=True)
    try:
        yield proc
    finally:
        stop_process(proc, stop_signal)


def serve_command() -> list[str]:
    script = Path(sys.executable).parent / "canal-heritage"
    return [str(script)] if script.exists() else [sys.executable, "-m", "canal_heritage.cli"]


# ---------------------------------------------------------------------- the class
@dataclass
class RoomPlay:
    code: str
    way: str
    pages: list[Any] = field(default_factory=list)  # the teacher's, then the students'
    decisions: int = 0


def new_page(browser: Any, width: int = 1280, height: int = 800, **context: Any) -> Any:
    ctx = browser.new_context(viewport={"width": width, "height": height}, **context)
    page = ctx.new_page()
    page.set_default_timeout(30_000)
    return page


def open_room(teacher: Any, base: str) -> str:
    """The teacher opens a Canal du Midi room (2 students, 1 Steady bot, fast bots); its code."""
    from playwright.sync_api import expect

    teacher.goto(base + "teacher?lang=en")
    teacher.locator(".room-form").wait_for()
    teacher.locator(".room-seats").get_by_role("button", name="3", exact=True).click()
    expect(teacher.locator(".seat-plan-2 select")).to_be_visible()
    for i, choice in enumerate(("A student", "A student", "A bot: Steady")):
        teacher.locator(f".seat-plan-{i} select").select_option(label=choice)
    teacher.locator(".room-pace select").select_option(label="Fast")
    teacher.locator(".create-room button").click()
    teacher.locator(".big-code").wait_for()  # behind the proxy: on the room's own address
    return str(teacher.locator(".big-code").inner_text().strip())


def join(page: Any, base: str, code: str, address: str, way: str, name: str) -> None:
    from playwright.sync_api import expect

    if way == "code typed on /join":
        page.goto(base + "join?lang=en")
        page.locator(".room-code-input input").fill(code)
        page.locator(".room-code-go button").click()
    elif way == "code in lower case":
        page.goto(base + f"join?code={code.lower()}&lang=en")
    else:
        page.goto(address + "&lang=en")
    page.locator(".student-name input").fill(name)
    page.locator(".seat-choices button:not([disabled])").first.click()
    page.locator(".room-band").wait_for()
    expect(page.locator(".room-band")).to_contain_text(f"You: {name}")


def midi_step(page: Any) -> bool:
    """A student's one step: the introduction's "Let's play", or the first choice offered."""
    for selector in (".intro-play button", ".choices button.choice"):
        found = page.locator(selector)
        try:
            if found.count() and found.first.is_visible():
                found.first.click(timeout=2000)
                return True
        except Exception:  # it went away meanwhile (the table moved on)
            return False
    return False


# ---------------------------------------------------------------------- the run
def prerequisites() -> list[str]:
    missing = []
    if not Path(NGINX).exists():
        missing.append("nginx")
    try:
        pg_cluster.find_bin()
    except pg_cluster.ClusterError:
        missing.append("postgresql")
    if not Path(CHROMIUM).exists():
        missing.append("chromium")
    return missing


def run(args: argparse.Namespace) -> int:
    missing = prerequisites()
    if missing:
        print(f"scale_out: missing {', '.join(missing)}: apt-get install {' '.join(missing)}", file=sys.stderr)
        return 2
    t0 = time.monotonic()
    folder = Path(tempfile.mkdtemp(prefix="canal-scale-out-"))
    folder.chmod(0o755)  # nginx's workers (another account when run as root) reach their folder
    checks: list[tuple[str, bool, str]] = []

    def check(what: str, ok: bool, detail: str = "") -> None:
        checks.append((what, ok, detail))

    report: dict[str, Any] = {}
    try:
        with ExitStack() as stack:
            print(f"folder: {folder}", flush=True)
            pg = pg_cluster.start(folder / "pg", fast=False)
            stack.callback(pg_cluster.stop, pg)
            print(f"PostgreSQL {pg.bin.parent.name} on 127.0.0.1:{pg.port}", flush=True)
            nginx_port = free_port()
            public = f"127.0.0.1:{nginx_port}"
            pin = f"{secrets.randbelow(10 ** 8):08d}"
            env = dict(os.environ, **pg.environ(), **{PIN_VARIABLE: pin})
            env.pop("CANAL_HERITAGE_DB", None)
            ports = [free_port() for _ in range(args.servers)]
            logs = {port: folder / f"server-{port}.log" for port in ports}
            for port in ports:  # one after the other: the first makes the database's tables
                proc = stack.enter_context(started(
                    [*serve_command(), "serve", "--port", str(port), "--db", pg.url_without_password,
                     "--behind-proxy", "--public-address", public], logs[port], env=env))
                wait_for(f"http://127.0.0.1:{port}/join", proc, f"the server on port {port}", logs[port])
                print(f"server on 127.0.0.1:{port} (pid {proc.pid})", flush=True)
            prefix = folder / "nginx"
            (prefix / "temp").mkdir(parents=True)
            prefix.chmod(0o755)
            conf = prefix / "nginx.conf"
            conf.write_text(nginx_config(prefix, public, [f"127.0.0.1:{p}" for p in ports]), encoding="utf-8")
            nginx_log = prefix / "nginx.out"
            test = subprocess.run([NGINX, "-t", "-p", str(prefix), "-e", str(prefix / "error.log"), "-c", str(conf)],
                                  capture_output=True, text=True, check=False)
            if test.returncode != 0:
                raise RuntimeError(f"nginx refused the configuration:\n{test.stderr}")
            nginx = stack.enter_context(started(
                [NGINX, "-p", str(prefix), "-e", str(prefix / "error.log"), "-c", str(conf), "-g", "daemon off;"],
                nginx_log, stop_signal=signal.SIGQUIT))
            base = f"http://{public}/"
            wait_for(base + "join", nginx, "nginx", prefix / "error.log")
            print(f"nginx on {public} (pid {nginx.pid}) -> {', '.join(str(p) for p in ports)}", flush=True)
            report = play(args, base, pg, ports, logs, prefix / "access.log", check)
            print("stopping everything ...", flush=True)
    except KeyboardInterrupt:
        print("stopped: everything this script started was stopped", file=sys.stderr)
        return 130
    finally:
        if args.keep:
            print(f"logs kept in {folder}")
        else:
            shutil.rmtree(folder, ignore_errors=True)
    print_report(report, checks, time.monotonic() - t0)
    return 0 if checks and all(ok for _, ok, _ in checks) else 1


def play(args: argparse.Namespace, base: str, pg: pg_cluster.Cluster, ports: list[int], logs: dict[int, Path],
         access_log: Path, check: Any) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    from canal_heritage.store import Store

    store = Store(pg.url)
    rooms: list[RoomPlay] = []
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
            try:
                # the teacher's page on this machine, through nginx, opens without the PIN, even
                # when the browser claims to be a device of the network (nginx names the client)
                claim = new_page(browser, extra_http_headers={"X-Real-IP": "192.168.1.30",
                                                              "X-Forwarded-For": "192.168.1.30"})
                claim.goto(base + "teacher?lang=en")
                claim.locator(".room-form, .teacher-pin").first.wait_for()
                check("teacher's page on this machine opens without the PIN (nginx names the client)",
                      claim.locator(".room-form").count() == 1 and claim.locator(".teacher-pin").count() == 0)
                claim.context.close()
                # rooms: at least --rooms, and more until every server serves one
                for n in range(args.max_rooms):
                    served = backends_of(access_log, {r.code for r in rooms})
                    if n >= args.rooms and len({b for bs in served.values() for b in bs}) >= len(ports):
                        break
                    teacher = new_page(browser)
                    code = open_room(teacher, base)
                    room = RoomPlay(code, WAYS[n % len(WAYS)], [teacher])
                    address = teacher.locator(".join-card .address").inner_text().strip()
                    if n == 0:
                        check("the projector shows the proxy's address", address == f"{base}join?code={code}",
                              address)
                    for name in ("Ana", "Bo"):
                        student = new_page(browser, 768, 1024)
                        join(student, base, code, address, room.way, name)
                        room.pages.append(student)
                    rooms.append(room)
                    print(f"room {code}: teacher and 2 students ({room.way})", flush=True)
                # play: every room to --decisions decisions
                deadline = time.monotonic() + args.timeout
                while True:
                    for room in rooms:
                        record = store.room_by_code(room.code)
                        room.decisions = len(record.decisions) if record else -1
                    if all(r.decisions >= args.decisions for r in rooms) or time.monotonic() > deadline:
                        break
                    moved = False
                    for room in rooms:
                        if room.decisions < args.decisions:
                            for student in room.pages[1:]:
                                moved = midi_step(student) or moved
                    if not moved:
                        time.sleep(0.3)
                check(f"every room reached {args.decisions} decisions",
                      all(r.decisions >= args.decisions for r in rooms),
                      ", ".join(f"{r.code}: {r.decisions}" for r in rooms))
                # every device follows its room: the projector lists both students connected
                ok = True
                for room in rooms:
                    seats = room.pages[0].locator(".seat-list").inner_text()
                    ok = ok and "Ana: connected" in seats and "Bo: connected" in seats
                    for page in room.pages[1:]:
                        ok = ok and page.locator(".room-band").count() == 1
                check("every device is at its room (projector: both students connected)", ok)
                # the first room's address written in other cases (by hand, on another projector): nginx may
                # send it to another server, which sends the page on to the room's own address
                code = rooms[0].code
                variants = [code.lower(), code[:2].lower() + code[2:], code[0] + code[1:].lower()]
                shown = []
                for variant in dict.fromkeys(v for v in variants if v != code):
                    other = new_page(browser)
                    other.goto(base + f"teacher?code={variant}&lang=en")
                    other.locator(".big-code").wait_for()
                    shown.append(other.locator(".big-code").inner_text().strip() == code
                                 and other.locator(".seat-list").inner_text().count(": connected") == 2)
                    other.context.close()
                check("a room's address in other cases shows the room from its server", all(shown))
            finally:
                browser.close()  # the websockets close: nginx writes their lines in its log
    finally:
        store.close()
    time.sleep(1.0)
    codes = [r.code for r in rooms]
    served = backends_of(access_log, set(codes))
    websockets = websocket_counts(access_log, set(codes))
    adopted = adoptions(logs)
    pinned = {code: (next(iter(served[code])) if len(served.get(code, ())) == 1 else None) for code in codes}
    check("every request of a room (pages and websockets) went to one server",
          all(len(served.get(c, ())) == 1 for c in codes),
          "; ".join(f"{c}: {sorted(served.get(c, ()))}" for c in codes))
    # (a student who typed the code on a /join page that the room's own server happened to serve
    # stays on that page: its websocket was routed by the browser's key, to that same server)
    check("websockets carry their page's code: nginx routed them by it", all(websockets[c] >= 1 for c in codes),
          ", ".join(f"{c}: {websockets[c]}" for c in codes))
    check("each room was adopted by the server it is pinned to, and by no other",
          all(adopted.get(c) == [int(pinned[c].rsplit(":", 1)[1])] for c in codes if pinned[c]),
          "; ".join(f"{c}: {adopted.get(c)}" for c in codes))
    by_server = Counter(p for p in pinned.values() if p)
    check("every server served some room", len(by_server) == len(ports),
          ", ".join(f"{s}: {n}" for s, n in sorted(by_server.items())))
    return {"rooms": rooms, "pinned": pinned, "by_server": by_server, "websockets": websockets,
            "ports": ports}


LINE = re.compile(r'^\S+ \S+ "(?P<method>\S+) (?P<uri>\S+) [^"]*" (?P<status>\d+) key=(?P<key>\S*) '
                  r'upstream=(?P<upstream>\S*)$')


def log_lines(access_log: Path) -> Iterator[re.Match[str]]:
    if not access_log.exists():
        return
    for line in access_log.read_text(encoding="utf-8", errors="replace").splitlines():
        m = LINE.match(line)
        if m:
            yield m


def backends_of(access_log: Path, codes: set[str]) -> dict[str, set[str]]:
    """The servers each room's requests went to (a request names its room by ``?code=``)."""
    out: dict[str, set[str]] = defaultdict(set)
    for m in log_lines(access_log):
        if m["key"] in codes and m["upstream"] not in ("", "-"):
            out[m["key"]].add(m["upstream"])
    return out


def websocket_counts(access_log: Path, codes: set[str]) -> Counter[str]:
    """Each room's websockets that nginx routed by the room's code."""
    out: Counter[str] = Counter()
    for m in log_lines(access_log):
        if m["key"] in codes and m["uri"].split("?")[0].endswith("/ws") and m["status"] == "101":
            out[m["key"]] += 1
    return out


def adoptions(logs: dict[int, Path]) -> dict[str, list[int]]:
    """Which servers said they adopted each room ("room K4TXA adopted from the store ...")."""
    out: dict[str, list[int]] = defaultdict(list)
    for port, log in logs.items():
        for code in re.findall(r"room (\w+) adopted from the store", tail(log, 10 ** 7)):
            out[code].append(port)
    return out


def print_report(report: dict[str, Any], checks: list[tuple[str, bool, str]], seconds: float) -> None:
    print()
    print("Canal Heritage behind nginx: several servers, one PostgreSQL")
    rooms: list[RoomPlay] = report.get("rooms", [])
    if rooms:
        print(f"{'room':6} {'server':17} {'websockets':>10} {'decisions':>9}  students joined by")
        for r in rooms:
            print(f"{r.code:6} {report['pinned'].get(r.code) or '?':17} {report['websockets'][r.code]:>10} "
                  f"{r.decisions:>9}  {r.way}")
        print("rooms per server: " + ", ".join(f"127.0.0.1:{p}: {report['by_server'].get(f'127.0.0.1:{p}', 0)}"
                                               for p in report["ports"]))
    for what, ok, detail in checks:
        print(f"{'PASS' if ok else 'FAIL'}  {what}" + (f"  ({detail})" if detail and not ok else ""))
    print(f"{len(checks)} checks, {sum(not ok for _, ok, _ in checks)} failed, {seconds:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Several Canal Heritage servers behind nginx on one PostgreSQL, "
                                                 "played through nginx in Chromium (docs/deployment.md).")
    parser.add_argument("--servers", type=int, default=2, help="server processes behind nginx (default 2)")
    parser.add_argument("--rooms", type=int, default=4,
                        help="rooms to open at least; more are opened until every server serves one (default 4)")
    parser.add_argument("--max-rooms", type=int, default=12, help="rooms to open at most (default 12)")
    parser.add_argument("--decisions", type=int, default=6, help="decisions each room must reach (default 6)")
    parser.add_argument("--timeout", type=float, default=240, help="seconds of play at most (default 240)")
    parser.add_argument("--keep", action="store_true", help="keep the logs and configuration (the temporary folder)")
    args = parser.parse_args(argv)
    if args.servers < 1 or args.rooms < 1 or args.max_rooms < args.rooms:
        parser.error("--servers and --rooms must be at least 1, --max-rooms at least --rooms")

    def terminate(signum: int, frame: Any) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, terminate)  # stopped as on Ctrl+C: everything started is stopped
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
