"""Every sentence of the turn's story (render/shell_story.py) and of Snake Synapse's page
words (templates/_snake_page.html) is translated into French and Esperanto."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_file

from samtempa.server.core.i18n import Catalogs

SRC = Path(__file__).resolve().parents[2] / "src" / "samtempa"
FILES = [
    ("python", SRC / "render" / "shell_story.py"),
    ("jinja2", SRC / "server" / "templates" / "_snake_page.html"),
    ("jinja2", SRC / "server" / "templates" / "match.html"),
    ("jinja2", SRC / "server" / "templates" / "replay.html"),
]


def messages() -> set[str]:
    found = set()
    for method, path in FILES:
        for _line, message, _comments, _context in extract_from_file(method, str(path)):
            if isinstance(message, str) and message:
                found.add(message)
    return found


@pytest.mark.parametrize("locale", ["fr", "eo"])
def test_the_story_and_the_snake_page_are_translated(locale: str) -> None:
    ids = messages()
    assert "A capture by %(player)s finds no egg to hatch: it is lost (WTS-5.2)." in ids
    assert len(ids) > 60
    table = Catalogs().messages[locale]
    missing = sorted(i for i in ids if i not in table)
    assert not missing, missing
