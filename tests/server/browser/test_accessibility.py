"""axe-core on every page of both games, in French, Esperanto and English (issue 19 item 4),
and no Content-Security-Policy violation on any of them (issue 17 item 12).

The pages are reached as a visitor reaches them (:mod:`.site_pages`): live and finished
games of both games, replays, lessons (and a lesson answered), account pages, the
correspondence pages, refusals and the offline page. A serious or critical axe violation,
or any CSP violation, fails the test with the page and the rule.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from samtempa.server.core.i18n import LOCALES

from .axe import IMPACTS, blocking, csp_violations, describe, run_axe, watch
from .site_pages import Prepared, answer_lesson, lesson_attempts, logged_out_pages, pages, prepare

BROWSER_LOCALES = {"fr": "fr-FR", "eo": "eo", "en": "en-US"}


@pytest.fixture(scope="module")
def prepared(browser: Browser, server: str) -> tuple[Prepared, Any]:
    context = browser.new_context(base_url=server)
    page = context.new_page()
    page.set_default_timeout(20_000)
    made = prepare(page)
    state = context.storage_state()
    context.close()
    return made, state


def open_context(browser: Browser, server: str, lang: str, state: Any = None) -> BrowserContext:
    context = browser.new_context(
        base_url=server, locale=BROWSER_LOCALES[lang], storage_state=state
    )
    context.set_default_timeout(20_000)
    return context


def settle(page: Page, path: str) -> None:
    """The page as a player reads it: loaded, and a game page's board drawn by its script."""
    page.goto(path)
    page.wait_for_load_state("load")
    if page.locator("#match #status").count():
        # The socket's first snapshot has arrived and the page's script has told the status.
        page.wait_for_function("document.querySelector('#status').textContent.trim() !== ''")


def check(page: Page, path: str, family: str, report: dict[str, Counter[str]]) -> list[str]:
    """The page's axe violations (counted by impact in ``report``) and CSP violations."""
    problems = []
    violations = run_axe(page)
    for v in violations:
        report.setdefault(family, Counter())[str(v.get("impact"))] += 1
    problems += [f"{path}: axe {describe(v)}" for v in blocking(violations)]
    problems += [f"{path}: CSP {c}" for c in csp_violations(page)]
    return problems


def summary(report: dict[str, Counter[str]]) -> str:
    lines = []
    for family in sorted(report):
        counts = " ".join(f"{i}={report[family][i]}" for i in IMPACTS)
        lines.append(f"  {family:10} {counts}")
    return "\n".join(lines)


@pytest.mark.parametrize("lang", LOCALES)
def test_every_page_passes_axe_and_its_csp(
    browser: Browser, server: str, prepared: tuple[Prepared, Any], lang: str
) -> None:
    made, state = prepared
    report: dict[str, Counter[str]] = {}
    problems: list[str] = []
    console: list[str] = []

    context = open_context(browser, server, lang, state)
    console += watch(context)
    page = context.new_page()
    page.goto(f"/?lang={lang}")
    assert page.locator("html").get_attribute("lang") == lang
    for family, path in pages(made):
        path = path.replace("/offline/en", f"/offline/{lang}")
        settle(page, path)
        assert page.locator("html").get_attribute("lang") == lang, path
        problems += check(page, path, family, report)
    for game, lesson in lesson_attempts():
        answer_lesson(page, game, lesson)
        problems += check(page, f"/learn/{game}/{lesson} (answered)", "learn", report)
    context.close()

    guest = open_context(browser, server, lang)
    console += watch(guest)
    page = guest.new_page()
    page.goto(f"/?lang={lang}")
    for family, path in logged_out_pages():
        settle(page, path)
        problems += check(page, path, family, report)
    guest.close()

    print(f"\naxe violations by page family ({lang}):\n{summary(report)}")
    problems += [f"console: {line}" for line in console]
    assert not problems, "\n".join(problems)


def test_dark_colours_and_board_themes_pass_axe(
    browser: Browser, server: str, prepared: tuple[Prepared, Any]
) -> None:
    """The dark palette on one page of each family (the same templates as above), then each
    board theme on the pages that draw a board."""
    made, state = prepared
    report: dict[str, Counter[str]] = {}
    problems: list[str] = []
    context = browser.new_context(base_url=server, color_scheme="dark", storage_state=state)
    context.set_default_timeout(20_000)
    console = watch(context)
    page = context.new_page()
    page.goto("/?lang=en")
    seen: set[str] = set()
    for family, path in pages(made):
        if family not in seen:
            seen.add(family)
            settle(page, path)
            assert page.evaluate("matchMedia('(prefers-color-scheme: dark)').matches")
            problems += check(page, path, family, report)
    boards = [
        f"/matches/{made.shell_live}",
        f"/matches/{made.snake_live}",
        "/learn/what-the-shell/wts-capture",
        "/learn/snake-synapse/ss-tails",
    ]
    for board in ("wood", "slate", "contrast"):
        context.add_cookies([{"name": "samtempa_board", "value": board, "url": server}])
        for path in boards:
            settle(page, path)
            assert page.locator("html").get_attribute("data-board") == (
                None if board == "wood" else board
            )
            problems += check(page, f"{path} ({board} boards)", f"board-{board}", report)
    context.close()
    print(f"\naxe violations, dark palette:\n{summary(report)}")
    problems += [f"console: {line}" for line in console]
    assert not problems, "\n".join(problems)
