"""Snake Synapse in the tutorial: the adapter between a lesson and the engine.

An action is one snake's entry of the orders object (SS-3.1), canonical as
:meth:`~samtempa.games.snake.orders.Order.to_json` writes it; the other snakes'
orders are the lesson's scripted reply. Each job has its module: reading
orders (:mod:`.orders`), the turn in words (:mod:`.narration`), the boards
(:mod:`.views`).
"""

from __future__ import annotations

from typing import Any

from samtempa import words as vocabulary
from samtempa.games.base import JSON, OrderError
from samtempa.games.snake import SnakeSynapse
from samtempa.games.snake.orders import parse_order
from samtempa.tutorials.base import ActionError
from samtempa.tutorials.catalog import LANGS, N_, pick_lang, tr
from samtempa.tutorials.lessons import Lesson
from samtempa.tutorials.snake.narration import describe_turn, name_of
from samtempa.tutorials.snake.orders import (
    BAD_DIRECTION,
    BAD_NOTATION,
    bad_notation,
    order_from_form,
    parse_order_text,
)
from samtempa.tutorials.snake.views import board_view, snake_board

__all__ = [
    "NAME",
    "SnakeLessons",
    "board_view",
    "learner_race",
    "name_of",
    "snake_board",
    "snake_name",
]

NAME = "snake-synapse"
_ENGINE = SnakeSynapse()

#: What the engine's refusals say (``OrderError.code``), with the race and path length.
_ERRORS: dict[str, str] = {
    "bad-notation": BAD_NOTATION,
    "bad-direction": BAD_DIRECTION,
    "wrong-path-length": N_("The path must have exactly %(n)s steps."),
    "power-not-of-race": N_("Your snake does not have that power: it is a %(race)s."),
    "no-charges-left": N_("Not enough charges are left for that power."),
    "bad-frame": N_(
        "A power's step number runs from 1 to %(n)s, and two shots never share a step."
    ),
    "game-over": N_("The game is over."),
}


def snake_name(lesson: Lesson, lang: str) -> str:
    """The learner's snake and race: ``Rouge (Digger)``."""
    race = learner_race(lesson)
    name = name_of(lesson.player, lang)
    return f"{name} ({vocabulary.race_name(pick_lang(lang), race)})" if race else name


def learner_race(lesson: Lesson) -> str | None:
    """The race of the learner's snake in the lesson's start (for the page's power fields)."""
    start = lesson.start or {}
    for snake in start.get("snakes", []):
        if snake.get("id") == lesson.player:
            race = snake.get("race")
            return race if isinstance(race, str) else None
    return None


def _path_length(lesson: Lesson) -> int:
    start = lesson.start or {}
    value = start.get("path_length", 5)
    return value if isinstance(value, int) else 5


class SnakeLessons:
    """The Snake Synapse adapter: an action is the learner's orders entry (SS-3.1)."""

    name = NAME

    def start_state(self, lesson: Lesson) -> Any:
        """A canonical state (it has ``game``) or a setup object (SS-2.5)."""
        start = lesson.start
        if start is not None and "game" in start:
            return _ENGINE.from_json(start)
        return _ENGINE.initial_state(start)

    def normalise(self, lesson: Lesson, action: Any) -> JSON:
        try:
            order = parse_order(lesson.player, action)
        except OrderError as e:
            raise bad_notation() from e
        return order.to_json()

    def parse_text(self, lesson: Lesson, text: str, lang: str) -> JSON:
        """``RRUUL``, ``RRUUL dash 1``, ``URRRR trap 1 U``, ``RRRRU dig 1``, ``breaker``,
        ``RRRRR ghost``, ``UUUUL shoot 1 1 U shoot 2 2 R`` (French letters H B G D too)."""
        return self.normalise(lesson, parse_order_text(text, lang))

    def parse_form(self, lesson: Lesson, form: dict[str, str], lang: str) -> JSON:
        """The lesson page's form: ``path`` and ``power`` with its fields."""
        return self.normalise(lesson, order_from_form(form, lang))

    def turn(self, lesson: Lesson, state: Any, action: Any, reply: Any) -> JSON:
        return {**reply, lesson.player: action}

    def refusal(self, lesson: Lesson, error: OrderError) -> ActionError:
        message = _ERRORS.get(error.code)
        if message is None:
            return ActionError(error.code, dict.fromkeys(LANGS, error.message))
        race = learner_race(lesson) or "?"
        n = _path_length(lesson)
        return ActionError(
            error.code,
            {k: tr(k, message, race=vocabulary.race_name(k, race), n=n) for k in LANGS},
        )

    def describe(
        self, lesson: Lesson, turn: Any, before: Any, after: Any, report: Any, lang: str
    ) -> list[str]:
        return describe_turn(turn, before, report, lang)

    def player_name(self, lesson: Lesson, lang: str) -> str:
        return snake_name(lesson, lang)
