"""Each race's power in the forms worth trying this turn (SS-8), for both bots."""

from __future__ import annotations

from collections.abc import Sequence
from random import Random
from typing import Any

from samtempa.bots.snake.model import Model, Plan, complete_path
from samtempa.games.base import Game, OrderError, PlayerId
from samtempa.games.snake.orders import Order, Shot, Trap
from samtempa.games.snake.state import Race, Snake, State
from samtempa.games.snake.terrain import DIRS


def valid(game: Game[Any, Any], state: State, player: PlayerId, order: Order) -> bool:
    try:
        game.validate(state, player, order)
    except OrderError:
        return False
    return True


def defensive_orders(
    state: State, model: Model, me: Snake, rng: Random, top: Sequence[Order]
) -> list[Order]:
    """The powers that save a snake with no good way: stand still, move first, pass
    through, dig."""
    n = state.path_length
    if me.race == Race.BREAKER:
        return [Order(breaker=True)]
    if me.race == Race.DASHER:
        return [Order(path=o.path, dash=k) for o in top for k in (1, 2) if k <= me.charges]
    if me.race == Race.GHOST:
        ghostly = model.plans(me, rng, ghost=True)
        return [Order(path=complete_path(p, n), ghost=True) for p in ghostly[:3]]
    if me.race == Race.DIGGER:
        out = []
        for k in range(1, n + 1):
            dug = [
                p for p in model.plans(me, rng, dig_from=k, with_risk=False)[:2] if p.survived == n
            ]
            out += [Order(path=p.path, dig=k) for p in dug]
        return out
    return []


def power_orders(
    state: State, model: Model, me: Snake, plans: Sequence[Plan], rng: Random
) -> list[Order]:
    """Each race's power in the forms worth trying this turn (SS-8), around the best
    few of ``plans``."""
    n = state.path_length
    top = plans[0]
    race = me.race
    out: list[Order] = []
    if race == Race.BREAKER:
        out.append(Order(breaker=True))  # SS-8.1: stand still, a wall to others
    elif race == Race.DASHER:  # SS-8.2: move first
        out += [
            Order(path=complete_path(p, n), dash=k)
            for p in plans[:3]
            for k in (1, 2)
            if k <= me.charges
        ]
    elif race == Race.TRAPPER:
        for p in plans[:2]:
            out += _trap_orders(state, model, me, p)
    elif race == Race.DIGGER:
        for k in range(1, n + 1):  # SS-8.4: a path through walls, digging from step k
            dug = [p for p in model.plans(me, rng, dig_from=k)[:2] if p.survived == n]
            out += [Order(path=p.path, dig=k) for p in dug]
    elif race == Race.GHOST:
        ghost_plans = model.plans(me, rng, ghost=True)  # SS-8.5: bodies ignored
        out += [Order(path=complete_path(p, n), ghost=True) for p in ghost_plans[:2]]
    elif race == Race.SHOOTER:
        out += _shot_orders(model, me, top, n)
    return out


def _trap_orders(state: State, model: Model, me: Snake, top: Plan) -> list[Order]:
    """A trap beside the head at the step closest to another head's reach (SS-8.3)."""
    n = state.path_length
    path = complete_path(top, n)
    best: tuple[float, int, str] | None = None
    others = [s for s in state.snakes if s.alive and s.id != me.id]
    if not others or not top.cells:
        return []
    for k, head in enumerate(top.cells, start=1):
        for d in range(4):
            t = model.nb[head * 4 + d]
            if t < 0 or model.wall[t] or t in top.cells:
                continue
            near = min((model.reach(s)[t] for s in others if model.reach(s)[t] > 0), default=99)
            if near > n:
                continue
            score = near + 0.1 * k
            if best is None or score < best[0]:
                best = (score, k, DIRS[d])
    if best is None:
        return []
    return [Order(path=path, trap=Trap(best[1], best[2]))]


def _shot_orders(model: Model, me: Snake, top: Plan, n: int) -> list[Order]:
    """A pair of portals: one behind the head at step 1, one towards the most room (SS-8.6)."""
    path = complete_path(top, n)
    if me.charges < 2 or not top.cells:
        return []
    best_d, best_room = None, -1
    for d in range(4):
        t = model.nb[top.cells[-1] * 4 + d]
        if t < 0 or model.wall[t]:
            continue
        room = model.area(t, set(top.cells))
        if room > best_room:
            best_d, best_room = DIRS[d], room
    if best_d is None:
        return []
    back = DIRS[DIRS.index(path[0]) ^ 1]
    shots = (Shot(1, 1, back), Shot(n, 2, best_d))
    return [Order(path=path, shoot=shots)]
