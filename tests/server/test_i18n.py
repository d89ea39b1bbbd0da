"""Every message of every page and refusal is translated into French and Esperanto."""

from __future__ import annotations

from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from samtempa.server.core.i18n import Catalogs, negotiate

SERVER = Path(__file__).resolve().parents[2] / "src" / "samtempa" / "server"


def extracted() -> set[str]:
    method_map = [("**/templates/**.html", "jinja2"), ("**.py", "python")]
    keywords = {"_": None, "Refusal": (2,)}
    ids = set()
    for _file, _line, message, _comments, _context in extract_from_dir(
        str(SERVER), method_map, keywords=keywords
    ):
        if isinstance(message, str) and message:
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
