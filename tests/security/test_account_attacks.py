"""Attacks on accounts against a real ``samtempa serve`` (issue 17, items 3, 6, 7, 8).

Each attack runs the server the way an operator does (its command, its
``SAMTEMPA_*`` variables) and talks to it over HTTP only. The figures the
report needs (how many logins reach the password hash in a burst, how long a
reset request takes for a known and an unknown address) are printed; run
with ``-s`` to see them.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from tests.security.accounts_http import (
    PASSWORD,
    Browser,
    Figures,
    MailCatcher,
    page_text,
    reset_request,
    serving,
    sign_up_confirmed,
)
from tests.security.conftest import ServeProcess

LINK_RE = re.compile(r"(\S+)/password-reset/([\w-]+)")
AGAINST_THE_COMPUTER = {"game": "what-the-shell", "seats": ["me", "bot:easy"]}


@pytest.fixture(scope="module")
def mailbox(serve_database: None) -> Iterator[MailCatcher]:
    """One per database too: the same logins sign up again on the second."""
    with MailCatcher() as catcher:
        yield catcher


@pytest.fixture(scope="module")
def served(
    tmp_path_factory: pytest.TempPathFactory, mailbox: MailCatcher, serve_database: None
) -> Iterator[ServeProcess]:
    """A server whose mail reaches ``mailbox`` (one per database: ``serve_database``)."""
    with serving(tmp_path_factory.mktemp("accounts"), mailbox.env) as proc:
        yield proc


def _browser(proc: ServeProcess) -> Browser:
    return Browser(proc.url)


# --- item 3: a borrowed browser ------------------------------------------------------------


def test_logging_in_on_a_borrowed_browser_takes_none_of_the_owners_games(
    served: ServeProcess,
) -> None:
    shared, elsewhere = _browser(served), _browser(served)
    assert shared.sign_up("alice3").status_code == 303
    created = shared.api("POST", "/api/matches", AGAINST_THE_COMPUTER)
    assert created.status_code == 201, created.text
    match_id = created.json()["match"]
    alice_player = shared.client.get(f"/api/matches/{match_id}").json()["yours"]
    assert len(alice_player) == 1
    alice_cookie = shared.session_cookie
    assert elsewhere.sign_up("bob3").status_code == 303

    # Bob logs in on Alice's browser without her logging out.
    assert shared.log_in("bob3").status_code == 303
    assert shared.who() == "bob3"
    assert shared.session_cookie != alice_cookie, "a login must issue a new session"
    assert shared.client.get(f"/api/matches/{match_id}").json()["yours"] == []
    refused = shared.api(
        "POST",
        f"/api/matches/{match_id}/orders",
        {"player": alice_player[0], "orders": "E5", "turn": 1},
    )
    assert refused.status_code == 403, refused.text

    # Alice's old session is over; her game is still hers on any browser she logs in on.
    ghost = _browser(served)
    ghost.client.cookies.set("samtempa_session", alice_cookie or "")
    assert ghost.who() is None
    alice = _browser(served)
    assert alice.log_in("alice3").status_code == 303
    assert alice.client.get(f"/api/matches/{match_id}").json()["yours"] == alice_player


def test_a_guests_games_follow_whoever_logs_in_from_that_guest_session_only(
    served: ServeProcess,
) -> None:
    owner, guest = _browser(served), _browser(served)
    assert owner.sign_up("carla3").status_code == 303
    assert owner.post_form("/logout", {}).status_code == 303
    created = guest.api("POST", "/api/matches", AGAINST_THE_COMPUTER)
    guest_game = created.json()["match"]
    mine = guest.client.get(f"/api/matches/{guest_game}").json()["yours"]
    assert len(mine) == 1
    # The guest logs in: the game comes along (a new session, the same person).
    assert guest.log_in("carla3").status_code == 303
    assert guest.client.get(f"/api/matches/{guest_game}").json()["yours"] == mine
    # Someone else then logs in on that browser: Carla's games stay Carla's.
    assert _browser(served).sign_up("dan3").status_code == 303
    assert guest.log_in("dan3").status_code == 303
    assert guest.client.get(f"/api/matches/{guest_game}").json()["yours"] == []
    assert owner.log_in("carla3").status_code == 303
    assert owner.client.get(f"/api/matches/{guest_game}").json()["yours"] == mine


# --- item 6: the login limit under a burst -----------------------------------------------------


def _burst(proc: ServeProcess, attempts: list[tuple[str, str]]) -> tuple[list[int], float]:
    """Fire every (login, password) at once from one browser; each answer's status, and
    the seconds from the first to the last answer."""
    browser = _browser(proc)
    token = browser.csrf("/login")
    cookies = dict(browser.client.cookies)
    start = threading.Barrier(len(attempts))

    def one(attempt: tuple[str, str]) -> int:
        ident, password = attempt
        with httpx.Client(base_url=proc.url, cookies=cookies, timeout=120) as client:
            start.wait()
            answer = client.post(
                "/login", data={"csrf_token": token, "login": ident, "password": password}
            )
            return answer.status_code

    began = time.monotonic()
    with ThreadPoolExecutor(len(attempts)) as pool:
        statuses = list(pool.map(one, attempts))
    return statuses, time.monotonic() - began


def _allowed(limit: int, seconds: float, window_s: float = 300) -> int:
    """What the limit lets through in ``seconds``: ``limit`` at once, then one per
    window / limit (a burst on a busy machine may last that long)."""
    return limit + int(seconds // (window_s / limit))


def _hash_checks(proc: ServeProcess) -> int:
    """How many logins reached the password hash, from the server's own log."""
    return len(re.findall(r"login: password checked", proc.log_text()))


