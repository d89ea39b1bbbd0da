"""The players' chat in real browsers: two players of an online What the Shell game talk."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from .test_shell_browser import new_page, online_shell_game, record_frames, sign_up


def test_two_players_exchange_chat_lines_and_a_spectator_sees_none(
    browser: Browser, server: str
) -> None:
    alice, bob, watcher = (new_page(browser, server) for _ in range(3))
    watcher_frames = record_frames(watcher)
    sign_up(alice)
    sign_up(bob)
    match_url = online_shell_game(alice, bob)
    watcher.goto(match_url)
    expect(watcher.locator("#status")).to_contain_text("watching")
    expect(watcher.get_by_label("Your message")).to_have_count(0)

    # Markup is shown as typed, never interpreted.
    alice.get_by_label("Your message").fill("good luck <b>Bob</b>")
    alice.get_by_role("button", name="Post").click()
    for page in (alice, bob):
        expect(page.locator("#chat-lines li")).to_have_count(1)
        expect(page.locator("#chat-lines li").last).to_have_text(
            re.compile(r": good luck <b>Bob</b>$")
        )
    expect(bob.locator("#chat-lines b")).to_have_count(0)
    expect(alice.get_by_label("Your message")).to_have_value("")

    bob.get_by_label("Your message").fill("thanks, you too")
    bob.get_by_label("Your message").press("Enter")
    expect(alice.locator("#chat-lines li").last).to_contain_text("thanks, you too")
    expect(bob.locator("#chat-lines li")).to_have_count(2)

    # A refusal says why, in the chat box, and gives the line back: "thanks" and these four
    # make five lines in a few seconds, the sixth waits.
    for i in range(4):
        bob.get_by_label("Your message").fill(f"quick {i}")
        bob.get_by_role("button", name="Post").click()
        expect(bob.locator("#chat-lines li")).to_have_count(3 + i)
    bob.get_by_label("Your message").fill("one too many")
    bob.get_by_role("button", name="Post").click()
    expect(bob.get_by_role("alert")).to_contain_text("at most 5 lines every 10 seconds")
    expect(bob.get_by_label("Your message")).to_have_value("one too many")
    expect(alice.locator("#chat-lines")).not_to_contain_text("one too many")
    expect(bob.locator("#steps")).not_to_contain_text("at most")  # the game's list stays the game's

    # The game goes on beside the chat: a turn still resolves on both pages.
    alice.get_by_role("button", name=re.compile("^A1,")).click()
    bob.get_by_role("button", name=re.compile("^I9,")).click()
    for page in (alice, bob, watcher):
        expect(page.locator("#panel")).to_contain_text("Turn 1")

    # A page opened later shows the history, oldest first.
    alice.reload()
    expect(alice.locator("#chat-lines li")).to_have_count(6)
    expect(alice.locator("#chat-lines li").first).to_contain_text("good luck <b>Bob</b>")
    assert watcher_frames, "the spectator's socket received the game's messages"
    assert not any("good luck" in f or "thanks" in f for f in watcher_frames), watcher_frames
