"""Snake Synapse's live page (issue 19): the pictures' drawing, the turn told in the
reader's language, a path entry that guides (warnings, power targets, drafts), phones,
screen readers and keyboards. Every wait is on a state of the page."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, WebSocket, expect

from samtempa.games.snake import TERRAIN_IDS, load_terrain

from .axe import csp_violations, describe, run_axe, watch

PHONE: ViewportSize = {"width": 390, "height": 844}


@pytest.fixture
def contexts(browser: Browser) -> Iterator[list[BrowserContext]]:
    made: list[BrowserContext] = []
    yield made
    for c in made:
        c.close()


def open_page(
    browser: Browser,
    server: str,
    contexts: list[BrowserContext],
    locale: str = "en-US",
    viewport: ViewportSize | None = None,
) -> Page:
    context = browser.new_context(
        base_url=server, locale=locale, viewport=viewport, reduced_motion="reduce"
    )
    contexts.append(context)
    page = context.new_page()
    page.set_default_timeout(20_000)
    return page


def new_game(
    page: Page,
    terrain: str = "classic",
    race: str = "breaker",
    bots: int = 2,
    lang: str = "en",
    bot_race: str | None = None,
) -> None:
    """Me in seat 1 (``race``), easy bots in the next seats (``bot_race``, or the form's
    default), on ``terrain``."""
    page.goto(f"/play?game=snake-synapse&lang={lang}")
    page.locator("select[name=terrain]").select_option(terrain)
    page.locator("select[name=seat0]").select_option("me")
    page.locator("select[name=race0]").select_option(race)
    for i in range(1, 8):
        page.locator(f"select[name=seat{i}]").select_option("bot:easy" if i <= bots else "none")
        if bot_race and i <= bots:
            page.locator(f"select[name=race{i}]").select_option(bot_race)
    page.locator("form.create button[type=submit]").click()
    expect(page.locator("#path-text")).to_be_visible()


def keyboard(page: Page, keys: str | list[str]) -> None:
    page.locator("h1").click()  # the page has the focus, no field
    for key in keys:
        page.keyboard.press(key)


def test_the_french_page_tells_the_turn_in_french(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """No raw JSON, no English word: orders, the death and its cause, in French; the path
    in French letters (H is *haut*); after the death the status says so, and with only
    bots left the account of it stays on screen while the game goes on."""
    page = open_page(browser, server, contexts, locale="fr-FR")
    new_game(page, lang="fr")
    keyboard(page, "HHHHH")  # up from C2: C1, then off the board at step 2
    expect(page.locator("#path-warning")).to_contain_text("le pas 2 sort du plateau")
    page.keyboard.press("Enter")
    first = page.locator('#steps .turn-story[data-turn="1"]')
    expect(first).to_contain_text("Rouge (1) suit le chemin HHHHH")
    expect(first).to_contain_text("Rouge (1) meurt en C1, contre un mur")
    # The status says so (or, if the bots ended the game with this turn, the result).
    expect(page.locator("#status")).to_contain_text(
        re.compile(r"Votre serpent est mort : mort contre un mur|La partie est terminée")
    )
    # The bots play on; the death stays told, in the story and in the status.
    expect(
        page.locator('#steps .turn-story[data-turn="3"], #finished:not([hidden])')
    ).not_to_have_count(0)
    expect(first).to_contain_text("Rouge (1) meurt en C1")
    text = page.locator("#steps").inner_text() + page.locator("#panel").inner_text()
    assert "{" not in text
    assert '"path"' not in text
    english = [
        "red",
        "blue",
        "green",
        "dies",
        "wins",
        "wall",
        "path",
        # not "frame": it is the French rule book's own word (the vocabulary's, fr)
        "grows",
        "orders",
        "dead",
    ]
    english += ["breaker", "dasher", "trapper", "digger", "ghost", "shooter"]
    found = [w for w in english if re.search(rf"\b{w}\b", text, re.IGNORECASE)]
    assert not found, found
    status = page.locator("#status").inner_text()
    assert re.search("mort|La partie est terminée", status), status


def test_the_preview_warns_and_shows_the_trap(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """The guide says where each step leads: a step off the board is marked and told
    before sending; a trap's cell is shown where the engine would put it (SS-8.3)."""
    page = open_page(browser, server, contexts)
    new_game(page, race="trapper")
    keyboard(page, "UU")
    expect(page.locator("#path-warning")).to_have_text(
        "Careful: step 2 leaves the board from C1, and your snake would die there."
    )
    expect(page.locator('#board .preview .death[data-cell="C1"]')).to_have_count(1)
    expect(
        page.get_by_role("gridcell", name=re.compile(r"^C1, .*your snake would die"))
    ).to_have_count(1)
    page.get_by_role("button", name="Clear").click()
    expect(page.locator("#path-warning")).to_have_text("")
    keyboard(page, "DDDDD")
    page.get_by_label("Set a trap").check()
    page.get_by_role("combobox", name="at step").select_option("2")
    page.get_by_role("combobox", name="direction").select_option("L")
    expect(page.locator('#board .preview .target.trap[data-cell="B4"]')).to_have_count(1)
    expect(page.locator("#board .preview .step")).to_have_count(5)
    page.get_by_role("button", name="Send").click()
    expect(page.locator('#board svg .cell.trap[data-cell="B4"]')).to_have_count(1)


