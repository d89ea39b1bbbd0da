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

from samtempa.bots.snake_bits import cell_bits, topology, wall_bits
from samtempa.bots.snake_reading import Expectation, Reading
from samtempa.bots.snake_safe import SnakeSafeBot, safe_order
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
#: The hard bot's penalty per cell a ghost overlaps when it will wear off (divided by
#: the turns left before it does).
GHOST_EXPIRY_RISK = 150.0
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
        #: ``steps[cell * 4 + d]``: where a step leads, ladders taken (-1: off the board).
        self.steps: list[int] = (
            [self.terrain.other_floor(t) if t >= 0 and self.ladder[t] else t for t in self.nb]
            if any(self.ladder)
            else list(self.nb)
        )
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
        return self.steps[head * 4 + d]

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
        steps, wall = self.steps, self.wall
        seen = {start}
        frontier = [start]
        while frontier and len(seen) < cap:
            c = frontier.pop()
            for t in steps[c * 4 : c * 4 + 4]:
                if t >= 0 and not wall[t] and t not in blocked and t not in seen:
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
        # What blocks the room at the end of a path, but the own body.
        top = topology(self.state)
        full = top.full
        base = cell_bits(c for c in range(self.size) if self.wall[c]) | cell_bits(others)
        base |= cell_bits(self.doomed)

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
                target = len(body) + g_left
                free = full & ~(base | cell_bits(body))
                room = top.flood(body[0], free, max(AREA_CAP, 2 * target) - 1)
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


@dataclass(frozen=True, slots=True)
class Weights:
    """The weights of :func:`outcome_value`."""

    #: Each snake that died this turn (a step up the placement for a survivor).
    kill: float = 60.0
    #: Next turn's estimated risk of death (:data:`RISK_MODEL`), as a probability.
    next_death: float = 400.0
    #: Each step short of two turns that the snake could still walk alone.
    survival: float = 40.0
    #: How close a survivor's value may come to dying now (0: no floor). The penalties
    #: of a tight spot add up to more than a death: without a floor, a path that
    #: certainly lives but ends boxed in scored below one that dies this turn, so the
    #: bot chose to die now rather than maybe later (dying later never places worse).
    floor: float = 0.0


#: The value of a death, and what each snake it outlived adds (SS-10.1: placement).
DEATH = -500.0
OUTLIVED = 40.0
#: The weights the medium bot plays with, and the hard bot expects of the others.
WEIGHTS = Weights()
#: The hard bot's own: a survivor always scores above a death this turn.
HARD_WEIGHTS = Weights(floor=40.0)
#: Node limit of the walk search of :meth:`Position.walk_length`.
SURVIVAL_NODES = 400

#: Opponents' sampled orders per decision of the medium bot, and its candidates.
MEDIUM_SCENARIOS = 40
MEDIUM_CANDIDATES = 12
#: How much better than the best path a power must be for the medium bot to spend a
#: charge on it (about a 5% lower risk of death).
CHARGE_VALUE = 25.0
#: Weight of one expected head-on or body collision in the medium pre-screen.
COLLISION_RISK = 120.0

#: One sampled turn of the other snakes: their orders by id.
Scenario = dict[PlayerId, Order]


def random_safe_scenarios(
    state: State, player: PlayerId, rng: Random, count: int
) -> list[Scenario]:
    """``count`` draws of every other living snake's orders from the random-safe policy."""
    others = [s.id for s in state.snakes if s.alive and s.id != player]
    searches: dict[PlayerId, Any] = {}
    return [
        {sid: safe_order(state, sid, rng, searches=searches) for sid in others}
        for _ in range(count)
    ]


