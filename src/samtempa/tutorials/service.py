"""The tutorial as a small service, independent of HTTP and of the terminal.

Given a lesson, the learner's moves so far and a new action, it plays the
turn through the engine and says what happened, and then why (the
explanation) when the lesson's claimed outcome is reached, or the hint when
it is not. It keeps no state: the position of a lesson is replayed from the
moves already made, so a web page can carry them in a form or a link, and
the terminal in a list.

A step is passed when the engine's state after the turn matches the claimed
outcome (``rules/conformance.md``'s partial comparison): the engine, not a
list, decides; the lesson's accepted actions are its model answers.

>>> service = TutorialService("what-the-shell")
>>> first = service.lessons[0]
>>> attempt = service.attempt(first.id, [], "e5", "en")
>>> attempt.success, attempt.after.finished
(True, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from samtempa.conformance import matches
from samtempa.games.base import JSON, Game, OrderError
from samtempa.games.registry import get_game
from samtempa.tutorials.base import ActionError, LessonGame
from samtempa.tutorials.lessons import Lesson, LessonStep, find_lesson, load_lessons, pick_lang
from samtempa.tutorials.shell import ShellLessons
from samtempa.tutorials.snake import SnakeLessons

#: Each game's part of the tutorial (its ``name`` is the game's).
ADAPTERS: tuple[LessonGame, ...] = (ShellLessons(), SnakeLessons())


@dataclass(frozen=True)
class Position:
    """Where a learner stands in a lesson: the state and the step to play next."""

    lesson: Lesson
    moves: tuple[Any, ...]
    state: Any
    state_json: JSON

    @property
    def step_index(self) -> int:
        return len(self.moves)

    @property
    def finished(self) -> bool:
        return self.step_index >= len(self.lesson.steps)

    @property
    def step(self) -> LessonStep | None:
        return None if self.finished else self.lesson.steps[self.step_index]


@dataclass(frozen=True)
class Attempt:
    """The answer to one action: what happened, and why or a hint.

    ``error`` is set (and nothing was played) when the rules refuse the
    action; otherwise ``played`` is the state after the turn, whether or not
    it reached the lesson's outcome, and ``report`` the engine's report.
    """

    action: Any
    success: bool
    before: Position
    after: Position
    played: JSON | None
    played_state: Any
    report: Any
    happened: tuple[str, ...]
    message: str
    error: str | None = None
    error_code: str | None = None


class LessonMoveError(ValueError):
    """Moves that are not a way through the lesson (a tampered link, a stale page)."""


class TutorialService:
    """The lessons of one game, and attempts at them."""

    def __init__(self, game: str) -> None:
        self.game_name = game
        self.lessons: tuple[Lesson, ...] = load_lessons(game)
        self.engine: Game[Any, Any] = get_game(game)
        self.adapter: LessonGame = _adapter(game)

    def lesson(self, lesson_id: str) -> Lesson:
        """Raises ``KeyError`` for an unknown id."""
        return find_lesson(self.game_name, lesson_id)

    def next_lesson(self, lesson_id: str) -> Lesson | None:
        ids = [lesson.id for lesson in self.lessons]
        i = ids.index(lesson_id) + 1
        return self.lessons[i] if i < len(ids) else None

    def start(self, lesson_id: str) -> Position:
        lesson = self.lesson(lesson_id)
        state = self.adapter.start_state(lesson)
        return Position(lesson, (), state, self.engine.to_json(state))

    def position(self, lesson_id: str, moves: Sequence[Any]) -> Position:
        """Replay ``moves`` from the lesson's start; each must pass its step.

        Raises :class:`LessonMoveError` if one does not.
        """
        position = self.start(lesson_id)
        for move in moves:
            if position.finished:
                raise LessonMoveError("more moves than the lesson has steps")
            result = self._play(position, move)
            if result is None or not result[3]:
                raise LessonMoveError(f"{move!r} does not pass step {position.step_index + 1}")
            position = result[0]
        return position

    def parse_text(self, lesson_id: str, text: str, lang: str) -> Any:
        """An action typed by a person; raises :class:`ActionError`."""
        return self.adapter.parse_text(self.lesson(lesson_id), text, lang)

    def parse_form(self, lesson_id: str, form: dict[str, str], lang: str) -> Any:
        """The action a web form carries; raises :class:`ActionError`."""
        return self.adapter.parse_form(self.lesson(lesson_id), form, lang)

    def player_name(self, lesson_id: str, lang: str) -> str:
        return self.adapter.player_name(self.lesson(lesson_id), pick_lang(lang))

    def attempt(self, lesson_id: str, moves: Sequence[Any], action: Any, lang: str) -> Attempt:
        """Play ``action`` at the current step of the lesson and judge it."""
        lang = pick_lang(lang)
        before = self.position(lesson_id, moves)
        step = before.step
        if step is None:
            raise LessonMoveError("the lesson is already finished")
        try:
            result = self._play(before, action)
        except ActionError as e:
            return self._refused(before, action, e, lang)
        assert result is not None
        after, new_state, report, success = result
        turn = self.adapter.turn(before.lesson, before.state, after.moves[-1], step.reply)
        happened = tuple(
            self.adapter.describe(before.lesson, turn, before.state, new_state, report, lang)
        )
        return Attempt(
            action=after.moves[-1],
            success=success,
            before=before,
            after=after if success else before,
            played=after.state_json,
            played_state=new_state,
            report=report,
            happened=happened,
            message=step.explanation[lang] if success else step.hint[lang],
        )

    def attempt_form(
        self, lesson_id: str, moves: Sequence[Any], form: dict[str, str], lang: str
    ) -> Attempt:
        """:meth:`attempt` with the action a web form carries (a refusal if it has none)."""
        try:
            action = self.parse_form(lesson_id, form, lang)
        except ActionError as e:
            return self._refused(self.position(lesson_id, moves), None, e, pick_lang(lang))
        return self.attempt(lesson_id, moves, action, lang)

    def _refused(self, position: Position, action: Any, error: ActionError, lang: str) -> Attempt:
        """Nothing was played: the rules (or the notation) refuse the action; say why."""
        step = position.step
        assert step is not None
        return Attempt(
            action=action,
            success=False,
            before=position,
            after=position,
            played=None,
            played_state=None,
            report=None,
            happened=(),
            message=step.hint[lang],
            error=error.message(lang),
            error_code=error.code,
        )

    def _play(self, position: Position, action: Any) -> tuple[Position, Any, Any, bool] | None:
        """The turn of ``action`` at ``position``: the next position, state, report, success.

        Raises :class:`ActionError` when the action is malformed or refused.
        """
        step = position.step
        if step is None:
            return None
        lesson = position.lesson
        action = self.adapter.normalise(lesson, action)
        turn = self.adapter.turn(lesson, position.state, action, step.reply)
        try:
            played = self.engine.play(position.state, turn)
        except OrderError as e:
            raise self.adapter.refusal(lesson, e) from e
        state_json = self.engine.to_json(played.state)
        success = matches(step.expect, state_json)
        after = Position(lesson, (*position.moves, action), played.state, state_json)
        return after, played.state, played.report, success


def _adapter(game: str) -> LessonGame:
    for adapter in ADAPTERS:
        if adapter.name == game:
            return adapter
    raise KeyError(game)


@cache
def service_for(game: str) -> TutorialService:
    """One shared service per game (lessons and engines are immutable)."""
    return TutorialService(game)
