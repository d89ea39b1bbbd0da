"""Lessons as data: ``lessons/<game>.json``, read and checked here.

A lesson is a prepared position, the player the learner is, and one or more
steps. Each step has an instruction, the learner's accepted actions (the
model answers), the opponents' scripted reply, the outcome it claims (a
partial canonical state, compared as ``rules/conformance.md`` compares), the
explanation shown once it is reached and the hint shown when it is not. The
files hold the texts in English; French and Esperanto come from the tutorials'
catalogue (:mod:`.catalog`). The engine decides every outcome; the tests play
every accepted action to check each claim.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from samtempa.games.registry import GAME_NAMES
from samtempa.tutorials.catalog import (
    DEFAULT_LANG,
    LANGS,
    Texts,
    each_lang,
    pick_lang,
    title_texts,
)

__all__ = ["DEFAULT_LANG", "LANGS", "Lesson", "LessonError", "LessonStep", "Texts", "pick_lang"]


class LessonError(ValueError):
    """A lesson file that is malformed (a missing text, an unknown key…)."""


@dataclass(frozen=True)
class LessonStep:
    """One move the learner makes in a lesson, and what it must lead to."""

    instruction: Texts
    accept: tuple[Any, ...]
    reply: Any
    expect: dict[str, Any]
    explanation: Texts
    hint: Texts
    wrong: tuple[Any, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A prepared position and the steps that teach ``rules``."""

    id: str
    game: str
    title: Texts
    rules: tuple[str, ...]
    player: str
    start: dict[str, Any] | None
    steps: tuple[LessonStep, ...]

    def summary(self) -> dict[str, Any]:
        """What ``samtempa learn GAME --list --json`` prints for a lesson."""
        return {"id": self.id, "title": dict(self.title), "rules": list(self.rules)}


_LESSON_KEYS = {"id", "title", "rules", "player", "start", "steps"}
_STEP_KEYS = {"instruction", "accept", "reply", "expect", "explanation", "hint", "wrong"}


def _texts(data: Any, where: str) -> Texts:
    """An English text of the file, in every language through the catalogue."""
    if not isinstance(data, str) or not data.strip():
        raise LessonError(f"{where} must be a non-empty English text")
    return each_lang(data)


def _title(data: Any, where: str) -> Texts:
    _texts(data, where)
    return title_texts(data)


def _step(data: Any, where: str) -> LessonStep:
    if not isinstance(data, dict):
        raise LessonError(f"{where} must be an object")
    unknown = set(data) - _STEP_KEYS
    missing = _STEP_KEYS - {"wrong"} - set(data)
    if unknown or missing:
        raise LessonError(f"{where}: unknown keys {sorted(unknown)}, missing {sorted(missing)}")
    accept = data["accept"]
    if not isinstance(accept, list) or not accept:
        raise LessonError(f"{where}.accept must be a non-empty list of actions")
    if not isinstance(data["expect"], dict) or not data["expect"]:
        raise LessonError(f"{where}.expect must be a partial canonical state")
    return LessonStep(
        instruction=_texts(data["instruction"], f"{where}.instruction"),
        accept=tuple(accept),
        reply=data["reply"],
        expect=data["expect"],
        explanation=_texts(data["explanation"], f"{where}.explanation"),
        hint=_texts(data["hint"], f"{where}.hint"),
        wrong=tuple(data.get("wrong", ())),
    )


def parse_lessons(game: str, data: Any) -> tuple[Lesson, ...]:
    """Read one game's lesson file; raises :class:`LessonError` on any fault."""
    if not isinstance(data, dict) or data.get("game") != game:
        raise LessonError(f"a lesson file is an object with 'game': {game!r}")
    items = data.get("lessons")
    if not isinstance(items, list) or not items:
        raise LessonError("'lessons' must be a non-empty list")
    lessons = []
    seen: set[str] = set()
    for i, item in enumerate(items):
        where = f"lessons[{i}]"
        if not isinstance(item, dict):
            raise LessonError(f"{where} must be an object")
        if set(item) != _LESSON_KEYS:
            raise LessonError(f"{where} must have exactly the keys {sorted(_LESSON_KEYS)}")
        lesson_id = item["id"]
        if not isinstance(lesson_id, str) or not lesson_id or lesson_id in seen:
            raise LessonError(f"{where}.id must be a new, non-empty text")
        seen.add(lesson_id)
        rules = item["rules"]
        if not isinstance(rules, list) or not rules or not all(isinstance(r, str) for r in rules):
            raise LessonError(f"{where}.rules must list rule numbers")
        steps = item["steps"]
        if not isinstance(steps, list) or not steps:
            raise LessonError(f"{where}.steps must be a non-empty list")
        start = item["start"]
        if start is not None and not isinstance(start, dict):
            raise LessonError(f"{where}.start must be a state, a setup or null")
        lessons.append(
            Lesson(
                id=lesson_id,
                game=game,
                title=_title(item["title"], f"{where}.title"),
                rules=tuple(rules),
                player=str(item["player"]),
                start=start,
                steps=tuple(_step(s, f"{where}.steps[{j}]") for j, s in enumerate(steps)),
            )
        )
    return tuple(lessons)


@cache
def load_lessons(game: str) -> tuple[Lesson, ...]:
    """The lessons of a game, in teaching order (package data ``lessons/<game>.json``)."""
    if game not in GAME_NAMES:
        raise KeyError(game)
    text = (
        resources.files("samtempa.tutorials").joinpath("lessons", f"{game}.json").read_text("utf-8")
    )
    return parse_lessons(game, json.loads(text))


def games_with_lessons() -> tuple[str, ...]:
    """The games whose lesson file is installed, in the registry's order."""
    folder = resources.files("samtempa.tutorials").joinpath("lessons")
    return tuple(g for g in GAME_NAMES if folder.joinpath(f"{g}.json").is_file())


def find_lesson(game: str, lesson_id: str) -> Lesson:
    """The lesson with this id; raises ``KeyError``."""
    for lesson in load_lessons(game):
        if lesson.id == lesson_id:
            return lesson
    raise KeyError(lesson_id)
