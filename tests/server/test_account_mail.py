"""The account mailer (issue 17, item 8) and the login limit's atomic reservation (item 6).

The mailer looks an address up only when it sends, so what a visitor's
request writes is the same for every address; these tests drive it by hand.
"""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import date, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from samtempa.server.app import Services
from samtempa.server.models import PasswordReset, User
from samtempa.server.models_accounts import EmailConfirmation, MailJob
from samtempa.server.services import account_mail, accounts, login_limit
from samtempa.server.services.login_limit import Bucket, LoginLimited

from .conftest import make_user

T0 = datetime(2026, 12, 4, 9, 0)


@pytest.fixture
def outbox(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str, str]]:
    sent: list[tuple[str, str, str]] = []

    def send(_settings: Any, to: str, subject: str, body: str) -> None:
        sent.append((to, subject, body))

    monkeypatch.setattr(account_mail, "send_mail", send)
    return sent


def run(services: Services, at: datetime = T0) -> int:
    return account_mail.deliver_account_mail(
        services.db, services.settings, services.catalogs, lambda: at
    )


def queue(services: Services, kind: str, address: str, user_id: int | None = None) -> None:
    with services.db.write() as session:
        account_mail.queue(session, kind, address, "fr", T0, user_id)


def count(services: Services, table: Any) -> int:
    with services.db.read() as session:
        return int(session.scalar(select(func.count()).select_from(table)) or 0)


def test_a_reset_mails_the_confirmed_address_only(
    services: Services, outbox: list[tuple[str, str, str]]
) -> None:
    make_user(services, "ada")
    queue(services, "reset", "ada@example.org")
    queue(services, "reset", "nobody@example.org")
    assert run(services) == 1
    [(to, subject, body)] = outbox
    assert to == "ada@example.org"
    assert subject == "samtempa : nouveau mot de passe"  # no language of its own: the request's
    assert f"{services.settings.public_url()}/password-reset/" in body
    assert count(services, PasswordReset) == 1
    assert run(services) == 0  # each job once


def test_a_refused_message_takes_its_link_away_and_is_tried_again_later(
    services: Services, monkeypatch: pytest.MonkeyPatch
) -> None:
    make_user(services, "bea")
    tries: list[str] = []

    def down(_settings: Any, to: str, _subject: str, _body: str) -> None:
        tries.append(to)
        raise ConnectionRefusedError("the mail server is down")

    monkeypatch.setattr(account_mail, "send_mail", down)
    queue(services, "reset", "bea@example.org")
    assert run(services) == 0
    assert count(services, PasswordReset) == 0  # nobody got the link: it does not exist
    assert run(services) == 0
    assert len(tries) == 1  # not before its retry time
    for minutes in range(1, 60):
        run(services, T0 + timedelta(minutes=minutes))
    assert len(tries) == account_mail.MAX_ATTEMPTS
    with services.db.read() as session:
        job = session.scalar(select(MailJob))
        assert job is not None
        assert job.error is not None
        assert "down" in job.error


def test_a_sign_up_with_a_taken_address_warns_its_owner(
    services: Services, outbox: list[tuple[str, str, str]]
) -> None:
    make_user(services, "cleo")
    with services.db.write() as session:
        form = accounts.SignUp("dora", "Dora", "CLEO@example.org", "password123", date(1990, 1, 1))
        newcomer = accounts.register(session, form, T0, 16, password_hash="-")
        account_mail.queue(session, "confirm-email", "cleo@example.org", "en", T0, newcomer.id)
    run(services)
    [(to, subject, body)] = outbox
    assert to == "cleo@example.org"
    assert "someone" in subject
    assert "dora" in body
    assert "/account/email/" not in body
    assert count(services, EmailConfirmation) == 0
    with services.db.read() as session:
        dora = session.scalar(select(User).where(User.login == "dora"))
        assert dora is not None
        assert dora.email is None


def test_two_rounds_never_send_one_job_twice(
    services: Services, outbox: list[tuple[str, str, str]]
) -> None:
    make_user(services, "eva")
    for _ in range(5):
        queue(services, "reset", "eva@example.org")
    with ThreadPoolExecutor(4) as pool:
        list(pool.map(lambda _: run(services), range(4)))
    assert len(outbox) == 5


def test_a_reservation_is_atomic_under_concurrent_writers(services: Services) -> None:
    bucket = Bucket("account:1", limit=5, window_s=300)
    start = threading.Barrier(40)
    now = 1_000_000.0

    def attempt(_: int) -> bool:
        start.wait()
        try:
            with services.db.write() as session:
                login_limit.reserve(session, [bucket], now)
        except LoginLimited:
            return False
        return True

    with ThreadPoolExecutor(40) as pool:
        allowed = list(pool.map(attempt, range(40)))
    assert allowed.count(True) == 5
    # One more every window / limit = 60 s; a refusal counts nowhere.
    with services.db.write() as session:
        with pytest.raises(LoginLimited) as refused:
            login_limit.reserve(session, [bucket], now + 59)
        assert 0 < refused.value.retry_after <= 60
    with services.db.write() as session:
        login_limit.reserve(session, [bucket], now + 61)


def test_a_refusal_in_one_bucket_counts_in_none(services: Services) -> None:
    address = Bucket("address:10.0.0.1", limit=2, window_s=100)
    full = Bucket("account:9", limit=1, window_s=100)
    with services.db.write() as session:
        login_limit.reserve(session, [full], 0.0)
    for _ in range(3):
        with pytest.raises(LoginLimited), services.db.write() as session:
            login_limit.reserve(session, [address, full], 1.0)
    with services.db.write() as session:  # the address's two attempts are all still there
        login_limit.reserve(session, [address], 1.0)
        login_limit.reserve(session, [address], 1.0)
