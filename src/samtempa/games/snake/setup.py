"""The setup object of SS-2.5: a new game, as conformance cases and the server start one."""

from __future__ import annotations

from typing import Any

from samtempa.games.base import StateError
from samtempa.games.snake.fields import cell as _cell
from samtempa.games.snake.fields import keys_of as _keys
from samtempa.games.snake.fields import race as _race
from samtempa.games.snake.fields import string as _str
from samtempa.games.snake.fields import terrain as _terrain
from samtempa.games.snake.state import CHARGES, Race, Snake, State
from samtempa.games.snake.terrain import OPEN

#: The length of every snake at the start (SS-2.4).
START_LENGTH = 5
_SETUP_KEYSET = frozenset(("terrain", "snakes"))
_SETUP_SNAKE_KEYSET = frozenset(("id", "race", "spawn", "colour"))


def initial_state(setup: Any) -> State:
    """A new game from the setup object: stacked spawns, full charges, turn 0 (SS-2.4, SS-2.5)."""
    obj = _keys(setup, _SETUP_KEYSET, "the setup")
    t = _terrain(obj["terrain"])
    entries = obj["snakes"]
    if type(entries) is not list or not 2 <= len(entries) <= t.players:
        raise StateError(f"{t.id} takes 2 to {t.players} snakes")
    snakes = []
    for n, entry in enumerate(entries):
        if type(entry) is not dict or "id" not in entry:
            raise StateError(f"snake {n + 1} must be an object with an id")
        if not _SETUP_SNAKE_KEYSET.issuperset(entry):
            extra = sorted(set(entry) - _SETUP_SNAKE_KEYSET)
            raise StateError(f"snake {n + 1} has unknown keys {', '.join(extra)}")
        sid = _str(entry, "id", "a snake")
        colour = _str(entry, "colour", sid) if "colour" in entry else sid
        if "race" in entry:
            race = _race(t, entry["race"], sid)
        elif t.races is not None and len(t.races) == 1:
            race = Race(t.races[0])
        else:
            raise StateError(f"{sid}: a race is needed on {t.id}")
        spawn = _cell(t, entry["spawn"], f"{sid} spawn") if "spawn" in entry else t.spawns[n]
        if t.grid[spawn] != OPEN:
            raise StateError(f"{sid}: spawn {t.names[spawn]} is not an open cell")
        snakes.append(Snake(sid, colour, race, (spawn,) * START_LENGTH, True, False, 0,
                            CHARGES[race]))  # fmt: skip
    if len({s.id for s in snakes}) != len(snakes) or len({s.colour for s in snakes}) != len(snakes):
        raise StateError("snake ids and colours must be unique")
    if len({s.body[0] for s in snakes}) != len(snakes):
        raise StateError("spawns must be distinct")
    return State(t, 0, 0, 0, 0, t.path_length, t.wrap_rows, t.wrap_columns, t.grid, tuple(snakes))
