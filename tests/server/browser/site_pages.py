"""Every page of the platform, reached over HTTP as a visitor would (for axe and CSP checks).

:func:`prepare` signs a new account up on a running server and brings games into
the states worth looking at (live and finished games of both games, an online
game waiting for a player, a correspondence game); :func:`pages` lists the pages,
each with its family (who owns it) and its address. Nothing here reaches into the
server's process: it works against any ``samtempa serve``, old or new.
"""

from __future__ import annotations

import itertools
import json
import time
from dataclasses import dataclass
from pathlib import Path
from random import Random
from typing import Any

from playwright.sync_api import APIRequestContext, Page

from samtempa.games.registry import get_game

LESSONS = Path(__file__).resolve().parents[3] / "src" / "samtempa" / "tutorials" / "lessons"
GAMES = ("what-the-shell", "snake-synapse")
_ids = itertools.count()


@dataclass
class Prepared:
    """The account and the ids of the games :func:`prepare` made, by what they show."""

    login: str
    shell_live: str
    shell_finished: str
    shell_hotseat: str
    shell_open: str
    shell_finished_turns: int
    snake_live: str
    snake_finished: str
    snake_finished_turns: int
    edition: str


def lesson_ids(game: str) -> list[str]:
    data = json.loads((LESSONS / f"{game}.json").read_text())
    lessons = data["lessons"] if isinstance(data, dict) else data
    return [lesson["id"] for lesson in lessons]


def csrf(page: Page, path: str = "/") -> str:
    page.goto(path)
    value = page.locator('input[name="csrf_token"]').first.get_attribute("value")
    assert value, f"no CSRF token on {path}"
    return value


def sign_up(page: Page) -> str:
    """A new adult account, logged in on ``page``'s context; returns its login."""
    login = f"axe{next(_ids)}x{int(time.time() * 1000) % 100000}"
    token = csrf(page, "/signup")
    r = page.request.post(
        "/signup",
        form={
            "csrf_token": token,
            "login": login,
            "name": login.title(),
            "email": f"{login}@example.org",
            "password": "password123",
            "birth_date": "1990-04-01",
        },
        max_redirects=0,
    )
    assert r.status == 303, r.text()[:300]
    return login


def new_match(page: Page, token: str, game: str, seats: list[str], **extra: Any) -> str:
    r = page.request.post(
        "/api/matches",
        data={"game": game, "seats": seats, "clock_s": 600, **extra},
        headers={"X-CSRF-Token": token},
    )
    assert r.status == 201, r.text()[:300]
    match: str = r.json()["match"]
    return match


def snapshot(request: APIRequestContext, match: str) -> dict[str, Any]:
    r = request.get(f"/api/matches/{match}")
    assert r.ok, r.text()[:300]
    data: dict[str, Any] = r.json()
    return data


def play_to_the_end(page: Page, token: str, match: str, seed: int, max_turns: int = 400) -> int:
    """Random orders for the visitor's seats until the game ends; returns the turns played.

    Waits for each turn to open (the bots answer within their budget), never a fixed time.
    """
    rng = Random(seed)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        snap = snapshot(page.request, match)
        if snap["status"] == "finished":
            return int(snap["turn"])
        if snap["turn"] >= max_turns:
            break
        todo = [p for p in snap["yours"] if p in snap["waiting"] and p not in snap["submitted"]]
        if not todo:
            continue  # the bots are still choosing: ask again (no fixed wait: the state decides)
        game = get_game(snap["game"])
        state = game.from_json(snap["view"])
        for player in todo:
            orders = game.orders_to_json(state, player, game.random_orders(state, player, rng))
            r = page.request.post(
                f"/api/matches/{match}/orders",
                data={"player": player, "orders": orders, "turn": snap["turn"] + 1},
                headers={"X-CSRF-Token": token},
            )
            assert r.status in (200, 409), r.text()[:300]
    raise AssertionError(f"match {match} did not finish")


