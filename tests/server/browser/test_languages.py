"""A new user in each language, in a real browser: signs up, plays What the Shell against
the computer and against another browser, and Snake Synapse against the computer.

Every label and message is looked up in the platform's own catalogs, and for French
and Esperanto the test first checks that the catalog translates it: a page that fell
back to English would fail.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable

import pytest
from playwright.sync_api import Browser, Page, expect

from samtempa.render.story import Story
from samtempa.server.core.i18n import LOCALES, Catalogs

from .test_shell_browser import cell, online_shell_game

BROWSER_LOCALES = {"fr": "fr-FR", "eo": "eo", "en": "en-US"}
_ids = itertools.count()

#: Every message the test looks for on the pages.
MESSAGES = [
    "Login",
    "Name shown to other players",
    "Email",
    "Password",
    "Birth date",
    "Create my account",
    "Computer level",
    "Play against the computer",
    "Your turn: pick an empty cell.",
    "Turn %(n)s",
    "Someone online (invite link)",
    "Create the game",
    "Invite link",
    "Join this game",
    "down",
    "Send",
    "%(player)s to play: enter a path, add a power if you wish, send.",
]


def new_page(browser: Browser, base: str, lang: str) -> Page:
    context = browser.new_context(base_url=base, locale=BROWSER_LOCALES[lang])
    page = context.new_page()
    page.set_default_timeout(15000)
    return page


def sign_up(page: Page, _: Callable[..., str]) -> str:
    login = f"lang{next(_ids)}x{id(page) % 10000}"
    page.goto("/signup")
    page.get_by_label(_("Login"), exact=True).fill(login)
    page.get_by_label(_("Name shown to other players")).fill(login.title())
    page.get_by_label(_("Email")).fill(f"{login}@example.org")
    page.get_by_label(_("Password")).fill("password123")
    page.get_by_label(_("Birth date")).fill("1990-04-01")
    page.get_by_role("button", name=_("Create my account")).click()
    expect(page.get_by_role("link", name=login.title())).to_be_visible()
    return login


@pytest.mark.parametrize("lang", LOCALES)
def test_a_new_user_plays_both_games_in_each_language(
    browser: Browser, server: str, lang: str
) -> None:
    _ = Catalogs().gettext(lang)
    if lang != "en":
        untranslated = [m for m in MESSAGES if _(m) == m]
        assert not untranslated, f"{lang} lacks {untranslated}"
    alice, bob = new_page(browser, server, lang), new_page(browser, server, lang)
    for page in (alice, bob):
        sign_up(page, _)
        assert page.locator("html").get_attribute("lang") == lang

    # What the Shell against the computer.
    alice.goto("/")
    alice.get_by_label(_("Computer level")).select_option("bot:medium")
    alice.get_by_role("button", name=_("Play against the computer")).click()
    expect(alice.locator("#status")).to_contain_text(_("Your turn: pick an empty cell."))
    cell(alice, "E5").click()
    expect(alice.locator("#panel")).to_contain_text(_("Turn %(n)s", n=1))

    # What the Shell against another browser.
    online_shell_game(alice, bob, _)
    cell(alice, "A1").click()
    cell(bob, "I9").click()
    for page in (alice, bob):
        expect(page.locator("#panel")).to_contain_text(_("Turn %(n)s", n=1))

    # Snake Synapse against the computer (the default seats: me and two bots).
    alice.goto("/play?game=snake-synapse")
    alice.get_by_role("button", name=_("Create the game")).click()
    # The page is ready for a path once it says whose turn it is (after "%(player)s").
    ready = _("%(player)s to play: enter a path, add a power if you wish, send.", player="")
    expect(alice.locator("#status")).to_contain_text(ready.strip())
    for _step in range(5):
        alice.get_by_role("button", name=_("down"), exact=True).click()
    # The path in the reader's letters (H, B, G, D in French: B is *bas*).
    expect(alice.locator("#path-text")).to_have_text(Story(lang).path("DDDDD") + " (5/5)")
    alice.get_by_role("button", name=_("Send")).click()
    expect(alice.locator("#panel")).to_contain_text(_("Turn %(n)s", n=1))
