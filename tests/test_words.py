"""One vocabulary per language (issue 19 item 8): games, tutorials, pages, pictures, terminal.

The games' words live in ``games/**/words/<lang>.po``; these tests check that the
catalogues are whole, that no other catalogue gives a game's word another translation,
and that the tutorials, the site and the terminal take their words from them.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from samtempa import words
from samtempa.bots.registry import LEVELS
from samtempa.games.snake.state import Cause, Race
from samtempa.server.core.i18n import LOCALES_DIR, Catalogs
from samtempa.terminal.snake import COLOURS
from samtempa.tutorials import snake as snake_lessons
from samtempa.tutorials.lessons import load_lessons
from samtempa.tutorials.shell import who

SRC = Path(words.__file__).resolve().parent
LANGS = ("fr", "eo")


def test_every_word_is_translated_in_both_languages() -> None:
    for folder in words.FOLDERS:
        ids = []
        for lang in LANGS:
            with (folder / f"{lang}.po").open("rb") as f:
                catalog = read_po(f, locale=lang)
            ids.append({m.id for m in catalog if m.id})
            assert all(m.string for m in catalog if m.id), f"{folder} {lang}: an empty word"
        assert ids[0] == ids[1], f"{folder}: French and Esperanto list different words"


def test_the_vocabulary_names_every_level_race_colour_cause_and_terrain() -> None:
    known = set(words.english_words())
    wanted = {level for levels in LEVELS.values() for level in levels}
    wanted |= {r.value for r in Race} | set(COLOURS) | {c.capitalize() for c in COLOURS}
    wanted |= {words.CAUSES[c.value] for c in Cause}
    wanted |= set(words.TERRAINS.values())
    terrains = {p.stem for p in (SRC / "games" / "snake" / "terrains").glob("*.json")}
    assert terrains == set(words.TERRAINS)
    assert wanted <= known, sorted(wanted - known)


@pytest.mark.parametrize("lang", LANGS)
def test_no_site_catalogue_translates_a_game_word_again(lang: str) -> None:
    """A word has one home: the site's catalogues hold sentences, not the games' words."""
    game_words = set(words.table(lang))
    for path in sorted((LOCALES_DIR / lang / "LC_MESSAGES").glob("*.po")):
        with path.open("rb") as f:
            again = {m.id for m in read_po(f, locale=lang) if m.id in game_words}
        assert not again, f"{path.name} translates {sorted(again)} again"
    _ = Catalogs().gettext(lang)
    for english, translated in words.table(lang).items():
        assert _(english) == translated


@pytest.mark.parametrize("lang", LANGS)
def test_the_tutorial_names_races_and_snakes_as_the_game_does(lang: str) -> None:
    _ = Catalogs().gettext(lang)
    for race in Race:
        assert words.race_name(lang, race.value) == _(race.value).capitalize()
    assert snake_lessons.name_of("red", lang) == words.snake_name(lang, "red")
    assert who("black", lang) == _("Black")
    english = re.compile(r"\b(Breaker|Dasher|Trapper|Digger|Ghost|Shooter)\b")
    for lesson in load_lessons("snake-synapse"):
        texts = [lesson.title[lang]] + [
            str(step.instruction[lang]) + str(step.hint[lang]) for step in lesson.steps
        ]
        for text in texts:
            assert not english.search(text), f"{lesson.id} ({lang}): {text[:80]}"
    titles = {lesson.id: lesson.title[lang] for lesson in load_lessons("snake-synapse")}
    assert titles["ss-breaker"] == _("breaker").capitalize()


def test_lesson_titles_carry_no_rule_codes() -> None:
    code = re.compile(r"\b(WTS|SS)-\d")
    for game in ("what-the-shell", "snake-synapse"):
        data = json.loads((SRC / "tutorials" / "lessons" / f"{game}.json").read_text())
        lessons = data["lessons"] if isinstance(data, dict) else data
        for lesson in lessons:
            assert not code.search(lesson["title"]), lesson["title"]
        for lesson in load_lessons(game):
            for title in lesson.title.values():
                assert not code.search(title), title


def test_the_learn_pages_show_no_rule_codes() -> None:
    templates = SRC / "server" / "templates"
    for name in ("learn.html", "learn_lesson.html"):
        assert "lesson.rules" not in (templates / name).read_text(), name
