"""Limits (issue 17 item 11): request bodies capped for every route in one place, and
websocket messages capped and read so that no frame closes the socket."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import Message, Receive, Scope, Send

from samtempa.server.api.limits import MAX_BODY_BYTES, MAX_MESSAGE_BYTES, BodyLimit
from samtempa.server.app import create_app
from samtempa.server.core.config import Settings
from samtempa.server.core.i18n import Catalogs
from tests.server.conftest import csrf_of, sign_up

CHUNK = 16 * 1024


class Upload:
    """A client sending ``size`` bytes in chunks; counts what the server pulled."""

    def __init__(self, size: int) -> None:
        self.left = size
        self.pulled = 0

    async def receive(self) -> Message:
        chunk = min(CHUNK, self.left)
        self.left -= chunk
        self.pulled += chunk
        return {"type": "http.request", "body": b"x" * chunk, "more_body": self.left > 0}


async def _reading_app(scope: Scope, receive: Receive, send: Send) -> None:
    """A route that reads its whole body, as a form or JSON route does."""
    while (await receive()).get("more_body"):
        pass
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"read"})


def _call(headers: list[tuple[bytes, bytes]], upload: Upload) -> tuple[int, Any]:
    sent: list[Message] = []

    async def send(message: Message) -> None:
        sent.append(message)

    app = SimpleNamespace(state=SimpleNamespace(services=SimpleNamespace(catalogs=Catalogs())))
    scope: Scope = {"type": "http", "method": "POST", "path": "/x", "headers": headers, "app": app}
    try:
        asyncio.run(BodyLimit(_reading_app)(scope, upload.receive, send))
    except Exception as e:  # the framework answers a BodyTooLarge raised from receive
        return getattr(e, "status_code", 0), e
    return sent[0]["status"], sent


def test_a_declared_body_over_the_limit_is_refused_before_reading_any_of_it() -> None:
    upload = Upload(48 * 1024 * 1024)
    status, _ = _call([(b"content-length", str(48 * 1024 * 1024).encode())], upload)
    assert status == 413
    assert upload.pulled == 0


@pytest.mark.parametrize("kind", [b"application/json", b"application/x-www-form-urlencoded"])
def test_a_chunked_body_without_length_is_cut_as_soon_as_it_passes_the_limit(kind: bytes) -> None:
    upload = Upload(48 * 1024 * 1024)
    status, _ = _call([(b"content-type", kind)], upload)
    assert status == 413
    assert MAX_BODY_BYTES < upload.pulled <= MAX_BODY_BYTES + CHUNK  # not the 48 MB


def test_a_body_at_the_limit_goes_through() -> None:
    upload = Upload(MAX_BODY_BYTES)
    status, _ = _call([(b"content-type", b"text/plain")], upload)
    assert status == 200
    assert upload.pulled == MAX_BODY_BYTES


@pytest.fixture
def web(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings), raise_server_exceptions=False) as c:
        sign_up(c, "ana")
        c.headers["x-csrf-token"] = csrf_of(c, "/account")
        yield c


def _json_of_size(size: int) -> bytes:
    """``{"player": "black", "turn": 1, "orders": "xx…"}`` of exactly ``size`` bytes."""
    empty = len(json.dumps({"player": "black", "turn": 1, "orders": ""}))
    return json.dumps({"player": "black", "turn": 1, "orders": "x" * (size - empty)}).encode()


def test_the_app_takes_a_body_at_the_limit_and_refuses_one_byte_more(web: TestClient) -> None:
    mid = web.post("/api/matches", json={"game": "what-the-shell", "seats": ["me", "bot:easy"]})
    path = f"/api/matches/{mid.json()['match']}/orders"
    headers = {"content-type": "application/json"}
    at_limit = web.post(path, content=_json_of_size(MAX_BODY_BYTES), headers=headers)
    assert at_limit.status_code == 422  # read, and refused by the game: not a pick
    assert at_limit.json()["error"] == "bad-notation"
    over = web.post(path, content=_json_of_size(MAX_BODY_BYTES + 1), headers=headers)
    assert over.status_code == 413
    assert over.json()["error"] == "too-large"
    form = web.post(
        "/login", data={"login": "ana", "password": "x" * MAX_BODY_BYTES}, follow_redirects=False
    )
    assert form.status_code == 413
    assert "too large" in form.text


def _socket_game(web: TestClient) -> str:
    r = web.post("/api/matches", json={"game": "what-the-shell", "seats": ["me", "bot:easy"]})
    return str(r.json()["match"])


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        (b'{"type": "ping"}', "bad-message"),  # binary, even if it is JSON
        ("[" * 100 + "]" * 100, "bad-message"),
        (
            '{"type": "orders", "player": "black", "orders": ' + "[" * 40 + "]" * 40 + "}",
            "bad-message",
        ),
        ('{"type": "orders", "player": "\\ud800", "orders": "E5"}', "bad-message"),
        ('{"type": "chat", "text": "' + "x" * MAX_MESSAGE_BYTES + '"}', "too-large"),
        ("[" * 100_000 + "]" * 100_000, "too-large"),
        ("not json", "bad-message"),
        ("[1, 2]", "bad-message"),
    ],
    ids=["binary", "nested", "nested-orders", "surrogate", "too-large", "deep", "text", "list"],
)
def test_a_bad_frame_gets_an_error_and_the_socket_stays_open(
    web: TestClient, frame: str | bytes, code: str
) -> None:
    with web.websocket_connect(f"/ws/matches/{_socket_game(web)}") as ws:
        assert ws.receive_json()["type"] == "snapshot"
        if isinstance(frame, bytes):
            ws.send_bytes(frame)
        else:
            ws.send_text(frame)
        error = ws.receive_json()
        assert (error["type"], error["error"]) == ("error", code)
        assert error["message"]
        ws.send_text('{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}  # still open, still answering
