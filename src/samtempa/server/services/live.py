"""Live fan-out: who watches which match, and a queue of messages per connection.

The coordinator decides *what* each viewer may see; this module only delivers
it. Every connection has its own bounded queue drained by its own task, so
one slow browser never delays the others; a connection that falls too far
behind is closed (it reconnects and gets a fresh snapshot).
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any

Message = dict[str, Any]

QUEUE_LIMIT = 256


@dataclass(eq=False)
class Connection:
    """One live viewer of one match: who it is (an account, a browser session).

    ``players`` are the seats it held at its last snapshot, for the page's liveness
    only: what each message may carry is decided when it is sent, from the seats
    as they are then (the coordinator), never from these.
    """

    match_id: str
    players: frozenset[str]
    user_id: int | None
    session_id: str | None
    id: int = field(default_factory=itertools.count(1).__next__)
    queue: asyncio.Queue[Message | str | None] = field(
        default_factory=lambda: asyncio.Queue(QUEUE_LIMIT)
    )
    closed: bool = False

    def push(self, message: Message | str) -> None:
        """Queue a message (a dict, or its JSON text already made for several viewers)."""
        if self.closed:
            return
        try:
            self.queue.put_nowait(message)
        except asyncio.QueueFull:
            self.close()

    def close(self) -> None:
        """Ask the sender to stop (it drains nothing more)."""
        if not self.closed:
            self.closed = True
            while not self.queue.empty():
                self.queue.get_nowait()
            self.queue.put_nowait(None)


class LiveHub:
    """Connections by match, in this process."""

    def __init__(self) -> None:
        self._by_match: dict[str, set[Connection]] = {}

    def add(self, conn: Connection) -> None:
        self._by_match.setdefault(conn.match_id, set()).add(conn)

    def remove(self, conn: Connection) -> None:
        conns = self._by_match.get(conn.match_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self._by_match[conn.match_id]

    def connections(self, match_id: str) -> list[Connection]:
        return list(self._by_match.get(match_id, ()))

    def publish(self, match_id: str, make: Callable[[Connection], Message | None]) -> None:
        """Push ``make(conn)`` to every connection of the match (None: nothing for that one).

        A message object shared by several viewers is turned into JSON once.
        """
        # Keyed by the object's id, holding the object itself: while it is held, no other
        # message can get its id (an id freed and reused would send one viewer's
        # message, own orders included, to another).
        texts: dict[int, tuple[Message, str]] = {}
        for conn in self.connections(match_id):
            message = make(conn)
            if message is not None:
                key = id(message)
                if key not in texts:
                    texts[key] = (message, json.dumps(message))
                conn.push(texts[key][1])

    def close_sessions(
        self, session_ids: Iterable[str | None] = (), user_id: int | None = None
    ) -> int:
        """Close the sockets of browser sessions that ended (a logout, a login on the same
        browser, a password reset for ``user_id``): their rights went with the session;
        the page reconnects with its new cookie, or as a visitor. Returns how many."""
        ended = {s for s in session_ids if s}
        closed = 0
        for conns in list(self._by_match.values()):
            for conn in list(conns):
                if conn.session_id in ended or (user_id is not None and conn.user_id == user_id):
                    conn.close()
                    closed += 1
        return closed

    def close_all(self) -> None:
        for conns in list(self._by_match.values()):
            for conn in list(conns):
                conn.close()
