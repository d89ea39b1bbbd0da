"""A path draft is a secret of its author (issue 19, branch playpage): kept in the tab
(sessionStorage) per account, match, seat and turn, never in localStorage, gone at the
reveal and at logout, so the next person on a shared device never sees it."""

from __future__ import annotations

from playwright.sync_api import Browser, Page, expect

from .site_pages import sign_up
from .test_snake_live import PHONE, keyboard, new_game

DRAFTS = """(where) => { const s = window[where], out = [];
  for (let i = 0; i < s.length; i++) if (s.key(i).startsWith('samtempa:draft:')) out.push(s.key(i));
  return out.sort(); }"""


def drafts(page: Page, where: str = "sessionStorage") -> list[str]:
    found: list[str] = page.evaluate(DRAFTS, where)
    return found


def test_a_draft_stays_in_its_tab_and_goes_at_the_reveal_and_at_logout(
    browser: Browser, server: str
) -> None:
    context = browser.new_context(base_url=server, viewport=PHONE, reduced_motion="reduce")
    try:
        page = context.new_page()
        page.set_default_timeout(20_000)
        # A draft an older version left in localStorage is wiped on the next visit.
        page.goto("/")
        page.evaluate("localStorage.setItem('samtempa:draft:old:1:red', '{\"path\":[\"U\"]}')")
        sign_up(page)
        new_game(page)
        account = page.locator("#match").get_attribute("data-account")
        match = page.locator("#match").get_attribute("data-match")
        assert account
        assert account != "guest"
        keyboard(page, "DDR")
        expect(page.locator("#path-text")).to_contain_text("DDR")
        assert drafts(page) == [f"samtempa:draft:{account}:{match}:red:1"]
        assert drafts(page, "localStorage") == []
        page.reload()
        expect(page.locator("#path-text")).to_contain_text("DDR (3/5)")  # same tab: kept
        # Another tab of the same browser (the next person, say) never sees it.
        other = context.new_page()
        other.goto(f"/matches/{match}")
        expect(other.locator("#path-text")).to_have_text("(0/5)")
        assert drafts(other) == []
        other.close()
        # Sent and revealed: the turn's draft is gone.
        keyboard(page, "RR")
        page.keyboard.press("Enter")
        expect(page.locator('#steps .turn-story[data-turn="1"]')).to_be_attached()
        assert not [k for k in drafts(page) if k.endswith(":1")]
        # A draft goes at logout, with nothing left for the next person (a new game: the
        # bots may have ended the first one).
        new_game(page)
        match = page.locator("#match").get_attribute("data-match")
        keyboard(page, "L")
        expect(page.locator("#path-text")).to_contain_text("(1/5)")
        assert drafts(page) == [f"samtempa:draft:{account}:{match}:red:1"]
        page.get_by_role("button", name="Menu").click()
        page.get_by_role("button", name="Log out").click()
        expect(page.locator('header a[href="/login"]')).to_have_count(1)
        assert drafts(page) == []
        page.goto(f"/matches/{match}")
        assert drafts(page) == []
        assert drafts(page, "localStorage") == []
        # A session that ends without logging out (cookies gone): the next page seen
        # logged out drops the drafts too.
        sign_up(page)
        new_game(page)
        keyboard(page, "R")
        expect(page.locator("#path-text")).to_contain_text("(1/5)")
        assert len(drafts(page)) == 1
        context.clear_cookies()
        page.goto("/")
        assert drafts(page) == []
    finally:
        context.close()
