"""A correspondence edition in real browsers: the game master opens it, two players
register, draft colours, choose races in secret, send their paths from the match page,
and the turn is posted with its picture (SS-9 deadlines are the services' tests)."""

from __future__ import annotations

import re
import time

from playwright.sync_api import Browser, Page, expect

from .test_shell_browser import new_page, sign_up


def reload_until(page: Page, selector: str, seconds: float = 30.0) -> None:
    """Server-rendered pages change when others act: reload until ``selector`` shows."""
    deadline = time.monotonic() + seconds
    while True:
        page.reload()
        if page.locator(selector).count():
            return
        if time.monotonic() > deadline:
            raise AssertionError(f"{selector} never appeared on {page.url}")
        time.sleep(0.3)


def test_an_edition_in_the_browser(browser: Browser, server: str) -> None:
    master, ana, bob = (new_page(browser, server) for _ in range(3))
    for page in (master, ana, bob):
        sign_up(page)

    master.goto("/editions/new")
    master.get_by_label("Title").fill("Edition in a browser")
    master.get_by_label("Seats (empty: as many as the terrain has)").fill("2")
    master.get_by_role("button", name="Open registration").click()
    expect(master).to_have_url(re.compile(r"/editions/[^/]+$"))
    url = re.sub(r"^https?://[^/]+", "", master.url)
    expect(master.locator("h1")).to_have_text("Edition in a browser")

    for page in (ana, bob):
        page.goto(url)
        # A form post navigates: wait for its page before the next reload (a reload
        # during it fails with "Not attached to an active page").
        with page.expect_navigation():
            page.get_by_role("button", name="Register").click()

    # The colour draft: whoever has the form chooses, then the other.
    for _ in range(2):
        for page in (ana, bob):
            page.reload()
            if page.locator("#colour-form").count():
                with page.expect_navigation():
                    page.locator("#colour-form").get_by_role("button", name="Choose").click()
                break
        else:
            raise AssertionError("nobody was asked for a colour")

    # Secret races: Ana's choice shows on her page only.
    for page, race in ((ana, "ghost"), (bob, "digger")):
        page.goto(url)
        page.get_by_label("Your race (secret until every player has chosen)").select_option(race)
        with page.expect_navigation():
            page.get_by_role("button", name="Choose in secret").click()
        if page is ana:
            bob.goto(url)
            expect(bob.locator("#race-form select")).not_to_have_value("ghost")
            expect(ana.locator("#race-form select")).to_have_value("ghost")

    # Both send a path from the match page; the turn resolves at once (early) and is posted.
    for page, way in ((ana, "right"), (bob, "left")):
        reload_until(page, "text=Send your orders")
        page.get_by_role("link", name="Send your orders").click()
        # The page is ready for a path once it says whose turn it is.
        expect(page.locator("#status")).to_contain_text("to play: enter a path")
        for _ in range(5):
            page.get_by_role("button", name=way, exact=True).click()
        expect(page.locator("#path-text")).to_have_text(f"{way[0].upper() * 5} (5/5)")
        page.get_by_role("button", name="Send").click()
        if page is ana:  # the first orders in: the turn waits for Bob's
            expect(page.locator("#status")).to_contain_text("Waiting")
    for page in (ana, bob):
        expect(page.locator("#panel")).to_contain_text("Turn 1")
    master.goto(url)
    reload_until(master, "#turn-1")
    picture = master.locator("#turn-1 img")
    src = picture.get_attribute("src")
    assert src is not None
    assert src.endswith("/turns/1.gif")
    gif = master.request.get(src)
    assert gif.ok
    assert gif.body()[:3] == b"GIF"
