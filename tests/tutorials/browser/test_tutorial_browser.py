"""The What the Shell tutorial, completed in a real browser by a new visitor without an account."""

from __future__ import annotations

from playwright.sync_api import Browser, Locator, Page, expect

from samtempa.tutorials.lessons import find_lesson, load_lessons
from samtempa.tutorials.texts import say

GAME = "what-the-shell"


def new_page(browser: Browser, base: str, locale: str) -> Page:
    context = browser.new_context(base_url=base, locale=locale)
    page = context.new_page()
    page.set_default_timeout(15000)
    return page


def cell(page: Page, name: str) -> Locator:
    return page.locator("form").get_by_role("button", name=name, exact=True)


def test_a_new_visitor_completes_the_what_the_shell_tutorial(browser: Browser, server: str) -> None:
    page = new_page(browser, server, "en-US")
    page.goto("/")
    page.get_by_role("link", name="Tutorial").first.click()
    expect(page.get_by_role("heading", name=say("en", "tutorial"))).to_be_visible()
    lessons = load_lessons(GAME)
    page.get_by_role("link", name=f"Start: {lessons[0].title['en']}").click()
    for n, lesson in enumerate(lessons):
        step = lesson.steps[0]
        expect(page.get_by_role("heading", name=lesson.title["en"])).to_be_visible()
        expect(page.locator("#instruction")).to_have_text(step.instruction["en"])
        if n % 5 == 0:
            # A wrong pick: what happened, the hint, and the same position to try again.
            wrong = next(
                c
                for c in ("A1", "I1", "A9", "I9", "B2", "D5")
                if c not in step.accept and cell(page, c).is_enabled()
            )
            cell(page, wrong).click()
            expect(page.locator("#verdict")).to_contain_text(step.hint["en"])
            expect(page.locator("#instruction")).to_have_text(step.instruction["en"])
        cell(page, str(step.accept[0])).click()
        expect(page.locator("#verdict")).to_contain_text(step.explanation["en"])
        if n + 1 < len(lessons):
            page.get_by_role("link", name=f"Next lesson: {lessons[n + 1].title['en']}").click()
    expect(page.get_by_text(say("en", "all-done"))).to_be_visible()

    # Progress is remembered: the tutorial page says so, with every lesson ticked.
    page.goto("/learn")
    expect(page.locator(f"#{GAME}").get_by_text(say("en", "all-done"))).to_be_visible()
    expect(page.locator(f"#{GAME} .done")).to_have_count(len(lessons))


def test_the_tutorial_speaks_french_and_esperanto(browser: Browser, server: str) -> None:
    lesson = load_lessons(GAME)[2]
    for locale, lang in (("fr-FR", "fr"), ("eo", "eo")):
        page = new_page(browser, server, locale)
        page.goto(f"/learn/{GAME}/{lesson.id}?lang={lang}")
        expect(page.locator("#instruction")).to_have_text(lesson.steps[0].instruction[lang])
        cell(page, str(lesson.steps[0].accept[0])).click()
        expect(page.locator("#verdict")).to_contain_text(lesson.steps[0].explanation[lang])
        page.context.close()


def test_snake_synapse_lessons_through_the_form(browser: Browser, server: str) -> None:
    page = new_page(browser, server, "en-US")
    trapper = find_lesson("snake-synapse", "ss-trapper")
    page.goto("/learn/snake-synapse/ss-trapper")
    page.get_by_label("Path").fill("URRRR")
    page.get_by_role("button", name="Play").click()
    expect(page.locator("#verdict")).to_contain_text(trapper.steps[0].hint["en"])
    page.get_by_label("Path").fill("URRRR")
    page.get_by_role("radio", name="Trap").check()
    page.locator("select[name=frame]").select_option("1")
    page.locator("select[name=dir]").select_option("U")
    page.get_by_role("button", name="Play").click()
    expect(page.locator("#verdict")).to_contain_text(trapper.steps[0].explanation["en"])
    expect(page.locator("#happened-list")).to_contain_text("Red turns F2 into a trap.")

    growth = find_lesson("snake-synapse", "ss-growth")
    page.goto("/learn/snake-synapse/ss-growth?lang=fr")
    for step, path in zip(growth.steps, ("DDDDD", "BBGGH"), strict=True):
        expect(page.locator("#instruction")).to_have_text(step.instruction["fr"])
        page.get_by_label("Chemin").fill(path)
        page.get_by_role("button", name="Jouer").click()
        expect(page.locator("#verdict")).to_contain_text(step.explanation["fr"])
    expect(page.get_by_text(say("fr", "lesson-done"))).to_be_visible()
