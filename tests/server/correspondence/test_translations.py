"""Every user-facing string of correspondence games has its French and Esperanto."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import DEFAULT_KEYWORDS, extract_from_file

from samtempa.server.core.i18n import Catalogs

SERVER = Path(__file__).resolve().parents[3] / "src" / "samtempa" / "server"
SOURCES = [
    "services/correspondence.py",
    *sorted(str(p.relative_to(SERVER)) for p in (SERVER / "services" / "editions").glob("*.py")),
    "services/events.py",
    "services/gamemaster.py",
    "services/notices.py",
    "services/terrains.py",
    "services/topics.py",
    "services/turn_posts.py",
    "api/routes/editions.py",
]
TEMPLATES = ["edition.html", "editions.html", "edition_new.html", "notifications.html"]
#: Strings of ours in shared templates (``_macros.html``, ``match.html``).
EXTRA = {"setting up", "The game page: turns, topic, log"}
KEYWORDS = {**DEFAULT_KEYWORDS, "N_": None, "Refusal": (2,)}


def messages() -> set[str]:
    found: set[str] = set()
    for name in SOURCES:
        for _, text, _, _ in extract_from_file("python", SERVER / name, keywords=KEYWORDS):
            found.add(text if isinstance(text, str) else text[0])
    for name in TEMPLATES:
        path = SERVER / "templates" / name
        for _, text, _, _ in extract_from_file("jinja2.ext:babel_extract", path, keywords=KEYWORDS):
            found.add(text if isinstance(text, str) else text[0])
    found.discard("en")  # ``catalogs.gettext("en")``: a locale, not a message
    return found | EXTRA


@pytest.mark.parametrize("locale", ["fr", "eo"])
def test_every_correspondence_string_is_translated(locale: str) -> None:
    table = Catalogs().messages[locale]
    texts = messages()
    assert len(texts) > 150
    missing = sorted(t for t in texts if t not in table)
    assert missing == []
