"""The engine's answers to "where does this step lead" and "is this a wall" (topology.py).

Bots, pictures and the browser use these instead of working out wrap sets, ladders,
portals and walls themselves, so they are checked against the frame pipeline's own
moves on every terrain (SS-1.4, SS-1.5, SS-5.2, SS-5.3).
"""

from __future__ import annotations

import itertools

import pytest

from samtempa.games.snake import TERRAIN_IDS, load_terrain
from samtempa.games.snake.board import Board
from samtempa.games.snake.state import State
from samtempa.games.snake.terrain import DIR_INDEX
from samtempa.games.snake.topology import guide, step_table, wall_cells
from tests.games.snake.helpers import GAME, play, position, snake, with_grid
from tests.games.snake.test_properties import play_game


def _games(terrain_id: str) -> list[list[State]]:
    """Random games on one terrain, each as its positions frame by frame."""
    out: list[list[State]] = []
    for seed in range(3):
        game = play_game(terrain_id, load_terrain(terrain_id).players, seed)
        out.append([s for before, _, step in game.turns for s in (before, *step.frames)])
    return out


def _states(terrain_id: str) -> list[State]:
    return [s for game in _games(terrain_id) for s in game]


def _frame_pairs(terrain_id: str) -> list[tuple[State, State]]:
    return [p for game in _games(terrain_id) for p in itertools.pairwise(game)]


@pytest.mark.parametrize("terrain_id", TERRAIN_IDS)
def test_every_head_the_frames_move_lands_where_the_guide_said(terrain_id: str) -> None:
    """SS-5.2: from each frame to the next, a living snake whose head moved one step is on
    one of the four cells ``guide`` gives for its old head (portals and ladders included),
    and ``step_table`` agrees with ``guide`` wherever no portal is involved."""
    checked = 0
    for before, after in _frame_pairs(terrain_id):
        if before.queued:
            continue  # a queued change applies first, at step 1 of the next frame (SS-7.2)
        view = guide(before)
        table = step_table(before)
        name = before.terrain.name_of
        for cell_name, row in view["steps"].items():
            cell = before.terrain.cell(cell_name)
            for d, to in enumerate(row):
                if f"{cell_name}:{'UDLR'[d]}" in view["through"]:
                    continue
                expected = table[cell * 4 + d]
                assert to == (name(expected) if expected >= 0 else None)
        for old, new in zip(before.snakes, after.snakes, strict=True):
            if old.alive and new.alive and new.body[0] != old.body[0] and not old.is_ghost:
                targets = view["steps"][name(old.body[0])]
                assert name(new.body[0]) in targets, (terrain_id, old.id)
                checked += 1
    assert checked > 20


@pytest.mark.parametrize("terrain_id", TERRAIN_IDS)
def test_wall_cells_are_the_cells_the_board_calls_walls(terrain_id: str) -> None:
    """SS-5.3: ``wall_cells`` of a state and ``Board.is_wall`` agree on every cell."""
    for state in _states(terrain_id)[::7]:
        board = Board(state)
        walls = wall_cells(state)
        assert {c for c in range(state.terrain.size) if board.is_wall(c)} == walls


def test_torus_steps_wrap_and_classic_steps_stop_at_the_edge() -> None:
    """SS-1.4: the same step off row 1 wraps on the torus and leaves the board on classic."""
    for terrain, expected in (("torus", "A6"), ("classic", None)):
        state = position([snake("red", ["A1", "A2"]), snake("blue", ["F5", "F6"])], terrain)
        assert guide(state)["steps"]["A1"][DIR_INDEX["U"]] == expected


def test_a_step_onto_a_ladder_comes_out_on_the_other_floor() -> None:
    """SS-1.5 on Rhizome: the guide's step onto an ``H`` cell names the other floor's cell,
    and a snake played there by the engine arrives on that very cell."""
    t = load_terrain("rhizome-9")
    ladder = next(c for c in range(t.area) if t.grid[c] == ord("H"))
    below = t.neighbours(t.wrap_rows, t.wrap_columns)[ladder * 4 + DIR_INDEX["D"]]
    start = next(
        c for c in (below, ladder - 1, ladder + 1) if 0 <= c < t.area and t.grid[c] == ord(".")
    )
    d = next(d for d in range(4) if t.neighbours((), ())[start * 4 + d] == ladder)
    other = snake("blue", [t.name_of(t.area + 1)] * 2)
    state = position([snake("red", [t.name_of(start)] * 2), other], terrain="rhizome-9")
    arrival = guide(state)["steps"][t.name_of(start)][d]
    assert arrival == t.name_of(t.other_floor(ladder))
    path = "UDLR"[d] * state.path_length
    frames = play(state, {"red": path, "blue": "D" * state.path_length}).frames
    assert t.name_of(frames[0].snake("red").body[0]) == arrival


