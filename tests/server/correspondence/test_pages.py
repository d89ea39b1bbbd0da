"""The correspondence pages over HTTP: the ritual by forms, secrecy, the topic, notifications."""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import date
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from samtempa.server.app import create_app
from samtempa.server.core.config import Settings
from samtempa.server.models import User
from samtempa.server.services import accounts

from ..conftest import csrf_of, sign_up


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(data_dir=tmp_path, turn_gif_width=96, correspondence_poll_s=0.5)
    with TestClient(create_app(settings)) as c:
        yield c


class Browsers:
    """One client, several people: each keeps their own cookies."""

    def __init__(self, client: TestClient) -> None:
        self.client = client
        self.jars: dict[str, dict[str, str]] = {}

    def new(self, login: str) -> None:
        self.client.cookies.clear()
        sign_up(self.client, login)
        self.jars[login] = dict(self.client.cookies)

    def be(self, login: str) -> TestClient:
        self.client.cookies.clear()
        for k, v in self.jars[login].items():
            self.client.cookies.set(k, v)
        return self.client

    def post(self, login: str, path: str, **data: str) -> str:
        c = self.be(login)
        r = c.post(path, data={"csrf_token": csrf_of(c), **data}, follow_redirects=False)
        assert r.status_code == 303, r.text[:800]
        return str(r.headers["location"])


def test_an_edition_through_the_pages(client: TestClient) -> None:
    b = Browsers(client)
    for login in ("master", "ana", "bob", "eve"):
        b.new(login)
    where = b.post(
        "master",
        "/editions",
        game="snake-synapse",
        terrain="classic",
        seats="2",
        title="Two snakes",
        early="on",
    )
    match_id = where.rsplit("/", 1)[1]
    page = b.be("ana").get(where)
    assert page.status_code == 200
    assert "Two snakes" in page.text
    assert "Cells G4 become walls." in page.text  # the terrain's changes, from the start
    for login in ("ana", "bob"):
        b.post(login, f"/editions/{match_id}/register")
    # A third registration is refused with a reason, in the visitor's language.
    c = b.be("eve")
    r = c.post(
        f"/editions/{match_id}/register?lang=fr",
        data={"csrf_token": csrf_of(c)},
        follow_redirects=False,
    )
    assert r.status_code == 409
    assert "les inscriptions à cette partie sont closes" in r.text

    data = b.be("ana").get(f"/api/editions/{match_id}").json()
    assert data["phase"] == "colours"
    drafter = next(s for s in data["seats"] if s["index"] == data["drafter"])
    other = next(s for s in data["seats"] if s["index"] != data["drafter"])
    drafter_login = drafter["label"].lower()
    other_login = other["label"].lower()
    b.post(drafter_login, f"/editions/{match_id}/colour", colour="green", next=str(other["index"]))
    b.post(other_login, f"/editions/{match_id}/colour", colour="pink")

    # Secret races: the other player's page and the API show that ana chose, never what.
    b.post("ana", f"/editions/{match_id}/race", race="ghost")
    seen = b.be("bob").get(f"/api/editions/{match_id}").json()
    assert seen["your_race"] is None
    assert seen["races_chosen"] == [next(s["index"] for s in seen["seats"] if s["label"] == "Ana")]
    bobs_page = b.be("bob").get(f"/editions/{match_id}").text
    assert 'value="ghost" selected' not in bobs_page
    assert "Your choice so far" not in bobs_page
    assert 'value="ghost" selected' in b.be("ana").get(f"/editions/{match_id}").text
    assert b.be("ana").get(f"/api/editions/{match_id}").json()["your_race"] == "ghost"
    b.post("bob", f"/editions/{match_id}/race", race="digger")
    data = b.be("bob").get(f"/api/editions/{match_id}").json()
    assert data["phase"] == "playing"
    assert {s["options"]["race"] for s in data["seats"]} == {"ghost", "digger"}

    # Orders go through the match's own API; the turn resolves early and is posted.
    for login in ("ana", "bob"):
        c = b.be(login)
        player = next(s["player"] for s in data["seats"] if s["label"].lower() == login)
        r = c.post(
            f"/api/matches/{match_id}/orders",
            json={"player": player, "orders": {"path": "RRDLL"}, "turn": 1},
            headers={"X-CSRF-Token": csrf_of(c)},
        )
        assert r.status_code == 200, r.text
    data = b.be("eve").get(f"/api/editions/{match_id}").json()
    assert data["turn"] == 1
    post = data["posts"][0]
    assert post["number"] == 1
    assert "[img]" in post["snippets"]["bbcode"]
    assert f"/editions/{match_id}/turns/1.gif" in post["snippets"]["markdown"]
    gif = b.be("eve").get(f"/editions/{match_id}/turns/1.gif")
    assert gif.status_code == 200
    assert gif.headers["content-type"] == "image/gif"
    assert gif.content[:3] == b"GIF"

    # The game page in each language.
    for lang, words in (
        ("fr", "Changements de terrain"),
        ("eo", "Ŝanĝoj de la tereno"),
        ("en", "Terrain changes"),
    ):
        page = b.be("eve").get(f"/editions/{match_id}?lang={lang}")
        assert f'<html lang="{lang}">' in page.text
        assert words in page.text


