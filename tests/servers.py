"""Throw-away PostgreSQL and Redis servers for the tests (issue 21).

Each is started in a temp folder on a free loopback port and stopped at the
end of the session: the tests never touch a server an operator runs. They
use the Debian packages (``scripts/test-system-deps`` installs them, run by
``./dev test``). PostgreSQL refuses to run as root, so as root the cluster
belongs to an unprivileged account (``postgres``, which the Debian package
creates, or ``nobody``).
"""

from __future__ import annotations

import glob
import itertools
import os
import pwd
import shutil
import signal
import socket
import subprocess
import tempfile
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from pathlib import Path
from typing import Any

import psycopg


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def spawn(command: list[str], log: Path, **popen: Any) -> subprocess.Popen[bytes]:
    """Start a test server's process, its output appended to ``log`` (read when it fails)."""
    with log.open("ab") as out:
        return subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, **popen)


def wait_ready(
    process: subprocess.Popen[bytes],
    log: Path,
    what: str,
    answers: Callable[[], bool],
    stop: Callable[[], None],
    timeout: float,
    poll: float = 0.05,
) -> None:
    """Return once ``answers()`` says the server serves; else raise with the end of its log.

    One loop for every test server: a process that exits fails at once, one that
    does not answer before ``timeout`` is stopped (``stop``) first.
    """
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"{what} exited: {log.read_text(errors='replace')[-2000:]}")
        if answers():
            return
        time.sleep(poll)
    stop()
    raise RuntimeError(f"{what} did not start: {log.read_text(errors='replace')[-2000:]}")


def end(process: subprocess.Popen[bytes] | None, sig: int, timeout: float) -> None:
    """Send ``sig`` to a server process still running; kill it if it outlives ``timeout``."""
    if process is not None and process.poll() is None:
        process.send_signal(sig)
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


def postgres_bin() -> Path | None:
    """The folder of ``initdb`` and ``postgres`` (Debian keeps them off the PATH)."""
    found = shutil.which("initdb")
    if found:
        return Path(found).parent
    versions = sorted(
        glob.glob("/usr/lib/postgresql/*/bin/initdb"), key=lambda p: int(p.split("/")[4])
    )
    return Path(versions[-1]).parent if versions else None


def redis_bin() -> Path | None:
    found = shutil.which("redis-server")
    return Path(found) if found else None


def _run_as() -> dict[str, Any]:
    """``Popen`` arguments that drop root (PostgreSQL refuses it); empty when not root.

    The process itself changes user (no ``runuser`` in between), so signals reach it.
    """
    if os.geteuid() != 0:
        return {}
    for name in ("postgres", "nobody"):
        try:
            account = pwd.getpwnam(name)
        except KeyError:
            continue
        return {"user": account.pw_uid, "group": account.pw_gid, "extra_groups": []}
    raise RuntimeError("running as root with neither a postgres nor a nobody account")


class _ServerProcess(ABC):
    """A throw-away server's process: its output in a log, waited for by :func:`wait_ready`
    until :meth:`answers` says it serves, ended by :meth:`stop`."""

    process: subprocess.Popen[bytes] | None = None

    def _launch(
        self, what: str, command: list[str], log: Path, timeout: float, **popen: Any
    ) -> None:
        self.process = spawn(command, log, **popen)
        wait_ready(self.process, log, what, self.answers, self.stop, timeout)

    @abstractmethod
    def answers(self) -> bool:
        """Whether the server serves yet (asked until it does)."""

    @abstractmethod
    def stop(self) -> None:
        """End the process (the next start begins afresh)."""


class PostgresServer(_ServerProcess):
    """One cluster: ``initdb`` in ``root``, ``postgres`` on a free port, no fsync."""

    def __init__(self) -> None:
        bindir = postgres_bin()
        if bindir is None:
            raise RuntimeError("PostgreSQL is not installed (scripts/test-system-deps)")
        self.bindir = bindir
        # Its own folder under /tmp: pytest's temp folders are private to root, and the
        # server's account must reach its data.
        self.root = Path(tempfile.mkdtemp(prefix="samtempa-pg-"))
        self.data = self.root / "data"
        self.port = free_port()
        self._names = itertools.count(1)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def start(self, timeout: float = 60.0) -> None:
        account: Any = _run_as()
        if account:
            os.chown(self.root, account["user"], account["group"])
        subprocess.run(
            [
                *(str(self.bindir / "initdb"), "-D", str(self.data), "-U", "postgres"),
                *("-A", "trust", "-E", "UTF8", "--no-sync", "--locale=C"),
            ],
            check=True,
            capture_output=True,
            **account,
        )
        # Throw-away data: durability off (fsync, synchronous commit) for speed.
        postgres = [
            *(str(self.bindir / "postgres"), "-D", str(self.data), "-p", str(self.port)),
            *("-k", str(self.root), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"),
            *("-c", "synchronous_commit=off", "-c", "full_page_writes=off"),
            *("-c", "max_connections=300"),
        ]
        self._launch("PostgreSQL", postgres, self.root / "postgres.log", timeout, **account)

    def answers(self) -> bool:
        try:
            psycopg.connect(self.url(), connect_timeout=2).close()
        except psycopg.OperationalError:
            return False
        return True

    def execute(self, sql: str) -> None:
        with psycopg.connect(self.url(), autocommit=True) as conn:
            conn.execute(sql.encode())

    def create_database(self, template: str | None = None) -> str:
        """A new empty database (a copy of ``template`` if given); returns its URL."""
        name = f"test_{os.getpid()}_{next(self._names)}"
        self.execute(f"CREATE DATABASE {name}" + (f" TEMPLATE {template}" if template else ""))
        return self.url(name)

    def drop_database(self, url: str) -> None:
        name = url.rsplit("/", 1)[1]
        self.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        # SIGTERM (smart shutdown) would wait for every client; SIGINT is the fast one.
        end(self.process, signal.SIGINT, 30)
        self.process = None
        shutil.rmtree(self.root, ignore_errors=True)


class RedisServer(_ServerProcess):
    """One ``redis-server`` on a free loopback port, nothing saved to disk."""

    def __init__(self, root: Path) -> None:
        found = redis_bin()
        if found is None:
            raise RuntimeError("Redis is not installed (scripts/test-system-deps)")
        self.binary = found
        self.root = root
        self.port = free_port()

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self, timeout: float = 30.0) -> None:
        self.root.mkdir(parents=True, exist_ok=True)
        redis = [
            *(str(self.binary), "--port", str(self.port), "--bind", "127.0.0.1"),
            *("--save", "", "--appendonly", "no", "--dir", str(self.root)),
        ]
        self._launch("Redis", redis, self.root / "redis.log", timeout)

    def answers(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as s:
                s.sendall(b"PING\r\n")
                return s.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def stop(self) -> None:
        end(self.process, signal.SIGTERM, 20)
        self.process = None
