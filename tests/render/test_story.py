"""Snake Synapse in sentences (render/story.py): every turn of random games on every
terrain, powers included, told in French and Esperanto without an English word."""

from __future__ import annotations

import re

import pytest

from samtempa import words as vocabulary
from samtempa.games.snake import TERRAIN_IDS, load_terrain
from samtempa.games.snake.codec import to_json
from samtempa.render.story import Story
from samtempa.server.services.reports import report_to_json
from tests.games.snake.test_properties import GAME, play_game

WORD = re.compile(r"[A-Za-zÀ-ÿĉĝĥĵŝŭĈĜĤĴŜŬ']{4,}")


def english_only(lang: str) -> set[str]:
    """Words of the English sentences and words that their translations do not use."""
    table = vocabulary.table(lang)
    english = {w.lower() for m in table for w in WORD.findall(re.sub(r"%\(\w+\)s", "", m))}
    translated = {w.lower() for t in table.values() for w in WORD.findall(t)}
    return english - translated


def told(lang: str, terrain: str, seed: int) -> list[str]:
    game = play_game(terrain, load_terrain(terrain).players, seed)
    story = Story(lang)
    lines: list[str] = []
    for before, orders, step in game.turns:
        b = to_json(before)
        sent = {p: GAME.orders_to_json(before, p, o) for p, o in orders.items()}
        report = report_to_json("snake-synapse", step.report, step.state)
        frames = [to_json(f) for f in step.frames]
        for part in story.turn(b, sent, [], report, frames):
            lines += [part["title"], part.get("moves", ""), *part["lines"]]
        after = to_json(step.state)
        lines += list(story.cells(after).values())
        lines += [row["status"] for row in story.snakes(after)]
    return lines


@pytest.mark.parametrize("lang", ["fr", "eo"])
@pytest.mark.parametrize("terrain", TERRAIN_IDS)
def test_no_english_word_in_a_translated_story(lang: str, terrain: str) -> None:
    lines = told(lang, terrain, seed=7)
    assert len(lines) > 20
    banned = english_only(lang)
    found = {w for line in lines for w in WORD.findall(line) if w.lower() in banned}
    assert not found, (terrain, sorted(found)[:20])
    assert not any("{" in line or "%(" in line for line in lines)


def test_the_story_tells_deaths_growth_and_the_result_in_english_too() -> None:
    lines = told("en", "classic", seed=3)
    text = "\n".join(lines)
    assert re.search(r"^\w+ \(\d\) dies on [A-M]\d+, ", text, re.M)
    assert re.search(r"(wins the game|Draw between)", text)
    assert re.search(r"follows the path [UDLR]{5}", text)


def test_french_paths_use_french_letters() -> None:
    story = Story("fr")
    assert story.path("UDLR") == "HBGD"
    assert story.letters()["R"] == "D"
    assert Story("eo").path("UDLR") == "UDLR"


def test_a_removal_is_told_once() -> None:
    """SS-9.1: a removal order (a resignation too) is one sentence, not two."""
    state = to_json(GAME.initial_state())
    orders: dict[str, dict[str, object]] = {"red": {"removed": True}, "blue": {"path": "DDDDD"}}
    report = {"turn": 1, "removed": ["red"], "frames": [], "growth": {}, "result": None}
    parts = Story("fr").turn(state, orders, [], report)
    lines = [line for part in parts for line in part["lines"]]
    assert lines.count("Rouge (1) quitte la partie : son serpent est retiré.") == 1
