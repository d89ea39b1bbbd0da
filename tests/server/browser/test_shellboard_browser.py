"""What the Shell's play page, the hotseat and the replays in a real browser (issue 19):
one drawing live and replayed, cells named for what they hold, keyboard play, the
hand-over screen, phones, French sentences, and a whole game on a phone."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Browser, Page, expect

from samtempa.i18n import sentence
from samtempa.server.core.i18n import Catalogs

from .axe import blocking, describe, run_axe
from .site_pages import csrf, new_match, play_to_the_end, sign_up
from .test_shell_browser import cell, hand_over, wait_turn

PHONE = {"width": 390, "height": 844}
EN = Catalogs().gettext("en")
#: Black's A4 closes A2 and A3 (white) against A1 on turn 3 (WTS-4.1).
CAPTURE = [("A1", "A2"), ("I9", "A3"), ("A4", "I1")]


def new_page(browser: Browser, server: str, **options: Any) -> Page:
    options.setdefault("locale", "en-US")
    context = browser.new_context(base_url=server, **options)
    context.set_default_timeout(20_000)
    return context.new_page()


def axe_clean(page: Page) -> None:
    """No serious or critical axe-core violation on the page as it stands."""
    problems = [describe(v) for v in blocking(run_axe(page))]
    assert not problems, problems


def hotseat(page: Page, _: Any = EN) -> None:
    page.goto("/")
    page.get_by_role("button", name=_("Play on one screen")).click()
    expect(page.locator("#board svg")).to_have_count(1)


def play_hotseat_turn(page: Page, b: str, w: str, n: int, _: Any = EN) -> None:
    cell(page, b).click()
    page.get_by_role("button", name=_("I am %(player)s: continue", player=_("White"))).click()
    cell(page, w).click()
    expect(page.locator("#panel")).to_contain_text(_("Turn %(n)s", n=n))


def test_cells_say_what_is_on_them_and_the_board_is_render_s_drawing(
    browser: Browser, server: str
) -> None:
    page = new_page(browser, server, reduced_motion="reduce")
    hotseat(page)
    grid = page.get_by_role("grid")
    expect(grid.get_by_role("gridcell", name="E5, empty")).to_have_count(1)
    play_hotseat_turn(page, "E5", "F4", 1)
    play_hotseat_turn(page, "C3", "C3", 2)  # a collision lays an egg (WTS-3.2)
    for name in ("E5, black turtle", "F4, white turtle", "C3, egg", "A1, empty"):
        expect(page.get_by_role("button", name=name, exact=True)).to_have_count(1)
    expect(page.get_by_role("button", name="C3, egg")).to_have_attribute(
        "title", "egg number 1 of the queue"
    )
    # The board shown is the server's drawing of the turn, the same as the replay's.
    match = page.url.rsplit("/", 1)[1]
    answer = page.request.get(f"/api/matches/{match}/turns/2/scenes").json()
    same = page.evaluate(
        """(svg) => document.querySelector('#board .board-picture svg').isEqualNode(
             new DOMParser().parseFromString(svg, 'image/svg+xml').documentElement)""",
        answer["scenes"][-1]["svg"],
    )
    assert same
    expect(page.locator('#board svg g.turtle.black[data-cell="E5"]')).to_have_count(1)
    expect(page.locator('#board svg g.egg[data-cell="C3"]')).to_have_count(1)
    # The reveal is told to screen readers in words.
    expect(page.locator("#reveal-said")).to_have_attribute("aria-live", "polite")
    expect(page.locator("#reveal-said")).to_have_text(
        "Black and white both picked C3. "
        "Same cell: no turtle lands, an egg is laid on C3. "
        "No winning turtle: the game goes on."
    )
    axe_clean(page)


def test_keyboard_play_on_a_roving_tabindex_grid(browser: Browser, server: str) -> None:
    page = new_page(browser, server, reduced_motion="reduce")
    hotseat(page)
    page.get_by_role("link", name="Skip to the board").focus()
    page.keyboard.press("Enter")
    page.keyboard.press("Tab")  # into the grid: one tab stop, at E5
    expect(cell(page, "E5")).to_be_focused()
    expect(page.locator('#board button.cell[tabindex="0"]')).to_have_count(1)
    for key in ("ArrowUp", "ArrowUp", "ArrowLeft", "ArrowDown"):
        page.keyboard.press(key)
    expect(cell(page, "D4")).to_be_focused()
    expect(cell(page, "D4")).to_have_attribute("tabindex", "0")
    expect(cell(page, "E5")).to_have_attribute("tabindex", "-1")
    page.keyboard.press("Enter")
    hand_over(page, "White")
    expect(cell(page, "E5")).to_be_focused()  # white starts at E5, not where black was
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    wait_turn(page, 1)
    expect(page.get_by_role("button", name="D4, black turtle")).to_have_count(1)
    expect(page.get_by_role("button", name="F5, white turtle")).to_have_count(1)


def board_trace(page: Page) -> dict[str, Any]:
    """Everything of the board a player could see or reach: its markup, focus, tab stop."""
    trace: dict[str, Any] = page.evaluate(
        """() => ({
             cells: document.querySelector('#board .board-cells').outerHTML,
             picture: document.querySelector('#board .board-picture').innerHTML,
             focus: document.activeElement && document.activeElement.dataset
               ? document.activeElement.dataset.cell || null : null,
             status: document.querySelector('#status').textContent,
           })"""
    )
    return trace


def test_the_hand_over_screen_and_no_trace_of_the_first_pick(browser: Browser, server: str) -> None:
    page = new_page(browser, server)
    hotseat(page)
    for n, (b, w, by_keyboard) in enumerate([("D6", "H2", True), ("G3", "B8", False)], 1):
        expect(page.locator("#status")).to_contain_text("Black to play")
        before = board_trace(page)
        if by_keyboard:
            cell(page, "E5").focus()
            page.keyboard.press("ArrowDown")
            page.keyboard.press("ArrowLeft")
            expect(cell(page, b)).to_be_focused()
            page.keyboard.press("Enter")
        else:
            cell(page, b).hover()
            page.mouse.down()
            page.mouse.up()
        screen = page.get_by_role("region", name="Give the device to White")
        expect(screen).to_be_visible()
        expect(page.locator(".play-area")).to_be_hidden()
        go = page.get_by_role("button", name="I am White: continue")
        expect(go).to_be_focused()
        if n == 1:
            axe_clean(page)
        go.click()
        expect(screen).to_have_count(0)
        expect(page.locator("#status")).to_contain_text("White to play")
        after = board_trace(page)
        # White's board is exactly black's before the pick, but for whose turn it is.
        assert after["cells"] == before["cells"]
        assert after["picture"] == before["picture"]
        assert after["focus"] in (None, "E5")
        cell(page, w).click()
        wait_turn(page, n)
        expect(page.get_by_role("button", name=f"{b}, black turtle")).to_have_count(1)


def fits_on_screen(page: Page) -> None:
    box = page.evaluate(
        """() => ({
             status: document.querySelector('#status').getBoundingClientRect().toJSON(),
             board: document.querySelector('#board').getBoundingClientRect().toJSON(),
             width: document.documentElement.scrollWidth,
             view: [innerWidth, innerHeight],
           })"""
    )
    width, height = box["view"]
    assert box["width"] <= width, box  # no sideways scroll
    for part in ("status", "board"):
        assert box[part]["top"] >= 0, box
        assert box[part]["bottom"] <= height, box
        assert box[part]["right"] <= width, box


def test_on_a_phone_the_board_and_the_status_share_one_screen(
    browser: Browser, server: str
) -> None:
    page = new_page(browser, server, viewport=PHONE, reduced_motion="reduce")
    page.goto("/")
    page.get_by_role("button", name="Play against the computer").click()
    expect(page.locator("#board svg")).to_have_count(1)
    expect(page.locator("#status")).to_contain_text("Your turn")
    fits_on_screen(page)
    hotseat(page)
    play_hotseat_turn(page, "E5", "D4", 1)
    fits_on_screen(page)


def test_french_reveals_hold_no_english_word(browser: Browser, server: str) -> None:
    _ = Catalogs().gettext("fr")
    page = new_page(browser, server, locale="fr-FR", reduced_motion="reduce")
    hotseat(page, _)
    for n, (b, w) in enumerate(CAPTURE, 1):
        cell(page, b).click()
        expect(page.locator("#handover h2")).to_have_text(
            _("Give the device to %(player)s", player=_("White"))
        )
        page.get_by_role("button", name=_("I am %(player)s: continue", player=_("White"))).click()
        cell(page, w).click()
        expect(page.locator("#panel")).to_contain_text(_("Turn %(n)s", n=n))
        told = page.locator("#steps li").all_inner_texts()
        assert told[0] == sentence(
            _(
                "%(black)s picked %(b)s and %(white)s picked %(w)s.",
                black=_("black"),
                white=_("white"),
                b=b,
                w=w,
            )
        )
        assert all(line[:1].isupper() for line in told), told
        for line in told:
            for english in ("played", "captures", "against", "black", "white", "egg", "wins"):
                assert not re.search(rf"\b{english}\b", line), (english, line)
        expect(page.get_by_role("button", name=f"{b}, {_('black turtle')}")).to_have_count(1)
    expect(page.locator("#steps")).to_contain_text(f"{sentence(_('black'))} A4 ")
    expect(page.get_by_role("button", name=f"A2, {_('empty')}")).to_have_count(1)


def test_the_replay_has_a_move_list_autoplay_and_keys(browser: Browser, server: str) -> None:
    page = new_page(browser, server)
    hotseat(page)
    line = [("A1", "I1"), ("A2", "I3"), ("A3", "I5"), ("A4", "I7"), ("A5", "I9")]
    for n, (b, w) in enumerate(line, 1):
        play_hotseat_turn(page, b, w, n)
    match = page.url.rsplit("/", 1)[1]
    page.goto(f"/matches/{match}/replay?turn=2")
    turn_no = page.locator("#turn-no")
    expect(turn_no).to_have_text("After turn 2 of 5")
    moves = page.locator("#move-list > li > a")  # the turns (the shown one lists its steps)
    expect(moves).to_have_text(["Start", "A1/I1", "A2/I3", "A3/I5", "A4/I7", "A5/I9"])
    controls = page.locator(".stepper .step-btn")
    expect(controls).to_have_count(5)
    for i, name in enumerate(("Start", "Previous step", "Play", "Next step", "Last")):
        expect(controls.nth(i)).to_have_accessible_name(name)
        expect(controls.nth(i).locator("svg")).to_have_count(1)
    assert not re.search("[⏮⏭◀▶]", page.locator("main").inner_text())
    page.get_by_role("link", name="A4/I7").click()
    expect(turn_no).to_have_text("After turn 4 of 5")
    expect(page.get_by_role("link", name="A4/I7")).to_have_attribute("aria-current", "step")
    expect(page).to_have_url(re.compile(r"turn=4$"))
    expect(page.locator("#replay-lines")).to_contain_text("Black picked A4 and white picked I7.")
    page.keyboard.press("Home")
    expect(turn_no).to_have_text("After turn 0 of 5")
    page.keyboard.press("ArrowRight")  # a turn's steps: the picks, the placement, the board
    expect(turn_no).to_have_text("Turn 1 of 5, step 1 of 3")
    page.keyboard.press("ArrowRight")
    expect(turn_no).to_have_text("Turn 1 of 5, step 2 of 3")
    expect(page.locator("#replay-lines")).to_have_text(
        "Different cells: both turtles land on the board."
    )
    page.keyboard.press("ArrowRight")
    expect(turn_no).to_have_text("After turn 1 of 5")
    page.keyboard.press("End")
    expect(turn_no).to_have_text("After turn 5 of 5")
    page.keyboard.press("ArrowLeft")
    expect(turn_no).to_have_text("Turn 5 of 5, step 2 of 3")
    page.keyboard.press("ArrowLeft")
    expect(turn_no).to_have_text("Turn 5 of 5, step 1 of 3")
    page.keyboard.press("ArrowLeft")
    expect(turn_no).to_have_text("After turn 4 of 5")
    expect(page.locator('#replay-board svg g.turtle.black[data-cell="A4"]')).to_have_count(1)
    expect(page.locator('#replay-board svg g.turtle.black[data-cell="A5"]')).to_have_count(0)
    page.keyboard.press("Home")
    page.keyboard.press(" ")  # autoplay to the end, then it stops by itself
    play = page.locator("#replay-play")
    expect(play).to_have_attribute("aria-pressed", "true")
    expect(play).to_have_accessible_name("Pause")
    expect(turn_no).to_have_text("After turn 5 of 5")
    expect(play).to_have_attribute("aria-pressed", "false")
    expect(page.get_by_role("link", name="A5/I9")).to_have_attribute("aria-current", "step")
    axe_clean(page)


def test_a_snake_replay_steps_through_every_frame(browser: Browser, server: str) -> None:
    page = new_page(browser, server)
    sign_up(page)
    token = csrf(page, "/")
    match = new_match(page, token, "snake-synapse", ["me", "bot:easy", "bot:easy"])
    turns = play_to_the_end(page, token, match, seed=3)
    scenes = page.request.get(f"/api/matches/{match}/turns/1/scenes").json()["scenes"]
    frames = [s for s in scenes if s["frame"] is not None]
    assert frames, "a Snake Synapse turn has frames"
    assert len(scenes) == len(frames) + 1  # the frames, then the state after the turn
    page.goto(f"/matches/{match}/replay?turn=0")
    turn_no = page.locator("#turn-no")
    expect(turn_no).to_have_text(f"After turn 0 of {turns}")
    for n in range(1, len(frames) + 1):
        page.keyboard.press("ArrowRight")
        expect(turn_no).to_have_text(f"After turn 1 of {turns} · Frame {n}")
        expect(page.locator("#replay-lines")).to_contain_text(f"Frame {n}")
    page.keyboard.press("ArrowRight")
    expect(turn_no).to_have_text(f"After turn 1 of {turns}")
    page.keyboard.press("ArrowLeft")
    expect(turn_no).to_have_text(f"After turn 1 of {turns} · Frame {len(frames)}")
    if turns >= 2:
        page.get_by_role("link", name="Next step").click()
        page.get_by_role("link", name="Next step").click()
        expect(turn_no).to_have_text(f"After turn 2 of {turns} · Frame 1")
    axe_clean(page)


def test_a_whole_game_against_the_computer_on_a_phone(browser: Browser, server: str) -> None:
    page = new_page(browser, server, viewport=PHONE, reduced_motion="reduce")
    page.goto("/")
    page.get_by_role("button", name="Play against the computer").click()
    order = [f"{c}{r}" for r in (5, 4, 6, 3, 7, 2, 8, 1, 9) for c in "ABCDEFGHI"]
    verdict = page.locator("#gc-verdict")
    for n in range(1, 200):
        expect(page.locator("#status")).to_have_text(
            re.compile("Your turn|The game is over"), timeout=30_000
        )
        if "over" in page.locator("#status").inner_text():
            break
        fits_on_screen(page)
        empty = page.evaluate(
            "() => [...document.querySelectorAll('#board button.cell')]"
            ".filter(b => b.dataset.piece === '.').map(b => b.dataset.cell)"
        )
        choice = next(c for c in order if c in empty)
        page.get_by_role("button", name=f"{choice}, empty").click()
        expect(page.locator("#panel .turn-line")).to_have_text(f"Turn {n}", timeout=30_000)
    expect(verdict).to_have_text(re.compile(r"^(You won\.|You lost\.|Draw\.)"))
    # The status line tells the same verdict, from the player's side.
    expect(page.locator("#status")).to_have_text("The game is over. " + verdict.inner_text())
    expect(page.locator("#steps")).to_contain_text("The game is over.")
    fits_on_screen(page)


def test_snake_synapse_on_one_screen_hands_over_too(browser: Browser, server: str) -> None:
    page = new_page(browser, server)
    sign_up(page)
    token = csrf(page, "/")
    match = new_match(page, token, "snake-synapse", ["me", "local", "bot:easy"])
    page.goto(f"/matches/{match}")
    expect(page.locator("#status")).to_contain_text(re.compile(r"Red .*to play"))
    for _step in range(5):
        page.get_by_role("button", name="down", exact=True).click()
    expect(page.locator("#path-text")).to_contain_text("(5/5)")
    expect(page.locator("#board .path")).not_to_have_count(0)
    page.get_by_role("button", name="Send").click()
    expect(page.get_by_role("region", name="Give the device to Blue")).to_be_visible()
    expect(page.locator(".play-area")).to_be_hidden()
    page.get_by_role("button", name="I am Blue: continue").click()
    expect(page.locator("#status")).to_contain_text(re.compile(r"Blue .*to play"))
    expect(page.locator("#path-text")).to_contain_text("(0/5)")
    expect(page.locator("#board .path")).to_have_count(0)  # nothing of red's path
