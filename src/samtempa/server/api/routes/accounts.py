"""Sign up, log in and out, the account page (child accounts).

Password reset and address confirmation: :mod:`.account_email`.
"""

from __future__ import annotations

import logging
import time
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter, Form, Request, Response
from fastapi.responses import RedirectResponse
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from samtempa.server.api.deps import (
    CsrfChecked,
    CurrentUser,
    CurrentVisitor,
    read,
    render,
    services_of,
    write,
)
from samtempa.server.api.params import RowId
from samtempa.server.core.security import hash_password, verify_password
from samtempa.server.models import User
from samtempa.server.services import account_mail, accounts, lobby, login_limit, request_limit
from samtempa.server.services.account_checks import check_password
from samtempa.server.services.errors import Refusal
from samtempa.server.services.login_limit import Bucket, LoginLimited, account_key, address_key
from samtempa.server.services.matches import Actor, utcnow

router = APIRouter()
log = logging.getLogger("samtempa.accounts")

FormStr = Annotated[str, Form()]


def _see_other(url: str) -> RedirectResponse:
    return RedirectResponse(url, status_code=303)


def _safe_next(url: str | None) -> str:
    """Only local paths: a login link never sends people to another site."""
    return url if url and url.startswith("/") and not url.startswith("//") else "/"


