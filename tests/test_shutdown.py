"""``canal-heritage serve`` and ``canal-heritage lessons`` stop cleanly on SIGTERM as on Ctrl+C.

Each test starts the real command in a subprocess (``python -m canal_heritage.cli``), waits
until it answers HTTP and until what it starts is running (the two bot workers and the
multiprocessing resource tracker; JupyterLab and a kernel), notes every process descended from
it, sends the signal, and checks that the command exits with code 0 and that none of those
processes is left. Processes are found by walking ``/proc`` (Linux). The thin entry point
``apps/exhibit.py`` is served the same way by ``panel serve``.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = [pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="walks /proc (Linux only)"),
              pytest.mark.slow]  # starts and signals real servers and JupyterLab (about 30 s)


# ---------------------------------------------------------------------------- processes
def _stat(pid: int) -> list[str] | None:
    """The fields of ``/proc/<pid>/stat`` after the command name, or None when gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text[text.rindex(")") + 2:].split()  # [state, ppid, ...]


def _alive(pid: int) -> bool:
    """Running (a zombie waiting for its parent to collect it is not running)."""
    fields = _stat(pid)
    return fields is not None and fields[0] not in ("Z", "X")


def _cmdline(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ").decode(errors="replace")
    except OSError:
        return ""


def descendants(root: int) -> dict[int, str]:
    """Every running process descended from ``root``, with its command line."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            fields = _stat(int(entry))
            if fields is not None and fields[0] not in ("Z", "X"):
                children.setdefault(int(fields[1]), []).append(int(entry))
    found: dict[int, str] = {}
    todo = [root]
    while todo:
        for child in children.get(todo.pop(), []):
            found[child] = _cmdline(child)
            todo.append(child)
    return found


def cli(*args: str) -> list[str]:
    """``canal-heritage ARGS``, run with this Python."""
    return [sys.executable, "-m", "canal_heritage.cli", *args]


def _terminal_signals() -> None:
    """In the child, before it runs: SIGINT and SIGQUIT as a terminal's command has them."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGQUIT, signal.SIG_DFL)


class Command:
    """A command in a process group of its own, as a terminal runs it (from the project's
    folder). Its output goes to a file: a process it leaves behind would keep a pipe open."""

    def __init__(self, argv: list[str], log: Path, env: dict[str, str] | None = None) -> None:
        self.log = log
        with log.open("w") as out:
            # no standard input, as a service has none (a test worker's own input is its link
            # to pytest under xdist, which a command must neither read nor hold); Ctrl+C as in a
            # terminal: a suite started in the background (CI, `cmd &`) hands its children
            # SIGINT ignored, and a command started so would never see the test's Ctrl+C
            self.proc = subprocess.Popen(argv, cwd=ROOT, stdin=subprocess.DEVNULL, stdout=out,
                                         stderr=subprocess.STDOUT, env={**os.environ, **(env or {})},
                                         process_group=0, preexec_fn=_terminal_signals)
        self.pid = self.proc.pid
        #: every process seen descended from the command
        self.started: dict[int, str] = {}

    def output(self) -> str:
        return self.log.read_text(errors="replace")

    def note_descendants(self) -> dict[int, str]:
        self.started.update(descendants(self.pid))
        return self.started

    def wait_for(self, condition: Callable[[], object], seconds: float, what: str) -> None:
        """Poll ``condition`` until it is true; fail (with the output) if the command ends
        first or ``seconds`` pass."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            if condition():
                return
            if self.proc.poll() is not None:
                pytest.fail(f"the command ended (code {self.proc.returncode}) before {what}:\n{self.output()}")
            time.sleep(0.2)
        pytest.fail(f"no {what} after {seconds} s:\n{self.output()}")

    def stop_and_check(self, sig: int) -> None:
        """Send ``sig`` as it comes: SIGTERM to the command alone (``kill``, ``docker stop``),
        SIGINT to its whole process group (Ctrl+C in a terminal). The command must exit with
        code 0 and leave none of the processes it started running."""
        name = signal.Signals(sig).name
        if sig == signal.SIGINT:
            os.killpg(self.pid, sig)
        else:
            self.proc.send_signal(sig)
        try:
            self.proc.wait(90)
        except subprocess.TimeoutExpired:
            pytest.fail(f"still running 90 s after {name}:\n{self.output()}")
        # orphans get a moment to notice (the resource tracker reads until every writer is gone)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and any(_alive(p) for p in self.started):
            time.sleep(0.2)
        left = {p: c for p, c in self.started.items() if _alive(p)}
        assert not left, f"left running after {name}: {left}"
        assert self.proc.returncode == 0, f"exit code {self.proc.returncode} after {name}:\n{self.output()}"
        assert "Traceback" not in self.output(), self.output()

    def cleanup(self) -> None:
        """Whatever happened, leave nothing behind."""
        self.note_descendants()
        for pid in [self.pid, *self.started]:
            if _alive(pid):
                with contextlib.suppress(ProcessLookupError):
                    os.kill(pid, signal.SIGKILL)
        if self.proc.poll() is None:
            self.proc.wait(10)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_status(url: str, **headers: str) -> int | None:
    try:
        with urllib.request.urlopen(urllib.request.Request(url, headers=headers), timeout=5) as r:
            return r.status
    except (urllib.error.URLError, OSError):
        return None


# ---------------------------------------------------------------------------- serve
def _serving_with_workers(tmp_path) -> Command:
    """``canal-heritage serve``, once it answers and its two bot workers and multiprocessing's
    resource tracker run."""
    port = free_port()
    cmd = Command(cli("serve", "--port", str(port)), tmp_path / "serve.log")
    cmd.wait_for(lambda: http_status(f"http://127.0.0.1:{port}/") == 200, 120, "answer over HTTP")

    def pool_running() -> bool:
        seen = cmd.note_descendants().values()
        return sum("spawn_main" in c for c in seen) >= 2 and any("resource_tracker" in c for c in seen)

    cmd.wait_for(pool_running, 60, "bot workers")
    return cmd


@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_serve_stops_cleanly_with_its_bot_workers(sig, tmp_path):
    cmd = None
    try:
        cmd = _serving_with_workers(tmp_path)
        cmd.stop_and_check(sig)
    finally:
        if cmd is not None:
            cmd.cleanup()


def test_the_bot_workers_end_when_the_server_is_killed(tmp_path):
    """SIGKILL gives the server no time to stop its workers: they see it gone and end by
    themselves, and with them the resource tracker (nothing is left under PID 1)."""
    cmd = None
    try:
        cmd = _serving_with_workers(tmp_path)
        started = dict(cmd.started)
        cmd.proc.kill()
        cmd.proc.wait(10)
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and any(_alive(p) for p in started):
            time.sleep(0.2)
        assert not {p: c for p, c in started.items() if _alive(p)}, "left running after SIGKILL"
    finally:
        if cmd is not None:
            cmd.cleanup()


def test_a_second_sigterm_while_stopping_is_quiet(tmp_path):
    """A service manager that sends SIGTERM twice (the second while the server closes its
    sessions) gets a clean stop: exit code 0, nothing left, no traceback or error printed."""
    cmd = None
    try:
        cmd = _serving_with_workers(tmp_path)
        deadline = time.monotonic() + 20
        while cmd.proc.poll() is None and time.monotonic() < deadline:  # SIGTERM after SIGTERM
            with contextlib.suppress(ProcessLookupError):
                cmd.proc.send_signal(signal.SIGTERM)
            time.sleep(0.03)
        cmd.stop_and_check(signal.SIGTERM)  # one more, harmless once it has ended
        assert "Exception" not in cmd.output() and "KeyboardInterrupt" not in cmd.output(), cmd.output()
    finally:
        if cmd is not None:
            cmd.cleanup()


def test_panel_serve_accepts_the_thin_entry_point(tmp_path):
    port = free_port()
    cmd = Command([sys.executable, "-m", "panel", "serve", "apps/exhibit.py", "--port", str(port)],
                  tmp_path / "panel.log")
    page: list[str] = []

    def served() -> bool:  # the session's page, titled by the exhibit's home in the asked language
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/exhibit?lang=en", timeout=5) as r:
                page.append(r.read().decode())
                return True
        except (urllib.error.URLError, OSError):
            return False

    try:
        cmd.wait_for(served, 120, "answer over HTTP")
        assert "<title>The canals of the two seas</title>" in page[-1]
        cmd.note_descendants()
        os.killpg(cmd.pid, signal.SIGINT)
        cmd.proc.wait(60)
        assert "Traceback" not in cmd.output(), cmd.output()
    finally:
        cmd.cleanup()


# ---------------------------------------------------------------------------- lessons
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "Ctrl+C"])
def test_lessons_stop_cleanly_with_jupyterlab_and_its_kernels(sig, tmp_path):
    port = free_port()
    token = "canal-heritage-test"
    env = {"JUPYTER_TOKEN": token, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime"),
           "JUPYTER_PLATFORM_DIRS": "1", "IPYTHONDIR": str(tmp_path / "ipython")}
    cmd = Command(cli("lessons", "--no-browser", "--port", str(port)), tmp_path / "lessons.log", env)
    base = f"http://127.0.0.1:{port}"
    try:
        cmd.wait_for(lambda: http_status(f"{base}/api/status?token={token}") == 200, 180, "JupyterLab")
        # a kernel, as a student opening a notebook starts one
        request = urllib.request.Request(f"{base}/api/kernels", data=json.dumps({"name": "python3"}).encode(),
                                         headers={"Authorization": f"token {token}",
                                                  "Content-Type": "application/json"}, method="POST")
        with urllib.request.urlopen(request, timeout=60) as r:
            assert r.status == 201
            kernel = json.load(r)["id"]

        # started and waiting for the student's first cell: it answers a kernel_info request.
        # (jupyter_client's wait_for_ready watches the heartbeat too, and took a kernel started
        # cold, its modules compiled for the first time in a fresh clone, for a dead one.)
        from queue import Empty

        from jupyter_client import BlockingKernelClient

        client = BlockingKernelClient(connection_file=str(tmp_path / "runtime" / f"kernel-{kernel}.json"))
        client.load_connection_file()
        client.start_channels(hb=False)
        try:
            def answered() -> bool:
                client.kernel_info()
                try:
                    return client.get_shell_msg(timeout=2)["msg_type"] == "kernel_info_reply"
                except Empty:
                    return False

            cmd.wait_for(answered, 180, "the kernel's answer")
        finally:
            client.stop_channels()
        seen = cmd.note_descendants().values()
        assert any("jupyterlab" in c for c in seen) and any("ipykernel" in c for c in seen), seen
        cmd.stop_and_check(sig)
    finally:
        cmd.cleanup()