def test_a_draft_survives_a_reload_and_is_never_sent(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    page = open_page(browser, server, contexts)
    sent: list[str] = []

    def on_socket(ws: WebSocket) -> None:
        ws.on("framesent", lambda payload: sent.append(str(payload)))

    page.on("websocket", on_socket)
    new_game(page)
    keyboard(page, "DDR")
    expect(page.locator("#path-text")).to_have_text("DDR (3/5)")
    page.reload()
    expect(page.locator("#path-text")).to_have_text("DDR (3/5)")
    expect(page.locator("#board .sq.path")).to_have_count(3)
    assert not any('"orders"' in f for f in sent)
    keyboard(page, "RR")
    page.keyboard.press("Enter")
    expect(page.locator('#steps .turn-story[data-turn="1"]')).to_contain_text(
        "Red (1) follows the path DDRRR"
    )
    assert any('"DDRRR"' in f for f in sent)


def test_keyboard_play_and_cell_names(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """Arrow keys build the path, Backspace removes a step, Enter sends; every cell's
    name says what is on it, the head's its way too."""
    page = open_page(browser, server, contexts)
    # Breaker bots: no trap, shot or portal of theirs moves red off its path (SS-8).
    new_game(page, race="ghost", bot_race="breaker")
    skip = page.get_by_role("link", name="Skip to the board")
    expect(skip).to_have_attribute("href", "#board")
    page.keyboard.press("Tab")
    expect(skip).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.locator("#board")).to_be_focused()
    stacked = page.get_by_role("gridcell", name="C2, head of Red (1), its whole body stacked here")
    expect(stacked).to_have_count(1)
    expect(page.get_by_role("gridcell", name="A1", exact=True)).to_have_count(1)
    keyboard(page, ["ArrowDown"] * 3 + ["ArrowRight", "ArrowRight"])
    expect(page.locator("#path-text")).to_have_text("DDDRR (5/5)")
    page.keyboard.press("Backspace")
    expect(page.locator("#path-text")).to_have_text("DDDR (4/5)")
    page.keyboard.press("R")
    page.keyboard.press("Enter")
    expect(page.locator('#steps .turn-story[data-turn="1"]')).to_contain_text(
        "Red (1) follows the path DDDRR"
    )
    # The turn is over: the next one to play, or the result if both bots died in it.
    expect(page.locator("#status")).to_contain_text(re.compile(r"to play|The game is over\. "))
    expect(page.locator("#announce")).to_contain_text(re.compile(r"^Turn 1\. "))
    head = page.get_by_role("gridcell", name="E5, head of Red (1), going to the right")
    expect(head).to_have_count(1)
    expect(page.get_by_role("gridcell", name="C4, body of Red (1)")).to_have_count(1)
    expect(page.get_by_role("gridcell", name=re.compile(r"^C3, tail of Red \(1\)"))).to_have_count(
        1
    )
    expect(
        page.locator('#board svg .snake[data-id="red"] .head[data-cell="E5"] .seat')
    ).to_have_text("1")
    expect(page.locator('#board svg .snake[data-id="red"] .head .race')).to_have_text("O")


def test_every_terrain_fits_a_phone(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """390×844: board and status on one screen, no sideways scroll, on every terrain."""
    page = open_page(browser, server, contexts, viewport=PHONE)
    for terrain in TERRAIN_IDS:
        race = "shooter" if load_terrain(terrain).races else "breaker"
        new_game(page, terrain=terrain, race=race, bots=1)
        expect(page.locator("#status")).to_contain_text("to play")
        box = page.evaluate(
            """() => {
              const el = document.querySelector('#board');
              const board = el.getBoundingClientRect();
              const status = document.querySelector('#status').getBoundingClientRect();
              return {scroll: document.documentElement.scrollWidth,
                      width: document.documentElement.clientWidth,
                      left: board.left, right: board.right, bottom: board.bottom,
                      status: status.top, inner: el.scrollWidth - el.clientWidth};
            }"""
        )
        assert box["scroll"] <= box["width"], (terrain, box)
        assert box["inner"] <= 0, (terrain, box)  # the board itself does not scroll either
        assert box["left"] >= 0, (terrain, box)
        assert box["right"] <= PHONE["width"], (terrain, box)
        assert box["bottom"] <= PHONE["height"], (terrain, box)
        assert box["status"] >= 0, (terrain, box)


def test_a_whole_game_on_a_phone(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """A phone plays Snake Synapse against two bots to the end with the d-pad, steering
    by the preview's warnings (never by a rule of its own)."""
    page = open_page(browser, server, contexts, viewport=PHONE)
    new_game(page)
    names = {"U": "up", "D": "down", "L": "left", "R": "right"}
    finished = page.locator("#finished:not([hidden])")
    turns = 0
    while not finished.count():
        expect(
            page.locator("#status").filter(has_text=re.compile("to play|dead|game is over"))
        ).to_have_count(1, timeout=60_000)
        status = page.locator("#status").inner_text()
        if "to play" not in status:
            break  # dead: the bots play on without us
        for _ in range(5):
            for d in "DRUL":
                page.get_by_role("button", name=names[d], exact=True).click()
                if not page.locator("#path-warning").inner_text():
                    break
                page.get_by_role("button", name="Undo").click()
            else:
                page.get_by_role("button", name=names["D"], exact=True).click()
        assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
        page.get_by_role("button", name="Send").click()
        turns += 1
        expect(page.locator(f'#steps .turn-story[data-turn="{turns}"]')).to_have_count(1)
    expect(finished).to_be_visible(timeout=240_000)
    # The end told from the player's side, as the game controls' verdict says it.
    verdict = page.locator("#gc-verdict").inner_text()
    assert re.match(r"You (won|lost|finished)|Draw", verdict), verdict
    expect(page.locator("#status")).to_have_text(f"The game is over. {verdict}")
    assert turns >= 1


@pytest.mark.parametrize("lang", ["fr", "eo", "en"])
def test_the_live_page_has_no_axe_violation_at_all(
    browser: Browser, server: str, contexts: list[BrowserContext], lang: str
) -> None:
    """axe-core, minor issues included, while a path is previewed and after a reveal; no
    CSP violation either (the drawing carries no inline style or script)."""
    page = open_page(
        browser, server, contexts, locale={"fr": "fr-FR", "eo": "eo"}.get(lang, "en-US")
    )
    problems = watch(page.context)
    new_game(page, race="trapper", lang=lang)
    keyboard(page, ["ArrowDown", "ArrowDown", "ArrowRight"])
    expect(page.locator("#board .preview .step")).to_have_count(3)
    found = [describe(v) for v in run_axe(page)]
    keyboard(page, ["ArrowRight", "ArrowRight", "Enter"])
    expect(page.locator('#board[data-turn]:not([data-turn="0"]):not(.revealing)')).to_have_count(1)
    found += [describe(v) for v in run_axe(page)]
    found += csp_violations(page) + problems
    assert not found, found


def test_taps_and_swipes_build_a_path(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """On a touch screen: a tap on the cell a step leads to adds that step, a swipe on the
    board adds one in its direction, and the d-pad is there."""
    page = open_page(browser, server, contexts, viewport=PHONE)
    new_game(page)
    page.get_by_role("gridcell", name=re.compile(r"^C3")).click()
    expect(page.locator("#path-text")).to_have_text("D (1/5)")
    page.get_by_role("gridcell", name=re.compile(r"^E5")).click()  # not a next cell
    expect(page.locator("#path-text")).to_have_text("D (1/5)")
    page.evaluate(
        """() => {
          const board = document.getElementById('board');
          const r = board.getBoundingClientRect();
          const at = (type, x) => board.dispatchEvent(new PointerEvent(type, {
            bubbles: true, pointerType: 'touch', clientX: x, clientY: r.top + r.height / 2}));
          at('pointerdown', r.left + 100);
          at('pointerup', r.left + 180);
        }"""
    )
    expect(page.locator("#path-text")).to_have_text("DR (2/5)")
    expect(page.get_by_role("group", name="Directions").get_by_role("button")).to_have_count(4)


def test_the_preview_shows_where_a_shot_puts_its_portal(
    browser: Browser, server: str, contexts: list[BrowserContext]
) -> None:
    """SS-8.6: the portal a shot would place is drawn on the face the engine's guide names
    (``rays``), from the head's cell at the shot's step."""
    page = open_page(browser, server, contexts)
    new_game(page, terrain="aperture-science", race="shooter")
    match = page.locator("#match").get_attribute("data-match")
    data = page.request.get(f"/api/matches/{match}/scenes/0").json()
    state = page.request.get(f"/api/matches/{match}").json()["view"]
    head = state["snakes"][0]["body"][0]
    first = data["guide"]["steps"][head][1]  # one step down
    expected = data["guide"]["rays"][first][3]  # then a shot to the right
    keyboard(page, "D")
    page.get_by_label("Shot 1").check()
    page.get_by_role("combobox", name="direction").first.select_option("R")
    expect(page.locator(f'#board .preview .target.portal[data-cell="{expected}"]')).to_have_count(1)
