"""Gettext catalogues read straight from their ``.po`` files, for every part of samtempa.

The games' words (:mod:`samtempa.words`), the tutorials (``tutorials/locales``) and
the web platform (``server/locales``) each keep catalogues; this module only reads
them: no compile step, nothing generated to commit. The English text is the
message id; a message without a translation stays English.

>>> table = {"%(n)s lesson": ("%(n)s leçon", "%(n)s leçons")}
>>> plural("fr", table, "%(n)s lesson", "%(n)s lessons", 0, n=0)
'0 leçon'
>>> plural("en", {}, "%(n)s lesson", "%(n)s lessons", 0, n=0)
'0 lessons'
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

from babel import Locale
from babel.messages.pofile import read_po

#: A catalogue in memory: message id → translation (a plural message: its singular id
#: → the translated forms, in the catalogue's order).
Table = dict[str, str | tuple[str, ...]]


def in_context(context: str, message: str) -> str:
    """The key of a message with a context (``msgctxt``), as gettext writes it."""
    return f"{context}\x04{message}"


def read_catalog(path: Path, locale: str) -> Table:
    """The translated, non-fuzzy messages of one ``.po`` file."""
    out: Table = {}
    with path.open("rb") as f:
        catalog = read_po(f, locale=locale)
    for m in catalog:
        if not m.id or m.fuzzy:
            continue
        if isinstance(m.id, str) and isinstance(m.string, str) and m.string:
            key = m.id if m.context is None else in_context(m.context, m.id)
            out[key] = m.string
        elif (
            isinstance(m.id, tuple | list) and isinstance(m.string, tuple | list) and all(m.string)
        ):
            out[str(m.id[0])] = tuple(str(s) for s in m.string)
    return out


def merge(paths: Iterable[Path], locale: str, first: Table | None = None) -> Table:
    """The catalogues of ``paths`` merged after ``first``: the first translation wins."""
    out: Table = dict(first or {})
    for path in paths:
        for key, value in read_catalog(path, locale).items():
            out.setdefault(key, value)
    return out


def sentence(text: str) -> str:
    """``text`` with its first letter upper-cased: a sentence that opens with a name the
    catalogues keep in lower case (``noir a joué E5.``) still starts with a capital.

    >>> sentence("noir a joué E5.")
    'Noir a joué E5.'
    """
    return text[:1].upper() + text[1:]


def singular(table: Table, message: str, **values: object) -> str:
    """``message`` translated by ``table``, its ``%(name)s`` filled from ``values``."""
    found = table.get(message)
    text = found if isinstance(found, str) else message
    return text % values if values else text


@cache
def _one(locale: str, n: int) -> bool:
    return Locale.parse(locale).plural_form(n) == "one"


def plural(locale: str, table: Table, one: str, many: str, count: int, /, **values: object) -> str:
    """The form of ``one``/``many`` that ``count`` takes in ``locale`` (CLDR: French says
    "0 leçon", English "0 lessons"); catalogues hold two forms, one and other."""
    found = table.get(one)
    if isinstance(found, tuple) and len(found) >= 2:
        text = found[0] if _one(locale, count) else found[1]
    else:
        text = one if count == 1 else many
    return text % values if values else text
