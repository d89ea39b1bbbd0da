"""The field checkers of the canonical JSON readers (SS-11, SS-2.5): one message each.

They take the owner's name and the key, and build a message only when they
fail: ``codec.from_json`` is on the replay path of the benchmark.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from samtempa.games.base import MAX_NUMBER, StateError, shown
from samtempa.games.snake.state import Race
from samtempa.games.snake.terrain import TERRAIN_IDS, Terrain, load_terrain

RACES = {r.value: r for r in Race}


def keys_of(obj: Any, keys: frozenset[str] | tuple[str, ...], what: str) -> Mapping[str, Any]:
    if type(obj) is dict and obj.keys() == keys:
        return obj  # the usual case, checked at C speed
    if not isinstance(obj, dict):
        raise StateError(f"{what} must be an object")
    missing = [k for k in keys if k not in obj]
    if missing:
        raise StateError(f"{what} lacks {', '.join(sorted(missing))}")
    extra = sorted(set(obj) - set(keys))
    if extra:
        raise StateError(f"{what} has unknown keys {', '.join(extra)}")
    return obj


def integer(obj: Mapping[str, Any], key: str, who: str, low: int = 0) -> int:
    """A whole number from ``low`` to :data:`MAX_NUMBER` (conformance.md: no game reaches more)."""
    value = obj[key]
    if type(value) is not int or not low <= value <= MAX_NUMBER:
        raise StateError(f"{who}: {key} must be an integer from {low} to {MAX_NUMBER:,}")
    return value


def boolean(obj: Mapping[str, Any], key: str, who: str) -> bool:
    value = obj[key]
    if value is not True and value is not False:
        raise StateError(f"{who}: {key} must be true or false")
    return bool(value)


def string(obj: Mapping[str, Any], key: str, who: str) -> str:
    value = obj[key]
    if type(value) is not str or not value:
        raise StateError(f"{who}: {key} must be a non-empty string")
    return value


def cell(t: Terrain, name: Any, what: str) -> int:
    c = t.index.get(name) if isinstance(name, str) else None
    if c is None:
        raise StateError(f"{what}: {shown(name)} is not a cell of {t.id}")
    return c


def cells(t: Terrain, names: Any, what: str) -> tuple[int, ...]:
    if type(names) is not list:
        raise StateError(f"{what} must be a list of cells")
    index = t.index
    try:
        return tuple([index[n] for n in names])
    except (KeyError, TypeError):
        bad = next(n for n in names if not isinstance(n, str) or n not in index)
        raise StateError(f"{what}: {shown(bad)} is not a cell of {t.id}") from None


def terrain(value: Any) -> Terrain:
    if value not in TERRAIN_IDS:
        raise StateError(f"unknown terrain {shown(value)}; terrains: {', '.join(TERRAIN_IDS)}")
    return load_terrain(value)


def race(t: Terrain, value: Any, who: str) -> Race:
    found = RACES.get(value) if type(value) is str else None
    if found is None:
        raise StateError(f"{who}: unknown race {shown(value)}")
    if t.races is not None and found not in t.races:
        raise StateError(f"{who}: {t.id} allows only {', '.join(t.races)}")
    return found
