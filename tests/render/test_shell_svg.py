"""The What the Shell drawing, checked by content: SVG elements and PNG pixels."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from samtempa.adjudicate import load_case
from samtempa.games.shell.rules import TurnReport
from samtempa.records import record_from_case
from samtempa.render import palette as pal
from samtempa.render import shell
from samtempa.render.raster import svg_to_png
from samtempa.render.svg import state_svg
from tests.render.helpers import (
    CASES,
    all_text,
    case_paths,
    cells_of,
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

SHELL = CASES / "what-the-shell"


def big_turn() -> tuple[dict[str, Any], TurnReport, dict[str, Any]]:
    """The rule book's big turn (WTS-5.4): before, report, after."""
    record = record_from_case(load_case(SHELL / "wts-big-turn-rule-book.json"))
    turn = record.turn_at(1)
    game = record.engine
    report = turn.step.report
    assert isinstance(report, TurnReport)
    return game.to_json(turn.before), report, game.to_json(turn.after)


def test_pieces_are_where_the_state_says() -> None:
    before, _, _ = big_turn()
    root = parse(state_svg(before))
    for cell, ch in cells_of(before["board"]):
        kind = {"B": ("turtle", "black"), "W": ("turtle", "white"), "O": ("egg",)}.get(ch)
        found = [
            n
            for n in find_all(root, cell=cell)
            if {"turtle", "egg"} & set(n.get("class", "").split())
        ]
        if kind is None:
            assert found == [], cell
        else:
            assert len(found) == 1, cell
            assert set(kind) <= set(found[0].get("class", "").split()), cell
    assert one(root, "turtle", "black", cell="E2") is not None
    assert one(root, "turtle", "white", cell="E3") is not None


def test_coordinates_are_drawn() -> None:
    root = parse(state_svg(big_turn()[0]))
    cols = [t for n in find_all(root, "coord", "col") for t in texts(n)]
    rows = [t for n in find_all(root, "coord", "row") for t in texts(n)]
    assert cols == list("ABCDEFGHI")
    assert rows == [str(i) for i in range(1, 10)]


def test_eggs_show_their_queue_order() -> None:
    state = final_state(SHELL / "wts-egg-queue-order.json")
    assert state["eggs"] == ["C3", "G7", "A9"]
    root = parse(state_svg(state))
    for number, cell in enumerate(state["eggs"], 1):
        egg = one(root, "egg", cell=cell)
        assert egg.get("data-queue") == str(number)
        assert texts(egg) == [str(number)]


def test_last_turn_marked_big_turn() -> None:
    before, report, after = big_turn()
    root = parse(state_svg(after, report=report, before=before))
    assert one(root, "turtle", "black", cell="E5") is not None
    one(root, "mark", "pick", "black", cell="E5")
    one(root, "mark", "pick", "white", cell="B4")
    captured = {n.get("data-cell"): n.get("data-piece") for n in find_all(root, "mark", "captured")}
    assert captured == {"E3": "W", "E4": "W", "F5": "W", "G5": "W", "B5": "B", "B6": "B"}
    assert {n.get("data-cell") for n in find_all(root, "capture-cross")} == set(captured)
    lines = {(n.get("data-from"), n.get("data-to")) for n in find_all(root, "capture-line")}
    assert lines == {("E5", "H5"), ("E5", "E2"), ("B4", "B7")}
    one(root, "mark", "vanished", cell="A9")
    one(root, "mark", "hatched", "black", cell="I9")
    one(root, "turtle", "black", cell="I9")
    one(root, "egg", cell="I1")
    text = all_text(root)
    assert "Vanished: egg A9." in text
    assert "Hatched: I9 as black." in text