def _birth(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise Refusal("bad-birth-date", "the birth date is written YYYY-MM-DD") from None


@router.get("/signup")
async def signup_page(request: Request) -> Response:
    return render(request, "signup.html", form={}, error=None)


@router.post("/signup", dependencies=[CsrfChecked])
async def signup(
    request: Request,
    visitor: CurrentVisitor,
    login: FormStr,
    name: FormStr,
    email: FormStr,
    password: FormStr,
    birth_date: FormStr,
) -> Response:
    """A new account, logged in at once; its address waits for the link mailed to it.

    The answer is the same whether or not another account uses the address
    (the mailer then warns that account's owner instead): nobody learns
    from sign-up which addresses have accounts. A taken login is said (logins
    are public).
    """
    services = services_of(request)
    form = {"login": login, "name": name, "email": email, "birth_date": birth_date}
    min_age = services.settings.min_account_age
    now = utcnow()
    address = request.client.host if request.client else "?"
    try:
        buckets = request_limit.signup_buckets(services.settings, address)
        await write(request, lambda s: request_limit.count(s, buckets))
    except LoginLimited as limited:
        log.info("sign-up: refused, too many from %s", address)
        error = request.state.gettext(
            "too many requests; try again in %(s)s seconds",
            s=int(limited.retry_after) + 1,
        )
        return render(request, "signup.html", status_code=429, form=form, error=error)
    try:
        check_password(password)
        data = accounts.SignUp(login, name, email, password, _birth(birth_date))
        # Every check before the (deliberately slow) hash, and again in the write.
        await read(request, lambda s: accounts.check_sign_up(s, data, now, min_age))
        hashed = await run_in_threadpool(hash_password, password)

        def work(session: Session) -> str:
            user = accounts.register(session, data, now, min_age, password_hash=hashed)
            user.locale = visitor.locale
            assert user.pending_email is not None
            account_mail.queue(
                session, "confirm-email", user.pending_email, visitor.locale, now, user.id
            )
            old = accounts.browser_session_by_id(session, visitor.session_id)
            token, _ = accounts.log_in(session, old, user, now)
            return token

        token = await write(request, work)
    except Refusal as refusal:
        error = refusal.translated(request.state.gettext)
        return render(request, "signup.html", status_code=refusal.status, form=form, error=error)
    services.correspondence.wake()
    request.state.set_session = token
    return _see_other("/")


@router.get("/login")
async def login_page(request: Request, next: str | None = None) -> Response:
    return render(request, "login.html", next=_safe_next(next), error=None, login="")


@router.post("/login", dependencies=[CsrfChecked])
async def login(
    request: Request,
    visitor: CurrentVisitor,
    login: FormStr,
    password: FormStr,
    next: Annotated[str, Form()] = "/",
) -> Response:
    """Counted (atomically, in the database) before the password is checked; over the
    limit, refused without checking it. See :mod:`~samtempa.server.services.login_limit`."""
    services = services_of(request)
    settings = services.settings
    _ = request.state.gettext
    ident = login.strip().lower()
    address = request.client.host if request.client else "?"
    user = await read(request, lambda s: accounts.find_account(s, ident[:300]))
    who = f"account {user.id}" if user else "unknown name"
    window = settings.login_window_s
    account = Bucket(
        account_key(user.id if user else None, ident), settings.login_failures_per_name, window
    )
    place = Bucket(address_key(address), settings.login_failures_per_address, window)
    try:
        await write(request, lambda s: login_limit.reserve(s, (place, account), time.time()))
    except LoginLimited as limited:
        log.info("login: refused unchecked, too many attempts (%s, from %s)", who, address)
        error = _(
            "too many failed logins; try again in %(s)s seconds", s=int(limited.retry_after) + 1
        )
        return render(request, "login.html", status_code=429, next=next, error=error, login=login)
    stored = user.password_hash if user else None
    right = await run_in_threadpool(verify_password, password, stored)
    log.info(
        "login: password checked (%s, from %s): %s", who, address, "right" if right else "wrong"
    )
    if not right or user is None:
        error = _("wrong login or password")
        return render(request, "login.html", status_code=401, next=next, error=error, login=login)
    user_id = user.id
    now = utcnow()

    def work(session: Session) -> str:
        login_limit.succeeded(session, account, place, time.time())
        old = accounts.browser_session_by_id(session, visitor.session_id)
        fresh = session.get(User, user_id)
        assert fresh is not None
        token, _row = accounts.log_in(session, old, fresh, now)
        return token

    request.state.set_session = await write(request, work)
    services.hub.close_sessions([visitor.session_id])  # that session ended with this login
    return _see_other(_safe_next(next))


@router.post("/logout", dependencies=[CsrfChecked])
async def logout(request: Request, visitor: CurrentVisitor) -> Response:
    now = utcnow()

    def work(session: Session) -> str:
        accounts.log_out(session, accounts.browser_session_by_id(session, visitor.session_id))
        token, _ = accounts.new_browser_session(session, None, now)
        return token

    request.state.set_session = await write(request, work)
    services_of(request).hub.close_sessions([visitor.session_id])
    return _see_other("/")


# --- the account page: child accounts -------------------------------------------------


@router.get("/account")
async def account_page(request: Request, user: CurrentUser) -> Response:
    def load(session: Session) -> dict[str, Any]:
        me = session.get(User, user.id)
        assert me is not None
        children = []
        for child in me.children:
            games = lobby.matches_of(session, Actor(child.id, None), limit=20)
            children.append({"user": child, "games": games})
        return {"children": children}

    services = services_of(request)

    def work() -> dict[str, Any]:
        with services.db.read() as session:
            return load(session)

    data = await run_in_threadpool(work)
    sent = request.query_params.get("sent") == "1"
    return render(request, "account.html", error=None, sent=sent, **data)


@router.post("/account/children", dependencies=[CsrfChecked])
async def add_child(
    request: Request,
    user: CurrentUser,
    login: FormStr,
    name: FormStr,
    password: FormStr,
    birth_date: FormStr,
) -> Response:
    check_password(password)
    birth = _birth(birth_date)
    hashed = await run_in_threadpool(hash_password, password)
    now = utcnow()

    def work(session: Session) -> None:
        parent = session.get(User, user.id)
        assert parent is not None
        accounts.create_child(session, parent, login, name, password, birth, now, hashed)

    await write(request, work)
    return _see_other("/account")


@router.post("/account/children/{child_id}", dependencies=[CsrfChecked])
async def edit_child(
    request: Request,
    user: CurrentUser,
    child_id: RowId,
    login: Annotated[str | None, Form()] = None,
    password: Annotated[str | None, Form()] = None,
    chat: Annotated[str | None, Form()] = None,
    action: Annotated[str, Form()] = "save",
) -> Response:
    hashed = None
    if password:
        check_password(password)
        hashed = await run_in_threadpool(hash_password, password)

    def work(session: Session) -> None:
        parent = session.get(User, user.id)
        assert parent is not None
        if action == "delete":
            accounts.delete_child(session, parent, child_id)
            return
        accounts.update_child(
            session,
            parent,
            child_id,
            login=login,
            password=password or None,
            chat_enabled=chat == "on",
            password_hash=hashed,
        )

    await write(request, work)
    if password or action == "delete":  # the child's sessions ended: so do its sockets
        services_of(request).hub.close_sessions(user_id=child_id)
    return _see_other("/account")
