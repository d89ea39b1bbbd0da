"""Browser tests: a real server (uvicorn in a thread, temp SQLite) and Debian's Chromium.

Playwright drives ``/usr/bin/chromium`` (installed by ``scripts/test-system-deps``);
its own browser download does not work on our machines.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import free_port

CHROMIUM = Path("/usr/bin/chromium")
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    import uvicorn

    from samtempa.server.app import create_app
    from samtempa.server.core.config import Settings

    settings = Settings(data_dir=tmp_path_factory.mktemp("server"), bot_budget_s=0.05)
    port = free_port()
    from samtempa.server.serve import UVICORN_OPTIONS

    config = uvicorn.Config(
        create_app(settings),
        host="127.0.0.1",
        port=port,
        log_level="warning",
        lifespan="on",
        **UVICORN_OPTIONS,
    )
    srv = uvicorn.Server(config)
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not srv.started:
        if time.monotonic() > deadline or not thread.is_alive():
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}"
    srv.should_exit = True
    thread.join(timeout=10)


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not CHROMIUM.exists():
        pytest.fail("no /usr/bin/chromium: run scripts/test-system-deps (./dev test does)")
    from playwright.sync_api import expect, sync_playwright

    # Generous waits: the suite shares two cores with everything else.
    expect.set_options(timeout=20_000)
    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        yield b
        b.close()