def prepare(page: Page) -> Prepared:
    """One account and the games whose pages are worth checking."""
    login = sign_up(page)
    token = csrf(page, "/")
    shell_finished = new_match(page, token, "what-the-shell", ["me", "bot:easy"])
    shell_turns = play_to_the_end(page, token, shell_finished, seed=1)
    snake_finished = new_match(
        page,
        token,
        "snake-synapse",
        ["me", "bot:easy"],
        terrain="classic",
        races=["ghost", "dasher"],
    )
    snake_turns = play_to_the_end(page, token, snake_finished, seed=2)
    edition_token = csrf(page, "/editions/new")
    r = page.request.post(
        "/editions",
        form={
            "csrf_token": edition_token,
            "title": "Axe edition",
            "game": "snake-synapse",
            "terrain": "classic",
            "turn_hours": "72",
            "grace_hours": "24",
            "early": "on",
            "public": "on",
        },
        max_redirects=0,
    )
    assert r.status == 303, r.text()[:300]
    edition = r.headers["location"].rstrip("/").split("/")[-1]
    return Prepared(
        login=login,
        shell_live=new_match(page, token, "what-the-shell", ["me", "bot:easy"]),
        shell_finished=shell_finished,
        shell_hotseat=new_match(page, token, "what-the-shell", ["me", "local"]),
        shell_open=new_match(page, token, "what-the-shell", ["me", "open"]),
        shell_finished_turns=shell_turns,
        snake_live=new_match(
            page, token, "snake-synapse", ["me", "bot:easy", "bot:easy"], terrain="classic"
        ),
        snake_finished=snake_finished,
        snake_finished_turns=snake_turns,
        edition=edition,
    )


def pages(p: Prepared) -> list[tuple[str, str]]:
    """(family, address) of every page; the family says which part of the site it is."""
    return [
        ("home", "/"),
        ("play", "/play?game=what-the-shell"),
        ("play", "/play?game=snake-synapse"),
        ("lobby", "/lobby"),
        ("rules", "/rules/what-the-shell"),
        ("rules", "/rules/snake-synapse"),
        ("learn", "/learn"),
        *[("learn", f"/learn/{g}/{lesson}") for g in GAMES for lesson in lesson_ids(g)],
        ("account", "/account"),
        ("account", "/notifications"),
        ("account", "/password-reset"),
        ("players", f"/players/{p.login}"),
        ("players", "/my-games"),
        ("players", "/leaderboard"),
        *[("players", f"/leaderboard/{g}") for g in GAMES],
        ("editions", "/editions"),
        ("editions", "/editions/new"),
        ("editions", f"/editions/{p.edition}"),
        ("match", f"/matches/{p.shell_live}"),
        ("match", f"/matches/{p.shell_hotseat}"),
        ("match", f"/matches/{p.shell_open}"),
        ("match", f"/matches/{p.shell_finished}"),
        ("match", f"/matches/{p.snake_live}"),
        ("match", f"/matches/{p.snake_finished}"),
        ("replay", f"/matches/{p.shell_finished}/replay?turn=0"),
        ("replay", f"/matches/{p.shell_finished}/replay?turn={p.shell_finished_turns}"),
        ("replay", f"/matches/{p.snake_finished}/replay?turn=1"),
        ("replay", f"/matches/{p.snake_finished}/replay?turn={p.snake_finished_turns}"),
        ("error", "/matches/no-such-game"),
        ("error", "/password-reset/not-a-token"),
        ("offline", "/offline/en"),
    ]


def logged_out_pages() -> list[tuple[str, str]]:
    return [("account", "/login"), ("account", "/signup")]


def lesson_attempts() -> list[tuple[str, str]]:
    """Lessons to answer once (the "what happened" part of the page): game, lesson id."""
    return [("what-the-shell", lesson_ids("what-the-shell")[0]), ("snake-synapse", "ss-tails")]


def answer_lesson(page: Page, game: str, lesson: str) -> None:
    """Play a move in a lesson (any move: right or wrong, the page then tells what happened)."""
    page.goto(f"/learn/{game}/{lesson}")
    if game == "what-the-shell":
        page.locator("form.play-area button.cell:enabled").first.click()
    else:
        page.locator("#path").fill("RRRRR")
        page.locator("form.play-area button[type=submit]").click()
    page.locator("#happened, .reveal").first.wait_for()