def test_a_complete_portal_pair_is_in_the_guide_and_a_lone_portal_is_not() -> None:
    """SS-8.6, SS-5.2 (a): stepping into the face of a complete pair leads to the partner's
    cell; with one portal of the pair only, the step is an ordinary one."""
    portals = [
        {"owner": "blue", "slot": 1, "cell": "D1", "dir": "U", "doomed": False},
        {"owner": "blue", "slot": 2, "cell": "M4", "dir": "R", "doomed": False},
    ]
    snakes = [snake("red", ["D2", "D3"]), snake("blue", ["H5", "H6"], race="shooter")]
    state = position(snakes, portals=portals)
    view = guide(state)
    assert view["steps"]["D1"][DIR_INDEX["U"]] == "M4"
    assert view["steps"]["M4"][DIR_INDEX["R"]] == "D1"
    assert view["through"] == {"D1:U": "blue", "M4:R": "blue"}
    lone = guide(position(snakes, portals=portals[:1]))
    assert lone["steps"]["D1"][DIR_INDEX["U"]] is None
    assert lone["through"] == {}


def test_corpses_and_pending_deletions_are_walls() -> None:
    """SS-5.3, SS-5.8: a corpse's cells and a pending deletion are walls for a head."""
    dead = snake("blue", ["F5", "F6"], alive=False, death={"number": 1})
    pending = [{"cell": "B3", "diggable": True}]  # under red's tail: still pending
    alive = [snake("red", ["B2", "B3"]), snake("green", ["J2", "J3"])]
    state = position([*alive, dead], pending_deletions=pending)
    walls = set(guide(state)["walls"])
    assert {"F5", "F6", "B3"} <= walls
    assert "B2" not in walls


def test_the_step_table_is_shared_between_states_of_one_topology() -> None:
    """The table is kept per terrain, wrap sets and ladders, not rebuilt per call."""
    state = GAME.initial_state(
        {
            "terrain": "classic",
            "snakes": [{"id": "a", "race": "breaker"}, {"id": "b", "race": "ghost"}],
        }
    )
    other = play(state, {"a": "UUUUU", "b": "UUUUU"}).state
    assert step_table(state) is step_table(other)


def test_the_guide_names_the_cell_a_trap_takes_on_the_torus() -> None:
    """SS-8.3: a trap set towards L from A3 on the torus lands on K3 (wrap, no ladder, no
    portal): the guide's ``neighbours`` says so before the turn, and the engine agrees."""
    red = snake("red", ["A3", "A4"], race="trapper")
    blue = snake("blue", ["F5", "F6"], race="ghost")
    state = position([red, blue], terrain="torus")
    view = guide(state)
    # Red's first step goes up to A2; a trap to its left at that step.
    first = view["steps"]["A3"][DIR_INDEX["U"]]
    assert first == "A2"
    expected = view["neighbours"][first][DIR_INDEX["L"]]
    assert expected == "K2"
    after = play(
        state,
        {"red": {"path": "URRRR", "trap": {"frame": 1, "dir": "L"}}, "blue": "DDDDD"},
    ).state
    assert after.terrain.name_of(next(iter(after.traps))) == expected


def test_the_guide_names_the_face_a_shot_finds() -> None:
    """SS-8.6: a shot's ray stops before the edge or a wall; ``rays`` gives the front cell
    the engine then puts the portal on."""
    cyan = snake("cyan", ["D4", "D5"], race="shooter", charges=3)
    blue = snake("blue", ["J2", "J3"], race="ghost")
    state = with_grid(position([cyan, blue]), H4="#")
    view = guide(state)
    assert view["rays"]["D4"][DIR_INDEX["R"]] == "G4"
    assert view["rays"]["D4"][DIR_INDEX["U"]] == "D1"
    after = play(
        state,
        {
            "cyan": {"path": "LRRRR", "shoot": [{"frame": 2, "portal": 1, "dir": "R"}]},
            "blue": "DDDDD",
        },
    ).state
    # Step 2 brings the head back to D4 (L then R): the ray from there finds G4's face.
    assert [after.terrain.name_of(p.cell) for p in after.portals] == ["G4"]


def test_diggable_walls_are_the_walls_a_digger_may_enter() -> None:
    """SS-8.4: ``#`` and corpses are diggable, ``X`` is not; all three are walls."""
    yellow = snake("yellow", ["D4", "D5"], race="digger")
    dead = snake("blue", ["J5", "J6"], alive=False, death={"number": 1})
    state = with_grid(position([yellow, snake("red", ["B2", "B3"]), dead]), E4="#", F4="X")
    view = guide(state)
    assert {"E4", "F4", "J5"} <= set(view["walls"])
    assert {"E4", "J5"} <= set(view["diggable"])
    assert "F4" not in view["diggable"]
