"""``samtempa serve``: migrations, then the platform on one port."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

# Live messages are small JSON: compressing each costs far more time than it saves bytes.
UVICORN_OPTIONS: dict[str, Any] = {"ws_per_message_deflate": False}


def serve(host: str, port: int, database: str | None, data_dir: str | None) -> int:
    import uvicorn

    from samtempa.server.app import create_app
    from samtempa.server.core.config import load_settings

    settings = load_settings(database_url=database, data_dir=Path(data_dir) if data_dir else None)
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s %(levelname)s %(message)s")
    where = settings.database_url or settings.sqlalchemy_url()
    logging.getLogger("samtempa.server").info("database: %s", _hide_password(where))
    uvicorn.run(create_app(settings), host=host, port=port, log_level="info", **UVICORN_OPTIONS)
    return 0


def _hide_password(url: str) -> str:
    from sqlalchemy.engine import make_url

    return make_url(url).render_as_string(hide_password=True)
