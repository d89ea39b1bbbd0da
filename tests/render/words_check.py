"""Which words of a text are English only: the yardstick of the pictures' and posts' tests.

The English words are those of the English source messages (every catalogue's message
ids: the games' words, the story's and the pictures' sentences, the site's); a word
that some translation into the language uses too (the games' names, French
``charges``) is not English only. Words are compared whole, case aside.
"""

from __future__ import annotations

import re
from functools import cache

from samtempa import words
from samtempa.server.core.i18n import Catalogs

WORD = re.compile(r"[^\W\d_]{3,}")
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def tokens(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


@cache
def english_only(lang: str) -> frozenset[str]:
    """Words of the English messages that no translation into ``lang`` uses."""
    table = {**Catalogs().messages[lang], **words.table(lang)}
    english: set[str] = set()
    translated: set[str] = set()
    for message, translation in table.items():
        english |= tokens(message.rpartition("\x04")[2])
        translated |= tokens(translation)
    return frozenset(english - translated)


def english_in(text: str, lang: str) -> set[str]:
    """The English-only words of ``text`` (empty when all of it is in ``lang``)."""
    return tokens(text) & english_only(lang)
