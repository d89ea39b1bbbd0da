"""``samtempa serve``: migrations, then the platform on one port."""

from __future__ import annotations

import gc
import logging
from pathlib import Path
from typing import Any

import uvicorn
from sqlalchemy.engine import make_url

from samtempa.server.app import create_app
from samtempa.server.core.config import load_settings

# Live messages are small JSON: compressing each costs far more time than it saves bytes.
# A websocket message above ws_max_size closes the socket (1009); the app answers those
# between its own limit (api/limits.py, 64 KiB) and this one with an error and keeps it.
UVICORN_OPTIONS: dict[str, Any] = {"ws_per_message_deflate": False, "ws_max_size": 256 * 1024}


def serve(host: str, port: int, database: str | None, data_dir: str | None) -> int:

    settings = load_settings(
        database_url=database,
        data_dir=Path(data_dir) if data_dir else None,
        listen_host=host,  # emailed links point here unless SAMTEMPA_BASE_URL says otherwise
        listen_port=port,
    )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    where = settings.database_url or settings.sqlalchemy_url()
    logging.getLogger("samtempa.server").info("database: %s", _hide_password(where))
    app = create_app(settings)
    quieter_garbage_collection()
    uvicorn.run(app, host=host, port=port, log_level="info", **UVICORN_OPTIONS)
    return 0


def quieter_garbage_collection() -> None:
    """Fewer, shorter collector pauses in a long-running server: what is loaded at start
    (modules, templates, engines) is never garbage, so it leaves the collector's
    generations (``gc.freeze``), and the youngest generation is collected less often.
    A full collection otherwise walks every live object and stalls every game's reveal
    for tens of milliseconds (the p99 of benchmarks/bench_server_load.py)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(20_000, 20, 20)


def _hide_password(url: str) -> str:

    return make_url(url).render_as_string(hide_password=True)
