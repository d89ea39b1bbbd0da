"""The migrations build the same schema on SQLite and PostgreSQL, the models' schema (issue 21)."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import Float, create_engine, inspect

from samtempa.server import models  # noqa: F401  (every table in Base.metadata)
from samtempa.server.core.database import Database, normalise_url
from samtempa.server.models_base import Base
from tests.servers import PostgresServer


def _generic(column_type: Any) -> str:
    """The type's generic name; a ``Float`` column reads back as PostgreSQL's double
    precision (its ``FLOAT``), SQLite's ``REAL``: both are the one type the models declare."""
    generic = column_type.as_generic()
    return "Float" if isinstance(generic, Float) else type(generic).__name__


def _schema(url: str) -> dict[str, Any]:
    """Tables, columns (generic type, nullability), keys, indexes and uniques, by name."""
    engine = create_engine(normalise_url(url))
    try:
        found = inspect(engine)
        out: dict[str, Any] = {}
        for table in sorted(found.get_table_names()):
            columns = {
                c["name"]: (_generic(c["type"]), c["nullable"]) for c in found.get_columns(table)
            }
            out[table] = {
                "columns": columns,
                "primary": found.get_pk_constraint(table)["constrained_columns"],
                "foreign": sorted(
                    (
                        tuple(f["constrained_columns"]),
                        f["referred_table"],
                        tuple(f["referred_columns"]),
                    )
                    for f in found.get_foreign_keys(table)
                ),
                "indexes": sorted(
                    (i["name"], tuple(i["column_names"]), bool(i["unique"]))
                    for i in found.get_indexes(table)
                    # PostgreSQL also lists the index behind each unique constraint.
                    if not i.get("duplicates_constraint")
                ),
                "uniques": sorted(
                    tuple(u["column_names"]) for u in found.get_unique_constraints(table)
                ),
            }
        return out
    finally:
        engine.dispose()


def _model_diff(url: str) -> list[Any]:
    engine = create_engine(normalise_url(url))
    try:
        with engine.connect() as conn:
            context = MigrationContext.configure(conn, opts={"compare_type": True})
            return list(compare_metadata(context, Base.metadata))
    finally:
        engine.dispose()


def test_the_migrations_build_one_schema_on_sqlite_and_postgresql(
    tmp_path: Path, postgres_server: PostgresServer
) -> None:
    sqlite = f"sqlite:///{tmp_path / 'schema.db'}"
    postgres = postgres_server.create_database()
    try:
        for url in (sqlite, postgres):
            db = Database(url)
            db.migrate()
            db.close()
        on_sqlite, on_postgres = _schema(sqlite), _schema(postgres)
        assert "matches" in on_sqlite
        differ = {
            t: (on_sqlite.get(t), on_postgres.get(t))
            for t in on_sqlite.keys() | on_postgres.keys()
            if on_sqlite.get(t) != on_postgres.get(t)
        }
        assert differ == {}, "\n".join(f"{t}:\n {a}\n {b}" for t, (a, b) in differ.items())
        # And both are what the models say (nothing a migration forgot or added).
        assert _model_diff(sqlite) == []
        assert _model_diff(postgres) == []
    finally:
        postgres_server.drop_database(postgres)


def test_processes_starting_together_migrate_an_empty_database_once(
    postgres_server: PostgresServer,
) -> None:
    url = postgres_server.create_database()
    start = threading.Barrier(4)
    errors: list[BaseException] = []

    def one_process() -> None:  # a daemon thread: a deadlock fails the test, not the run
        db = Database(url)
        try:
            start.wait()
            db.migrate()
        except BaseException as e:
            errors.append(e)
        finally:
            db.close()

    try:
        threads = [threading.Thread(target=one_process, daemon=True) for _ in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(timeout=120)
        # Without one lock for them, two migrations of one empty database wait on each
        # other's tables for ever (or fail).
        assert not any(thread.is_alive() for thread in threads)
        assert errors == []
        assert _model_diff(url) == []
    finally:
        postgres_server.drop_database(url)
