"""The tutorial pages over HTTP: every lesson in every language, progress in a cookie."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from samtempa.server.app import create_app
from samtempa.server.core.config import Settings
from samtempa.tutorials.lessons import LANGS, load_lessons
from samtempa.tutorials.texts import say
from samtempa.tutorials.views import COOKIE, read_progress
from tests.tutorials.orders import form

GAME = "what-the-shell"
SNAKE = "snake-synapse"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    settings = Settings(data_dir=tmp_path_factory.mktemp("learn"), bot_budget_s=0.05)
    with TestClient(create_app(settings)) as c:
        yield c


def csrf(page: str) -> str:
    found = re.search(r'name="csrf_token" value="([^"]+)"', page)
    assert found
    return found.group(1)


def text_of(html: str) -> str:
    """The page's text, roughly (tags dropped, entities for quotes undone)."""
    return " ".join(re.sub(r"<[^>]+>", " ", html).replace("&#39;", "'").split())


def test_the_home_page_leads_to_the_tutorial(client: TestClient) -> None:
    home = client.get("/?lang=en")
    assert 'href="/learn"' in home.text
    index = client.get("/learn")
    assert index.status_code == 200
    for lesson in load_lessons(GAME):
        assert f'href="/learn/{GAME}/{lesson.id}"' in index.text


@pytest.mark.parametrize("lang", LANGS)
def test_a_new_user_goes_through_every_lesson_in_each_language(lang: str, tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, bot_budget_s=0.05)
    with TestClient(create_app(settings)) as client:
        index = client.get(f"/learn?lang={lang}")
        assert say(lang, "tutorial") in index.text
        lessons = load_lessons(GAME)
        for n, lesson in enumerate(lessons):
            page = client.get(f"/learn/{GAME}/{lesson.id}")
            step = lesson.steps[0]
            assert step.instruction[lang] in text_of(page.text)
            token = csrf(page.text)
            # A wrong move first: the page shows what happened and the hint, same position.
            wrong = next(c for c in ("A1", "I1", "A9", "I9", "B2") if c not in step.accept)
            tried = client.post(
                f"/learn/{GAME}/{lesson.id}",
                data={"csrf_token": token, "moves": "[]", "action": wrong},
            )
            assert tried.status_code == 200
            assert step.hint[lang] in text_of(tried.text)
            assert step.instruction[lang] in text_of(tried.text), "another try, not a dead end"
            right = client.post(
                f"/learn/{GAME}/{lesson.id}",
                data={"csrf_token": token, "moves": "[]", "action": str(step.accept[0])},
            )
            assert step.explanation[lang] in text_of(right.text)
            assert say(lang, "lesson-done") in text_of(right.text)
            if n + 1 < len(lessons):
                assert f'href="/learn/{GAME}/{lessons[n + 1].id}"' in right.text
            done = read_progress(client.cookies.get(COOKIE))
            assert done[GAME] == [x.id for x in lessons[: n + 1]]
        assert say(lang, "all-done") in text_of(client.get("/learn").text)


def test_refused_and_stale_moves(client: TestClient) -> None:
    page = client.get(f"/learn/{GAME}/wts-capture?lang=en")
    token = csrf(page.text)
    refused = client.post(
        f"/learn/{GAME}/wts-capture", data={"csrf_token": token, "moves": "[]", "action": "H5"}
    )
    assert "H5 is not empty" in text_of(refused.text)
    stale = client.post(
        f"/learn/{GAME}/wts-capture",
        data={"csrf_token": token, "moves": json.dumps(["A1"]), "action": "E5"},
    )
    assert say("en", "stale") in text_of(stale.text)
    garbage = client.post(
        f"/learn/{GAME}/wts-capture", data={"csrf_token": token, "moves": "{", "action": "E5"}
    )
    assert say("en", "stale") in text_of(garbage.text)


