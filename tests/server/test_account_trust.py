"""Accounts that hold (issue 17, items 3, 6, 7, 8, 9, 11): in-process, through HTTP.

The same attacks against a real ``samtempa serve`` process live in
``tests/security/test_account_attacks.py``.
"""

from __future__ import annotations

import logging
import re
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from samtempa.server.app import create_app
from samtempa.server.core.config import Settings
from samtempa.server.models import PasswordReset, User
from samtempa.server.models_accounts import MailJob

from .conftest import confirm_email, csrf_of, mailed_token, make_user, sign_up

AGAINST_THE_COMPUTER = {"game": "what-the-shell", "seats": ["me", "bot:easy"]}


class Jar:
    """One browser's cookies on the shared test client."""

    def __init__(self, client: TestClient, cookies: httpx.Cookies | None = None) -> None:
        self.client = client
        self.cookies = cookies if cookies is not None else httpx.Cookies()

    def __enter__(self) -> TestClient:
        self.client.cookies = self.cookies
        return self.client

    def __exit__(self, *exc: object) -> None:
        self.cookies = self.client.cookies


def log_in(client: TestClient, ident: str, password: str = "password123") -> int:
    form = {"csrf_token": csrf_of(client, "/login"), "login": ident, "password": password}
    status: int = client.post("/login", data=form, follow_redirects=False).status_code
    return status


def new_game(client: TestClient) -> str:
    r = client.post(
        "/api/matches", json=AGAINST_THE_COMPUTER, headers={"X-CSRF-Token": csrf_of(client)}
    )
    assert r.status_code == 201, r.text
    return str(r.json()["match"])


def yours(client: TestClient, match_id: str) -> list[str]:
    mine: list[str] = client.get(f"/api/matches/{match_id}").json()["yours"]
    return mine


def services(client: TestClient) -> Any:
    return client.app.state.services  # type: ignore[attr-defined]


def wait_in_log(caplog: pytest.LogCaptureFixture, pattern: str, timeout: float = 30) -> None:
    """Until the background mailer has written a matching message (never a fixed time)."""
    deadline = time.monotonic() + timeout
    while not re.search(pattern, caplog.text, re.I | re.S):
        assert time.monotonic() < deadline, f"no {pattern!r} in {caplog.text[-1500:]}"
        time.sleep(0.02)


# --- item 3: seats follow their account, never the browser -----------------------------------


def test_logging_in_over_another_account_takes_none_of_its_seats(client: TestClient) -> None:
    shared, other = Jar(client), Jar(client)
    with shared as c:
        sign_up(c, "alice")
        game = new_game(c)
        assert len(yours(c, game)) == 1
        alice_session = c.cookies.get("samtempa_session")
    with other as c:
        sign_up(c, "bob")
    with shared as c:
        assert log_in(c, "bob") == 303
        assert c.cookies.get("samtempa_session") != alice_session
        assert yours(c, game) == []
    # Alice's old session ended with Bob's login; her game waits for her elsewhere.
    with Jar(client) as c:
        c.cookies.set("samtempa_session", alice_session or "")
        assert c.get("/account").status_code == 401
    with Jar(client) as c:
        assert log_in(c, "alice") == 303
        assert len(yours(c, game)) == 1


def test_guest_games_follow_the_one_who_logs_in_from_the_guest_session_only(
    client: TestClient,
) -> None:
    with Jar(client) as c:
        sign_up(c, "carla")
    with Jar(client) as c:
        sign_up(c, "dan")
    with Jar(client) as c:
        c.post("/logout", data={"csrf_token": csrf_of(c)})
        game = new_game(c)  # a guest's game against the computer
        seat = yours(c, game)
        assert log_in(c, "carla") == 303
        assert yours(c, game) == seat  # came along with the login
        assert log_in(c, "dan") == 303  # Dan on Carla's browser
        assert yours(c, game) == []
    with Jar(client) as c:
        assert log_in(c, "carla") == 303
        assert yours(c, game) == seat  # now Carla's on any browser


# --- item 6: the login limit -----------------------------------------------------------------


