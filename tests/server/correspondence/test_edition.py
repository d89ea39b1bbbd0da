"""A whole 6-player Snake Synapse edition on the classic terrain, on a clock moved by hand.

Registration, the colour draft, secret races, a turn resolved early, a turn
resolved at the hard deadline with a silent player removed at 96 h, a last
turn that ends the game; the reminders and the results arrive at a local
SMTP server, and every turn is posted with its GIF.
"""

from __future__ import annotations

import asyncio
import io
import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any, TypeVar

import pytest
from PIL import Image
from sqlalchemy import select
from sqlalchemy.orm import Session

from samtempa.server.app import Services
from samtempa.server.core.clock import ManualClock
from samtempa.server.models import Match, Seat, Turn
from samtempa.server.models_correspondence import Edition, Notification, TurnPost
from samtempa.server.services import editions
from samtempa.server.services.errors import Refusal
from samtempa.server.services.events import event_json, events_of
from samtempa.server.services.matches import Actor, seats_of

from .conftest import START, Inbox, make_users, user

# Each snake walks round a 3×2 loop beside its spawn (SS-1.7 classic spawns):
# the six loops are apart, so nobody dies until the loops are left.
LOOPS = {
    "C2": "RRDLLU",
    "G2": "RRDLLU",
    "K2": "RRDLLU",
    "C6": "RRULLD",
    "G6": "RRULLD",
    "K6": "RRULLD",
}
T = TypeVar("T")
SPAWNS = ["C2", "G2", "K2", "C6", "G6", "K6"]


def loop_path(spawn: str, turn: int) -> str:
    """The 5 steps of turn ``turn`` (from 1) of the loop of ``spawn``."""
    cycle = LOOPS[spawn] * 6
    start = (turn - 1) * 5
    return cycle[start : start + 5]


class Driver:
    """Plays the edition through the services, as the routes do."""

    def __init__(self, services: Services, clock: ManualClock, inbox: Inbox) -> None:
        self.s = services
        self.clock = clock
        self.inbox = inbox
        ids = make_users(services, ["gamemaster", "ana", "bob", "cyd", "dia", "eda", "flo", "gus"])
        self.gm, self.players, self.spare = ids[0], ids[1:7], ids[7]
        self.match_id = ""

    async def act(self, user_id: int | None, fn: Any) -> Any:
        return await self.s.correspondence.act(
            self.match_id or "new", lambda s, now: fn(s, user(s, user_id), now)
        )

    def read(self, fn: Callable[[Session], T]) -> T:
        with self.s.db.read() as session:
            return fn(session)

    def seats(self) -> list[Seat]:
        return self.read(lambda s: seats_of(s, self.match_id))

    def edition(self) -> Edition:
        found = self.read(lambda s: s.get(Edition, self.match_id))
        assert found is not None
        return found

    def match(self) -> Match:
        found = self.read(lambda s: s.get(Match, self.match_id))
        assert found is not None
        return found

    def events(self) -> list[dict[str, Any]]:
        return self.read(lambda s: [event_json(e) for e in events_of(s, self.match_id)])

    async def submit(self, seat: Any, path: str, turn: int) -> Any:
        return await self.s.coordinator.submit(
            self.match_id, Actor(seat.user_id), seat.player, {"path": path}, turn
        )

    async def at(self, hours: float) -> None:
        """Move the clock to ``hours`` after the current turn opened, then run what is due."""
        opened = self.edition().opened_at
        assert opened is not None
        self.clock.set(opened + timedelta(hours=hours))
        await self.s.correspondence.run_due()


