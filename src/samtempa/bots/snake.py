"""Snake Synapse bots: space-and-survival (medium) and sampled-opponent search (hard).

Both rank paths with a cheap *model* of the next few steps — which cells are
walls for a head (asked of the engine's own :class:`~.board.Board`), where
the bodies are, how far other heads can reach — then flood-fill the space
left at the end of the path. The model only proposes; the hard bot decides
by playing its candidate orders through the engine itself
(``game.step``) against sampled opponents' orders, so every rule (blocking,
head-ons, growth, powers, terrain changes) counts exactly as the engine says.

Medium: the path with the most room and the least head-on risk (SS-5.5,
SS-5.6). Hard: its best paths plus each race's power (SS-8: breaker's
stand-still, dash, a trap ahead of an opponent, digging through a wall,
going ghost, a portal shot), each played against the same sampled
opponents' plausible paths; the best mean outcome wins.
"""

from __future__ import annotations

import itertools
import math
import time
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass
from random import Random
from typing import Any

from samtempa.bots.snake_safe import SnakeSafeBot
from samtempa.games.base import Game, OrderError, PlayerId
from samtempa.games.snake.board import Board
from samtempa.games.snake.orders import Order, Shot, Trap
from samtempa.games.snake.state import Race, Snake, State
from samtempa.games.snake.terrain import DIRS, LADDER, Remove

#: Room beyond this many cells is not worth more (a snake needs room for its length).
AREA_CAP = 30
#: Score of one head-on risk (an opponent's head is expected on the cell at the same step).
HEAD_ON_RISK = 60.0
#: Score of one body risk (an opponent's head is expected there earlier: its body is).
BODY_RISK = 30.0
#: Score of stepping where the own body lay at the start of the turn (the tail stays
#: if anybody dies meanwhile).
TAIL_RISK = 12.0
#: Score of each cell a ghost's body shares with another snake at the end of its path.
GHOST_OVERLAP_RISK = 15.0
#: How likely another snake is to follow its best, second and third plan.
PLAN_WEIGHTS = (0.5, 0.3, 0.2)
#: Score of each missing cell when the room left is smaller than the snake.
POCKET_RISK = 3.0
#: Weight of the model's score of a candidate's path in the hard bot's choice.
MODEL_PRIOR = 0.5
#: The hard bot's penalty per cell a ghost overlaps when it will wear off (divided by
#: the turns left before it does).
GHOST_EXPIRY_RISK = 150.0
#: The hard bot's penalty for ending a turn one or two steps from another head.
NEAR_HEAD_1 = 50.0
NEAR_HEAD_2 = 20.0
#: Risk of the best path above which the medium bot uses a defensive power.
RISKY = 12.0
#: The medium model's penalty per expected other head one or two steps from its end.
NEAR_END_1 = 20.0
NEAR_END_2 = 8.0
#: Share of the expectation spread over all of another snake's safe plans.
SPREAD = 0.8
#: Score of a cell another head could reach at that step without it being planned.
UNEXPECTED_RISK = 2.0
#: Score of stepping on a cell that the next deaths' terrain changes remove (SS-7).
DOOMED_RISK = 3.0
#: How many deaths ahead the model looks for terrain changes.
CHANGES_AHEAD = 3


@dataclass(frozen=True, slots=True)
class Plan:
    """A path as the model sees it: cells stepped on, steps survived, and its score."""

    path: tuple[str, ...]
    cells: tuple[int, ...]
    survived: int
    score: float
    body: tuple[int, ...]
    risk: float = 0.0


