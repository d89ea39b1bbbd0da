"""The guide's body warnings (games/snake/body_guide.py) against the frame pipeline.

A step the guide calls deadly at the snake's step k must kill it, playing that path,
by the frame of that step whatever the others order (SS-5.4, SS-5.5), unless the game
is over before (SS-10.1). Removal orders (SS-9.1) are left out, as the guide says."""

from __future__ import annotations

from random import Random

import pytest

from samtempa.bots.snake_safe import safe_order
from samtempa.games.snake import TERRAIN_IDS, SnakeSynapse, State
from samtempa.games.snake.orders import Order
from samtempa.games.snake.terrain import DIRS

from .helpers import position, snake

GAME = SnakeSynapse()
RACES = ["breaker", "dasher", "trapper", "digger", "ghost", "shooter"]


def start(terrain: str, races: list[str]) -> State:
    snakes = [{"id": f"s{i}", "colour": f"c{i}", "race": r} for i, r in enumerate(races)]
    return GAME.initial_state({"terrain": terrain, "snakes": snakes})


def bodies(state: State) -> dict[str, dict[str, dict[str, str]]]:
    found: dict[str, dict[str, dict[str, str]]] = GAME.guide(state)["bodies"]
    return found


def test_stepping_back_onto_a_stacked_spawn_is_a_self_collision() -> None:
    state = start("classic", ["breaker", "trapper"])
    warned = bodies(state)["s0"]
    assert warned["U"]["D"] == "s0"  # C2 → C1, then back onto C2's four stacked segments
    assert "U" not in warned.get("", {})


def test_another_snake_s_stacked_spawn_holds_until_its_tail_unfolds() -> None:
    # s0 on C2 walks right to G2 at step 4; s1 is still stacked there with one segment.
    state = start("classic", ["breaker", "trapper"])
    assert bodies(state)["s0"]["RRR"]["R"] == "s1"
    # A dasher could have made six steps by then: its spawn may be free (SS-8.2).
    assert "R" not in bodies(start("classic", ["breaker", "dasher"]))["s0"].get("RRR", {})
    # A ghost's cells block nobody (SS-8.5).
    assert "R" not in bodies(start("classic", ["breaker", "ghost"]))["s0"].get("RRR", {})


def test_a_tail_that_leaves_in_time_is_no_warning_but_a_growing_one_is() -> None:
    body = ["E4", "E5", "E6", "D6", "C6"]
    mine = ["C5", "C4", "C3", "B3", "A3"]
    # s1's tail C6 leaves at its first step: s0 entering C6 at step 1 is safe...
    free = position([snake("s0", mine), snake("s1", body)])
    assert "D" not in bodies(free)["s0"].get("", {})
    # ...unless s1 has growth pending (SS-6.5).
    grown = position([snake("s0", mine), snake("s1", body, pending_growth=1)])
    assert bodies(grown)["s0"][""]["D"] == "s1"
    # From D5: D6 and E5 are held at step 1; E4, reached at step 2, is held still.
    near = position([snake("s0", ["D5", "C5", "C4", "C3", "B3"]), snake("s1", body)])
    assert bodies(near)["s0"][""] == {"D": "s1", "R": "s1", "L": "s0"}
    assert bodies(near)["s0"]["U"]["R"] == "s1"


def test_powers_that_change_the_board_leave_only_first_steps() -> None:
    # A shooter on the board may open a portal by frame 2: only step 1 is judged.
    state = start("classic", ["breaker", "shooter"])
    warned = bodies(state)["s0"]
    assert all(len(prefix) == 0 for prefix in warned), warned
    assert bodies(start("classic", ["ghost", "trapper"]))  # a ghost still gets a guide
    ghost = position([snake("s0", ["C5", "C4", "C3", "B3", "A3"], "ghost", ghost_turns_left=2),
                      snake("s1", ["E4", "E5", "E6", "D6", "C6"])])  # fmt: skip
    assert "s0" not in bodies(ghost)


def frame_of_step(orders: dict[str, Order], k: int) -> int:
    """SS-4.2: a snake that does not dash makes its step k in frame D + k."""
    return max((o.dash for o in orders.values()), default=0) + k


def others_orders(state: State, me: str, rng: Random) -> dict[str, Order]:
    out = {}
    for s in state.snakes:
        if s.alive and s.id != me:
            if rng.random() < 0.5:
                out[s.id] = safe_order(state, s.id, rng, 0.6)
            else:
                order = GAME.random_orders(state, s.id, rng)
                out[s.id] = order if not order.removed else Order(path=order.path)
    return out


@pytest.mark.parametrize("terrain", TERRAIN_IDS)
def test_every_warned_step_kills_by_its_frame_whatever_the_others_do(terrain: str) -> None:
    rng = Random(f"body-guide-{terrain}")
    checked = exact = 0
    for game_no in range(3):
        n = rng.randint(2, 6)
        races = ["shooter"] * n if terrain == "aperture-science" else rng.choices(RACES, k=n)
        state = start(terrain, races)
        for _turn in range(8):
            if state.result is not None:
                break
            warned = bodies(state)
            for me, found in warned.items():
                entries = [(p, d, who) for p, hits in found.items() for d, who in hits.items()]
                for prefix, d, _who in rng.sample(entries, min(4, len(entries))):
                    k = len(prefix) + 1
                    tail = [rng.choice(DIRS) for _ in range(state.path_length - k)]
                    mine = Order(path=(*prefix, d, *tail))
                    for _sample in range(4):
                        orders = {me: mine, **others_orders(state, me, rng)}
                        step = GAME.step(state, orders)
                        frame = frame_of_step(orders, k)
                        after = step.state.snake(me)
                        if step.state.result is not None and len(step.frames) < frame:
                            continue  # the game ended before that step (SS-10.1)
                        assert after.death is not None, (terrain, game_no, me, prefix, d)
                        assert after.death.turn == state.turn + 1
                        assert after.death.frame <= frame, (after.death, frame)
                        checked += 1
                        exact += after.death.frame == frame
            orders = {s.id: safe_order(state, s.id, rng, 0.3) for s in state.snakes if s.alive}
            state = GAME.step(state, orders).state
    assert checked >= 10, checked
    assert exact * 2 > checked, (exact, checked)  # mostly killed by the warned body itself
