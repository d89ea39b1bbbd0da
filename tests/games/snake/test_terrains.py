"""The eight terrains (SS-1.6 to SS-1.9): one test loops over every data file."""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

import pytest

from samtempa.games.base import StateError
from samtempa.games.snake import TERRAIN_IDS, load_terrain
from samtempa.games.snake.board import Board
from samtempa.games.snake.changes import apply_change, settle_pending
from samtempa.games.snake.report import FrameReport
from samtempa.games.snake.terrain import OPEN, TRAP, Terrain, TerrainError
from tests.games.snake.helpers import GAME

RACES = ("breaker", "dasher", "trapper", "digger", "ghost", "shooter")


def full_setup(terrain: Terrain) -> dict[str, Any]:
    races = terrain.races or RACES
    return {
        "terrain": terrain.id,
        "snakes": [{"id": f"s{i}", "race": races[i % len(races)]} for i in range(terrain.players)],
    }


@pytest.mark.parametrize("terrain_id", TERRAIN_IDS)
def test_ss_1_6_every_terrain_loads_with_spawns_inside_free_and_one_per_seat(
    terrain_id: str,
) -> None:
    t = load_terrain(terrain_id)
    assert t.id == terrain_id
    assert len(t.spawns) == t.players == len(set(t.spawns))
    assert all(0 <= c < t.size and t.grid[c] == OPEN for c in t.spawns)
    # Seats = players: a full table starts, one more snake does not.
    state = GAME.initial_state(full_setup(t))
    assert [s.body[0] for s in state.snakes] == list(t.spawns)
    too_many = full_setup(t)
    too_many["snakes"].append({"id": "extra", "race": (t.races or RACES)[0]})
    with pytest.raises(StateError):
        GAME.initial_state(too_many)


@pytest.mark.parametrize("terrain_id", TERRAIN_IDS)
def test_ss_7_3_every_change_of_every_terrain_applies_in_order(terrain_id: str) -> None:
    t = load_terrain(terrain_id)
    board = Board(GAME.initial_state(full_setup(t)))
    for k in sorted(t.changes):
        apply_change(board, k, FrameReport(1))
        settle_pending(board, FrameReport(1))
        assert set(board.grid) <= set(b".H#XT")
        assert all(board.grid[c] not in b"#XT" for c in board.pending)
    # Everything the data says is removed ends as a wall or waits under a snake (SS-7.4).
    assert board.path_length >= t.path_length
    if terrain_id == "aperture-science":
        assert t.races == ("shooter",)
        assert board.grid[t.cell("G6")] == ord("#")  # the 5-death '+'
    state = board.snapshot()
    assert GAME.from_json(GAME.to_json(state)) == state


def test_ss_1_9_documented_layout_decisions() -> None:
    big = load_terrain("big")
    assert bytes(big.grid[big.cell(c)] for c in ("E5", "E4", "D5", "F5", "E6")) == b"#####"
    assert load_terrain("circular-arena").grid[0] == ord("X")
    assert load_terrain("double-grid").grid[load_terrain("double-grid").cell("F5")] == ord("X")
    rhizome = load_terrain("rhizome-9")
    assert rhizome.floors == 2
    assert rhizome.grid[rhizome.cell("C4'")] == ord("H")
    assert load_terrain("torus").wrap_columns == tuple(range(11))


def test_terrain_data_is_checked() -> None:
    data = json.loads(
        (resources.files("samtempa.games.snake") / "terrains" / "classic.json").read_text()
    )
    Terrain(data)
    for key, bad in (
        ("spawns", ["C2"]),
        ("walls", ["Z9"]),
        ("changes", [{"deaths": 2, "ops": [{"op": "explode"}]}]),
        ("wrap", {"rows": [8], "columns": []}),
        ("races", ["wizard"]),
    ):
        with pytest.raises(TerrainError):
            Terrain({**data, key: bad})
    with pytest.raises(KeyError):
        load_terrain("moon")


def test_ss_8_3_remove_and_restore_leave_traps() -> None:
    t = load_terrain("classic")
    board = Board(GAME.initial_state(full_setup(t)))
    board.grid[t.cell("G4")] = TRAP
    apply_change(board, 2, FrameReport(1))  # removes G4
    assert board.grid[t.cell("G4")] == TRAP
