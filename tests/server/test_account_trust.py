"""Links and addresses (issue 17, items 7 and 8), in-process through HTTP.

The same attacks against a real ``samtempa serve``: ``tests/security/test_account_attacks.py``.
"""

from __future__ import annotations

import logging
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from samtempa.server.app import create_app
from samtempa.server.core.config import Settings
from samtempa.server.models import PasswordReset
from samtempa.server.models_accounts import MailJob

from .account_helpers import Jar, log_in, services, wait_in_log
from .conftest import confirm_email, csrf_of, mailed_token, make_user, sign_up

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