async def play_edition(d: Driver) -> None:
    s = d.s
    # -- registration: 6 seats on the classic terrain, the game master does not play
    d.match_id = await d.act(
        d.gm,
        lambda ss, u, now: (
            editions.create_edition_tx(ss, u, editions.NewEdition(title="Edition 5"), now).id
        ),
    )
    assert d.edition().seats == 6
    for pid in d.players:
        await d.act(pid, lambda ss, u, now: editions.register_tx(ss, u, d.match_id, now))
    with pytest.raises(Refusal) as refused:
        await d.act(d.spare, lambda ss, u, now: editions.register_tx(ss, u, d.match_id, now))
    assert refused.value.code == "registration-closed"

    # -- the colour draft: a random player first, each names the next one
    edition = d.edition()
    assert edition.phase == "colours"
    first = edition.drafter
    assert first is not None
    not_drafter = next(x for x in d.seats() if x.index != first)
    with pytest.raises(Refusal) as refused:
        await d.act(
            not_drafter.user_id,
            lambda ss, u, now: editions.choose_colour_tx(ss, u, d.match_id, "red", None, now),
        )
    assert refused.value.code == "not-your-turn"
    colours = ["red", "blue", "green", "yellow", "purple", "orange"]
    order = []
    for k, colour in enumerate(colours):
        seats = d.seats()
        drafter = next(x for x in seats if x.index == d.edition().drafter)
        order.append(drafter.index)
        waiting = [x.index for x in seats if "colour" not in x.options and x is not drafter]
        if k == 1:  # a colour already taken is refused, nothing changes
            with pytest.raises(Refusal) as refused:
                await d.act(
                    drafter.user_id,
                    lambda ss, u, now, n=waiting[0]: editions.choose_colour_tx(
                        ss, u, d.match_id, "red", n, now
                    ),
                )
            assert refused.value.code == "colour-taken"
        # Each drafter names the last of those still waiting (so the order is not seat order).
        nxt = waiting[-1] if waiting else None
        await d.act(
            drafter.user_id,
            lambda ss, u, now, c=colour, n=nxt: editions.choose_colour_tx(
                ss, u, d.match_id, c, n, now
            ),
        )
    assert order[0] == first
    assert sorted(order) == list(range(6))
    by_index = {x.index: x for x in d.seats()}
    assert [by_index[i].player for i in order] == colours

    # -- secret races: nobody sees a race before all are in
    races = ["breaker", "dasher", "trapper", "digger", "ghost", "shooter"]
    seats = d.seats()
    assert d.edition().phase == "races"
    for seat, race in zip(seats[:-1], races[:-1], strict=True):
        await d.act(
            seat.user_id,
            lambda ss, u, now, r=race: editions.choose_race_tx(ss, u, d.match_id, r, now),
        )
    log = json.dumps(d.events())
    assert not any(r in log for r in races), "a race leaked before the reveal"
    assert all("race" not in x.options for x in d.seats())
    assert d.read(
        lambda ss: editions.my_secret_race(ss, user(ss, seats[0].user_id), d.match_id)
    ) == ("breaker")
    assert d.read(lambda ss: editions.races_chosen(ss, d.match_id)) == set(range(5))
    await d.act(
        seats[-1].user_id,
        lambda ss, u, now: editions.choose_race_tx(ss, u, d.match_id, races[-1], now),
    )
    revealed = [e for e in d.events() if e["kind"] == "races-revealed"]
    assert len(revealed) == 1
    assert revealed[0]["races"] == {x.player: r for x, r in zip(seats, races, strict=True)}
    match = d.match()
    assert match.status == "playing"
    assert match.deadline == START + timedelta(hours=72)
    assert d.edition().hard_at == START + timedelta(hours=96)
    assert [x["race"] for x in match.setup["snakes"]] == races

    spawn = {x.player: SPAWNS[x.index] for x in d.seats()}
    seats = d.seats()

    # -- turn 1: every order in after 10 hours, resolved at once (early)
    d.clock.advance(hours=10)
    for seat in seats[:-1]:
        out = await d.submit(seat, loop_path(spawn[seat.player], 1), 1)
        assert out.revealed is None
    # Secrecy: no sealed path in the log, the notifications or the mails so far.
    await s.correspondence.run_due()
    sealed = [loop_path(spawn[x.player], 1) for x in seats[:-1]]
    everything = json.dumps(d.events()) + repr([m.body for m in d.inbox.mails])
    everything += json.dumps(d.read(lambda ss: [n.data for n in ss.scalars(select(Notification))]))
    for path in sealed:
        assert path not in everything
    out = await d.submit(seats[-1], loop_path(spawn[seats[-1].player], 1), 1)
    assert out.revealed is not None
    assert d.match().turn == 1
    assert d.edition().soft_at == START + timedelta(hours=10 + 72)

    # -- turn 2: the last player stays silent
    silent = seats[-1]
    silent_mail = f"{d.read(lambda ss: user(ss, silent.user_id).email)}"
    for seat in seats[:-1]:
        await d.submit(seat, loop_path(spawn[seat.player], 2), 2)
    await d.at(47)
    assert not [m for m in d.inbox.to(silent_mail) if "24 hours" in m.subject]
    await d.at(48)  # 24 hours left: only the silent player is reminded
    day_left = [m for m in d.inbox.mails if "24 hours left" in m.subject]
    assert [m.to for m in day_left] == [[silent_mail]]
    await d.at(72)  # the soft deadline: the game waits and reminds
    assert d.match().turn == 1
    late = [m for m in d.inbox.mails if "has passed" in m.subject]
    assert [m.to for m in late] == [[silent_mail]]
    assert "removed" in late[0].body
    await d.at(95.9)
    assert d.match().turn == 1
    await d.at(96)  # the hard deadline: removed (SS-9.1), turn resolved
    assert d.match().turn == 2
    after = d.read(lambda ss: ss.scalar(select(Turn).where(Turn.number == 2)))
    assert after is not None
    gone = next(x for x in after.state["snakes"] if x["id"] == silent.player)
    assert gone["removed"] is True
    assert gone["body"] == []
    assert gone["death"] is None
    assert after.state["deaths"] == 0
    assert after.orders[silent.player] == {"removed": True}
    assert after.missed == [silent.player]
    kinds = [e["kind"] for e in d.events()]
    assert kinds.count("player-removed") == 1
    post = d.read(lambda ss: ss.scalar(select(TurnPost).where(TurnPost.number == 2)))
    assert post is not None
    post2 = post.summary
    assert post2["removed"] == [silent.player]
    assert post2["how"] == "hard-deadline"
    assert post2["changes"] == []

    # -- turn 3: four snakes turn back into their own bodies, the last one wins
    alive = seats[:-1]
    winner = alive[0]
    assert spawn[winner.player] == "C2"
    for seat in alive[1:]:
        top = spawn[seat.player].endswith("2")
        await d.submit(seat, ("U" if top else "D") * 5, 3)
    out = await d.submit(winner, "DLLUU", 3)
    assert out.revealed is not None
    assert out.revealed.result == {"winner": winner.player}
    await s.correspondence.run_due()
    assert d.edition().phase == "finished"
    assert d.edition().next_at is None


