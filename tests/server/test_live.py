"""The live hub delivers each viewer its own message, and only that."""

from __future__ import annotations

import asyncio
import json

from samtempa.server.services.live import Connection, LiveHub, Message


def test_each_viewer_gets_its_own_message_never_anothers() -> None:
    async def main() -> list[tuple[frozenset[str], str]]:
        hub = LiveHub()
        author = Connection("m", frozenset({"black"}), 1, "s1")
        others = [Connection("m", frozenset(), None, f"s{i}") for i in range(2, 40)]
        for conn in [author, *others]:
            hub.add(conn)

        def make(conn: Connection) -> Message:
            # A new object per viewer, as the coordinator builds them: freed ones may
            # hand their id to the next.
            message: Message = {"type": "submitted", "turn": 1, "player": "black"}
            if "black" in conn.players:
                message["orders"] = "A1"
            return message

        hub.publish("m", make)
        out = []
        for conn in [author, *others]:
            text = conn.queue.get_nowait()
            assert isinstance(text, str)
            out.append((conn.players, text))
        return out

    for players, text in asyncio.run(main()):
        assert ("orders" in json.loads(text)) == ("black" in players)


def test_one_message_shared_by_viewers_is_encoded_once() -> None:
    async def main() -> list[str]:
        hub = LiveHub()
        conns = [Connection("m", frozenset(), None, f"s{i}") for i in range(3)]
        for conn in conns:
            hub.add(conn)
        shared: Message = {"type": "reveal", "turn": 3}
        hub.publish("m", lambda conn: shared)
        texts = []
        for conn in conns:
            text = conn.queue.get_nowait()
            assert isinstance(text, str)
            texts.append(text)
        return texts

    texts = asyncio.run(main())
    assert texts[0] is texts[1] is texts[2]
    assert json.loads(texts[0]) == {"type": "reveal", "turn": 3}


def test_the_snapshot_goes_first_and_what_it_already_holds_is_dropped() -> None:
    """Issue 21: another process's messages may come while a new socket's snapshot is
    read (1,000-game run: a "submitted" before the snapshot, and the client played on)."""

    async def main() -> list[Message]:
        hub = LiveHub()
        conn = Connection("m", frozenset({"black"}), 1, "s1")
        conn.hold()
        hub.add(conn)
        hub.broadcast("m", {"type": "submitted", "turn": 3, "player": "white"})  # in the snapshot
        hub.broadcast("m", {"type": "reveal", "turn": 3})  # in the snapshot too
        hub.broadcast("m", {"type": "submitted", "turn": 4, "player": "white"})  # newer
        hub.broadcast("m", {"type": "chat", "text": "hi"})
        assert conn.queue.empty()  # nothing before the snapshot
        conn.release({"type": "snapshot", "turn": 3})
        hub.broadcast("m", {"type": "reveal", "turn": 4})  # after release: as it comes
        out = []
        while not conn.queue.empty():
            item = conn.queue.get_nowait()
            assert item is not None
            out.append(json.loads(item) if isinstance(item, str) else item)
        return out

    assert [(m["type"], m.get("turn")) for m in asyncio.run(main())] == [
        ("snapshot", 3),
        ("submitted", 4),
        ("chat", None),
        ("reveal", 4),
    ]
