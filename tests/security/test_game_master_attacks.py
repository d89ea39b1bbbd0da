"""A game master against the secrets of their own game, on a real ``samtempa serve``
(issue 17, items 1 and 2).

The game master of an edition never plays in it and never holds a seat, so
giving a seat to themself (and back) reveals nothing; a seat given to an
accomplice carries neither the previous player's secret race nor the orders
they sealed this turn; and the socket of a replaced player reads nothing of
its successor's orders.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.security.accounts_http import Browser
from tests.security.conftest import ServeProcess
from tests.security.play_http import SAFE, Message, Socket, of_kind, signed_up, snapshot

NAMES = ("master", "pia", "quim", "xeno", "yara")


@pytest.fixture(scope="module")
def people(serve_process: ServeProcess) -> Iterator[dict[str, Browser]]:
    browsers = {name: signed_up(serve_process, name) for name in NAMES}
    yield browsers
    for browser in browsers.values():
        browser.close()


def edition(browser: Browser, match_id: str) -> Message:
    answer = browser.client.get(f"/api/editions/{match_id}")
    assert answer.status_code == 200, answer.text
    found: Message = answer.json()
    return found


def gm(master: Browser, match_id: str, action: str, **form: str) -> int:
    return master.post_form(f"/editions/{match_id}/gm/{action}", form).status_code


def orders(browser: Browser, match_id: str, player: str, turn: int) -> int:
    body = {"player": player, "orders": {"path": SAFE}, "turn": turn}
    return browser.api("POST", f"/api/matches/{match_id}/orders", body).status_code


def test_a_game_master_never_holds_a_seat_nor_hands_one_with_its_secrets(
    serve_process: ServeProcess, people: dict[str, Browser]
) -> None:
    master, pia, quim, xeno, yara = (people[n] for n in NAMES)
    made = master.post_form(
        "/editions",
        {"game": "snake-synapse", "terrain": "classic", "seats": "2", "early": "on"},
    )
    assert made.status_code == 303, made.text
    match_id = made.headers["location"].rsplit("/", 1)[1]
    # The game master cannot register in their own game.
    assert master.post_form(f"/editions/{match_id}/register", {}).status_code == 409
    for player in (pia, quim):
        assert player.post_form(f"/editions/{match_id}/register", {}).status_code == 303
    by_label = {"Pia": pia, "Quim": quim}
    for colour in ("red", "blue"):
        state = edition(master, match_id)
        drafter = next(s for s in state["seats"] if s["index"] == state["drafter"])
        chose = by_label[drafter["label"]].post_form(
            f"/editions/{match_id}/colour", {"colour": colour}
        )
        assert chose.status_code == 303, chose.text
    seats = {s["label"]: s["player"] for s in edition(master, match_id)["seats"]}
    red = seats["Pia"]
    assert pia.post_form(f"/editions/{match_id}/race", {"race": "digger"}).status_code == 303
    assert edition(pia, match_id)["your_race"] == "digger"

    # Giving the seat to themself is refused; nothing secret reaches the game master.
    assert gm(master, match_id, "replace", player=red, replacement="master", turn="1") == 409
    assert edition(master, match_id)["your_race"] is None
    assert "digger" not in master.client.get(f"/editions/{match_id}").text
    # An accomplice given the seat does not inherit the secret race: they choose anew.
    assert gm(master, match_id, "replace", player=red, replacement="xeno", turn="1") == 303
    assert edition(xeno, match_id)["your_race"] is None
    assert "Your choice so far" not in xeno.client.get(f"/editions/{match_id}").text
    assert xeno.post_form(f"/editions/{match_id}/race", {"race": "shooter"}).status_code == 303
    assert quim.post_form(f"/editions/{match_id}/race", {"race": "dasher"}).status_code == 303
    playing = edition(master, match_id)
    assert playing["phase"] == "playing"
    assert {s["player"]: s["options"]["race"] for s in playing["seats"]}[red] == "shooter"

    # Turn 1: xeno seals red's orders; the seat goes to yara, who must not read them.
    assert orders(xeno, match_id, red, 1) == 200
    old = Socket(serve_process, xeno, match_id)
    try:
        old.wait_for(of_kind("snapshot", yours=[red]))
        assert gm(master, match_id, "replace", player=red, replacement="master", turn="1") == 409
        assert gm(master, match_id, "replace", player=red, replacement="yara", turn="1") == 303
        assert snapshot(master, match_id)["your_orders"] == {}
        newcomer = snapshot(yara, match_id)
        assert newcomer["yours"] == [red]
        assert red in newcomer["submitted"]
        assert newcomer["your_orders"] == {}, "the newcomer read the orders sealed before them"
        old.wait_for(of_kind("snapshot", yours=[]))
        # Turn 2: yara's orders reach neither the replaced player's socket nor anyone else.
        blue = seats["Quim"]
        assert orders(quim, match_id, blue, 1) == 200
        old.wait_for(of_kind("reveal", turn=1))
        mark = len(old.messages)
        assert orders(yara, match_id, red, 2) == 200
        notice = old.wait_for(of_kind("submitted", player=red, turn=2), after=mark)
        assert "orders" not in notice, "the replaced player's socket read yara's orders"
        # The replacement of turn 1 replayed in turn 2 changes nothing (issue 17, item 5).
        assert gm(master, match_id, "replace", player=red, replacement="xeno", turn="1") == 409
        assert snapshot(yara, match_id)["yours"] == [red]
    finally:
        old.close()


def test_the_edition_page_says_what_a_game_master_sees_in_every_language(
    serve_process: ServeProcess, people: dict[str, Browser]
) -> None:
    made = people["master"].post_form("/editions", {"game": "snake-synapse", "seats": "2"})
    path = made.headers["location"]
    visitor = Browser(serve_process.url)
    try:
        expected = {
            "en": "never an order or a secret race before it is revealed",
            "fr": "jamais un ordre ni une race secrète avant leur révélation",
            "eo": "neniam ordonon aŭ sekretan rason antaŭ ties malkaŝo",
        }
        for lang, words in expected.items():
            page = visitor.client.get(f"{path}?lang={lang}")
            assert page.status_code == 200
            assert words in page.text, lang
    finally:
        visitor.close()
