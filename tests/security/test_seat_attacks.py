"""Sealed orders when a seat changes hands, against a real ``samtempa serve`` (issue 17, item 1).

A socket's rights are decided when each message is sent, from the seats as
they are then: a player who left a seat (and took another) must not read, on
the socket he opened while he held it, the orders its next holder sends.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.security.accounts_http import Browser
from tests.security.conftest import ServeProcess
from tests.security.play_http import SAFE, Socket, new_match, of_kind, signed_up, snapshot


@pytest.fixture(scope="module")
def people(serve_process: ServeProcess) -> Iterator[dict[str, Browser]]:
    browsers = {name: signed_up(serve_process, name) for name in ("ana", "bert", "cleo")}
    yield browsers
    for browser in browsers.values():
        browser.close()


def test_a_socket_opened_on_a_seat_left_since_never_reads_its_next_holders_orders(
    serve_process: ServeProcess, people: dict[str, Browser]
) -> None:
    ana, bert, cleo = people["ana"], people["bert"], people["cleo"]
    match_id = new_match(
        ana,
        {"game": "snake-synapse", "seats": ["me", "open", "open"], "clock_s": 3600},
    )
    assert bert.post_form(f"/matches/{match_id}/join", {"seat": "1"}).status_code == 303
    assert snapshot(bert, match_id)["yours"] == ["blue"]
    old = Socket(serve_process, bert, match_id)  # opened while bert holds blue
    try:
        old.wait_for(of_kind("snapshot", yours=["blue"]))
        assert bert.post_form(f"/matches/{match_id}/leave", {}).status_code == 303
        assert bert.post_form(f"/matches/{match_id}/join", {"seat": "2"}).status_code == 303
        assert cleo.post_form(f"/matches/{match_id}/join", {"seat": "1"}).status_code == 303
        # The old socket is refreshed: it now holds green, the seat bert took.
        old.wait_for(of_kind("snapshot", status="playing", yours=["green"]))
        mark = len(old.messages)
        sent = cleo.api("POST", f"/api/matches/{match_id}/orders", _orders("blue"))
        assert sent.status_code == 200, sent.text
        notice = old.wait_for(of_kind("submitted", player="blue"), after=mark)
        assert "orders" not in notice, "the old socket read the new holder's sealed orders"
        # Its own orders still come back to it, on the same socket.
        old.send({"type": "orders", **_orders("green")})
        mine = old.wait_for(of_kind("submitted", player="green"), after=mark)
        assert mine["orders"] == {"path": SAFE}
        leaked = [m for m in old.messages if m.get("player") == "blue" and "orders" in m]
        assert leaked == []
    finally:
        old.close()


def test_a_socket_dies_with_its_session_so_a_borrowed_browser_reads_no_orders(
    serve_process: ServeProcess,
) -> None:
    borrowed = signed_up(serve_process, "dora")  # dora's session on a shared computer
    match_id = new_match(borrowed, {"game": "what-the-shell", "seats": ["me", "local"]})
    page = Socket(serve_process, borrowed, match_id)
    try:
        page.wait_for(of_kind("snapshot", yours=["black", "white"]))
        # Eli logs in on the same browser; dora's page, still open, must not go on as hers.
        Browser(serve_process.url).sign_up("eli")
        assert borrowed.log_in("eli").status_code == 303
        page.wait_closed()
    finally:
        page.close()
    own = Socket(serve_process, borrowed, match_id)  # the page reconnects: as eli now
    try:
        assert own.wait_for(of_kind("snapshot"))["yours"] == []
        assert borrowed.post_form("/logout", {}).status_code == 303
        own.wait_closed()
    finally:
        own.close()


def _orders(player: str) -> dict[str, object]:
    return {"player": player, "orders": {"path": SAFE}, "turn": 1}