@pytest.mark.sqlite_only(reason="the burst over many names runs the same limiter on PostgreSQL")
def test_a_burst_of_60_wrong_passwords_reaches_the_hash_at_most_5_times(tmp_path: Path) -> None:
    with serving(tmp_path, {}) as proc:
        sign_up_confirmed(proc, "vera6", None)  # its email names the account from now on
        wrong = [("vera6", f"wrong-{i}") for i in range(30)]
        wrong += [("Vera6@example.org", f"wrong-{i}") for i in range(30, 60)]
        statuses, seconds = _burst(proc, wrong)
        checked = statuses.count(401)
        print(
            f"\nburst of 60 wrong passwords, one account: {checked} reached the hash "
            f"(limit 5, burst {seconds:.1f} s)"
        )
        assert checked <= _allowed(5, seconds), f"{checked} of 60 wrong passwords reached the hash"
        assert statuses.count(429) == 60 - checked, statuses
        assert _hash_checks(proc) == checked
        # Locked: the right password is refused too, by the login name and by the email.
        for ident in ("vera6", "vera6@example.org"):
            answer = _browser(proc).log_in(ident)
            assert answer.status_code == 429, answer.status_code
        assert _hash_checks(proc) == checked, "a refused login must not reach the hash"


def test_a_burst_over_many_names_from_one_address_reaches_the_hash_at_most_20_times(
    tmp_path: Path,
) -> None:
    with serving(tmp_path, {}) as proc:
        statuses, seconds = _burst(proc, [(f"nobody{i}", "wrong-password") for i in range(60)])
        checked = statuses.count(401)
        print(
            f"\nburst of 60 wrong logins, 60 names, one address: {checked} reached the hash "
            f"(limit 20, burst {seconds:.1f} s)"
        )
        assert checked <= _allowed(20, seconds), checked
        assert statuses.count(429) == 60 - checked
        assert _hash_checks(proc) == checked


# --- item 7: a forged Host header -----------------------------------------------------------------


def test_a_forged_host_header_never_reaches_the_reset_link(
    served: ServeProcess, mailbox: MailCatcher
) -> None:
    sign_up_confirmed(served, "rita7", mailbox)
    answer, _ = reset_request(served.url, "rita7@example.org", host="evil.example")
    assert answer.status_code == 200
    body = mailbox.wait_for("rita7@example.org", lambda text: "/password-reset/" in text)
    base, _token = LINK_RE.search(body).groups()  # type: ignore[union-attr]
    assert base == served.url, body
    assert "evil.example" not in body


