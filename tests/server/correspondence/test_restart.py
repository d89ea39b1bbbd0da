"""A real server killed with SIGKILL just before a hard deadline, started again after it.

The turn must resolve exactly once, with every order the server had accepted.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from datetime import date, timedelta
from pathlib import Path

import httpx
import pytest
from sqlalchemy import select

from samtempa.server.app import build_services
from samtempa.server.core.clock import ManualClock, utcnow
from samtempa.server.core.config import Settings
from samtempa.server.core.security import hash_password
from samtempa.server.models import Match, Turn, User
from samtempa.server.models_correspondence import MatchEvent, Notification, TurnPost
from samtempa.server.services import accounts, editions
from samtempa.server.services.matches import seats_of
from tests.servers import free_port, spawn, wait_ready

from .conftest import colour_as, race_as, register_as, user

#: Seconds between the opening of the turn (96 h ago, on a clock moved back) and its hard
#: deadline: two players log in and send their orders, and the server is killed, within them.
MARGIN_S = 10.0


class Server:
    """``samtempa serve`` in a subprocess, on its own port and data folder."""

    def __init__(self, data: Path) -> None:
        self.data = data
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.url = f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {**os.environ, "SAMTEMPA_TURN_GIF_WIDTH": "96", "SAMTEMPA_CORRESPONDENCE_POLL_S": "1"}
        command = [sys.executable, "-m", "samtempa.cli", "serve", "--port", str(self.port)]
        log = self.data / "serve.log"
        self.proc = spawn([*command, "--data", str(self.data)], log, env=env)
        wait_ready(self.proc, log, "samtempa serve", self._answers, self.kill, 60, 0.1)

    def _answers(self) -> bool:
        try:
            return httpx.get(self.url + "/editions", timeout=2).status_code == 200
        except httpx.HTTPError:
            return False

    def kill(self) -> None:
        assert self.proc is not None
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)
        self.proc = None


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    s = Server(tmp_path)
    try:
        yield s
    finally:
        if s.proc is not None:
            s.kill()


def log_in(url: str, login: str) -> httpx.Client:
    client = httpx.Client(base_url=url, timeout=10)
    page = client.get("/login")
    csrf = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert csrf
    r = client.post(
        "/login", data={"csrf_token": csrf.group(1), "login": login, "password": "password123"}
    )
    assert r.status_code in (200, 303), r.text[:300]
    return client


def csrf(client: httpx.Client) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', client.get("/editions").text)
    assert found
    return found.group(1)


def test_sigkill_before_the_hard_deadline_resolves_the_turn_once_after_restart(
    server: Server, tmp_path: Path
) -> None:
    server.start()  # migrates the database; from now on it runs beside the set-up below
    settings = Settings(data_dir=tmp_path)
    # Registration, colours and races today (their own deadlines far ahead)…
    setup = build_services(settings, clock=ManualClock(utcnow()))
    hashed = hash_password("password123")
    with setup.db.write() as session:
        ids = [
            accounts.sign_up(
                session,
                accounts.SignUp(n, n.title(), f"{n}@example.org", "password123", date(1990, 1, 1)),
                utcnow(),
                16,
                password_hash=hashed,
            ).id
            for n in ("master", "ana", "bob", "cyd")
        ]
    gm, people = ids[0], ids[1:]

    async def ritual() -> str:
        act = setup.correspondence.act
        form = editions.NewEdition(seats=3, seed=5)
        mid: str = await act(
            "new", lambda s, now: editions.create_edition_tx(s, user(s, gm), form, now).id
        )
        for uid in people:
            await act(mid, register_as(uid, mid))
        for colour in ("red", "blue", "green"):
            with setup.db.read() as session:
                edition = editions.edition_of(session, mid)
                seats = seats_of(session, mid)
                drafter = next(s for s in seats if s.index == edition.drafter)
                nxt = [s.index for s in seats if "colour" not in s.options and s is not drafter]
            await act(mid, colour_as(drafter.user_id, mid, colour, nxt[0] if nxt else None))
        for uid in people[:-1]:
            await act(mid, race_as(uid, mid, "dasher"))
        return mid

    match_id = asyncio.run(ritual())
    setup.db.close()
    # …and the last race chosen on a clock moved back: turn 1 opened 96 h minus a moment ago.
    opened = utcnow() - timedelta(hours=96) + timedelta(seconds=MARGIN_S)
    late = build_services(settings, clock=ManualClock(opened))
    asyncio.run(late.correspondence.act(match_id, race_as(people[-1], match_id, "dasher")))
    late.db.close()
    hard = opened + timedelta(hours=96)

    # Two players send their orders to the running server; the third stays silent.
    check = build_services(settings)
    with check.db.read() as session:
        by_user = {s.user_id: s.player for s in seats_of(session, match_id)}
    check.db.close()
    accepted = {}
    for uid, login in zip(people[:2], ("ana", "bob"), strict=True):
        client = log_in(server.url, login)
        r = client.post(
            f"/api/matches/{match_id}/orders",
            json={"player": by_user[uid], "orders": {"path": "RRDLL"}, "turn": 1},
            headers={"X-CSRF-Token": csrf(client)},
        )
        assert r.status_code == 200, r.text
        accepted[by_user[uid]] = r.json()["orders"]
        client.close()
    left = (hard - utcnow()).total_seconds()
    assert left > 0.5, (
        f"the machine was too slow: the deadline passed before the kill ({left:.1f} s)"
    )
    server.kill()  # SIGKILL, the deadline about to pass
    time.sleep(max(0.0, (hard - utcnow()).total_seconds()) + 1.0)

    for attempt in range(2):  # started again (and once more: still one resolution)
        server.start()
        turn = None
        stop = time.monotonic() + 30
        while time.monotonic() < stop:
            data = httpx.get(f"{server.url}/api/editions/{match_id}", timeout=5).json()
            if data["turn"] >= 1:
                turn = data
                break
            time.sleep(0.2)
        assert turn is not None, "the overdue turn was not resolved after the restart"
        server.kill()
        check = build_services(Settings(data_dir=tmp_path))
        with check.db.read() as session:
            turns = list(session.scalars(select(Turn).where(Turn.match_id == match_id)))
            assert [t.number for t in turns] == [1], attempt
            assert turns[0].resolved_at >= hard  # after the restart, not before the kill
            for player, orders in accepted.items():
                assert turns[0].orders[player] == orders  # no accepted order lost
            silent = by_user[people[2]]
            assert turns[0].orders[silent] == {"removed": True}
            assert (
                len(list(session.scalars(select(TurnPost).where(TurnPost.match_id == match_id))))
                == 1
            )
            resolved = session.scalars(
                select(MatchEvent).where(
                    MatchEvent.match_id == match_id, MatchEvent.kind == "turn-resolved"
                )
            )
            assert len(list(resolved)) == 1
            notes = list(
                session.scalars(select(Notification).where(Notification.kind == "turn-resolved"))
            )
            assert sorted(n.user_id for n in notes) == sorted([gm, *people])
            match = session.get(Match, match_id)
            assert match is not None
            assert match.turn == 1
            assert session.get(User, gm) is not None
        check.db.close()
