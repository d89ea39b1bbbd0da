"""Correspondence games on a clock the tests move by hand, with a local SMTP server."""

from __future__ import annotations

import email
import socket
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import date, datetime
from email.message import Message
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from sqlalchemy.orm import Session

from samtempa.server.app import Services, build_services
from samtempa.server.core.clock import ManualClock
from samtempa.server.core.config import Settings
from samtempa.server.models import User
from samtempa.server.services import accounts

START = datetime(2026, 3, 2, 12, 0, 0)


@dataclass
class Mail:
    to: list[str]
    subject: str
    body: str


@dataclass
class Inbox:
    """What the local SMTP server received."""

    mails: list[Mail] = field(default_factory=list)

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        message: Message = email.message_from_bytes(envelope.content)
        payload = message.get_payload(decode=True)
        text = payload.decode("utf-8") if isinstance(payload, bytes) else str(payload)
        self.mails.append(Mail(list(envelope.rcpt_tos), str(message["Subject"]), text))
        return "250 OK"

    def to(self, address: str) -> list[Mail]:
        return [m for m in self.mails if address in m.to]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@pytest.fixture
def smtp() -> Iterator[tuple[Inbox, int]]:
    inbox = Inbox()
    port = free_port()
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    try:
        yield inbox, port
    finally:
        controller.stop()


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock(START)


@pytest.fixture
def settings(tmp_path: Path, smtp: tuple[Inbox, int]) -> Settings:
    return Settings(
        data_dir=tmp_path,
        smtp_host="127.0.0.1",
        smtp_port=smtp[1],
        smtp_starttls=False,
        base_url="https://samtempa.example",
        turn_gif_width=120,
        bot_budget_s=0.05,
    )


@pytest.fixture
def services(settings: Settings, clock: ManualClock) -> Iterator[Services]:
    built = build_services(settings, clock=clock)
    built.db.migrate()
    yield built
    built.db.close()


def make_users(services: Services, names: list[str], *, when: datetime = START) -> list[int]:
    """Accounts without the cost of argon2 (these tests never log in with a password)."""
    ids = []
    with services.db.write() as session:
        for name in names:
            form = accounts.SignUp(
                name, name.title(), f"{name}@example.org", "password123", date(1990, 1, 1)
            )
            ids.append(accounts.sign_up(session, form, when, 16, password_hash="not-a-hash").id)
    return ids


def user(session: Session, user_id: int | None) -> User:
    assert user_id is not None
    found = session.get(User, user_id)
    assert found is not None
    return found
