"""Requests that name their turn, against a real ``samtempa serve`` (issue 17, item 5).

A double click, or a request replayed once its turn has resolved, must never
act on the next turn: "Resolve the turn now" sent twice resolves one turn,
an extension sent twice extends once, and orders name the turn they are for.
Each refusal is a clear 409 (or 400/422 for a request that names no turn),
never a 500.
"""

from __future__ import annotations

from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import datetime, timedelta

import pytest

from tests.security.accounts_http import Browser
from tests.security.conftest import ServeProcess
from tests.security.play_http import (
    SAFE,
    Socket,
    edition_json,
    new_match,
    of_kind,
    playing_edition,
    signed_up,
    snapshot,
)

NAMES = ("master", "rosa", "sven")


@pytest.fixture(scope="module")
def people(serve_process: ServeProcess) -> Iterator[dict[str, Browser]]:
    browsers = {name: signed_up(serve_process, name) for name in NAMES}
    yield browsers
    for browser in browsers.values():
        browser.close()


def _orders(browser: Browser, match_id: str, player: str, turn: int | None) -> int:
    body: dict[str, object] = {"player": player, "orders": {"path": SAFE}}
    if turn is not None:
        body["turn"] = turn
    return browser.api("POST", f"/api/matches/{match_id}/orders", body).status_code


def _played(browser: Browser, match_id: str) -> int:
    turn: int = snapshot(browser, match_id)["turn"]
    return turn


def test_resolve_now_sent_twice_or_replayed_resolves_its_turn_only(
    people: dict[str, Browser],
) -> None:
    master, rosa, sven = (people[n] for n in NAMES)
    match_id, colours = playing_edition(master, {"Rosa": rosa, "Sven": sven}, early=False)
    for name, browser in (("Rosa", rosa), ("Sven", sven)):
        assert _orders(browser, match_id, colours[name], 1) == 200
    resolve = f"/editions/{match_id}/gm/resolve"
    # A double click: two requests at once, both for turn 1.
    token = master.csrf()
    with ThreadPoolExecutor(2) as pool:
        clicks = list(
            pool.map(
                lambda _: master.client.post(resolve, data={"csrf_token": token, "turn": "1"}),
                range(2),
            )
        )
    assert sorted(c.status_code for c in clicks)[0] == 303
    assert all(c.status_code in (303, 409) for c in clicks), [c.text for c in clicks]
    assert _played(master, match_id) == 1
    # The same request replayed later: refused, turn 2 untouched.
    replayed = master.post_form(resolve, {"turn": "1"})
    assert replayed.status_code == 409, replayed.text
    assert "turn 2 is being played" in replayed.text
    assert _played(master, match_id) == 1
    assert edition_json(master, match_id)["turn"] == 1
    # A request that names no turn is refused too.
    assert master.post_form(resolve, {}).status_code == 400
    assert _played(master, match_id) == 1

    # Extending twice with the deadline the page showed moves it once.
    seen = edition_json(master, match_id)["deadline"]
    extend = f"/editions/{match_id}/gm/extend"
    form = {"hours": "24", "turn": "2", "deadline": seen}
    assert master.post_form(extend, form).status_code == 303
    assert master.post_form(extend, form).status_code == 409
    moved = edition_json(master, match_id)["deadline"]
    assert _parse(moved) - _parse(seen) == timedelta(hours=24)
    assert master.post_form(extend, {**form, "turn": "1"}).status_code == 409


def test_orders_name_their_turn_and_a_replay_never_plays_the_next(
    serve_process: ServeProcess, people: dict[str, Browser]
) -> None:
    rosa = people["rosa"]
    match_id = new_match(rosa, {"game": "snake-synapse", "seats": ["me", "local"]})
    assert _orders(rosa, match_id, "red", 1) == 200
    assert _orders(rosa, match_id, "blue", 1) == 200
    assert _played(rosa, match_id) == 1
    # Replayed for turn 1 once it has resolved: refused, turn 2 has no orders from it.
    assert _orders(rosa, match_id, "red", 1) == 409
    # Without a turn number: refused (it would have been played on turn 2).
    assert _orders(rosa, match_id, "red", None) == 422
    assert snapshot(rosa, match_id)["submitted"] == []
    socket = Socket(serve_process, rosa, match_id)
    try:
        socket.wait_for(of_kind("snapshot"))
        socket.send({"type": "orders", "player": "red", "orders": {"path": SAFE}})
        refused = socket.wait_for(of_kind("error"))
        assert refused["error"] == "bad-message"
        socket.send({"type": "orders", "player": "red", "orders": {"path": SAFE}, "turn": 1})
        assert socket.wait_for(of_kind("error", turn=1))["error"] == "wrong-turn"
    finally:
        socket.close()
    assert snapshot(rosa, match_id)["submitted"] == []


def _parse(iso: str) -> datetime:
    return datetime.fromisoformat(iso.removesuffix("Z"))
