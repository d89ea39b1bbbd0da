"""The players' chat of a live match: who takes part, the rules of a line, the history, delivery."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, timedelta

import pytest

from samtempa.server.app import Services
from samtempa.server.models import Match, User
from samtempa.server.services import accounts, chat, lobby
from samtempa.server.services.errors import Refusal
from samtempa.server.services.live import Connection, LiveHub
from samtempa.server.services.matches import Actor

from .conftest import make_user

T0 = datetime(2026, 5, 1, 12, 0, 0)


@dataclass
class Table:
    """An online What the Shell match: alice (black) and bob (white); carol only watches."""

    match_id: str
    alice: int
    bob: int
    carol: int


def online_match(services: Services, creator: int, joiner: int) -> str:
    with services.db.write() as session:
        user = session.get(User, creator)
        match, _ = lobby.create_match(
            session,
            Actor(creator, f"session-{creator}"),
            user,
            lobby.NewMatch(lobby.SHELL, ["me", "open"], 60),
            T0,
            (5, 3600),
        )
        lobby.join_match(
            session, Actor(joiner, f"session-{joiner}"), session.get(User, joiner), match.id, T0
        )
        return match.id


@pytest.fixture
def table(services: Services) -> Table:
    alice, bob, carol = (make_user(services, name).id for name in ("alice", "bob", "carol"))
    return Table(online_match(services, alice, bob), alice, bob, carol)


def child_of(services: Services, parent: int, login: str, chat_on: bool) -> int:
    with services.db.write() as session:
        owner = session.get(User, parent)
        assert owner is not None
        kid = accounts.create_child(
            session, owner, login, login.title(), "password123", date(2016, 2, 2), T0, "x"
        )
        kid.chat_enabled = chat_on
        return kid.id


def post(
    services: Services, user_id: int | None, match_id: str, text: str, now: datetime = T0
) -> tuple[chat.ChatLine, frozenset[int]]:
    with services.db.write() as session:
        user = session.get(User, user_id) if user_id is not None else None
        return chat.post_tx(session, user, match_id, text, now)


def history(services: Services, user_id: int | None, match_id: str) -> list[chat.ChatLine]:
    with services.db.read() as session:
        user = session.get(User, user_id) if user_id is not None else None
        return chat.history(session, user, match_id)


def refusal_code(fn: Callable[[], object]) -> str:
    with pytest.raises(Refusal) as err:
        fn()
    return err.value.code


def test_a_player_posts_and_the_other_reads(services: Services, table: Table) -> None:
    line, to = post(services, table.alice, table.match_id, "  good\tluck\nbob \x07")
    assert line.text == "good luck bob"
    assert line.author == "Alice"
    assert to == {table.alice, table.bob}
    seen = history(services, table.bob, table.match_id)
    assert [(x.author, x.text) for x in seen] == [("Alice", "good luck bob")]
    post(services, table.bob, table.match_id, "thanks")
    assert [x.text for x in history(services, table.alice, table.match_id)] == [
        "good luck bob",
        "thanks",
    ]


def test_clean_keeps_one_line_of_printable_text() -> None:
    assert chat.clean(" a\r\nb\x00c\x1b[31m\ud800 ") == "a  bc[31m"
    assert chat.clean("héllo 🐢 <b>") == "héllo 🐢 <b>"


def test_spectators_and_visitors_without_an_account_are_refused(
    services: Services, table: Table
) -> None:
    mid = table.match_id
    post(services, table.alice, mid, "hi")
    assert refusal_code(lambda: post(services, table.carol, mid, "x")) == "not-a-player"
    assert refusal_code(lambda: history(services, table.carol, mid)) == "not-a-player"
    assert refusal_code(lambda: post(services, None, mid, "x")) == "login-needed"
    assert refusal_code(lambda: history(services, None, mid)) == "login-needed"
    assert refusal_code(lambda: post(services, table.alice, "nope", "x")) == "no-such-match"
    assert [x.text for x in history(services, table.alice, mid)] == ["hi"]


def test_games_without_people_online_have_no_chat(services: Services, table: Table) -> None:
    for seats in (["me", "local"], ["me", "bot:easy"]):
        with services.db.write() as session:
            match, _ = lobby.create_match(
                session,
                Actor(table.alice, "s"),
                session.get(User, table.alice),
                lobby.NewMatch(lobby.SHELL, seats, 60),
                T0,
                (5, 3600),
            )
            match_id = match.id
        with pytest.raises(Refusal) as err:
            post(services, table.alice, match_id, "hi")
        assert err.value.code == "no-chat"


def test_a_child_with_chat_off_neither_reads_nor_writes(services: Services, table: Table) -> None:
    kid = child_of(services, table.alice, "kiddo", chat_on=False)
    match_id = online_match(services, table.bob, kid)
    _, to = post(services, table.bob, match_id, "hello")
    assert to == {table.bob}
    assert refusal_code(lambda: post(services, kid, match_id, "hi")) == "chat-off"
    assert refusal_code(lambda: history(services, kid, match_id)) == "chat-off"
    with services.db.read() as session:
        match = session.get(Match, match_id)
        assert match is not None
        assert chat.page_chat(session, session.get(User, kid), match) == {
            "state": "off",
            "lines": [],
        }
        assert chat.page_chat(session, session.get(User, table.bob), match)["state"] == "open"
        assert chat.page_chat(session, session.get(User, table.carol), match)["state"] == "none"
    # The parent turns chat on: the child reads what was said and takes part.
    with services.db.write() as session:
        parent = session.get(User, table.alice)
        assert parent is not None
        accounts.update_child(session, parent, kid, chat_enabled=True)
    assert [x.text for x in history(services, kid, match_id)] == ["hello"]
    _, to = post(services, kid, match_id, "hi!")
    assert to == {table.bob, kid}


@pytest.mark.parametrize(
    ("text", "code"),
    [("", "empty-line"), ("  \n\t ", "empty-line"), ("\x00\x01\x7f", "empty-line")],
)
def test_empty_lines_are_refused(services: Services, table: Table, text: str, code: str) -> None:
    assert refusal_code(lambda: post(services, table.alice, table.match_id, text)) == code
    assert history(services, table.alice, table.match_id) == []


def test_a_line_has_at_most_500_characters(services: Services, table: Table) -> None:
    with pytest.raises(Refusal) as err:
        post(services, table.alice, table.match_id, "é" * 501)
    assert err.value.code == "long-line"
    assert "500" in err.value.message
    line, _ = post(services, table.alice, table.match_id, " " + "é" * 500 + " ")
    assert len(line.text) == 500


def test_at_most_five_lines_per_ten_seconds(services: Services, table: Table) -> None:
    mid = table.match_id
    for i in range(5):
        post(services, table.alice, mid, f"line {i}", T0 + timedelta(seconds=i))
    with pytest.raises(Refusal) as err:
        post(services, table.alice, mid, "one too many", T0 + timedelta(seconds=9))
    assert (err.value.code, err.value.status) == ("chat-too-fast", 429)
    assert "5 lines every 10 seconds" in err.value.message
    # The other player and the same player elsewhere are counted apart.
    post(services, table.bob, mid, "my turn to talk", T0 + timedelta(seconds=9))
    other = online_match(services, table.alice, table.carol)
    post(services, table.alice, other, "elsewhere", T0 + timedelta(seconds=9))
    # The window slides: the first line is more than ten seconds old.
    post(services, table.alice, mid, "again", T0 + timedelta(seconds=10, milliseconds=1))
    texts = [x.text for x in history(services, table.bob, mid)]
    assert "one too many" not in texts
    assert texts[-1] == "again"


def test_history_keeps_the_last_hundred_lines_oldest_first(
    services: Services, table: Table
) -> None:
    for i in range(105):
        who = table.alice if i % 2 else table.bob
        post(services, who, table.match_id, f"line {i}", T0 + timedelta(seconds=3 * i))
    lines = history(services, table.alice, table.match_id)
    assert len(lines) == chat.HISTORY == 100
    assert [x.text for x in lines] == [f"line {i}" for i in range(5, 105)]
    assert [x.id for x in lines] == sorted(x.id for x in lines)


def test_a_line_goes_live_to_the_players_only(services: Services, table: Table) -> None:
    kid = child_of(services, table.alice, "kiddo", chat_on=False)
    with services.db.write() as session:
        match, _ = lobby.create_match(
            session,
            Actor(table.alice, "s-alice"),
            session.get(User, table.alice),
            lobby.NewMatch(lobby.SNAKE, ["me", "open", "open"], 60),
            T0,
            (5, 3600),
        )
        mid = match.id
        for user_id in (table.bob, kid):
            lobby.join_match(
                session, Actor(user_id, f"s{user_id}"), session.get(User, user_id), mid, T0
            )

    async def main() -> dict[str, list[object]]:
        hub = LiveHub()
        conns = {
            "alice": Connection(mid, frozenset({"red"}), table.alice, "s-alice"),
            "bob": Connection(mid, frozenset({"blue"}), table.bob, "s-bob"),
            "kid": Connection(mid, frozenset({"green"}), kid, "s-kid"),
            "carol": Connection(mid, frozenset(), table.carol, "s-carol"),
            "guest": Connection(mid, frozenset(), None, "s-guest"),
            "elsewhere": Connection("other", frozenset(), table.bob, "s-bob2"),
        }
        for conn in conns.values():
            hub.add(conn)
        await chat.post(services.db, hub, table.alice, mid, "<b>hi</b>", T0)
        out: dict[str, list[object]] = {}
        for name, conn in conns.items():
            out[name] = []
            while not conn.queue.empty():
                item = conn.queue.get_nowait()
                out[name].append(json.loads(item) if isinstance(item, str) else item)
        return out

    got = asyncio.run(main())
    for name in ("alice", "bob"):
        assert len(got[name]) == 1
        message = got[name][0]
        assert isinstance(message, dict)
        assert (message["type"], message["author"], message["text"]) == (
            "chat",
            "Alice",
            "<b>hi</b>",
        )
    for name in ("kid", "carol", "guest", "elsewhere"):
        assert got[name] == [], name
