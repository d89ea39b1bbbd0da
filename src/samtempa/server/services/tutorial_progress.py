"""Tutorial progress kept on the account, so a logged-in learner keeps it on any browser.

Visitors without an account keep their finished lessons in a cookie
(:mod:`samtempa.tutorials.views`); for a logged-in user the account holds
them too, and what a cookie knows is merged in (a union: nothing is ever
lost). Progress has the cookie's shape: finished lesson ids per game, in the
order they were finished.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from samtempa.server.models import TutorialLessonDone
from samtempa.tutorials.lessons import games_with_lessons, load_lessons


def known_lesson(game: str, lesson_id: str) -> bool:
    """Only real lessons are stored: a cookie is the visitor's to write, not our table."""
    if game not in games_with_lessons():
        return False
    return any(lesson.id == lesson_id for lesson in load_lessons(game))


def read_progress(session: Session, user_id: int) -> dict[str, list[str]]:
    """A user's finished lesson ids per game, oldest first (``views.read_progress``'s shape)."""
    rows = session.execute(
        select(TutorialLessonDone.game, TutorialLessonDone.lesson_id)
        .where(TutorialLessonDone.user_id == user_id)
        .order_by(TutorialLessonDone.completed_at, TutorialLessonDone.id)
    )
    progress: dict[str, list[str]] = {}
    for game, lesson_id in rows:
        progress.setdefault(game, []).append(lesson_id)
    return progress


def record_done(session: Session, user_id: int, game: str, lesson_id: str, now: datetime) -> bool:
    """Mark a lesson finished; finishing it again changes nothing. True if it is new."""
    if not known_lesson(game, lesson_id):
        return False
    found = session.scalar(
        select(TutorialLessonDone.id).where(
            TutorialLessonDone.user_id == user_id,
            TutorialLessonDone.game == game,
            TutorialLessonDone.lesson_id == lesson_id,
        )
    )
    if found is not None:
        return False
    # A savepoint: another process may store the same lesson between our check and
    # our insert (PostgreSQL); the unique constraint then says it is already done.
    try:
        with session.begin_nested():
            session.add(
                TutorialLessonDone(
                    user_id=user_id, game=game, lesson_id=lesson_id, completed_at=now
                )
            )
    except IntegrityError:
        return False
    return True


def merge(
    session: Session, user_id: int, cookie: dict[str, list[str]], now: datetime
) -> dict[str, list[str]]:
    """Add a cookie's finished lessons to the account; the union of both, account first."""
    progress = read_progress(session, user_id)
    for game, ids in cookie.items():
        for lesson_id in ids:
            if record_done(session, user_id, game, lesson_id, now):
                progress.setdefault(game, []).append(lesson_id)
    return progress


def missing_from(account: dict[str, list[str]], cookie: dict[str, list[str]]) -> bool:
    """Whether a cookie knows a real lesson the account does not (then a merge is worth a write)."""
    return any(
        lesson_id not in account.get(game, []) and known_lesson(game, lesson_id)
        for game, ids in cookie.items()
        for lesson_id in ids
    )


def forget_game(session: Session, user_id: int, game: str) -> None:
    """Start a game's lessons over (the tutorial's reset button), on the account too."""
    session.execute(
        delete(TutorialLessonDone).where(
            TutorialLessonDone.user_id == user_id, TutorialLessonDone.game == game
        )
    )