@pytest.fixture
def limited(tmp_path: Path) -> Iterator[TestClient]:
    settings = Settings(data_dir=tmp_path, login_failures_per_name=3, login_failures_per_address=50)
    with TestClient(create_app(settings)) as c:
        yield c


def test_the_login_name_and_the_email_are_one_bucket(limited: TestClient) -> None:
    make_user(services(limited), "erin")  # its address confirmed
    assert [log_in(limited, "erin", "wrong-one") for _ in range(2)] == [401, 401]
    assert log_in(limited, "ERIN@example.org", "wrong-two") == 401
    assert log_in(limited, "erin@example.org") == 429  # the account's 3 attempts are used
    assert log_in(limited, "erin") == 429


def test_concurrent_wrong_passwords_reach_the_hash_at_most_the_limit(
    limited: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    sign_up(limited, "frank")
    limited.post("/logout", data={"csrf_token": csrf_of(limited)})
    token = csrf_of(limited, "/login")
    start = threading.Barrier(20)
    caplog.set_level(logging.INFO, logger="samtempa.accounts")

    def attempt(i: int) -> int:
        start.wait()
        form = {"csrf_token": token, "login": "frank", "password": f"wrong-{i}"}
        status: int = limited.post("/login", data=form).status_code
        return status

    began = time.monotonic()
    with ThreadPoolExecutor(20) as pool:
        statuses = list(pool.map(attempt, range(20)))
    seconds = time.monotonic() - began
    assert sorted(set(statuses)) == [401, 429]
    # 3 at once, then one more per 300 s / 3 (however slow a burst on a busy machine).
    assert statuses.count(401) <= 3 + int(seconds // 100)
    assert caplog.text.count("login: password checked") == statuses.count(401)
    assert log_in(limited, "frank") == 429


def test_every_server_process_on_one_database_counts_in_one_place(tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, login_failures_per_name=2)
    with TestClient(create_app(settings)) as first:
        sign_up(first, "gina")
        first.post("/logout", data={"csrf_token": csrf_of(first)})
        assert [log_in(first, "gina", "wrong-pass") for _ in range(2)] == [401, 401]
    with TestClient(create_app(settings)) as second:  # another process, the same database
        assert log_in(second, "gina") == 429


def test_the_right_password_empties_the_account_bucket(limited: TestClient) -> None:
    sign_up(limited, "hugo")
    for _ in range(3):  # two typos then the right password, again and again: never locked out
        limited.post("/logout", data={"csrf_token": csrf_of(limited)})
        assert [log_in(limited, "hugo", "wrong-pass") for _ in range(2)] == [401, 401]
        assert log_in(limited, "hugo") == 303


# --- item 7: links from configuration; a reset ends everything else -------------------------


def test_a_forged_host_header_does_not_reach_the_reset_link(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="samtempa.mail")
    make_user(services(client), "ines")
    form = {"csrf_token": csrf_of(client), "email": "ines@example.org"}
    assert client.post("/password-reset", data=form, headers={"Host": "evil.example"}).is_success
    token = mailed_token(caplog, "/password-reset")
    assert f"http://127.0.0.1:8000/password-reset/{token}" in caplog.text
    assert "evil.example" not in caplog.text


def test_the_public_address_comes_from_configuration_only() -> None:
    assert Settings().public_url() == "http://127.0.0.1:8000"
    assert Settings(listen_host="10.0.0.5", listen_port=9000).public_url() == "http://10.0.0.5:9000"
    assert Settings(listen_host="::1", listen_port=80).public_url() == "http://[::1]:80"
    given = Settings(base_url="https://play.example/", listen_port=9000)
    assert given.public_url() == "https://play.example"
    assert "0.0.0.0" not in Settings(listen_host="0.0.0.0").public_url()


def test_a_reset_ends_every_other_reset_link_and_every_session(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="samtempa.mail")
    victim = Jar(client)
    make_user(services(client), "joan")
    with victim as c:
        assert log_in(c, "joan") == 303
    tokens: list[str] = []
    with Jar(client) as c:
        for _ in range(2):
            form = {"csrf_token": csrf_of(c), "email": "joan@example.org"}
            assert c.post("/password-reset", data=form).status_code == 200
            tokens.append(mailed_token(caplog, "/password-reset", tokens))
        first, second = tokens
        form = {"csrf_token": csrf_of(c), "password": "a-new-password"}
        assert c.post(f"/password-reset/{second}", data=form, follow_redirects=False).is_redirect
        form["password"] = "the-attacker-s"
        assert c.post(f"/password-reset/{first}", data=form).status_code == 400
    with victim as c:
        assert c.get("/account").status_code == 401  # logged out everywhere
        assert log_in(c, "joan", "a-new-password") == 303


# --- item 8: nothing says which addresses have accounts ----------------------------------------


def test_signing_up_with_a_taken_email_answers_as_with_a_new_one(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="samtempa.mail")
    make_user(services(client), "kim")
    answers = []
    for login, email in (("lee", "kim@example.org"), ("max", "max@example.org")):
        with Jar(client) as c:
            form = {"csrf_token": csrf_of(c, "/signup"), "login": login, "name": login.title()}
            form |= {"email": email, "password": "password123", "birth_date": "1990-01-01"}
            r = c.post("/signup", data=form, follow_redirects=False)
            answers.append((r.status_code, r.headers.get("location")))
            page = c.get("/account").text
            assert "not confirmed yet" in page
            assert email in page
    assert answers[0] == answers[1] == (303, "/")
    # The owner of the taken address is told, the new address asked to confirm itself.
    wait_in_log(caplog, r"mail to kim@example.org .*someone gave your email")
    wait_in_log(caplog, r"mail to max@example.org .*confirm your email")
    to_kim = [r.getMessage() for r in caplog.records if "mail to kim@" in r.getMessage()]
    assert not any("confirm your email" in m for m in to_kim)
    with Jar(client) as c:  # the address still opens Kim's account only
        assert log_in(c, "kim@example.org") == 303
        assert "(kim, kim@example.org)" in c.get("/account").text


def test_the_address_given_at_sign_up_counts_once_its_link_is_opened(
    client: TestClient, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.WARNING, logger="samtempa.mail")
    sign_up(client, "vic")
    first = mailed_token(caplog, "/account/email")
    # Until then the address opens nothing and resets nothing.
    client.post("/logout", data={"csrf_token": csrf_of(client)})
    assert log_in(client, "vic@example.org") == 401
    assert log_in(client, "vic") == 303
    again = client.post("/account/email", data={"csrf_token": csrf_of(client)})
    assert again.status_code == 429  # a link went out a moment ago: no mailbox flooding
    page = client.get(f"/account/email/{first}")
    assert (
        'action="/account/email/' in page.text
    )  # a button: scanners that open links confirm nothing
    confirm_email(client, caplog)
    assert "(vic, vic@example.org)" in client.get("/account").text
    reused = client.post(f"/account/email/{first}", data={"csrf_token": csrf_of(client)})
    assert reused.status_code == 400
    client.post("/logout", data={"csrf_token": csrf_of(client)})
    assert log_in(client, "vic@example.org") == 303


def test_a_reset_request_answers_the_same_with_the_mail_server_down(tmp_path: Path) -> None:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        closed = s.getsockname()[1]
    settings = Settings(data_dir=tmp_path, smtp_host="127.0.0.1", smtp_port=closed)
    with TestClient(create_app(settings)) as c:
        make_user(services(c), "nora")
        pages = set()
        for email in ("nora@example.org", "nobody@example.org"):
            r = c.post("/password-reset", data={"csrf_token": csrf_of(c), "email": email})
            assert r.status_code == 200
            pages.add(r.text.replace(csrf_of(c), ""))
        assert len(pages) == 1


def test_a_reset_request_only_queues_one_row_whatever_the_address(tmp_path: Path) -> None:
    app = create_app(Settings(data_dir=tmp_path))
    app.state.services.db.migrate()
    client = TestClient(app)  # no lifespan: no mailer runs, the queue stays as written
    make_user(app.state.services, "otto")
    for email in ("otto@example.org", "nobody@example.org"):
        r = client.post("/password-reset", data={"csrf_token": csrf_of(client), "email": email})
        assert r.status_code == 200
    with services(client).db.read() as session:
        jobs = session.scalars(select(MailJob).where(MailJob.kind == "reset")).all()
        assert sorted(j.address for j in jobs) == ["nobody@example.org", "otto@example.org"]
        assert session.scalar(select(func.count()).select_from(PasswordReset)) == 0


def test_a_malformed_address_is_refused_whoever_it_might_be(client: TestClient) -> None:
    for email in ("not-an-address", "a@b.c" + "x" * 300, "a\u202e@example.org"):
        r = client.post("/password-reset", data={"csrf_token": csrf_of(client), "email": email})
        assert r.status_code == 400
        assert "not an email address" in r.text


# --- item 9: birth dates -----------------------------------------------------------------------


@pytest.mark.parametrize("birth", ["1899-12-31", "2999-01-01"])
def test_birth_dates_before_1900_or_in_the_future_are_refused(
    client: TestClient, birth: str
) -> None:
    form = {"csrf_token": csrf_of(client, "/signup"), "login": "pat", "name": "Pat"}
    form |= {"email": "pat@example.org", "password": "password123", "birth_date": birth}
    r = client.post("/signup", data=form)
    assert r.status_code == 400
    assert "birth date" in r.text
    sign_up(client, "parent")
    child = {"csrf_token": csrf_of(client, "/account"), "login": "kid", "name": "Kid"}
    child |= {"password": "password123", "birth_date": birth}
    assert client.post("/account/children", data=child).status_code == 400
    assert "kid" not in client.get("/account").text


def test_a_child_born_today_is_accepted(client: TestClient) -> None:
    from datetime import UTC, datetime

    sign_up(client, "parent")
    today = datetime.now(UTC).date().isoformat()
    child = {"csrf_token": csrf_of(client, "/account"), "login": "baby", "name": "Baby"}
    child |= {"password": "password123", "birth_date": today}
    client.post("/account/children", data=child)
    assert "(baby)" in client.get("/account").text


# --- item 11: display names -------------------------------------------------------------------


@pytest.mark.parametrize(
    "name",
    [
        "evil\u202egnp.exe",  # right-to-left override
        "a\u2066b\u2069",  # isolates
        "zero\u200bwidth",
        "bell\x07",
        "line\u2028break",
        "\u3164",  # a Hangul filler: draws nothing
        "private\ue000",
        "x" * 41,
        "   ",
    ],
)
def test_a_display_name_refuses_invisible_and_reordering_characters(
    client: TestClient, name: str
) -> None:
    form = {"csrf_token": csrf_of(client, "/signup"), "login": "quinn", "name": name}
    form |= {"email": "quinn@example.org", "password": "password123", "birth_date": "1990-01-01"}
    r = client.post("/signup", data=form)
    assert r.status_code == 400, name
    assert "name" in r.text
    with services(client).db.read() as session:
        assert session.scalar(select(User).where(User.login == "quinn")) is None


def test_a_display_name_is_trimmed_and_may_be_any_script(client: TestClient) -> None:
    form = {
        "csrf_token": csrf_of(client, "/signup"),
        "login": "rosa",
        "name": "  Ros\u0061\u0301  Lé  ",
    }
    form |= {"email": "rosa@example.org", "password": "password123", "birth_date": "1990-01-01"}
    assert client.post("/signup", data=form, follow_redirects=False).status_code == 303
    with services(client).db.read() as session:
        user = session.scalar(select(User).where(User.login == "rosa"))
        assert user is not None
        assert user.name == "Ros\u00e1 Lé"  # composed (NFC), one space
    sign_up(client, "sara")
    child = {"csrf_token": csrf_of(client, "/account"), "login": "tim", "name": "Tim\u202e"}
    child |= {"password": "password123", "birth_date": "2015-01-01"}
    assert client.post("/account/children", data=child).status_code == 400


def test_the_refusals_are_translated(client: TestClient) -> None:
    form = {"csrf_token": csrf_of(client, "/signup?lang=fr"), "login": "ugo", "name": "U\u202e"}
    form |= {"email": "ugo@example.org", "password": "password123", "birth_date": "1990-01-01"}
    r = client.post("/signup", data=form)
    assert "caractères" in r.text
