"""The players' chat over the match websocket and HTTP: delivery, refusals, the page."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from .conftest import csrf_of, sign_up
from .test_api import Browser, create


def test_a_line_reaches_the_other_players_socket_and_not_a_spectators(
    client: TestClient,
) -> None:
    alice: Any = Browser(client)
    bob: Any = Browser(client)
    carol: Any = Browser(client)
    for who, login in ((alice, "alice"), (bob, "bobby"), (carol, "carol")):
        sign_up(who, login)
    mid = create(alice, opponent="open")
    r = bob.post(f"/matches/{mid}/join", data={"csrf_token": csrf_of(bob)}, follow_redirects=False)
    assert r.status_code == 303
    with (
        alice.websocket_connect(f"/ws/matches/{mid}") as alice_ws,
        bob.websocket_connect(f"/ws/matches/{mid}") as bob_ws,
        carol.websocket_connect(f"/ws/matches/{mid}") as carol_ws,
    ):
        for ws in (alice_ws, bob_ws, carol_ws):
            assert ws.receive_json()["type"] == "snapshot"
        alice_ws.send_json({"type": "chat", "text": "good luck <b>bob</b>"})
        for ws in (bob_ws, alice_ws):
            line = ws.receive_json()
            assert line["type"] == "chat"
            assert (line["author"], line["text"]) == ("Alice", "good luck <b>bob</b>")
        # The same line over HTTP (CSRF-checked), pushed to the sockets.
        r = bob.post(
            f"/api/matches/{mid}/chat",
            json={"text": "thanks"},
            headers={"x-csrf-token": csrf_of(bob)},
        )
        assert r.status_code == 200, r.text
        assert alice_ws.receive_json()["text"] == "thanks"
        assert bob_ws.receive_json()["text"] == "thanks"
        # Both lines were published before carol asks for a pong: her next message is the pong.
        carol_ws.send_json({"type": "ping"})
        assert carol_ws.receive_json() == {"type": "pong"}
        # She is told why she cannot take part, on the socket and over HTTP.
        carol_ws.send_json({"type": "chat", "text": "can I play?"})
        refused = carol_ws.receive_json()
        assert (refused["type"], refused["error"], refused["about"]) == (
            "error",
            "not-a-player",
            "chat",
        )
        r = carol.post(
            f"/api/matches/{mid}/chat",
            json={"text": "hi"},
            headers={"x-csrf-token": csrf_of(carol)},
        )
        assert (r.status_code, r.json()["error"]) == (403, "not-a-player")
        assert carol.get(f"/api/matches/{mid}/chat").status_code == 403
        # Without the CSRF token, nothing is said.
        r = bob.post(f"/api/matches/{mid}/chat", json={"text": "forged"})
        assert (r.status_code, r.json()["error"]) == (403, "csrf")
        # Refusals name their reason in the visitor's language.
        alice_ws.send_json({"type": "chat", "text": "x" * 501})
        refused = alice_ws.receive_json()
        assert (refused["error"], refused["about"]) == ("long-line", "chat")
        assert "500" in refused["message"]
    lines = alice.get(f"/api/matches/{mid}/chat").json()["lines"]
    assert [x["text"] for x in lines] == ["good luck <b>bob</b>", "thanks"]
    page = bob.get(f"/matches/{mid}").text
    assert "good luck &lt;b&gt;bob&lt;/b&gt;" in page
    assert 'for="chat-text"' in page
    assert 'id="chat-lines"' not in carol.get(f"/matches/{mid}").text


def test_chat_refusals_are_translated(client: TestClient) -> None:
    alice: Any = Browser(client)
    sign_up(alice, "alice")
    mid = create(alice, opponent="open")
    headers = {"x-csrf-token": csrf_of(alice)}
    for i in range(5):
        r = alice.post(f"/api/matches/{mid}/chat", json={"text": f"{i}"}, headers=headers)
        assert r.status_code == 200
    # ?lang=fr: the refusal comes in French.
    r = alice.post(f"/api/matches/{mid}/chat?lang=fr", json={"text": "5"}, headers=headers)
    assert r.status_code == 429
    assert r.json() == {
        "error": "chat-too-fast",
        "message": "au plus 5 messages toutes les 10 secondes : patientez un instant",
    }