def test_a_whole_edition_on_a_clock_moved_by_hand(
    services: Services, clock: ManualClock, smtp: tuple[Inbox, int]
) -> None:
    inbox = smtp[0]
    d = Driver(services, clock, inbox)
    asyncio.run(play_edition(d))

    # Every turn posted once, with its GIF (several pictures: the turn frame by frame).
    posts = d.read(
        lambda ss: list(ss.scalars(select(TurnPost).where(TurnPost.match_id == d.match_id)))
    )
    assert [p.number for p in posts] == [1, 2, 3]
    for post in posts:
        assert post.gif is not None
        assert post.gif[:6] in (b"GIF87a", b"GIF89a")
        with Image.open(io.BytesIO(post.gif)) as im:
            assert getattr(im, "n_frames", 1) >= 3  # the orders, every frame played, the end
    assert [p.summary["how"] for p in posts] == ["early", "hard-deadline", "early"]
    last = posts[-1].summary
    assert len(last["deaths"]) == 4
    assert {x["cause"] for x in last["deaths"]} == {"self"}
    assert [c["deaths"] for c in last["changes"]] == [2, 3, 4][: len(last["changes"])]
    assert last["path_length"] == 5

    # Results by email: every player and the game master hear of every turn and of the end.
    players = [f"{n}@example.org" for n in ("ana", "bob", "cyd", "dia", "eda", "flo")]
    for address in [*players, "gamemaster@example.org"]:
        subjects = [m.subject for m in inbox.to(address)]
        assert sum("was resolved" in x for x in subjects) == 3, (address, subjects)
        assert sum("the game is over" in x for x in subjects) == 1, (address, subjects)
    resolved = next(m for m in inbox.to("ana@example.org") if "turn 3 was resolved" in m.subject)
    assert "wins" in resolved.body
    assert "https://samtempa.example/editions/" in resolved.body
    # The turns' notices are sent once each, whatever the number of rounds run.
    total = len(inbox.mails)
    asyncio.run(services.correspondence.run_due())
    assert len(inbox.mails) == total

    kinds = [e["kind"] for e in d.events()]
    for kind in (
        "edition-created",
        "registration-closed",
        "draft-started",
        "races-revealed",
        "game-started",
        "reminder",
        "player-removed",
        "game-ended",
    ):
        assert kind in kinds
    assert kinds.count("turn-resolved") == 3