def head_map(
    model: Model, state: State, scenarios: Sequence[Scenario], skip: PlayerId | None = None
) -> dict[tuple[int, int], float]:
    """(cell, step of ours) → expected number of other heads entering the cell then.

    Step 0 stands for "before our first step" (a dasher's early steps). Ghosts
    are left out (they meet nobody, SS-8.5); a path stops where the model sees
    a wall (that snake dies there, :func:`trail`).
    """
    out: dict[tuple[int, int], float] = {}
    if not scenarios:
        return out
    w = 1.0 / len(scenarios)
    for scenario in scenarios:
        for sid, order in scenario.items():
            if order.breaker or not order.path or sid == skip:
                continue
            snake = state.snake(sid)
            if order.ghost or snake.ghost_turns_left >= 2:
                continue
            for k, head in enumerate(trail(model, snake, order), start=1):
                key = (head, max(0, k - order.dash))
                out[key] = out.get(key, 0.0) + w
    return out


def collision_risk(cells: Sequence[int], heads: dict[tuple[int, int], float]) -> float:
    """Expected collisions of a path: another head on its cell at the same step
    (head-on) or before (its body is there)."""
    risk = 0.0
    for k, c in enumerate(cells, start=1):
        for j in range(k + 1):
            risk += heads.get((c, j), 0.0)
    return risk


def screen(plans: Sequence[Plan], heads: dict[tuple[int, int], float], n: int) -> list[Plan]:
    """The plans that walk all ``n`` steps in the model, best first by room less the
    expected collisions with ``heads`` (the pre-screen before the engine decides)."""
    return sorted(
        (p for p in plans if p.survived == n),
        key=lambda p: p.score - COLLISION_RISK * collision_risk(p.cells, heads),
        reverse=True,
    )


def engine_means(
    game: Game[Any, Any],
    state: State,
    player: PlayerId,
    candidates: Sequence[Order],
    scenarios: Sequence[Scenario],
    weights: Weights,
    deadline: float,
) -> tuple[list[float], int]:
    """Each candidate's mean :func:`outcome_value` over the scenarios played through the
    engine (the same scenarios for all: common random numbers); stops at ``deadline``
    after a whole scenario. Returns the means and the scenarios played."""
    totals = [0.0] * len(candidates)
    played = 0
    for others in scenarios:
        for i, order in enumerate(candidates):
            orders = dict(others)
            orders[player] = order
            try:
                after = game.step(state, orders).state
                totals[i] += outcome_value(state, after, player, weights)
            except OrderError:
                totals[i] += -1e6
        played += 1
        if time.perf_counter() > deadline:
            break
    return [t / max(1, played) for t in totals], played


@dataclass(frozen=True, slots=True)
class Search:
    """One turn searched against random-safe others (what a caller may reuse after)."""

    model: Model
    candidates: list[Order]
    means: list[float]
    scenarios: list[Scenario]
    played: int


def random_safe_search(
    game: Game[Any, Any],
    state: State,
    player: PlayerId,
    rng: Random,
    scenarios: int,
    candidates: int,
    weights: Weights,
    deadline: float,
) -> Search:
    """The medium bot's search, also the hard bot's next turn: the best ``candidates``
    paths by the pre-screen, played through the engine against ``scenarios``
    random-safe draws of the others."""
    me = state.snake(player)
    n = state.path_length
    model = Model(state)
    plans = model.plans(me, rng, with_risk=False)
    drawn = random_safe_scenarios(state, player, rng, scenarios)
    ranked = screen(plans, head_map(model, state, drawn), n)
    orders = [_order(p, n) for p in (ranked[:candidates] or plans[:1])]
    means, played = engine_means(game, state, player, orders, drawn, weights, deadline)
    return Search(model, orders, means, drawn, played)


