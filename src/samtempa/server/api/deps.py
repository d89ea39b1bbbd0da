"""What every route needs: the visitor (session, account, language), CSRF checks, rendering.

Every browser gets a session cookie (HttpOnly, SameSite=Lax, Secure when
configured) on its first page: guests own their one-screen and computer
games through it. Only the token's hash is stored.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Annotated, Any, TypeVar

from fastapi import Depends, Request, Response
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from samtempa.server.core.display import BOARD_THEMES, display_of
from samtempa.server.core.i18n import LOCALE_NAMES, LOCALES, negotiate
from samtempa.server.core.security import same_token
from samtempa.server.models import User
from samtempa.server.services import accounts
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches import Actor, utcnow

SESSION_COOKIE = "samtempa_session"
LANG_COOKIE = "samtempa_lang"
YEAR_S = 365 * 24 * 3600
#: Files any visitor gets alike: no session is looked up or created for them.
NO_SESSION_PATHS = ("/static/", "/favicon.ico", "/sw.js")

T = TypeVar("T")


@dataclass
class Visitor:
    """The person behind a request: their session, account (if any) and language."""

    session_id: str
    csrf_token: str
    user: User | None
    locale: str

    @property
    def actor(self) -> Actor:
        return Actor(self.user.id if self.user else None, self.session_id)


def services_of(request: Request) -> Any:
    return request.app.state.services


async def session_middleware(
    request: Request, call_next: Callable[[Request], Awaitable[Response]]
) -> Response:
    """Attach the visitor to the request; give a new browser its session cookie."""
    if request.url.path.startswith(NO_SESSION_PATHS):
        return await call_next(request)
    services = services_of(request)
    token = request.cookies.get(SESSION_COOKIE)

    def load() -> tuple[str | None, str, str, User | None]:
        with services.db.read() as session:
            row = accounts.browser_session(session, token)
            if row is not None:
                user = session.get(User, row.user_id) if row.user_id else None
                return None, row.id, row.csrf_token, user
        with services.db.write() as session:
            new, row = accounts.new_browser_session(session, None, utcnow())
            return new, row.id, row.csrf_token, None

    new_token, session_id, csrf, user = await run_in_threadpool(load)
    lang = request.query_params.get("lang")
    chosen = lang if lang in LOCALES else request.cookies.get(LANG_COOKIE)
    if chosen not in LOCALES:
        chosen = (user.locale if user and user.locale in LOCALES else None) or negotiate(
            request.headers.get("accept-language")
        )
    assert chosen is not None
    request.state.visitor = Visitor(session_id, csrf, user, chosen)
    request.state.gettext = services.catalogs.gettext(chosen)
    request.state.set_session = new_token
    response = await call_next(request)
    token_out = getattr(request.state, "set_session", None)
    if token_out:
        set_session_cookie(request, response, token_out)
    if lang in LOCALES:
        response.set_cookie(LANG_COOKIE, lang, max_age=YEAR_S, samesite="lax", httponly=True)
    return response


def set_session_cookie(request: Request, response: Response, token: str) -> None:
    response.set_cookie(
        SESSION_COOKIE,
        token,
        max_age=YEAR_S,
        httponly=True,
        samesite="lax",
        secure=services_of(request).settings.cookie_secure,
    )


def get_visitor(request: Request) -> Visitor:
    visitor: Visitor = request.state.visitor
    return visitor


CurrentVisitor = Annotated[Visitor, Depends(get_visitor)]


def require_user(visitor: CurrentVisitor) -> User:
    if visitor.user is None:
        raise Refusal("login-needed", "log in first", 401)
    return visitor.user


CurrentUser = Annotated[User, Depends(require_user)]


async def check_csrf(request: Request) -> None:
    """Forms carry ``csrf_token``, scripts the ``X-CSRF-Token`` header; both match the session's."""
    visitor = get_visitor(request)
    token = request.headers.get("x-csrf-token")
    if token is None and request.headers.get("content-type", "").startswith(
        ("application/x-www-form-urlencoded", "multipart/form-data")
    ):
        form = await request.form()
        value = form.get("csrf_token")
        token = value if isinstance(value, str) else None
    if not same_token(token, visitor.csrf_token):
        raise Refusal(
            "csrf", "this form is out of date or came from another site; reload the page", 403
        )


CsrfChecked = Depends(check_csrf)


async def read(request: Request, fn: Callable[[Session], T]) -> T:
    """Run ``fn`` in a read transaction, off the event loop."""
    db = services_of(request).db

    def work() -> T:
        with db.read() as session:
            return fn(session)

    return await run_in_threadpool(work)


async def write(request: Request, fn: Callable[[Session], T]) -> T:
    """Run ``fn`` in a write transaction, on the database's thread."""
    db = services_of(request).db

    def work() -> T:
        with db.write() as session:
            return fn(session)

    result: T = await db.run(work)
    return result


def render(request: Request, template: str, status_code: int = 200, **context: Any) -> Response:
    """A page in the visitor's language."""
    services = services_of(request)
    visitor: Visitor = request.state.visitor
    gettext = request.state.gettext
    response: Response = services.templates.TemplateResponse(
        request,
        template,
        {
            "visitor": visitor,
            "user": visitor.user,
            "csrf_token": visitor.csrf_token,
            "_": gettext,
            "locale": visitor.locale,
            "locales": [(code, LOCALE_NAMES[code]) for code in LOCALES],
            "display": display_of(request.cookies),
            "board_themes": BOARD_THEMES,
            **context,
        },
        status_code=status_code,
    )
    return response


def render_error(request: Request, refusal: Refusal) -> Response:
    if not hasattr(request.state, "visitor"):
        return Response(refusal.message, status_code=refusal.status, media_type="text/plain")
    return render(
        request,
        "error.html",
        status_code=refusal.status,
        code=refusal.code,
        message=refusal.translated(request.state.gettext),
    )
