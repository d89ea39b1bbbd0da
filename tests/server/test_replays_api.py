"""Reveal scenes and the replay page over HTTP (issue 19 items 1 and 8): the board alone,
drawn by render/, the turn told in the visitor's language, the move list in WTS-7.1."""

from __future__ import annotations

import re
from typing import Any

from fastapi.testclient import TestClient

from samtempa import words
from samtempa.server.core.i18n import Catalogs

from .conftest import csrf_of

#: Black's A4 closes A2 and A3 (white) against A1 on turn 3 (WTS-4.1).
TURNS = [("A1", "A2"), ("I9", "A3"), ("A4", "I1")]


def hotseat_game(client: TestClient, turns: list[tuple[str, str]] = TURNS) -> str:
    data = {"csrf_token": csrf_of(client), "game": "what-the-shell", "opponent": "local"}
    r = client.post("/matches", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    mid = str(r.headers["location"]).rsplit("/", 1)[1]
    headers = {"x-csrf-token": csrf_of(client)}
    for n, (b, w) in enumerate(turns, start=1):
        for player, pick in (("black", b), ("white", w)):
            r = client.post(
                f"/api/matches/{mid}/orders",
                json={"player": player, "orders": pick, "turn": n},
                headers=headers,
            )
            assert r.status_code == 200, r.text
    return mid


def scenes(client: TestClient, mid: str, n: int, lang: str = "en") -> Any:
    r = client.get(f"/api/matches/{mid}/turns/{n}/scenes?lang={lang}")
    assert r.status_code == 200, r.text
    return r.json()


def lines_of(client: TestClient, mid: str, lang: str) -> list[str]:
    return [
        w for n in (1, 2, 3) for s in scenes(client, mid, n, lang)["scenes"] for w in s["lines"]
    ]


def test_a_turn_s_scenes_are_the_board_drawn_by_render_and_told_in_sentences(
    client: TestClient,
) -> None:
    mid = hotseat_game(client)
    answer = scenes(client, mid, 3)
    assert answer["notation"] == "A4/I1"
    steps = answer["scenes"]
    said = [line for s in steps for line in s["lines"]]
    assert said[:2] == [
        "Black picked A4 and white picked I1.",
        "Different cells: both turtles land on the board.",
    ]
    assert any(re.fullmatch(r"Black A4 captures A[23] and A[23] against A1\.", s) for s in said)
    assert all(s["lines"] for s in steps)  # every step is told (the placement too)
    for s in steps:
        svg = str(s["svg"])
        assert svg.startswith("<svg")
        assert 'aria-hidden="true"' in svg
        assert "<title>" not in svg  # no word in the drawing
        assert "legend" not in svg
    # The scenes go from the picks to the board after the turn: A2 and A3 are empty.
    last = str(steps[-1]["svg"])
    assert 'class="turtle black" data-cell="A4"' in last
    assert 'class="turtle white" data-cell="A2"' not in last
    assert 'class="turtle white" data-cell="A2"' in str(steps[0]["svg"])


def test_french_scenes_hold_no_english_word(client: TestClient) -> None:
    mid = hotseat_game(client)
    english = set(lines_of(client, mid, "en"))
    french = lines_of(client, mid, "fr")
    assert french
    assert not english & set(french)
    _ = Catalogs().gettext("fr")
    for word in ("played", "captures", "against", "black", "white"):
        assert not any(re.search(rf"\b{word}\b", line) for line in french), (word, french)
    assert "Noir a choisi A4 et blanc I1." in french


def test_turn_zero_and_unplayed_turns(client: TestClient) -> None:
    mid = hotseat_game(client)
    start = scenes(client, mid, 0)
    assert len(start["scenes"]) == 1
    assert client.get(f"/api/matches/{mid}/turns/4/scenes").status_code == 404
    assert client.get("/api/matches/nope/turns/0/scenes").status_code == 404


def test_the_replay_page_lists_the_moves_in_the_notation(client: TestClient) -> None:
    mid = hotseat_game(client)
    page = client.get(f"/matches/{mid}/replay?turn=2&lang=fr").text
    moves = re.findall(r'data-turn="(\d+)"[^>]*>([^<]+)</a>', page)
    assert moves == [("0", "Début"), ("1", "A1/A2"), ("2", "I9/A3"), ("3", "A4/I1")]
    assert re.search(r'data-turn="2" aria-current="step"', page)
    assert "⏮" not in page
    assert "⏭" not in page
    assert "Noir a choisi I9 et blanc A3." in page


def test_snake_scenes_are_every_frame_with_the_key_in_words(client: TestClient) -> None:
    data = {"csrf_token": csrf_of(client), "game": "snake-synapse", "seat0": "me"}
    data |= {"seat1": "local", "seat2": "none", "terrain": "classic", "race0": "breaker"}
    r = client.post("/matches", data=data, follow_redirects=False)
    assert r.status_code == 303, r.text
    mid = str(r.headers["location"]).rsplit("/", 1)[1]
    headers = {"x-csrf-token": csrf_of(client)}
    snap = client.get(f"/api/matches/{mid}").json()
    n = snap["view"]["path_length"]
    for player in snap["yours"]:
        r = client.post(
            f"/api/matches/{mid}/orders",
            json={"player": player, "orders": {"path": "D" * n}, "turn": 1},
            headers=headers,
        )
        assert r.status_code == 200, r.text
    steps = scenes(client, mid, 1, "fr")["scenes"]
    stored = client.get(f"/api/matches/{mid}/turns").json()[0]
    frames = [s for s in steps if s["frame"] is not None]
    assert [s["frame"] for s in frames] == list(range(1, len(frames) + 1))
    assert len(steps) == len(frames) + 1
    # The vocabulary's word for a frame (the French rule book's "frame", not "image").
    assert frames[0]["lines"][0] == f"{words.word('fr', 'frame').capitalize()} 1"
    assert steps[-1]["legend"][0].startswith("1. Rouge · freineur · longueur")
    assert "legend" not in steps[-1]["svg"]  # the drawing's English key is cut away
    assert stored["turn"] == 1


def test_a_finished_replay_says_the_result_with_a_capital(client: TestClient) -> None:
    """WTS-6.2: black's five on turn 5; the result opens with the player, capitalised."""
    line = [("A1", "I1"), ("A2", "I3"), ("A3", "I5"), ("A4", "I7"), ("A5", "I9")]
    mid = hotseat_game(client, line)
    for lang, said in (("en", "Black wins!"), ("fr", "Noir gagne !"), ("eo", "Nigra venkas!")):
        page = client.get(f"/matches/{mid}/replay?turn=5&lang={lang}").text
        result = re.search(r'<p class="result">([^<]*)</p>', page)
        assert result, page
        assert result.group(1) == said
