"""What an account's fields accept (issue 17, items 9 and 11): birth dates, display names."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import select

from samtempa.server.models import User

from .account_helpers import services
from .conftest import csrf_of, sign_up

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
