"""The tutorial in the browser: lesson lists, a lesson's position, and the learner's moves.

No account needed: the moves made so far travel in the form, finished lessons
in a cookie. A logged-in learner's finished lessons are kept on the account
too (merged with the cookie's), so they follow them to another browser. All
judging is :class:`~samtempa.tutorials.service.TutorialService`'s.
"""

from __future__ import annotations

import json
from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import RedirectResponse
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from samtempa.server.api.deps import (
    YEAR_S,
    CsrfChecked,
    CurrentVisitor,
    Visitor,
    read,
    render,
    write,
)
from samtempa.server.services import tutorial_progress
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches import utcnow
from samtempa.tutorials.lessons import Lesson, games_with_lessons
from samtempa.tutorials.service import (
    Attempt,
    LessonMoveError,
    Position,
    TutorialService,
    service_for,
)
from samtempa.tutorials.snake import learner_race, snake_board
from samtempa.tutorials.texts import all_texts, colon
from samtempa.tutorials.views import COOKIE, read_progress, shell_board, write_progress
from samtempa.words import word

router = APIRouter()


def _texts(locale: str) -> dict[str, str]:
    """Every interface text of the tutorial pages in the visitor's language."""
    texts = {key.replace("-", "_"): value for key, value in all_texts(locale).items()}
    texts["colon"] = colon(locale)
    for letter, name in (("U", "up"), ("D", "down"), ("L", "left"), ("R", "right")):
        texts[f"dir_{letter}"] = word(locale, name)  # the games' words (samtempa/words.py)
    return texts


def _service(game: str) -> TutorialService:
    if game not in games_with_lessons():
        raise Refusal("unknown-game", "there is no tutorial for %(name)s", 404, name=game)
    return service_for(game)


def _lesson(service: TutorialService, lesson_id: str) -> Lesson:
    try:
        return service.lesson(lesson_id)
    except KeyError:
        raise Refusal(
            "unknown-lesson", "there is no lesson %(name)s", 404, name=lesson_id
        ) from None


@router.get("/learn")
async def index(request: Request, visitor: CurrentVisitor) -> Response:
    done = await _progress(request, visitor)
    games = []
    for game in games_with_lessons():
        service = service_for(game)
        finished = set(done.get(game, []))
        todo = [lesson for lesson in service.lessons if lesson.id not in finished]
        games.append(
            {
                "name": game,
                "lessons": service.lessons,
                "done": finished,
                "next": todo[0] if todo else None,
            }
        )
    return render(request, "learn.html", games=games, t=_texts(visitor.locale))


@router.get("/learn/{game}")
async def game_lessons(game: str) -> Response:
    _service(game)
    return RedirectResponse(f"/learn#{game}", status_code=303)


@router.post("/learn/{game}/reset", dependencies=[CsrfChecked])
async def reset(request: Request, game: str, visitor: CurrentVisitor) -> Response:
    _service(game)
    done = read_progress(request.cookies.get(COOKIE))
    done.pop(game, None)
    if visitor.user is not None:
        user_id = visitor.user.id
        await write(request, lambda s: tutorial_progress.forget_game(s, user_id, game))
    response = RedirectResponse(f"/learn#{game}", status_code=303)
    _set_progress(response, done)
    return response


@router.get("/learn/{game}/{lesson_id}")
async def lesson_page(
    request: Request, game: str, lesson_id: str, visitor: CurrentVisitor
) -> Response:
    service = _service(game)
    lesson = _lesson(service, lesson_id)
    position = service.start(lesson.id)
    return _page(request, service, position, None, visitor.locale)


@router.post("/learn/{game}/{lesson_id}", dependencies=[CsrfChecked])
async def lesson_move(
    request: Request, game: str, lesson_id: str, visitor: CurrentVisitor
) -> Response:
    service = _service(game)
    lesson = _lesson(service, lesson_id)
    form = await request.form()
    lang = visitor.locale
    try:
        moves = json.loads(str(form.get("moves") or "[]"))
        if not isinstance(moves, list):
            raise LessonMoveError("moves must be a list")
        fields = {k: str(v) for k, v in form.items()}
        attempt = await run_in_threadpool(service.attempt_form, lesson.id, moves, fields, lang)
    except (ValueError, LessonMoveError):
        return _page(request, service, service.start(lesson.id), None, lang, stale=True)
    response = _page(request, service, attempt.after, attempt, lang)
    if attempt.after.finished:
        cookie = read_progress(request.cookies.get(COOKIE))
        done = cookie
        if visitor.user is not None:
            user_id, now = visitor.user.id, utcnow()

            def work(session: Session) -> dict[str, list[str]]:
                tutorial_progress.record_done(session, user_id, game, lesson.id, now)
                return tutorial_progress.merge(session, user_id, cookie, now)

            done = _union(await write(request, work), cookie)
        finished = done.setdefault(game, [])
        if lesson.id not in finished:
            finished.append(lesson.id)
        _set_progress(response, done)
    return response


async def _progress(request: Request, visitor: Visitor) -> dict[str, list[str]]:
    """The finished lessons: the cookie's, and for a logged-in visitor the account's too.

    A cookie's lessons the account lacks (finished before logging in) are added
    to the account the first time they are seen; the write happens only then.
    """
    cookie = read_progress(request.cookies.get(COOKIE))
    if visitor.user is None:
        return cookie
    user_id = visitor.user.id
    account = await read(request, lambda s: tutorial_progress.read_progress(s, user_id))
    if tutorial_progress.missing_from(account, cookie):
        now = utcnow()
        account = await write(request, lambda s: tutorial_progress.merge(s, user_id, cookie, now))
    return _union(account, cookie)


def _union(first: dict[str, list[str]], second: dict[str, list[str]]) -> dict[str, list[str]]:
    """Every lesson of both, ``first``'s order first."""
    done = {game: list(ids) for game, ids in first.items()}
    for game, ids in second.items():
        have = done.setdefault(game, [])
        have.extend(i for i in ids if i not in have)
    return done


def _page(
    request: Request,
    service: TutorialService,
    position: Position,
    attempt: Attempt | None,
    lang: str,
    stale: bool = False,
) -> Response:
    lesson = position.lesson
    ids = [x.id for x in service.lessons]
    number = ids.index(lesson.id) + 1
    game = service.game_name
    boards: dict[str, Any] = {}
    race = None
    if game == "what-the-shell":
        boards["position"] = shell_board(position.state_json, None, lang)
        if attempt is not None and attempt.played is not None:
            boards["played"] = shell_board(attempt.played, attempt.report, lang)
    else:
        race = learner_race(lesson)
        boards["position"] = snake_board(position.state_json, None, lang)
        if attempt is not None and attempt.played is not None:
            boards["played"] = snake_board(attempt.played, attempt.report, lang)
    return render(
        request,
        "learn_lesson.html",
        game=game,
        lesson=lesson,
        number=number,
        total=len(ids),
        position=position,
        step=position.step,
        moves=json.dumps(list(position.moves), ensure_ascii=False),
        attempt=attempt,
        boards=boards,
        player=service.player_name(lesson.id, lang),
        next_lesson=service.next_lesson(lesson.id),
        stale=stale,
        race=race,
        steps=list(range(1, int(position.state_json.get("path_length", 5)) + 1)),
        t=_texts(lang),
    )


def _set_progress(response: Response, done: dict[str, list[str]]) -> None:
    response.set_cookie(COOKIE, write_progress(done), max_age=YEAR_S, samesite="lax", httponly=True)
