"""A throwaway PostgreSQL server from Debian's binaries, for the scale-out run and for CI.

    uv run python benchmarks/pg_cluster.py start --dir /tmp/canal-pg   # prints the URL
    uv run python benchmarks/pg_cluster.py stop --dir /tmp/canal-pg    # stops it, removes the folder

or, from Python, ``with throwaway_cluster() as pg: pg.url``.

A new cluster is made in a folder of its own (``initdb``), started with ``pg_ctl`` on
127.0.0.1 at a free port (its Unix socket in the same folder, so that nothing of the system's
PostgreSQL is touched), with one database, ``canal``, and a random password for the
``postgres`` user (``scram-sha-256``: another account on the machine cannot connect without
it). PostgreSQL refuses to run as root: run as root, the cluster runs as the system's
``postgres`` account (``runuser``), which owns its folder. Stopping it removes the folder.

Installs nothing: Debian's server is ``apt-get install postgresql`` (the binaries are in
``/usr/lib/postgresql/VERSION/bin``, or give ``--bin``). Not part of the test suite.
"""

from __future__ import annotations

import argparse
import contextlib
import glob
import json
import os
import pwd
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

DATABASE = "canal"
SUPERUSER = "postgres"
STATE = "cluster.json"  # in the cluster's folder: what `stop` needs


class ClusterError(RuntimeError):
    """The cluster could not be made, started or stopped (the message says why)."""


def find_bin(given: str | None = None) -> Path:
    """The folder of Debian's PostgreSQL server binaries (the newest version installed)."""
    candidates = [Path(given)] if given else sorted(
        (Path(p).parent for p in glob.glob("/usr/lib/postgresql/*/bin/initdb")),
        key=lambda p: int(p.parent.name) if p.parent.name.isdigit() else 0, reverse=True)
    for folder in candidates:
        if (folder / "initdb").is_file() and (folder / "pg_ctl").is_file():
            return folder
    raise ClusterError("PostgreSQL's server is not installed: apt-get install postgresql "
                       "(or give the folder of initdb and pg_ctl with --bin)")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@dataclass
