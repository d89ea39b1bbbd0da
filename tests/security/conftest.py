"""Attacks played against a real ``samtempa serve`` process (issue 17).

Unlike the in-process tests, these go through the command an operator runs:
its argument parsing, its settings from ``SAMTEMPA_*`` variables, uvicorn and
its HTTP/websocket stack, and a database on disk. Each module gets its own
process and data folder; ``restart`` stops it and starts it again on the same
data (what a crash or an upgrade does). Run on PostgreSQL too (tests/conftest.py),
each data folder gets its own database, kept across restarts.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

from tests.conftest import TEMPLATE
from tests.servers import PostgresServer, end, free_port, spawn, wait_ready


@dataclass
class _Databases:
    """Data folder -> database URL while a module runs on PostgreSQL (``make`` None:
    SQLite in the data folder, an operator's default)."""

    make: Callable[[], str] | None = None
    urls: dict[Path, str] = field(default_factory=dict)


_DATABASES = _Databases()


def database_for(data_dir: Path) -> str | None:
    """The database of a process serving ``data_dir`` (the same one after a restart)."""
    if _DATABASES.make is None:
        return None
    if data_dir not in _DATABASES.urls:
        _DATABASES.urls[data_dir] = _DATABASES.make()
    return _DATABASES.urls[data_dir]


@pytest.fixture(scope="module", autouse=True)
def serve_database(db_kind: str, request: pytest.FixtureRequest) -> Iterator[None]:
    """Autouse, so it is set before the module's server fixtures start their processes."""
    if db_kind != "postgresql":
        yield
        return
    server: PostgresServer = request.getfixturevalue("postgres_server")
    made: list[str] = []

    def new() -> str:
        made.append(server.create_database(TEMPLATE))
        return made[-1]

    _DATABASES.make, _DATABASES.urls = new, {}
    try:
        yield
    finally:
        _DATABASES.make, _DATABASES.urls = None, {}
        for url in made:
            server.drop_database(url)


def _samtempa() -> list[str]:
    found = shutil.which("samtempa", path=str(Path(sys.executable).parent))
    return [found] if found else [sys.executable, "-m", "samtempa.cli"]


@dataclass
class ServeProcess:
    """One ``samtempa serve`` on loopback, its data folder and its log file."""

    data_dir: Path
    env: Mapping[str, str] = field(default_factory=dict)
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.data_dir / "serve.log"

    def start(self, timeout: float = 60.0) -> None:
        env = {**os.environ, "SAMTEMPA_BOT_BUDGET_S": "0.05", **self.env}
        command = [*_samtempa(), "serve", "--host", "127.0.0.1", "--port", str(self.port)]
        command += ["--data", str(self.data_dir)]
        database = database_for(self.data_dir)
        if database:
            command += ["--database", database]
        self.process = spawn(command, self.log, env=env)
        wait_ready(self.process, self.log, "samtempa serve", self._answers, self.stop, timeout, 0.1)

    def _answers(self) -> bool:
        try:
            return httpx.get(self.url + "/", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def stop(self, sig: int = signal.SIGTERM) -> None:
        end(self.process, sig, 20)
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture(scope="module")
def serve_process(
    tmp_path_factory: pytest.TempPathFactory, serve_database: None
) -> Iterator[ServeProcess]:
    """One process for the module (again for each database: it asks for serve_database)."""
    proc = ServeProcess(tmp_path_factory.mktemp("serve"))
    proc.start()
    yield proc
    proc.stop()
