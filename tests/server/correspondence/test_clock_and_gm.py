"""The correspondence clock (deadline-only resolution, restarts) and the game master's tools."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

import pytest
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from samtempa.games.shell.board import SQUARES, square_name
from samtempa.server.app import Services, build_services
from samtempa.server.core.clock import ManualClock
from samtempa.server.core.config import Settings
from samtempa.server.models import Match, Seat, Turn
from samtempa.server.models_correspondence import Edition, Notification, SecretRace, TurnPost
from samtempa.server.services import editions, gamemaster
from samtempa.server.services.errors import Refusal
from samtempa.server.services.events import events_of
from samtempa.server.services.matches import Actor, seats_of

from .conftest import START, make_users, quick_edition, register_as, user

T = TypeVar("T")
# First turn of a 3×2 loop next to the top spawns C2, G2, K2 (classic): nobody dies.
SAFE = "RRDLL"


def read(services: Services, fn: Callable[[Session], T]) -> T:
    with services.db.read() as session:
        return fn(session)


def edition_of(services: Services, match_id: str) -> Edition:
    found = read(services, lambda s: s.get(Edition, match_id))
    assert found is not None
    return found


def match_of(services: Services, match_id: str) -> Match:
    found = read(services, lambda s: s.get(Match, match_id))
    assert found is not None
    return found


def seat_of(services: Services, match_id: str, user_id: int) -> Seat:
    return next(s for s in read(services, lambda s: seats_of(s, match_id)) if s.user_id == user_id)


async def send(services: Services, match_id: str, user_id: int, path: str = SAFE) -> Any:
    seat = seat_of(services, match_id, user_id)
    turn = match_of(services, match_id).turn + 1
    return await services.coordinator.submit(
        match_id, Actor(user_id), seat.player, {"path": path}, turn
    )


async def at(services: Services, clock: ManualClock, match_id: str, hours: float) -> None:
    opened = edition_of(services, match_id).opened_at
    assert opened is not None
    clock.set(max(clock.now(), opened + timedelta(hours=hours)))
    await services.correspondence.process_due()


def kinds(services: Services, match_id: str) -> list[str]:
    return read(services, lambda s: [e.kind for e in events_of(s, match_id)])


def gm_act(services: Services, match_id: str, gm: int, fn: Any) -> Any:
    return services.correspondence.act(match_id, lambda s, now: fn(s, user(s, gm), match_id, now))


def test_a_game_that_waits_for_its_deadline_resolves_at_72_hours(
    services: Services, clock: ManualClock
) -> None:
    async def scenario() -> None:
        mid, _, people = await quick_edition(services, early=False)
        for uid in people:
            out = await send(services, mid, uid)
            assert out.revealed is None  # every order is in, but the game waits
        await at(services, clock, mid, 71.9)
        assert match_of(services, mid).turn == 0
        await at(services, clock, mid, 72)
        assert match_of(services, mid).turn == 1
        post = read(services, lambda s: s.scalar(select(TurnPost)))
        assert post is not None
        assert post.summary["how"] == "deadline"
        # Nobody was late: no reminder went out.
        assert "reminder" not in kinds(services, mid)

    asyncio.run(scenario())


def test_a_late_order_after_the_soft_deadline_resolves_the_turn_at_once(
    services: Services, clock: ManualClock
) -> None:
    async def scenario() -> None:
        mid, _, people = await quick_edition(services)
        for uid in people[:-1]:
            await send(services, mid, uid)
        await at(services, clock, mid, 48)
        await at(services, clock, mid, 80)
        assert kinds(services, mid).count("reminder") == 2  # 24 hours left, then late
        out = await send(services, mid, people[-1])
        assert out.revealed is not None
        post = read(services, lambda s: s.scalar(select(TurnPost)))
        assert post is not None
        assert post.summary["how"] == "late"
        assert post.summary["removed"] == []

    asyncio.run(scenario())


def test_late_players_are_reminded_every_day_until_the_hard_deadline(
    services: Services, clock: ManualClock
) -> None:
    async def scenario() -> None:
        mid, _, _ = await quick_edition(services, grace_hours=72)  # hard deadline at 144 h
        for hours in range(0, 150, 6):
            await at(services, clock, mid, hours)
        events = read(
            services, lambda s: [e.data for e in events_of(s, mid) if e.kind == "reminder"]
        )
        assert [e["why"] for e in events] == ["day-left", "late", "late", "late"]
        removed = read(
            services,
            lambda s: [e.data["player"] for e in events_of(s, mid) if e.kind == "player-removed"],
        )
        assert len(removed) == 3  # every snake silent: all removed at 144 h, a draw
        assert match_of(services, mid).result is not None

    asyncio.run(scenario())


def test_pause_stops_the_clock_and_resume_moves_the_deadlines(
    services: Services, clock: ManualClock
) -> None:
    async def scenario() -> None:
        mid, gm, people = await quick_edition(services)
        await at(services, clock, mid, 10)
        await gm_act(services, mid, gm, gamemaster.pause_tx)
        assert match_of(services, mid).deadline is None
        with pytest.raises(Refusal) as refused:
            await gm_act(services, mid, gm, gamemaster.pause_tx)
        assert refused.value.code == "already-paused"
        # Far past both deadlines, nothing happens while paused; orders are still taken.
        clock.advance(hours=200)
        await services.correspondence.process_due()
        for uid in people:
            out = await send(services, mid, uid)
            assert out.revealed is None
        assert match_of(services, mid).turn == 0
        await gm_act(services, mid, gm, gamemaster.resume_tx)
        edition = edition_of(services, mid)
        assert edition.soft_at == START + timedelta(hours=72 + 200)
        assert edition.hard_at == START + timedelta(hours=96 + 200)
        # Every order is in: the next round resolves the turn.
        await services.correspondence.process_due()
        assert match_of(services, mid).turn == 1
        assert {"gm-pause", "gm-resume"} <= set(kinds(services, mid))

    asyncio.run(scenario())


def test_extend_moves_both_deadlines_and_resolve_now_plays_the_missed_order_policy(
    services: Services, clock: ManualClock
) -> None:
    async def scenario() -> None:
        mid, gm, people = await quick_edition(services)
        with pytest.raises(Refusal) as refused:
            await services.correspondence.act(
                mid, lambda s, now: gamemaster.extend_tx(s, user(s, people[0]), mid, 24, now)
            )
        assert refused.value.code == "not-game-master"
        with pytest.raises(Refusal) as refused:
            await services.correspondence.act(
                mid, lambda s, now: gamemaster.extend_tx(s, user(s, gm), mid, 0, now)
            )
        assert refused.value.code == "bad-extension"
        await services.correspondence.act(
            mid, lambda s, now: gamemaster.extend_tx(s, user(s, gm), mid, 24, now)
        )
        edition = edition_of(services, mid)
        assert edition.soft_at == START + timedelta(hours=96)
        assert edition.hard_at == START + timedelta(hours=120)
        assert match_of(services, mid).deadline == START + timedelta(hours=96)
        await at(services, clock, mid, 100)
        assert match_of(services, mid).turn == 0  # still before the moved hard deadline
        await send(services, mid, people[0])
        await gm_act(services, mid, gm, gamemaster.resolve_now_tx)
        await services.coordinator.resolve_due(mid)
        turn = read(services, lambda s: s.scalar(select(Turn)))
        assert turn is not None
        assert turn.orders[seat_of(services, mid, people[0]).player] == {"path": SAFE}
        for uid in people[1:]:
            orders = turn.orders[seat_of(services, mid, uid).player]
            assert "removed" not in orders  # only the hard deadline removes a snake
            assert len(set(orders["path"])) == 1  # the missed-order policy: one direction
        post = read(services, lambda s: s.scalar(select(TurnPost)))
        assert post is not None
        assert post.summary["how"] == "gm"
        assert {"gm-extend", "gm-resolve-now"} <= set(kinds(services, mid))

    asyncio.run(scenario())


def test_replace_gives_the_seat_to_another_account_and_cancel_ends_the_game(
    services: Services, clock: ManualClock
) -> None:
    async def scenario() -> None:
        mid, gm, people = await quick_edition(services)
        (newcomer,) = make_users(services, ["newcomer"])
        first = seat_of(services, mid, people[0]).player
        second = seat_of(services, mid, people[1]).player
        await services.correspondence.act(
            mid,
            lambda s, now: gamemaster.replace_tx(s, user(s, gm), mid, first, "Newcomer", now),
        )
        with pytest.raises(Refusal) as refused:
            await services.coordinator.submit(mid, Actor(people[0]), first, {"path": SAFE}, 1)
        assert refused.value.code == "not-your-seat"
        out = await send(services, mid, newcomer)
        assert out.player == first
        with pytest.raises(Refusal) as refused:
            await services.correspondence.act(
                mid,
                lambda s, now: gamemaster.replace_tx(
                    s, user(s, gm), mid, second, "nobody-here", now
                ),
            )
        assert refused.value.code == "unknown-user"
        opened = await services.correspondence.act(
            mid,
            lambda s, now: gamemaster.replace_tx(s, user(s, gm), mid, second, "bot:easy", now),
        )
        assert opened is not None
        assert opened.bots == [(second, "easy")]
        await gm_act(services, mid, gm, gamemaster.cancel_tx)
        assert match_of(services, mid).status == "abandoned"
        assert edition_of(services, mid).phase == "cancelled"
        with pytest.raises(Refusal) as refused:
            await send(services, mid, people[2])
        assert refused.value.code == "game-over"
        ended = read(
            services,
            lambda s: list(
                s.scalars(select(Notification).where(Notification.kind == "game-ended"))
            ),
        )
        assert {n.user_id for n in ended} == {newcomer, people[2]}
        assert all(n.data["cancelled"] for n in ended)
        assert {"gm-replace", "gm-cancel"} <= set(kinds(services, mid))

    asyncio.run(scenario())


def test_choices_not_made_in_time_are_drawn_and_the_game_starts(
    services: Services, clock: ManualClock
) -> None:
    async def scenario() -> None:
        ids = make_users(services, ["master", "ana", "bob", "cyd"])
        gm, people = ids[0], ids[1:]
        form = editions.NewEdition(seats=3, seed=3)
        mid: str = await services.correspondence.act(
            "new", lambda s, now: editions.create_edition_tx(s, user(s, gm), form, now).id
        )
        for uid in people:
            await services.correspondence.act(mid, register_as(uid, mid))
        # Nobody chooses anything: three colour draws, then the races, 72 hours each.
        for _ in range(4):
            clock.advance(hours=72)
            await services.correspondence.process_due()
        assert match_of(services, mid).status == "playing"
        log = kinds(services, mid)
        assert log.count("colour-assigned") == 3
        assert log.count("race-assigned") == 3
        races = read(services, lambda s: list(s.scalars(select(SecretRace))))
        assert {r.source for r in races} == {"assigned"}
        assert len({s.player for s in read(services, lambda s: seats_of(s, mid))}) == 3

    asyncio.run(scenario())


def test_registration_and_bad_settings_are_refused_with_reasons(services: Services) -> None:
    async def scenario() -> None:
        gm, ana = make_users(services, ["master", "ana"])

        async def create(**kw: Any) -> str:
            form = editions.NewEdition(**kw)
            mid: str = await services.correspondence.act(
                "new", lambda s, now: editions.create_edition_tx(s, user(s, gm), form, now).id
            )
            return mid

        for kw, code in (
            ({"terrain": "moon"}, "unknown-terrain"),
            ({"seats": 7}, "bad-seats"),
            ({"turn_hours": 0}, "bad-clock"),
            ({"grace_hours": -1}, "bad-clock"),
            ({"game": "what-the-shell", "turn_hours": 36}, "bad-clock"),
            ({"game": "what-the-shell", "turn_hours": 15 * 24}, "bad-clock"),
            ({"game": "chess"}, "unknown-game"),
        ):
            with pytest.raises(Refusal) as refused:
                await create(**kw)
            assert refused.value.code == code, kw
        assert read(services, lambda s: s.scalar(select(func.count()).select_from(Match))) == 0
        mid = await create(seats=2)
        await services.correspondence.act(
            mid, lambda s, now: editions.register_tx(s, user(s, ana), mid, now)
        )
        with pytest.raises(Refusal) as refused:
            await services.correspondence.act(
                mid, lambda s, now: editions.register_tx(s, user(s, ana), mid, now)
            )
        assert refused.value.code == "already-seated"
        await services.correspondence.act(
            mid, lambda s, now: editions.unregister_tx(s, user(s, ana), mid, now)
        )
        assert read(services, lambda s: seats_of(s, mid)) == []
        with pytest.raises(Refusal) as refused:
            await services.correspondence.act(
                mid, lambda s, now: editions.choose_race_tx(s, user(s, ana), mid, "dasher", now)
            )
        assert refused.value.code == "not-choosing-races"

    asyncio.run(scenario())


def test_what_the_shell_by_correspondence_plays_the_missed_order_policy_at_the_deadline(
    services: Services, clock: ManualClock
) -> None:
    async def scenario() -> None:
        mid, _, people = await quick_edition(
            services, players=2, game="what-the-shell", turn_hours=48
        )
        seats = read(services, lambda s: seats_of(s, mid))
        assert [s.player for s in seats] == ["black", "white"]
        assert match_of(services, mid).deadline == START + timedelta(hours=48)
        await services.coordinator.submit(mid, Actor(people[0]), "black", "E5", 1)
        await at(services, clock, mid, 24)  # 24 hours left: white is reminded
        assert kinds(services, mid).count("reminder") == 1
        await at(services, clock, mid, 48)  # no grace: the missed-order policy, at once
        turn = read(services, lambda s: s.scalar(select(Turn)))
        assert turn is not None
        assert turn.orders["black"] == "E5"
        assert turn.missed == ["white"]
        # Any empty cell, E5 included (a collision, WTS-3.2): it is random.
        assert turn.orders["white"] in {square_name(s) for s in SQUARES}

    asyncio.run(scenario())


def test_a_deadline_that_passed_while_the_server_was_down_resolves_once(
    settings: Settings, clock: ManualClock
) -> None:
    first = build_services(settings, clock=clock)
    first.db.migrate()
    mid, _, people = asyncio.run(quick_edition(first))
    for uid in people[:-1]:
        asyncio.run(send(first, mid, uid))
    first.db.close()  # the server stops; the hard deadline passes meanwhile
    clock.advance(hours=200)
    for _ in range(2):  # started again, twice
        again = build_services(settings, clock=clock)
        asyncio.run(again.correspondence.run_due())
        turns = read(again, lambda s: list(s.scalars(select(Turn))))
        assert [t.number for t in turns] == [1]
        sent = {seat_of(again, mid, uid).player for uid in people[:-1]}
        assert all(turns[0].orders[p] == {"path": SAFE} for p in sent)
        assert turns[0].orders[seat_of(again, mid, people[-1]).player] == {"removed": True}
        again.db.close()


def test_without_smtp_the_emails_are_marked_not_sent_and_the_site_notices_stay(
    services: Services, clock: ManualClock
) -> None:
    from samtempa.server.services.notices import deliver_outbox

    asyncio.run(quick_edition(services))
    no_smtp = services.settings.model_copy(update={"smtp_host": ""})
    assert deliver_outbox(services.db, no_smtp, services.catalogs, clock.now) == 0
    notes = read(services, lambda s: list(s.scalars(select(Notification))))
    assert notes
    assert all(n.web for n in notes)
    assert all(n.emailed_at is None and "no SMTP" in (n.email_error or "") for n in notes)
    # Nothing is tried again later.
    assert deliver_outbox(services.db, services.settings, services.catalogs, clock.now) == 0