def test_forms_need_the_csrf_token_and_unknown_lessons_are_404(client: TestClient) -> None:
    r = client.post(f"/learn/{GAME}/wts-capture", data={"moves": "[]", "action": "E5"})
    assert r.status_code == 403
    assert client.get(f"/learn/{GAME}/no-such-lesson").status_code == 404
    assert client.get("/learn/chess/x").status_code == 404


def test_reset_forgets_a_games_progress(client: TestClient) -> None:
    page = client.get(f"/learn/{GAME}/wts-capture")
    token = csrf(page.text)
    client.post(
        f"/learn/{GAME}/wts-capture", data={"csrf_token": token, "moves": "[]", "action": "E5"}
    )
    assert "wts-capture" in read_progress(client.cookies.get(COOKIE))[GAME]
    r = client.post(f"/learn/{GAME}/reset", data={"csrf_token": token}, follow_redirects=False)
    assert r.status_code == 303
    assert GAME not in read_progress(client.cookies.get(COOKIE))


def test_a_damaged_progress_cookie_is_no_progress() -> None:
    assert read_progress("%%%") == {}
    assert read_progress("bm90IGpzb24=") == {}
    assert read_progress(None) == {}


@pytest.mark.parametrize("lang", LANGS)
def test_every_snake_synapse_lesson_through_its_form(lang: str, tmp_path: Path) -> None:
    settings = Settings(data_dir=tmp_path, bot_budget_s=0.05)
    with TestClient(create_app(settings)) as client:
        client.get(f"/learn?lang={lang}")
        lessons = load_lessons(SNAKE)
        for lesson in lessons:
            moves: list[object] = []
            for step in lesson.steps:
                page = client.get(f"/learn/{SNAKE}/{lesson.id}")
                token = csrf(page.text)
                data = {"csrf_token": token, "moves": json.dumps(moves)}
                if step.wrong:
                    tried = client.post(
                        f"/learn/{SNAKE}/{lesson.id}", data={**data, **form(step.wrong[0], lang)}
                    )
                    assert step.hint[lang] in text_of(tried.text)
                right = client.post(
                    f"/learn/{SNAKE}/{lesson.id}", data={**data, **form(step.accept[0], lang)}
                )
                assert step.explanation[lang] in text_of(right.text), lesson.id
                moves.append(step.accept[0])
            assert say(lang, "lesson-done") in text_of(right.text)
        done = read_progress(client.cookies.get(COOKIE))
        assert done[SNAKE] == [x.id for x in lessons]


def test_a_snake_form_with_a_bad_letter_says_why(client: TestClient) -> None:
    page = client.get(f"/learn/{SNAKE}/ss-tails?lang=en")
    r = client.post(
        f"/learn/{SNAKE}/ss-tails",
        data={"csrf_token": csrf(page.text), "moves": "[]", "path": "RRXRR", "power": ""},
    )
    assert "A direction is one letter" in text_of(r.text)
    assert 'name="path"' in r.text, "another try"


TUTORIAL_FILES = {
    "templates/learn.html",
    "templates/learn_lesson.html",
    "templates/learn_snake_form.html",
    "api/routes/tutorials.py",
}


@pytest.mark.parametrize("locale", ["fr", "eo"])
def test_the_tutorial_pages_platform_messages_are_translated(locale: str) -> None:
    """The few platform messages the pages use (``_()``, refusals) are in the catalogs;
    everything else on them comes from the lessons and ``tutorials/texts.py``."""
    from babel.messages.extract import extract_from_dir

    from samtempa.server.core.i18n import Catalogs

    server = Path(__file__).resolve().parents[2] / "src" / "samtempa" / "server"
    method_map = [("**/templates/**.html", "jinja2"), ("**.py", "python")]
    ids = {
        message
        for name, _line, message, _c, _ctx in extract_from_dir(
            str(server), method_map, keywords={"_": None, "Refusal": (2,)}
        )
        if name.replace("\\", "/") in TUTORIAL_FILES and isinstance(message, str) and message
    }
    assert "there is no lesson %(name)s" in ids
    table = Catalogs().messages[locale]
    assert sorted(i for i in ids if i not in table) == []
