"""One frame (SS-5.1): an ordered list of named steps over the board.

As in Battlesnake's staged rulesets, every step is a function of the board
and the frame being played, and :data:`STEPS` lists them in the rules'
order. Collisions are all found first (steps 2-4, 6) against the same
position and applied together (steps 5, 7), so the seat order only ever
numbers the deaths of one frame. Powers change the inputs of these steps
(:mod:`.powers`): who moves, where a head goes, what is a wall, who collides.
"""

from __future__ import annotations

from collections.abc import Callable

from samtempa.games.base import Outcome
from samtempa.games.snake import changes, growth, topology
from samtempa.games.snake.board import Board
from samtempa.games.snake.frame_state import Frame
from samtempa.games.snake.powers import digger, ghost, shooter, trapper
from samtempa.games.snake.report import Teleport
from samtempa.games.snake.schedule import Plan
from samtempa.games.snake.state import Cause, Death, Race, Snake
from samtempa.games.snake.terrain import WALL_CHARS

_DIGGER = Race.DIGGER  # enum attribute lookups are slow on the hot path


# --- step 1 ---------------------------------------------------------------------------


def terrain_change(board: Board, fr: Frame) -> None:
    """Step 1 (SS-7.2): the oldest queued change, then the portal check (SS-13.5)."""
    if board.queued:
        changes.apply_change(board, board.queued.pop(0), fr.report)
        digger.stop_outside_walls(board, fr.report)
    if board.portals:
        shooter.check_portals(board, fr.report)


# --- step 2 ---------------------------------------------------------------------------


def movers_and_targets(board: Board, fr: Frame) -> None:
    """Step 2 (SS-5.2): who steps (SS-4.2) and where: portal, else neighbour, then ladder."""
    plan, number = fr.plan, fr.number
    if number > plan.movement_frames:
        return  # a settling frame: nobody moves (SS-4.3)
    last, offsets, dirs = plan.path_length, plan.offsets, plan.dirs
    snakes = board.snakes
    movers, steps, targets = fr.movers, fr.steps, fr.targets
    for seat in plan.active:
        k = number - offsets[seat]
        if not 1 <= k <= last:
            continue
        snake = snakes[seat]
        if not snake.alive:
            continue
        movers.append(seat)
        steps[seat] = k
        cell, owner = topology.target(board, snake.body[0], dirs[seat][k - 1])
        if owner is not None:
            fr.portal[seat] = owner
        targets[seat] = cell


# --- step 3 ---------------------------------------------------------------------------


def blocking(board: Board, fr: Frame) -> None:
    """Step 3 (SS-5.5, SS-13.1): the blocked movers, as a fixpoint, then cause and killer.

    A mover is blocked by (1) a cell another snake keeps (neither a ghost),
    (2) a cell it keeps itself (not a ghost), (3) a wall it may not dig.
    Only tails are in doubt: a mover's tail is freed (SS-5.4) unless that
    mover is blocked, so blocking spreads backwards along followers until it
    stops. Cause and killer are read on the final blocked set.
    """
    movers = fr.movers
    if not movers:
        return
    snakes, targets = board.snakes, fr.targets
    grid, pending, corpses = board.grid, board.pending, board.corpse_cells()
    living: set[int] = set()
    for s in snakes:
        if s.alive:
            living.update(s.body)
    # Most targets are free open cells: only the others need a closer look.
    suspects = []
    for m in movers:
        t = targets[m]
        if t < 0 or grid[t] in WALL_CHARS or t in pending or t in corpses:  # SS-5.3
            fr.target_wall.add(m)
            suspects.append(m)
        elif t in living:
            suspects.append(m)
    if not suspects:
        return
    firm: dict[int, int] = {}  # mover -> the snake keeping its target (condition 1)
    soft: dict[int, list[int]] = {}  # mover -> movers whose freed tail it enters
    self_hit: set[int] = set()  # condition 2
    wall: set[int] = set()  # condition 3
    for m in suspects:
        t = targets[m]
        me = snakes[m]
        if t in living and not me.ghost_turns_left:
            for i, s in enumerate(snakes):
                if not s.alive or t not in s.body:
                    continue
                if i == m:
                    if not (t == s.body[-1] and _vacates_tail(s)):
                        self_hit.add(m)  # the mover counts as moving (SS-13.1)
                elif s.ghost_turns_left:
                    continue
                elif t == s.body[-1] and i in targets and _vacates_tail(s):
                    soft.setdefault(m, []).append(i)
                elif m not in firm:
                    firm[m] = i
        if m in fr.target_wall and not (
            digger.allowed_to_dig(me, fr.plan.orders[m], fr.steps[m]) and board.is_diggable(t)
        ):
            wall.add(m)
    blocked = fr.blocked
    for m in suspects:
        if m in firm or m in self_hit or m in wall:
            blocked[m] = None
    changed = bool(blocked) and bool(soft)
    while changed:
        changed = False
        for m, tails in soft.items():
            if m not in blocked and any(i in blocked for i in tails):
                blocked[m] = None
                changed = True
    for m in sorted(blocked):
        killer = firm.get(m)
        if killer is None:
            killer = next((i for i in soft.get(m, ()) if i in blocked), None)
        if killer is not None:
            fr.dying[m] = (Cause.BODY, snakes[killer].id)
        elif m in self_hit:
            fr.dying[m] = (Cause.SELF, None)
        else:
            fr.dying[m] = (Cause.WALL, None)
        fr.report.blocked.append(snakes[m].id)


def _vacates_tail(s: Snake) -> bool:
    """SS-5.4: a moving snake frees its tail cell unless it grows or the tail is stacked;
    a one-cell body's tail is its head, whose cell always stays occupied."""
    body = s.body
    return s.pending_growth == 0 and body.count(body[-1]) == 1 and len(body) > 1


