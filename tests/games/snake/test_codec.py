"""SS-11: the canonical state, its lossless round trip, and the states from_json refuses."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from samtempa.games.base import StateError
from tests.games.snake.helpers import GAME, js, play, position, snake

CASES = Path(__file__).parents[2] / "conformance" / "cases" / "snake-synapse"


def case_states() -> list[Any]:
    out = []
    for path in sorted(CASES.rglob("*.json")):
        start = json.loads(path.read_text())["start"]
        if "game" in start:
            out.append(pytest.param(start, id=path.stem))
    return out


@pytest.mark.parametrize("data", case_states())
def test_ss_11_round_trip_of_every_case_start_is_lossless(data: Any) -> None:
    state = GAME.from_json(data)
    assert GAME.to_json(state) == data
    assert GAME.from_json(GAME.to_json(state)) == state


def base() -> Any:
    state = position(
        [
            snake(
                "x",
                ["A5", "A6", "A7", "B7", "C7"],
                alive=False,
                death={"number": 1, "cause": "body", "by": "red"},
            ),
            snake("red", ["C2"] * 5, race="shooter"),
            snake("blue", ["K6", "K5", "K4", "K3", "K2"], race="dasher"),
        ],
        portals=[{"owner": "red", "slot": 1, "cell": "A1", "dir": "U", "doomed": False}],
        pending_deletions=[{"cell": "A6", "diggable": False}],
    )
    return js(state)


Breaker = Callable[[dict[str, Any]], object]


def _set(path: str, value: Any) -> Breaker:
    def change(d: dict[str, Any]) -> None:
        *keys, last = path.split(".")
        target: Any = d
        for k in keys:
            target = target[int(k)] if k.isdigit() else target[k]
        target[int(last) if last.isdigit() else last] = value

    return change


BROKEN: dict[str, Breaker] = {
    "missing key": lambda d: d.pop("traps"),
    "unknown key": _set("colour", "red"),
    "wrong game": _set("game", "what-the-shell"),
    "unknown terrain": _set("terrain", "moon"),
    "negative turn": _set("turn", -1),
    "bool as int": _set("deaths", True),
    "grid size": _set("grid", [["." * 13] * 6]),
    "grid char": _set("grid.0.0", "Q" * 13),
    "length": _set("snakes.1.length", 4),
    "body cell": _set("snakes.1.body.0", "Z9"),
    "unknown race": _set("snakes.1.race", "wizard"),
    "too many charges": _set("snakes.2.charges", 3),
    "ghost turns for a dasher": _set("snakes.2.ghost_turns_left", 2),
    "digging shooter": _set("snakes.1.digging", True),
    "alive with death": _set(
        "snakes.1.death", {"number": 2, "turn": 1, "frame": 1, "cause": "wall", "by": None}
    ),
    "dead without death": _set("snakes.0.death", None),
    "deaths count": _set("deaths", 2),
    "unknown killer": _set("snakes.0.death.by", "pink"),
    "duplicate ids": _set("snakes.2.id", "red"),
    "traps not the T cells": _set("traps", ["D4"]),
    "portal owner not a shooter": _set("portals.0.owner", "blue"),
    "pending on nothing": _set("pending_deletions.0.cell", "D4"),
    "queued without change": _set("queued_changes", [1]),
    "winner not alone": _set("result", {"winner": "red"}),
    "link to nobody": _set("snakes.1.portal_links", [{"index": 0, "owner": "nobody"}]),
    # issue 17 item 13: wrong types where a hash was taken, numbers no game reaches, and
    # the 2026-12-01 decisions (SS-2.3, SS-8.4)
    "portal owner a list": _set("portals.0.owner", ["red"]),
    "portal owner an object": _set("portals.0.owner", {}),
    "portal dir a list": _set("portals.0.dir", ["U"]),
    "draw of lists": _set("result", {"draw": [["x"]]}),
    "deaths past any int": _set("deaths", 10**400),
    "more deaths than snakes": _set("deaths", 7),
    "turn above 1,000,000": _set("turn", 1_000_001),
    "frame above 1,000,000": _set("frame", 10**9),
    "pending growth above 1,000,000": _set("snakes.1.pending_growth", 10**12),
    "death frame above 1,000,000": _set("snakes.0.death.frame", 10**7),
    "living body of one cell": lambda d: d["snakes"][1].update(body=["C2"], length=1),
    "digging off a wall": lambda d: d["snakes"][2].update(race="digger", charges=0, digging=True),
    "wrap columns a string (the cached path)": _set("wrap", {"rows": [], "columns": ""}),
    "wrap columns an object (the cached path)": _set("wrap", {"rows": [], "columns": {}}),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_ss_11_from_json_refuses_incomplete_or_inconsistent_states(name: str) -> None:
    data = base()
    GAME.from_json(copy.deepcopy(data))  # the unbroken state is fine
    BROKEN[name](data)
    with pytest.raises(StateError):
        GAME.from_json(data)


def test_ss_12_frames_carry_turn_and_frame_numbers() -> None:
    state = GAME.from_json(base())
    step = play(state, {"red": "DDDDD", "blue": "LLLLL"})
    assert [(f.turn, f.frame) for f in step.frames] == [(7, k) for k in range(1, 6)]
    assert (step.state.turn, step.state.frame) == (7, 0)
    assert [GAME.from_json(js(f)) for f in step.frames] == list(step.frames)


@pytest.mark.parametrize(
    ("grid", "extra"),
    [
        ({"K6": "#"}, {}),
        ({"K6": "T"}, {"traps": ["K6"]}),
        (
            {},
            {
                "pending_deletions": [
                    {"cell": "A6", "diggable": False},
                    {"cell": "K6", "diggable": True},
                ]
            },
        ),
        ({}, {"corpse": True}),
    ],
    ids=["wall", "trap", "pending deletion", "corpse"],
)
def test_ss_8_4_a_digger_digs_on_a_wall_a_trap_a_pending_deletion_or_a_corpse(
    grid: dict[str, str], extra: dict[str, Any]
) -> None:
    data = base()
    data["snakes"][2].update(race="digger", charges=0, digging=True)  # blue, head on K6
    for name, char in grid.items():
        row = int(name[1:]) - 1
        col = ord(name[0]) - ord("A")
        line = data["grid"][0][row]
        data["grid"][0][row] = line[:col] + char + line[col + 1 :]
    if extra.pop("corpse", False):
        data["snakes"][0]["body"][-1] = "K6"  # the dead snake's tail lies under blue's head
    data.update(extra)
    assert GAME.from_json(data).snake("blue").digging