def test_the_topic_hidden_messages_and_child_accounts(client: TestClient) -> None:
    b = Browsers(client)
    for login in ("master", "parent", "ana"):
        b.new(login)
    where = b.post("master", "/editions", game="snake-synapse", terrain="classic")
    match_id = where.rsplit("/", 1)[1]
    b.post("ana", f"/editions/{match_id}/topic", text="I go left, honestly.")
    b.post("ana", f"/editions/{match_id}/topic", text="Something rude")
    posts = b.be("master").get(f"/api/editions/{match_id}").json()["topic"]
    rude = next(p for p in posts if p["text"] == "Something rude")
    # Only the game master may hide a message; hiding is logged for everyone.
    c = b.be("ana")
    r = c.post(
        f"/editions/{match_id}/gm/hide",
        data={"csrf_token": csrf_of(c), "post": str(rude["id"])},
        follow_redirects=False,
    )
    assert r.status_code == 403
    b.post("master", f"/editions/{match_id}/gm/hide", post=str(rude["id"]))
    data = b.be("ana").get(f"/api/editions/{match_id}").json()
    hidden = next(p for p in data["topic"] if p["id"] == rude["id"])
    assert hidden == {"id": rude["id"], "author": "Ana", "text": None, "hidden": True}
    assert "Something rude" not in b.be("ana").get(f"/editions/{match_id}").text
    assert "gm-hide-post" in [e["kind"] for e in data["events"]]

    # A child whose parent turned chat off neither reads nor writes the topic.
    services = client.app.state.services  # type: ignore[attr-defined]
    with services.db.write() as session:
        parent = session.query(User).filter_by(login="parent").one()
        child = accounts.create_child(
            session, parent, "kiddo", "Kiddo", "password123", date(2015, 1, 1), parent.created_at
        )
        child.chat_enabled = False
    c = b.client
    c.cookies.clear()
    r = c.post(
        "/login",
        data={"csrf_token": csrf_of(c, "/login"), "login": "kiddo", "password": "password123"},
        follow_redirects=False,
    )
    assert r.status_code == 303
    assert b.client.get(f"/api/editions/{match_id}").json()["topic"] is None
    page = b.client.get(f"/editions/{match_id}")
    assert "I go left" not in page.text
    r = c.post(
        f"/editions/{match_id}/topic",
        data={"csrf_token": csrf_of(c), "text": "hello"},
        follow_redirects=False,
    )
    assert r.status_code == 403


def test_notification_choices_are_kept(client: TestClient) -> None:
    b = Browsers(client)
    b.new("ana")
    page = b.be("ana").get("/notifications")
    assert page.status_code == 200
    assert len(re.findall(r'type="checkbox"[^>]* checked', page.text)) == 8  # all on by default
    b.post("ana", "/notifications/settings", **{"turn-open.web": "on", "game-ended.email": "on"})
    page = b.be("ana").get("/notifications")
    checked = re.findall(r'name="([\w.-]+)"[^>]* checked', page.text)
    assert checked == ["turn-open.web", "game-ended.email"]
