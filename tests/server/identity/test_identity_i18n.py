"""Every word of the game controls and identity pages is translated (fr, eo)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from samtempa.server.core.i18n import Catalogs
from samtempa.server.services.controls import CONTROL_ERRORS

SERVER = Path(__file__).resolve().parents[3] / "src" / "samtempa" / "server"
TEMPLATES = {
    "_controls.html", "profile.html", "leaderboard.html", "my_games.html", "_game_line.html",
    "_opener.html",
}  # fmt: skip
MODULES = {
    "services/controls.py", "services/verdicts.py", "services/profiles.py", "services/panel.py",
    "services/standings.py", "services/abandon.py", "services/referee.py",
    "api/routes/controls.py", "api/routes/players.py",
}  # fmt: skip


def ours() -> set[str]:
    ids = set(CONTROL_ERRORS.values())  # given to Refusal by name: no extractor sees them
    method_map = [("**/templates/**.html", "jinja2"), ("**.py", "python")]
    for filename, _line, message, _c, _ctx in extract_from_dir(
        str(SERVER), method_map, keywords={"_": None, "Refusal": (2,)}
    ):
        name = filename.replace("\\", "/")
        mine = (name.split("/")[-1] in TEMPLATES and "templates/" in name) or name in MODULES
        if mine and isinstance(message, str) and message:
            ids.add(message)
    return ids


@pytest.mark.parametrize("locale", ["fr", "eo"])
def test_every_word_of_controls_and_identity_is_translated(locale: str) -> None:
    ids = ours()
    assert len(ids) > 60
    table = Catalogs().messages[locale]
    missing = sorted(i for i in ids if i not in table)
    assert not missing, f"add them to locales/{locale}/LC_MESSAGES/identity.po: {missing}"
    for msgid in ids:
        assert sorted(re.findall(r"%\(\w+\)s", msgid)) == sorted(
            re.findall(r"%\(\w+\)s", table[msgid])
        ), msgid
