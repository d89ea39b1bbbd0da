"""The tutorials say today exactly what they said before their texts moved to catalogues.

``fixtures/tutorial_texts.json`` was captured (``python -m tests.tutorials.capture``)
on the code before the move: every lesson, every step, both games, the three
languages, the service, the terminal session and the web pages. Any difference
is a change of wording a learner would see.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.tutorials.capture import FIXTURE, capture


@pytest.fixture(scope="module")
def now(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return capture(tmp_path_factory.mktemp("texts"))


@pytest.fixture(scope="module")
def before() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text("utf-8"))
    return data


@pytest.mark.parametrize("part", ["service", "terminal", "web"])
def test_every_text_is_what_it_was(part: str, now: dict[str, Any], before: dict[str, Any]) -> None:
    assert set(now[part]) == set(before[part])
    changed = [key for key in before[part] if now[part][key] != before[part][key]]
    for key in changed[:1]:
        assert now[part][key] == before[part][key], key
    assert not changed


def test_the_fixture_covers_both_games_and_every_language(before: dict[str, Any]) -> None:
    sessions = [k for k in before["terminal"] if k.endswith("/session")]
    assert len(sessions) == 6
    web = " ".join(before["web"])
    for lang in ("fr", "eo", "en"):
        assert f"{lang}/what-the-shell/" in web
        assert f"{lang}/snake-synapse/" in web
    assert Path(FIXTURE).stat().st_size > 100_000
