"""Shooter (SS-8.6): where a head goes (teleport) and the portals added by shots.

A portal stands on a face (its front ``cell``, ``dir`` towards a wall or the
edge). Heads stepping into a face whose pair is complete come out on the
partner's cell (frame step 2); shots place portals at step 9; portals are
checked at steps 1 and 10. "In use" is tracked by the snakes' ``portal_links``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from samtempa.games.snake.orders import Shot
from samtempa.games.snake.report import FrameReport, PortalEvent, ShotEvent
from samtempa.games.snake.state import Link, Portal, Race
from samtempa.games.snake.terrain import DIR_INDEX, WALL_CHARS

if TYPE_CHECKING:
    from samtempa.games.snake.board import Board
    from samtempa.games.snake.frame_state import Frame


def portal_on_face(board: Board, cell: int, d: int) -> Portal | None:
    """The portal a head on ``cell`` stepping ``d`` uses: the one not doomed, else the
    first by owner's seat (SS-8.6, SS-13.8)."""
    found = None
    for p in board.portals:
        if p.cell == cell and p.dir == d:
            if not p.doomed:
                return p
            if found is None:
                found = p
    return found


def teleport(board: Board, head: int, d: int) -> tuple[int, str] | None:
    """SS-5.2 (a): the partner's cell and the pair's owner, if the pair is complete."""
    p = portal_on_face(board, head, d)
    if p is None:
        return None
    for q in board.portals:
        if q.owner == p.owner and q.slot != p.slot:
            return q.cell, p.owner
    return None  # a lone portal: an ordinary step (SS-8.6)


def advance_links(links: tuple[Link, ...], length: int, owner: str | None) -> tuple[Link, ...]:
    """SS-8.6 "in use": every index rises by 1, a new link 0 for a head that went through,
    and links whose last segment has come through (index + 1 ≥ length) are dropped."""
    out = [Link(0, owner)] if owner is not None and length > 1 else []
    out += [Link(link.index + 1, link.owner) for link in links if link.index + 2 < length]
    return tuple(out)


def pair_in_use(board: Board, owner: str) -> bool:
    """A pair is in use while a living snake holds a link to it (decision)."""
    return any(
        s.alive and any(link.owner == owner for link in s.portal_links) for s in board.snakes
    )


def _front_walled(board: Board, p: Portal) -> bool:
    return board.grid[p.cell] in WALL_CHARS or p.cell in board.corpse_cells()


def _behind_open(board: Board, p: Portal) -> bool:
    behind = board.nb[p.cell * 4 + p.dir]
    return behind >= 0 and not board.is_wall(behind)  # the edge stays a wall


def check_portals(board: Board, report: FrameReport) -> None:
    """Frame steps 1 and 10 (SS-8.6, SS-13.5): doom portals whose face broke, then remove
    the doomed ones whose pair is not in use."""
    if not board.portals:
        return
    for i, p in enumerate(board.portals):
        if not p.doomed and (_behind_open(board, p) or _front_walled(board, p)):
            board.portals[i] = p._replace(doomed=True)
            report.events.append(PortalEvent(board.portals[i], "doomed"))
    _remove_free_doomed(board, report)


def _remove_free_doomed(board: Board, report: FrameReport) -> None:
    if not any(p.doomed for p in board.portals):
        return
    in_use = {p.owner: pair_in_use(board, p.owner) for p in board.portals if p.doomed}
    kept = []
    for p in board.portals:
        if p.doomed and not in_use[p.owner]:
            report.events.append(PortalEvent(p, "removed"))
        else:
            kept.append(p)
    board.portals[:] = kept


def doom_portals_of(board: Board, owner: str) -> None:
    """SS-9.1: a removed shooter's portals become doomed (removed at the next check)."""
    for i, p in enumerate(board.portals):
        if p.owner == owner and not p.doomed:
            board.portals[i] = p._replace(doomed=True)


def ray(board: Board, head: int, d: int) -> int | None:
    """The front cell a shot from ``head`` towards ``d`` finds, or None if it comes back.

    The ray crosses living snakes, ladders and pending deletions, follows
    wrap, and stops before the edge, ``#``, ``X``, ``T`` or a corpse cell
    (SS-8.6, SS-13.4).
    """
    nb = board.nb
    cell = head
    while True:
        nxt = nb[cell * 4 + d]
        if board.stops_ray(nxt):
            return cell
        if nxt == head:
            return None
        cell = nxt


def fire_shots(board: Board, fr: Frame) -> None:
    """Frame step 9, in seat order: each living shooter's shot for its step of this frame."""
    if fr.number not in fr.plan.power_frames:
        return
    for seat in fr.movers:
        order = fr.plan.orders[seat]
        if order is None or not order.shoot:
            continue
        snake = board.snakes[seat]
        if not snake.alive or snake.race != Race.SHOOTER:
            continue
        for shot in order.shoot:
            if shot.frame == fr.steps[seat]:
                _fire(board, seat, shot, fr.report)


def _fire(board: Board, seat: int, shot: Shot, report: FrameReport) -> None:
    snake = board.snakes[seat]
    d = DIR_INDEX[shot.dir]
    cell = ray(board, snake.body[0], d)
    if cell is None:
        report.events.append(ShotEvent(snake.id, shot.portal, d, "lost"))
        return
    if pair_in_use(board, snake.id):
        report.events.append(ShotEvent(snake.id, shot.portal, d, "in-use", cell))
        return
    kept = []
    for p in board.portals:
        if p.owner == snake.id and p.slot == shot.portal:
            report.events.append(PortalEvent(p, "removed"))  # re-shooting moves the portal
        elif p.cell == cell and p.dir == d:
            if pair_in_use(board, p.owner):  # destroyed: doomed if in use, removed otherwise
                doomed = p._replace(doomed=True)
                kept.append(doomed)
                report.events.append(PortalEvent(doomed, "doomed"))
            else:
                report.events.append(PortalEvent(p, "removed"))
        else:
            kept.append(p)
    kept.append(Portal(snake.id, shot.portal, cell, d, False))
    seats = {s.id: i for i, s in enumerate(board.snakes)}
    kept.sort(key=lambda p: (seats[p.owner], p.slot))
    board.portals[:] = kept
    report.events.append(ShotEvent(snake.id, shot.portal, d, "placed", cell))
