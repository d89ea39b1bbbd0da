"""The one start-and-wait loop of the test servers (tests/servers.py): it fails with the log."""

from __future__ import annotations

import signal
import sys
from pathlib import Path

import pytest

from tests.servers import end, spawn, wait_ready


def test_a_server_that_exits_fails_at_once_with_its_log(tmp_path: Path) -> None:
    log = tmp_path / "boom.log"
    process = spawn([sys.executable, "-c", "print('boom', flush=True); raise SystemExit(3)"], log)
    process.wait(timeout=30)
    with pytest.raises(RuntimeError, match=r"^boom exited: boom"):
        wait_ready(process, log, "boom", lambda: True, lambda: None, timeout=30)


def test_a_server_that_never_answers_is_stopped_then_reported(tmp_path: Path) -> None:
    log = tmp_path / "mute.log"
    process = spawn([sys.executable, "-c", "import time; time.sleep(60)"], log)
    asked: list[int] = []

    def answers() -> bool:
        asked.append(1)
        return False

    with pytest.raises(RuntimeError, match=r"^mute did not start"):
        wait_ready(process, log, "mute", answers, lambda: end(process, signal.SIGTERM, 10), 0.3)
    assert asked, "it asked the server"
    assert process.poll() is not None, "it stopped the server before failing"


def test_a_server_that_answers_is_ready(tmp_path: Path) -> None:
    log = tmp_path / "ok.log"
    process = spawn([sys.executable, "-c", "import time; time.sleep(60)"], log)
    answers = iter([False, False, True])
    try:
        wait_ready(process, log, "ok", lambda: next(answers), lambda: None, timeout=30)
        assert process.poll() is None
    finally:
        end(process, signal.SIGTERM, 10)
    assert process.poll() is not None
