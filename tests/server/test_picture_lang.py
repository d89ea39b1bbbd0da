"""The site's pictures (a turn's SVG, the game's GIF) speak the viewer's language."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from samtempa import words
from samtempa.server.app import create_app
from samtempa.server.core.config import Settings
from tests.render.helpers import all_text, parse
from tests.render.words_check import english_in
from tests.server.conftest import csrf_of, sign_up


@pytest.fixture
def web(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as c:
        sign_up(c, "ana")
        c.headers["x-csrf-token"] = csrf_of(c, "/account")
        yield c


def new_match(c: TestClient, **body: object) -> str:
    r = c.post("/api/matches", json=body)
    assert r.status_code == 201, r.text
    return str(r.json()["match"])


@pytest.mark.parametrize("lang", ["fr", "eo"])
def test_a_turns_svg_is_in_the_viewers_language(web: TestClient, lang: str) -> None:
    games = {
        "what-the-shell": new_match(web, game="what-the-shell", seats=["me", "bot:easy"]),
        "snake-synapse": new_match(
            web,
            game="snake-synapse",
            seats=["me", "bot:easy"],
            terrain="classic",
            races=["ghost", "dasher"],
        ),
    }
    _ = words.gettext(lang)
    for game, mid in games.items():
        r = web.get(f"/matches/{mid}/turns/0.svg?lang={lang}")
        assert r.status_code == 200, r.text
        text = all_text(parse(r.text))
        assert not english_in(text, lang), (game, sorted(english_in(text, lang)))
        first = text.split("\n")[0]
        start = _("after turn %(n)s", n=0) if game == "what-the-shell" else _("turn %(n)s", n=0)
        assert first.endswith(start), first
        english = web.get(f"/matches/{mid}/turns/0.svg?lang=en")
        assert all_text(parse(english.text)).split("\n")[0] != first
    gif = web.get(f"/matches/{games['snake-synapse']}/game.gif?lang={lang}")
    assert gif.status_code == 200
    assert gif.headers["content-type"] == "image/gif"
