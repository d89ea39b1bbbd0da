"""What happened in a turn, frame by frame: data for renderers and the terminal.

Deaths are data (``Death`` with cause and killer, as Battlesnake's
eliminations); every event names the frame it belongs to through the
:class:`FrameReport` that holds it. Cells are ints; :meth:`TurnReport.describe`
puts everything into short English sentences with cell names.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from samtempa.games.base import Outcome
from samtempa.games.snake.state import Death, Portal
from samtempa.games.snake.terrain import DIRS, Terrain


class Teleport(NamedTuple):
    """A head that went through ``owner``'s portal pair from ``source`` to ``target`` (SS-8.6)."""

    snake: str
    source: int
    target: int
    owner: str


class TrapEvent(NamedTuple):
    """A trap order carried out (SS-8.3): ``cell`` is None when nothing happened."""

    snake: str
    cell: int | None


class ShotEvent(NamedTuple):
    """A shot (SS-8.6): ``outcome`` is ``placed``, ``lost`` (the ray came back) or ``in-use``."""

    snake: str
    slot: int
    dir: int
    outcome: str
    cell: int | None = None


class PortalEvent(NamedTuple):
    """A portal doomed or removed (SS-8.6): ``what`` is ``doomed`` or ``removed``."""

    portal: Portal
    what: str


class Settled(NamedTuple):
    """A pending deletion that became its wall (SS-7.4)."""

    cell: int


class GhostEnded(NamedTuple):
    """A ghost normal again after its first step of its third turn (SS-8.5)."""

    snake: str


class DiggingStopped(NamedTuple):
    """The wall under a digging head disappeared (SS-13.3)."""

    snake: str


Event = Teleport | TrapEvent | ShotEvent | PortalEvent | Settled | GhostEnded | DiggingStopped


class FrameReport:
    """One frame (SS-5.1); ``change`` is the death number whose terrain change was applied.

    The frequent facts (blocked movers, deaths, growth) have their own lists;
    the rarer ones are typed events in order, with a property per kind. Where
    each head went is in the frame's state itself.
    """

    __slots__ = ("blocked", "change", "deaths", "events", "frame", "growth", "settling")

    def __init__(self, frame: int, settling: bool = False) -> None:
        self.frame = frame
        self.settling = settling
        self.change: int | None = None
        self.blocked: list[str] = []
        self.deaths: list[tuple[str, Death]] = []
        self.growth: dict[str, int] = {}
        self.events: list[Event] = []

    def __repr__(self) -> str:
        return f"<FrameReport {self.frame}: {len(self.deaths)} deaths, {len(self.events)} events>"

    @property
    def teleports(self) -> list[Teleport]:
        return [e for e in self.events if isinstance(e, Teleport)]

    @property
    def traps(self) -> list[TrapEvent]:
        return [e for e in self.events if isinstance(e, TrapEvent)]

    @property
    def shots(self) -> list[ShotEvent]:
        return [e for e in self.events if isinstance(e, ShotEvent)]

    @property
    def portals_doomed(self) -> list[Portal]:
        return [e.portal for e in self.events if isinstance(e, PortalEvent) and e.what == "doomed"]

    @property
    def portals_removed(self) -> list[Portal]:
        return [e.portal for e in self.events if isinstance(e, PortalEvent) and e.what == "removed"]

    @property
    def settled(self) -> list[int]:
        return [e.cell for e in self.events if isinstance(e, Settled)]

    @property
    def ghosts_ended(self) -> list[str]:
        return [e.snake for e in self.events if isinstance(e, GhostEnded)]

    @property
    def digging_stopped(self) -> list[str]:
        return [e.snake for e in self.events if isinstance(e, DiggingStopped)]


@dataclass(slots=True)
class TurnReport:
    """A whole turn (SS-4): removals, every frame, the end-of-turn growth, the result."""

    turn: int
    removed: list[str] = field(default_factory=list)
    frames: list[FrameReport] = field(default_factory=list)
    growth: dict[str, int] = field(default_factory=dict)
    ghosts_fading: list[str] = field(default_factory=list)
    result: Outcome | None = None

    @property
    def deaths(self) -> list[tuple[str, Death]]:
        return [d for f in self.frames for d in f.deaths]

    def describe(self, terrain: Terrain) -> list[str]:
        """The turn in short sentences (the terminal game prints them)."""
        name = terrain.name_of
        lines = [f"{s} is removed for missing the deadline (SS-9.1)." for s in self.removed]
        for f in self.frames:
            tag = f"Frame {f.frame}{' (settling)' if f.settling else ''}:"
            if f.change is not None:
                lines.append(f"{tag} the terrain changes for death {f.change}.")
            for m in f.teleports:
                lines.append(
                    f"{tag} {m.snake} goes through {m.owner}'s portals from "
                    f"{name(m.source)} to {name(m.target)}."
                )
            for snake, death in f.deaths:
                by = f", killed by {death.by}" if death.by else ""
                lines.append(f"{tag} {snake} dies ({death.cause}{by}), death {death.number}.")
            for snake in f.ghosts_ended:
                lines.append(f"{tag} {snake} is no longer a ghost.")
            for snake, cell in f.traps:
                what = f"sets a trap on {name(cell)}" if cell is not None else "fails to set a trap"
                lines.append(f"{tag} {snake} {what}.")
            for shot in f.shots:
                if shot.outcome == "placed" and shot.cell is not None:
                    lines.append(
                        f"{tag} {shot.snake} places portal {shot.slot} on "
                        f"{name(shot.cell)} facing {DIRS[shot.dir]}."
                    )
                elif shot.outcome == "lost":
                    lines.append(f"{tag} {shot.snake}'s shot finds no wall and is lost.")
                else:
                    lines.append(f"{tag} {shot.snake}'s pair is being crossed: the shot is spent.")
            for p in f.portals_removed:
                lines.append(f"{tag} {p.owner}'s portal {p.slot} on {name(p.cell)} disappears.")
            for snake in f.digging_stopped:
                lines.append(f"{tag} the wall under {snake}'s head is gone: it stops digging.")
            if f.growth:
                grown = ", ".join(f"{s} +{g}" for s, g in f.growth.items())
                lines.append(f"{tag} growth {grown}.")
        if self.growth:
            grown = ", ".join(f"{s} +{g}" for s, g in self.growth.items())
            lines.append(f"End of turn: growth {grown}.")
        if self.result is not None:
            if self.result.winner is not None:
                lines.append(f"{self.result.winner} wins.")
            else:
                lines.append(f"Draw between {', '.join(self.result.draw)}.")
        return lines
