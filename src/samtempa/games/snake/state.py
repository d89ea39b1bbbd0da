"""The Snake Synapse state between turns (and after each frame): immutable values.

Everything is a tuple or a named tuple of ints and strings, so a state can be
shared, hashed and kept as a frame of an animation at no cost; the working
copy a turn mutates is :class:`~samtempa.games.snake.board.Board`. Cells are
the ints of :mod:`.terrain`; the canonical JSON of SS-11 is in :mod:`.codec`.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import NamedTuple

from samtempa.games.base import Outcome
from samtempa.games.snake.terrain import TRAP, Terrain

#: ``tuple.__new__``: builds a named tuple from a tuple without the Python-level ``__new__``.
_new = tuple.__new__


class Race(StrEnum):
    """The six races (SS-2.2); the value is the JSON name."""

    BREAKER = "breaker"
    DASHER = "dasher"
    TRAPPER = "trapper"
    DIGGER = "digger"
    GHOST = "ghost"
    SHOOTER = "shooter"


#: The snakes' ids by seat (SS-2.5 names snakes freely; pages, the terminal and
#: the learning environments seat them in this order, so seat 6 is cyan everywhere).
COLOURS: tuple[str, ...] = ("red", "blue", "green", "yellow", "purple", "cyan", "orange", "pink")

#: Charges at the start of a game (SS-2.2).
CHARGES: dict[str, int] = {
    Race.BREAKER: 1,
    Race.DASHER: 2,
    Race.TRAPPER: 1,
    Race.DIGGER: 1,
    Race.GHOST: 1,
    Race.SHOOTER: 3,
}


class Cause(StrEnum):
    """Why a snake died (SS-5.8)."""

    BODY = "body"  # SS-5.5 case 1: entered a cell another snake keeps
    SELF = "self"  # SS-5.5 case 2, or a ghost expiring on its own body
    WALL = "wall"  # SS-5.5 case 3
    HEAD_ON = "head-on"  # SS-5.6
    GHOST = "ghost"  # SS-8.5, a ghost expiring on another snake (both die)


class Death(NamedTuple):
    """The death record of SS-5.8: ``by`` is the killer's id or None."""

    number: int
    turn: int
    frame: int
    cause: Cause
    by: str | None


@dataclass(frozen=True, slots=True)
class Link:
    """``body[index]`` came out of ``owner``'s portal pair, ``body[index + 1]`` went in (SS-8.6)."""

    index: int
    owner: str


class Portal(NamedTuple):
    """A portal on the face between ``cell`` and its neighbour in ``dir`` (SS-8.6)."""

    owner: str
    slot: int
    cell: int
    dir: int
    doomed: bool


class Snake(NamedTuple):
    """One seat's snake (SS-2.3, SS-11). A dead snake's body is its corpse."""

    id: str
    colour: str
    race: Race
    body: tuple[int, ...]
    alive: bool = True
    removed: bool = False
    pending_growth: int = 0
    charges: int = 0
    ghost_turns_left: int = 0
    digging: bool = False
    portal_links: tuple[Link, ...] = ()
    death: Death | None = None

    @property
    def length(self) -> int:
        return len(self.body)

    def moved(
        self, body: tuple[int, ...], pending: int, links: tuple[Link, ...], digging: bool
    ) -> Snake:
        """This snake after a step (SS-5.7): the hot path, three times faster than
        ``_replace`` (positions follow the field order above)."""
        return _new(
            Snake,
            (self[0], self[1], self[2], body, self[4], self[5], pending, self[7], self[8],
             digging, links, self[11]),
        )  # fmt: skip

    @property
    def head(self) -> int:
        return self.body[0]

    @property
    def target_length(self) -> int:
        """Length plus pending growth (SS-2.3): what growth and the cap look at."""
        return len(self.body) + self.pending_growth

    @property
    def is_ghost(self) -> bool:
        return self.ghost_turns_left > 0

    @property
    def is_corpse(self) -> bool:
        return not self.alive and bool(self.body)


class State(NamedTuple):
    """A whole game position (SS-11). ``frame`` is 0 between turns.

    ``pending`` holds the pending deletions of SS-7.4 as ``(cell, diggable)``
    in cell order; ``queued`` the death numbers whose terrain change waits.
    Traps are the ``T`` cells of ``grid`` (SS-8.3: nothing ever removes one).
    """

    terrain: Terrain
    turn: int
    frame: int
    deaths: int
    turns_without_death: int
    path_length: int
    wrap_rows: tuple[int, ...]
    wrap_columns: tuple[int, ...]
    grid: bytes
    snakes: tuple[Snake, ...]
    portals: tuple[Portal, ...] = ()
    pending: tuple[tuple[int, bool], ...] = ()
    queued: tuple[int, ...] = ()
    result: Outcome | None = None

    @property
    def traps(self) -> list[int]:
        return trap_cells(self.grid)

    def snake(self, snake_id: str) -> Snake:
        for s in self.snakes:
            if s.id == snake_id:
                return s
        raise KeyError(snake_id)

    def seat(self, snake_id: str) -> int:
        for i, s in enumerate(self.snakes):
            if s.id == snake_id:
                return i
        raise KeyError(snake_id)

    @property
    def alive(self) -> list[Snake]:
        return [s for s in self.snakes if s.alive]

    def corpse_cells(self) -> set[int]:
        return {c for s in self.snakes if not s.alive for c in s.body}


def trap_cells(grid: bytes | bytearray) -> list[int]:
    """The ``T`` cells of a grid, in reading order (SS-11 ``traps``)."""
    if TRAP not in grid:
        return []
    return [c for c, ch in enumerate(grid) if ch == TRAP]
