"""The path preview's body warnings: steps that certainly run into a body (SS-5.4, SS-5.5).

:func:`topology.guide` says where each step leads and which cells are walls; this adds,
for every living snake and every path it could type, the steps that enter a cell a body
will certainly still hold at that step, whatever the other snakes order: its own body
(SS-5.5 case 2) and the segments of the others that cannot have moved away by then
(case 1; a corpse left there is a wall, SS-5.3). The preview shows them; it derives none.

Certain means: the snake, playing that path without a power, dies at that step at the
latest, unless the game is over before it (SS-10.1) or a snake is removed (SS-9.1: a
removal order takes a body off the board; no warning counts on that). Reasoning, in
the snake's own step numbers k (SS-3.1):

- By the frame of its step k, another snake has made at most k + N steps, N being the
  largest dash it could still order (SS-4.2, SS-8.2); its tail leaves one entry per step
  beyond its pending growth (SS-5.7, SS-6.5: growth won during the turn only keeps more),
  so the first ``length - max(0, k + N - pending_growth)`` entries of its body are still
  there, alive or as its corpse (SS-5.8). Ghosts, and snakes that could become one this
  turn, are left out (SS-8.5).
- Its own body at step k is known from the path typed: the earlier steps' cells and
  what is left of its body, less the tail cell it vacates (SS-5.4, SS-13.1).
- What could change where a step leads or clear a corpse — a terrain change after a
  death (a wrap, corpse clearing: SS-7.3), a portal, a shot (SS-8.6) — can only act from
  frame 2 on; when one is possible, only a first step certainly made in frame 1 is judged.
- A ghost, or a Digger already digging (SS-8.4), gets no body warning.
"""

from __future__ import annotations

from samtempa.games.snake.state import Race, Snake, State
from samtempa.games.snake.terrain import DIRS, ClearCorpses, ClearCorpsesExceptLast, Wrap

#: ``{snake id: {path typed so far: {direction: owner of the body it runs into}}}``.
Warnings = dict[str, dict[str, dict[str, str]]]


def body_warnings(state: State, table: list[int], walls: frozenset[int]) -> Warnings:
    """Every living snake's certain body collisions, by path prefix (engine letters).

    ``table[cell * 4 + d]`` is where a step leads now (:func:`topology.target`, -1 off
    the edge) and ``walls`` :func:`topology.wall_cells`.
    """
    if state.result is not None:
        return {}
    living = [s for s in state.snakes if s.alive and s.body]
    ops = [op for n in state.queued for op in state.terrain.changes.get(n, ())]
    for n in range(state.deaths + 1, state.deaths + len(living) + 1):
        ops.extend(state.terrain.changes.get(n, ()))
    shifting = (
        bool(state.portals)
        or any(isinstance(op, Wrap) for op in ops)
        or any(s.race == Race.SHOOTER for s in living)
    )
    clearing = any(isinstance(op, (ClearCorpses, ClearCorpsesExceptLast)) for op in ops)
    out: Warnings = {}
    for me in living:
        if me.ghost_turns_left > 0 or me.digging:
            continue
        others = [o for o in living if o.id != me.id and not _may_be_ghost(o)]
        dash = max((_dash(o) for o in living if o.id != me.id), default=0)
        # Only a step made for certain in frame 1 comes before any change (SS-7.2, SS-8.6).
        first_only = bool(state.queued) or dash > 0
        judged = [k == 1 and not first_only for k in range(state.path_length + 1)]
        own_ok = [not shifting or j for j in judged]
        others_ok = [ok and (not clearing or j) for ok, j in zip(own_ok, judged, strict=True)]
        held = {
            o.id: [_still_there(o, k, state.path_length) for k in range(state.path_length + 1)]
            for o in others
        }
        found: dict[str, dict[str, str]] = {}
        _walk(me, table, walls, held, own_ok, others_ok, state.path_length, found)
        out[me.id] = found
    return out


def _walk(
    me: Snake,
    table: list[int],
    walls: frozenset[int],
    held: dict[str, list[frozenset[int]]],
    own_ok: list[bool],
    others_ok: list[bool],
    length: int,
    found: dict[str, dict[str, str]],
) -> None:
    """Every path prefix from ``me``'s head, depth first; a warned or walled step ends it."""
    stack: list[tuple[str, tuple[int, ...], int]] = [("", me.body, me.pending_growth)]
    while stack:
        prefix, body, growth = stack.pop()
        k = len(prefix) + 1
        tail = body[-1]
        stays = set(body)
        if growth == 0 and body.count(tail) == 1:
            stays.discard(tail)  # SS-5.4: an unblocked mover vacates a single tail
        for d, letter in enumerate(DIRS):
            to = table[body[0] * 4 + d]
            if to < 0:
                continue  # the edge: the guide's walls say so already
            owner = None
            if others_ok[k]:
                owner = next((oid for oid, cells in held.items() if to in cells[k]), None)
            if owner is None and own_ok[k] and to in stays:
                owner = me.id
            if owner is not None:
                found.setdefault(prefix, {})[letter] = owner
                continue
            if to in walls or k >= length:
                continue
            moved = (to, *body) if growth else (to, *body[:-1])
            stack.append((prefix + letter, moved, growth - 1 if growth else 0))


def _still_there(snake: Snake, k: int, length: int) -> frozenset[int]:
    """The cells of ``snake``'s body still held at another snake's step k (SS-5.7)."""
    steps = min(length, k + _dash(snake))  # at most: a Breaker may still walk its path
    kept = len(snake.body) - max(0, steps - snake.pending_growth)
    return frozenset(snake.body[: max(0, kept)])


def _dash(snake: Snake) -> int:
    """The largest dash the snake could still order this turn (SS-8.2)."""
    return min(2, snake.charges) if snake.race == Race.DASHER else 0


def _may_be_ghost(snake: Snake) -> bool:
    """A ghost, or a snake that could become one with this turn's orders (SS-8.5)."""
    return snake.ghost_turns_left > 0 or (snake.race == Race.GHOST and snake.charges > 0)
