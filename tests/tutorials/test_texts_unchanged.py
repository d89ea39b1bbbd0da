"""The tutorials say today exactly what they said before their texts moved to catalogues.

``fixtures/tutorial_texts.json`` was captured (``python -m tests.tutorials.capture``)
on the code before the move: every lesson, every step, both games, the three
languages, the service, the terminal session and the web pages. Any difference
is a change of wording a learner would see.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from samtempa.tutorials.catalog import ntr, title_texts, tr
from tests.tutorials.capture import FIXTURE, capture


@pytest.fixture(scope="module")
def now(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return capture(tmp_path_factory.mktemp("texts"))


@pytest.fixture(scope="module")
def before() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(FIXTURE.read_text("utf-8"))
    return data


@pytest.mark.parametrize("part", ["service", "terminal", "web"])
def test_every_text_is_what_it_was(part: str, now: dict[str, Any], before: dict[str, Any]) -> None:
    assert set(now[part]) == set(before[part])
    changed = [key for key in before[part] if now[part][key] != before[part][key]]
    for key in changed[:1]:
        assert now[part][key] == before[part][key], key
    assert not changed


def test_the_fixture_covers_both_games_and_every_language(before: dict[str, Any]) -> None:
    sessions = [k for k in before["terminal"] if k.endswith("/session")]
    assert len(sessions) == 6
    web = " ".join(before["web"])
    for lang in ("fr", "eo", "en"):
        assert f"{lang}/what-the-shell/" in web
        assert f"{lang}/snake-synapse/" in web
    assert Path(FIXTURE).stat().st_size > 100_000


# --- every sentence, reached by a lesson or not --------------------------------------------

STRINGS = FIXTURE.parent / "tutorial_strings.json"
#: Old texts that copied the games' words (issue 18: rule wording from the engine's words):
#: the death sentences now say the engine's cause of death, the legends and the breaker's
#: reveal name races, colours and cells with the games' words. ``capture`` shows them.
NOW_FROM_THE_GAMES_WORDS = {
    "snake._S/body", "snake._S/self", "snake._S/wall", "snake._S/head-on", "snake._S/ghost",
    "snake._S/breaking", "snake.LEGEND", "shell.LEGEND",
}  # fmt: skip
#: Genuine errors fixed on the way: (where, language) → the text now.
FIXED = {
    # Esperanto's object takes the accusative ("Vi ludas Ruĝon"); the name is put in
    # as it is, so the sentence says "as": "Vi ludas kiel Ruĝo (Fosisto)."
    ("texts.TEXTS/you-are", "eo"): "Vi ludas kiel %(who)s.",
    # The site's menu and home page call the tutorial "Lernilo"; its own pages said
    # "Instruilo": the link and the page it opens now have one name.
    ("texts.TEXTS/tutorial", "eo"): "Lernilo",
}


def _conv(text: str) -> str:
    """The old ``{name}`` placeholders as the catalogue writes them, ``%(name)s``."""
    return re.sub(r"\{(\w+)\}", r"%(\1)s", text)


def _old_sentences() -> Iterator[tuple[str, str, dict[str, str]]]:
    """(where, English message id, {lang: text}) for every old inline text.

    Sentences that took a colour or a direction as a word became one message per
    colour or direction (so each language can make it agree); the old
    plural "one|many" became a gettext plural, checked by its forms."""
    data: dict[str, Any] = json.loads(STRINGS.read_text("utf-8"))
    adj = {c: data[f"shell._ADJ/{c}"] for c in ("black", "white")}
    dirs = {d: data[f"snake._DIR_NAMES/{d}"] for d in "UDLR"}
    for key, texts in data.items():
        if key == "_about" or key.startswith(("shell._ADJ", "snake._DIR_NAMES")):
            continue
        if key in {"texts.TEXTS/portal", "shell._S/count"} | NOW_FROM_THE_GAMES_WORDS:
            continue  # a game's word now (samtempa/words.py), and a plural (below)
        conv = {lang: _conv(text) for lang, text in texts.items()}
        if key == "snake._S/portal":
            for names in dirs.values():
                yield (
                    key,
                    conv["en"].replace("%(dir)s", names["en"]),
                    {lang: text.replace("%(dir)s", names[lang]) for lang, text in conv.items()},
                )
        elif "%(adj)s" in conv["en"]:
            for names in adj.values():
                yield (
                    key,
                    conv["en"].replace("%(adj)s", names["en"]),
                    {lang: text.replace("%(adj)s", names[lang]) for lang, text in conv.items()},
                )
        else:
            yield key, conv["en"], conv


def test_every_old_sentence_reads_the_same_from_the_catalogue() -> None:
    checked = 0
    for where, msgid, texts in _old_sentences():
        for lang, text in texts.items():
            # A lesson titled with a games' word (a race) takes it from samtempa/words.py.
            now = title_texts(msgid)[lang] if where.endswith("/title") else tr(lang, msgid)
            assert now == FIXED.get((where, lang), text), (where, lang)
            checked += 1
    assert checked > 600


@pytest.mark.parametrize(
    ("lang", "n", "expected"),
    [("fr", 0, "0 tortue gagnante"), ("fr", 1, "1 tortue gagnante"),
     ("fr", 5, "5 tortues gagnantes"), ("eo", 1, "1 venka testudo"),
     ("eo", 0, "0 venkaj testudoj"), ("en", 0, "0 winning turtles"),
     ("en", 1, "1 winning turtle")],
)  # fmt: skip
def test_the_winning_count_keeps_its_old_plural(lang: str, n: int, expected: str) -> None:
    """The old code split "one|many" and took one for n <= 1 in French, n == 1 elsewhere."""
    assert ntr(lang, "%(n)s winning turtle", "%(n)s winning turtles", n, n=n) == expected
