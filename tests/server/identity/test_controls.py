"""Game controls through the coordinator: resign, draws, abort; idempotent, turn-named,
secret-keeping."""

from __future__ import annotations

import asyncio
import itertools
from typing import Any

import pytest
from sqlalchemy import func, select

from samtempa.server.app import Services
from samtempa.server.models import Match, PendingOrder, Turn
from samtempa.server.models_identity import DrawOffer, MatchStanding, Rating
from samtempa.server.services.errors import Refusal
from samtempa.server.services.matches import Actor, live_info_tx, snapshot_message
from samtempa.server.services.panel import panel_tx

from .conftest import join, make_user, match_row, new_match, seal


def gettext(message: str, **values: Any) -> str:
    return message % values if values else message


_ids = itertools.count()


def online(services: Services, game: str = "what-the-shell", n: int = 2) -> tuple[str, list[Actor]]:
    """A match between ``n`` accounts, started (the first opened it)."""
    actors = []
    for _ in range(n):
        i = next(_ids)
        user = make_user(services, f"player{i}x")
        actors.append(Actor(user.id, f"session-{i}"))
    match_id, _ = new_match(services, actors[0], ["me"] + ["open"] * (n - 1), game)
    for actor in actors[1:]:
        join(services, actor, match_id)
    return match_id, actors


def act(services: Services, match_id: str, actor: Actor, action: str, turn: Any,
        player: str | None = None) -> Any:  # fmt: skip
    async def run() -> Any:
        return await services.controls.act(match_id, actor, action, player, turn)

    return asyncio.run(run())


def count(services: Services, model: Any, match_id: str) -> int:
    with services.db.read() as session:
        return int(
            session.scalar(
                select(func.count()).select_from(model).where(model.match_id == match_id)
            )
            or 0
        )


def test_shell_resignation_ends_the_game_at_once_and_keeps_the_sealed_pick_secret(
    services: Services,
) -> None:
    match_id, (alice, bob) = online(services)
    seal(services, match_id, bob, "white", "C7")
    done = act(services, match_id, alice, "resign", 1)
    assert (done.changed, done.ended, done.status) == (True, True, "finished")
    match = match_row(services, match_id)
    assert match.result == {"winner": "white", "termination": "resignation"}
    assert match.deadline is None
    # Bob's pick was never revealed: dropped with the game, in no row and no view.
    assert count(services, PendingOrder, match_id) == 0
    assert count(services, Turn, match_id) == 0
    with services.db.read() as session:
        seen = snapshot_message(live_info_tx(session, match_id, alice), alice, match.created_at)
    assert "C7" not in repr(seen)
    assert "C7" not in repr(match.state)
    # Sent again (a double click), it changes nothing; the winner cannot resign any more.
    again = act(services, match_id, alice, "resign", 1)
    assert (again.changed, again.ended) == (False, True)
    with pytest.raises(Refusal) as err:
        act(services, match_id, bob, "resign", 1)
    assert err.value.code == "game-over"


@pytest.mark.parametrize(
    ("who", "action", "turn", "player", "code"),
    [
        ("alice", "resign", 4, None, "wrong-turn"),
        ("alice", "resign", "1", None, "bad-turn"),
        ("alice", "resign", 2**40, None, "bad-turn"),
        ("alice", "resign", 0, None, "bad-turn"),
        ("alice", "surrender", 1, None, "bad-action"),
        ("alice", "resign", 1, "white", "not-your-seat"),
        ("stranger", "resign", 1, None, "not-a-player"),
        ("alice", "accept-draw", 1, None, "no-offer"),
    ],
)
def test_refusals_say_why(
    services: Services, who: str, action: str, turn: Any, player: str | None, code: str
) -> None:
    match_id, (alice, _bob) = online(services)
    actor = alice if who == "alice" else Actor(None, "someone")
    with pytest.raises(Refusal) as err:
        act(services, match_id, actor, action, turn, player)
    assert err.value.code == code
    assert len(err.value.message) > 10
    assert match_row(services, match_id).status == "playing"


def test_a_draw_offer_lapses_when_the_turn_resolves(services: Services) -> None:
    match_id, (alice, bob) = online(services)
    offered = act(services, match_id, alice, "offer-draw", 1)
    assert (offered.changed, offered.event) == (True, "draw-offered")
    assert not act(services, match_id, alice, "offer-draw", 1).changed  # the same offer
    with services.db.read() as session:
        assert panel_tx(session, match_id, bob, gettext).accept == ["white"]
    seal(services, match_id, alice, "black", "E5")
    seal(services, match_id, bob, "white", "B4")  # turn 1 resolves: the offer lapses
    with pytest.raises(Refusal) as err:
        act(services, match_id, bob, "accept-draw", 2)
    assert err.value.code == "no-offer"
    with pytest.raises(Refusal) as err:
        act(services, match_id, bob, "accept-draw", 1)  # the turn it was meant for is gone
    assert err.value.code == "wrong-turn"
    assert match_row(services, match_id).status == "playing"


def test_a_draw_offered_and_accepted_ends_in_a_draw_by_agreement(services: Services) -> None:
    match_id, (alice, bob) = online(services)
    act(services, match_id, bob, "offer-draw", 1)
    declined = act(services, match_id, alice, "decline-draw", 1)
    assert (declined.changed, declined.event) == (True, "draw-declined")
    assert count(services, DrawOffer, match_id) == 0
    assert not act(services, match_id, alice, "decline-draw", 1).changed
    act(services, match_id, bob, "offer-draw", 1)
    done = act(services, match_id, alice, "accept-draw", 1)
    assert (done.changed, done.ended, done.event) == (True, True, "drawn")
    match = match_row(services, match_id)
    assert match.status == "finished"
    assert match.result == {"draw": ["black", "white"], "termination": "agreement"}
    assert not act(services, match_id, alice, "accept-draw", 1).changed
    assert not act(services, match_id, bob, "offer-draw", 1).changed


