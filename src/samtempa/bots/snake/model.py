"""The bots' model of a turn: the paths a snake may walk, scored by room and risk.

Not a rule: a guess to rank paths before the engine decides. Where a step leads
and what is a wall are the engine's (:func:`~samtempa.games.snake.topology.step_table`,
:func:`~samtempa.games.snake.topology.wall_cells`, SS-5.2, SS-5.3).
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from random import Random

from samtempa.bots.snake_bits import cell_bits, topology
from samtempa.games.base import PlayerId
from samtempa.games.snake.board import Board
from samtempa.games.snake.orders import Order
from samtempa.games.snake.state import Snake, State
from samtempa.games.snake.terrain import DIRS, Remove
from samtempa.games.snake.topology import step_table, wall_cells

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
        #: The neighbours of SS-1.4 (a trap's cell, SS-8.3: no ladder, no portal).
        self.nb = board.nb
        self.size = state.terrain.size
        #: Walls for an entering head, as the engine defines them (SS-5.3).
        self.wall = bytearray(self.size)
        for c in wall_cells(state):
            self.wall[c] = 1
        self.diggable = bytearray(
            1 if self.wall[c] and board.is_diggable(c) else 0 for c in range(self.size)
        )
        #: ``steps[cell * 4 + d]``: where a step leads, ladders taken (-1: off the board),
        #: the engine's table (SS-5.2 b, c). Read only.
        self.steps: list[int] = step_table(state)
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


def plan_order(plan: Plan, n: int) -> Order:
    """A plan as an order: its path, padded."""
    return Order(path=complete_path(plan, n))
