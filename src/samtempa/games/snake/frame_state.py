"""What one frame has found so far: the data the frame's steps and the powers share.

Apart from :mod:`.frame`, which imports the powers (:mod:`.powers`) to run them as
steps, so the powers can read and fill the frame without importing :mod:`.frame`.
"""

from __future__ import annotations

from samtempa.games.snake.report import FrameReport
from samtempa.games.snake.schedule import Plan
from samtempa.games.snake.state import Cause

Dying = dict[int, tuple[Cause, str | None]]


class Frame:
    """What one frame has found so far (filled in by the steps, read by the next ones)."""

    __slots__ = (
        "blocked",
        "dying",
        "movers",
        "number",
        "plan",
        "portal",
        "report",
        "steps",
        "target_wall",
        "targets",
    )

    def __init__(self, plan: Plan, number: int, settling: bool = False) -> None:
        self.plan = plan
        self.number = number
        self.report = FrameReport(number, settling)
        #: Seats making a step this frame, in seat order (SS-5.2).
        self.movers: list[int] = []
        #: By mover: the step number k it makes (SS-4.2), and its target cell (-1: none).
        self.steps: dict[int, int] = {}
        self.targets: dict[int, int] = {}
        #: By mover going through a portal pair: the pair's owner (SS-8.6).
        self.portal: dict[int, str] = {}
        #: Movers whose target was a wall when blocking was judged (for Diggers, SS-8.4).
        self.target_wall: set[int] = set()
        #: Blocked movers (SS-5.5), in the order found.
        self.blocked: dict[int, None] = {}
        #: Seats dying this frame with cause and killer (steps 3, 4, 6).
        self.dying: Dying = {}
