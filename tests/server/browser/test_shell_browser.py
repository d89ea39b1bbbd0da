"""What the Shell in real browsers: two players online, hotseat, bots, spectators."""

from __future__ import annotations

import itertools
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Browser, Page, WebSocket, expect

_ids = itertools.count()

BLACK_LINE = ["A1", "A2", "A3", "A4", "A5"]  # five in a row: black wins on turn 5
WHITE_MOVES = ["I1", "I3", "I5", "I7", "I9"]


def new_page(browser: Browser, base: str) -> Page:
    context = browser.new_context(base_url=base, locale="en-US")
    page = context.new_page()
    page.set_default_timeout(15000)
    return page


def sign_up(page: Page) -> str:
    login = f"player{next(_ids)}x{id(page) % 10000}"
    page.goto("/signup")
    page.get_by_label("Login").fill(login)
    page.get_by_label("Name shown to other players").fill(login.title())
    page.get_by_label("Email").fill(f"{login}@example.org")
    page.get_by_label("Password").fill("password123")
    page.get_by_label("Birth date").fill("1990-04-01")
    page.get_by_role("button", name="Create my account").click()
    expect(page.get_by_role("link", name=login.title())).to_be_visible()
    return login


def cell(page: Page, name: str) -> Any:
    """A cell's button: its name is the cell and what is on it ("E5, empty")."""
    return page.get_by_role("button", name=re.compile(f"^{name},"))


def empty_cell(page: Page) -> str:
    """The name of an empty cell on the page's board."""
    name = page.locator('#board button.cell[data-piece="."]').first.get_attribute("data-cell")
    assert name is not None
    return name


def hand_over(page: Page, player: str) -> None:
    """The hotseat's hand-over screen between the two picks: the next player goes on."""
    expect(page.get_by_role("heading", name=f"Give the device to {player}")).to_be_visible()
    page.get_by_role("button", name=f"I am {player}: continue").click()


def wait_turn(page: Page, n: int) -> None:
    """The reveal of turn ``n`` has finished playing on this page."""
    expect(page.locator("#panel")).to_contain_text(f"Turn {n}")


def record_frames(page: Page) -> list[str]:
    frames: list[str] = []

    def on_socket(ws: WebSocket) -> None:
        ws.on("framereceived", lambda payload: frames.append(str(payload)))

    page.on("websocket", on_socket)
    return frames


def online_shell_game(alice: Page, bob: Page, _: Callable[..., str] = str) -> str:
    """Alice opens an online What the Shell game, Bob joins by the invite link; both are
    asked for a pick. Returns the match's path. ``_`` translates the page's words."""
    alice.goto("/play?game=what-the-shell")
    alice.get_by_label(_("Someone online (invite link)")).check()
    alice.get_by_role("button", name=_("Create the game")).click()
    invite = alice.get_by_label(_("Invite link")).input_value()
    match_url = re.sub(r"^https?://[^/]+", "", invite)
    bob.goto(match_url)
    bob.get_by_role("button", name=_("Join this game")).click()
    for page in (bob, alice):
        expect(page.locator("#status")).to_contain_text(_("Your turn: pick an empty cell."))
    return match_url


