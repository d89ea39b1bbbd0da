"""Game controls and identity in real browsers: resign in both games, a draw offered and
accepted, an abort, the result from each viewer's side, profiles and the leaderboard after
rated games, "my games" in order, the lobby's "opened by".

Only the controls panel (``#game-controls``), the lists and the API are used here, so
these tests hold whatever the board looks like; every wait is for a state.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

_ids = itertools.count()


def new_page(browser: Browser, base: str, locale: str = "en-US") -> Page:
    page = browser.new_context(base_url=base, locale=locale).new_page()
    page.set_default_timeout(15000)
    return page


def sign_up(page: Page) -> tuple[str, str]:
    """A new account in this browser; returns its login and display name."""
    login = f"id{next(_ids)}x{id(page) % 10000}"
    page.goto("/signup")
    page.get_by_label("Login").fill(login)
    page.get_by_label("Name shown to other players").fill(login.title())
    page.get_by_label("Email").fill(f"{login}@example.org")
    page.get_by_label("Password").fill("password123")
    page.get_by_label("Birth date").fill("1990-04-01")
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_role("link", name=login.title())).to_be_visible()
    return login, login.title()


def csrf(page: Page) -> str:
    page.goto("/")
    token: str = page.locator('input[name="csrf_token"]').first.input_value()
    return token


def create(page: Page, **form: str) -> str:
    """A new game from this browser (the create-game form's fields); returns its path."""
    token = csrf(page)
    r = page.request.post("/matches", form={"csrf_token": token, "clock": "300", **form})
    assert r.ok, r.text()
    path = re.sub(r"^https?://[^/]+", "", r.url)
    assert path.startswith("/matches/"), path
    return path


def join(page: Page, path: str) -> None:
    page.goto(path)
    page.get_by_role("button", name="Join this game").click()
    expect(page.locator("#game-controls")).to_have_attribute("data-status", "playing")


def orders(page: Page, path: str, player: str, data: Any, turn: int) -> None:
    token = csrf(page)
    r = page.request.post(
        "/api" + path + "/orders",
        data={"player": player, "orders": data, "turn": turn},
        headers={"x-csrf-token": token},
    )
    assert r.ok, r.text()


def verdict(page: Page) -> Any:
    return page.locator("#gc-verdict")


def online_shell(browser: Browser, server: str) -> tuple[Page, Page, str, tuple[str, str]]:
    alice, bob = new_page(browser, server), new_page(browser, server)
    sign_up(alice)
    bob_login = sign_up(bob)
    path = create(alice, game="what-the-shell", opponent="open", public="on")
    join(bob, path)
    alice.goto(path)
    return alice, bob, path, bob_login


def test_resign_in_what_the_shell_told_from_each_side(browser: Browser, server: str) -> None:
    alice, bob, path, (bob_login, bob_name) = online_shell(browser, server)
    watcher = new_page(browser, server)
    watcher.goto(path)
    french = new_page(browser, server, "fr-FR")
    french.goto(path + "?lang=fr")
    expect(watcher.locator("#gc-forms button")).to_have_count(0)  # a spectator has none
    alice.get_by_text("Resign", exact=True).click()
    expect(alice.get_by_text("Resigning ends the game: the other player wins.")).to_be_visible()
    alice.get_by_role("button", name="Yes, resign").click()
    # Every page turns to the result by itself, each told from its own side.
    expect(verdict(alice)).to_have_text("You lost. You resigned.")
    expect(verdict(bob)).to_have_text("You won. Black resigned.")
    expect(verdict(watcher)).to_have_text("White won. Black resigned.")
    expect(verdict(french)).to_have_text("Blanc a gagné. Noir a abandonné.")
    expect(alice.locator("#gc-forms button")).to_have_count(0)
    # A game between accounts is rated: the profile and the leaderboard show it.
    bob.goto(f"/players/{bob_login}")
    expect(bob.get_by_role("heading", name=bob_name)).to_be_visible()
    row = bob.locator('table.ratings tr[data-game="what-the-shell"]')
    expect(row.locator("td").nth(2)).to_have_text("1")  # rated games
    expect(bob.locator("ul.profile-games li").first).to_contain_text("won")
    bob.goto("/leaderboard/what-the-shell")
    rows = bob.locator("table.leaderboard tbody tr")
    expect(rows.first).to_contain_text(bob_name)


def test_a_draw_offered_then_accepted(browser: Browser, server: str) -> None:
    alice, bob, _path, _ = online_shell(browser, server)
    alice.get_by_role("button", name="Offer a draw").click()
    expect(alice.locator("#gc-offer")).to_contain_text("You offered a draw")
    expect(bob.locator("#gc-offer")).to_have_text("Black offers a draw for this turn.")
    bob.get_by_role("button", name="Accept the draw").click()
    for page in (alice, bob):
        expect(verdict(page)).to_have_text("Draw by agreement.")


def test_a_draw_offer_lapses_when_the_turn_is_revealed(browser: Browser, server: str) -> None:
    alice, bob, path, _ = online_shell(browser, server)
    alice.get_by_role("button", name="Offer a draw").click()
    expect(bob.get_by_role("button", name="Accept the draw")).to_be_visible()
    orders(alice, path, "black", "E5", 1)
    orders(bob, path, "white", "B4", 1)
    bob.goto(path)
    expect(bob.locator("#game-controls")).to_have_attribute("data-turn", "2")
    expect(bob.get_by_role("button", name="Accept the draw")).to_have_count(0)
    expect(bob.get_by_role("button", name="Offer a draw")).to_be_visible()


def test_abort_before_the_first_reveal(browser: Browser, server: str) -> None:
    page = new_page(browser, server)
    path = create(page, game="what-the-shell", opponent="bot:easy")
    page.goto(path)
    page.get_by_role("button", name="Abort the game (no result, no rating)").click()
    expect(verdict(page)).to_contain_text("aborted before its first turn was revealed")
    page.goto("/my-games")
    expect(page.locator(f'li[data-match="{path.rsplit("/", 1)[1]}"]')).to_have_count(0)


def test_resign_in_snake_synapse_removes_the_snake_at_the_reveal(
    browser: Browser, server: str
) -> None:
    page = new_page(browser, server)
    path = create(page, game="snake-synapse", terrain="classic", seat0="me", seat1="bot:easy")
    page.goto(path)
    page.get_by_text("Resign", exact=True).click()
    expect(
        page.get_by_text("Your snake leaves the game when this turn is resolved")
    ).to_be_visible()
    page.get_by_role("button", name="Yes, resign").click()
    # The bot plays its turn, the removal is revealed: one snake left, it wins (SS-10.1).
    expect(verdict(page)).to_have_text("You lost.")
    data = page.request.get("/api" + path).json()
    red = next(s for s in data["view"]["snakes"] if s["id"] == "red")
    assert red["removed"] is True
    turns = page.request.get("/api" + path + "/turns").json()
    assert turns[-1]["orders"]["red"] == {"removed": True}


def test_my_games_waiting_for_me_first(browser: Browser, server: str) -> None:
    alice, bob, sealed, _ = online_shell(browser, server)
    orders(alice, sealed, "black", "E5", 1)  # alice waits for bob there
    due = create(alice, game="what-the-shell", opponent="local")
    alice.goto("/my-games")
    sections = alice.locator("section.my-games")
    expect(sections.first).to_have_attribute("id", "my-waiting")
    waiting = alice.locator("#my-waiting")
    expect(waiting.locator(f'li[data-match="{due.rsplit("/", 1)[1]}"]')).to_have_count(1)
    expect(waiting.locator(f'li[data-match="{sealed.rsplit("/", 1)[1]}"]')).to_have_count(0)
    playing = alice.locator("#my-playing")
    expect(playing.locator(f'li[data-match="{sealed.rsplit("/", 1)[1]}"]')).to_have_count(1)
    bob.goto("/my-games")
    expect(bob.locator("#my-waiting")).to_contain_text("What the Shell")


def test_the_lobby_says_who_opened_a_game(browser: Browser, server: str) -> None:
    alice = new_page(browser, server)
    login, name = sign_up(alice)
    create(alice, game="what-the-shell", opponent="open", public="on")
    guest = new_page(browser, server)
    guest.goto("/lobby")
    guest.get_by_role("link", name=name).first.click()
    expect(guest).to_have_url(re.compile(f"/players/{login}$"))
    expect(guest.get_by_role("heading", name=name)).to_be_visible()
