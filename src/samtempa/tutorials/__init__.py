"""Interactive tutorials for both games (issue 9).

Lessons are data (``lessons/<game>.json``, :mod:`.lessons`); the service
(:mod:`.service`) plays a learner's action through the engine and says what
happened and why; ``samtempa learn`` (:mod:`.terminal`) and the web pages
both use it.
"""

from samtempa.tutorials.lessons import LANGS, Lesson, LessonStep, load_lessons
from samtempa.tutorials.service import Attempt, Position, TutorialService, service_for

__all__ = [
    "LANGS",
    "Attempt",
    "Lesson",
    "LessonStep",
    "Position",
    "TutorialService",
    "load_lessons",
    "service_for",
]
