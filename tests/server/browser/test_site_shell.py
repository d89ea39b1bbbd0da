"""The site's shell in a real browser: display choices remembered, icons, the app install
(manifest, service worker, offline page) and the skip link (issue 19 items 3, 4 and 8)."""

from __future__ import annotations

import json

from playwright.sync_api import Browser, Page, expect

from samtempa.server.core.i18n import Catalogs

from .axe import watch
from .site_pages import csrf, new_match, sign_up


def new_page(browser: Browser, server: str, **options: object) -> Page:
    context = browser.new_context(base_url=server, **options)  # type: ignore[arg-type]
    context.set_default_timeout(20_000)
    return context.new_page()


def test_the_dark_theme_and_the_board_theme_are_remembered(browser: Browser, server: str) -> None:
    page = new_page(browser, server, color_scheme="light")
    violations = watch(page.context)
    page.goto("/")
    html = page.locator("html")
    light = page.evaluate("getComputedStyle(document.body).backgroundColor")
    page.locator("details.display > summary").click()
    page.get_by_label("Colours").select_option("dark")
    expect(html).to_have_attribute("data-theme", "dark")
    dark = page.evaluate("getComputedStyle(document.body).backgroundColor")
    assert dark != light
    page.get_by_label("Boards").select_option("slate")
    expect(html).to_have_attribute("data-board", "slate")
    page.reload()  # the server writes both choices on <html>: no flash, no inline script
    expect(html).to_have_attribute("data-theme", "dark")
    expect(html).to_have_attribute("data-board", "slate")
    assert page.evaluate("getComputedStyle(document.body).backgroundColor") == dark
    page.locator("details.display > summary").click()
    page.get_by_label("Colours").select_option("auto")
    page.reload()
    assert html.get_attribute("data-theme") is None
    assert not violations


def test_the_display_form_works_without_javascript(browser: Browser, server: str) -> None:
    page = new_page(browser, server, java_script_enabled=False)
    page.goto("/lobby")
    page.locator("details.display > summary").click()
    page.get_by_label("Colours").select_option("dark")
    page.get_by_role("button", name="Apply").click()
    expect(page).to_have_url(f"{server}/lobby")
    expect(page.locator("html")).to_have_attribute("data-theme", "dark")


def test_the_device_dark_preference_is_followed(browser: Browser, server: str) -> None:
    light = new_page(browser, server, color_scheme="light")
    dark = new_page(browser, server, color_scheme="dark")
    colours = []
    for page in (light, dark):
        page.goto("/")
        colours.append(page.evaluate("getComputedStyle(document.body).backgroundColor"))
    assert colours[0] != colours[1]


def test_favicon_icons_and_manifest(browser: Browser, server: str) -> None:
    page = new_page(browser, server)
    r = page.request.get("/favicon.ico")
    assert r.ok
    assert r.headers["content-type"] == "image/x-icon"
    page.goto("/")
    manifest_url = page.locator('link[rel="manifest"]').get_attribute("href")
    assert manifest_url
    manifest = json.loads(page.request.get(manifest_url).text())
    assert manifest["start_url"] == "/"
    assert manifest["display"] == "standalone"
    purposes = set()
    for icon in manifest["icons"]:
        got = page.request.get(icon["src"])
        assert got.ok, icon["src"]
        assert got.headers["content-type"] == icon["type"]
        purposes.add(icon["purpose"])
    assert {"any", "maskable"} <= purposes
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes


def test_the_service_worker_shows_the_offline_page_and_caches_nothing_private(
    browser: Browser, server: str
) -> None:
    page = new_page(browser, server, locale="fr-FR")
    sign_up(page)
    token = csrf(page, "/")
    match = new_match(page, token, "what-the-shell", ["me", "bot:easy"])
    page.goto("/?lang=fr")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()  # now controlled by the worker
    page.wait_for_function("navigator.serviceWorker.controller !== null")
    # Private pages and answers go through the worker while online…
    for path in (f"/matches/{match}", "/account", f"/api/matches/{match}", "/static/css/site.css"):
        page.goto(path)
    page.goto("/lobby")
    cached: list[str] = page.evaluate(
        """async () => {
             const out = [];
             for (const name of await caches.keys()) {
               const cache = await caches.open(name);
               for (const request of await cache.keys()) out.push(new URL(request.url).pathname);
             }
             return out;
           }"""
    )
    assert "/offline/fr" in cached
    assert "/static/css/site.css" in cached
    # …and none of them is kept: only the shell and the offline pages are.
    kept = [p for p in cached if not p.startswith(("/static/", "/offline/", "/__samtempa-lang"))]
    assert not kept, kept
    page.context.set_offline(True)
    page.goto(f"/matches/{match}")
    _ = Catalogs().gettext("fr")
    expect(page.get_by_role("heading", level=1)).to_have_text(_("You are offline"))
    expect(page.locator("html")).to_have_attribute("lang", "fr")
    page.context.set_offline(False)


def test_the_skip_link_goes_to_the_main_content_and_to_the_board(
    browser: Browser, server: str
) -> None:
    page = new_page(browser, server)
    page.goto("/lobby")
    page.keyboard.press("Tab")
    skip = page.get_by_role("link", name="Skip to the main content")
    expect(skip).to_be_focused()
    expect(skip).to_be_visible()
    skip.press("Enter")
    expect(page.locator("#main")).to_be_focused()
    token = csrf(page, "/")
    match = new_match(page, token, "what-the-shell", ["me", "bot:easy"])
    page.goto(f"/matches/{match}")
    page.keyboard.press("Tab")
    board_link = page.get_by_role("link", name="Skip to the board")
    expect(board_link).to_be_focused()
    board_link.press("Enter")
    expect(page.locator("#board")).to_be_focused()
