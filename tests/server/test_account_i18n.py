"""Every message of the account modules and pages of issue 17 is translated (fr, eo).

The platform's own check (``test_i18n.py``) covers the files of issue 7; these
came later and bring their catalog, ``locales/*/LC_MESSAGES/accounts.po``.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir

from samtempa.server.core.i18n import Catalogs

SERVER = Path(__file__).resolve().parents[2] / "src" / "samtempa" / "server"
OURS = {
    "api/routes/account_email.py",
    "api/routes/accounts.py",
    "services/account_checks.py",
    "services/account_mail.py",
    "services/accounts.py",
    "templates/confirm_email.html",
    "templates/signup.html",
    "templates/account.html",
    "templates/reset_request.html",
}


def messages() -> set[str]:
    method_map = [("**/templates/**.html", "jinja2"), ("**.py", "python")]
    keywords = {"_": None, "Refusal": (2,)}
    found = set()
    for filename, _line, message, _comments, _context in extract_from_dir(
        str(SERVER), method_map, keywords=keywords
    ):
        if filename.replace("\\", "/") in OURS and isinstance(message, str) and message:
            found.add(message)
    return found


@pytest.mark.parametrize("locale", ["fr", "eo"])
def test_every_account_message_is_translated(locale: str) -> None:
    ids = messages()
    assert len(ids) > 40
    table = Catalogs().messages[locale]
    missing = sorted(i for i in ids if i not in table)
    assert not missing, f"add to locales/{locale}/LC_MESSAGES/accounts.po: {missing}"
    for msgid in ids:
        placeholders = sorted(re.findall(r"%\(\w+\)s", msgid))
        assert sorted(re.findall(r"%\(\w+\)s", table[msgid])) == placeholders, msgid
