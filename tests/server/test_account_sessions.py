"""Sessions and the login limit (issue 17, items 3 and 6), in-process through HTTP.

The same attacks against a real ``samtempa serve``: ``tests/security/test_account_attacks.py``.
"""

from __future__ import annotations

import logging
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from samtempa.server.app import create_app
from samtempa.server.core.config import Settings

from .account_helpers import Jar, log_in, new_game, services, yours
from .conftest import csrf_of, make_user, sign_up

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