class Model:
    """The position as one snake sees it for planning (not a rule: a guess to rank paths)."""

    def __init__(self, state: State) -> None:
        board = Board(state)
        self.state = state
        self.terrain = state.terrain
        self.nb = board.nb
        self.size = state.terrain.size
        #: Walls for an entering head, as the engine defines them (SS-5.3).
        self.wall = bytearray(1 if board.is_wall(c) else 0 for c in range(self.size))
        self.diggable = bytearray(
            1 if self.wall[c] and board.is_diggable(c) else 0 for c in range(self.size)
        )
        self.ladder = bytearray(1 if state.grid[c] == LADDER else 0 for c in range(self.size))
        self.bodies = {s.id: s.body for s in state.snakes if s.alive}
        self._reach: dict[PlayerId, list[int]] = {}
        self._simple: dict[PlayerId, list[Plan]] = {}
        self._risks: dict[PlayerId, dict[tuple[int, int], float]] = {}
        #: Where the other heads are expected at the end of the turn (weights).
        self._ends: dict[PlayerId, dict[int, float]] = {}
        #: Cells the terrain changes of the next deaths will remove (SS-7.1, SS-7.3):
        #: deaths are frequent, so the model shuns them and leaves them out of its room.
        self.doomed: set[int] = set()
        changes = state.terrain.changes
        for k in (*state.queued, *range(state.deaths + 1, state.deaths + 1 + CHANGES_AHEAD)):
            for op in changes.get(k, ()):
                if isinstance(op, Remove):
                    self.doomed.update(op.cells)

    def target(self, head: int, d: int) -> int:
        """Where a step leads (SS-5.2 b, c; portals are left out of the model)."""
        t = self.nb[head * 4 + d]
        if t >= 0 and self.ladder[t]:
            t = self.terrain.other_floor(t)
        return t

    def others_cells(self, me: Snake) -> set[int]:
        """Other snakes' cells, which block ``me``; not while ``me`` stays a ghost all
        this turn (a ghost wearing off at its first step is a snake again, SS-8.5)."""
        if me.ghost_turns_left >= 2:
            return set()
        return {
            c
            for s in self.state.snakes
            if s.alive and s.id != me.id and not s.is_ghost
            for c in s.body
        }

    def reach(self, snake: Snake) -> list[int]:
        """Steps another head needs to reach each cell (a BFS over open cells), -1 if more."""
        if snake.id in self._reach:
            return self._reach[snake.id]
        dist = [-1] * self.size
        dist[snake.head] = 0
        frontier = deque([snake.head])
        limit = self.state.path_length
        while frontier:
            c = frontier.popleft()
            if dist[c] >= limit:
                continue
            for d in range(4):
                t = self.target(c, d)
                if t >= 0 and dist[t] < 0 and not self.wall[t]:
                    dist[t] = dist[c] + 1
                    frontier.append(t)
        self._reach[snake.id] = dist
        return dist

    def near_ends(self, head: int, ends: dict[int, float]) -> float:
        """Next turn's head-on danger: other heads expected one or two steps away."""
        ring1 = {t for d in range(4) if (t := self.target(head, d)) >= 0}
        ring2 = {t for c in ring1 for d in range(4) if (t := self.target(c, d)) >= 0}
        near = sum(ends.get(c, 0.0) for c in ring1 | {head}) * NEAR_END_1
        return near + sum(ends.get(c, 0.0) for c in ring2 - ring1) * NEAR_END_2

    def simple_plans(self, snake: Snake) -> list[Plan]:
        """A snake's plans ranked by room alone (no risks): how the others are expected
        to move, cached."""
        if snake.id not in self._simple:
            self._simple[snake.id] = self.plans(snake, Random(0), with_risk=False)
        return self._simple[snake.id]

    def area(self, start: int, blocked: set[int], cap: int = AREA_CAP) -> int:
        """Open cells reachable from ``start`` (flood fill), counted up to ``cap``."""
        seen = {start}
        frontier = [start]
        while frontier and len(seen) < cap:
            c = frontier.pop()
            for d in range(4):
                t = self.target(c, d)
                if t >= 0 and t not in seen and not self.wall[t] and t not in blocked:
                    seen.add(t)
                    frontier.append(t)
        return len(seen) - 1

    def plans(
        self,
        me: Snake,
        rng: Random,
        *,
        dig_from: int | None = None,
        ghost: bool = False,
        with_risk: bool = True,
    ) -> list[Plan]:
        """Every path of the turn's length, scored; best first.

        ``dig_from``: the model lets the head enter diggable walls from that step
        on while it stays in them (SS-8.4); ``ghost``: bodies are ignored (SS-8.5).
        """
        n = self.state.path_length
        solid = {
            c
            for s in self.state.snakes
            if s.alive and s.id != me.id and not s.is_ghost
            for c in s.body
        }
        others = set() if ghost else self.others_cells(me)
        ghostly = ghost or me.ghost_turns_left >= 2
        # A ghost meets no snake: no head-on, no body (SS-8.5).
        risks = self._risk_map(me) if with_risk and not ghost else {}
        ends = self._ends.get(me.id, {}) if with_risk else {}
        out: list[Plan] = []

        def walk(
            path: list[str],
            cells: list[int],
            body: list[int],
            growth: int,
            digging: bool,
            risk: float,
        ) -> None:
            k = len(path)
            g_left = growth
            if k == n:
                end_blocked = others | set(body) | self.doomed
                target = len(body) + g_left
                room = self.area(body[0], end_blocked, max(AREA_CAP, 2 * target))
                score = room - risk + rng.random() * 0.3
                # A pocket smaller than the snake is a slow death.
                score -= POCKET_RISK * max(0, target - room)
                if ends:
                    score -= self.near_ends(body[0], ends)
                if ghostly:
                    # Lying on another snake when the ghost wears off kills both (SS-8.5).
                    score -= GHOST_OVERLAP_RISK * len(solid.intersection(body))
                out.append(Plan(tuple(path), tuple(cells), n, score, tuple(body), risk))
                return
            head = body[0]
            for d in range(4):
                t = self.target(head, d)
                stays = body if growth > 0 else body[:-1] + [b for b in body[-1:] if b in body[:-1]]
                # A ghost may cross other snakes but not itself: a body holding a cell
                # twice when the ghost wears off kills it (SS-8.5).
                dies = t < 0 or t in others or t in stays
                dig_now = False
                if not dies and self.wall[t]:
                    allowed = dig_from is not None and (k + 1 == dig_from or digging)
                    if allowed and self.diggable[t]:
                        dig_now = True
                    else:
                        dies = True
                if dies:
                    out.append(Plan((*path, DIRS[d]), tuple(cells), k, -1000.0 + k, tuple(body)))
                    continue
                new_body = [t, *body]
                g = growth
                if g > 0:
                    g -= 1
                else:
                    new_body.pop()
                r = risk + risks.get((t, k + 1), 0.0) + (DOOMED_RISK if t in self.doomed else 0.0)
                if t in start_body:
                    # Where the own body lay at the start: a death this turn makes the
                    # tail stay (growth, SS-6.1, SS-6.5), so following it is a gamble.
                    r += TAIL_RISK
                walk([*path, DIRS[d]], [*cells, t], new_body, g, dig_now, r)

        start_body = set(me.body)
        walk([], [], list(me.body), me.pending_growth, me.digging, 0.0)
        out.sort(key=lambda p: p.score, reverse=True)
        return out

    def _risk_map(self, me: Snake) -> dict[tuple[int, int], float]:
        """(cell, step) → risk from the other snakes (SS-5.6 head-ons, SS-5.5 bodies).

        Each other snake is expected to follow one of its own best plans (ranked
        by this model without risks): its head on a cell at the same step is a
        head-on risk, earlier a body risk. Any cell its head could reach at that
        step (distance and parity) carries a smaller risk, for the unexpected.
        """
        if me.id in self._risks:
            return self._risks[me.id]
        risks: dict[tuple[int, int], float] = {}
        self._risks[me.id] = risks
        ends: dict[int, float] = {}
        self._ends[me.id] = ends
        if me.is_ghost:
            return risks
        n = self.state.path_length
        for s in self.state.snakes:
            if not s.alive or s.id == me.id or s.is_ghost:
                continue
            ranked = [p for p in self.simple_plans(s) if p.cells]
            safe = [p for p in ranked if p.survived == n]
            # Its best plans, or any of its safe ones: what a careful and a careless
            # snake would do (SPREAD of the weight goes to the second).
            weighted = [(w * (1 - SPREAD), p) for w, p in zip(PLAN_WEIGHTS, ranked, strict=False)]
            weighted += [(SPREAD / len(safe), p) for p in safe]
            for w, plan in weighted:
                ends[plan.cells[-1]] = ends.get(plan.cells[-1], 0.0) + w
                for t, c in enumerate(plan.cells, start=1):
                    risks[(c, t)] = risks.get((c, t), 0.0) + w * HEAD_ON_RISK
                    for later in range(t + 1, n + 1):
                        risks[(c, later)] = risks.get((c, later), 0.0) + w * BODY_RISK
            dist = self.reach(s)
            for c, dc in enumerate(dist):
                if dc <= 0:
                    continue
                for step in range(dc, n + 1, 2):
                    risks[(c, step)] = risks.get((c, step), 0.0) + UNEXPECTED_RISK
        return risks