def test_winning_line_marked() -> None:
    record = record_from_case(load_case(SHELL / "wts-win-five-in-a-row.json"))
    turn = record.turn_at(1)
    game = record.engine
    after = game.to_json(turn.after)
    assert after["result"] == "black"
    for svg in (state_svg(after, report=turn.step.report), state_svg(after)):
        root = parse(svg)
        (line,) = find_all(root, "winning-line", "black")
        cells = (line.get("data-cells") or "").split()
        assert len(cells) >= 5
        assert all(dict(cells_of(after["board"]))[c] == "B" for c in cells)
        assert "black wins" in all_text(root)


def test_collision_marks_one_pick() -> None:
    record = record_from_case(load_case(SHELL / "wts-collision-lays-egg.json"))
    turn = record.turn_at(-1)
    game = record.engine
    root = parse(state_svg(game.to_json(turn.after), report=turn.step.report))
    picks = find_all(root, "mark", "pick")
    assert len(picks) == 1
    assert "B+W" in texts(picks[0])


@pytest.mark.parametrize("path", case_paths("what-the-shell"), ids=lambda p: p.name)
def test_turn_steps_reach_the_engine_board(path: Path) -> None:
    """The steps laid from the report end on exactly the board the engine gives."""
    record = record_from_case(load_case(path))
    game = record.engine
    for turn in record.replay():
        after = game.to_json(turn.after)
        _, _, board = shell.walk_turn(
            shell.Board.from_state(game.to_json(turn.before)), turn.step.report, after["turn"]
        )
        assert board.pieces == shell.Board.from_state(after).pieces
        assert board.queue == after["eggs"]


def test_big_turn_steps() -> None:
    before, report, after = big_turn()
    pictures = shell.turn_pictures(before, report, after)
    assert [p.caption for p in pictures[:4]] == [
        "Turn 11: black picks E5, white picks B4",
        "Turn 11: the turtles land on E5 and B4",
        "Turn 11, wave 0: black captures 2, white captures 1",
        "Turn 11, wave 0: egg A9 vanishes; egg I9 hatches black",
    ]
    capturing = parse(shell.draw(pictures[2]))
    # The captured turtles are still on the board, marked, while the wave finds them.
    one(capturing, "turtle", "white", cell="F5")
    one(capturing, "mark", "capturing", cell="F5")
    hatching = parse(shell.draw(pictures[3]))
    assert find_all(hatching, "turtle", cell="F5") == []
    one(hatching, "mark", "hatched", "black", cell="I9")


@pytest.mark.parametrize("path", case_paths("what-the-shell"), ids=lambda p: p.name)
def test_every_final_state_renders(path: Path) -> None:
    state = final_state(path)
    svg = state_svg(state)
    root = parse(svg)
    assert len(find_all(root, "turtle")) == sum(ch in "BW" for _, ch in cells_of(state["board"]))
    im = image(svg_to_png(svg))
    assert im.width == 600
    for cell, ch in cells_of(state["board"]):
        x, y = shell.cell_centre(cell)
        if ch == ".":
            assert close(pixel(im, x + 20, y + 20), hex_rgb(pal.SAND)), cell


def test_png_pixels_at_known_cells() -> None:
    before, _, _ = big_turn()
    im = image(svg_to_png(state_svg(before)))

    def at(cell: str, dy: float = 0) -> tuple[int, int, int]:
        x, y = shell.cell_centre(cell)
        return pixel(im, x, y + dy)

    assert max(at("E2", 16)) < 60  # black turtle
    assert min(at("E3", 16)) > 230  # white turtle
    assert close(at("A9", 12), hex_rgb(pal.EGG))  # an egg (below its number)
    assert close(at("D8"), hex_rgb(pal.SAND))  # empty


def test_png_width_scales() -> None:
    im = image(svg_to_png(state_svg(big_turn()[0]), width=300))
    assert im.width == 300


def test_docstring_examples() -> None:
    import doctest

    import samtempa.render.svg

    assert doctest.testmod(samtempa.render.svg).attempted > 0
    assert doctest.testmod(samtempa.render.svg).failed == 0
