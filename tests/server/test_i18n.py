"""Every message of every page and refusal is translated into French and Esperanto."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from samtempa.server.core.i18n import Catalogs, negotiate

SERVER = Path(__file__).resolve().parents[2] / "src" / "samtempa" / "server"


# The platform's own pages and modules (issue 7). Other features add their files to the
# server as they come; each brings its own translations and its own check.
PLATFORM_TEMPLATES = {
    "base.html", "error.html", "_macros.html", "home.html", "lobby.html", "rules.html",
    "play.html", "signup.html", "login.html", "reset_request.html", "reset.html",
    "account.html", "match.html", "replay.html",
}  # fmt: skip
PLATFORM_MODULES = {
    "api/deps.py", "api/routes/pages.py", "api/routes/accounts.py", "api/routes/lobby.py",
    "api/routes/matches.py", "api/routes/live.py", "api/routes/replays.py",
    "services/accounts.py",
    "services/lobby.py", "services/matches.py", "services/matches/hot.py", "services/chat.py",
}  # fmt: skip


def extracted() -> set[str]:
    method_map = [("**/templates/**.html", "jinja2"), ("**.py", "python")]
    keywords = {"_": None, "Refusal": (2,)}
    ids = set()
    for filename, _line, message, _comments, _context in extract_from_dir(
        str(SERVER), method_map, keywords=keywords
    ):
        name = filename.replace("\\", "/")
        ours = name.split("/")[-1] in PLATFORM_TEMPLATES and "templates/" in name
        if (ours or name in PLATFORM_MODULES) and isinstance(message, str) and message:
            ids.add(message)
    return ids


@pytest.mark.parametrize("locale", ["fr", "eo"])
def test_every_message_is_translated(locale: str) -> None:
    ids = extracted()
    assert len(ids) > 150
    table = Catalogs().messages[locale]
    missing = sorted(i for i in ids if i not in table)
    assert not missing, (
        f"untranslated messages: add them to src/samtempa/server/locales/{locale}/"
        f"LC_MESSAGES/messages.po: {missing}"
    )


@pytest.mark.parametrize("locale", ["fr", "eo"])
def test_translations_keep_their_placeholders(locale: str) -> None:
    import re

    for msgid, text in Catalogs().messages[locale].items():
        assert sorted(re.findall(r"%\(\w+\)s", msgid)) == sorted(re.findall(r"%\(\w+\)s", text)), (
            msgid
        )


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("fr-FR,fr;q=0.9,en;q=0.8", "fr"),
        ("de-DE,eo;q=0.5,en;q=0.4", "eo"),
        ("en-GB", "en"),
        ("de", "en"),
        ("", "en"),
        ("fr;q=0.1, eo;q=0.9", "eo"),
    ],
)
def test_language_from_the_browser(header: str, expected: str) -> None:
    assert negotiate(header) == expected
