"""Orders (SS-3.1) and their checks, in the order and with the codes of SS-3.3.

Parsing (:func:`parse_order`) does check 2, ``bad-notation``, and keeps
anything else a player may get wrong (an unknown direction, a wrong path
length, a frame out of range) so that the later checks can name it with its
own code. :func:`check_orders` runs checks 1 and 3 to 10, each over all
entries before the next, as SS-3.3 requires.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping
from typing import Any, NamedTuple

from samtempa.games.base import OrderError, OrderTypeError
from samtempa.games.snake.order_types import check_types
from samtempa.games.snake.state import Race, Snake, State

DIRECTIONS = frozenset("UDLR")
_KEYS = frozenset(("path", "removed", "breaker", "dash", "trap", "dig", "ghost", "shoot"))
_NAMES = {"U": "up", "D": "down", "L": "left", "R": "right"}


class Trap(NamedTuple):
    """``trap: {frame, dir}`` (SS-8.3): the snake's own step number and a direction."""

    frame: int
    dir: str


class Shot(NamedTuple):
    """One entry of ``shoot`` (SS-8.6)."""

    frame: int
    portal: int
    dir: str


class Order(NamedTuple):
    """One snake's order for a turn. ``path`` entries are one-letter strings once checked.

    ``dig`` is the step number of ``dig: {frame}``; ``dash`` is 0 without a dash.
    """

    path: tuple[str, ...] = ()
    removed: bool = False
    breaker: bool = False
    dash: int = 0
    trap: Trap | None = None
    dig: int | None = None
    ghost: bool = False
    shoot: tuple[Shot, ...] = ()

    def powers(self) -> list[str]:
        """The power keys this order uses (``ghost: false`` uses nothing, SS-13.7)."""
        used = []
        if self.breaker:
            used.append(Race.BREAKER.value)
        if self.dash:
            used.append("dash")
        if self.trap is not None:
            used.append("trap")
        if self.dig is not None:
            used.append("dig")
        if self.ghost:
            used.append(Race.GHOST.value)
        if self.shoot:
            used.append("shoot")
        return used

    def charges_needed(self) -> int:
        """SS-3.3 check 7: ``dash`` N needs N, ``shoot`` one per shot, the others one."""
        return (
            int(self.breaker)
            + self.dash
            + (self.trap is not None)
            + (self.dig is not None)
            + int(self.ghost)
            + len(self.shoot)
        )

    @property
    def needs_path(self) -> bool:
        return not (self.breaker or self.removed)

    def to_json(self) -> dict[str, Any]:
        """The orders object of SS-3.1 (path as a string)."""
        if self.removed:
            return {"removed": True}
        out: dict[str, Any] = {}
        if self.breaker:
            out["breaker"] = True
        else:
            out["path"] = "".join(self.path)
        if self.dash:
            out["dash"] = self.dash
        if self.trap is not None:
            out["trap"] = {"frame": self.trap.frame, "dir": self.trap.dir}
        if self.dig is not None:
            out["dig"] = {"frame": self.dig}
        if self.ghost:
            out["ghost"] = True
        if self.shoot:
            out["shoot"] = [
                {"frame": s.frame, "portal": s.portal, "dir": s.dir} for s in self.shoot
            ]
        return out


#: The power key of each race (SS-3.3 check 6).
RACE_OF_POWER = {
    "breaker": Race.BREAKER,
    "dash": Race.DASHER,
    "trap": Race.TRAPPER,
    "dig": Race.DIGGER,
    "ghost": Race.GHOST,
    "shoot": Race.SHOOTER,
}


# --- check 2: bad-notation -------------------------------------------------------------


def _bad(player: str | None, message: str) -> OrderError:
    return OrderError("bad-notation", message, player)


def _is_int(value: Any) -> bool:
    return type(value) is int  # not bool, not 2.0 (SS-13.7)


def _obj(value: dict[str, Any], keys: tuple[str, ...], what: str, player: str) -> dict[str, Any]:
    extra = set(value) - set(keys)
    if extra:
        raise _bad(player, f"{player}: {what} has an unknown key {sorted(extra)[0]!r}")
    for key in keys:
        if key not in value:
            raise _bad(player, f"{player}: {what} lacks {key!r}")
    if "frame" in value and not _is_int(value["frame"]):
        raise _bad(player, f"{player}: the frame of {what} must be a whole number")
    return value


