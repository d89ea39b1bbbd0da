"""Fixtures for the web platform: an app per test on its own SQLite file."""

from __future__ import annotations

import os
import re
import time
from collections.abc import Collection, Iterator
from datetime import date
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from samtempa.server.app import Services, build_services, create_app
from samtempa.server.core.config import Settings
from samtempa.server.models import User
from samtempa.server.services import accounts
from samtempa.server.services.matches import utcnow


@pytest.fixture
def settings(tmp_path: Path, database_url: str) -> Settings:
    """SQLite in a temp folder, or PostgreSQL (tests/conftest.py: ``database_url``);
    ``SAMTEMPA_TEST_DATABASE_URL`` runs the same tests on another database, emptied
    before each test."""
    if database_url and database_url == os.environ.get("SAMTEMPA_TEST_DATABASE_URL"):
        _empty(database_url)
    return Settings(data_dir=tmp_path, bot_budget_s=0.05, database_url=database_url)


def _empty(url: str) -> None:
    from sqlalchemy import create_engine, text

    from samtempa.server.core.database import normalise_url

    engine = create_engine(normalise_url(url))
    with engine.begin() as conn:
        conn.execute(text("DROP SCHEMA public CASCADE"))
        conn.execute(text("CREATE SCHEMA public"))
    engine.dispose()


@pytest.fixture
def services(settings: Settings) -> Iterator[Services]:
    """Services without HTTP, schema migrated."""
    built = build_services(settings)
    built.db.migrate()
    yield built
    built.db.close()


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as c:
        yield c


def make_user(services: Services, login: str, birth: date = date(1990, 1, 1)) -> User:
    with services.db.write() as session:
        form = accounts.SignUp(login, login.title(), f"{login}@example.org", "password123", birth)
        return accounts.sign_up(session, form, utcnow(), 16)


def csrf_of(client: TestClient, path: str = "/") -> str:
    page = client.get(path)
    found = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert found, page.text[:500]
    return found.group(1)


def sign_up(client: TestClient, login: str, birth: str = "1990-01-01") -> None:
    csrf = csrf_of(client, "/signup")
    r = client.post(
        "/signup",
        data={
            "csrf_token": csrf,
            "login": login,
            "name": login.title(),
            "email": f"{login}@example.org",
            "password": "password123",
            "birth_date": birth,
        },
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text


def mailed_token(
    caplog: pytest.LogCaptureFixture, path: str, known: Collection[str] = (), timeout: float = 30
) -> str:
    """The token of a link to ``path`` (``/password-reset``…) that the mailer wrote to the log
    (no SMTP server in tests) and that is not in ``known``; waits for the background mailer."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        for token in re.findall(re.escape(path) + r"/([\w-]{20,})", caplog.text):
            if token not in known:
                return str(token)
        time.sleep(0.02)
    raise AssertionError(f"no new {path} link in the log: {caplog.text[-2000:]}")


def confirm_email(client: TestClient, caplog: pytest.LogCaptureFixture) -> None:
    """Open the confirmation link of the address given at sign-up (caplog at WARNING)."""
    token = mailed_token(caplog, "/account/email")
    csrf = csrf_of(client, f"/account/email/{token}")
    r = client.post(f"/account/email/{token}", data={"csrf_token": csrf})
    assert r.status_code == 200, r.text[-800:]
    assert "is confirmed" in r.text
