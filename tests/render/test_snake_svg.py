"""The Snake Synapse drawing, checked by content: SVG elements and PNG pixels."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest

from samtempa.adjudicate import load_case, run_case
from samtempa.games.registry import get_game
from samtempa.grid import Cell, parse_cell
from samtempa.records import record_from_case
from samtempa.render import palette as pal
from samtempa.render import snake
from samtempa.render.raster import svg_to_png
from samtempa.render.story import Story
from samtempa.render.svg import state_svg
from tests.render.helpers import (
    CASES,
    all_text,
    case_paths,
    classes,
    close,
    final_state,
    find_all,
    hex_rgb,
    image,
    one,
    parse,
    pixel,
    texts,
)

SNAKE = CASES / "snake-synapse"


def start_of(name: str) -> dict[str, Any]:
    case = load_case(SNAKE / name)
    start: dict[str, Any] = case["start"]
    assert "game" in start, "this case starts from a canonical state"
    return start


def snake_colour(root: Any, snake_id: str) -> str:
    return one(root, "snake", id=snake_id).get("data-colour") or ""


def test_portals_on_their_face_in_the_owners_colour() -> None:
    state = start_of("races/portal-teleport.json")
    root = parse(state_svg(state))
    lay = snake.layout_of(state)
    pink = snake_colour(root, "pink")
    assert pink == pal.REDDISH_PURPLE
    left = one(root, "portal", cell="A4", owner="pink", slot="1", dir="L")
    right = one(root, "portal", cell="M2", owner="pink", slot="2", dir="R")
    for portal, side in ((left, -1), (right, 1)):
        assert portal.get("fill") == pink
        assert portal.get("data-doomed") == "false"
        x, y = lay.centre(portal.get("data-cell") or "")
        # On the face: towards the edge named by dir, thin across it, long along it.
        assert (float(portal.get("cx") or 0) - x) * side > lay.cell * 0.3
        assert float(portal.get("cy") or 0) == pytest.approx(y)
        assert float(portal.get("ry") or 0) > 3 * float(portal.get("rx") or 0)


def test_doomed_portal_is_dashed() -> None:
    path = SNAKE / "races/portal-doomed-while-crossing.json"
    status, out = run_case(load_case(path), frames=True)
    assert status == 0
    doomed = [f for f in out["frames"] if any(p["doomed"] for p in f["portals"])]
    assert doomed, "the case dooms a portal in some frame"
    root = parse(state_svg(doomed[0]))
    marked = [p for p in find_all(root, "portal") if p.get("data-doomed") == "true"]
    assert marked
    assert all(p.get("stroke-dasharray") for p in marked)


def test_walls_diggable_and_undiggable_differ() -> None:
    grid = start_of("core/double-grid-tunnel.json")
    root = parse(state_svg(grid))
    partition = one(root, "cell", "wall", "undiggable", cell="F1")
    assert partition.get("fill") == pal.WALL_UNDIGGABLE
    torus = start_of("core/torus-changes.json")
    troot = parse(state_svg(torus))
    hashes = [
        f"{'ABCDEFGHIJKLM'[c]}{r + 1}"
        for r, row in enumerate(torus["grid"][0])
        for c, ch in enumerate(row)
        if ch == "#"
    ]
    assert hashes
    for cell in hashes:
        wall = one(troot, "cell", "wall", "diggable", cell=cell)
        assert wall.get("fill") == "url(#diggable)"
    im = image(svg_to_png(state_svg(grid)))
    x, y = snake.layout_of(grid).centre("F5")
    assert close(pixel(im, x, y), hex_rgb(pal.WALL_UNDIGGABLE))
    tim = image(svg_to_png(state_svg(torus)))
    lay = snake.layout_of(torus)
    x, y = lay.corner(parse_cell(hashes[0]) or Cell(0, 0))
    # The hatching: both the light and the dark grey appear in a diggable wall.
    seen = {pixel(tim, x + dx, y + dy) for dx in range(4, 30, 2) for dy in range(4, 30, 3)}
    assert any(close(p, hex_rgb(pal.WALL_DIGGABLE)) for p in seen)
    assert any(close(p, hex_rgb(pal.WALL_HATCH)) for p in seen)


def test_wraps_have_edge_markers() -> None:
    torus = start_of("core/torus-changes.json")
    root = parse(state_svg(torus))
    rows = {n.get("data-row") for n in find_all(root, "wrap", "row")}
    cols = {n.get("data-column") for n in find_all(root, "wrap", "column")}
    assert rows == {str(r) for r in torus["wrap"]["rows"]}
    assert cols == set(torus["wrap"]["columns"])
    classic = parse(state_svg(start_of("races/portal-teleport.json")))
    assert find_all(classic, "wrap") == []


def test_snakes_heads_symbols_and_legend() -> None:
    state = start_of("core/torus-changes.json")
    root = parse(state_svg(state))
    text = all_text(root)
    for seat, s in enumerate(state["snakes"], 1):
        group = one(root, "snake", id=s["id"])
        assert group.get("data-seat") == str(seat)
        head = [n for n in group.iter() if "head" in classes(n)]
        assert len(head) == 1
        assert head[0].get("data-cell") == s["body"][0]
        head_text = texts(head[0])
        assert snake.RACE_SYMBOLS[s["race"]] in head_text
        assert str(seat) in head_text
        assert f"length {s['length']}" in text
        legend = one(root, "legend-snake", id=s["id"])
        assert snake.RACE_SYMBOLS[s["race"]] in " ".join(texts(legend))
    assert "charges 1" in text


def test_race_symbols_are_the_rule_books() -> None:
    assert snake.RACE_SYMBOLS == {
        "breaker": "||",
        "dasher": "≈",
        "trapper": "[X]",
        "digger": "[↑]",
        "ghost": "O",
        "shooter": "00",
    }


def test_corpses_are_dark() -> None:
    state = start_of("races/dig-corpse-chain.json")
    root = parse(state_svg(state))
    dead = [s for s in state["snakes"] if not s["alive"] and s["body"]]
    assert dead
    for s in dead:
        group = one(root, "snake", "corpse", id=s["id"])
        colour = group.get("data-colour") or ""
        segments = [n for n in group.iter() if "segment" in classes(n)]
        assert segments
        for seg in segments:
            assert pal.luminance(seg.get("fill") or "") < pal.luminance(colour) * 0.5
        assert [n for n in group.iter() if "dead" in classes(n)]


def test_stacked_spawn_shows_its_count() -> None:
    game = get_game("snake-synapse")
    state = game.to_json(
        game.initial_state(
            {
                "terrain": "classic",
                "snakes": [{"id": "red", "race": "dasher"}, {"id": "blue", "race": "ghost"}],
            }
        )
    )
    root = parse(state_svg(state))
    stack = one(root, "stack", cell=state["snakes"][0]["body"][0])
    assert texts(stack) == ["×5"]


def rhizome_state() -> dict[str, Any]:
    game = get_game("snake-synapse")
    snakes = [{"id": c, "race": r} for c, r in (("red", "digger"), ("blue", "shooter"))]
    snakes.append({"id": "green", "race": "ghost", "spawn": "C7'"})
    return game.to_json(game.initial_state({"terrain": "rhizome-9", "snakes": snakes}))


def test_rhizome_floors_side_by_side_with_ladders() -> None:
    state = rhizome_state()
    root = parse(state_svg(state))
    ground = one(root, "cell", cell="K4")
    basement = one(root, "cell", cell="A4'")
    assert float(basement.get("x") or 0) > float(ground.get("x") or 0)
    assert basement.get("y") == one(root, "cell", cell="A4").get("y")
    for cell in ("C4", "I4", "C4'", "I4'"):
        one(root, "cell", "ladder", cell=cell)
        one(root, "ladder-mark", cell=cell)
    one(root, "head", cell="C7'")
    assert {t for n in find_all(root, "floor-label") for t in texts(n)} == {
        "Floor 1 (ground)",
        "Floor 2 (basement, C4')",
    }


def test_traps_drawn() -> None:
    state = final_state(SNAKE / "races/trap-success.json")
    assert state["traps"]
    root = parse(state_svg(state))
    for cell in state["traps"]:
        one(root, "cell", "trap", cell=cell)
    im = image(svg_to_png(state_svg(state)))
    x, y = snake.layout_of(state).corner(parse_cell(state["traps"][0]) or Cell(0, 0))
    assert close(pixel(im, x + 4, y + snake.layout_of(state).cell / 2), hex_rgb(pal.TRAP))


def test_pending_deletions_and_queued_changes() -> None:
    state = final_state(SNAKE / "core/classic-pending-under-snake.json")
    assert state["pending_deletions"]
    root = parse(state_svg(state))
    for pending in state["pending_deletions"]:
        mark = one(root, "pending", cell=pending["cell"])
        assert mark.get("data-diggable") == str(pending["diggable"]).lower()
    queued = copy.deepcopy(start_of("races/portal-teleport.json"))
    queued["queued_changes"] = [2]  # classic: at 2 deaths, G4 becomes a wall
    qroot = parse(state_svg(queued))
    assert [n.get("data-cell") for n in find_all(qroot, "queued")] == ["G4"]
    # The change is told in the story's words (render/story.py, their one home).
    told = " ".join(Story("en").change("classic", 2))
    assert "G4" in told
    assert f"Queued change (death 2): {told}" in all_text(qroot)


def test_died_this_frame_marked() -> None:
    status, out = run_case(load_case(SNAKE / "core/body-kill.json"), frames=True)
    assert status == 0
    for frame in out["frames"]:
        root = parse(state_svg(frame))
        died = {
            s["body"][0]
            for s in frame["snakes"]
            if s["death"] and s["death"]["turn"] == frame["turn"]
            and s["death"]["frame"] == frame["frame"]
        }  # fmt: skip
        assert {n.get("data-cell") for n in find_all(root, "mark", "died")} == died


def test_snake_pixels() -> None:
    state = start_of("races/portal-teleport.json")
    im = image(svg_to_png(state_svg(state)))
    lay = snake.layout_of(state)
    red = state["snakes"][0]
    assert red["colour"] == "red"
    x, y = lay.centre(red["body"][2])
    assert close(pixel(im, x, y), hex_rgb(pal.VERMILLION))
    x, y = lay.centre("G3")
    assert close(pixel(im, x, y), hex_rgb(pal.FLOOR))


@pytest.mark.parametrize(
    "path", case_paths("snake-synapse"), ids=lambda p: p.relative_to(CASES).as_posix()
)
def test_every_final_state_renders(path: Path) -> None:
    state = final_state(path)
    svg = state_svg(state)
    root = parse(svg)
    drawn = {n.get("data-id") for n in find_all(root, "snake")}
    assert drawn == {s["id"] for s in state["snakes"] if s["body"]}
    im = image(svg_to_png(svg))
    assert im.width >= 600
    lay = snake.layout_of(state)
    for s in state["snakes"]:  # a head's outline is black (grey for a see-through ghost)
        if s["alive"] and s["body"]:
            x, y = lay.centre(s["body"][0])
            darkest = 170 if s["ghost_turns_left"] else 90
            assert max(pixel(im, x, y - lay.cell * 0.43)) < darkest, s["id"]


def test_record_of_a_case_draws_each_frame() -> None:
    record = record_from_case(load_case(SNAKE / "core/big-settling-frame.json"))
    turn = record.turn_at(1)
    game = record.engine
    frames = [game.to_json(f) for f in turn.step.frames]
    assert len(frames) == 6
    assert [f["frame"] for f in frames] == [1, 2, 3, 4, 5, 6]
    for frame in frames:
        assert f"frame {frame['frame']}" in texts(parse(state_svg(frame)))[0]
