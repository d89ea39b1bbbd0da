"""The tutorials' catalogue is whole: every text the code and the lesson files mark is
translated into French and Esperanto, with the same placeholders, and nothing else."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.frontend import parse_mapping_cfg

from samtempa import i18n, words
from samtempa.tutorials import catalog
from samtempa.tutorials.catalog import LANGS, tr

TUTORIALS = Path(catalog.__file__).resolve().parent
#: What ``pybabel extract`` reads: the tutorials' ``babel.cfg`` (Python and the lesson files).
with (TUTORIALS / "babel.cfg").open() as cfg:
    METHODS, _OPTIONS = parse_mapping_cfg(cfg)  # type: ignore[no-untyped-call]
#: As the first line of ``babel.cfg`` and the catalogue's docstring say.
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


def test_the_keywords_are_those_babel_cfg_gives_pybabel() -> None:
    command = (TUTORIALS / "babel.cfg").read_text().splitlines()[0]
    for name, spec in KEYWORDS.items():
        if spec is None:
            assert f"-k {name} " in command
        else:
            where = ",".join(f"{p[0]}{p[1]}" if isinstance(p, tuple) else str(p) for p in spec)
            assert f"-k {name}:{where} " in command


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
    """Each placeholder is used (a translation may name a thing once where English twice)."""
    placeholder = re.compile(r"%\(\w+\)s")
    for key, text in catalog.table(lang).items():
        msgid = key.split("\x04")[-1]
        for form in (text,) if isinstance(text, str) else text:
            assert set(placeholder.findall(msgid)) == set(placeholder.findall(form)), key


@pytest.mark.parametrize("lang", ["fr", "eo"])
def test_no_game_word_is_translated_again(lang: str) -> None:
    """Races, colours, directions… have one home: the games' words (samtempa/words.py)."""
    game_words = set(words.table(lang))
    again = sorted(k for k in catalog.table(lang) if k in game_words or k.lower() in game_words)
    assert not again


def test_english_is_the_source_and_unknown_languages_read_english() -> None:
    assert catalog.table("en") == {}
    assert tr("en", "Your move") == tr("de", "Your move") == "Your move"
    assert tr("fr", "Your move") != "Your move"
    assert set(LANGS) == {"fr", "eo", "en"}


@pytest.mark.parametrize("lang", LANGS)
def test_rule_words_are_the_games_words(lang: str) -> None:
    """Causes of death, races and cells are said with the engine's words (samtempa/words.py),
    never copied into the tutorials' catalogue (issue 18)."""
    from types import SimpleNamespace

    from samtempa.games.snake.state import Cause
    from samtempa.tutorials.shell import legend as shell_legend
    from samtempa.tutorials.snake.narration import _frame_events
    from samtempa.tutorials.snake.orders import order_text
    from samtempa.tutorials.snake.views import legend as snake_legend

    for cause in Cause:
        death = SimpleNamespace(cause=cause, by="blue", number=1)
        frame = SimpleNamespace(
            change=None, teleports=[], deaths=[("red", death)], ghosts_ended=[], traps=[],
            shots=[], portals_removed=[], digging_stopped=[], growth={},
        )  # fmt: skip
        (sentence,) = _frame_events(frame, lang, str)
        assert words.death_cause(lang, cause.value) in sentence, sentence
        assert words.snake_name(lang, "red") in sentence
    assert words.race_name(lang, "breaker") in order_text({"breaker": True}, lang)
    for word in ("head", "body", "corpse", "wall", "trap", "ladder", "portal"):
        assert words.word(lang, word) in snake_legend(lang), word
    assert words.race_name(lang, "digger") in snake_legend(lang)
    assert words.word(lang, "black") in shell_legend(lang)
