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
from samtempa.games.snake import changes, growth
from samtempa.games.snake.board import Board
from samtempa.games.snake.powers import digger, ghost, shooter, trapper
from samtempa.games.snake.report import FrameReport, Move
from samtempa.games.snake.schedule import Plan
from samtempa.games.snake.state import Cause, Death

Dying = dict[int, tuple[Cause, str | None]]


class Frame:
    """What one frame has found so far, by seat (filled in by the steps)."""

    __slots__ = (
        "blocked",
        "dying",
        "head_on",
        "movers",
        "number",
        "plan",
        "portal",
        "report",
        "steps",
        "target_wall",
        "targets",
    )

    def __init__(self, plan: Plan, number: int, seats: int, settling: bool = False) -> None:
        self.plan = plan
        self.number = number
        self.report = FrameReport(number, settling)
        #: Seats making a step this frame, in seat order (SS-5.2).
        self.movers: list[int] = []
        #: The step number k each seat makes in this frame (0: immobile).
        self.steps = [0] * seats
        self.targets = [-1] * seats
        #: The owner of the portal pair each mover goes through, if any.
        self.portal: list[str | None] = [None] * seats
        #: For Diggers: whether the target was a wall when the move was judged.
        self.target_wall = [False] * seats
        #: Blocked movers (SS-5.5), in the order found.
        self.blocked: dict[int, None] = {}
        self.head_on: set[int] = set()
        #: Seats dying this frame with cause and killer (steps 3, 4, 6).
        self.dying: Dying = {}


# --- step 1 ---------------------------------------------------------------------------


def terrain_change(board: Board, fr: Frame) -> None:
    """Step 1 (SS-7.2): the oldest queued change, then the portal check (SS-13.5)."""
    if board.queued:
        changes.apply_change(board, board.queued.pop(0), fr.report)
        digger.stop_outside_walls(board, fr.report)
    shooter.check_portals(board, fr.report)


# --- step 2 ---------------------------------------------------------------------------


def movers_and_targets(board: Board, fr: Frame) -> None:
    """Step 2 (SS-5.2): who steps (SS-4.2) and where: portal, else neighbour, then ladder."""
    plan, terrain, nb = fr.plan, board.terrain, board.nb
    portals = bool(board.portals)
    for seat, snake in enumerate(board.snakes):
        if not snake.alive:
            continue
        k = plan.step_in(seat, fr.number)
        if not k:
            continue
        fr.movers.append(seat)
        fr.steps[seat] = k
        head = snake.body[0]
        d = plan.dirs[seat][k - 1]
        through = shooter.teleport(board, head, d) if portals else None
        if through is not None:
            target, fr.portal[seat] = through
        else:
            target = nb[head * 4 + d]
        if target >= 0 and board.is_ladder(target):
            target = terrain.other_floor(target)
        fr.targets[seat] = target


# --- step 3 ---------------------------------------------------------------------------


def _vacates_tail(body: tuple[int, ...], pending_growth: int) -> bool:
    """SS-5.4: a moving snake frees its tail cell unless it grows or the tail is stacked."""
    return pending_growth == 0 and body.count(body[-1]) == 1


def blocking(board: Board, fr: Frame) -> None:
    """Step 3 (SS-5.5, SS-13.1): the blocked movers, as a fixpoint, then cause and killer.

    A mover is blocked by (1) a cell another snake keeps (neither a ghost),
    (2) a cell it keeps itself (not a ghost), (3) a wall it may not dig.
    Only tails are in doubt: a mover's tail is freed unless that mover is
    blocked, so blocking spreads backwards along followers until it stops.
    """
    snakes = fr_snakes = board.snakes
    movers = fr.movers
    if not movers:
        return
    moving = [False] * len(snakes)
    vacates = [False] * len(snakes)
    for m in movers:
        moving[m] = True
        s = snakes[m]
        vacates[m] = _vacates_tail(s.body, s.pending_growth)
    firm: dict[int, int | None] = {}  # mover -> killer found on a kept cell (None: none)
    soft: dict[int, list[int]] = {}  # mover -> movers whose freed tail it enters
    self_hit: set[int] = set()
    wall: set[int] = set()
    for m in movers:
        t = fr.targets[m]
        me = snakes[m]
        if t >= 0 and not me.ghost_turns_left:
            for i, s in enumerate(fr_snakes):
                if not s.alive or t not in s.body:
                    continue
                if i == m:
                    if not (vacates[m] and t == s.body[-1]):
                        self_hit.add(m)  # counted as moving (SS-13.1)
                elif s.ghost_turns_left:
                    continue
                elif moving[i] and vacates[i] and t == s.body[-1]:
                    soft.setdefault(m, []).append(i)
                elif m not in firm:
                    firm[m] = i
        if board.is_wall(t):
            fr.target_wall[m] = True
            if not (
                digger.allowed_to_dig(me, fr.plan.orders[m], fr.steps[m]) and board.is_diggable(t)
            ):
                wall.add(m)
    blocked = fr.blocked
    for m in movers:
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


# --- step 4 ---------------------------------------------------------------------------


def head_on(board: Board, fr: Frame) -> None:
    """Step 4 (SS-5.6): unblocked movers, none a ghost, sharing a target all die there."""
    by_target: dict[int, list[int]] = {}
    for m in fr.movers:
        if m not in fr.blocked and not board.snakes[m].ghost_turns_left:
            by_target.setdefault(fr.targets[m], []).append(m)
    for seats in by_target.values():
        if len(seats) > 1:
            for m in seats:
                fr.head_on.add(m)
                fr.dying[m] = (Cause.HEAD_ON, None)


# --- step 5 ---------------------------------------------------------------------------


def move(board: Board, fr: Frame) -> None:
    """Step 5 (SS-5.7): unblocked movers (head-on ones too) step; growth keeps the tail."""
    snakes = board.snakes
    for m in fr.movers:
        if m in fr.blocked:
            continue
        s = snakes[m]
        t = fr.targets[m]
        if s.pending_growth:
            body = (t, *s.body)
            pending = s.pending_growth - 1
        else:
            body = (t, *s.body[:-1])
            pending = 0
        owner = fr.portal[m]
        links = s.portal_links
        if links or owner is not None:
            links = shooter.advance_links(links, len(body), owner)
        dig = s.digging
        if s.race == "digger":
            # SS-8.4: digging after the move iff allowed to dig and the target was a wall.
            dig = fr.target_wall[m] and digger.allowed_to_dig(s, fr.plan.orders[m], fr.steps[m])
        snakes[m] = s._replace(body=body, pending_growth=pending, portal_links=links, digging=dig)
        fr.report.moves.append(Move(s.id, s.body[0], t, owner, dig))


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
    changes.settle_pending(board, fr.report)
    shooter.check_portals(board, fr.report)


# --- step 11 --------------------------------------------------------------------------


def game_end(board: Board, fr: Frame) -> None:
    """Step 11 (SS-10.1): one snake alive wins; none alive: this frame's dead share a draw."""
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


def run_frame(board: Board, fr: Frame) -> None:
    """Play one frame: every step of SS-5.1 in order."""
    board.frame = fr.number
    for _, step in STEPS:
        step(board, fr)
