"""Helpers of the account tests (issue 17): browsers on one test client, logins, games."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from .conftest import csrf_of

AGAINST_THE_COMPUTER = {"game": "what-the-shell", "seats": ["me", "bot:easy"]}


class Jar:
    """One browser's cookies on the shared test client."""

    def __init__(self, client: TestClient, cookies: httpx.Cookies | None = None) -> None:
        self.client = client
        self.cookies = cookies if cookies is not None else httpx.Cookies()

    def __enter__(self) -> TestClient:
        self.client.cookies = self.cookies
        return self.client

    def __exit__(self, *exc: object) -> None:
        self.cookies = self.client.cookies


def log_in(client: TestClient, ident: str, password: str = "password123") -> int:
    form = {"csrf_token": csrf_of(client, "/login"), "login": ident, "password": password}
    status: int = client.post("/login", data=form, follow_redirects=False).status_code
    return status


def new_game(client: TestClient) -> str:
    r = client.post(
        "/api/matches", json=AGAINST_THE_COMPUTER, headers={"X-CSRF-Token": csrf_of(client)}
    )
    assert r.status_code == 201, r.text
    return str(r.json()["match"])


def yours(client: TestClient, match_id: str) -> list[str]:
    mine: list[str] = client.get(f"/api/matches/{match_id}").json()["yours"]
    return mine


def services(client: TestClient) -> Any:
    return client.app.state.services  # type: ignore[attr-defined]


def wait_in_log(caplog: pytest.LogCaptureFixture, pattern: str, timeout: float = 30) -> None:
    """Until the background mailer has written a matching message (never a fixed time)."""
    deadline = time.monotonic() + timeout
    while not re.search(pattern, caplog.text, re.I | re.S):
        assert time.monotonic() < deadline, f"no {pattern!r} in {caplog.text[-1500:]}"
        time.sleep(0.02)
