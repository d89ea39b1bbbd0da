"""``samtempa replay``: check a record and print its final state."""

from __future__ import annotations

import json
import sys

from samtempa.records import Record, RecordError


def replay_main(path: str, turn: int | None = None) -> int:
    """``samtempa replay RECORD [--turn N]``: check a record, print the final state.

    Exit status 0 with the canonical state (after turn N if asked); 1 when a
    turn does not replay, with ``{"error": {turn, code, message}, "state"}``
    (the last good state, so nothing is lost) and the message on standard
    error; 2 when the file is not a record.
    """
    try:
        record = Record.load(path)
        game = record.engine
        state = record.initial_state()
    except RecordError as e:
        print(f"samtempa replay: {e}", file=sys.stderr)
        return 2
    try:
        if turn is not None:
            state = record.state_at(turn)
        else:
            for replayed in record.replay():
                state = replayed.after
            record.check()
    except RecordError as e:
        print(f"samtempa replay: {path}: {e}", file=sys.stderr)
        if e.turn is None:
            return 2
        print(json.dumps({"error": e.to_json(), "state": game.to_json(state)}, ensure_ascii=False))
        return 1
    print(json.dumps(game.to_json(state), ensure_ascii=False))
    return 0
