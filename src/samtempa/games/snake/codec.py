"""The canonical JSON of SS-11 and its checks (the setup object of SS-2.5: :mod:`.setup`).

``to_json(from_json(x)) == x`` for every canonical state ``x``;
:func:`from_json` refuses, with :class:`~samtempa.games.base.StateError`, a
state with a key missing or unknown, a wrong type, or parts that disagree
(lengths, death numbers, traps and grid, pending cells, result and the
living snakes, a digger digging off a wall…), or a number no game reaches.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any

from samtempa.games.base import JSON, MAX_NUMBER, Outcome, StateError, shown
from samtempa.games.snake.fields import boolean as _bool
from samtempa.games.snake.fields import cell as _cell
from samtempa.games.snake.fields import cells as _cells
from samtempa.games.snake.fields import integer as _int
from samtempa.games.snake.fields import keys_of as _keys
from samtempa.games.snake.fields import race as _race
from samtempa.games.snake.fields import string as _str
from samtempa.games.snake.fields import terrain as _terrain
from samtempa.games.snake.state import (
    CHARGES,
    Cause,
    Death,
    Link,
    Portal,
    Race,
    Snake,
    State,
    trap_cells,
)
from samtempa.games.snake.terrain import (
    DIR_INDEX,
    DIRS,
    GRID_CHARS,
    LADDER,
    OPEN,
    TRAP,
    WALL,
    GrantShot,
    Terrain,
    TerrainError,
)

GAME = "snake-synapse"
STATE_KEYS = (
    "game",
    "terrain",
    "turn",
    "frame",
    "deaths",
    "turns_without_death",
    "path_length",
    "wrap",
    "grid",
    "snakes",
    "traps",
    "portals",
    "pending_deletions",
    "queued_changes",
    "result",
)
SNAKE_KEYS = (
    "id",
    "colour",
    "race",
    "body",
    "alive",
    "removed",
    "length",
    "pending_growth",
    "charges",
    "ghost_turns_left",
    "digging",
    "portal_links",
    "death",
)
DEATH_KEYS = ("number", "turn", "frame", "cause", "by")


# --- to JSON --------------------------------------------------------------------------


def snake_to_json(terrain: Terrain, s: Snake) -> JSON:
    names = terrain.names
    d = s.death
    return {
        "id": s.id,
        "colour": s.colour,
        "race": s.race.value,
        "body": [names[c] for c in s.body],
        "alive": s.alive,
        "removed": s.removed,
        "length": len(s.body),
        "pending_growth": s.pending_growth,
        "charges": s.charges,
        "ghost_turns_left": s.ghost_turns_left,
        "digging": s.digging,
        "portal_links": [{"index": k.index, "owner": k.owner} for k in s.portal_links],
        "death": None
        if d is None
        else {
            "number": d.number,
            "turn": d.turn,
            "frame": d.frame,
            "cause": d.cause.value,
            "by": d.by,
        },
    }


def result_to_json(result: Outcome | None) -> JSON | None:
    """SS-11's ``result``: the outcome's own JSON form (a state's result is by the rules)."""
    return None if result is None else result.to_json()


def to_json(state: State) -> JSON:
    """The canonical state of SS-11."""
    t = state.terrain
    names = t.names
    w, area = t.width, t.area
    text = state.grid.decode("ascii")
    return {
        "game": GAME,
        "terrain": t.id,
        "turn": state.turn,
        "frame": state.frame,
        "deaths": state.deaths,
        "turns_without_death": state.turns_without_death,
        "path_length": state.path_length,
        "wrap": t.wrap_json(state.wrap_rows, state.wrap_columns),
        "grid": [
            [text[f * area + r * w : f * area + (r + 1) * w] for r in range(t.height)]
            for f in range(t.floors)
        ],
        "snakes": [snake_to_json(t, s) for s in state.snakes],
        "traps": [names[c] for c in state.traps],
        "portals": [
            {
                "owner": p.owner,
                "slot": p.slot,
                "cell": names[p.cell],
                "dir": DIRS[p.dir],
                "doomed": p.doomed,
            }
            for p in state.portals
        ],
        "pending_deletions": [{"cell": names[c], "diggable": d} for c, d in state.pending],
        "queued_changes": list(state.queued),
        "result": result_to_json(state.result),
    }


# --- from JSON ------------------------------------------------------------------------


_GRID_LEGEND = bytes(sorted(GRID_CHARS))
_CAUSES = {c.value: c for c in Cause}
_SNAKE_KEYSET = frozenset(SNAKE_KEYS)
_STATE_KEYSET = frozenset(STATE_KEYS)
_DEATH_KEYSET = frozenset(DEATH_KEYS)
_LINK_KEYSET = frozenset(("index", "owner"))
_PORTAL_KEYSET = frozenset(("owner", "slot", "cell", "dir", "doomed"))
_PENDING_KEYSET = frozenset(("cell", "diggable"))


@cache
def _shot_cap(t: Terrain) -> int:
    """The most shots a shooter may hold on ``t``: 3, or more if a grant-shot allows it."""
    grants = [op.max for ops in t.changes.values() for op in ops if isinstance(op, GrantShot)]
    return max([CHARGES[Race.SHOOTER], *grants])


def _scalar_errors(obj: Mapping[str, Any], n: int) -> None:
    """Raise the error of the first ill-typed scalar field of a snake (the slow path)."""
    sid = _str(obj, "id", f"snake {n + 1}")
    _str(obj, "colour", sid)
    for key in ("length", "pending_growth", "charges", "ghost_turns_left"):
        _int(obj, key, sid)
    for key in ("alive", "removed", "digging"):
        _bool(obj, key, sid)


def _snake(t: Terrain, data: Any, n: int, state_turn: int) -> Snake:
    obj = _keys(data, _SNAKE_KEYSET, "a snake")
    sid, colour, length = obj["id"], obj["colour"], obj["length"]
    pending, charges, ghost = obj["pending_growth"], obj["charges"], obj["ghost_turns_left"]
    alive, removed, digging = obj["alive"], obj["removed"], obj["digging"]
    if not (  # every scalar at once; the slow path says which one is wrong
        type(sid) is str
        and sid
        and type(colour) is str
        and colour
        and type(length) is int
        and type(pending) is int
        and 0 <= pending <= MAX_NUMBER
        and type(charges) is int
        and charges >= 0
        and type(ghost) is int
        and ghost >= 0
        and (alive is True or alive is False)
        and (removed is True or removed is False)
        and (digging is True or digging is False)
    ):
        _scalar_errors(obj, n)
        raise StateError(f"snake {n + 1}: a field has the wrong type")
    race = _race(t, obj["race"], sid)
    body = _cells(t, obj["body"], f"{sid} body")
    if length != len(body):
        raise StateError(f"{sid}: length {length} but {len(body)} body cells")
    if charges > (_shot_cap(t) if race is Race.SHOOTER else CHARGES[race]):
        raise StateError(f"{sid}: a {race} cannot have {charges} charges")
    if ghost > 3 or (ghost and race is not Race.GHOST):
        raise StateError(f"{sid}: ghost_turns_left {ghost} is impossible for a {race}")
    if digging and race is not Race.DIGGER:
        raise StateError(f"{sid}: only a Digger digs")
    raw_links = obj["portal_links"]
    if type(raw_links) is not list:
        raise StateError(f"{sid}: portal_links must be a list")
    links: tuple[Link, ...] = ()
    if raw_links:
        found = []
        for raw in raw_links:
            link = _keys(raw, _LINK_KEYSET, f"{sid} portal link")
            found.append(Link(_int(link, "index", sid), _str(link, "owner", sid)))
        indices = [k.index for k in found]
        if indices != sorted(set(indices)) or indices[-1] + 1 >= len(body):
            raise StateError(f"{sid}: portal_links must be by index, each below length - 1")
        links = tuple(found)
    death = None
    if obj["death"] is not None:
        d = _keys(obj["death"], _DEATH_KEYSET, f"{sid} death")
        cause = _CAUSES.get(d["cause"]) if type(d["cause"]) is str else None
        if cause is None:
            raise StateError(f"{sid}: unknown death cause {shown(d['cause'])}")
        if d["by"] is not None and type(d["by"]) is not str:
            raise StateError(f"{sid}: death 'by' must be a snake id or null")
        death = Death(
            _int(d, "number", sid, 1), _int(d, "turn", sid, 1), _int(d, "frame", sid, 1),
            cause, d["by"],
        )  # fmt: skip
        if death.turn > state_turn:
            raise StateError(f"{sid}: died in turn {death.turn}, after turn {state_turn}")
    if removed and (alive or body or death is not None):
        raise StateError(f"{sid}: a removed snake is not alive, has no body and no death")
    if alive and (death is not None or len(body) < 2):
        raise StateError(f"{sid}: a living snake has no death and 2 body cells or more (SS-2.3)")
    if not alive and not removed and death is None:
        raise StateError(f"{sid}: a dead snake has a death record")
    if not alive and (pending or ghost or digging or links):
        raise StateError(f"{sid}: growth, ghost, digging and links reset at death (SS-5.8)")
    return Snake(sid, colour, race, body, alive, removed, pending, charges, ghost, digging,
                 links, death)  # fmt: skip


def _grid(t: Terrain, data: Any) -> bytes:
    if type(data) is not list or len(data) != t.floors:
        raise StateError(f"grid must hold {t.floors} floor(s)")
    rows: list[str] = []
    for floor in data:
        if type(floor) is not list or len(floor) != t.height:
            raise StateError(f"each floor of the grid has {t.height} rows")
        rows += floor
    try:
        grid = "".join(rows).encode("ascii")
    except (TypeError, UnicodeEncodeError) as e:
        raise StateError("grid rows are strings of . H # X T") from e
    if len(grid) != t.size or any(len(row) != t.width for row in rows):
        raise StateError(f"each grid row is a string of {t.width} characters")
    if grid.translate(None, _GRID_LEGEND):  # something left: not a legend character
        raise StateError("grid characters are . H # X T")
    return grid


def from_json(data: Any) -> State:
    """A state from its canonical JSON; raises :class:`StateError` if incomplete or inconsistent."""
    obj = _keys(data, _STATE_KEYSET, "the state")
    if obj["game"] != GAME:
        raise StateError(f"game must be {GAME!r}")
    t = _terrain(obj["terrain"])
    turn = _int(obj, "turn", "the state")
    frame = _int(obj, "frame", "the state")
    deaths = _int(obj, "deaths", "the state")
    if deaths > t.players:
        raise StateError(f"deaths is {deaths}, more than the snakes of {t.id}")
    twd = _int(obj, "turns_without_death", "the state")
    path_length = _int(obj, "path_length", "the state", 1)
    try:
        wrap_rows, wrap_columns = t.parse_wrap(obj["wrap"])
    except TerrainError as e:
        raise StateError(str(e)) from e
    grid = _grid(t, obj["grid"])
    raw_snakes = obj["snakes"]
    if type(raw_snakes) is not list or not 2 <= len(raw_snakes) <= t.players:
        raise StateError(f"{t.id} has 2 to {t.players} snakes")
    snakes = tuple([_snake(t, s, n, turn) for n, s in enumerate(raw_snakes)])
    seats = {s.id: n for n, s in enumerate(snakes)}
    if len(seats) != len(snakes) or len({s.colour for s in snakes}) != len(snakes):
        raise StateError("snake ids and colours must be unique")
    numbers = sorted([s.death.number for s in snakes if s.death is not None])
    if len(numbers) != deaths or numbers != list(range(1, deaths + 1)):
        raise StateError(f"deaths is {deaths} but the death numbers are {numbers}")
    for s in snakes:
        if s.death is not None and s.death.by is not None and s.death.by not in seats:
            raise StateError(f"{s.id} was killed by unknown snake {shown(s.death.by)}")
        for link in s.portal_links:
            if link.owner not in seats or snakes[seats[link.owner]].race is not Race.SHOOTER:
                raise StateError(f"{s.id} holds a link to {link.owner!r}, not a shooter")
    traps = obj["traps"]
    if type(traps) is not list or (
        (traps or TRAP in grid) and list(_cells(t, traps, "traps")) != trap_cells(grid)
    ):
        raise StateError("traps must list exactly the T cells of the grid, in reading order")
    portals = _portals(t, obj["portals"], snakes, seats) if obj["portals"] != [] else ()
    pending = _pending(t, obj["pending_deletions"], grid, snakes, obj["result"] is not None)
    queued = obj["queued_changes"]
    if type(queued) is not list or (
        queued
        and (
            any(type(k) is not int or k not in t.changes or k > deaths for k in queued)
            or queued != sorted(set(queued))
        )
    ):
        raise StateError("queued_changes lists death numbers with a change, oldest first")
    result = _result(obj["result"], snakes, seats)
    _check_digging(t, grid, snakes, pending)
    return State(t, turn, frame, deaths, twd, path_length, wrap_rows, wrap_columns, grid,
                 snakes, portals, pending, tuple(queued), result)  # fmt: skip


def _portals(
    t: Terrain, data: Any, snakes: tuple[Snake, ...], seats: dict[str, int]
) -> tuple[Portal, ...]:
    if not isinstance(data, list):
        raise StateError("portals must be a list")
    out = []
    for raw in data:
        p = _keys(raw, _PORTAL_KEYSET, "a portal")
        owner = p["owner"]
        if (
            type(owner) is not str
            or owner not in seats
            or snakes[seats[owner]].race != Race.SHOOTER
        ):
            raise StateError(f"portal owner {shown(owner)} is not a shooter")
        if type(p["slot"]) is not int or p["slot"] not in (1, 2):
            raise StateError("a portal's slot is 1 or 2")
        if type(p["dir"]) is not str or p["dir"] not in DIR_INDEX:
            raise StateError("a portal's dir is U, D, L or R")
        out.append(
            Portal(
                owner,
                p["slot"],
                _cell(t, p["cell"], "portal"),
                DIR_INDEX[p["dir"]],
                _bool(p, "doomed", "a portal"),
            )
        )
    keys = [(seats[p.owner], p.slot) for p in out]
    if keys != sorted(set(keys)):
        raise StateError("portals: one per owner and slot, by owner's seat then slot")
    return tuple(out)


def _pending(
    t: Terrain, data: Any, grid: bytes, snakes: tuple[Snake, ...], over: bool
) -> tuple[tuple[int, bool], ...]:
    """Pending deletions (SS-7.4): each shows its old character and has something on it.

    Only a game that ended at the removals of a turn (SS-10.1: no frame, so
    no step 10) may keep one its removed snake has left.
    """
    if type(data) is not list:
        raise StateError("pending_deletions must be a list")
    if not data:
        return ()
    out = []
    occupied = {c for s in snakes for c in s.body}
    for raw in data:
        p = _keys(raw, _PENDING_KEYSET, "a pending deletion")
        c = _cell(t, p["cell"], "pending deletion")
        if grid[c] not in (OPEN, LADDER):
            raise StateError(f"pending deletion {p['cell']} must show its old . or H")
        if c not in occupied and not over:
            raise StateError(f"pending deletion {p['cell']} has nothing on it: it would be a wall")
        out.append((c, _bool(p, "diggable", "a pending deletion")))
    cells = [c for c, _ in out]
    if cells != sorted(set(cells)):
        raise StateError("pending_deletions must be in reading order, each cell once")
    return tuple(out)


def _result(data: Any, snakes: tuple[Snake, ...], seats: dict[str, int]) -> Outcome | None:
    alive = [s.id for s in snakes if s.alive]
    if data is None:
        if len(alive) < 2:
            raise StateError("the game goes on with fewer than two snakes alive")
        return None
    if isinstance(data, dict) and set(data) == {"winner"}:
        if type(data["winner"]) is not str or alive != [data["winner"]]:
            raise StateError("the winner must be the only snake alive")
        return Outcome(data["winner"])
    if isinstance(data, dict) and set(data) == {"draw"}:
        draw = data["draw"]
        if (
            alive
            or not isinstance(draw, list)
            or not draw
            or any(type(d) is not str or d not in seats for d in draw)
            or [seats[d] for d in draw] != sorted({seats[d] for d in draw})
        ):
            raise StateError("a draw lists dead snakes in seat order, with none alive")
        return Outcome(None, tuple(draw))
    raise StateError('result is null, {"winner": id} or {"draw": [ids]}')


def _check_digging(
    t: Terrain, grid: bytes, snakes: tuple[Snake, ...], pending: tuple[tuple[int, bool], ...]
) -> None:
    """SS-8.4: a digging Digger's head is on a wall cell (``#``, ``T``, a corpse cell or a
    pending deletion); digging anywhere else is inconsistent."""
    for s in snakes:
        if s.digging:
            head = s.body[0]
            if not (
                grid[head] in (WALL, TRAP)
                or any(c == head for c, _ in pending)
                or any(head in o.body for o in snakes if not o.alive)
            ):
                raise StateError(f"{s.id} is digging, but its head {t.names[head]} is on no wall")
