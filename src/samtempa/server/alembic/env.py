"""Alembic environment: migrations run on the connection :meth:`Database.migrate` gives."""

from __future__ import annotations

from alembic import context

from samtempa.server import models  # noqa: F401  (puts every table in Base.metadata)
from samtempa.server.models_base import Base

connection = context.config.attributes["connection"]
context.configure(
    connection=connection,
    target_metadata=Base.metadata,
    render_as_batch=True,  # SQLite needs batch mode to alter tables
    compare_type=True,
)
with context.begin_transaction():
    context.run_migrations()
