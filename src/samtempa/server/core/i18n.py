"""Translations (Babel catalogs under ``locales/``): English source, French and Esperanto.

Each locale folder holds ``messages.po`` and may hold more catalogs (one per
part of the platform, e.g. ``correspondence.po``); all are merged, after the
games' own words (:mod:`samtempa.words`: players, races, levels, terrains…). The
``.po`` files are read when the app is built (no compile step, nothing
generated to commit; :mod:`samtempa.i18n` reads them). ``pybabel extract -F babel.cfg``
updates them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from samtempa import i18n, words

LOCALES = ("fr", "eo", "en")
LOCALE_NAMES = {"fr": "Français", "eo": "Esperanto", "en": "English"}
DEFAULT_LOCALE = "en"
LOCALES_DIR = Path(__file__).resolve().parent.parent / "locales"


class Catalogs:
    """Every locale's messages, loaded once per app."""

    def __init__(self, folder: Path = LOCALES_DIR) -> None:
        self.messages: dict[str, dict[str, str]] = {"en": {}}
        for locale in LOCALES:
            if locale == "en":
                continue
            # messages.po first, then the other catalogs of the folder (correspondence.po…):
            # a part of the platform may keep its strings apart; the first translation wins.
            paths = sorted(
                (folder / locale / "LC_MESSAGES").glob("*.po"),
                key=lambda p: (p.name != "messages.po", p.name),
            )
            # The games' words come first: one vocabulary for pages, tutorials, pictures
            # and terminal (samtempa/words.py); the site's catalogues hold sentences.
            merged = i18n.merge(paths, locale, first=dict(words.table(locale)))
            if paths:
                self.messages[locale] = {k: v for k, v in merged.items() if isinstance(v, str)}

    def gettext(self, locale: str) -> Callable[..., str]:
        """``_("Hello %(name)s", name=…)`` for one locale; untranslated text stays English."""
        table = self.messages.get(locale, {})

        def _(message: str, **values: Any) -> str:
            text = table.get(message) or message
            return text % values if values else text

        return _


def negotiate(accept_language: str | None) -> str:
    """The best of our locales for an ``Accept-Language`` header (English if none fits)."""
    if not accept_language:
        return DEFAULT_LOCALE
    ranked: list[tuple[float, int, str]] = []
    for i, part in enumerate(accept_language.split(",")):
        lang, _, params = part.strip().partition(";")
        q = 1.0
        if params.strip().startswith("q="):
            try:
                q = float(params.strip()[2:])
            except ValueError:
                q = 0.0
        code = lang.strip().lower().split("-")[0]
        if code in LOCALES and q > 0:
            ranked.append((-q, i, code))
    return min(ranked)[2] if ranked else DEFAULT_LOCALE