class SnakeMediumBot:
    """Space and survival against random snakes: the other snakes are expected to move
    as the random-safe bot does. Its orders are sampled; the model's paths with
    the most room are pre-screened by the expected collisions with the sampled heads,
    and the best few are played through the engine against every sample. When the
    best still risks its life, the defensive powers (stand still, go ghost, dig)
    are tried the same way."""

    name = "medium"

    def __init__(
        self, scenarios: int = MEDIUM_SCENARIOS, candidates: int = MEDIUM_CANDIDATES
    ) -> None:
        self.scenarios = scenarios
        self.candidates = candidates
        self.last: dict[str, Any] = {}

    def choose(
        self, game: Game[Any, Any], state: State, player: PlayerId, budget_s: float, rng: Random
    ) -> Any:
        return self.decide(game, state, player, budget_s, rng).to_json()

    def decide(
        self, game: Game[Any, Any], state: State, player: PlayerId, budget_s: float, rng: Random
    ) -> Order:
        start = time.perf_counter()
        deadline = start + max(0.005, budget_s * 0.6)
        me = state.snake(player)
        search = random_safe_search(
            game, state, player, rng, self.scenarios, self.candidates, WEIGHTS, deadline
        )
        model, candidates, means = search.model, search.candidates, search.means
        scenarios, played = search.scenarios, search.played
        best = max(range(len(candidates)), key=lambda i: means[i])
        if me.charges > 0:
            # A defensive power (stand still, move first, pass through, dig: SS-8.1, 8.2,
            # 8.4, 8.5) when it is worth the charge.
            top = [candidates[i] for i in sorted(range(len(means)), key=lambda i: -means[i])[:3]]
            extra = [
                o for o in _defensive(state, model, me, rng, top) if _valid(game, state, me.id, o)
            ]
            if extra:
                more, _ = engine_means(
                    game, state, player, extra, scenarios[:played], WEIGHTS, math.inf
                )
                i = max(range(len(extra)), key=lambda i: more[i])
                if more[i] > means[best] + CHARGE_VALUE:
                    self.last = {"scenarios": played, "chosen": extra[i].to_json()}
                    return extra[i]
        self.last = {
            "scenarios": played,
            "candidates": len(candidates),
            "steps": played * len(candidates),
            "seconds": time.perf_counter() - start,
        }
        return candidates[best]


def _valid(game: Game[Any, Any], state: State, player: PlayerId, order: Order) -> bool:
    try:
        game.validate(state, player, order)
    except OrderError:
        return False
    return True