def test_a_reset_voids_every_other_reset_link_and_every_session(
    served: ServeProcess, mailbox: MailCatcher
) -> None:
    victim = sign_up_confirmed(served, "sam7", mailbox)
    for _ in range(2):
        assert reset_request(served.url, "sam7@example.org")[0].status_code == 200
    links: list[str] = []

    def two_links(_text: str) -> bool:
        links[:] = [
            m.group(2)
            for msg in mailbox.to("sam7@example.org")
            for m in LINK_RE.finditer(msg.get_body().get_content())  # type: ignore[attr-defined]
        ]
        return len(links) >= 2

    mailbox.wait_for("sam7@example.org", two_links)
    first, second = links[:2]
    resetter = _browser(served)
    done = resetter.post_form(f"/password-reset/{second}", {"password": "brand-new-pass"})
    assert done.status_code == 303, done.text
    stale = resetter.post_form(f"/password-reset/{first}", {"password": "attacker-pass-1"})
    assert stale.status_code == 400, "an older reset link must die with the reset"
    assert victim.who() is None, "every session ends with a reset"
    assert _browser(served).log_in("sam7", "brand-new-pass").status_code == 303


# --- item 8: known and unknown addresses look the same ------------------------------------------


def _reset_timings(
    proc: ServeProcess, known: str, rounds: int
) -> tuple[Figures, Figures, set[str]]:
    """Reset requests for a known and unknown addresses, interleaved; timings and pages."""
    known_t, unknown_t, pages = Figures(), Figures(), set()
    for i in range(rounds):
        for address, figures in ((known, known_t), (f"nobody{i}@example.org", unknown_t)):
            answer, seconds = reset_request(proc.url, address)
            assert answer.status_code == 200, (address, answer.status_code)
            figures.samples.append(seconds)
            pages.add(page_text(answer))
    return known_t, unknown_t, pages


@pytest.mark.sqlite_only(reason="the mail server's behaviour, not the database's")
def test_a_reset_request_with_the_mail_server_down_answers_the_same(
    served: ServeProcess, mailbox: MailCatcher
) -> None:
    sign_up_confirmed(served, "kate8", mailbox)
    with mailbox.down():
        known, unknown, pages = _reset_timings(served, "kate8@example.org", 15)
    print(f"\nreset, mail server down: known {known}; unknown {unknown}")
    assert len(pages) == 1, "the same page for known and unknown addresses"
    assert abs(known.median_ms - unknown.median_ms) < 100


@pytest.mark.sqlite_only(reason="the mail server's behaviour, not the database's")
def test_a_reset_request_through_a_slow_mail_server_takes_the_same_time(
    served: ServeProcess, mailbox: MailCatcher
) -> None:
    sign_up_confirmed(served, "lena8", mailbox)
    with mailbox.slow(0.3):
        known, unknown, pages = _reset_timings(served, "lena8@example.org", 15)
        print(f"\nreset, mail server answering in 0.3 s: known {known}; unknown {unknown}")
        assert len(pages) == 1
        # Sending one message takes 0.3 s here: an answer that waited for it shows.
        assert abs(known.median_ms - unknown.median_ms) < 100
        mailbox.wait_for("lena8@example.org", lambda text: "/password-reset/" in text)
    assert not mailbox.to("nobody0@example.org")


def test_signing_up_with_a_taken_email_looks_like_signing_up_with_a_new_one(
    served: ServeProcess, mailbox: MailCatcher
) -> None:
    sign_up_confirmed(served, "olga8", mailbox)
    taken = _browser(served).sign_up("ivan8", email="olga8@example.org", password="ivan-secret")
    fresh = _browser(served).sign_up("nina8", email="nina8@example.org")
    assert (taken.status_code, taken.headers.get("location")) == (
        fresh.status_code,
        fresh.headers.get("location"),
    )
    assert "already" not in taken.text.lower()
    # The owner hears about it; the intruder gets nothing of the owner's account.
    notice = mailbox.wait_for("olga8@example.org", lambda text: "ivan8" in text)
    assert "/password-reset/" not in notice
    assert _browser(served).log_in("olga8@example.org", "ivan-secret").status_code == 401
    assert _browser(served).log_in("ivan8", "ivan-secret").status_code == 303
    assert _browser(served).log_in("olga8@example.org", PASSWORD).status_code == 303
    # The new address, unlike the taken one, is asked to confirm itself.
    mailbox.wait_for("nina8@example.org", lambda text: "/account/email/" in text)
