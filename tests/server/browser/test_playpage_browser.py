"""The play and replay pages as a demanding player uses them (issue 19, branch playpage):
What the Shell's turns stepped through step by step, live and replayed; captures lost
for want of an egg told (WTS-5.2); the verdict beside the board on a phone. Every wait
is on a state of the page, never a fixed time."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from samtempa.games.snake import TERRAIN_IDS, load_terrain
from samtempa.i18n import sentence
from samtempa.server.core.i18n import Catalogs

from .test_shellboard_browser import CAPTURE, axe_clean, hotseat, new_page, play_hotseat_turn

LANGS = {"en": "en-US", "fr": "fr-FR", "eo": "eo"}
PHONE: Any = {"width": 390, "height": 844}


def shell_hotseat(browser: Browser, server: str, lang: str, **options: Any) -> tuple[Page, Any]:
    _ = Catalogs().gettext(lang)
    page = new_page(browser, server, locale=LANGS[lang], reduced_motion="reduce", **options)
    page.goto(f"/?lang={lang}")
    hotseat(page, _)
    return page, _


@pytest.mark.parametrize("lang", ["en", "fr", "eo"])
def test_a_shell_turn_steps_through_its_steps_live_and_replayed(
    browser: Browser, server: str, lang: str
) -> None:
    """Turn 3 of CAPTURE: the picks, the placement (WTS-3.1), black's capture of A2 and
    A3, the capture lost for want of an egg (WTS-5.2), the board after; each step with
    its sentence, by the buttons and the keys, on the live page and in the replay."""
    page, _ = shell_hotseat(browser, server, lang)
    for n, (b, w) in enumerate(CAPTURE, 1):
        play_hotseat_turn(page, b, w, n, _)
    lost = _(
        "A capture by %(player)s finds no egg to hatch: it is lost (WTS-5.2).", player=_("black")
    )
    picked = sentence(
        _(
            "%(black)s picked %(b)s and %(white)s picked %(w)s.",
            black=_("black"),
            white=_("white"),
            b="A4",
            w="I1",
        )
    )
    placed = _("Different cells: both turtles land on the board.")
    captures = re.compile(
        re.escape(
            sentence(
                _(
                    "%(player)s %(closer)s captures %(a)s and %(b)s against %(anchor)s.",
                    player=_("black"),
                    closer="A4",
                    a="X",
                    b="Y",
                    anchor="A1",
                )
            )
        )
        .replace("X", "A[23]")
        .replace("Y", "A[23]")
    )
    # Live: the reveal has played; the last turn can be stepped through.
    nav = page.get_by_role("navigation", name=_("Steps of the last turn"))
    expect(nav).to_be_visible()
    step = page.locator("#turn-step")
    expect(step).to_have_text(
        re.compile("^" + re.escape(_("Turn %(n)s, step %(k)s of %(j)s", n=3, k=5, j=5)))
    )
    expect(page.locator("#steps")).to_contain_text(lost)
    nav.get_by_role("button", name=_("Previous step")).click()
    expect(step).to_contain_text(_("Turn %(n)s, step %(k)s of %(j)s", n=3, k=4, j=5))
    expect(step).to_contain_text(lost)
    expect(page.locator("#board")).to_have_class(re.compile(r"\bpast-step\b"))
    page.keyboard.press("ArrowLeft")  # the focus stays on the button, inside the nav
    expect(step).to_contain_text(captures)
    # The drawing is the step's: A2 and A3 still stand, marked as captured.
    expect(page.locator('#board svg g.turtle.white[data-cell="A2"]')).to_have_count(1)
    page.keyboard.press("ArrowLeft")  # the placement is told too
    expect(step).to_have_text(_("Turn %(n)s, step %(k)s of %(j)s", n=3, k=2, j=5) + ": " + placed)
    page.keyboard.press("ArrowLeft")
    expect(step).to_contain_text(picked)
    expect(nav.get_by_role("button", name=_("Previous step"))).to_have_attribute(
        "aria-disabled", "true"
    )
    for _k in range(4):
        page.keyboard.press("ArrowRight")
    expect(step).to_have_text(
        re.compile("^" + re.escape(_("Turn %(n)s, step %(k)s of %(j)s", n=3, k=5, j=5)))
    )
    expect(page.locator("#board")).not_to_have_class(re.compile(r"\bpast-step\b"))
    expect(page.locator('#board svg g.turtle.white[data-cell="A2"]')).to_have_count(0)
    axe_clean(page)
    # The replay steps the same scenes, with the same sentences.
    match = page.url.split("?")[0].rsplit("/", 1)[1]
    page.goto(f"/matches/{match}/replay?turn=2&lang={lang}")
    turn_no = page.locator("#turn-no")
    lines = page.locator("#replay-lines")
    expect(turn_no).to_have_text(_("After turn %(n)s of %(m)s", n=2, m=3))
    page.keyboard.press("ArrowRight")
    expect(turn_no).to_have_text(_("Turn %(n)s of %(m)s, step %(k)s of %(j)s", n=3, m=3, k=1, j=5))
    expect(lines).to_contain_text(picked)
    page.keyboard.press("ArrowRight")
    expect(turn_no).to_have_text(_("Turn %(n)s of %(m)s, step %(k)s of %(j)s", n=3, m=3, k=2, j=5))
    expect(lines).to_have_text(placed)
    page.keyboard.press("ArrowRight")
    expect(turn_no).to_have_text(_("Turn %(n)s of %(m)s, step %(k)s of %(j)s", n=3, m=3, k=3, j=5))
    expect(lines).to_contain_text(captures)
    expect(lines).not_to_contain_text(picked)
    page.get_by_role("link", name=_("Next step")).click()
    expect(turn_no).to_have_text(_("Turn %(n)s of %(m)s, step %(k)s of %(j)s", n=3, m=3, k=4, j=5))
    expect(lines).to_have_text(lost)
    page.keyboard.press("ArrowRight")
    expect(turn_no).to_have_text(_("After turn %(n)s of %(m)s", n=3, m=3))
    expect(page.locator('#replay-board svg g.turtle.white[data-cell="A2"]')).to_have_count(0)
    page.keyboard.press("ArrowLeft")
    expect(turn_no).to_have_text(_("Turn %(n)s of %(m)s, step %(k)s of %(j)s", n=3, m=3, k=4, j=5))
    # The move list names the shown turn's steps, to go straight to one.
    steps = page.locator('#move-list li[value="3"] .move-steps a')
    expect(steps).to_have_count(5)
    expect(steps.nth(4)).to_have_text(_("The board after the turn"))
    expect(steps.nth(1)).to_have_text(placed)
    expect(steps.nth(3)).to_have_attribute("aria-current", "true")
    steps.nth(2).click()
    expect(turn_no).to_have_text(_("Turn %(n)s of %(m)s, step %(k)s of %(j)s", n=3, m=3, k=3, j=5))
    expect(steps.nth(2)).to_have_text(captures)
    expect(steps.nth(2)).to_have_attribute("aria-current", "true")
    # The move list still goes to a turn's end.
    page.get_by_role("link", name="A1/A2").click()
    expect(turn_no).to_have_text(_("After turn %(n)s of %(m)s", n=1, m=3))
    axe_clean(page)


@pytest.mark.parametrize(
    ("lang", "up", "down", "own", "other"),
    [
        (
            "en",
            "U",
            "D",
            "Careful: step 2 runs into your own body on C2, which will still be there",
            "Careful: step 4 runs into the body of Blue (2) on G2, which will still be there",
        ),
        (
            "fr",
            "H",
            "B",
            "Attention : le pas 2 heurte votre propre corps en C2, qui sera encore là",
            "Attention : le pas 4 heurte le corps de Bleu (2) en G2, qui sera encore là",
        ),
        (
            "eo",
            "U",
            "D",
            "Atentu: la paŝo 2 trafas vian propran korpon sur C2, kiu ankoraŭ estos tie",
            "Atentu: la paŝo 4 trafas la korpon de Bluo (2) sur G2, kiu ankoraŭ estos tie",
        ),
    ],
)
def test_the_snake_preview_warns_of_bodies_still_there(
    browser: Browser, server: str, lang: str, up: str, down: str, own: str, other: str
) -> None:
    """The engine's guide marks steps into a body that cannot have left by then: the
    snake's own stacked spawn, and another snake's spawn before its tail unfolds."""
    page = new_page(browser, server, locale=LANGS[lang], reduced_motion="reduce", viewport=PHONE)
    page.goto(f"/play?game=snake-synapse&lang={lang}")
    page.locator("select[name=terrain]").select_option("classic")
    page.locator("select[name=seat0]").select_option("me")
    page.locator("select[name=race0]").select_option("ghost")
    page.locator("select[name=seat1]").select_option("bot:easy")
    page.locator("select[name=race1]").select_option("trapper")
    for i in range(2, 8):
        page.locator(f"select[name=seat{i}]").select_option("none")
    page.locator("form.create button[type=submit]").click()
    warning = page.locator("#path-warning")
    expect(warning).to_have_text("")
    page.locator("h1").click()
    page.keyboard.press(up)
    page.keyboard.press(down)
    expect(warning).to_contain_text(own)
    expect(page.locator('#board .preview .death[data-cell="C2"]')).to_have_count(1)
    _ = Catalogs().gettext(lang)
    mark = _("step %(n)s runs into a body that will still be here: your snake would die", n=2)
    expect(
        page.get_by_role("gridcell", name=re.compile("^C2, .*" + re.escape(mark)))
    ).to_have_count(1)
    axe_clean(page)
    # A ghost goes through bodies (SS-8.5): no body warning with the power chosen.
    page.get_by_label(_("Become a ghost")).check()
    expect(warning).to_have_text("")
    page.get_by_label(_("Become a ghost")).uncheck()
    expect(warning).to_contain_text(own)
    page.get_by_role("button", name=_("Clear")).click()
    page.locator("h1").click()
    for key in ["ArrowRight"] * 4:
        page.keyboard.press(key)
    expect(warning).to_contain_text(other)
    expect(page.locator('#board .preview .death[data-cell="G2"]')).to_have_count(1)


def resign(page: Page, _: Any, player: str) -> None:
    """Resign by the controls' API (the panel's forms are swapped as the game moves on)."""
    box = page.locator("#game-controls")
    expect(box).to_have_attribute("data-status", "playing")
    r = page.request.post(
        f"/api/matches/{box.get_attribute('data-match')}/controls",
        data={
            "action": "resign",
            "turn": int(box.get_attribute("data-turn") or 0),
            "player": player,
        },
        headers={"X-CSRF-Token": box.get_attribute("data-csrf") or ""},
    )
    assert r.ok, r.text()


def on_one_screen(page: Page, board: str) -> None:
    """The verdict and the whole board fit in one 390×844 screen, with no sideways scroll."""
    verdict = page.locator("#gc-verdict")
    expect(verdict).to_be_visible()
    v = verdict.bounding_box()
    b = page.locator(board).bounding_box()
    assert v is not None
    assert b is not None
    top, bottom = min(v["y"], b["y"]), max(v["y"] + v["height"], b["y"] + b["height"])
    assert bottom - top <= 844, (v, b)
    assert b["x"] >= 0
    assert b["x"] + b["width"] <= 390, b
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    # Scrolled to the verdict, the whole board is on the screen under it.
    page.evaluate("document.querySelector('#gc-verdict').scrollIntoView({block: 'start'})")
    v, b = verdict.bounding_box(), page.locator(board).bounding_box()
    assert v is not None
    assert b is not None
    assert v["y"] >= -1  # sub-pixel scrolling
    assert b["y"] >= v["y"]
    assert b["y"] + b["height"] <= 844, (v, b)


@pytest.mark.parametrize("lang", ["en", "fr", "eo"])
def test_on_a_phone_the_shell_verdict_shows_with_the_board(
    browser: Browser, server: str, lang: str
) -> None:
    _ = Catalogs().gettext(lang)
    page = new_page(browser, server, locale=LANGS[lang], reduced_motion="reduce", viewport=PHONE)
    page.goto(f"/play?game=what-the-shell&lang={lang}")
    page.locator('input[name="opponent"][value="bot:easy"]').check()
    page.locator("form.create button[type=submit]").click()
    expect(page.locator("#board svg")).to_have_count(1)
    resign(page, _, "black")
    expect(page.locator("#gc-verdict")).to_contain_text(_("You lost."))
    # The status line above the board tells the viewer's verdict too, in the page's words.
    said = _("The game is over.") + " " + _("You lost.") + " " + _("You resigned.")
    expect(page.locator("#status")).to_have_text(said)
    on_one_screen(page, "#board")
    axe_clean(page)


@pytest.mark.parametrize("terrain", TERRAIN_IDS)
def test_on_a_phone_the_snake_verdict_shows_with_the_board(
    browser: Browser, server: str, terrain: str
) -> None:
    _ = Catalogs().gettext("en")
    page = new_page(browser, server, reduced_motion="reduce", viewport=PHONE)
    page.goto("/play?game=snake-synapse")
    page.locator("select[name=terrain]").select_option(terrain)
    page.locator("select[name=seat0]").select_option("me")
    if terrain == "aperture-science":
        page.locator("select[name=race0]").select_option("shooter")
    # Every seat taken (the longest list of players above the board): the bots play on
    # after the resignation until one snake is left.
    seats = load_terrain(terrain).players
    for i in range(1, 8):
        page.locator(f"select[name=seat{i}]").select_option("bot:easy" if i < seats else "none")
    page.locator("form.create button[type=submit]").click()
    expect(page.locator("#path-text")).to_be_visible()
    resign(page, _, "red")
    # Removed snakes come last, together (SS-9.1): the resigned one is last of all.
    last = _("You finished %(place)s of %(n)s.", place=_("%(n)sth", n=seats), n=seats)
    expect(page.locator("#gc-verdict")).to_have_text(last, timeout=120_000)
    # Snake Synapse's status line tells the viewer's result, not only who won.
    expect(page.locator("#status")).to_have_text(_("The game is over.") + " " + last)
    on_one_screen(page, "#board")
    if terrain == "classic":
        axe_clean(page)
