"""Correspondence games on a clock the tests move by hand, with a local SMTP server."""

from __future__ import annotations

import email
from collections.abc import Callable, Iterator
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
from samtempa.server.models_correspondence import Edition
from samtempa.server.services import accounts
from tests.servers import free_port

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
def settings(tmp_path: Path, smtp: tuple[Inbox, int], database_url: str) -> Settings:
    return Settings(
        database_url=database_url,
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


async def quick_edition(
    services: Services,
    players: int = 3,
    *,
    early: bool = True,
    grace_hours: int | None = None,
    game: str = "snake-synapse",
    turn_hours: int | None = None,
) -> tuple[str, int, list[int]]:
    """An edition whose ritual is done (colours in seat order, every snake a dasher).

    Returns the match id, the game master's id and the players' ids in seat order.
    """
    from samtempa.server.services import editions
    from samtempa.server.services.matches import seats_of

    ids = make_users(services, ["master", *(f"player{i}" for i in range(1, players + 1))])
    gm, people = ids[0], ids[1:]
    act = services.correspondence.act
    form = editions.NewEdition(
        game=game,
        seats=players if game == "snake-synapse" else None,
        early=early,
        grace_hours=grace_hours,
        turn_hours=turn_hours,
        seed=7,
    )
    match_id: str = await act(
        "new", lambda s, now: editions.create_edition_tx(s, user(s, gm), form, now).id
    )
    for uid in people:
        await act(match_id, register_as(uid, match_id))
    if game != "snake-synapse":
        return match_id, gm, people
    for colour in ("red", "blue", "green", "yellow", "purple", "orange")[:players]:
        with services.db.read() as session:
            edition = session.get(Edition, match_id)
            assert edition is not None
            seats = seats_of(session, match_id)
            drafter = next(s for s in seats if s.index == edition.drafter)
            waiting = [s.index for s in seats if "colour" not in s.options and s is not drafter]
        nxt = min(waiting) if waiting else None
        await act(
            match_id,
            colour_as(drafter.user_id, match_id, colour, nxt),
        )
    for uid in people:
        await act(
            match_id,
            race_as(uid, match_id, "dasher"),
        )
    return match_id, gm, people


Step = Callable[[Session, datetime], Any]


def register_as(user_id: int, match_id: str) -> Step:
    """One ritual step as a transaction function for ``correspondence.act``."""
    from samtempa.server.services import editions

    return lambda s, now: editions.register_tx(s, user(s, user_id), match_id, now)


def colour_as(user_id: int | None, match_id: str, colour: str, nxt: int | None) -> Step:
    from samtempa.server.services import editions

    return lambda s, now: editions.choose_colour_tx(s, user(s, user_id), match_id, colour, nxt, now)


def race_as(user_id: int, match_id: str, race: str) -> Step:
    from samtempa.server.services import editions

    return lambda s, now: editions.choose_race_tx(s, user(s, user_id), match_id, race, now)
