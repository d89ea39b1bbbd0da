"""``samtempa serve``: migrations, then the platform on one port."""

from __future__ import annotations

import gc
import logging
import os
import sys
from pathlib import Path
from typing import Any

import uvicorn
from fastapi import FastAPI
from sqlalchemy.engine import make_url

from samtempa.server.app import create_app
from samtempa.server.core.config import Settings, load_settings
from samtempa.server.core.database import normalise_url

# Live messages are small JSON: compressing each costs far more time than it saves bytes.
# A websocket message above ws_max_size closes the socket (1009); the app answers those
# between its own limit (api/limits.py, 64 KiB) and this one with an error and keeps it.
UVICORN_OPTIONS: dict[str, Any] = {"ws_per_message_deflate": False, "ws_max_size": 256 * 1024}


def serve(
    host: str,
    port: int,
    database: str | None,
    data_dir: str | None,
    redis: str | None = None,
    workers: int = 1,
) -> int:
    """One process, or ``workers`` processes sharing the port (uvicorn's own workers)."""
    settings = load_settings(
        database_url=database,
        data_dir=Path(data_dir) if data_dir else None,
        redis_url=redis,
        listen_host=host,  # emailed links point here unless SAMTEMPA_BASE_URL says otherwise
        listen_port=port,
    )
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    log = logging.getLogger("samtempa.server")
    if settings.bot_shards > 0 and not settings.redis_url:
        print("samtempa serve: SAMTEMPA_BOT_SHARDS needs --redis", file=sys.stderr)
        return 2
    where = settings.database_url or settings.sqlalchemy_url()
    log.info("database: %s", _hide_password(where))
    if workers > 1:
        problem = several_processes_problem(settings)
        if problem:
            print(f"samtempa serve --workers {workers}: {problem}", file=sys.stderr)
            return 2
        # Each worker builds its app from the environment (uvicorn imports the factory).
        os.environ.update(settings_environment(settings))
        log.info("%d server processes, live updates through %s", workers, settings.redis_url)
        uvicorn.run(
            f"{__name__}:app_from_environment",
            factory=True,
            host=host,
            port=port,
            workers=workers,
            log_level="info",
            **UVICORN_OPTIONS,
        )
        return 0
    app = create_app(settings)
    quieter_garbage_collection()
    uvicorn.run(app, host=host, port=port, log_level="info", **UVICORN_OPTIONS)
    return 0


def several_processes_problem(settings: Settings) -> str | None:
    """Why these settings cannot run as several processes (None: they can)."""
    if make_url(normalise_url(settings.sqlalchemy_url())).get_backend_name() == "sqlite":
        return "several processes need PostgreSQL (--database postgresql://…)"
    if not settings.redis_url:
        return "several processes need Redis for their live updates (--redis redis://…)"
    return None


def settings_environment(settings: Settings) -> dict[str, str]:
    """The settings as ``SAMTEMPA_*`` variables, for the worker processes."""
    out: dict[str, str] = {}
    for name, value in settings.model_dump().items():
        out[f"SAMTEMPA_{name.upper()}"] = str(value)
    return out


def app_from_environment() -> FastAPI:
    """uvicorn's factory in each worker process: the settings from ``SAMTEMPA_*``."""
    app = create_app(load_settings())
    quieter_garbage_collection()
    return app


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