class Cluster:
    """A running throwaway cluster: ``url`` (with its password), or ``url_without_password``
    and ``password`` (for ``PGPASSWORD``, kept out of the list of running programs)."""

    folder: Path
    bin: Path
    port: int
    password: str
    owner: str | None  # the account it runs as when started by root (None: this one)

    @property
    def data(self) -> Path:
        return self.folder / "data"

    @property
    def log(self) -> Path:
        return self.folder / "postgresql.log"

    @property
    def url(self) -> str:
        return f"postgresql+psycopg://{SUPERUSER}:{self.password}@127.0.0.1:{self.port}/{DATABASE}"

    @property
    def url_without_password(self) -> str:
        return f"postgresql+psycopg://{SUPERUSER}@127.0.0.1:{self.port}/{DATABASE}"

    def environ(self) -> dict[str, str]:
        """Environment variables for a program that connects with :attr:`url_without_password`."""
        return {"PGPASSWORD": self.password}

    def save(self) -> None:
        state = {"bin": str(self.bin), "port": self.port, "password": self.password, "owner": self.owner}
        path = self.folder / STATE
        path.write_text(json.dumps(state), encoding="utf-8")
        path.chmod(0o600)

    @classmethod
    def load(cls, folder: Path) -> Cluster:
        try:
            state = json.loads((folder / STATE).read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise ClusterError(f"{folder} holds no throwaway cluster (no {STATE})") from None
        return cls(folder, Path(state["bin"]), int(state["port"]), str(state["password"]), state["owner"])


def _as_owner(owner: str | None, cmd: list[str]) -> list[str]:
    return ["runuser", "-u", owner, "--", *cmd] if owner else cmd


def _run(owner: str | None, cmd: list[str], what: str, log: Path | None = None) -> None:
    done = subprocess.run(_as_owner(owner, cmd), capture_output=True, text=True, cwd="/", check=False)
    if done.returncode != 0:
        tail = done.stderr.strip() or done.stdout.strip()
        if log is not None and log.exists():
            tail += "\n" + log.read_text(encoding="utf-8", errors="replace")[-2000:]
        raise ClusterError(f"{what} failed (exit code {done.returncode}): {tail}")


def start(folder: str | os.PathLike[str] | None = None, *, bin_dir: str | None = None, fast: bool = False,
          port: int | None = None) -> Cluster:
    """Make and start a cluster in ``folder`` (made if missing; None: a new temporary folder).

    ``fast`` turns off what makes a write survive a power cut (``fsync``, synchronous
    commits): for tests only, never for figures meant to stand for a school's server."""
    bin_path = find_bin(bin_dir)
    owner = None
    if os.geteuid() == 0:  # PostgreSQL refuses to run as root
        try:
            pwd.getpwnam(SUPERUSER)
        except KeyError:
            raise ClusterError("running as root, the cluster runs as the 'postgres' account, which is missing "
                               "(apt-get install postgresql makes it)") from None
        owner = SUPERUSER
    root = Path(tempfile.mkdtemp(prefix="canal-pg-")) if folder is None else Path(folder)
    root.mkdir(parents=True, exist_ok=True)
    if any(root.iterdir()):
        raise ClusterError(f"{root} is not empty: give a new or empty folder")
    cluster = Cluster(root, bin_path, port or free_port(), secrets.token_urlsafe(18), owner)
    try:
        if owner:
            record = pwd.getpwnam(owner)
            os.chown(root, record.pw_uid, record.pw_gid)
        root.chmod(0o700)
        cluster.save()  # root's (0600): what `stop` needs
        pwfile = root / "password"
        pwfile.write_text(cluster.password + "\n", encoding="utf-8")
        pwfile.chmod(0o600)
        if owner:
            os.chown(pwfile, pwd.getpwnam(owner).pw_uid, -1)
        _run(owner, [str(bin_path / "initdb"), "-D", str(cluster.data), "-U", SUPERUSER, "--auth=scram-sha-256",
                     f"--pwfile={pwfile}", "-E", "UTF8", "--locale=C.UTF-8", "--no-sync"], "initdb")
        pwfile.unlink()
        options = [f"-p {cluster.port}", "-c listen_addresses=127.0.0.1", f"-c unix_socket_directories={root}",
                   "-c max_connections=200"]
        if fast:
            options += ["-c fsync=off", "-c synchronous_commit=off", "-c full_page_writes=off"]
        _run(owner, [str(bin_path / "pg_ctl"), "-D", str(cluster.data), "-l", str(cluster.log), "-w", "-t", "60",
                     "-o", " ".join(options), "start"], "pg_ctl start", cluster.log)
        createdb = bin_path / "createdb"
        if not createdb.is_file():
            createdb = Path(shutil.which("createdb") or "createdb")
        env = dict(os.environ, PGPASSWORD=cluster.password)
        done = subprocess.run([str(createdb), "-h", "127.0.0.1", "-p", str(cluster.port), "-U", SUPERUSER, DATABASE],
                              capture_output=True, text=True, env=env, check=False)
        if done.returncode != 0:
            raise ClusterError(f"createdb failed: {done.stderr.strip()}")
    except BaseException:
        with contextlib.suppress(Exception):
            stop(cluster)
        raise
    return cluster


def stop(cluster: Cluster | str | os.PathLike[str], *, remove: bool = True) -> None:
    """Stop the cluster (at once: its clients are disconnected) and remove its folder."""
    if not isinstance(cluster, Cluster):
        cluster = Cluster.load(Path(cluster))
    try:
        if (cluster.data / "postmaster.pid").exists():
            _run(cluster.owner, [str(cluster.bin / "pg_ctl"), "-D", str(cluster.data), "-m", "fast", "-w", "-t", "60",
                                 "stop"], "pg_ctl stop", cluster.log)
    finally:
        if remove:
            shutil.rmtree(cluster.folder, ignore_errors=True)


@contextlib.contextmanager
def throwaway_cluster(*, bin_dir: str | None = None, fast: bool = False) -> Iterator[Cluster]:
    """A cluster for the time of a ``with`` block, stopped and removed after it (even on an error)."""
    cluster = start(bin_dir=bin_dir, fast=fast)
    try:
        yield cluster
    finally:
        stop(cluster)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    sub = parser.add_subparsers(dest="action", required=True)
    go = sub.add_parser("start", help="make and start a cluster in --dir; print its URL (with its password)")
    go.add_argument("--dir", required=True, help="a new or empty folder for the cluster")
    go.add_argument("--bin", help="the folder of initdb and pg_ctl (default: Debian's newest)")
    go.add_argument("--fast", action="store_true", help="no fsync, no synchronous commit: for tests only")
    end = sub.add_parser("stop", help="stop the cluster in --dir and remove the folder")
    end.add_argument("--dir", required=True)
    args = parser.parse_args(argv)
    try:
        if args.action == "start":
            print(start(args.dir, bin_dir=args.bin, fast=args.fast).url)
        else:
            stop(args.dir)
    except ClusterError as exc:
        print(f"pg_cluster: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
