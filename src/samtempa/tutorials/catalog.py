"""The tutorials' own gettext catalogue: ``locales/<lang>/LC_MESSAGES/tutorials.po``.

Every sentence of the tutorials (the lessons' titles, instructions, hints and
explanations, the narration of a turn, the refusals, the pages' and the
terminal's words) is written in English in the code or in ``lessons/*.json``
and translated here into French and Esperanto. The games' words (races,
colours, causes of death…) are not: they come from :mod:`samtempa.words`.
The catalogue lives beside the tutorials, not in the server, which sits above.

Extract with ``pybabel extract -F src/samtempa/tutorials/babel.cfg -k tr:2
-k trc:2c,3 -k ntr:2,3 -k each_lang:1 -k N_ -o tutorials.pot src/samtempa/tutorials``;
``tests/tutorials/test_catalog.py`` checks every message is translated.

>>> tr("fr", "Your move"), tr("de", "Your move")
('Votre coup', 'Your move')
>>> tr("eo", "You play %(who)s.", who="Ruĝo")
'Vi ludas kiel Ruĝo.'
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import IO, Any

from samtempa import i18n, words

LANGS = ("fr", "eo", "en")
DEFAULT_LANG = "en"
DOMAIN = "tutorials"
LOCALES_DIR = Path(__file__).resolve().parent / "locales"

#: One text in each language (``{"fr": …, "eo": …, "en": …}``), built from the catalogue.
Texts = dict[str, str]


def pick_lang(lang: str | None) -> str:
    """A supported language (``fr``, ``eo``, ``en``), English when unknown."""
    return lang if lang in LANGS else DEFAULT_LANG


def N_(message: str) -> str:  # noqa: N802 - the gettext convention for "translate later"
    return message


def catalog_path(lang: str) -> Path:
    return LOCALES_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def table(lang: str) -> i18n.Table:
    """The tutorials' messages in ``lang`` (none for English: the ids are English)."""
    path = catalog_path(lang)
    return i18n.read_catalog(path, lang) if lang != "en" and path.is_file() else {}


def tr(lang: str, message: str, /, **values: object) -> str:
    """``message`` in ``lang``, its ``%(name)s`` placeholders filled from ``values``."""
    return i18n.singular(table(pick_lang(lang)), message, **values)


def trc(lang: str, context: str, message: str, /, **values: object) -> str:
    """``message`` in ``lang`` as it is said in ``context`` (gettext's ``msgctxt``)."""
    found = table(pick_lang(lang)).get(i18n.in_context(context, message))
    text = found if isinstance(found, str) else message
    return text % values if values else text


def ntr(lang: str, one: str, many: str, count: int, /, **values: object) -> str:
    """The singular or plural of a message, as ``count`` takes it in ``lang``."""
    lang = pick_lang(lang)
    return i18n.plural(lang, table(lang), one, many, count, **values)


def each_lang(message: str, /, **values: object) -> Texts:
    """``message`` in every language (a lesson's text, a refusal said to anyone)."""
    return {lang: tr(lang, message, **values) for lang in LANGS}


def game_word(text: str) -> str | None:
    """The games' word a text is (a lesson titled "Breaker"), or None."""
    key = text.lower()
    return key if key in words.table("fr") else None


def title_texts(english: str) -> Texts:
    """A lesson's title in every language: a games' word (a race's lesson is titled with the
    race) comes from :mod:`samtempa.words`, any other title from the catalogue."""
    word = game_word(english)
    if word is None:
        return each_lang(english)
    return {lang: _capital(words.word(lang, word)) for lang in LANGS}


def _capital(text: str) -> str:
    return text[:1].upper() + text[1:]


# --- extraction from the lesson files -----------------------------------------------------

#: The keys of a lesson file whose values are texts for the learner.
LESSON_TEXTS = ("title", "instruction", "explanation", "hint")


def lesson_messages(data: Any) -> Iterator[str]:
    """Every text of a lesson file (``lessons/<game>.json``), in file order."""
    for lesson in data.get("lessons", []) if isinstance(data, dict) else []:
        title = lesson.get("title")
        if isinstance(title, str) and game_word(title) is None:
            yield title
        for step in lesson.get("steps", []):
            for key in LESSON_TEXTS[1:]:
                if isinstance(step.get(key), str):
                    yield step[key]


def extract_lessons(
    fileobj: IO[bytes], keywords: Any, comment_tags: Any, options: Any
) -> Iterator[tuple[int, str, str, list[str]]]:
    """A Babel extractor for the lesson files (``babel.cfg``: ``[samtempa.tutorials.catalog.
    extract_lessons: **/lessons/*.json]``)."""
    text = fileobj.read().decode("utf-8")
    lines = text.splitlines()
    for message in lesson_messages(json.loads(text)):
        quoted = json.dumps(message, ensure_ascii=False)
        line = next((i for i, x in enumerate(lines, 1) if quoted in x), 0)
        yield line, "", message, []
