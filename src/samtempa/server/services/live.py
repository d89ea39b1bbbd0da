"""Live fan-out: who watches which match, and a queue of messages per connection.

The coordinator decides *what* each viewer may see; this module only delivers
it. Every connection has its own bounded queue drained by its own task, so
one slow browser never delays the others; a connection that falls too far
behind is closed (it reconnects and gets a fresh snapshot).

Several server processes (issue 21): what is published goes through
:meth:`LiveHub.fanout`, a *kind* and a JSON payload. The kind's handler
delivers it to this process's connections at once and, with a bus
(:mod:`samtempa.server.core.bus`, Redis), every other process runs the same
handler on the same payload for its own connections. A handler decides each
viewer's message from the payload (the seats' holders it carries), never
from anything the sending process knew about the viewers.
"""

from __future__ import annotations

import asyncio
import itertools
import json
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from typing import Any, Protocol

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
    #: Messages that came while the first snapshot was being read (:meth:`hold`).
    held: list[Message | str] | None = None

    def push(self, message: Message | str) -> None:
        """Queue a message (a dict, or its JSON text already made for several viewers)."""
        if self.closed:
            return
        if self.held is not None:
            self.held.append(message)
            return
        self._put(message)

    def hold(self) -> None:
        """Keep what is pushed from now until :meth:`release`: a connection joins the hub
        *before* its snapshot is read (so that nothing published meanwhile is lost), and
        another process's message may come during that read; the snapshot goes first."""
        self.held = []

    def release(self, snapshot: Message) -> None:
        """Queue the snapshot, then what came while it was read and is newer than it: a
        reveal or a "submitted" of a turn the snapshot already holds is dropped (the
        client would play a turn twice), everything else follows in order."""
        held, self.held = self.held or [], None
        self._put(snapshot)
        played = snapshot.get("turn")
        for message in held:
            if self.closed:
                return
            data = json.loads(message) if isinstance(message, str) else message
            stale = (
                isinstance(played, int)
                and data.get("type") in ("reveal", "submitted")
                and isinstance(data.get("turn"), int)
                and data["turn"] <= played
            )
            if not stale:
                self._put(message)

    def _put(self, message: Message | str) -> None:
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


class Bus(Protocol):
    """Where a fan-out goes to the other processes (core/bus.py's RedisBus)."""

    def publish(self, message: dict[str, Any]) -> None: ...


class Presence(Protocol):
    """Who watches which match in the other processes (core/presence.py's RedisPresence)."""

    def elsewhere(self, match_id: str, players_only: bool) -> bool: ...


@dataclass(frozen=True, slots=True)
class Kind:
    """How one kind of fan-out is delivered here, and how it travels (JSON) to the others."""

    deliver: Callable[[str, Any], None]  # (match id, payload object)
    encode: Callable[[Any], Any] = lambda payload: payload
    decode: Callable[[str, Any], Any] = lambda _match_id, wire: wire


class LiveHub:
    """Connections by match, in this process; fan-out to the others through a bus."""

    def __init__(self) -> None:
        self._by_match: dict[str, set[Connection]] = {}
        self.bus: Bus | None = None
        self.presence: Presence | None = None
        #: Called with the match of every message from another process (before it is
        #: delivered): the coordinator drops its in-memory copy of that match.
        self.on_remote: Callable[[str], None] | None = None
        self._kinds: dict[str, Kind] = {
            "all": Kind(self._to_all),
            "accounts": Kind(self._to_accounts),
            "close-sessions": Kind(self._close_sessions),
        }

    def register(self, name: str, kind: Kind) -> None:
        self._kinds[name] = kind

    def fanout(self, name: str, match_id: str, payload: Any) -> None:
        """Deliver here now, and to every other process when there is a bus."""
        kind = self._kinds[name]
        kind.deliver(match_id, payload)
        if self.bus is not None:
            self.bus.publish({"k": name, "m": match_id, "p": kind.encode(payload)})

    def from_bus(self, message: dict[str, Any]) -> None:
        """A fan-out published by another process."""
        kind = self._kinds.get(str(message.get("k")))
        if kind is None:
            return  # a newer process's kind, during an upgrade
        match_id = str(message["m"])
        if match_id and self.on_remote is not None:
            self.on_remote(match_id)
        kind.deliver(match_id, kind.decode(match_id, message["p"]))

    def broadcast(self, match_id: str, message: Message) -> None:
        """The same message to every viewer of the match, in every process."""
        self.fanout("all", match_id, message)

    def to_accounts(self, match_id: str, message: Message, user_ids: Iterable[int]) -> None:
        """A message to the viewers logged in as one of ``user_ids``, and to no one else."""
        self.fanout("accounts", match_id, {"message": message, "to": sorted(set(user_ids))})

    def _to_all(self, match_id: str, message: Message) -> None:
        self.publish(match_id, lambda conn: message)

    def _to_accounts(self, match_id: str, payload: dict[str, Any]) -> None:
        message, to = payload["message"], frozenset(payload["to"])
        self.publish(
            match_id, lambda c: message if c.user_id is not None and c.user_id in to else None
        )

    def _close_sessions(self, _match_id: str, payload: dict[str, Any]) -> None:
        self.close_sessions_here(payload["sessions"], payload["user"])

    def add(self, conn: Connection) -> None:
        self._by_match.setdefault(conn.match_id, set()).add(conn)

    def remove(self, conn: Connection) -> None:
        conns = self._by_match.get(conn.match_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self._by_match[conn.match_id]

    def matches(self) -> list[str]:
        """The matches with a viewer in this process."""
        return list(self._by_match)

    def connections(self, match_id: str) -> list[Connection]:
        return list(self._by_match.get(match_id, ()))

    def here(self) -> dict[str, bool]:
        """The matches with a viewer in this process: is one of them a player?"""
        return {m: any(c.players for c in conns) for m, conns in self._by_match.items()}

    def watched(self, match_id: str, players_only: bool) -> bool:
        """Has the match a viewer (``players_only``: one holding a seat) in any process?"""
        here = self._by_match.get(match_id, ())
        if any(c.players for c in here) if players_only else here:
            return True
        return self.presence is not None and self.presence.elsewhere(match_id, players_only)

    def publish(self, match_id: str, make: Callable[[Connection], Message | None]) -> None:
        """Push ``make(conn)`` to every connection of the match *in this process* (None:
        nothing for that one); handlers of :meth:`fanout` call it.

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
    ) -> None:
        """Close the sockets of browser sessions that ended (a logout, a login on the same
        browser, a password reset for ``user_id``), in every process: their rights went
        with the session; the page reconnects with its new cookie, or as a visitor."""
        sessions = sorted({s for s in session_ids if s})
        self.fanout("close-sessions", "", {"sessions": sessions, "user": user_id})

    def close_sessions_here(self, session_ids: Iterable[str | None], user_id: int | None) -> int:
        """:meth:`close_sessions` in this process; returns how many sockets closed."""
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
