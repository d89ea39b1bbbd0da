"""The harness itself: a real process answers, and its data outlives a restart."""

from __future__ import annotations

import httpx

from tests.security.conftest import ServeProcess


def test_a_real_process_serves_the_home_page_and_restarts_on_its_data(
    serve_process: ServeProcess, db_kind: str
) -> None:
    assert "samtempa" in httpx.get(serve_process.url + "/").text.lower()
    # The database this module runs on (tests/conftest.py), not SQLite whatever was asked.
    assert f"database: {db_kind}://" in serve_process.log_text()
    assert (serve_process.data_dir / "samtempa.db").exists() == (db_kind == "sqlite")
    first = serve_process.process
    serve_process.restart()
    assert serve_process.process is not first
    assert httpx.get(serve_process.url + "/").status_code == 200
