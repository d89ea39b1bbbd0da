"""What the tutorial needs from each game, beside the engine itself.

The engine decides everything; an adapter only turns the learner's action
and the scripted reply into the engine's turn, and puts the engine's report
into words in the learner's language.
"""

from __future__ import annotations

from typing import Any, Protocol

from samtempa.games.base import OrderError
from samtempa.tutorials.lessons import Lesson, Texts, pick_lang


class ActionError(ValueError):
    """An action the learner typed that is no action at all, or that the rules refuse.

    ``texts`` says why in each language.
    """

    def __init__(self, code: str, texts: Texts) -> None:
        super().__init__(texts["en"])
        self.code = code
        self.texts = texts

    def message(self, lang: str) -> str:
        return self.texts[pick_lang(lang)]


class LessonGame(Protocol):
    """One game's part of the tutorial (What the Shell, Snake Synapse)."""

    name: str

    def start_state(self, lesson: Lesson) -> Any:
        """The engine state of the lesson's prepared position."""
        ...

    def normalise(self, lesson: Lesson, action: Any) -> Any:
        """The action in its canonical JSON form; raises :class:`ActionError`."""
        ...

    def parse_text(self, lesson: Lesson, text: str, lang: str) -> Any:
        """An action typed by a person (``e5``, ``RRUUL dash 1``…); raises :class:`ActionError`."""
        ...

    def turn(self, lesson: Lesson, state: Any, action: Any, reply: Any) -> Any:
        """The turn in the engine's conformance notation."""
        ...

    def describe(
        self, lesson: Lesson, turn: Any, before: Any, after: Any, report: Any, lang: str
    ) -> list[str]:
        """What happened in ``turn``, in short sentences in ``lang``."""
        ...

    def parse_form(self, lesson: Lesson, form: dict[str, str], lang: str) -> Any:
        """The action a web form carries (a clicked cell, a path and a power)."""
        ...

    def player_name(self, lesson: Lesson, lang: str) -> str:
        """Who the learner plays, in ``lang`` (``Noir``, ``Ruĝo (Digger)``)."""
        ...

    def refusal(self, lesson: Lesson, error: OrderError) -> ActionError:
        """The engine's refusal of a turn, said in every language."""
        ...