def _defensive(
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


#: The hard bot: random-safe draws per decision, the chance that another snake follows
#: one of its own best paths in a scenario (else a random-safe draw), its path
#: candidates, and the margin a power must win by to spend a charge. A charge kept
#: is an escape for later (most deaths come in positions where every path dies, and
#: a power can still save those), so the margin is a fifth of a death: at 12 the
#: hard bot spent its breaker, dashes and ghost in the first turns (0.607 against
#: medium over 200 games, 0.635 at 100).
HARD_RANDOM_SAFE = 32
HARD_SMART = 0.9
HARD_CANDIDATES = 14
HARD_CHARGE_VALUE = 100.0
#: How the hard bot predicts a careful snake: its best paths by the pre-screen, each
#: played through the engine against this many random-safe draws.
PREDICT_CANDIDATES = 8
PREDICT_SCENARIOS = 5
#: The hard bot's penalty per step onto a cell another head could reach as soon.
EXPOSURE = 20.0
#: Share of its time past which the hard bot predicts no more snakes (the rest stay
#: random-safe): at 250 ms a move, predicting five snakes takes 58 ms (median) to
#: 130 ms on this machine, so this only bites on a machine too busy to answer in time.
PREDICT_SHARE = 0.8
#: Scenarios drawn up front (the search plays as many as its time allows).
HARD_SCENARIOS = 96
#: The hard bot's second turn, in the endgame: with at most ``LOOKAHEAD_ALIVE``
#: snakes alive, the first turn's search gets ``LOOKAHEAD_SHARE`` of the time and
#: its best ``LOOKAHEAD_TOP`` paths are scored again by the best next turn from
#: where each scenario leaves them (:func:`next_turn_value`: the
#: ``LOOKAHEAD_PLANS`` best paths there against ``LOOKAHEAD_SCENARIOS``
#: random-safe draws), if at least ``LOOKAHEAD_MIN`` scenarios fit in the time.
#: Endgame duels are mostly decided by which snake is left with the longer walk;
#: the one-turn value only estimates that. Measured on the endgames of 179
#: recorded hard-vs-medium games replayed from four snakes alive (two runs each):
#: 1 174 and 1 181 hard-medium pairs of 1 611 won, against 1 153 and 1 157
#: without it; from the first turn on, halving the first turn's search costs more
#: than the second turn gains (0.606 against medium over 100 games, 0.647 without).
LOOKAHEAD_ALIVE = 4
LOOKAHEAD_SHARE = 0.5
LOOKAHEAD_TOP = 3
LOOKAHEAD_PLANS = 6
LOOKAHEAD_SCENARIOS = 4
LOOKAHEAD_MIN = 4
#: How likely another snake is to play the order of each rank of its prediction (its
#: ``PREDICT_CANDIDATES`` best paths by their engine value, then the pre-screen's next
#: ones). Measured: how often a medium snake's order had each rank, over 926 decisions
#: of hard-vs-medium games (``benchmarks/bench_snake_prediction.py``); 2% of them fell
#: outside the first 30. With (0.55, 0.28, 0.17) on the first three only, the
#: prediction was twice too sure of the second and third and never expected the
#: fourth to the thirtieth, 37% of what medium played; the hard bot scored 0.635
#: against medium, 0.664 with these (200 games).
RANK_WEIGHTS = (
    0.415, 0.14, 0.08, 0.075, 0.038, 0.022, 0.015, 0.015, 0.025, 0.023,
    0.025, 0.023, 0.017, 0.011, 0.011, *(0.004,) * 15,
)  # fmt: skip


class SnakeHardBot:
    """Samples the other snakes' plausible orders and plays its candidates through the engine.

    Each other snake is expected either to move as a careful snake would (one
    of its own best paths: most room, fewest expected collisions with the
    others' random-safe heads, each as likely as measured on medium snakes) or
    at random-safe. Candidates: the paths with
    the most room and the fewest expected collisions under that mixture, and
    while the snake has charges its race's power in the forms that can help
    (SS-8). Every candidate meets the same scenarios through ``game.step``
    (common random numbers), scored by :func:`outcome_value`, until the time
    is up; the best mean wins, a power only when it beats the best path by
    more than a charge is worth. In the endgame (``LOOKAHEAD_ALIVE``) the best
    few paths are also played a turn further (:func:`second_turn_means`).
    """

    name = "hard"

    def __init__(self, candidates: int = HARD_CANDIDATES, smart: float = HARD_SMART) -> None:
        self.candidates = candidates
        #: How careful each other snake has been (``smart`` before any evidence).
        self.reading = Reading(prior=smart)
        self._shares: dict[PlayerId, float] = {}
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
        lookahead = sum(s.alive for s in state.snakes) <= LOOKAHEAD_ALIVE
        first = start + LOOKAHEAD_SHARE * (deadline - start) if lookahead else deadline
        model = Model(state)
        me = state.snake(player)
        n = state.path_length
        until = start + PREDICT_SHARE * (first - start)
        scenarios, predicted = self._scenarios(game, state, model, player, rng, until)
        heads = head_map(model, state, scenarios)
        plans = model.plans(me, rng, with_risk=False)
        ranked = screen(plans, heads, n)
        paths = [_order(p, n) for p in (ranked[: self.candidates] or plans[:1])]
        powers: list[Order] = []
        if me.charges > 0:
            top = ranked[:3] or plans[:1]
            powers = [
                o
                for o in power_orders(state, model, me, top, rng)
                if o not in paths and _valid(game, state, player, o)
            ]
        candidates = paths + powers
        means, played = engine_means(
            game, state, player, candidates, scenarios, HARD_WEIGHTS, first
        )
        # Paranoia: whatever the model expects, a cell another head could reach first
        # (or at the same step) is a risk the sampled scenarios may miss.
        penalty = [EXPOSURE * exposure(model, state, me, o) for o in candidates]
        means = [m - p for m, p in zip(means, penalty, strict=True)]
        best = max(range(len(paths)), key=lambda i: means[i])
        second = 0
        if powers:
            j = max(range(len(paths), len(candidates)), key=lambda i: means[i])
            if means[j] > means[best] + HARD_CHARGE_VALUE:
                best = j
        if lookahead and best < len(paths):
            leaders = sorted(range(len(paths)), key=lambda i: -means[i])[:LOOKAHEAD_TOP]
            values, second = second_turn_means(
                game, state, player, [paths[i] for i in leaders], scenarios, rng, deadline
            )
            if second >= LOOKAHEAD_MIN:
                k = max(range(len(leaders)), key=lambda k: values[k] - penalty[leaders[k]])
                best = leaders[k]
        self.last = {
            "predicted": predicted,
            "second": second,
            "scenarios": played,
            "steps": played * len(candidates),
            "candidates": len(candidates),
            "chosen": candidates[best].to_json(),
            "careful": self._shares,
            "seconds": time.perf_counter() - start,
        }
        return candidates[best]

    def _scenarios(
        self,
        game: Game[Any, Any],
        state: State,
        model: Model,
        player: PlayerId,
        rng: Random,
        until: float,
    ) -> tuple[list[Scenario], int]:
        """The other snakes' orders: each snake's likely choice as a careful snake that
        expects random-safe neighbours would make it (its paths ranked by room and
        expected collisions, the best few played through the engine against a few
        random-safe draws; one drawn by :data:`RANK_WEIGHTS`), or now and then a
        random-safe draw. Past ``until`` (a slow or busy machine) the snakes not yet
        predicted stay random-safe, so the answer still comes in time. Returns the
        scenarios and how many snakes were predicted."""
        drawn = random_safe_scenarios(state, "", rng, HARD_RANDOM_SAFE)  # everybody
        likely: dict[PlayerId, list[Order]] = {}
        shares: dict[PlayerId, float] = {}
        for s in state.snakes:
            if s.alive and s.id != player:
                # Read first: the last turn's walk counts even if time runs out below.
                shares[s.id] = self.reading.careful_share(state, player, s.id)
        for s in state.snakes:
            if s.alive and s.id != player:
                if time.perf_counter() > until:
                    break
                predicted = predicted_orders(game, state, model, s, drawn)
                if predicted:
                    likely[s.id] = predicted
                    expected = _expectation(state, model, s, predicted, drawn)
                    self.reading.expect(player, s.id, expected)
        out: list[Scenario] = []
        for k in range(HARD_SCENARIOS):
            scenario = {sid: o for sid, o in drawn[k % len(drawn)].items() if sid != player}
            for sid, orders in likely.items():
                if rng.random() < shares[sid]:
                    scenario[sid] = rng.choices(orders, RANK_WEIGHTS[: len(orders)])[0]
            out.append(scenario)
        self._shares = shares
        return out, len(likely)


def second_turn_means(
    game: Game[Any, Any],
    state: State,
    player: PlayerId,
    candidates: Sequence[Order],
    scenarios: Sequence[Scenario],
    rng: Random,
    deadline: float,
) -> tuple[list[float], int]:
    """Each candidate's mean :func:`next_turn_value` over the scenarios (the same for
    all) until ``deadline``; a scenario cut short by the deadline is dropped. Returns
    the means and the scenarios counted."""
    totals = [0.0] * len(candidates)
    played = 0
    for others in scenarios:
        row: list[float] = []
        for order in candidates:
            if time.perf_counter() > deadline:
                break
            orders = dict(others)
            orders[player] = order
            row.append(next_turn_value(game, state, game.step(state, orders).state, player, rng))
        if len(row) < len(candidates):
            break
        totals = [t + v for t, v in zip(totals, row, strict=True)]
        played += 1
    return [t / max(1, played) for t in totals], played


def next_turn_value(
    game: Game[Any, Any], before: State, after: State, player: PlayerId, rng: Random
) -> float:
    """How good ``after`` is, a turn further: the best mean :func:`outcome_value` of the
    snake's next turn (its best few paths against a few random-safe draws of the
    others); the turn's own value if it is dead or the game is over."""
    if not after.snake(player).alive or after.result is not None:
        return outcome_value(before, after, player, HARD_WEIGHTS)
    search = random_safe_search(
        game, after, player, rng, LOOKAHEAD_SCENARIOS, LOOKAHEAD_PLANS, HARD_WEIGHTS, math.inf
    )
    return max(search.means)


def predicted_orders(
    game: Game[Any, Any],
    state: State,
    model: Model,
    snake: Snake,
    drawn: Sequence[Scenario],
) -> list[Order]:
    """What a careful snake expecting random-safe neighbours plays, most likely first
    (ranks as :data:`RANK_WEIGHTS` weighs them): its surviving paths ranked by room
    less the expected collisions with the heads of ``drawn``, the first
    ``PREDICT_CANDIDATES`` re-ranked by their engine value against a few of
    ``drawn``."""
    n = state.path_length
    theirs = head_map(model, state, drawn, skip=snake.id)
    plans = model.simple_plans(snake)
    screened = screen(plans, theirs, n)
    best = screened[:PREDICT_CANDIDATES]
    if not best:
        return []
    orders = [_order(p, n) for p in best]
    tests = drawn[:PREDICT_SCENARIOS]
    values, _ = engine_means(game, state, snake.id, orders, tests, WEIGHTS, math.inf)
    ranked = [orders[i] for i in sorted(range(len(orders)), key=lambda i: -values[i])]
    return ranked + [_order(p, n) for p in screened[len(best) : len(RANK_WEIGHTS)]]


def trail(model: Model, snake: Snake, order: Order) -> tuple[int, ...]:
    """The cells ``order``'s head enters, in the model: targets as SS-5.2 (ladders taken,
    SS-1.5; portals left out), up to the wall where it would die (SS-5.5 case 3), but
    a Digger's walls from its dig step on (SS-8.4); none for a Breaker (SS-8.1)."""
    if order.breaker:
        return ()
    cells = []
    head = snake.head
    for k, letter in enumerate(order.path, start=1):
        head = model.target(head, DIRS.index(letter))
        if head < 0 or (model.wall[head] and not (order.dig and k >= order.dig)):
            break
        cells.append(head)
    return tuple(cells)


def _expectation(
    state: State, model: Model, snake: Snake, predicted: Sequence[Order], drawn: Sequence[Scenario]
) -> Expectation:
    """What ``snake`` is expected to walk this turn, careful or random-safe (for
    :class:`~.snake_reading.Reading`, next turn)."""
    weights = RANK_WEIGHTS[: len(predicted)]
    total = sum(weights)
    careful: dict[tuple[int, ...], float] = {}
    for w, order in zip(weights, predicted, strict=True):
        cells = trail(model, snake, order)
        careful[cells] = careful.get(cells, 0.0) + w / total
    seen: dict[tuple[int, ...], int] = {}
    for scenario in drawn:
        cells = trail(model, snake, scenario[snake.id])
        seen[cells] = seen.get(cells, 0) + 1
    n = state.path_length
    firsts = frozenset(t for d in range(4) if (t := model.target(snake.head, d)) >= 0)
    safe = sum(1 for p in model.simple_plans(snake) if p.survived == n)
    return Expectation(state.turn, firsts, careful, seen, len(drawn), safe)


def exposure(model: Model, state: State, me: Snake, order: Order) -> int:
    """How many times ``order``'s head steps on a cell another head could reach at that
    step or earlier (its distance, a dasher's possible head start included)."""
    if order.breaker or order.ghost or me.ghost_turns_left >= 2 or not order.path:
        return 0
    others = [s for s in state.snakes if s.alive and s.id != me.id and not s.is_ghost]
    if not others:
        return 0
    reach = [model.reach(s) for s in others]
    early = [min(2, s.charges) if s.race == Race.DASHER else 0 for s in others]
    count = 0
    for k, head in enumerate(trail(model, me, order), start=1):
        step = k - order.dash
        for dist, e in zip(reach, early, strict=True):
            d = dist[head]
            if 0 < d <= step + e:
                count += 1
    return count


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


def outcome_value(
    before: State, after: State, player: PlayerId, weights: Weights = WEIGHTS
) -> float:
    """How good the state after a turn is for ``player``: placement first, then room.

    A death scores by how many snakes it outlived. A survivor scores the snakes
    that died (each one a step up the placement, SS-10.1), its room and length,
    less next turn's estimated risk of death (:func:`next_turn_risk`), a pocket
    smaller than itself, a ghost wearing off on a body (SS-8.5), and how far it
    is from two turns of steps it could still walk alone. With ``weights.floor``
    (the hard bot's) a survivor always scores above dying this turn.
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
        return DEATH + OUTLIVED * outlived
    pos = Position(after, player)
    n = after.path_length
    cap = max(AREA_CAP, 2 * me.target_length)
    room = pos.room(cap)
    # A pocket smaller than the snake is a slow death.
    pocket = 8.0 * max(0, me.target_length - room)
    danger = 0.0
    mine_cells = set(me.body)
    if me.is_ghost:
        # When the ghost wears off, lying on another snake kills both, on itself kills
        # it (SS-8.5): a turn later for the search, so the value looks ahead here.
        others = {
            c for s in after.snakes if s.alive and s.id != player and not s.is_ghost for c in s.body
        }
        overlap = len(others.intersection(me.body))
        folded = len(me.body) - len(mine_cells) - _stacked(me.body)
        weight = GHOST_EXPIRY_RISK / me.ghost_turns_left
        danger += weight * (overlap + max(0, folded))
    else:
        # Another ghost wearing off on this body kills both (SS-8.5).
        for s in after.snakes:
            if s.alive and s.id != player and s.is_ghost:
                shared = len(mine_cells.intersection(s.body))
                danger += GHOST_EXPIRY_RISK / s.ghost_turns_left * shared
    risk = pos.next_turn_risk(room)
    if weights.survival:
        # How far the snake can still go with everything else standing still: short of
        # two turns of steps, it is boxed in.
        horizon = 2 * n
        steps = pos.walk_length(horizon, SURVIVAL_NODES)
        danger += weights.survival * (horizon - steps)
    value = (
        weights.kill * died_now
        + room
        + 0.5 * me.length
        - weights.next_death * risk
        - danger
        - pocket
    )
    if weights.floor:
        # Dying next turn at the earliest, it outlives every snake dead by now (the
        # deaths counted as above; a snake removed for a missed deadline has none).
        dead = sum(1 for s in after.snakes if s.id != player and s.death is not None)
        floor = DEATH + OUTLIVED * dead
        if value < floor + weights.floor:
            # Smoothly above the floor, so tight spots still rank among themselves.
            value = floor + weights.floor * math.exp((value - floor) / weights.floor - 1.0)
    return value


#: The logistic model of next turn's risk of death (against random-safe snakes), fitted
#: on positions of medium-vs-easy games: the best of a snake's paths was played against
#: sampled random-safe orders. Features: cells the head reaches first (of 8), how far
#: (of 5), room (of 12), free neighbours (of 3), other heads one and two steps away,
#: cells reached together with another head (of 6).
RISK_MODEL = (1.78, -2.06, -1.63, -1.29, -0.9, 0.13, 0.19, 0.61)


class Position:
    """One living snake's position between turns, as cell sets (:mod:`.snake_bits`)."""

    __slots__ = ("heads", "me", "open", "state", "top", "walls")

    def __init__(self, state: State, player: PlayerId) -> None:
        self.state = state
        self.me = state.snake(player)
        self.top = topology(state)
        self.walls = wall_bits(state)
        bodies = 0
        heads: list[int] = []
        for s in state.snakes:
            if s.alive and s.id != player and not s.is_ghost:
                heads.append(s.head)
                bodies |= _body_bits(s.body)
        self.heads = heads
        #: Open cells: no wall, no body (its own included).
        self.open = self.top.full & ~(self.walls | bodies | _body_bits(self.me.body))

    def room(self, cap: int) -> int:
        return min(cap, self.top.flood(self.me.head, self.open, cap))

    def features(self, room: int) -> tuple[float, ...]:
        """The inputs of :data:`RISK_MODEL`."""
        top, head, open_cells = self.top, self.me.head, self.open
        ring1 = top.expand(1 << head)
        exits = (ring1 & open_cells).bit_count()
        near1 = near2 = 0
        if self.heads:
            ring2 = top.expand(ring1) & ~ring1
            for h in self.heads:
                if ring1 >> h & 1:
                    near1 += 1
                elif ring2 >> h & 1:
                    near2 += 1
        terr, depth, shared = top.voronoi(head, self.heads, open_cells, self.state.path_length + 1)
        return (
            1.0,
            min(terr, 8) / 8,
            min(depth, 5) / 5,
            min(room, 12) / 12,
            min(exits, 3) / 3,
            float(near1),
            float(near2),
            min(shared, 6) / 6,
        )

    def next_turn_risk(self, room: int) -> float:
        """Estimated chance that even the best path dies next turn (:data:`RISK_MODEL`)."""
        z = sum(w * x for w, x in zip(RISK_MODEL, self.features(room), strict=True))
        return 1.0 / (1.0 + math.exp(-z))

    def walk_length(self, limit: int, budget: int) -> int:
        """The most steps (up to ``limit``) the snake can make alone among the open cells,
        the other snakes standing still, its tail following and the cells of the next
        terrain change gone (a depth-first search of at most ``budget`` nodes)."""
        me = self.me
        blocked = self.top.full & ~(self.open | _body_bits(me.body))
        for c in _next_removal(self.state):
            blocked |= 1 << c
        nb = self.top.nb
        count: dict[int, int] = {}
        for c in me.body:
            count[c] = count.get(c, 0) + 1
        best = 0
        nodes = 0

        def dfs(cells: list[int], grow: int, depth: int) -> None:
            nonlocal best, nodes
            best = max(best, depth)
            if best >= limit or nodes >= budget:
                return
            head, tail = cells[0], cells[-1]
            frees = grow == 0 and count[tail] == 1
            for t in nb[head * 4 : head * 4 + 4]:
                if t < 0 or blocked >> t & 1:
                    continue
                if count.get(t, 0) and not (frees and t == tail):
                    continue
                nodes += 1
                count[t] = count.get(t, 0) + 1
                if grow:
                    dfs([t, *cells], grow - 1, depth + 1)
                else:
                    count[tail] -= 1
                    dfs([t, *cells[:-1]], 0, depth + 1)
                    count[tail] += 1
                count[t] -= 1
                if best >= limit or nodes >= budget:
                    return

        dfs(list(me.body), me.pending_growth, 0)
        return best


_BODY_BITS: dict[tuple[int, ...], int] = {}


def _body_bits(body: tuple[int, ...]) -> int:
    """A body's cells as bits (remembered: the same bodies come back scenario after
    scenario)."""
    bits = _BODY_BITS.get(body)
    if bits is None:
        bits = cell_bits(body)
        if len(_BODY_BITS) > 50_000:
            _BODY_BITS.clear()
        _BODY_BITS[body] = bits
    return bits


def _next_removal(state: State) -> set[int]:
    """Cells the terrain changes already queued or due at the next death remove (SS-7)."""
    out: set[int] = set()
    changes = state.terrain.changes
    for k in (*state.queued, state.deaths + 1):
        for op in changes.get(k, ()):
            if isinstance(op, Remove):
                out.update(op.cells)
    return out


def _stacked(body: Sequence[int]) -> int:
    """Repeated cells that are consecutive copies (a stacked tail), which do not count."""
    return sum(1 for a, b in itertools.pairwise(body) if a == b)


def make_snake_bot(level: str) -> SnakeSafeBot | SnakeMediumBot | SnakeHardBot:
    """The Snake Synapse bot of a level (registry); easy is :mod:`.snake_safe`'s random-safe bot."""
    if level == "easy":
        return SnakeSafeBot()
    if level == "medium":
        return SnakeMediumBot()
    return SnakeHardBot()