def parse_order(player: str, data: Any) -> Order:
    """One snake's orders from JSON (SS-3.1); raises ``bad-notation`` (SS-3.3 check 2),
    as :class:`OrderTypeError` when a field has the wrong JSON type."""
    if type(data) is dict and len(data) == 1:
        plain = data.get("path")
        if type(plain) is str:
            return Order(tuple(plain))  # the usual order: a path alone, as a string
    check_types(player, data)
    extra = set(data) - _KEYS
    if extra:
        raise _bad(player, f"{player}: unknown key {sorted(extra)[0]!r} in the order")
    if "removed" in data:
        if data["removed"] is not True or len(data) != 1:
            raise _bad(player, f"{player}: 'removed' is only ever true, and alone")
        return Order(removed=True)
    breaker = data.get("breaker", False)
    path: tuple[str, ...] = ()
    if "path" in data:
        if breaker:
            raise _bad(player, f"{player}: a Breaker breaking gives no path (SS-8.1)")
        path = tuple(data["path"])
    dash = data.get("dash", 0)
    if "dash" in data and not (_is_int(dash) and dash in (1, 2)):
        raise _bad(player, f"{player}: dash is 1 or 2")
    trap = None
    if "trap" in data:
        t = _obj(data["trap"], ("frame", "dir"), "trap", player)
        trap = Trap(t["frame"], t["dir"])
    dig = None
    if "dig" in data:
        dig = _obj(data["dig"], ("frame",), "dig", player)["frame"]
    shots: list[Shot] = []
    if "shoot" in data:
        raw_shots = data["shoot"]
        if not raw_shots:
            raise _bad(player, f"{player}: shoot is a non-empty list of shots")
        for raw_shot in raw_shots:
            s = _obj(raw_shot, ("frame", "portal", "dir"), "a shot", player)
            if not (_is_int(s["portal"]) and s["portal"] in (1, 2)):
                raise _bad(player, f"{player}: a shot's portal is 1 or 2")
            shots.append(Shot(s["frame"], s["portal"], s["dir"]))
    return Order(path, False, breaker, dash, trap, dig, data.get("ghost", False), tuple(shots))


def parse_orders(data: Any) -> dict[str, Order]:
    """A whole orders object (SS-3.1) to orders by snake id; check 2 over every entry."""
    if not isinstance(data, dict):
        raise OrderTypeError("the orders are an object mapping each snake's id to its order")
    return {str(player): parse_order(str(player), entry) for player, entry in data.items()}


# --- checks 1 and 3 to 10 ---------------------------------------------------------------


def _game_over(state: State, orders: Mapping[str, Order]) -> None:
    if state.result is not None:
        raise OrderError("game-over", "the game is over; no more orders (SS-10.1)")


def _unknown(state: State, orders: Mapping[str, Order]) -> None:
    ids = {s.id for s in state.snakes}
    for player in orders:
        if player not in ids:
            raise OrderError("unknown-snake", f"there is no snake called {player!r}", player)


def _dead(state: State, orders: Mapping[str, Order]) -> None:
    for player in orders:
        snake = state.snake(player)
        if not snake.alive:
            gone = "was removed" if snake.removed else "is dead"
            raise OrderError("snake-dead", f"{player} {gone} and takes no more orders", player)


def _missing(state: State, orders: Mapping[str, Order]) -> None:
    for snake in state.snakes:
        if snake.alive and snake.id not in orders:
            raise OrderError("missing-orders", f"{snake.id} has given no order", snake.id)


def _race(state: State, orders: Mapping[str, Order]) -> None:
    for player, order in orders.items():
        race = state.snake(player).race
        for power in order.powers():
            if RACE_OF_POWER[power] != race:
                raise OrderError(
                    "power-not-of-race",
                    f"{player} is a {race}: {power!r} belongs to the {RACE_OF_POWER[power]}",
                    player,
                )


