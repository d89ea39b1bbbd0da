"""The Snake Synapse fast path for search: a turn on compact arrays, or the engine.

:mod:`._fast` (Cython) plays a whole turn of checked orders about two orders
of magnitude faster than :func:`.turn.resolve`, on a :class:`FastState` a search
packs once and copies cheaply. It is a second implementation, checked game
for game against the engine (``tests/games/snake/test_fast.py``); where it does
not cover a case it answers None and :func:`resolve` asks the engine:

- removals (SS-9.1);
- a game already over, bodies of 250 segments or more, 63 deaths or more,
  more than 32 portal links on one snake.

Terrain changes (SS-7) it plays, from the terrain's ops compiled once
(:func:`fast_terrain`); portals and shots (SS-8.6) too.

>>> from samtempa.games.snake.game import SnakeSynapse
>>> game = SnakeSynapse()
>>> state = game.initial_state({"terrain": "classic", "snakes": [
...     {"id": "a", "colour": "red", "race": "breaker"},
...     {"id": "b", "colour": "blue", "race": "ghost"}]})
>>> orders = {"a": game.parse_orders(state, "a", {"path": "RRRRR"}),
...           "b": game.parse_orders(state, "b", {"path": "LLLLL"})}
>>> resolve(state, orders) == game.step(state, orders).state
True
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from samtempa.games.base import Outcome
from samtempa.games.snake._fast import CAUSE_NAMES, RACE_NAMES, FastOrders, FastState, FastTerrain
from samtempa.games.snake.orders import Order
from samtempa.games.snake.state import Cause, Death, Link, Portal, Snake, State, _new
from samtempa.games.snake.terrain import (
    DIR_INDEX,
    ClearCorpses,
    ClearCorpsesExceptLast,
    GrantShot,
    PathLength,
    Remove,
    Restore,
    SetDiggable,
    Terrain,
    Wrap,
)
from samtempa.games.snake.turn import resolve as engine_resolve

__all__ = ["FastOrders", "FastState", "compile_orders", "pack", "resolve", "unpack"]

_RACE_CODE = {name: i for i, name in enumerate(RACE_NAMES)}
_CAUSE_CODE = {name: i for i, name in enumerate(CAUSE_NAMES) if name is not None}
#: What a compiled order is (see :class:`FastOrders`).
CompiledOrder = (
    tuple[tuple[int, ...], int, int, int, int, int, int, tuple[tuple[int, int, int], ...]] | None
)


_TERRAINS: dict[int, tuple[Terrain, FastTerrain]] = {}

#: Op codes of ``_fast.apply_change``.
_OP_CODES = {
    Remove: 1,
    Restore: 2,
    SetDiggable: 3,
    Wrap: 4,
    ClearCorpses: 5,
    ClearCorpsesExceptLast: 6,
    PathLength: 7,
    GrantShot: 8,
}


def fast_terrain(terrain: Terrain) -> FastTerrain:
    """The terrain's changes (SS-7.3) as the fast path's program, built once per terrain."""
    known = _TERRAINS.get(id(terrain))
    if known is not None and known[0] is terrain:
        return known[1]
    program: list[int] = []
    offsets: dict[int, int] = {}
    tables: list[list[int]] = []
    wraps: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
    for deaths, ops in terrain.changes.items():
        offsets[deaths] = len(program)
        for op in ops:
            a, cells = 0, tuple[int, ...]()
            if isinstance(op, Remove | SetDiggable):
                a, cells = int(op.diggable), op.cells
            elif isinstance(op, Restore):
                cells = op.cells
            elif isinstance(op, ClearCorpses):
                cells = tuple(sorted(op.cells))
            elif isinstance(op, Wrap):
                a = len(tables)
                tables.append(terrain.neighbours(op.rows, op.columns))
                wraps.append((op.rows, op.columns))
            elif isinstance(op, ClearCorpsesExceptLast):
                a = op.keep
            elif isinstance(op, PathLength):
                a = op.value
            elif isinstance(op, GrantShot):
                a = op.max
            program += [_OP_CODES[type(op)], a, len(cells), *cells]
        program.append(0)
    compiled = FastTerrain(offsets, program, tables, wraps)
    _TERRAINS[id(terrain)] = (terrain, compiled)
    return compiled


def pack(state: State) -> FastState | None:
    """The state on compact arrays, or None where the fast path does not go."""
    if state.result is not None or state.queued or state.frame:
        return None
    if any(len(s.portal_links) > 32 or len(s.body) >= 250 for s in state.snakes):
        return None
    terrain = state.terrain
    if terrain.size > 256 or len(state.snakes) > 8 or state.path_length > 16:
        return None
    seats = {s.id: i for i, s in enumerate(state.snakes)}
    snakes = []
    for s in state.snakes:
        death = None
        if s.death is not None:
            d = s.death
            killer = -1 if d.by is None else seats[d.by]
            death = (d.number, d.turn, d.frame, _CAUSE_CODE[d.cause], killer)
        snakes.append(
            (
                _RACE_CODE[s.race],
                s.body,
                s.alive,
                s.removed,
                s.pending_growth,
                s.charges,
                s.ghost_turns_left,
                s.digging,
                death,
                tuple((link.index, seats[link.owner]) for link in s.portal_links),
            )
        )
    portals = tuple((seats[p.owner], p.slot, p.cell, p.dir, p.doomed) for p in state.portals)
    nb = tuple(terrain.neighbours(state.wrap_rows, state.wrap_columns))
    return FastState(
        fast_terrain(terrain),
        terrain.size,
        terrain.area,
        nb,
        bytes(state.grid),
        tuple(state.pending),
        tuple(snakes),
        state.turn,
        state.deaths,
        state.turns_without_death,
        state.path_length,
        portals,
    )


def compile_order(order: Order | None) -> CompiledOrder:
    """One order for :class:`FastOrders` (raises ValueError for a removal)."""
    if order is None:
        return None
    if order.removed:
        raise ValueError("removals are the engine's")
    trap = order.trap
    return (
        tuple(DIR_INDEX[d] for d in order.path),
        order.dash,
        int(order.breaker),
        trap.frame if trap is not None else 0,
        DIR_INDEX[trap.dir] if trap is not None else 0,
        order.dig or 0,
        int(order.ghost),
        tuple((shot.frame, shot.portal, DIR_INDEX[shot.dir]) for shot in order.shoot),
    )


def compile_orders(state: State, orders: Mapping[str, Order]) -> FastOrders | None:
    """Checked orders by seat, or None if one needs the engine (a removal)."""
    by_seat: list[CompiledOrder] = []
    for s in state.snakes:
        order = orders.get(s.id) if s.alive else None
        if order is not None and order.removed:
            return None
        by_seat.append(compile_order(order))
    return FastOrders(by_seat)


#: Causes by the fast path's codes (index 0: none).
_CAUSES = tuple(None if name is None else Cause(name) for name in CAUSE_NAMES)


def unpack(fast: FastState, like: State) -> State:
    """The fast position as an engine state; ``like`` gives what the fast path never changes
    (the terrain, ids, colours, races, removals) and the wrap sets it started from.

    The hot path of a search: snakes and death records that did not change are
    ``like``'s own objects, and tuples are built without the named tuples' ``__new__``.
    """
    ids = [s.id for s in like.snakes]
    snakes = []
    for seat, s in enumerate(like.snakes):
        body, alive, growth, charges, ghost, digging, death = fast.snake(seat)
        if not alive and not s.alive and body == s.body:
            snakes.append(s)  # a corpse (or a removed snake) the turn left alone
            continue
        record = s.death
        if death is not None and record is None:
            number, turn, frame, cause, killer = death
            record = _new(Death, (number, turn, frame, _CAUSES[cause], _id(ids, killer)))
        links = fast.links(seat)
        snakes.append(
            _new(
                Snake,
                (
                    s.id,
                    s.colour,
                    s.race,
                    body,
                    alive,
                    s.removed,
                    growth,
                    charges,
                    ghost,
                    digging,
                    tuple([Link(index, ids[owner]) for index, owner in links]) if links else (),
                    record,
                ),
            )
        )
    result = fast.result
    outcome = None
    if result is not None:
        _, seats = result
        if isinstance(seats, int):
            outcome = Outcome(ids[seats])
        else:
            outcome = Outcome(None, tuple(ids[i] for i in seats))
    wrap = fast.wrap
    rows, columns = (like.wrap_rows, like.wrap_columns) if wrap is None else wrap
    portals = fast.portals()
    return _new(
        State,
        (
            like.terrain,
            fast.turn,
            0,
            fast.deaths,
            fast.turns_without_death,
            fast.path_length,
            rows,
            columns,
            fast.grid(),
            tuple(snakes),
            tuple(
                [
                    _new(Portal, (ids[owner], slot, cell, d, doomed))
                    for owner, slot, cell, d, doomed in portals
                ]
            )
            if portals
            else (),
            fast.pending(),
            fast.queued(),
            outcome,
        ),
    )


def _id(ids: Sequence[str], seat: int) -> str | None:
    return None if seat < 0 else ids[seat]


def resolve(state: State, orders: Mapping[str, Order]) -> State:
    """The state after a turn of checked orders: the fast path where it goes, else the engine."""
    fast = pack(state)
    compiled = compile_orders(state, orders) if fast is not None else None
    after = fast.after(compiled) if fast is not None and compiled is not None else None
    if after is None:
        return engine_resolve(state, orders).state
    return unpack(after, state)