def test_two_browsers_play_a_whole_game_and_a_spectator_watches(
    browser: Browser, server: str
) -> None:
    alice, bob, watcher = (new_page(browser, server) for _ in range(3))
    bob_frames = record_frames(bob)
    watcher_frames = record_frames(watcher)
    sign_up(alice)
    sign_up(bob)
    match_url = online_shell_game(alice, bob)
    watcher.goto(match_url)
    expect(watcher.locator("#status")).to_contain_text("watching")

    for turn, (b, w) in enumerate(zip(BLACK_LINE, WHITE_MOVES, strict=True), start=1):
        mark = len(bob_frames), len(watcher_frames)
        cell(alice, b).click()
        expect(alice.locator("#status")).to_contain_text("Waiting for the opponent")
        # Bob is told that black has picked, never what.
        expect(bob.locator("#status")).to_contain_text("Your opponent has picked")
        expect(bob.locator('#seats li[data-player="black"] .picked')).to_be_visible()
        for frames in (bob_frames[mark[0] :], watcher_frames[mark[1] :]):
            assert frames, "the 'submitted' notice reached the socket"
            assert not any(b in f for f in frames), frames
        # The page holds nothing of the pick: the cell looks like any empty cell.
        for page in (bob, watcher):
            html = cell(page, b).evaluate("e => e.outerHTML")
            assert "pending" not in html
            assert html == cell(page, "E9").evaluate("e => e.outerHTML").replace("E9", b)
        cell(bob, w).click()
        for page in (alice, bob, watcher):
            wait_turn(page, turn)
        expect(bob.locator("#steps")).to_contain_text(f"Black picked {b} and white picked {w}.")
        expect(watcher.locator("#steps")).to_contain_text(f"and white picked {w}.")

    # The result is said from each viewer's side, by the game controls' verdict, and the
    # status line says it too (live.js setOver).
    for page, said in ((alice, "You won."), (bob, "You lost."), (watcher, "Black won.")):
        expect(page.locator("#gc-verdict")).to_contain_text(said)
        expect(page.locator("#status")).to_have_text(f"The game is over. {said}")
    expect(alice.get_by_role("button", name="Rematch")).to_be_visible()
    # A finished turn can be stepped through.
    watcher.goto(match_url + "/replay?turn=2")
    expect(watcher.locator("#turn-no")).to_contain_text("After turn 2 of 5")
    watcher.get_by_role("link", name="Next step").click()  # turn 3's steps, then its end
    expect(watcher.locator("#turn-no")).to_contain_text("Turn 3 of 5, step 1 of")
    watcher.get_by_role("link", name="A3/I5").click()
    expect(watcher.locator("#turn-no")).to_contain_text("After turn 3 of 5")
    expect(watcher.locator("#move-list")).to_contain_text("A3/I5")


def test_hotseat_game_hands_the_screen_over_between_the_picks(
    browser: Browser, server: str
) -> None:
    page = new_page(browser, server)
    page.goto("/")
    page.get_by_role("button", name="Play on one screen").click()
    expect(page.locator("#status")).to_contain_text("Black to play")
    for turn, (b, w) in enumerate(zip(BLACK_LINE, WHITE_MOVES, strict=True), start=1):
        cell(page, b).click()
        hand_over(page, "White")
        expect(page.locator("#status")).to_contain_text("White to play")
        # No mark of the first pick is left for white to see.
        expect(cell(page, b)).to_have_class("cell")
        cell(page, w).click()
        wait_turn(page, turn)
    expect(page.locator("#gc-verdict")).to_contain_text("Black won.")
    expect(page.locator("#steps")).to_contain_text("The game is over.")
    # One screen holds both seats: its status line tells the result as a spectator's.
    expect(page.locator("#status")).to_have_text("The game is over. Black won.")
    page.reload()  # from the snapshot this time, not the reveal
    expect(page.locator("#status")).to_have_text("The game is over. Black won.")


def test_keyboard_play_and_refusal_reason(browser: Browser, server: str) -> None:
    page = new_page(browser, server)
    page.goto("/")
    page.get_by_role("button", name="Play on one screen").click()
    cell(page, "E5").focus()
    page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # F5 for black
    hand_over(page, "White")
    cell(page, "F5").focus()
    page.keyboard.press("Enter")  # white F5 too: a collision lays an egg
    wait_turn(page, 1)
    expect(page.locator("#steps")).to_contain_text("Black and white both picked F5.")
    expect(page.locator("#egg-queue")).to_contain_text("F5")
    cell(page, "F5").click()
    expect(page.locator("#status")).to_contain_text("not empty")


def test_against_the_computer_at_each_level(browser: Browser, server: str) -> None:
    page = new_page(browser, server)
    for level in ("easy", "medium", "hard", "expert"):
        page.goto("/")
        page.get_by_label("Computer level").select_option(f"bot:{level}")
        page.get_by_role("button", name="Play against the computer").click()
        expect(page.locator("#seats")).to_contain_text(f"computer ({level})")
        expect(page.locator("#status")).to_contain_text("Your turn")
        cell(page, "E5").click()
        wait_turn(page, 1)
        # The bot may pick E5 too: then the collision lays an egg there.
        expect(page.locator("#steps")).to_contain_text(
            re.compile("white picked|Black and white both picked E5")
        )
        cell(page, empty_cell(page)).click()
        wait_turn(page, 2)
