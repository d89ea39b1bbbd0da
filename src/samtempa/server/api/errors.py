"""The one place where a refused or broken request becomes an answer.

Every "no" is a :class:`~samtempa.server.services.errors.Refusal` with a
code and a reason in the visitor's language: a JSON ``{"error", "message"}``
on ``/api/``, the error page elsewhere. Requests the framework refuses
(a parameter of the wrong type or out of range, a body that is no JSON, an
unknown address or method) are turned into refusals the same way, without
echoing what was sent (a value may hold anything). The last-resort handler
answers a plain sorry with an incident number and logs the traceback for the
operator; it is no substitute for fixing the bug it reports.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Sequence
from typing import Any

from fastapi import FastAPI, Request, Response
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, PlainTextResponse
from starlette.exceptions import HTTPException

from samtempa.server.api.deps import LANG_COOKIE, render_error
from samtempa.server.core.i18n import LOCALES, negotiate
from samtempa.server.services.errors import Refusal

log = logging.getLogger("samtempa.server")

#: The codes of the statuses the framework itself answers with.
_HTTP_CODES = {
    400: ("bad-request", "this request cannot be read"),
    404: ("not-found", "there is nothing at this address"),
    405: ("method-not-allowed", "this address does not take this kind of request"),
    413: ("too-large", "this request is too large"),
}


def _field(loc: Sequence[Any]) -> str:
    """Where a validation error is, as a person reads it: ``turn``, ``seats[0]``."""
    parts = [str(p) for p in loc if p not in ("body", "query", "path", "header", "cookie")]
    out = ""
    for part in parts:
        out += f"[{part}]" if part.isdigit() else (f".{part}" if out else part)
    return out[:60] or "the request"


def validation_refusal(exc: RequestValidationError) -> Refusal:
    """The first fault of a request the framework could not read (never its value)."""
    errors = exc.errors()
    first = errors[0] if errors else {}
    if first.get("type") == "json_invalid":
        return Refusal("bad-json", "the body of this request is not JSON", 400)
    where = _field(first.get("loc", ()))
    if first.get("type") == "missing":
        return Refusal("bad-request", "%(field)s is missing", 422, field=where)
    return Refusal("bad-request", "%(field)s is not valid here", 422, field=where)


def http_refusal(exc: HTTPException) -> Refusal:
    code, template = _HTTP_CODES.get(exc.status_code, ("refused", "this request is refused"))
    return Refusal(code, template, exc.status_code)


def _gettext(request: Request) -> Any:
    """The visitor's gettext, or one chosen from the headers (before the session is known)."""
    gettext = getattr(request.state, "gettext", None)
    if gettext is not None:
        return gettext
    lang = request.cookies.get(LANG_COOKIE)
    locale = lang if lang in LOCALES else negotiate(request.headers.get("accept-language"))
    return request.app.state.services.catalogs.gettext(locale)


def refusal_response(request: Request, refusal: Refusal) -> Response:
    """A refusal as JSON on ``/api/``, as the error page (or plain text) elsewhere."""
    gettext = _gettext(request)
    if request.url.path.startswith("/api/"):
        return JSONResponse(refusal.to_json(gettext), status_code=refusal.status)
    if not hasattr(request.state, "visitor"):
        return PlainTextResponse(refusal.translated(gettext), status_code=refusal.status)
    return render_error(request, refusal)


def install(app: FastAPI) -> None:
    """Register the handlers: refusals, the framework's own refusals, the last resort."""

    @app.exception_handler(Refusal)
    async def _refusal(request: Request, exc: Refusal) -> Response:
        return refusal_response(request, exc)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> Response:
        return refusal_response(request, validation_refusal(exc))

    @app.exception_handler(HTTPException)
    async def _http(request: Request, exc: HTTPException) -> Response:
        refusal = getattr(exc, "refusal", None)  # limits.BodyTooLarge says its limit
        response = refusal_response(request, refusal or http_refusal(exc))
        for name, value in (exc.headers or {}).items():  # Allow on a 405
            response.headers[name] = value
        return response

    @app.exception_handler(Exception)
    async def _last_resort(request: Request, exc: Exception) -> Response:
        incident = secrets.token_hex(4)
        log.error("incident %s: %s %s", incident, request.method, request.url.path, exc_info=exc)
        refusal = Refusal(
            "internal",
            "something went wrong on our side (incident %(incident)s); please try again later",
            500,
            incident=incident,
        )
        gettext = _gettext(request)
        if request.url.path.startswith("/api/"):
            return JSONResponse(refusal.to_json(gettext), status_code=500)
        return PlainTextResponse(refusal.translated(gettext), status_code=500)
