"""What makes the site an installable app: favicon, service worker, offline page, display.

The manifest and the icons are static files (``static/manifest.webmanifest``,
``static/img/``, made by ``scripts/make-icons``). The service worker must be
served from the root to control every page; it caches the site's shell only
(``/static/`` files and the offline pages), never a page, an API answer or a
socket (``static/js/sw.js``).
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from fastapi import APIRouter, Form, Request, Response
from fastapi.responses import FileResponse, RedirectResponse

from samtempa.server.api.deps import CsrfChecked, services_of
from samtempa.server.core.display import BOARD_COOKIE, BOARD_THEMES, THEME_COOKIE
from samtempa.server.core.i18n import LOCALES
from samtempa.server.services.errors import Refusal

router = APIRouter()
STATIC = Path(__file__).resolve().parent.parent.parent / "static"
YEAR_S = 365 * 24 * 3600


@router.get("/favicon.ico", include_in_schema=False)
async def favicon() -> Response:
    return FileResponse(STATIC / "img" / "favicon.ico", media_type="image/x-icon")


@router.get("/sw.js", include_in_schema=False)
async def service_worker() -> Response:
    # no-cache: a new worker reaches browsers at their next visit.
    return FileResponse(
        STATIC / "js" / "sw.js",
        media_type="text/javascript",
        headers={"Cache-Control": "no-cache"},
    )


@router.get("/offline/{locale}", include_in_schema=False)
async def offline(request: Request, locale: str) -> Response:
    """The page the service worker shows when the network is gone: no account, no token in it."""
    if locale not in LOCALES:
        raise Refusal("unknown-locale", "there is no language %(name)s", 404, name=locale)
    services = services_of(request)
    page: Response = services.templates.TemplateResponse(
        request, "offline.html", {"_": services.catalogs.gettext(locale), "locale": locale}
    )
    return page


@router.post("/display", dependencies=[CsrfChecked], include_in_schema=False)
async def display(
    request: Request,
    theme: Annotated[str, Form()] = "auto",
    board: Annotated[str, Form()] = "wood",
) -> Response:
    """The display form without JavaScript: cookies, then back to the page it came from."""
    back = request.headers.get("referer", "/")
    origin = str(request.base_url)
    path = back[len(origin) - 1 :] if back.startswith(origin) else "/"
    response = RedirectResponse(path if path.startswith("/") else "/", status_code=303)
    if theme in ("light", "dark"):
        response.set_cookie(THEME_COOKIE, theme, max_age=YEAR_S, samesite="lax")
    else:
        response.delete_cookie(THEME_COOKIE)
    if board in {b for b, _ in BOARD_THEMES}:
        response.set_cookie(BOARD_COOKIE, board, max_age=YEAR_S, samesite="lax")
    return response
