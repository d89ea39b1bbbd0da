"""Links to paste elsewhere, and the limits on sign-ups and reset requests, on a real
``samtempa serve`` (issue 17, leftovers of items 7 and 6).

A forged ``Host`` header must not reach the forum snippets of an edition or
the invite link of a match: they come from configuration (by default, the
address the server listens on). Sign-ups and password-reset requests are
counted per client address, and reset requests per email too, the same for
an address with an account as for one without.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.security.accounts_http import Browser, reset_request
from tests.security.conftest import ServeProcess
from tests.security.play_http import SAFE, new_match, playing_edition, signed_up, wait_until

LIMITS = {
    "SAMTEMPA_SIGNUPS_PER_ADDRESS": "4",
    "SAMTEMPA_RESETS_PER_ADDRESS": "5",
    "SAMTEMPA_RESETS_PER_EMAIL": "2",
}
FORGED = {"Host": "evil.example"}


@pytest.fixture(scope="module")
def limited(
    tmp_path_factory: pytest.TempPathFactory, serve_database: None
) -> Iterator[ServeProcess]:
    proc = ServeProcess(tmp_path_factory.mktemp("limits"), env=LIMITS)
    proc.start()
    yield proc
    proc.stop()


def test_snippets_and_invite_links_never_come_from_the_host_header(
    limited: ServeProcess,
) -> None:
    master, tina, ugo = (signed_up(limited, n) for n in ("master", "tina", "ugo"))
    match_id, colours = playing_edition(master, {"Tina": tina, "Ugo": ugo})
    for name, browser in (("Tina", tina), ("Ugo", ugo)):
        body = {"player": colours[name], "orders": {"path": SAFE}, "turn": 1}
        assert browser.api("POST", f"/api/matches/{match_id}/orders", body).status_code == 200
    page = wait_until(
        lambda: (
            (p := master.client.get(f"/editions/{match_id}", headers=FORGED)).status_code == 200
            and "[url=" in p.text
            and p
        ),
        what="the turn's forum snippets",
    )
    assert "evil.example" not in page.text
    assert f"{limited.url}/editions/{match_id}/turns/1.gif" in page.text
    online = new_match(master, {"game": "what-the-shell", "seats": ["me", "open"]})
    invite = master.client.get(f"/matches/{online}", headers=FORGED).text
    assert "evil.example" not in invite
    assert f'value="{limited.url}/matches/{online}"' in invite


def test_sign_ups_and_reset_requests_are_limited_per_address_and_per_email(
    limited: ServeProcess,
) -> None:
    # Three accounts were made by the test above (same address); the fourth still gets in.
    assert signed_up(limited, "vic").who() == "vic"
    refused = Browser(limited.url).sign_up("walt")
    assert refused.status_code == 429, refused.text[:300]
    assert Browser(limited.url).log_in("walt").status_code == 401, "no account was made"
    # Per email: a known address and an unknown one are answered alike.
    for email in ("vic@example.org", "nobody@example.org"):
        answers = [reset_request(limited.url, email)[0].status_code for _ in range(3)]
        assert answers == [200, 200, 429], email
    # Per address: four were counted (a refused one counts nowhere); the fifth gets through,
    # the sixth is refused, whatever the email.
    assert reset_request(limited.url, "third@example.org")[0].status_code == 200
    assert reset_request(limited.url, "fourth@example.org")[0].status_code == 429
