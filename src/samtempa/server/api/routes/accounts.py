"""Sign up, log in and out, the account page (child accounts), password reset."""

from __future__ import annotations

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
    render,
    services_of,
    write,
)
from samtempa.server.api.params import RowId
from samtempa.server.core.security import hash_password
from samtempa.server.models import User
from samtempa.server.services import accounts, lobby
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches import Actor, utcnow
from samtempa.server.services.notifications import send_mail

router = APIRouter()

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
    services = services_of(request)
    form = {"login": login, "name": name, "email": email, "birth_date": birth_date}
    try:
        accounts.check_password(password)
        data = accounts.SignUp(login, name, email, password, _birth(birth_date))
        hashed = await run_in_threadpool(hash_password, password)
        now = utcnow()

        def work(session: Session) -> str:
            user = accounts.sign_up(
                session, data, now, services.settings.min_account_age, password_hash=hashed
            )
            user.locale = visitor.locale
            old = accounts.browser_session_by_id(session, visitor.session_id)
            token, _ = accounts.log_in(session, old, user, now)
            return token

        token = await write(request, work)
    except Refusal as refusal:
        error = refusal.translated(request.state.gettext)
        return render(request, "signup.html", status_code=refusal.status, form=form, error=error)
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
    services = services_of(request)
    name_key = login.strip().lower()
    address_key = request.client.host if request.client else "?"
    wait = max(
        services.login_by_name.retry_after(name_key),
        services.login_by_address.retry_after(address_key),
    )
    _ = request.state.gettext
    if wait > 0:
        error = _("too many failed logins; try again in %(s)s seconds", s=int(wait) + 1)
        return render(request, "login.html", status_code=429, next=next, error=error, login=login)

    def check() -> User | None:
        with services.db.read() as session:
            return accounts.authenticate(session, login, password)

    user = await run_in_threadpool(check)
    if user is None:
        services.login_by_name.hit(name_key)
        services.login_by_address.hit(address_key)
        error = _("wrong login or password")
        return render(request, "login.html", status_code=401, next=next, error=error, login=login)
    services.login_by_name.reset(name_key)
    now = utcnow()

    def work(session: Session) -> str:
        old = accounts.browser_session_by_id(session, visitor.session_id)
        fresh = session.get(User, user.id)
        assert fresh is not None
        token, _row = accounts.log_in(session, old, fresh, now)
        return token

    request.state.set_session = await write(request, work)
    return _see_other(_safe_next(next))


@router.post("/logout", dependencies=[CsrfChecked])
async def logout(request: Request, visitor: CurrentVisitor) -> Response:
    now = utcnow()

    def work(session: Session) -> str:
        accounts.log_out(session, accounts.browser_session_by_id(session, visitor.session_id))
        token, _ = accounts.new_browser_session(session, None, now)
        return token

    request.state.set_session = await write(request, work)
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
    return render(request, "account.html", error=None, **data)


@router.post("/account/children", dependencies=[CsrfChecked])
async def add_child(
    request: Request,
    user: CurrentUser,
    login: FormStr,
    name: FormStr,
    password: FormStr,
    birth_date: FormStr,
) -> Response:
    accounts.check_password(password)
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
        accounts.check_password(password)
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
    return _see_other("/account")


# --- password reset ------------------------------------------------------------------


@router.get("/password-reset")
async def reset_request_page(request: Request) -> Response:
    return render(request, "reset_request.html", sent=False)


@router.post("/password-reset", dependencies=[CsrfChecked])
async def reset_request(request: Request, email: FormStr) -> Response:
    services = services_of(request)
    now = utcnow()
    found = await write(
        request,
        lambda s: accounts.request_reset(s, email, now, services.settings.password_reset_hours),
    )
    if found is not None:
        user, token = found
        base = services.settings.base_url or str(request.base_url).rstrip("/")
        link = f"{base}/password-reset/{token}"
        _ = request.state.gettext
        body = _(
            "Hello %(name)s,\n\nTo choose a new samtempa password, open this link within "
            "%(hours)s hours:\n\n%(link)s\n\nIf you did not ask for it, ignore this message.",
            name=user.name,
            hours=services.settings.password_reset_hours,
            link=link,
        )
        assert user.email is not None
        await run_in_threadpool(
            send_mail, services.settings, user.email, _("samtempa password reset"), body
        )
    # The same answer whether or not the address has an account.
    return render(request, "reset_request.html", sent=True)


@router.get("/password-reset/{token}")
async def reset_page(request: Request, token: str) -> Response:
    return render(request, "reset.html", token=token, error=None)


@router.post("/password-reset/{token}", dependencies=[CsrfChecked])
async def reset(request: Request, token: str, password: FormStr) -> Response:
    now = utcnow()
    try:
        accounts.check_password(password)
        hashed = await run_in_threadpool(hash_password, password)
        await write(request, lambda s: accounts.reset_password(s, token, password, now, hashed))
    except Refusal as refusal:
        error = refusal.translated(request.state.gettext)
        return render(request, "reset.html", status_code=refusal.status, token=token, error=error)
    return _see_other("/login")
