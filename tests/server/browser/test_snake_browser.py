"""Snake Synapse in real browsers: three players online, paths by keys and arrows, powers."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Page, WebSocketRoute, expect

from .test_shell_browser import new_page, record_frames, sign_up


def type_path(page: Page, letters: str) -> None:
    page.locator("#board").click(position={"x": 2, "y": 2})  # focus the page, not a field
    for letter in letters:
        page.keyboard.press(letter)


def click_path(page: Page, letters: str) -> None:
    names = {"U": "up", "D": "down", "L": "left", "R": "right"}
    for letter in letters:
        page.get_by_role("button", name=names[letter], exact=True).click()


def charges(page: Page, snake: str) -> str:
    return page.locator(f'tr[data-snake="{snake}"] .charges').inner_text()


def test_three_players_with_powers(browser: Browser, server: str) -> None:
    alice, bob, carol = (new_page(browser, server) for _ in range(3))
    bob_frames = record_frames(bob)
    for page in (alice, bob, carol):
        sign_up(page)
    alice.goto("/play?game=snake-synapse")
    alice.get_by_label("Seat 1", exact=True).select_option("me")
    alice.get_by_label("Race of seat 1").select_option("dasher")
    alice.get_by_label("Seat 2", exact=True).select_option("open")
    alice.get_by_label("Seat 3", exact=True).select_option("open")
    alice.get_by_role("button", name="Create the game").click()
    url = re.sub(r"^https?://[^/]+", "", alice.get_by_label("Invite link").input_value())
    for page, race in ((bob, "trapper"), (carol, "ghost")):
        page.goto(url)
        page.get_by_label("Race").select_option(race)
        page.get_by_role("button", name="Join this game").click()
    for page, snake in ((alice, "red"), (bob, "blue"), (carol, "green")):
        expect(page.locator("#status")).to_contain_text(
            re.compile(rf"{snake} \(\d\) to play", re.IGNORECASE)
        )

    # Alice types her path (drawn before sending) and dashes.
    type_path(alice, "DDDD")
    expect(alice.locator("#board .sq.path")).to_have_count(4)
    alice.keyboard.press("Backspace")
    type_path(alice, "DD")
    expect(alice.locator("#path-text")).to_have_text("DDDDD (5/5)")
    alice.get_by_label("Dash").select_option("1")
    mark = len(bob_frames)
    alice.get_by_role("button", name="Send").click()
    expect(alice.locator("#status")).to_contain_text("Waiting")
    expect(bob.locator('#seats li[data-player="red"] .picked')).to_be_visible()
    assert not any("DDDDD" in f or "dash" in f for f in bob_frames[mark:])
    # Bob clicks arrows and sets a trap to his left at his second step.
    click_path(bob, "DDDDD")
    bob.get_by_label("Set a trap").check()
    bob.get_by_role("combobox", name="at step").select_option("2")
    bob.get_by_role("combobox", name="direction").select_option("L")
    bob.get_by_role("button", name="Send").click()
    # Carol becomes a ghost.
    type_path(carol, "DDDDD")
    carol.get_by_label("Become a ghost").check()
    carol.get_by_role("button", name="Send").click()

    for page in (alice, bob, carol):
        # A dash makes six frames; the turn plays frame by frame.
        expect(page.locator("#steps")).to_contain_text("Frame 6")
        expect(page.locator("#panel")).to_contain_text("Turn 1")
        expect(page.locator('tr[data-snake="red"] .charges')).to_have_text("1")
        expect(page.locator('tr[data-snake="blue"] .charges')).to_have_text("0")
        expect(page.locator('tr[data-snake="green"] .charges')).to_have_text("0")
        expect(page.locator('#board svg .cell.trap[data-cell="F4"]')).to_have_count(1)
        expect(page.locator("#status")).to_contain_text("to play")  # the reveal is over

    # A second turn without powers; everyone survives.
    type_path(alice, "RUUUU")
    alice.get_by_role("button", name="Send").click()
    click_path(bob, "RUUUU")
    bob.get_by_role("button", name="Send").click()
    type_path(carol, "LUUUU")
    carol.get_by_role("button", name="Send").click()
    for page in (alice, bob, carol):
        expect(page.locator("#panel")).to_contain_text("Turn 2")
    assert charges(alice, "red") == "1"
    expect(alice.locator('#board svg .snake[data-id="red"] .head[data-cell="D3"]')).to_have_count(1)
    # The cells over the drawing say what they hold in their classes too.
    expect(alice.locator('#board .sq[data-cell="D3"] .seg.head[data-snake="red"]')).to_have_count(1)
    expect(alice.locator('#board .sq.trap[data-cell="F4"]')).to_have_count(1)


def test_french_letters_h_b_g_d(browser: Browser, server: str) -> None:
    page = new_page(browser, server)
    page.goto("/?lang=fr")
    page.goto("/play?game=snake-synapse")
    page.get_by_label("Place 2", exact=True).select_option("local")
    page.get_by_label("Place 3", exact=True).select_option("none")
    page.get_by_role("button", name="Créer la partie").click()
    type_path(page, "BBDGH")  # bas, bas, droite, gauche, haut
    expect(page.locator("#path-text")).to_have_text("BBDGH (5/5)")  # shown as typed


def test_a_path_begun_before_the_live_snapshot_is_kept(browser: Browser, server: str) -> None:
    """The page shows the turn from its embedded snapshot; the socket's first snapshot
    (same turn) must not wipe the steps clicked meanwhile (a CI run lost one)."""
    alice = new_page(browser, server)
    sign_up(alice)
    held: list[str | bytes] = []
    routes: list[WebSocketRoute] = []
    holding = [True]

    def relay(ws: WebSocketRoute) -> None:
        live = ws.connect_to_server()
        routes.append(ws)

        def from_server(message: str | bytes) -> None:
            if holding[0]:
                held.append(message)
            else:
                ws.send(message)

        live.on_message(from_server)

    alice.route_web_socket(re.compile(r".*/ws/matches/.*"), relay)
    alice.goto("/play?game=snake-synapse")
    alice.get_by_role("button", name="Create the game").click()
    expect(alice.locator("#status")).to_contain_text("to play")
    click_path(alice, "DD")
    expect(alice.locator("#path-text")).to_have_text("DD (2/5)")
    for _ in range(100):  # the server's snapshot reaches the route, not yet the page
        if any('"snapshot"' in str(m) for m in held):
            break
        alice.wait_for_timeout(50)
    assert any('"snapshot"' in str(m) for m in held)
    holding[0] = False
    for message in held:
        routes[0].send(message)
    alice.wait_for_timeout(300)
    click_path(alice, "DDD")
    expect(alice.locator("#path-text")).to_have_text("DDDDD (5/5)")
