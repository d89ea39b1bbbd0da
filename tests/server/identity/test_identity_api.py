"""Over HTTP and the websocket: controls (forms with CSRF, JSON, socket messages), profiles,
leaderboards, my games, the lobby's "opened by", records of games ended by the players."""

from __future__ import annotations

import itertools
import re
from typing import Any

from fastapi.testclient import TestClient

from samtempa.records import Record

from ..conftest import csrf_of, sign_up
from ..test_api import Browser, create

_ids = itertools.count()


def person(client: TestClient, prefix: str = "p") -> tuple[Any, str]:
    """A new browser with a new account; returns it and the login."""
    who: Any = Browser(client)
    login = f"{prefix}{next(_ids)}player"
    sign_up(who, login)
    return who, login


def online(client: TestClient, public: bool = False) -> tuple[Any, Any, str, str, str]:
    """Alice (black) opens What the Shell online, Bob (white) joins."""
    alice, a = person(client, "alice")
    bob, b = person(client, "bob")
    match_id = create(alice, opponent="open", **({"public": "on"} if public else {}))
    r = bob.post(f"/matches/{match_id}/join", data={"csrf_token": csrf_of(bob)})
    assert r.status_code == 200
    return alice, bob, match_id, a, b


def control(who: Any, match_id: str, action: str, turn: int, **extra: Any) -> Any:
    return who.post(
        f"/api/matches/{match_id}/controls",
        json={"action": action, "turn": turn, **extra},
        headers={"x-csrf-token": csrf_of(who)},
    )


def orders(who: Any, match_id: str, player: str, cell: str, turn: int) -> None:
    r = who.post(
        f"/api/matches/{match_id}/orders",
        json={"player": player, "orders": cell, "turn": turn},
        headers={"x-csrf-token": csrf_of(who)},
    )
    assert r.status_code == 200, r.text


def test_a_control_form_needs_its_csrf_token_and_names_the_turn(client: TestClient) -> None:
    alice, _bob, match_id, _, _ = online(client)
    r = alice.post(f"/matches/{match_id}/controls", data={"action": "resign", "turn": "1"})
    assert r.status_code == 403
    assert alice.get(f"/api/matches/{match_id}").json()["status"] == "playing"
    token = csrf_of(alice, f"/matches/{match_id}")
    r = alice.post(
        f"/matches/{match_id}/controls",
        data={"csrf_token": token, "action": "resign", "turn": "x"},
    )
    assert r.status_code == 400
    r = alice.post(
        f"/matches/{match_id}/controls",
        data={"csrf_token": token, "action": "resign", "turn": "1"},
        follow_redirects=False,
    )
    assert (r.status_code, r.headers["location"]) == (303, f"/matches/{match_id}")
    assert alice.get(f"/api/matches/{match_id}").json()["result"] == {
        "winner": "white",
        "termination": "resignation",
    }


def test_results_from_each_side_on_the_match_page(client: TestClient) -> None:
    alice, bob, match_id, _, _ = online(client)
    r = control(alice, match_id, "resign", 1)
    assert r.json()["changed"] is True
    assert control(alice, match_id, "resign", 1).json()["changed"] is False
    spectator: Any = Browser(client)
    seen = {
        "alice": alice.get(f"/matches/{match_id}").text,
        "bob": bob.get(f"/matches/{match_id}").text,
        "spectator": spectator.get(f"/matches/{match_id}").text,
        "french": spectator.get(f"/matches/{match_id}?lang=fr").text,
    }
    verdicts = {k: re.search(r'id="gc-verdict"[^>]*>([^<]*)<', v) for k, v in seen.items()}
    said = {k: m.group(1) if m else None for k, m in verdicts.items()}
    assert said == {
        "alice": "You lost. You resigned.",
        "bob": "You won. Black resigned.",
        "spectator": "White won. Black resigned.",
        "french": "Blanc a gagné. Noir a abandonné.",
    }
    panel = bob.get(f"/api/matches/{match_id}/controls").json()
    assert panel["verdict"] == "You won. Black resigned."
    assert panel["can"]["resign"] == []


def test_the_record_of_a_resigned_game_replays_with_its_ending(client: TestClient) -> None:
    alice, bob, match_id, _, _ = online(client)
    orders(alice, match_id, "black", "E5", 1)
    orders(bob, match_id, "white", "B4", 1)
    control(bob, match_id, "offer-draw", 2)
    r = control(alice, match_id, "accept-draw", 2)
    assert r.json()["ended"] is True
    record = Record.from_json(bob.get(f"/matches/{match_id}/record.json").json())
    assert record.result == {"draw": ["black", "white"], "termination": "agreement"}
    assert record.check().turn == 1
    assert len(record.turns) == 1


def test_controls_over_the_websocket_tell_every_viewer(client: TestClient) -> None:
    alice, bob, match_id, _, _ = online(client)
    client.cookies = bob.jar
    with client.websocket_connect(f"/ws/matches/{match_id}") as bob_ws:
        assert bob_ws.receive_json()["type"] == "snapshot"
        client.cookies = alice.jar
        with client.websocket_connect(f"/ws/matches/{match_id}") as ws:
            assert ws.receive_json()["type"] == "snapshot"
            ws.send_json({"type": "control", "action": "offer-draw", "turn": 7})
            refused = ws.receive_json()
            assert (refused["type"], refused["about"], refused["error"]) == (
                "error",
                "control",
                "wrong-turn",
            )
            ws.send_json({"type": "control", "action": "offer-draw", "turn": 1})
            seen = [ws.receive_json(), ws.receive_json()]
            assert {m["type"] for m in seen} == {"control", "control-done"}
        told = bob_ws.receive_json()
        assert (told["type"], told["event"], told["player"]) == ("control", "draw-offered", "black")
        bob_ws.send_json({"type": "control", "action": "accept-draw", "turn": 1})
        kinds = set()
        while "snapshot" not in kinds:
            message = bob_ws.receive_json()
            kinds.add(message["type"])
        assert message["status"] == "finished"
        assert message["result"] == {"draw": ["black", "white"], "termination": "agreement"}


