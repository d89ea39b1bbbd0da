"""Suite-wide checks."""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.servers import PostgresServer, RedisServer, postgres_bin, redis_bin

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"
GAMES = SRC / "samtempa" / "games"
#: What setup.py compiles with mypyc, by folder: every module (but the Cython fast
#: path's wrapper, fast.py), or the ones listed.
COMPILED = {
    GAMES / "shell": ("board", "state", "rules", "game", "notation"),
    GAMES / "snake": None,
}


def compiled_sources() -> list[Path]:
    out: list[Path] = []
    for folder, names in COMPILED.items():
        if names is None:
            out += [p for p in folder.rglob("*.py") if p.name not in ("__init__.py", "fast.py")]
        else:
            out += [folder / f"{n}.py" for n in names]
    return out


def stale_compiled_modules() -> list[str]:
    """Engine sources changed since mypyc compiled them (see setup.py).

    Python imports a compiled module before its ``.py``, so testing after an
    edit without rebuilding would test the old code.
    """
    if not any(any(folder.glob("*__mypyc*.so")) for folder in COMPILED):
        return []  # a pure-Python build (SAMTEMPA_PURE_PYTHON=1)
    manifest = SRC / "samtempa" / "_compiled.json"
    if not manifest.exists():
        return ["(no src/samtempa/_compiled.json beside the compiled modules)"]
    built = json.loads(manifest.read_text())
    root = SRC.parent
    current = {
        p.relative_to(root).as_posix(): hashlib.sha256(p.read_bytes()).hexdigest()
        for p in compiled_sources()
    }
    return sorted(
        name for name in set(built) | set(current) if built.get(name) != current.get(name)
    )


def pytest_sessionstart(session: pytest.Session) -> None:
    stale = stale_compiled_modules()
    if stale:
        raise pytest.UsageError(
            "the compiled engines are older than their sources "
            f"({', '.join(stale)}): run ./dev test, or .venv/bin/pip install -e '.[dev]'"
        )


# --- databases (issue 21) -------------------------------------------------------------------

#: Tests that run on SQLite and on PostgreSQL (a module-scoped ``db_kind`` parameter):
#: the match coordinator, correspondence games and the attacks on a real server process.
#: A test marked ``sqlite_only`` runs on SQLite alone (say why: its PostgreSQL twin is
#: elsewhere, or nothing in it depends on the database).
BOTH_DATABASES = (
    "tests/server/test_coordinator.py",
    "tests/server/test_turn_store.py",
    "tests/server/correspondence/",
    "tests/security/",
)
TEMPLATE = "samtempa_template"


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers", "sqlite_only(reason): run on SQLite only, in a module run on both databases"
    )


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "db_kind" not in metafunc.fixturenames:
        return
    where = Path(str(metafunc.definition.path)).resolve().relative_to(ROOT).as_posix()
    if where.startswith(BOTH_DATABASES) and not metafunc.definition.get_closest_marker(
        "sqlite_only"
    ):
        metafunc.parametrize("db_kind", ["sqlite", "postgresql"], indirect=True, scope="module")


@pytest.fixture(scope="module")
def db_kind(request: pytest.FixtureRequest) -> str:
    """``sqlite`` (the default everywhere) or ``postgresql`` (see BOTH_DATABASES)."""
    return str(getattr(request, "param", "sqlite"))


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """One throw-away cluster per test process, with a migrated template database that
    each test copies (``CREATE DATABASE … TEMPLATE``: far quicker than migrating)."""
    from samtempa.server.core.database import Database

    if postgres_bin() is None:
        pytest.skip("no PostgreSQL: ./dev test installs it (scripts/test-system-deps)")
    server = PostgresServer()
    server.start()
    try:
        server.execute(f"CREATE DATABASE {TEMPLATE}")
        db = Database(server.url(TEMPLATE))
        db.migrate()
        db.close()
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[RedisServer]:
    """One throw-away Redis per test process."""
    if redis_bin() is None:
        pytest.skip("no Redis: ./dev test installs it (scripts/test-system-deps)")
    server = RedisServer(tmp_path_factory.mktemp("redis"))
    server.start()
    try:
        yield server
    finally:
        server.stop()


def new_postgres_database(request: pytest.FixtureRequest) -> str:
    """A fresh migrated PostgreSQL database for the requesting test or module."""
    server: PostgresServer = request.getfixturevalue("postgres_server")
    url = server.create_database(TEMPLATE)
    request.addfinalizer(lambda: server.drop_database(url))
    return url


@pytest.fixture
def database_url(db_kind: str, request: pytest.FixtureRequest) -> str:
    """Empty (SQLite in the test's data folder) or a fresh PostgreSQL database.

    ``SAMTEMPA_TEST_DATABASE_URL`` still runs the SQLite tests on a database of one's own.
    """
    if db_kind == "postgresql":
        return new_postgres_database(request)
    return os.environ.get("SAMTEMPA_TEST_DATABASE_URL", "")
