"""The tutorials' catalogue is whole: every text the code and the lesson files mark is
translated into French and Esperanto, with the same placeholders, and nothing else."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir

from samtempa import i18n, words
from samtempa.tutorials import catalog
from samtempa.tutorials.catalog import LANGS, tr

TUTORIALS = Path(catalog.__file__).resolve().parent
#: As ``babel.cfg`` and the catalogue's docstring say.
METHODS = [
    ("**/lessons/*.json", "samtempa.tutorials.catalog:extract_lessons"),
    ("**.py", "python"),
]
KEYWORDS: dict[str, Any] = {
    "tr": (2,),
    "trc": ((2, "c"), 3),
    "ntr": (2, 3),
    "each_lang": (1,),
    "N_": None,
}


def extracted() -> dict[str, str | tuple[str, ...]]:
    """Catalogue key → the message as written (a plural: both English forms)."""
    found: dict[str, str | tuple[str, ...]] = {}
    for _name, _line, message, _comments, context in extract_from_dir(
        str(TUTORIALS), METHODS, keywords=KEYWORDS
    ):
        if isinstance(message, tuple):
            if not all(message):
                continue
            key = str(message[0])
            found[key if context is None else i18n.in_context(context, key)] = tuple(message)
        elif message:
            found[message if context is None else i18n.in_context(context, message)] = message
    return found


def test_the_extraction_finds_the_code_and_the_lessons() -> None:
    ids = extracted()
    assert "Paths revealed:" in ids  # snake/narration.py
    assert "Your move" in ids  # texts.py
    assert "Paths and frames" in ids  # lessons/snake-synapse.json, a title
    assert i18n.in_context("death ordinal", "1") in ids
    assert ("%(n)s winning turtle", "%(n)s winning turtles") in ids.values()
    assert len(ids) > 200


@pytest.mark.parametrize("lang", ["fr", "eo"])
def test_every_message_is_translated(lang: str) -> None:
    table = catalog.table(lang)
    missing = sorted(key for key in extracted() if key not in table)
    assert not missing, f"add to {catalog.catalog_path(lang)}: {missing}"


@pytest.mark.parametrize("lang", ["fr", "eo"])
def test_the_catalogue_holds_only_messages_in_use(lang: str) -> None:
    unused = sorted(set(catalog.table(lang)) - set(extracted()))
    assert not unused, f"remove from {catalog.catalog_path(lang)}: {unused}"


@pytest.mark.parametrize("lang", ["fr", "eo"])
def test_translations_keep_their_placeholders(lang: str) -> None:
    placeholder = re.compile(r"%\(\w+\)s")
    for key, text in catalog.table(lang).items():
        msgid = key.split("\x04")[-1]
        for form in (text,) if isinstance(text, str) else text:
            assert sorted(placeholder.findall(msgid)) == sorted(placeholder.findall(form)), key


@pytest.mark.parametrize("lang", ["fr", "eo"])
def test_no_game_word_is_translated_again(lang: str) -> None:
    """Races, colours, directions… have one home: the games' words (samtempa/words.py)."""
    again = sorted(set(catalog.table(lang)) & set(words.table(lang)))
    assert not again


def test_english_is_the_source_and_unknown_languages_read_english() -> None:
    assert catalog.table("en") == {}
    assert tr("en", "Your move") == tr("de", "Your move") == "Your move"
    assert tr("fr", "Your move") != "Your move"
    assert set(LANGS) == {"fr", "eo", "en"}
