"""Players' pages: a profile per account, a leaderboard per game, "my games"."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, Response
from fastapi.responses import JSONResponse, RedirectResponse
from sqlalchemy.orm import Session

from samtempa.games.registry import GAME_NAMES, TITLES
from samtempa.server.api.deps import CurrentVisitor, read, render
from samtempa.server.models import User
from samtempa.server.services import profiles

router = APIRouter()


def _viewer(session: Session, visitor: Any) -> User | None:
    return session.get(User, visitor.user.id) if visitor.user else None


@router.get("/players/{login}")
async def profile_page(request: Request, visitor: CurrentVisitor, login: str) -> Response:
    gettext = request.state.gettext

    def load(session: Session) -> profiles.Profile:
        return profiles.profile_tx(session, login, _viewer(session, visitor), gettext)

    return render(request, "profile.html", profile=await read(request, load), titles=TITLES)


@router.get("/api/players/{login}")
async def profile_json(request: Request, visitor: CurrentVisitor, login: str) -> Response:
    gettext = request.state.gettext

    def load(session: Session) -> dict[str, Any]:
        found = profiles.profile_tx(session, login, _viewer(session, visitor), gettext)
        return profiles.profile_json(found)

    return JSONResponse(await read(request, load))


@router.get("/leaderboard")
async def leaderboard_home() -> Response:
    return RedirectResponse(f"/leaderboard/{GAME_NAMES[0]}", status_code=303)


@router.get("/leaderboard/{game}")
async def leaderboard_page(request: Request, game: str) -> Response:
    def load(session: Session) -> list[profiles.BoardLine]:
        return profiles.leaderboard_tx(session, game)

    lines = await read(request, load)
    return render(
        request, "leaderboard.html", game=game, lines=lines, games=GAME_NAMES, titles=TITLES
    )


@router.get("/api/leaderboard/{game}")
async def leaderboard_json(request: Request, game: str) -> Response:
    def load(session: Session) -> list[dict[str, Any]]:
        return [
            {
                "rank": line.rank,
                "login": line.who.login,
                "name": line.who.name,
                "rating": round(line.rating, 2),
                "games": line.games,
            }
            for line in profiles.leaderboard_tx(session, game)
        ]

    return JSONResponse(await read(request, load))


@router.get("/my-games")
async def my_games_page(request: Request, visitor: CurrentVisitor) -> Response:
    """The visitor's games (an account's, or this browser's for a guest), waiting ones first."""
    gettext = request.state.gettext

    def load(session: Session) -> profiles.MyGames:
        return profiles.my_games_tx(session, visitor.actor, gettext)

    return render(request, "my_games.html", games=await read(request, load), titles=TITLES)
