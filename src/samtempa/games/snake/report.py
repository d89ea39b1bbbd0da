"""What happened in a turn, frame by frame: data for renderers and the terminal.

Deaths are data (``Death`` with cause and killer, as Battlesnake's
eliminations); every event names the frame it belongs to through the
:class:`FrameReport` that holds it. Cells are ints; :meth:`TurnReport.describe`
puts everything into short English sentences with cell names.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from samtempa.games.base import Outcome
from samtempa.games.snake.state import Death, Portal
from samtempa.games.snake.terrain import DIRS, Terrain


@dataclass(frozen=True, slots=True)
class Move:
    """A head that moved: ``portal`` is the owner of the pair it went through, if any."""

    snake: str
    source: int
    target: int
    portal: str | None = None
    digging: bool = False


@dataclass(frozen=True, slots=True)
class ShotEvent:
    """A shot (SS-8.6): ``outcome`` is ``placed``, ``lost`` (the ray came back) or ``in-use``."""

    snake: str
    slot: int
    dir: int
    outcome: str
    cell: int | None = None


@dataclass(slots=True)
class FrameReport:
    """One frame (SS-5.1); ``change`` is the death number whose terrain change was applied."""

    frame: int
    settling: bool = False
    change: int | None = None
    moves: list[Move] = field(default_factory=list)
    blocked: list[str] = field(default_factory=list)
    deaths: list[tuple[str, Death]] = field(default_factory=list)
    growth: dict[str, int] = field(default_factory=dict)
    ghosts_ended: list[str] = field(default_factory=list)
    traps: list[tuple[str, int | None]] = field(default_factory=list)
    shots: list[ShotEvent] = field(default_factory=list)
    portals_doomed: list[Portal] = field(default_factory=list)
    portals_removed: list[Portal] = field(default_factory=list)
    settled: list[int] = field(default_factory=list)
    digging_stopped: list[str] = field(default_factory=list)


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
            for m in f.moves:
                if m.portal is not None:
                    lines.append(
                        f"{tag} {m.snake} goes through {m.portal}'s portal from "
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
