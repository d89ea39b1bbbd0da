"""Attacks played against a real ``samtempa serve`` process (issue 17).

Unlike the in-process tests, these go through the command an operator runs:
its argument parsing, its settings from ``SAMTEMPA_*`` variables, uvicorn and
its HTTP/websocket stack, and a database on disk. Each module gets its own
process and data folder; ``restart`` stops it and starts it again on the same
data (what a crash or an upgrade does).
"""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


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
        with self.log.open("ab") as out:
            self.process = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, env=env)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"samtempa serve exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(self.url + "/", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"samtempa serve did not answer: {self.log.read_text()[-2000:]}")

    def stop(self, sig: int = signal.SIGTERM) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(sig)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def restart(self) -> None:
        self.stop()
        self.start()

    def log_text(self) -> str:
        return self.log.read_text(errors="replace")


@pytest.fixture(scope="module")
def serve_process(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServeProcess]:
    proc = ServeProcess(tmp_path_factory.mktemp("serve"))
    proc.start()
    yield proc
    proc.stop()