# --- step 4 ---------------------------------------------------------------------------


def head_on(board: Board, fr: Frame) -> None:
    """Step 4 (SS-5.6): unblocked movers, none a ghost, sharing a target all die there."""
    by_target: dict[int, list[int]] = {}
    shared = False
    for m in fr.movers:
        if m not in fr.blocked and not board.snakes[m].ghost_turns_left:
            t = fr.targets[m]
            if t in by_target:
                shared = True
                by_target[t].append(m)
            else:
                by_target[t] = [m]
    if not shared:
        return
    for seats in by_target.values():
        if len(seats) > 1:
            for m in seats:
                fr.dying[m] = (Cause.HEAD_ON, None)


# --- step 5 ---------------------------------------------------------------------------


def move(board: Board, fr: Frame) -> None:
    """Step 5 (SS-5.7): unblocked movers (head-on ones too) step; growth keeps the tail."""
    snakes, blocked, targets, portal = board.snakes, fr.blocked, fr.targets, fr.portal
    for m in fr.movers:
        if m in blocked:
            continue
        s = snakes[m]
        t = targets[m]
        pending = s.pending_growth
        if pending:
            body = (t,) + s.body  # noqa: RUF005 - concatenation is the fastest here
            pending -= 1
        else:
            body = (t,) + s.body[:-1]  # noqa: RUF005
        owner = portal.get(m) if portal else None
        links = s.portal_links
        if owner is not None:
            fr.report.events.append(Teleport(s.id, s.body[0], t, owner))
            links = shooter.advance_links(links, len(body), owner)
        elif links:
            links = shooter.advance_links(links, len(body), None)
        dig = s.digging
        if s.race is _DIGGER:
            # SS-8.4: digging after the move iff allowed to dig and the target was a wall.
            dig = m in fr.target_wall and digger.allowed_to_dig(s, fr.plan.orders[m], fr.steps[m])
        snakes[m] = s.moved(body, pending, links, dig)


# --- step 6: ghost expiry, :func:`.powers.ghost.expire_ghosts` -------------------------


# --- step 7 ---------------------------------------------------------------------------


def deaths_and_growth(board: Board, fr: Frame) -> None:
    """Step 7: deaths numbered in seat order (SS-5.8), changes queued (SS-7.1), growth (SS-6.1)."""
    if not fr.dying:
        return
    killers: list[str | None] = []
    for seat in sorted(fr.dying):
        cause, by = fr.dying[seat]
        board.deaths += 1
        death = Death(board.deaths, board.turn, fr.number, cause, by)
        s = board.snakes[seat]
        board.snakes[seat] = s._replace(
            alive=False,
            pending_growth=0,
            ghost_turns_left=0,
            digging=False,
            portal_links=(),
            death=death,
        )
        fr.report.deaths.append((s.id, death))
        killers.append(by)
        if board.deaths in board.terrain.changes:
            board.queued.append(board.deaths)
    board.corpses_changed()
    fr.report.growth = growth.frame_growth(board, killers)


# --- steps 8, 9: :func:`.powers.trapper.place_traps`, :func:`.powers.shooter.fire_shots` --


# --- step 10 --------------------------------------------------------------------------


def settle(board: Board, fr: Frame) -> None:
    """Step 10: pending deletions with nothing left on them settle (SS-7.4), portals checked."""
    if board.pending:
        changes.settle_pending(board, fr.report)
    if board.portals:
        shooter.check_portals(board, fr.report)


# --- step 11 --------------------------------------------------------------------------


def game_end(board: Board, fr: Frame) -> None:
    """Step 11 (SS-10.1): one snake alive wins; none alive: this frame's dead share a draw."""
    if not fr.dying:
        return  # nobody died: still two or more alive
    check_end(board, [board.snakes[i].id for i in sorted(fr.dying)])


def check_end(board: Board, last_gone: list[str]) -> None:
    """SS-10.1, also run after the removals of a turn (``last_gone``: the removed)."""
    alive = [s.id for s in board.snakes if s.alive]
    if len(alive) == 1:
        board.result = Outcome(alive[0])
    elif not alive:
        board.result = Outcome(None, tuple(last_gone))


Step = Callable[[Board, Frame], None]

#: The steps of SS-5.1, in order, by name.
STEPS: tuple[tuple[str, Step], ...] = (
    ("terrain change", terrain_change),
    ("movers and targets", movers_and_targets),
    ("blocking", blocking),
    ("head-on", head_on),
    ("move", move),
    ("ghost expiry", ghost.expire_ghosts),
    ("deaths and growth", deaths_and_growth),
    ("traps", trapper.place_traps),
    ("shots", shooter.fire_shots),
    ("settle", settle),
    ("game end", game_end),
)


#: Steps that only act on the frames of a power's step (:attr:`.schedule.Plan.power_frames`).
_POWER_STEPS = (ghost.expire_ghosts, trapper.place_traps, shooter.fire_shots)
_ALL_STEPS = tuple(step for _, step in STEPS)
_PLAIN_STEPS = tuple(step for step in _ALL_STEPS if step not in _POWER_STEPS)


def steps_for(plan: Plan) -> tuple[Step, ...]:
    """The steps a turn runs in each frame: all of SS-5.1, less the power steps when no
    trap, shot or ghost expiry is due this turn (they would find nothing to do)."""
    return _ALL_STEPS if plan.power_frames else _PLAIN_STEPS


def run_frame(board: Board, fr: Frame, steps: tuple[Step, ...] = _ALL_STEPS) -> bool:
    """Play one frame: the steps of SS-5.1 in order. True when the game has ended."""
    board.frame = fr.number
    for step in steps:
        step(board, fr)
    return board.result is not None