def _charges(state: State, orders: Mapping[str, Order]) -> None:
    for player, order in orders.items():
        needed, left = order.charges_needed(), state.snake(player).charges
        if needed > left:
            raise OrderError(
                "no-charges-left",
                f"{player} needs {needed} charge{'s' * (needed != 1)} and has {left} left",
                player,
            )


def _directions(state: State, orders: Mapping[str, Order]) -> None:
    for player, order in orders.items():
        dirs = [*order.path]
        dirs += [order.trap.dir] if order.trap else []
        dirs += [s.dir for s in order.shoot]
        for d in dirs:
            if d not in DIRECTIONS:
                raise OrderError(
                    "bad-direction", f"{player}: {d!r} is not a direction (U, D, L or R)", player
                )


def _path_length(state: State, orders: Mapping[str, Order]) -> None:
    want = state.path_length
    for player, order in orders.items():
        if order.needs_path and len(order.path) != want:
            have = len(order.path)
            raise OrderError(
                "wrong-path-length",
                f"{player}: path has {have} move{'s' * (have != 1)}, this turn needs {want}",
                player,
            )


def _frames(state: State, orders: Mapping[str, Order]) -> None:
    last = state.path_length
    for player, order in orders.items():
        frames = [s.frame for s in order.shoot]
        frames += [order.trap.frame] if order.trap else []
        frames += [order.dig] if order.dig is not None else []
        for f in frames:
            if not 1 <= f <= last:
                message = f"{player}: frame {f} is not a step of the path (1 to {last})"
                raise OrderError("bad-frame", message, player)
        shot_frames = [s.frame for s in order.shoot]
        if len(set(shot_frames)) != len(shot_frames):
            raise OrderError("bad-frame", f"{player}: at most one shot per frame", player)


Check = Callable[[State, Mapping[str, Order]], None]

#: SS-3.3 checks 1 and 3 to 10, in order (check 2 is parsing).
CHECKS: tuple[Check, ...] = (
    _game_over,
    _unknown,
    _dead,
    _missing,
    _race,
    _charges,
    _directions,
    _path_length,
    _frames,
)


def check_orders(
    state: State, orders: Mapping[str, Order], checks: Iterable[Check] = CHECKS
) -> None:
    """Raise the first :class:`OrderError` of SS-3.3 for a whole turn's orders."""
    if checks is CHECKS and _plainly_legal(state, orders):
        return
    for check in checks:
        check(state, orders)


def _plainly_legal(state: State, orders: Mapping[str, Order]) -> bool:
    """True when every check of SS-3.3 would pass and no power is used (the usual turn).

    A shortcut only: anything else goes through the checks one by one, which
    find the error and its code.
    """
    if state.result is not None:
        return False
    want, seen = state.path_length, 0
    for s in state.snakes:
        if not s.alive:
            continue
        order = orders.get(s.id)
        if order is None:
            return False
        seen += 1
        if order.removed:
            continue
        path = order.path
        if (
            len(path) != want
            or not DIRECTIONS.issuperset(path)
            or order.breaker
            or order.dash
            or order.trap is not None
            or order.dig is not None
            or order.ghost
            or order.shoot
        ):
            return False
    return seen == len(orders)  # so no entry names an unknown or dead snake


def check_one(state: State, player: str, order: Order) -> None:
    """SS-3.3 for one player's order alone (everything but ``missing-orders``)."""
    check_orders(state, {player: order}, [c for c in CHECKS if c is not _missing])


def describe(snake: Snake, order: Order) -> str:
    """An order in words, for people (the terminal game)."""
    if order.removed:
        return f"{snake.id} is removed"
    parts = (
        ["breaks (stays still)"]
        if order.breaker
        else ["path " + " ".join(_NAMES.get(d, d) for d in order.path)]
    )
    if order.dash:
        parts.append(f"dashes {order.dash}")
    if order.trap:
        parts.append(f"traps {_NAMES.get(order.trap.dir)} at step {order.trap.frame}")
    if order.dig is not None:
        parts.append(f"digs from step {order.dig}")
    if order.ghost:
        parts.append("turns ghost")
    for s in order.shoot:
        parts.append(f"shoots portal {s.portal} {_NAMES.get(s.dir)} at step {s.frame}")
    return f"{snake.id}: " + ", ".join(parts)
