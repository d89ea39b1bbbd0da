"""The live Snake Synapse board's scenes (``/api/matches/ID/scenes/N``, issue 19): the
drawing of each frame, the turn in the reader's language, the guide while it is the turn
being played on, clear refusals otherwise."""

from __future__ import annotations

import re

from fastapi.testclient import TestClient

from samtempa.games.snake.game import SnakeSynapse
from tests.server.conftest import csrf_of


def snake_game(client: TestClient) -> str:
    r = client.post(
        "/api/matches",
        json={"game": "snake-synapse", "seats": ["me", "local"], "races": ["dasher", "ghost"]},
        headers={"x-csrf-token": csrf_of(client)},
    )
    assert r.status_code == 201, r.text
    return str(r.json()["match"])


def play(client: TestClient, mid: str, turn: int, orders: dict[str, object]) -> None:
    headers = {"x-csrf-token": csrf_of(client)}
    for player, order in orders.items():
        r = client.post(
            f"/api/matches/{mid}/orders",
            json={"player": player, "orders": order, "turn": turn},
            headers=headers,
        )
        assert r.status_code == 200, r.text


def test_a_turn_is_drawn_frame_by_frame_and_told_in_french(client: TestClient) -> None:
    mid = snake_game(client)
    start = client.get(f"/api/matches/{mid}/scenes/0?lang=fr").json()
    assert start["letters"] == {"U": "H", "D": "B", "L": "G", "R": "D"}
    assert start["final"]["svg"].startswith("<svg")
    assert start["guide"]["steps"]["C2"] == ["C1", "C3", "B2", "D2"]
    # Red dashes (one frame ahead, SS-4.2); blue runs up into the edge (dies at step 2).
    play(client, mid, 1, {"red": {"path": "DDDDR", "dash": 1}, "blue": {"path": "UUUUU"}})
    data = client.get(f"/api/matches/{mid}/scenes/1?lang=fr").json()
    record = client.get(f"/api/matches/{mid}/turns").json()[0]
    assert len(data["frames"]) == len(record["report"]["frames"])
    assert [f["frame"] for f in data["frames"]] == [f["frame"] for f in record["report"]["frames"]]
    text = " ".join(line for part in data["story"] for line in part["lines"])
    assert "Rouge (1) suit le chemin BBBBD, fonce avec 1 frames d'avance." in text
    assert re.search(r"Bleu \(2\) meurt en G1, contre un mur\.", text)
    assert "Rouge (1) gagne la partie." in text
    assert not re.search(r"\b(red|blue|dies|path|wins|wall)\b", text)
    assert "guide" not in data  # the game is over
    # Each frame is the pictures' drawing of that frame's state.
    red = re.compile(r'data-id="red".*?class="head" data-cell="(\w+)"', re.DOTALL)
    blue = re.compile(r'data-id="blue".*?class="head" data-cell="(\w+)"', re.DOTALL)
    first = data["frames"][0]["svg"]
    assert (red.findall(first), blue.findall(first)) == (["C3"], ["G2"])  # red dashed alone


def test_cells_are_named_in_the_readers_language(client: TestClient) -> None:
    mid = snake_game(client)
    play(client, mid, 1, {"red": {"path": "DDDRR"}, "blue": {"path": "DDDRR"}})
    cells = client.get(f"/api/matches/{mid}/scenes/1?lang=eo").json()["final"]["cells"]
    assert cells["E5"] == "E5, kapo de Ruĝo (1), iranta dekstren"
    assert cells["C3"] == "C3, vosto de Ruĝo (1)"
    assert cells["A1"] == "A1"
    current = client.get(f"/api/matches/{mid}/scenes/1").json()
    assert set(current["guide"]) >= {"steps", "walls", "neighbours", "rays", "diggable"}


def test_bad_turns_and_other_games_are_refused_clearly(client: TestClient) -> None:
    mid = snake_game(client)
    r = client.get(f"/api/matches/{mid}/scenes/3")
    assert r.status_code == 404
    assert "no turn 3" in r.json()["message"]
    assert client.get("/api/matches/nope/scenes/0").status_code == 404
    assert client.get(f"/api/matches/{mid}/scenes/-1").status_code in (404, 422)
    shell = client.post(
        "/api/matches",
        json={"game": "what-the-shell", "seats": ["me", "local"]},
        headers={"x-csrf-token": csrf_of(client)},
    ).json()["match"]
    assert client.get(f"/api/matches/{shell}/scenes/0").status_code == 404


def test_the_guide_is_the_engines(client: TestClient) -> None:
    mid = snake_game(client)
    game = SnakeSynapse()
    state = client.get(f"/api/matches/{mid}").json()["view"]
    sent = client.get(f"/api/matches/{mid}/scenes/0").json()["guide"]
    assert sent == game.guide(game.from_json(state))