def play_black_win(alice: Any, bob: Any, match_id: str) -> None:
    for n, (b, w) in enumerate(zip(["A1", "A2", "A3", "A4", "A5"], ["I1", "I3", "I5", "I7", "I9"],
                                   strict=True), 1):  # fmt: skip
        orders(alice, match_id, "black", b, n)
        orders(bob, match_id, "white", w, n)


def wait_rated(who: Any, login: str, games: int) -> dict[str, Any]:
    """The profile once the background count has rated ``games`` games (it runs at once;
    each request lets the app's loop run it)."""
    for _ in range(200):
        data: dict[str, Any] = who.get(f"/api/players/{login}").json()
        ratings = {r["game"]: r for r in data.get("ratings", [])}
        if ratings.get("what-the-shell", {}).get("games") == games:
            return data
    raise AssertionError(f"{login} was never rated for {games} games")


def test_profiles_and_the_leaderboard_after_rated_games(client: TestClient) -> None:
    alice, bob, match_id, a, b = online(client, public=True)
    play_black_win(alice, bob, match_id)
    carol, c = person(client, "carol")
    second = create(carol, opponent="open")  # not in the lobby: a private game
    bob.post(f"/matches/{second}/join", data={"csrf_token": csrf_of(bob)})
    play_black_win(carol, bob, second)
    anyone: Any = Browser(client)
    top = wait_rated(anyone, a, 1)
    assert top["ratings"][0]["rank"] in (1, 2)
    wait_rated(anyone, b, 2)
    board = anyone.get("/api/leaderboard/what-the-shell").json()
    order = [line["login"] for line in board]
    assert order.index(a) < order.index(b)
    assert order.index(c) < order.index(b)
    public = anyone.get(f"/players/{b}").text
    assert "Rated games" in public
    assert public.count('class="result"') == 1  # the private game is bob's own business
    assert f'href="/players/{a}"' in public
    assert f'href="/players/{c}"' not in public
    own = bob.get(f"/players/{b}").text
    assert own.count('class="result"') == 2
    assert own.count(">lost<") == 2
    html = anyone.get("/leaderboard/what-the-shell").text
    assert html.index(f"/players/{a}") < html.index(f"/players/{b}")
    assert anyone.get("/leaderboard/chess").status_code == 404
    assert anyone.get("/players/nobody-at-all").status_code == 404
    for odd in ("%ED%A0%80", "a%0Ab", "x" * 300):  # a lone surrogate, a newline, too long
        assert anyone.get(f"/players/{odd}").status_code == 404
        assert anyone.get(f"/api/players/{odd}").status_code == 404


def test_a_childs_profile_is_private_but_to_the_child_and_the_parent(client: TestClient) -> None:
    parent, _ = person(client, "parent")
    token = csrf_of(parent, "/account")
    r = parent.post(
        "/account/children",
        data={"csrf_token": token, "login": "kiddo7", "name": "Kiddo Seven",
              "password": "password123", "birth_date": "2016-05-01"},
    )  # fmt: skip
    assert r.status_code == 200, r.text
    stranger: Any = Browser(client)
    public = stranger.get("/players/kiddo7").text
    assert "Kiddo Seven" in public
    assert "This is a child account" in public
    assert "Ratings" not in public
    assert stranger.get("/api/players/kiddo7").json() == {
        "login": "kiddo7",
        "name": "Kiddo Seven",
        "private": True,
    }
    assert "Ratings" in parent.get("/players/kiddo7").text


def test_my_games_puts_the_games_waiting_for_me_first(client: TestClient) -> None:
    alice, bob, sealed, _, _ = online(client)
    orders(alice, sealed, "black", "E5", 1)  # alice has played: waiting for bob
    due = create(alice, opponent="local")  # one screen: both of alice's seats are due
    finished = create(alice, opponent="local")
    control(alice, finished, "resign", 1, player="black")
    waiting_for_players = create(alice, opponent="open")
    page = alice.get("/my-games").text
    sections = re.findall(r'<section class="my-games" id="my-(\w+)"', page)
    assert sections == ["waiting", "playing", "open", "finished"]
    where = {m: page.index(f'data-match="{m}"') for m in (sealed, due, finished)}
    assert page.index('id="my-waiting"') < where[due] < page.index('id="my-playing"')
    assert page.index('id="my-playing"') < where[sealed] < page.index('id="my-open"')
    assert page.index(f'data-match="{waiting_for_players}"') < where[finished]
    assert "White won. Black resigned." in page
    bob_page = bob.get("/my-games").text
    assert bob_page.index('id="my-waiting"') < bob_page.index(f'data-match="{sealed}"')


def test_the_lobby_says_who_opened_each_game(client: TestClient) -> None:
    alice, a = person(client, "opener")
    mine = create(alice, opponent="open", public="on")
    guest: Any = Browser(client)
    theirs = create(guest, opponent="bot:easy", public="on")
    lobby = Browser(client).get("/lobby").text
    line = next(li for li in lobby.split("<li>") if f"/matches/{mine}" in li)
    assert f'href="/players/{a}"' in line
    assert a.title() in line
    guest_line = next(li for li in lobby.split("<li>") if f"/matches/{theirs}" in li)
    assert "a guest" in guest_line
