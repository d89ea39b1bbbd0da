"""The home page, the rules pages, and the language switch."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request, Response
from markdown_it import MarkdownIt
from sqlalchemy.orm import Session

from samtempa.bots.registry import LEVELS
from samtempa.server.api.deps import CurrentVisitor, read, render
from samtempa.server.services import lobby
from samtempa.server.services.errors import Refusal

router = APIRouter()
RULES_DIR = Path(__file__).resolve().parent.parent.parent / "content" / "rules"


@router.get("/")
async def home(request: Request, visitor: CurrentVisitor) -> Response:
    def load(session: Session) -> dict[str, Any]:
        return {
            "mine": lobby.matches_of(session, visitor.actor, limit=20),
            "open": lobby.open_matches(session, limit=20),
            "live": lobby.live_matches(session, limit=20),
        }

    lists = await read(request, load)
    return render(request, "home.html", levels=LEVELS, **lists)


@cache
def _rules_html(game: str, locale: str) -> str:
    path = RULES_DIR / f"{game}.{locale}.md"
    html: str = MarkdownIt("commonmark", {"html": False}).enable("table").render(path.read_text())
    return html


@router.get("/rules/{game}")
async def rules(request: Request, game: str, visitor: CurrentVisitor) -> Response:
    if game not in lobby.GAMES:
        raise Refusal("unknown-game", "there is no game called %(name)s", 404, name=game)
    return render(request, "rules.html", game=game, body=_rules_html(game, visitor.locale))
