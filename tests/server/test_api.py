"""HTTP and websocket routes: accounts, CSRF, rate limit, lobby, orders, secrecy, languages."""

from __future__ import annotations

import logging
import re
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient

from samtempa.server.app import create_app
from samtempa.server.core.config import Settings

from .conftest import confirm_email, csrf_of, mailed_token, sign_up


def create(client: TestClient, **form: str) -> str:
    data = {"csrf_token": csrf_of(client), "game": "what-the-shell", "clock": "60", **form}
    r = client.post("/matches", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    return str(r.headers["location"]).rsplit("/", 1)[1]


def test_home_page_in_each_language(client: TestClient) -> None:
    assert "Play on one screen" in client.get("/", headers={"accept-language": "en"}).text
    assert (
        "Jouer sur un seul écran"
        in client.get("/", headers={"accept-language": "fr-FR,fr;q=0.9"}).text
    )
    assert "Ludi sur unu ekrano" in client.get("/", headers={"accept-language": "eo"}).text
    # ?lang= switches and is remembered.
    client.get("/?lang=eo")
    assert "Ludi sur unu ekrano" in client.get("/", headers={"accept-language": "fr"}).text


def test_rules_pages_exist_in_each_language(client: TestClient) -> None:
    for game in ("what-the-shell", "snake-synapse"):
        for lang, word in (("fr", "tour"), ("eo", "vic"), ("en", "turn")):
            page = client.get(f"/rules/{game}?lang={lang}")
            assert page.status_code == 200
            assert word in page.text.lower(), (game, lang)


def test_post_without_csrf_token_is_refused_with_a_reason(client: TestClient) -> None:
    client.get("/")
    r = client.post("/matches", data={"game": "what-the-shell", "opponent": "local"})
    assert r.status_code == 403
    assert "reload the page" in r.text


def test_session_cookie_is_httponly_and_samesite(client: TestClient) -> None:
    r = client.get("/")
    cookie = r.headers["set-cookie"]
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie.replace("Lax", "lax")


def test_secure_cookie_when_configured(tmp_path: Any) -> None:
    with TestClient(create_app(Settings(data_dir=tmp_path, cookie_secure=True))) as c:
        assert "Secure" in c.get("/").headers["set-cookie"]


def test_sign_up_log_out_log_in(client: TestClient) -> None:
    sign_up(client, "carol")
    assert "Carol" in client.get("/").text
    client.post("/logout", data={"csrf_token": csrf_of(client)})
    assert "Carol" not in client.get("/").text
    r = client.post(
        "/login",
        data={"csrf_token": csrf_of(client, "/login"), "login": "carol", "password": "password123"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert "Carol" in client.get("/").text


def test_under_16_cannot_sign_up(client: TestClient) -> None:
    csrf = csrf_of(client, "/signup")
    r = client.post(
        "/signup",
        data={
            "csrf_token": csrf,
            "login": "kid",
            "name": "Kid",
            "email": "kid@example.org",
            "password": "password123",
            "birth_date": "2019-05-05",
        },
    )
    assert r.status_code == 403
    assert "16" in r.text


def test_login_is_rate_limited(tmp_path: Any) -> None:
    settings = Settings(data_dir=tmp_path, login_failures_per_name=3)
    with TestClient(create_app(settings)) as c:
        sign_up(c, "dave")
        c.post("/logout", data={"csrf_token": csrf_of(c)})
        csrf = csrf_of(c, "/login")
        codes = [
            c.post(
                "/login", data={"csrf_token": csrf, "login": "dave", "password": "nope-nope"}
            ).status_code
            for _ in range(4)
        ]
        assert codes == [401, 401, 401, 429]
        # Even the right password waits now, and the page says for how long.
        r = c.post("/login", data={"csrf_token": csrf, "login": "dave", "password": "password123"})
        assert r.status_code == 429
        assert "seconds" in r.text


def test_parent_manages_a_child_account(client: TestClient) -> None:
    sign_up(client, "parent")
    csrf = csrf_of(client, "/account")
    r = client.post(
        "/account/children",
        data={
            "csrf_token": csrf,
            "login": "kiddo",
            "name": "Kiddo",
            "password": "password123",
            "birth_date": "2016-02-02",
        },
        follow_redirects=False,
    )
    assert r.status_code == 303
    page = client.get("/account").text
    assert "kiddo" in page
    child_id = re.search(r'action="/account/children/(\d+)"', page)
    assert child_id
    cid = child_id.group(1)
    client.post(
        f"/account/children/{cid}", data={"csrf_token": csrf, "login": "kiddo2", "action": "save"}
    )
    page = client.get("/account").text
    assert "kiddo2" in page
    assert "checked" not in page.split("Chat")[0][-200:]
    client.post(f"/account/children/{cid}", data={"csrf_token": csrf, "action": "delete"})
    assert "kiddo2" not in client.get("/account").text


def test_password_reset_link_goes_to_the_log_without_smtp(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="samtempa.mail")
    sign_up(client, "erin")
    confirm_email(client, caplog)  # a reset goes to confirmed addresses only
    client.post("/logout", data={"csrf_token": csrf_of(client)})
    form = {"csrf_token": csrf_of(client), "email": "erin@example.org"}
    client.post("/password-reset", data=form)
    token = mailed_token(caplog, "/password-reset")
    csrf = csrf_of(client, f"/password-reset/{token}")
    r = client.post(
        f"/password-reset/{token}",
        data={"csrf_token": csrf, "password": "new-password-1"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    r = client.post(
        f"/password-reset/{token}", data={"csrf_token": csrf, "password": "new-password-2"}
    )
    assert r.status_code == 400  # a link works once
    r = client.post(
        "/login",
        data={
            "csrf_token": csrf_of(client, "/login"),
            "login": "erin",
            "password": "new-password-1",
        },
        follow_redirects=False,
    )
    assert r.status_code == 303


def test_online_game_needs_an_account(client: TestClient) -> None:
    data = {
        "csrf_token": csrf_of(client),
        "game": "what-the-shell",
        "clock": "60",
        "opponent": "open",
    }
    r = client.post("/matches", data=data)
    assert r.status_code == 403
    assert "account" in r.text


class Browser:
    """One person's cookies on the shared test client (one app, one event loop)."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.jar = httpx.Cookies()

    def __getattr__(self, name: str) -> Any:
        method = getattr(self.client, name)

        def call(*args: Any, **kwargs: Any) -> Any:
            self.client.cookies = self.jar
            try:
                return method(*args, **kwargs)
            finally:
                self.jar = self.client.cookies

        return call


def test_orders_over_http_and_the_opponent_sees_nothing_before_the_reveal(
    client: TestClient,
) -> None:
    alice: Any = Browser(client)
    bob: Any = Browser(client)
    if True:
        sign_up(alice, "alice")
        sign_up(bob, "bobby")
        mid = create(alice, opponent="open")
        r = bob.post(
            f"/matches/{mid}/join", data={"csrf_token": csrf_of(bob)}, follow_redirects=False
        )
        assert r.status_code == 303
        headers = {"x-csrf-token": csrf_of(alice)}
        r = alice.post(
            f"/api/matches/{mid}/orders",
            json={"player": "black", "orders": "G7", "turn": 1},
            headers=headers,
        )
        assert r.json()["accepted"] is True
        # Bob may not play black, and is told why.
        r = bob.post(
            f"/api/matches/{mid}/orders",
            json={"player": "black", "orders": "A1", "turn": 1},
            headers={"x-csrf-token": csrf_of(bob)},
        )
        assert r.status_code == 403
        assert r.json()["error"] == "not-your-seat"
        seen = bob.get(f"/api/matches/{mid}").text + bob.get(f"/matches/{mid}").text
        assert "G7" not in seen
        assert alice.get(f"/api/matches/{mid}").json()["your_orders"] == {"black": "G7"}
        r = bob.post(
            f"/api/matches/{mid}/orders",
            json={"player": "white", "orders": "A1", "turn": 1},
            headers={"x-csrf-token": csrf_of(bob)},
        )
        assert r.json()["revealed"] is True
        turns = bob.get(f"/api/matches/{mid}/turns").json()
        assert turns[0]["orders"] == {"black": "G7", "white": "A1"}


def test_websocket_game_against_a_bot_to_the_end(client: TestClient) -> None:
    mid = create(client, opponent="bot:easy")
    with client.websocket_connect(f"/ws/matches/{mid}") as ws:
        snap = ws.receive_json()
        assert snap["type"] == "snapshot"
        assert snap["yours"] == ["black"]
        state = snap["view"]
        for _ in range(81):
            empty = [
                f"{'ABCDEFGHI'[c]}{r + 1}"
                for r in range(9)
                for c in range(9)
                if state["board"][r][c] == "."
            ]
            ws.send_json(
                {"type": "orders", "player": "black", "orders": empty[0], "turn": state["turn"] + 1}
            )
            while True:
                m = ws.receive_json()
                assert m["type"] != "error", m
                if m["type"] == "reveal":
                    break
            state = m["view"]
            if m["status"] == "finished":
                break
        assert m["status"] == "finished"
        assert m["result"]
    assert client.get(f"/matches/{mid}/record.json").json()["result"] == m["result"]


def test_websocket_refuses_cross_site_origin(client: TestClient) -> None:
    mid = create(client, opponent="local")
    from starlette.websockets import WebSocketDisconnect

    with (
        pytest.raises(WebSocketDisconnect) as err,
        client.websocket_connect(
            f"/ws/matches/{mid}", headers={"origin": "http://evil.example"}
        ) as ws,
    ):
        ws.receive_json()
    assert err.value.code == 4403


def test_websocket_bad_messages_get_reasons(client: TestClient) -> None:
    mid = create(client, opponent="local")
    with client.websocket_connect(f"/ws/matches/{mid}") as ws:
        ws.receive_json()
        ws.send_text("not json")
        assert ws.receive_json()["error"] == "bad-message"
        ws.send_json({"type": "orders", "player": "black", "orders": "Z9", "turn": 1})
        m = ws.receive_json()
        assert m["error"] == "off-board"
        assert m["message"]


def test_rematch_swaps_colours_and_is_created_once(client: TestClient) -> None:
    mid = create(client, opponent="local")
    with client.websocket_connect(f"/ws/matches/{mid}") as ws:
        ws.receive_json()
    # Finish quickly: play a game where black builds a line.
    headers = {"x-csrf-token": csrf_of(client)}
    black = ["A1", "A2", "A3", "A4", "A5"]
    white = ["I1", "I3", "I5", "I7", "I9"]
    for turn, (b, w) in enumerate(zip(black, white, strict=True), start=1):
        client.post(
            f"/api/matches/{mid}/orders",
            json={"player": "black", "orders": b, "turn": turn},
            headers=headers,
        )
        client.post(
            f"/api/matches/{mid}/orders",
            json={"player": "white", "orders": w, "turn": turn},
            headers=headers,
        )
    snap = client.get(f"/api/matches/{mid}").json()
    assert snap["status"] == "finished"
    assert snap["result"] == {"winner": "black"}
    first = client.post(
        f"/matches/{mid}/rematch",
        data={"csrf_token": headers["x-csrf-token"]},
        follow_redirects=False,
    )
    second = client.post(
        f"/matches/{mid}/rematch",
        data={"csrf_token": headers["x-csrf-token"]},
        follow_redirects=False,
    )
    assert first.headers["location"] == second.headers["location"] != f"/matches/{mid}"
    new = client.get("/api" + first.headers["location"]).json()
    assert new["status"] == "playing"


def test_turn_timer_plays_the_missed_order_policy(tmp_path: Any) -> None:
    """Nobody picks: at the deadline the server plays a random empty cell for both, once."""
    import time

    settings = Settings(data_dir=tmp_path, min_clock_s=1)
    with TestClient(create_app(settings)) as c:
        mid = create(c, opponent="local", clock="1")
        with c.websocket_connect(f"/ws/matches/{mid}") as ws:
            assert ws.receive_json()["type"] == "snapshot"
            m = ws.receive_json()  # nothing sent: the deadline resolves the turn
            assert m["type"] == "reveal"
            assert m["turn"] == 1
            assert sorted(m["missed"]) == ["black", "white"]
            assert 0 < m["seconds_left"] <= 1
        time.sleep(0.2)
        turns = c.get(f"/api/matches/{mid}/turns").json()
        assert [t["turn"] for t in turns][:1] == [1]
        assert len({t["turn"] for t in turns}) == len(turns)


def test_leave_frees_the_seat_and_the_creator_leaving_cancels(client: TestClient) -> None:
    alice: Any = Browser(client)
    bob: Any = Browser(client)
    sign_up(alice, "alicia")
    sign_up(bob, "roberto")
    mid = create(alice, opponent="open", public="on")
    assert mid in client.get("/lobby").text
    bob.post(f"/matches/{mid}/join", data={"csrf_token": csrf_of(bob)})
    # Started: nobody may leave any more, and the refusal says so.
    r = bob.post(f"/matches/{mid}/leave", data={"csrf_token": csrf_of(bob)})
    assert r.status_code == 409
    assert "started" in r.text
    mid = create(alice, opponent="open")
    r = bob.post(f"/api/matches/{mid}/join", headers={"x-csrf-token": csrf_of(bob)})
    assert r.status_code == 200
    assert bob.get(f"/api/matches/{mid}").json()["status"] == "playing"
    mid = create(alice, opponent="open")
    r = alice.post(
        f"/matches/{mid}/leave", data={"csrf_token": csrf_of(alice)}, follow_redirects=False
    )
    assert r.status_code == 303
    assert alice.get(f"/api/matches/{mid}").json()["status"] == "abandoned"
    r = bob.post(f"/api/matches/{mid}/join", headers={"x-csrf-token": csrf_of(bob)})
    assert r.status_code == 409
    assert r.json()["error"] == "not-open"
