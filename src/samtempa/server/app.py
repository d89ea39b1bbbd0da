"""The application factory: settings in, ASGI app out; nothing is built at import time."""

from __future__ import annotations

import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from pathlib import Path

from fastapi import FastAPI, Request, Response
from fastapi.staticfiles import StaticFiles
from fastapi.templating import Jinja2Templates

from samtempa import i18n, words
from samtempa.games.registry import GAME_NAMES, get_spec
from samtempa.server.api import errors, limits
from samtempa.server.api.deps import session_middleware
from samtempa.server.api.routes import (
    account_email,
    accounts,
    app_shell,
    controls,
    editions,
    game_master,
    live,
    lobby,
    matches,
    pages,
    players,
    replays,
    scenes,
    tutorials,
)
from samtempa.server.core.bus import RedisBus
from samtempa.server.core.clock import Clock, ManualClock
from samtempa.server.core.config import Settings
from samtempa.server.core.database import Database
from samtempa.server.core.headers import SecurityHeaders
from samtempa.server.core.i18n import Catalogs
from samtempa.server.core.presence import RedisPresence
from samtempa.server.services.correspondence import CorrespondenceService
from samtempa.server.services.deadlines import DeadlineScheduler
from samtempa.server.services.live import LiveHub
from samtempa.server.services.matches import MatchCoordinator, utcnow
from samtempa.server.services.referee import GameControls

HERE = Path(__file__).resolve().parent
log = logging.getLogger("samtempa.server")


@dataclass
class Services:
    """Everything the routes use, built once per app (tests build many apps)."""

    settings: Settings
    db: Database
    hub: LiveHub
    coordinator: MatchCoordinator
    scheduler: DeadlineScheduler
    catalogs: Catalogs
    templates: Jinja2Templates
    correspondence: CorrespondenceService
    controls: GameControls


def build_services(
    settings: Settings, now: Callable[..., object] = utcnow, clock: Clock | None = None
) -> Services:
    """``clock``: where every service reads the time (tests and simulations move it by hand)."""
    if clock is not None:
        now = clock.now
    db = Database(settings.sqlalchemy_url())
    hub = LiveHub()
    coordinator = MatchCoordinator(db, hub, settings, now=now)  # type: ignore[arg-type]
    scheduler = DeadlineScheduler(coordinator)
    coordinator.scheduler = scheduler
    templates = Jinja2Templates(directory=str(HERE / "templates"))
    templates.env.autoescape = True
    # The games' vocabulary (msgids): terrain names for every page's select and title.
    templates.env.globals["terrain_names"] = words.TERRAINS
    # Each game's plug-in: pages read a game's title, races and board from it, never
    # comparing its name.
    templates.env.globals["game_spec"] = get_spec
    templates.env.globals["game_names"] = GAME_NAMES
    # Links to copy and paste elsewhere (invites): from configuration, never the Host header.
    templates.env.globals["public_url"] = settings.public_url()
    # A sentence opening with a player's name (lower case in the catalogues) gets its capital.
    templates.env.filters["sentence"] = i18n.sentence
    catalogs = Catalogs()
    correspondence = CorrespondenceService(db, coordinator, settings, catalogs)
    if isinstance(clock, ManualClock):
        clock.on_change(scheduler.wake)
        clock.on_change(correspondence.wake)
    return Services(
        settings=settings,
        db=db,
        hub=hub,
        coordinator=coordinator,
        scheduler=scheduler,
        catalogs=catalogs,
        templates=templates,
        correspondence=correspondence,
        controls=GameControls(coordinator),
    )


def create_app(settings: Settings) -> FastAPI:
    """The platform for one database; migrations run when it starts."""
    services = build_services(settings)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        await services.db.run(services.db.migrate)
        bus = RedisBus(settings.redis_url) if settings.redis_url else None
        presence: RedisPresence | None = None
        if bus is not None:
            # Subscribed before anything is published or scheduled: nothing sent by the
            # other processes from now on is missed.
            services.hub.bus = bus
            await bus.start(services.hub.from_bus, services.coordinator.resync)
            presence = RedisPresence(settings.redis_url, bus.origin, services.hub.here)
            await presence.start()
            services.hub.presence = presence
        await services.scheduler.start()
        await services.coordinator.wake_bots()  # a bot's open turn outlives a restart
        await services.correspondence.start()
        await services.controls.start()
        try:
            yield
        finally:
            services.hub.close_all()
            await services.controls.stop()
            await services.correspondence.stop()
            await services.scheduler.stop()
            await services.coordinator.close()
            if bus is not None:
                services.hub.bus = None
                await bus.stop()
            if presence is not None:
                services.hub.presence = None
                await presence.stop()
            services.db.close()

    app = FastAPI(title="samtempa", lifespan=lifespan, docs_url=None, redoc_url=None)
    app.state.services = services
    app.mount("/static", StaticFiles(directory=str(HERE / "static")), name="static")

    @app.middleware("http")
    async def _sessions(
        request: Request, call_next: Callable[[Request], Awaitable[Response]]
    ) -> Response:
        return await session_middleware(request, call_next)

    # Bad input becomes a refusal in one place (issue 17); bodies are capped before
    # anything reads them (outer to the session middleware).
    errors.install(app)
    app.add_middleware(limits.BodyLimit)
    # Added last, so outermost: static files, refusals and 413s get the headers too.
    app.add_middleware(SecurityHeaders, https=settings.cookie_secure)

    for module in (
        pages,
        app_shell,
        accounts,
        lobby,
        matches,
        live,
        tutorials,
        editions,  # correspondence games (issue 8)
        game_master,  # its game master's actions
        controls,  # game controls (issue 19)
        players,  # identity (issue 19)
        account_email,  # reset, confirmation (issue 17)
        replays,  # replays and reveal scenes (issue 19)
        scenes,  # the live Snake Synapse board (issue 19)
    ):
        app.include_router(module.router)
    return app
