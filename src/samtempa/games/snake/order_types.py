"""The JSON types of an order's fields (SS-3.1), checked before anything else.

A field of the wrong JSON type is ``bad-notation`` for a player (SS-3.3 check
2), but makes a conformance case invalid (``conformance.md``), so these checks
raise :class:`~samtempa.games.base.OrderTypeError` and run over a whole orders
object without a state (``SnakeSynapse.check_turn``). Wrong values of the
right type (an unknown key, ``dash: 3``, a frame written ``2.0``) are
:mod:`.orders`' to name.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from samtempa.games.base import OrderTypeError, json_kind


def _is_number(value: Any) -> bool:
    """A JSON number (``2.0`` too: a frame written so is a wrong value, not a wrong type)."""
    return type(value) is int or type(value) is float


def _is_bool(value: Any) -> bool:
    return value is True or value is False


def _is_str(value: Any) -> bool:
    return type(value) is str


def _is_path(value: Any) -> bool:
    return type(value) is str or (type(value) is list and all(type(d) is str for d in value))


#: The JSON type of each field of an order, and of ``trap``, ``dig`` and a shot.
_ORDER_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "path": (_is_path, 'a string like "URDRR" or a list of letters'),
    "removed": (_is_bool, "true"),
    "breaker": (_is_bool, "true or false"),
    "ghost": (_is_bool, "true or false"),
    "dash": (_is_number, "1 or 2"),
    "trap": (lambda v: type(v) is dict, "an object {frame, dir}"),
    "dig": (lambda v: type(v) is dict, "an object {frame}"),
    "shoot": (lambda v: type(v) is list, "a list of shots {frame, portal, dir}"),
}
_PART_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "frame": (_is_number, "a whole number"),
    "portal": (_is_number, "1 or 2"),
    "dir": (_is_str, "one of U, D, L, R"),
}


def _wrong_type(player: str, what: str, expected: str, value: Any) -> OrderTypeError:
    return OrderTypeError(f"{player}: {what} must be {expected}, not {json_kind(value)}", player)


def _part_types(player: str, part: Any, what: str) -> None:
    if type(part) is not dict:
        raise _wrong_type(player, what, "an object", part)
    for key, value in part.items():
        check = _PART_TYPES.get(key)
        if check is not None and not check[0](value):
            raise _wrong_type(player, f"the {key} of {what}", check[1], value)


def check_types(player: str, data: Any) -> None:
    """Raise :class:`OrderTypeError` for the first field of one order of the wrong JSON
    type, however deep; unknown keys and wrong values are left to :func:`parse_order`."""
    if type(data) is not dict:
        raise _wrong_type(player, "an order", 'an object like {"path": "URDRR"}', data)
    for key, value in data.items():
        check = _ORDER_TYPES.get(key)
        if check is not None and not check[0](value):
            raise _wrong_type(player, repr(key), check[1], value)
    if "trap" in data:
        _part_types(player, data["trap"], "trap")
    if "dig" in data:
        _part_types(player, data["dig"], "dig")
    for shot in data.get("shoot", ()):
        _part_types(player, shot, "a shot")


def check_turn_types(data: Any) -> None:
    """:func:`check_types` over a whole orders object (SS-3.1), every entry."""
    if type(data) is not dict:
        raise OrderTypeError(
            f"the orders are an object mapping each snake's id to its order, not {json_kind(data)}"
        )
    for player, entry in data.items():
        check_types(str(player), entry)
