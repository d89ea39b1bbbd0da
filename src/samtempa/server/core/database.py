"""The database: one engine per app (built in :class:`Database`, never at import time).

SQLite (the default, a file in the data folder) allows one writer at a time:
write transactions start with ``BEGIN IMMEDIATE`` and take a process lock, so
two writers never fail on each other; readers go on in parallel (WAL). On
PostgreSQL the coordinator locks the match row instead (``SELECT … FOR
UPDATE``), which also serialises several server processes.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, create_engine, event, text
from sqlalchemy.engine import make_url
from sqlalchemy.orm import Session, sessionmaker

T = TypeVar("T")

#: PostgreSQL advisory lock held while migrating (any fixed number of our own).
MIGRATE_LOCK = 0x5A17E3A

ALEMBIC_DIR = Path(__file__).resolve().parent.parent / "alembic"


def normalise_url(url: str) -> str:
    """``postgresql://`` means psycopg 3 here (the driver we install)."""
    if url.startswith("postgresql://") or url.startswith("postgres://"):
        return "postgresql+psycopg://" + url.split("://", 1)[1]
    return url


class Database:
    """Engine, sessions and the write discipline for one database URL."""

    def __init__(self, url: str) -> None:
        self.url = normalise_url(url)
        parsed = make_url(self.url)
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        if self.is_sqlite:
            if parsed.database and parsed.database != ":memory:":
                Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
            self.engine = create_engine(
                self.url, connect_args={"check_same_thread": False, "timeout": 30}
            )
            _sqlite_setup(self.engine)
            write_engine: Engine = self.engine.execution_options(sqlite_begin="BEGIN IMMEDIATE")
        else:
            self.engine = create_engine(self.url, pool_size=10, max_overflow=20, pool_pre_ping=True)
            write_engine = self.engine
        self._read = sessionmaker(self.engine, expire_on_commit=False)
        self._write = sessionmaker(write_engine, expire_on_commit=False)
        self._write_lock = threading.Lock() if self.is_sqlite else None
        self._write_engine = write_engine
        self._core: Connection | None = None
        # One writer thread is all SQLite can use; PostgreSQL gets a few.
        self._executor = ThreadPoolExecutor(
            max_workers=1 if self.is_sqlite else 8, thread_name_prefix="db"
        )

    def migrate(self) -> None:
        """Bring the schema to the newest migration (run at every start)."""

        cfg = Config()
        cfg.set_main_option("script_location", str(ALEMBIC_DIR))
        engine = create_engine(self.url)
        try:
            with engine.begin() as conn:
                if not self.is_sqlite:
                    # Processes that start together (serve --workers, several machines):
                    # one migrates, the others wait here, then find nothing left to do.
                    conn.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATE_LOCK})
                cfg.attributes["connection"] = conn
                command.upgrade(cfg, "head")
        finally:
            engine.dispose()

    @contextmanager
    def read(self) -> Iterator[Session]:
        """A session for reading (it may write too, but without the writer's lock)."""
        with self._read() as session, session.begin():
            yield session

    @contextmanager
    def write(self) -> Iterator[Session]:
        """One write transaction, committed at the end, rolled back on an exception."""
        if self._write_lock is None:
            with self._write() as session, session.begin():
                yield session
            return
        with self._write_lock, self._write() as session, session.begin():
            yield session

    @contextmanager
    def core_write(self) -> Iterator[Connection]:
        """One write transaction on a Core connection, no ORM session: the turn store's
        fast path (``services/matches/store.py``), the hottest write of the server.

        SQLite: one connection kept for it, under the writer's lock, begun ``IMMEDIATE``
        like :meth:`write` (no pool check-out per order). Elsewhere: one from the pool.
        """
        if self._write_lock is None:
            with self._write_engine.begin() as conn:
                yield conn
            return
        with self._write_lock:
            if self._core is None or self._core.closed:
                self._core = self._write_engine.connect()
            with self._core.begin():
                yield self._core

    async def run(self, fn: Callable[..., T], *args: Any) -> T:
        """Run blocking database work off the event loop, on the database's own threads."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._executor, fn, *args)

    def close(self) -> None:
        self._executor.shutdown(wait=True)
        if self._core is not None:
            self._core.close()
        self.engine.dispose()


def _sqlite_setup(engine: Engine) -> None:
    """WAL, foreign keys, and transactions that we begin ourselves (deferred or immediate)."""

    @event.listens_for(engine, "connect")
    def _on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        cur = dbapi_connection.cursor()
        cur.execute("PRAGMA journal_mode=WAL")
        cur.execute("PRAGMA synchronous=NORMAL")
        cur.execute("PRAGMA foreign_keys=ON")
        cur.close()

    @event.listens_for(engine, "begin")
    def _on_begin(conn: Any) -> None:
        # Straight to the driver: this runs for every transaction.
        conn.connection.driver_connection.execute(
            conn.get_execution_options().get("sqlite_begin", "BEGIN")
        )
