"""Helpers for the attacks on games: a live socket, and the steps of a game over HTTP.

A :class:`Socket` is one browser tab's websocket on a match page: a thread keeps
every message it receives, and :meth:`Socket.wait_for` waits for one that
matches (never a fixed time). The other helpers drive a real ``samtempa serve``
the way its pages do (forms with their CSRF token, the JSON API).
"""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from contextlib import ExitStack
from typing import Any

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection, connect

from tests.security.accounts_http import Browser
from tests.security.conftest import ServeProcess

Message = dict[str, Any]
# The first turn on the classic terrain with two or three snakes (a loop by the spawn).
SAFE = "RRDLL"


class Socket:
    """The live socket a match page opens, with the cookies of ``browser``."""

    def __init__(self, proc: ServeProcess, browser: Browser, match_id: str) -> None:
        cookie = "; ".join(f"{k}={v}" for k, v in browser.client.cookies.items())
        url = proc.url.replace("http://", "ws://") + f"/ws/matches/{match_id}"
        self._stack = ExitStack()
        self.ws: ClientConnection = self._stack.enter_context(
            connect(url, additional_headers={"Cookie": cookie})
        )
        self.messages: list[Message] = []
        self.closed = False
        self._seen = threading.Condition()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        try:
            for text in self.ws:
                with self._seen:
                    self.messages.append(json.loads(text))
                    self._seen.notify_all()
        except ConnectionClosed:
            pass
        with self._seen:
            self.closed = True
            self._seen.notify_all()

    def send(self, message: Message) -> None:
        self.ws.send(json.dumps(message))

    def wait_for(
        self, match: Callable[[Message], bool], timeout: float = 30, after: int = 0
    ) -> Message:
        """The first message (from index ``after``) that ``match``es."""
        deadline = time.monotonic() + timeout
        with self._seen:
            while True:
                for message in self.messages[after:]:
                    if match(message):
                        return message
                left = deadline - time.monotonic()
                if left <= 0 or self.closed:
                    raise AssertionError(f"no such message; got {self.messages[after:]}")
                self._seen.wait(left)

    def wait_closed(self, timeout: float = 30) -> None:
        """Until the server has closed this socket."""
        deadline = time.monotonic() + timeout
        with self._seen:
            while not self.closed:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise AssertionError(f"the socket stayed open; got {self.messages}")
                self._seen.wait(left)

    def close(self) -> None:
        self._stack.close()
        self._reader.join(timeout=10)


def of_kind(kind: str, **fields: Any) -> Callable[[Message], bool]:
    """A matcher: a message of that type whose fields have those values."""
    return lambda m: m.get("type") == kind and all(m.get(k) == v for k, v in fields.items())


def signed_up(proc: ServeProcess, login: str) -> Browser:
    browser = Browser(proc.url)
    answer = browser.sign_up(login)
    assert answer.status_code == 303, answer.text[:300]
    return browser


def new_match(browser: Browser, body: Message) -> str:
    answer = browser.api("POST", "/api/matches", body)
    assert answer.status_code == 201, answer.text
    match_id: str = answer.json()["match"]
    return match_id


def snapshot(browser: Browser, match_id: str) -> Message:
    answer = browser.client.get(f"/api/matches/{match_id}")
    assert answer.status_code == 200, answer.text
    found: Message = answer.json()
    return found


def wait_until(check: Callable[[], Any], timeout: float = 30, what: str = "") -> Any:
    """Poll ``check`` until it returns something true (the server's state, never a sleep)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"timed out waiting for {what or check}")


def edition_json(browser: Browser, match_id: str) -> Message:
    answer = browser.client.get(f"/api/editions/{match_id}")
    assert answer.status_code == 200, answer.text
    found: Message = answer.json()
    return found


def playing_edition(
    master: Browser, players: dict[str, Browser], *, early: bool = True
) -> tuple[str, dict[str, str]]:
    """A Snake Synapse edition through its whole ritual (registration, colours, races),
    its players given by their display name; returns its id and each one's colour."""
    form = {"game": "snake-synapse", "terrain": "classic", "seats": str(len(players))}
    made = master.post_form("/editions", {**form, **({"early": "on"} if early else {})})
    assert made.status_code == 303, made.text
    match_id = made.headers["location"].rsplit("/", 1)[1]
    for player in players.values():
        assert player.post_form(f"/editions/{match_id}/register", {}).status_code == 303
    for colour in ("red", "blue", "green", "yellow")[: len(players)]:
        state = edition_json(master, match_id)
        drafter = next(s for s in state["seats"] if s["index"] == state["drafter"])
        waiting = [
            s["index"]
            for s in state["seats"]
            if "colour" not in s["options"] and s["index"] != drafter["index"]
        ]
        choice = {"colour": colour, **({"next": str(min(waiting))} if waiting else {})}
        chose = players[drafter["label"]].post_form(f"/editions/{match_id}/colour", choice)
        assert chose.status_code == 303, chose.text
    for player in players.values():
        assert player.post_form(f"/editions/{match_id}/race", {"race": "dasher"}).status_code == 303
    state = edition_json(master, match_id)
    assert state["phase"] == "playing", state
    return match_id, {s["label"]: s["player"] for s in state["seats"]}