def test_the_computer_takes_no_draw_offer(services: Services) -> None:
    match_id, _ = new_match(services, Actor(None, "guest"), ["me", "bot:easy"])
    with pytest.raises(Refusal) as err:
        act(services, match_id, Actor(None, "guest"), "offer-draw", 1)
    assert err.value.code == "bot-opponent"
    with services.db.read() as session:
        panel = panel_tx(session, match_id, Actor(None, "guest"), gettext)
    assert panel.offer == []
    assert panel.resign == ["black"]
    assert panel.abort


def test_snake_synapse_has_no_draw_by_agreement(services: Services) -> None:
    match_id, (alice, _) = online(services, "snake-synapse")
    with pytest.raises(Refusal) as err:
        act(services, match_id, alice, "offer-draw", 1)
    assert err.value.code == "no-draws"


def test_abort_before_the_first_reveal_leaves_no_result_and_no_rating(services: Services) -> None:
    match_id, (alice, bob) = online(services)
    seal(services, match_id, bob, "white", "D4")
    done = act(services, match_id, bob, "abort", 1)
    assert (done.changed, done.status) == (True, "aborted")
    match = match_row(services, match_id)
    assert (match.status, match.result) == ("aborted", None)
    assert count(services, PendingOrder, match_id) == 0
    assert count(services, MatchStanding, match_id) == 0
    with services.db.read() as session:
        assert session.scalar(select(func.count()).select_from(Rating)) == 0
    assert not act(services, match_id, alice, "abort", 1).changed
    # After the first reveal it is too late.
    other, (carol, dave) = online(services)
    seal(services, other, carol, "black", "E5")
    seal(services, other, dave, "white", "B4")
    with pytest.raises(Refusal) as err:
        act(services, other, carol, "abort", 2)
    assert err.value.code == "too-late"


def test_snake_resignation_is_sealed_then_removes_the_snake_at_the_reveal(
    services: Services,
) -> None:
    match_id, (alice, bob, carol) = online(services, "snake-synapse", 3)
    seal(services, match_id, alice, "red", {"path": "DDDDD"})
    done = act(services, match_id, alice, "resign", 1)
    assert done.changed
    assert not done.ended
    assert done.sealed is not None
    with services.db.read() as session:
        row = session.get(PendingOrder, (match_id, 1, "red"))
        assert row is not None
        assert row.orders == {"removed": True}
        bob_sees = snapshot_message(live_info_tx(session, match_id, bob), bob, row.submitted_at)
        assert panel_tx(session, match_id, alice, gettext).resigning == ["red"]
        assert panel_tx(session, match_id, bob, gettext).resigning == []
    # Bob knows red has sent orders, not which: the removal is revealed with the turn.
    assert bob_sees["submitted"] == ["red"]
    assert bob_sees["your_orders"] == {}
    assert "'removed': True" not in repr(bob_sees)
    assert not act(services, match_id, alice, "resign", 1).changed
    seal(services, match_id, bob, "blue", {"path": "DDDDD"})
    reveal = seal(services, match_id, carol, "green", {"path": "DDDDD"}).revealed
    assert reveal is not None
    assert reveal.orders["red"] == {"removed": True}
    red = next(s for s in reveal.state["snakes"] if s["id"] == "red")
    assert red["removed"] is True
    assert red["alive"] is False
    assert match_row(services, match_id).status == "playing"  # blue and green play on
    assert not act(services, match_id, alice, "resign", 1).changed  # a late repeat
    with pytest.raises(Refusal) as err:
        act(services, match_id, alice, "resign", 2)
    assert err.value.code == "snake-dead"


def test_two_snakes_one_resigns_the_other_wins_by_the_rules(services: Services) -> None:
    match_id, (alice, bob) = online(services, "snake-synapse")
    act(services, match_id, alice, "resign", 1)
    reveal = seal(services, match_id, bob, "blue", {"path": "DDDDD"}).revealed
    assert reveal is not None
    assert reveal.status == "finished"
    assert reveal.result == {"winner": "blue"}  # SS-10.1 after the removal
    with services.db.read() as session:
        assert panel_tx(session, match_id, alice, gettext).verdict == "You lost."
        assert panel_tx(session, match_id, bob, gettext).verdict == "You won."


def test_concurrent_resignations_end_the_game_once(services: Services) -> None:
    match_id, (alice, bob) = online(services)

    async def both() -> list[Any]:
        got = await asyncio.gather(
            services.controls.act(match_id, alice, "resign", None, 1),
            services.controls.act(match_id, bob, "resign", None, 1),
            return_exceptions=True,
        )
        return list(got)

    results = asyncio.run(both())
    done = [r for r in results if not isinstance(r, Exception)]
    refused = [r for r in results if isinstance(r, Refusal)]
    assert len(done) == 1
    assert len(refused) == 1
    assert refused[0].code == "game-over"
    with services.db.read() as session:
        match = session.get(Match, match_id)
        assert match is not None
        assert match.result is not None
        assert match.result["termination"] == "resignation"
