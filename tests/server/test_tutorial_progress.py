"""Tutorial progress on the account: kept once per lesson, merged with the cookie, private."""

from __future__ import annotations

import re
from datetime import timedelta

from fastapi.testclient import TestClient
from sqlalchemy import create_engine, delete, func, select

from samtempa.server.app import Services
from samtempa.server.models import TutorialLessonDone, User
from samtempa.server.models_base import Base
from samtempa.server.services import tutorial_progress
from samtempa.server.services.matches import utcnow
from samtempa.tutorials.views import COOKIE, read_progress
from tests.server.conftest import csrf_of, make_user, sign_up

GAME = "what-the-shell"
SNAKE = "snake-synapse"


def rows_of(services: Services, user_id: int) -> int:
    with services.db.read() as session:
        return (
            session.scalar(select(func.count()).where(TutorialLessonDone.user_id == user_id)) or 0
        )


def test_recording_a_lesson_twice_keeps_one_row(services: Services) -> None:
    uid = make_user(services, "ana").id
    now = utcnow()
    with services.db.write() as session:
        assert tutorial_progress.record_done(session, uid, GAME, "wts-capture", now)
    with services.db.write() as session:
        assert not tutorial_progress.record_done(session, uid, GAME, "wts-capture", now)
        assert tutorial_progress.read_progress(session, uid) == {GAME: ["wts-capture"]}
    assert rows_of(services, uid) == 1


def test_progress_is_in_the_order_lessons_were_finished(services: Services) -> None:
    uid = make_user(services, "ana").id
    now = utcnow()
    with services.db.write() as session:
        tutorial_progress.record_done(session, uid, GAME, "wts-capture", now)
        tutorial_progress.record_done(session, uid, SNAKE, "ss-tails", now + timedelta(seconds=1))
        tutorial_progress.record_done(
            session, uid, GAME, "wts-simultaneous-picks", now + timedelta(seconds=2)
        )
        assert tutorial_progress.read_progress(session, uid) == {
            GAME: ["wts-capture", "wts-simultaneous-picks"],
            SNAKE: ["ss-tails"],
        }


def test_merging_a_cookie_is_a_union_and_ignores_what_is_no_lesson(services: Services) -> None:
    uid = make_user(services, "ana").id
    now = utcnow()
    with services.db.write() as session:
        tutorial_progress.record_done(session, uid, GAME, "wts-capture", now)
        tutorial_progress.record_done(session, uid, SNAKE, "ss-tails", now)
    cookie = {
        GAME: ["wts-simultaneous-picks", "wts-capture", "no-such-lesson"],
        "chess": ["e4"],
    }
    with services.db.write() as session:
        merged = tutorial_progress.merge(session, uid, cookie, now)
    assert merged == {
        GAME: ["wts-capture", "wts-simultaneous-picks"],
        SNAKE: ["ss-tails"],
    }
    with services.db.read() as session:
        assert tutorial_progress.read_progress(session, uid) == merged
    with services.db.write() as session:
        assert tutorial_progress.merge(session, uid, {}, now) == merged, "nothing is lost"
    assert rows_of(services, uid) == 3


def test_another_users_progress_is_not_seen(services: Services) -> None:
    ana = make_user(services, "ana").id
    bob = make_user(services, "bob").id
    with services.db.write() as session:
        tutorial_progress.record_done(session, ana, GAME, "wts-capture", utcnow())
    with services.db.read() as session:
        assert tutorial_progress.read_progress(session, bob) == {}
        assert tutorial_progress.read_progress(session, ana) == {GAME: ["wts-capture"]}


def test_deleting_the_user_deletes_their_progress(services: Services) -> None:
    ana = make_user(services, "ana").id
    bob = make_user(services, "bob").id
    with services.db.write() as session:
        tutorial_progress.record_done(session, ana, GAME, "wts-capture", utcnow())
        tutorial_progress.record_done(session, bob, GAME, "wts-capture", utcnow())
    with services.db.write() as session:
        session.execute(delete(User).where(User.id == ana))
    assert rows_of(services, ana) == 0
    assert rows_of(services, bob) == 1


def test_the_migrations_build_the_tables_the_models_describe(services: Services) -> None:
    from alembic.autogenerate import compare_metadata
    from alembic.migration import MigrationContext

    engine = create_engine(services.db.url)
    try:
        with engine.connect() as conn:
            diff = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    finally:
        engine.dispose()
    assert diff == []


# --- over HTTP ----------------------------------------------------------------------------


def finish_capture(client: TestClient) -> None:
    """Play the lesson ``wts-capture`` to its end (one right move)."""
    page = client.get(f"/learn/{GAME}/wts-capture")
    token = re.search(r'name="csrf_token" value="([^"]+)"', page.text)
    assert token
    r = client.post(
        f"/learn/{GAME}/wts-capture",
        data={"csrf_token": token.group(1), "moves": "[]", "action": "E5"},
    )
    assert r.status_code == 200


def marked_done(client: TestClient, lesson_id: str) -> bool:
    page = client.get("/learn?lang=en")
    assert page.status_code == 200
    link = re.escape(f'href="/learn/{GAME}/{lesson_id}"')
    return re.search(link + r'>[^<]*</a>\s*<span class="done"', page.text) is not None


def log_in(client: TestClient, login: str) -> None:
    r = client.post(
        "/login",
        data={"csrf_token": csrf_of(client, "/login"), "login": login, "password": "password123"},
        follow_redirects=False,
    )
    assert r.status_code == 303, r.text


def test_a_lesson_finished_while_logged_in_is_there_on_another_browser(
    client: TestClient,
) -> None:
    sign_up(client, "ana")
    assert not marked_done(client, "wts-capture")
    finish_capture(client)
    assert "wts-capture" in read_progress(client.cookies.get(COOKIE))[GAME], "cookie still written"

    client.cookies.clear()  # another browser: no session, no progress cookie
    assert not marked_done(client, "wts-capture")
    log_in(client, "ana")
    assert marked_done(client, "wts-capture")


def test_a_cookies_progress_joins_the_account_at_login_and_reset_clears_both(
    client: TestClient,
) -> None:
    sign_up(client, "ana")
    client.post("/logout", data={"csrf_token": csrf_of(client)})
    finish_capture(client)  # as a visitor without an account
    log_in(client, "ana")
    assert marked_done(client, "wts-capture")  # and now on the account:
    client.cookies.clear()
    log_in(client, "ana")
    assert marked_done(client, "wts-capture")

    token = csrf_of(client, "/learn")
    client.post(f"/learn/{GAME}/reset", data={"csrf_token": token})
    assert not marked_done(client, "wts-capture")
    client.cookies.clear()
    log_in(client, "ana")
    assert not marked_done(client, "wts-capture"), "reset forgets the account's progress too"


def test_a_visitor_without_an_account_keeps_progress_in_the_cookie(client: TestClient) -> None:
    finish_capture(client)
    assert marked_done(client, "wts-capture")
    assert read_progress(client.cookies.get(COOKIE)) == {GAME: ["wts-capture"]}
    client.cookies.clear()
    assert not marked_done(client, "wts-capture")
