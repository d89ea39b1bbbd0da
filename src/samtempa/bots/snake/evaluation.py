"""How good a turn's outcome is for one snake: placement first, then room and risk."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence

from samtempa.bots.snake._walk import walk_length
from samtempa.bots.snake.model import AREA_CAP, GHOST_EXPIRY_RISK
from samtempa.bots.snake.weights import (
    DEATH,
    OUTLIVED,
    RISK_MODEL,
    SURVIVAL_NODES,
    WEIGHTS,
    Weights,
)
from samtempa.bots.snake_bits import cell_bits, topology, wall_bits
from samtempa.games.base import PlayerId
from samtempa.games.snake.state import State
from samtempa.games.snake.terrain import Remove


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
        # The search itself is compiled (:mod:`._walk`): same order, same node count.
        size = self.state.terrain.size
        flags = blocked.to_bytes((size + 7) // 8 + 1, "little")
        return walk_length(self.top.nb, flags, me.body, me.pending_growth, limit, budget)


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
