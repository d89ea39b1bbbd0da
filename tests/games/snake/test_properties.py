"""Properties of the Snake Synapse engine over random games on every terrain (Hypothesis).

Games mix random-safe orders and uniformly random legal orders, powers
included, so that snakes live long enough to meet, dig, shoot and grow.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from random import Random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from samtempa.bots.snake_safe import safe_order
from samtempa.games.base import Step
from samtempa.games.snake import TERRAIN_IDS, Order, SnakeSynapse, State, load_terrain
from samtempa.games.snake.codec import to_json
from samtempa.games.snake.game import random_order
from samtempa.games.snake.report import ShotEvent
from samtempa.games.snake.terrain import ClearCorpsesExceptLast

GAME = SnakeSynapse()
RACES = ("breaker", "dasher", "trapper", "digger", "ghost", "shooter")
MAX_TURNS = 25
PROPERTY = settings(max_examples=40, deadline=None)


@dataclass
class Game:
    setup: dict[str, Any]
    start: State
    turns: list[tuple[State, dict[str, Order], Step[State]]]


def setup_for(terrain_id: str, seats: int, seed: int) -> dict[str, Any]:
    t = load_terrain(terrain_id)
    rng = Random(seed)
    races = t.races or RACES
    snakes = []
    spawns = list(t.spawns)
    rng.shuffle(spawns)
    for i in range(seats):
        snakes.append({"id": f"s{i}", "race": rng.choice(races), "spawn": t.name_of(spawns[i])})
    return {"terrain": terrain_id, "snakes": snakes}


def orders_for(state: State, rng: Random) -> dict[str, Order]:
    out = {}
    for player in GAME.players(state):
        roll = rng.random()
        if roll < 0.03:
            out[player] = Order(removed=True)
        elif roll < 0.25:
            out[player] = random_order(state, player, rng, power_chance=0.4)
        else:
            out[player] = safe_order(state, player, rng, power_chance=0.3)
    return out


def play_game(terrain_id: str, seats: int, seed: int) -> Game:
    setup = setup_for(terrain_id, seats, seed)
    state = GAME.initial_state(setup)
    rng = Random(seed)
    game = Game(setup, state, [])
    while state.result is None and len(game.turns) < MAX_TURNS:
        orders = orders_for(state, rng)
        step = GAME.step(state, orders)
        game.turns.append((state, orders, step))
        state = step.state
    return game


@st.composite
def games(draw: st.DrawFn) -> Game:
    terrain_id = draw(st.sampled_from(TERRAIN_IDS))
    seats = draw(st.integers(2, load_terrain(terrain_id).players))
    return play_game(terrain_id, seats, draw(st.integers(0, 2**32 - 1)))


def collapsed(body: tuple[int, ...]) -> list[int]:
    """A body with consecutive stacked copies counted once (SS-8.5)."""
    return [c for i, c in enumerate(body) if i == 0 or body[i - 1] != c]


@PROPERTY
@given(games())
def test_random_legal_orders_on_every_terrain_keep_the_invariants(game: Game) -> None:
    """Never a crash; after every frame: the JSON round trip holds (so lengths, death
    numbers, pending cells, traps and result agree, SS-11), no two living non-ghost snakes
    share a cell (outside a head-to-head, which kills), a living non-ghost snake never holds
    a cell twice, and growth only ever comes from the report (SS-6)."""
    for before, _, step in game.turns:
        previous = before
        frames = [*step.frames, step.state]
        reports = [*step.report.frames, None]
        for state, report in zip(frames, reports, strict=True):
            assert GAME.from_json(to_json(state)) == state
            seen: dict[int, str] = {}
            for s in state.snakes:
                assert s.pending_growth >= 0
                if not s.alive or s.is_ghost:
                    continue
                cells = collapsed(s.body)
                assert len(set(cells)) == len(cells), f"{s.id} holds a cell twice"
                for c in set(s.body):
                    assert c not in seen, f"{s.id} and {seen.get(c)} share a cell"
                    seen[c] = s.id
            grown = report.growth if report is not None else step.report.growth
            for old, new in zip(previous.snakes, state.snakes, strict=True):
                if not (old.alive and new.alive):
                    continue
                assert new.target_length == old.target_length + grown.get(new.id, 0)
                assert len(new.body) - len(old.body) == (1 if old.pending_growth and
                                                         new.body != old.body else 0)  # fmt: skip
            previous = state


@PROPERTY
@given(games())
def test_replaying_a_record_reproduces_every_frame(game: Game) -> None:
    state = GAME.initial_state(game.setup)
    assert state == game.start
    for before, orders, step in game.turns:
        assert state == before
        record = {p: o.to_json() for p, o in orders.items()}
        again = GAME.play(state, record)
        assert again.frames == step.frames
        assert again.state == step.state
        state = again.state


def _seat_free(game: Game) -> int:
    """How many turns can be compared across seat orders.

    The rules make a few rare things depend on the seat order on purpose:
    two shots landing on one face in one frame (SS-5.1 step 9, in seat
    order), several doomed portals on one face (SS-13.8), and keeping "the
    last two" corpses (SS-7.3) after deaths numbered inside one frame.
    """
    multi_death = False
    for n, (_, _, step) in enumerate(game.turns):
        for f, state in zip(step.report.frames, step.frames, strict=True):
            placed = Counter((s.cell, s.dir) for s in f.events if isinstance(s, ShotEvent)
                             and s.outcome == "placed")  # fmt: skip
            faces = Counter((p.cell, p.dir) for p in state.portals)
            clearing = f.change is not None and any(
                isinstance(op, ClearCorpsesExceptLast) for op in state.terrain.changes[f.change]
            )
            if (
                any(v > 1 for v in placed.values())
                or any(v > 1 for v in faces.values())
                or (clearing and multi_death)
            ):
                return n
            multi_death = multi_death or len(f.deaths) > 1
    return len(game.turns)


def _seatless(state: State) -> Any:
    """A state with the seat order forgotten: snakes by id, death numbers dropped."""
    data = to_json(state)
    snakes = {}
    for s in data["snakes"]:
        if s["death"] is not None:
            s["death"].pop("number")
        snakes[s["id"]] = s
    data["snakes"] = snakes
    data["portals"] = sorted(data["portals"], key=lambda p: (p["owner"], p["slot"]))
    if data["result"] and "draw" in data["result"]:
        data["result"]["draw"] = sorted(data["result"]["draw"])
    return data


@PROPERTY
@given(games(), st.randoms(use_true_random=False))
def test_deaths_places_and_killers_do_not_depend_on_the_seat_order(
    game: Game, shuffle: Random
) -> None:
    setup = dict(game.setup)
    snakes = list(setup["snakes"])
    shuffle.shuffle(snakes)
    setup["snakes"] = snakes
    state = GAME.initial_state(setup)
    for before, orders, step in game.turns[: _seat_free(game)]:
        assert _seatless(state) == _seatless(before)
        again = GAME.step(state, orders)
        assert len(again.frames) == len(step.frames)
        for mine, theirs in zip(again.frames, step.frames, strict=True):
            assert _seatless(mine) == _seatless(theirs)
            numbers = Counter(s.death.number for s in mine.snakes if s.death)
            assert numbers == Counter(s.death.number for s in theirs.snakes if s.death)
        state = again.state
