"""What an account's email address is for: a new password, and confirming the address.

A reset request and a sign-up only queue a message for the mailer
(:mod:`~samtempa.server.services.account_mail`): every address gets the same
answer at once, whether an account uses it or not, and whatever state the
mail server is in. Links come from the configured public address only.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Annotated

from fastapi import APIRouter, Form, Request, Response
from fastapi.responses import RedirectResponse
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from samtempa.server.api.deps import (
    CsrfChecked,
    CurrentUser,
    CurrentVisitor,
    render,
    services_of,
    write,
)
from samtempa.server.core.security import hash_password
from samtempa.server.models import User
from samtempa.server.services import account_mail, accounts, request_limit
from samtempa.server.services.account_checks import check_password, clean_email
from samtempa.server.services.errors import Refusal
from samtempa.server.services.login_limit import LoginLimited
from samtempa.server.services.matches import utcnow

router = APIRouter()

FormStr = Annotated[str, Form()]
RESEND_AFTER = timedelta(minutes=5)


@router.get("/password-reset")
async def reset_request_page(request: Request) -> Response:
    return render(request, "reset_request.html", sent=False, error=None)


@router.post("/password-reset", dependencies=[CsrfChecked])
async def reset_request(request: Request, visitor: CurrentVisitor, email: FormStr) -> Response:
    """The same answer, in the same time, for every well-formed address."""
    try:
        address = clean_email(email)
    except Refusal as refusal:
        error = refusal.translated(request.state.gettext)
        return render(request, "reset_request.html", status_code=400, sent=False, error=error)
    client = request.client.host if request.client else "?"
    try:
        buckets = request_limit.reset_buckets(services_of(request).settings, client, address)
        await write(request, lambda s: request_limit.count(s, buckets))
    except LoginLimited as limited:
        error = request.state.gettext(
            "too many requests; try again in %(s)s seconds",
            s=int(limited.retry_after) + 1,
        )
        return render(request, "reset_request.html", status_code=429, sent=False, error=error)
    now = utcnow()
    await write(request, lambda s: account_mail.queue(s, "reset", address, visitor.locale, now))
    services_of(request).correspondence.wake()
    return render(request, "reset_request.html", sent=True, error=None)


@router.get("/password-reset/{token}")
async def reset_page(request: Request, token: str) -> Response:
    return render(request, "reset.html", token=token, error=None)


@router.post("/password-reset/{token}", dependencies=[CsrfChecked])
async def reset(request: Request, token: str, password: FormStr) -> Response:
    now = utcnow()
    try:
        check_password(password)
        hashed = await run_in_threadpool(hash_password, password)
        user_id = await write(
            request, lambda s: accounts.reset_password(s, token, password, now, hashed).id
        )
    except Refusal as refusal:
        error = refusal.translated(request.state.gettext)
        return render(request, "reset.html", status_code=refusal.status, token=token, error=error)
    services_of(request).hub.close_sessions(user_id=user_id)  # every session ended
    return RedirectResponse("/login", status_code=303)


# --- confirming the address given at sign-up -------------------------------------------------


@router.get("/account/email/{token}")
async def confirm_page(request: Request, token: str) -> Response:
    """A button, not the confirmation itself: mail scanners open links, they do not post."""
    return render(request, "confirm_email.html", token=token, error=None, confirmed=None)


@router.post("/account/email/{token}", dependencies=[CsrfChecked])
async def confirm(request: Request, token: str) -> Response:
    now = utcnow()
    try:
        email = await write(request, lambda s: accounts.confirm_email(s, token, now).email)
    except Refusal as refusal:
        error = refusal.translated(request.state.gettext)
        return render(
            request,
            "confirm_email.html",
            status_code=refusal.status,
            token=token,
            error=error,
            confirmed=None,
        )
    return render(request, "confirm_email.html", token=token, error=None, confirmed=email)


@router.post("/account/email", dependencies=[CsrfChecked])
async def resend(request: Request, visitor: CurrentVisitor, user: CurrentUser) -> Response:
    """The confirmation link again (at most one every few minutes: no mailbox flooding)."""
    now = utcnow()

    def work(session: Session) -> None:
        me = session.get(User, user.id)
        assert me is not None
        if me.pending_email is None:
            raise Refusal("nothing-to-confirm", "no address of yours waits for confirmation", 409)
        last = account_mail.last_queued(session, me.id, "confirm-email")
        if last is not None and now - last < RESEND_AFTER:
            raise Refusal(
                "sent-recently",
                "a link was sent less than %(n)s minutes ago; look in your mailbox "
                "(and its spam folder)",
                429,
                n=int(RESEND_AFTER.total_seconds() // 60),
            )
        account_mail.queue(session, "confirm-email", me.pending_email, visitor.locale, now, me.id)

    await write(request, work)
    services_of(request).correspondence.wake()
    return RedirectResponse("/account?sent=1", status_code=303)
