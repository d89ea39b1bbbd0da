"""One vocabulary per language: the words of the games, shared by every part of samtempa.

A game's words (its players, pieces, races, directions, causes of death, terrains)
live beside its engine as gettext catalogues, ``games/<game>/words/<lang>.po``, and
the words both games share (the bot levels) in ``games/words/``. The English word is
the message id. The web platform merges these catalogues before its own, so a page,
a tutorial, a picture and the terminal all say ``freineur`` for a breaker and ``easy``
for the easy bot.

>>> word("fr", "breaker"), word("eo", "easy"), word("en", "ghost")
('freineur', 'facila', 'ghost')
>>> snake_name("fr", "red"), death_cause("en", "head-on")
('Rouge', 'head to head')
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

from samtempa.i18n import read_catalog

GAMES = Path(__file__).resolve().parent / "games"
#: Where the words are: both games' shared words first, then each game's.
FOLDERS = (
    GAMES / "words",
    GAMES / "shell" / "words",
    GAMES / "snake" / "words",
    GAMES / "snake" / "story",  # the sentences of render/story.py
    Path(__file__).resolve().parent / "render" / "words",  # the pictures' captions and keys
)
LANGS = ("fr", "eo", "en")

#: Snake Synapse's causes of death (``Cause`` values, SS-5.8) and their words.
CAUSES = {
    "body": "against a body",
    "self": "against itself",
    "wall": "against a wall",
    "head-on": "head to head",
    "ghost": "under a ghost",
}
#: The terrains (``terrains/<id>.json``) by id, and their names.
TERRAINS = {
    "classic": "The classic terrain",
    "cylinder": "The cylinder",
    "torus": "The torus",
    "double-grid": "The double grid",
    "big": "The big terrain",
    "circular-arena": "The circular arena",
    "aperture-science": "The Aperture Science terrain",
    "rhizome-9": "Rhizome 9",
}


def catalog_paths(lang: str) -> list[Path]:
    """The word catalogues of ``lang`` (none for English: the ids are the English words)."""
    return [folder / f"{lang}.po" for folder in FOLDERS if (folder / f"{lang}.po").is_file()]


@cache
def table(lang: str) -> dict[str, str]:
    """English word → the word in ``lang``, from every game's catalogue."""
    out: dict[str, str] = {}
    for path in catalog_paths(lang):
        for key, value in read_catalog(path, lang).items():
            if isinstance(value, str):
                out.setdefault(key, value)
    return out


def english_words() -> list[str]:
    """Every word of the vocabulary (the message ids of the French catalogues)."""
    return list(table("fr"))


def word(lang: str, english: str) -> str:
    """``english`` in ``lang``; a word the vocabulary lacks stays as it is."""
    return table(lang).get(english, english) if lang in LANGS else english


def words(lang: str) -> Callable[[str], str]:
    """A translator for one language: ``words("fr")("digger") == "creuseur"``."""
    found = table(lang) if lang in LANGS else {}
    return lambda english: found.get(english, english)


def gettext(lang: str) -> Callable[..., str]:
    """``_("turn %(n)s", n=3)`` in ``lang``: the vocabulary's translation, values filled in.

    A message with a context (``msgctxt``) is asked for as ``_(in_context(ctx, msg))``;
    untranslated, it is the message itself.
    """
    found = table(lang) if lang in LANGS else {}

    def _(message: str, **values: object) -> str:
        text = found.get(message) or message.rpartition("\x04")[2]
        return text % values if values else text

    return _


def snake_name(lang: str, snake_id: str) -> str:
    """A snake (its colour id) as a player's name: ``Rouge``, ``Ruĝo``, ``Red``."""
    return word(lang, snake_id.capitalize())


def race_name(lang: str, race: str) -> str:
    """A race as a name: ``Freineur``, ``Bremsanto``, ``Breaker``."""
    return word(lang, race).capitalize()


def death_cause(lang: str, cause: str) -> str:
    return word(lang, CAUSES.get(cause, cause))


def terrain_name(lang: str, terrain_id: str) -> str:
    return word(lang, TERRAINS.get(terrain_id, terrain_id))
