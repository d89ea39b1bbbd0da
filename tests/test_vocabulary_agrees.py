"""One vocabulary per language: a game's word reads the same in every catalogue.

``samtempa/words.py`` gives each word of the games one home (``games/**/words``); the
sentences around it live in other catalogues (the story's, the pictures', the site's,
the tutorials'). This test reads every French and Esperanto catalogue of the package
and finds each sentence whose English names a race, a snake colour, a bot level, a
piece or a frame: its translation must use the vocabulary's word for it (the French
rule book's *frame*, never *image* or *étape*; *creuseur*, never *Digger*).
"""

from __future__ import annotations

import re
from pathlib import Path
from random import Random

import pytest

from samtempa import i18n, words
from samtempa.bots.registry import LEVELS
from samtempa.games.snake.state import Race
from samtempa.terminal.common import make_seat
from samtempa.terminal.snake import COLOURS

SRC = Path(words.__file__).resolve().parent
LANGS = ("fr", "eo")
#: The words looked for: races, colours, pieces and marks, the frame. Bot levels are
#: adjectives too ("the hard deadline"): they are checked as whole messages below.
TERMS = sorted(
    {r.value for r in Race}
    | set(COLOURS)
    | {"frame", "egg", "turtle", "trap", "portal", "ladder", "corpse"}
)
#: Orders written as the players type them ("RRRRR ghost", "dash 1 · trap 2 U"): the
#: keywords of the notation stay as they are.
NOTATION = re.compile(r"\b[UDLR]{3,}\b|\b(?:dash|trap|dig|shoot) \d|\(U up")
PLACEHOLDER = re.compile(r"%\(\w+\)s")


def catalogues(lang: str) -> list[Path]:
    return sorted({*SRC.glob(f"**/{lang}.po"), *SRC.glob(f"**/locales/{lang}/LC_MESSAGES/*.po")})


def stem(word: str, lang: str) -> str:
    """What every form of the word holds: French *bleu* in *bleue*, Esperanto *kadr* in
    *kadroj*, *fosist* in *fosistoj*."""
    word = word.lower()
    return re.sub(r"[oae]$", "", word) if lang == "eo" else word


def test_there_are_catalogues_of_every_part() -> None:
    parts = {p.relative_to(SRC).parts[0] for p in catalogues("fr")}
    assert {"games", "render", "server", "tutorials"} <= parts


@pytest.mark.parametrize("lang", LANGS)
def test_every_sentence_uses_the_vocabularys_word(lang: str) -> None:
    vocabulary = words.table(lang)
    disagreements = []
    for path in catalogues(lang):
        for message, translation in i18n.read_catalog(path, lang).items():
            if not isinstance(translation, str):
                continue
            english = PLACEHOLDER.sub(" ", message.rpartition("\x04")[2])
            if NOTATION.search(english):
                continue
            for term in TERMS:
                if english.lower() == term or not re.search(rf"\b{term}s?\b", english, re.I):
                    continue
                if stem(vocabulary[term], lang) not in translation.lower():
                    disagreements.append(
                        f"{path.relative_to(SRC)}: {english!r} -> {translation!r} "
                        f"(the word for {term} is {vocabulary[term]!r})"
                    )
    assert not disagreements, "\n".join(disagreements)


@pytest.mark.parametrize("lang", LANGS)
def test_a_bot_level_has_one_name(lang: str) -> None:
    """The easy bot was "safe" in the terminal and "easy" on the site (issue 19): every
    catalogue naming a level alone names it as the vocabulary does."""
    levels = {level for names in LEVELS.values() for level in names}
    vocabulary = words.table(lang)
    for path in catalogues(lang):
        table = i18n.read_catalog(path, lang)
        for level in levels:
            for message in (level, level.capitalize()):
                found = table.get(message)
                if isinstance(found, str):
                    assert found.lower() == vocabulary[level].lower(), (path, message, found)


def test_the_terminal_offers_the_registrys_levels() -> None:
    """No level of the terminal's own: a seat is a person or one of the registry's bots."""
    for game, names in LEVELS.items():
        for name in names:
            seat = make_seat("Ana", name, game, Random(1))
            assert seat.bot is not None
            assert f"({name} bot)" in seat.name
        with pytest.raises(ValueError, match="easy"):
            make_seat("Ana", "safe", game, Random(1))
