"""Two ``samtempa serve`` processes on one PostgreSQL and one Redis (issue 21).

The two players of a game are on different processes, as behind a load
balancer; one process is killed (SIGKILL) in the middle of the game. Nothing
accepted is lost, every turn resolves once, and a deadline armed in both
processes fires once.
"""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, select
from sqlalchemy.orm import Session

from samtempa.server.core.database import normalise_url
from samtempa.server.models import Match, Turn
from samtempa.server.models_correspondence import MatchEvent
from tests.conftest import TEMPLATE
from tests.security.accounts_http import Browser
from tests.security.conftest import ServeProcess
from tests.security.play_http import Socket, of_kind, signed_up, snapshot, wait_until
from tests.servers import PostgresServer, RedisServer

CLOCK_S = 6  # seconds per turn: the deadline of the last part


@pytest.fixture
def shared(
    tmp_path: Path, postgres_server: PostgresServer, redis_server: RedisServer
) -> Iterator[tuple[str, dict[str, str]]]:
    url = postgres_server.create_database(TEMPLATE)
    yield url, {"SAMTEMPA_DATABASE_URL": url, "SAMTEMPA_REDIS_URL": redis_server.url}
    postgres_server.drop_database(url)


def _turns(url: str, match_id: str) -> list[int]:
    engine = create_engine(normalise_url(url))
    try:
        with Session(engine) as session:
            return list(
                session.scalars(
                    select(Turn.number).where(Turn.match_id == match_id).order_by(Turn.id)
                )
            )
    finally:
        engine.dispose()


def _played_and_logged(url: str, match_id: str) -> tuple[int, int]:
    """Turns the match row says were played, and turn-resolved entries of its log."""
    engine = create_engine(normalise_url(url))
    try:
        with Session(engine) as session:
            played = session.scalar(select(Match.turn).where(Match.id == match_id))
            logged = session.scalar(
                select(func.count())
                .select_from(MatchEvent)
                .where(MatchEvent.match_id == match_id, MatchEvent.kind == "turn-resolved")
            )
            return int(played or 0), int(logged or 0)
    finally:
        engine.dispose()


def _order(browser: Browser, match_id: str, player: str, cell: str, turn: int) -> dict[str, object]:
    answer = browser.api(
        "POST", f"/api/matches/{match_id}/orders", {"player": player, "orders": cell, "turn": turn}
    )
    assert answer.status_code == 200, answer.text
    body: dict[str, object] = answer.json()
    return body


def test_two_processes_one_game_one_killed(
    tmp_path: Path, shared: tuple[str, dict[str, str]]
) -> None:
    url, env = shared
    a = ServeProcess(tmp_path / "a", env=env)
    b = ServeProcess(tmp_path / "b", env=env)
    for proc in (a, b):
        proc.data_dir.mkdir()
        proc.start()
    sockets: list[Socket] = []
    browsers: list[Browser] = []
    try:
        ana, bob = signed_up(a, "ana"), signed_up(b, "bob")
        browsers += [ana, bob]
        made = ana.api(
            "POST",
            "/api/matches",
            {"game": "what-the-shell", "seats": ["me", "open"], "clock_s": CLOCK_S},
        )
        assert made.status_code == 201, made.text
        match_id = made.json()["match"]
        joined = bob.api("POST", f"/api/matches/{match_id}/join")
        assert joined.status_code == 200, joined.text
        mine = snapshot(ana, match_id)["yours"][0]
        his = next(p for p in ("black", "white") if p != mine)
        ana_ws, bob_ws = Socket(a, ana, match_id), Socket(b, bob, match_id)
        sockets += [ana_ws, bob_ws]
        ana_ws.wait_for(of_kind("snapshot"))
        bob_ws.wait_for(of_kind("snapshot"))

        # Turn 1: one order in each process; each socket hears the other's notice, never its
        # orders, and both get the reveal through Redis.
        assert _order(ana, match_id, mine, "E5", 1)["revealed"] is False
        notice = bob_ws.wait_for(of_kind("submitted", player=mine))
        assert "orders" not in notice
        assert _order(bob, match_id, his, "D4", 1)["revealed"] is True
        seen = ana_ws.wait_for(of_kind("reveal", turn=1))
        assert seen["orders"] == {mine: "E5", his: "D4"}
        bob_ws.wait_for(of_kind("reveal", turn=1))

        # Turn 2: ana's order is accepted by a, then a dies before bob plays.
        _order(ana, match_id, mine, "C3", 2)
        bob_ws.wait_for(of_kind("submitted", turn=2, player=mine))
        assert a.process is not None
        a.process.send_signal(signal.SIGKILL)
        a.process.wait()
        ana_ws.wait_closed()
        # She reconnects to the other process (her session is in the database): her sealed
        # order is there, the turn still open.
        again = Socket(b, ana, match_id)
        sockets.append(again)
        picture = again.wait_for(of_kind("snapshot"))
        assert picture["turn"] == 1
        assert picture["your_orders"] == {mine: "C3"}
        assert _order(bob, match_id, his, "F6", 2)["revealed"] is True
        seen = again.wait_for(of_kind("reveal", turn=2))
        assert seen["orders"] == {mine: "C3", his: "F6"}

        # Turn 3: nobody plays. The killed process comes back (it reads the deadline from
        # the database): two processes armed for one deadline, which fires once.
        a.start()
        wait_until(lambda: 3 in _turns(url, match_id), timeout=CLOCK_S + 30, what="turn 3")
        again.wait_for(of_kind("reveal", turn=3))
        turns = _turns(url, match_id)
        assert turns[:3] == [1, 2, 3]
        assert len(turns) == len(set(turns))  # every turn once
        played, logged = _played_and_logged(url, match_id)
        assert played == len(turns)
        assert logged in (0, played)  # a live game logs no events, or one per turn
    finally:
        for socket in sockets:
            socket.close()
        for browser in browsers:
            browser.close()
        for proc in (a, b):
            proc.stop()
