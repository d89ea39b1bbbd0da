"""Snake Synapse's live page steps back through the last turn (issue 19, branch
snakesteps): after a reveal, each frame drawn again by the replay's drawing with that
frame's sentences, by the bar's buttons or ← → while the bar has the focus; entering a
path brings the board back to now. In fr, eo and en, axe-clean, on a phone. Every wait
is on a state of the page, never a fixed time."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Locator, Page, expect

from samtempa.server.core.i18n import Catalogs

from .axe import describe, run_axe
from .test_snake_live import PHONE, keyboard, new_game, open_page

LANGS = {"en": "en-US", "fr": "fr-FR", "eo": "eo"}
#: Red's path on the classic terrain: down from C2, one cell a frame (SS-5).
PATH = ["ArrowDown"] * 5


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for c in made:
        c.close()


def head(page: Page, cell: str) -> Locator:
    return page.locator(f'#board svg .snake[data-id="red"] .head[data-cell="{cell}"]')


def frame_of(_: Callable[..., str], n: int) -> re.Pattern[str]:
    """The bar's "Turn n, frame k of j", any k and j: a death's terrain change can add settling
    frames after the five moves (SS-4.3), so a turn may have more than five."""
    text = _("Turn %(n)s, frame %(k)s of %(j)s", n=n, k="\x00", j="\x01")
    return re.compile(re.escape(text).replace("\x00", r"(\d+)").replace("\x01", r"(\d+)"))


def frames_told(page: Page, _: Callable[..., str], n: int) -> tuple[int, int]:
    """Which frame the bar tells now, and of how many."""
    step = page.locator("#turn-step")
    expect(step).to_contain_text(frame_of(_, n))
    found = frame_of(_, n).search(step.inner_text())
    assert found, step.inner_text()
    return int(found.group(1)), int(found.group(2))


def play_first_turn(page: Page) -> None:
    keyboard(page, [*PATH, "Enter"])
    expect(page.locator('#board[data-turn="1"]:not(.revealing)')).to_have_count(1)


@pytest.mark.parametrize("lang", ["en", "fr", "eo"])
def test_the_last_turn_steps_back_frame_by_frame(
    browser: Browser, server: str, contexts: list[BrowserContext], lang: str
) -> None:
    _ = Catalogs().gettext(lang)
    page = open_page(browser, server, contexts, locale=LANGS[lang])
    # A breaker bot: no dasher, whose dash would delay red's steps by a frame (SS-4.2).
    new_game(page, lang=lang, bots=1, bot_race="breaker")
    play_first_turn(page)
    nav = page.get_by_role("navigation", name=_("Frames of the last turn"))
    expect(nav).to_be_visible()
    step = page.locator("#turn-step")
    expect(step).to_have_attribute("aria-live", "polite")
    expect(step).to_have_text(re.compile("^" + re.escape(_("Turn %(n)s, the board after it", n=1))))
    expect(head(page, "C7")).to_have_count(1)
    back = nav.get_by_role("button", name=_("Previous frame"))
    ahead = nav.get_by_role("button", name=_("Next frame"))
    expect(ahead).to_have_attribute("aria-disabled", "true")
    back.click()
    # The five moves, then settling frames while terrain changes wait (SS-4.3).
    last, frames = frames_told(page, _, 1)
    assert last == frames >= len(PATH), (last, frames)
    expect(page.locator("#board")).to_have_class(re.compile(r"\bpast-step\b"))
    # ← with the focus on the bar goes back a frame and adds no step to the path.
    for k in range(frames - 1, 0, -1):
        page.keyboard.press("ArrowLeft")
        expect(step).to_contain_text(_("Turn %(n)s, frame %(k)s of %(j)s", n=1, k=k, j=frames))
        if k <= len(PATH):
            # The drawing is the frame's: red's head one cell further down each frame.
            expect(head(page, f"C{2 + k}")).to_have_count(1)
        expect(page.locator("#panel caption")).to_have_text(
            _("The snakes in turn %(n)s, frame %(k)s", n=1, k=k)
        )
    expect(back).to_have_attribute("aria-disabled", "true")
    expect(page.locator("#path-text")).to_contain_text("(0/")
    expect(page.locator("#board .preview .step")).to_have_count(0)
    found = [describe(v) for v in run_axe(page)]
    assert not found, found
    # → goes forward; a step of the path (the keyboard, outside the bar) returns to now.
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text(_("Turn %(n)s, frame %(k)s of %(j)s", n=1, k=2, j=frames))
    keyboard(page, ["ArrowRight"])  # C7 is on the last row: along it
    expect(page.locator("#board")).not_to_have_class(re.compile(r"\bpast-step\b"))
    expect(step).to_have_text(re.compile("^" + re.escape(_("Turn %(n)s, the board after it", n=1))))
    expect(head(page, "C7")).to_have_count(1)
    expect(page.locator("#path-text")).to_contain_text("(1/")
    expect(page.locator("#board .preview .step")).to_have_count(1)
    # The next reveal starts the bar again on its own turn.
    keyboard(page, ["ArrowRight"] * 4 + ["Enter"])
    expect(page.locator('#board[data-turn="2"]:not(.revealing)')).to_have_count(1)
    expect(step).to_have_text(re.compile("^" + re.escape(_("Turn %(n)s, the board after it", n=2))))


def test_the_bar_fits_a_phone_with_the_board_and_the_status(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """390×844: after a reveal the bar is there, nothing scrolls sideways, the board and
    the status on one screen, the buttons big enough for a finger; a tap steps back."""
    page = open_page(browser, server, contexts, viewport=PHONE)
    new_game(page, bots=1, bot_race="breaker")
    play_first_turn(page)
    nav = page.get_by_role("navigation", name="Frames of the last turn")
    nav.get_by_role("button", name="Previous frame").click()
    last, frames = frames_told(page, Catalogs().gettext("en"), 1)
    assert last == frames >= len(PATH), (last, frames)
    box = page.evaluate(
        """() => {
          const r = (q) => document.querySelector(q).getBoundingClientRect();
          const buttons = [...document.querySelectorAll('#turn-steps button')]
            .map((b) => b.getBoundingClientRect());
          return {scroll: document.documentElement.scrollWidth,
                  width: document.documentElement.clientWidth,
                  board: r('#board').bottom - r('#status').top, status: r('#status').top,
                  nav: r('#turn-steps').right,
                  small: buttons.filter((b) => b.width < 44 || b.height < 44).length};
        }"""
    )
    assert box["scroll"] <= box["width"], box
    assert box["nav"] <= PHONE["width"], box
    assert box["board"] <= PHONE["height"], box
    assert box["small"] == 0, box
    found = [describe(v) for v in run_axe(page)]
    assert not found, found
