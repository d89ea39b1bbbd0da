"""The platform's clock: real time in production, a clock tests and simulations move by hand.

Every service that asks "what time is it" goes through one :class:`Clock`, so a
test can play a 72-hour turn in a millisecond and a simulated edition can run
weeks of correspondence in seconds, through the same code as the server.
Times are naive UTC, as stored in the database.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Protocol


def utcnow() -> datetime:
    """Naive UTC, as stored in the database."""
    return datetime.now(UTC).replace(tzinfo=None)


class Clock(Protocol):
    """Where services read the time."""

    def now(self) -> datetime: ...


class SystemClock:
    """The real time."""

    def now(self) -> datetime:
        return utcnow()


class ManualClock:
    """A clock that only moves when told to; listeners hear every move.

    Schedulers subscribe with :meth:`on_change` so that moving the clock wakes
    them at once instead of after a real sleep.
    """

    def __init__(self, start: datetime | None = None) -> None:
        self._now = start if start is not None else utcnow().replace(microsecond=0)
        self._listeners: list[Callable[[], None]] = []

    def now(self) -> datetime:
        return self._now

    def on_change(self, listener: Callable[[], None]) -> None:
        self._listeners.append(listener)

    def set(self, when: datetime) -> None:
        """Move to ``when``; a clock never goes back (deadlines would fire twice)."""
        if when < self._now:
            raise ValueError(f"the clock cannot go back from {self._now} to {when}")
        self._now = when
        for listener in list(self._listeners):
            listener()

    def advance(self, delta: timedelta | None = None, **units: float) -> datetime:
        """Move forward by ``delta`` or by ``hours=…``, ``minutes=…``; returns the new time."""
        step = delta if delta is not None else timedelta(**units)
        self.set(self._now + step)
        return self._now
