"""No request gets a 500 (issue 17 item 10): each input that did, and the one place that
answers bad input with a clear refusal."""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from samtempa.server.app import create_app
from samtempa.server.core.config import Settings
from tests.server.conftest import csrf_of, sign_up

TOO_BIG = [2**31, 2**63, 10**30]


@pytest.fixture
def web(settings: Settings) -> Iterator[TestClient]:
    """A logged-in account; server errors come back as answers, not as exceptions."""
    with TestClient(create_app(settings), raise_server_exceptions=False) as c:
        sign_up(c, "ana")
        c.headers["x-csrf-token"] = csrf_of(c, "/account")
        yield c


def new_match(c: TestClient, **body: object) -> str:
    r = c.post("/api/matches", json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["match"])


def shell(c: TestClient) -> str:
    return new_match(c, game="what-the-shell", seats=["me", "bot:easy"])


def waiting_snake(c: TestClient) -> str:
    return new_match(
        c, game="snake-synapse", seats=["me", "open"], terrain="classic", races=["ghost", "dasher"]
    )


@pytest.mark.parametrize(
    ("path", "body"),
    [
        ("/api/matches/{id}/orders", '{"player": "\\ud800", "orders": "E5"}'),
        ("/api/matches/{id}/orders", '{"player": "black", "orders": {"\\udfff": 1}}'),
        ("/api/matches/{id}/chat", '{"text": "hi \\ud83d"}'),
        ("/api/matches", '{"game": "\\ud800", "seats": ["me", "bot:easy"]}'),
        ("/api/matches/{id}/orders", b'{"player": "\xed\xa0\x80", "orders": "E5"}'),
    ],
    ids=["player", "orders-key", "chat", "new-game", "cesu-8-bytes"],
)
def test_a_lone_surrogate_in_json_is_a_400_that_says_why(
    web: TestClient, path: str, body: str | bytes
) -> None:
    mid = shell(web)
    r = web.post(path.format(id=mid), content=body, headers={"content-type": "application/json"})
    assert r.status_code == 400, r.text
    assert r.json()["error"] == "bad-json"
    assert "surrogate" in r.json()["message"]
    assert web.get(f"/api/matches/{mid}").json()["turn"] == 0  # nothing was played


def test_paired_surrogate_escapes_are_text(web: TestClient) -> None:
    mid = shell(web)
    r = web.post(
        f"/api/matches/{mid}/orders",
        content='{"player": "\\ud83d\\ude00", "orders": "E5", "turn": 1}',
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 400
    assert r.json()["error"] == "unknown-player"  # read, then refused by the game


@pytest.mark.parametrize("number", TOO_BIG)
def test_turn_numbers_past_the_columns_are_refused_not_overflowed(
    web: TestClient, number: int
) -> None:
    mid = shell(web)
    for path in (f"/matches/{mid}/turns/{number}.svg", f"/editions/{mid}/turns/{number}.gif"):
        r = web.get(path)
        assert r.status_code == 422, (path, r.status_code)
        assert "number" in r.text
    assert web.get(f"/matches/{mid}/turns/0.svg").status_code == 200


@pytest.mark.parametrize("child", TOO_BIG)
def test_child_ids_past_the_columns_are_refused(web: TestClient, child: int) -> None:
    r = web.post(f"/account/children/{child}", data={"action": "save"})
    assert r.status_code == 422
    assert "child_id" in r.text


@pytest.mark.parametrize("what", ["record.json", "turns/0.svg", "game.gif"])
def test_a_snake_game_not_started_has_no_record_or_pictures_yet(web: TestClient, what: str) -> None:
    mid = waiting_snake(web)
    r = web.get(f"/matches/{mid}/{what}")
    assert r.status_code == 409
    assert "has not started" in r.text


def test_the_api_refuses_a_malformed_request_in_its_own_words(web: TestClient) -> None:
    mid = shell(web)
    r = web.post(f"/api/matches/{mid}/orders", json={"player": ["x" * 50], "orders": "E5"})
    assert r.status_code == 422
    assert r.json() == {"error": "bad-request", "message": "player is not valid here"}
    r = web.post(f"/api/matches/{mid}/orders", json={"orders": "E5"})
    assert r.json() == {"error": "bad-request", "message": "player is missing"}
    r = web.post(
        f"/api/matches/{mid}/orders", content="{", headers={"content-type": "application/json"}
    )
    assert (r.status_code, r.json()["error"]) == (400, "bad-json")
    r = web.get("/api/nothing-here")
    assert (r.status_code, r.json()["error"]) == (404, "not-found")
    r = web.delete(f"/api/matches/{mid}")
    assert (r.status_code, r.json()["error"]) == (405, "method-not-allowed")


def test_refusals_of_the_framework_are_translated(web: TestClient) -> None:
    r = web.get("/matches/x/turns/99999999999.svg?lang=fr")
    assert r.status_code == 422
    assert "n’est pas valable ici" in r.text


def test_the_last_resort_answers_an_incident_without_a_traceback(
    settings: Settings, caplog: pytest.LogCaptureFixture
) -> None:
    app = create_app(settings)

    async def broken() -> None:
        raise RuntimeError("a bug with a secret: sealed order E5")

    app.add_api_route("/api/broken", broken)
    app.add_api_route("/broken", broken)
    with caplog.at_level(logging.ERROR), TestClient(app, raise_server_exceptions=False) as c:
        r = c.get("/api/broken")
        page = c.get("/broken")
    assert r.status_code == 500
    assert r.json()["error"] == "internal"
    incident = r.json()["message"].split("incident ")[1].split(")")[0]
    assert incident in caplog.text  # the operator finds the traceback by its number
    assert "RuntimeError" in caplog.text
    for text in (r.text, page.text):
        assert "Traceback" not in text
        assert "sealed order" not in text
        assert "RuntimeError" not in text