def complete_path(plan: Plan, n: int) -> tuple[str, ...]:
    """A dying plan's path padded to the turn's length (the rest is never walked)."""
    return plan.path + ("U",) * (n - len(plan.path))


def _order(plan: Plan, n: int) -> Order:
    return Order(path=complete_path(plan, n))


class SnakeMediumBot:
    """Space and survival: the path leaving the most room, away from other heads; when
    every path dies, the power that gets out (stand still, go ghost, dig)."""

    name = "medium"

    def choose(
        self, game: Game[Any, Any], state: State, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        me = state.snake(player)
        model = Model(state)
        plans = model.plans(me, rng)
        n = state.path_length
        best = plans[0]
        if me.charges > 0 and best.survived == n and best.risk > RISKY:
            # Every way is dangerous: stand still as a wall (SS-8.1), or pass through
            # everybody for three turns (SS-8.5).
            if me.race == Race.BREAKER:
                return Order(breaker=True).to_json()
            if me.race == Race.GHOST:
                ghostly = model.plans(me, rng, ghost=True)
                if ghostly and ghostly[0].survived == n:
                    return Order(path=ghostly[0].path, ghost=True).to_json()
        if best.survived < n and me.charges > 0:
            # Every path dies: a power may be the way out (SS-8.1, 8.4, 8.5).
            if me.race == Race.BREAKER:
                return Order(breaker=True).to_json()
            if me.race == Race.GHOST:
                ghostly = model.plans(me, rng, ghost=True)
                if ghostly and ghostly[0].survived == n:
                    return Order(path=ghostly[0].path, ghost=True).to_json()
            if me.race == Race.DIGGER:
                for k in range(1, n + 1):
                    dug = model.plans(me, rng, dig_from=k)
                    if dug and dug[0].survived == n:
                        return Order(path=dug[0].path, dig=k).to_json()
        return _order(best, n).to_json()


class SnakeHardBot:
    """Samples the opponents' plausible paths and plays its candidates through the engine.

    Candidates: the model's best paths and, while the snake has charges, its
    race's power in the forms that can help (SS-8). Scenarios: each opponent's
    path drawn from its own model ranking (mostly its best, sometimes its
    second or third). Each scenario is resolved by ``game.step`` for every
    candidate (common random numbers), scored by :func:`outcome_value`; the
    candidate with the best mean is played.
    """

    name = "hard"

    def __init__(self, paths: int = 8, opponent_paths: int = 3) -> None:
        self.paths = paths
        self.opponent_paths = opponent_paths
        self.last: dict[str, Any] = {}

    def choose(
        self, game: Game[Any, Any], state: State, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        return self.decide(game, state, player, budget_s, rng).to_json()

    def decide(
        self, game: Game[Any, Any], state: State, player: PlayerId, budget_s: float, rng: Random
    ) -> Order:
        start = time.perf_counter()
        deadline = start + max(0.01, budget_s * 0.85 - 0.01)
        model = Model(state)
        me = state.snake(player)
        n = state.path_length
        plans = model.plans(me, rng)
        candidates = self._candidates(game, state, model, me, plans, rng)
        if len(candidates) == 1:
            self.last = {"scenarios": 0, "steps": 0, "candidates": 1}
            return candidates[0]
        opponents = [s for s in state.snakes if s.alive and s.id != player]
        rankings = {s.id: model.plans(s, rng)[: self.opponent_paths] for s in opponents}
        totals = [0.0] * len(candidates)
        scenarios = 0
        steps = 0
        while True:
            others = {
                sid: _order(_plausible(ranked, rng), n)
                for sid, ranked in rankings.items()
                if ranked
            }
            for sid in rankings:
                if sid not in others:
                    others[sid] = game.missed_order(state, sid, rng)
            done = True
            for i, order in enumerate(candidates):
                orders = dict(others)
                orders[player] = order
                try:
                    after = game.step(state, orders).state
                    totals[i] += outcome_value(state, after, player, model)
                except OrderError:
                    totals[i] += -1e6
                steps += 1
                if time.perf_counter() > deadline and scenarios > 0:
                    done = False
                    break
            if not done:
                break
            scenarios += 1
            if time.perf_counter() > deadline:
                break
        # Only candidates seen in every completed scenario compare fairly.
        # The model's own view (risks this turn, its tail, doomed cells) breaks near-ties.
        prior = {p.path: max(-50.0, p.score) for p in reversed(plans) if len(p.path) == n}
        means = [
            t / max(1, scenarios) + MODEL_PRIOR * prior.get(o.path, 0.0)
            for t, o in zip(totals, candidates, strict=True)
        ]
        best = max(range(len(candidates)), key=lambda i: means[i])
        self.last = {
            "scenarios": scenarios,
            "steps": steps,
            "candidates": len(candidates),
            "chosen": candidates[best].to_json(),
            "seconds": time.perf_counter() - start,
        }
        return candidates[best]

    def _candidates(
        self,
        game: Game[Any, Any],
        state: State,
        model: Model,
        me: Snake,
        plans: list[Plan],
        rng: Random,
    ) -> list[Order]:
        n = state.path_length
        out = [_order(p, n) for p in diverse(plans, self.paths)]
        if me.charges > 0:
            out += power_orders(state, model, me, plans, rng)
        unique: list[Order] = []
        for o in out:
            if o in unique:
                continue
            try:
                game.validate(state, me.id, o)
            except OrderError:
                continue
            unique.append(o)
        return unique or [game.missed_order(state, me.id, rng)]


def diverse(plans: Sequence[Plan], k: int) -> list[Plan]:
    """Up to ``k`` good plans that differ: the best for each first step, then the
    best for each end cell, so that the search compares real alternatives."""
    chosen: list[Plan] = []
    firsts: set[str] = set()
    for p in plans:
        if p.path and p.path[0] not in firsts and (p.survived > 0 or not chosen):
            firsts.add(p.path[0])
            chosen.append(p)
    ends = {p.cells[-1] for p in chosen if p.cells}
    for p in plans:
        if len(chosen) >= k:
            break
        if p.cells and p.cells[-1] not in ends:
            ends.add(p.cells[-1])
            chosen.append(p)
    return chosen[: max(k, len(firsts))]


def _plausible(ranked: Sequence[Plan], rng: Random) -> Plan:
    """An opponent's path: its best with probability about ½, else one of the next."""
    weights = [math.exp(-0.7 * i) for i in range(len(ranked))]
    return rng.choices(list(ranked), weights)[0]


def power_orders(
    state: State, model: Model, me: Snake, plans: list[Plan], rng: Random
) -> list[Order]:
    """Each race's power in the forms worth trying this turn (SS-8)."""
    n = state.path_length
    top = plans[0]
    path = complete_path(top, n)
    race = me.race
    out: list[Order] = []
    if race == Race.BREAKER:
        out.append(Order(breaker=True))  # SS-8.1: stand still, a wall to others
    elif race == Race.DASHER:
        out += [Order(path=path, dash=k) for k in (1, 2) if k <= me.charges]  # SS-8.2
    elif race == Race.TRAPPER:
        out += _trap_orders(state, model, me, top)
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


def outcome_value(before: State, after: State, player: PlayerId, model: Model) -> float:
    """How good the state after a turn is for ``player``: placement first, then room.

    A death scores by how many snakes it outlived; a survivor by the snakes
    that died (each one a step up the placement, SS-10.1), its room and length.
    """
    me = after.snake(player)
    result = after.result
    if result is not None and result.winner == player:
        return 1000.0
    died_now = sum(
        1 for s0, s1 in zip(before.snakes, after.snakes, strict=True) if s0.alive and not s1.alive
    )
    if not me.alive:
        # Placement counts deaths by when they happened (SS-5.8: one frame, one place).
        mine = (me.death.turn, me.death.frame) if me.death is not None else (0, 0)
        outlived = 0.0
        for s in after.snakes:
            if s.id == player or s.alive or s.death is None:
                continue
            when = (s.death.turn, s.death.frame)
            outlived += 1.0 if when < mine else 0.5 if when == mine else 0.0
        return -500.0 + 40.0 * outlived
    others = {
        c for s in after.snakes if s.alive and s.id != player and not s.is_ghost for c in s.body
    }
    board = Board(after)
    blocked = others | set(me.body)
    cap = max(AREA_CAP, 2 * me.target_length)
    room = _area(board, after, me.head, blocked, cap)
    # A pocket smaller than the snake is a slow death.
    pocket = 8.0 * max(0, me.target_length - room)
    # Next turn's dangers: no way out, or another head close enough for a head-on.
    nb = board.nb
    exits = sum(
        1
        for d in range(4)
        if (t := nb[me.head * 4 + d]) >= 0 and t not in blocked and not board.is_wall(t)
    )
    near = 0.0
    heads = {s.head for s in after.snakes if s.alive and s.id != player and not s.is_ghost}
    ring1 = {t for d in range(4) if (t := nb[me.head * 4 + d]) >= 0}
    ring2 = {t for c in ring1 for d in range(4) if (t := nb[c * 4 + d]) >= 0}
    for h in heads:
        near += NEAR_HEAD_1 if h in ring1 else NEAR_HEAD_2 if h in ring2 else 0.0
    trapped = -150.0 if exits == 0 else -15.0 if exits == 1 else 0.0
    if me.is_ghost:
        # When the ghost wears off, lying on another snake kills both, on itself kills
        # it (SS-8.5): a turn later for the search, so the value looks ahead here.
        overlap = len(others.intersection(me.body))
        folded = len(me.body) - len(set(me.body)) - _stacked(me.body)
        weight = GHOST_EXPIRY_RISK / me.ghost_turns_left
        trapped -= weight * (overlap + max(0, folded))
    return 60.0 * died_now + room + 0.5 * me.length + trapped - near - pocket


def _stacked(body: Sequence[int]) -> int:
    """Repeated cells that are consecutive copies (a stacked tail), which do not count."""
    return sum(1 for a, b in itertools.pairwise(body) if a == b)


def _area(board: Board, state: State, start: int, blocked: set[int], cap: int) -> int:
    """Flood fill over the state's open cells (walls as the engine defines them), up to ``cap``."""
    terrain = state.terrain
    seen = {start}
    frontier = [start]
    nb = board.nb
    while frontier and len(seen) <= cap:
        c = frontier.pop()
        for d in range(4):
            t = nb[c * 4 + d]
            if t >= 0 and state.grid[t] == LADDER:
                t = terrain.other_floor(t)
            if t >= 0 and t not in seen and t not in blocked and not board.is_wall(t):
                seen.add(t)
                frontier.append(t)
    return len(seen) - 1


def make_snake_bot(level: str) -> SnakeSafeBot | SnakeMediumBot | SnakeHardBot:
    """The Snake Synapse bot of a level (registry); easy is :mod:`.snake_safe`'s random-safe bot."""
    if level == "easy":
        return SnakeSafeBot()
    if level == "medium":
        return SnakeMediumBot()
    return SnakeHardBot()
