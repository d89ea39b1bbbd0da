"""GIF and APNG of records: whole games, turns step by step, Snake Synapse frame by frame."""

from __future__ import annotations

import io
import json
from pathlib import Path
from random import Random
from typing import Any

import pytest
from PIL import Image

from samtempa.adjudicate import load_case
from samtempa.cli import main as cli
from samtempa.records import Player, Record, new_record, record_from_case
from samtempa.render import animate, raster
from tests.render.helpers import CASES, parse, texts
from tests.test_records import random_shell_record


def random_snake_record(seed: int, terrain: str = "classic") -> Record:
    """A seeded random Snake Synapse game of six snakes, played to its end."""
    races = ["breaker", "dasher", "trapper", "digger", "ghost", "shooter"]
    ids = ["red", "blue", "green", "orange", "pink", "cyan"]
    snakes = [{"id": i, "race": r} for i, r in zip(ids, races, strict=True)]
    record = new_record(
        "snake-synapse",
        {"terrain": terrain, "snakes": snakes},
        [Player(i, i.title()) for i in ids],
    )
    game = record.engine
    rng = Random(seed)
    while record.result is None:
        state = record.final_state()
        # Random orders, each snake's redrawn a few times while the engine says it dies:
        # games then last several turns instead of one or two.
        players = game.players(state)
        orders = {p: game.random_orders(state, p, rng) for p in players}
        for p in players:
            for _ in range(15):
                if _survives(game, state, p, orders):
                    break
                orders[p] = game.random_orders(state, p, rng)
        record.append_orders(_as_json(game, state, orders))
    return record


def _survives(game: Any, state: Any, player: str, orders: dict[str, object]) -> bool:
    after = game.to_json(game.play(state, _as_json(game, state, orders)).state)
    return any(s["id"] == player and s["alive"] for s in after["snakes"])


def _as_json(game: Any, state: Any, orders: dict[str, object]) -> dict[str, Any]:
    return {p: game.orders_to_json(state, p, o) for p, o in orders.items()}


def frames_of(data: bytes) -> list[Image.Image]:
    im = Image.open(io.BytesIO(data))
    out = []
    for k in range(getattr(im, "n_frames", 1)):
        im.seek(k)
        out.append(im.convert("RGB"))
    return out


def test_whole_shell_game_to_gif(tmp_path: Path) -> None:
    record = random_shell_record(50)  # 17 turns, one with captures: a short whole game
    assert record.result is not None
    path = tmp_path / "game.json"
    record.save(path)
    out = tmp_path / "game.gif"
    assert cli(["render", str(path), "--out", str(out), "--width", "300"]) == 0
    frames = animate.game_frames(record)
    waves = [len(t.step.report.waves) for t in record.replay()]
    assert any(waves), "the game has captures"
    # The start, one picture per turn; a turn with captures adds its landing and, for
    # each wave, the captures found and then the eggs.
    assert len(frames) == 1 + len(record.turns) + sum(1 + 2 * w for w in waves if w)
    pictures = frames_of(out.read_bytes())
    assert len(pictures) == len(frames)
    assert pictures[0].width == 300
    assert pictures[0].tobytes() != pictures[-1].tobytes()
    last = parse(frames[-1][0])
    assert f"{record.result['winner']} wins" in texts(last)[0]


def test_shell_turn_steps_to_apng(tmp_path: Path) -> None:
    case = CASES / "what-the-shell" / "wts-big-turn-rule-book.json"
    out = tmp_path / "turn.apng"
    assert cli(["render", str(case), "--out", str(out), "--turn", "1"]) == 0
    im = Image.open(out)
    assert im.format == "PNG"
    assert getattr(im, "n_frames", 1) == 5  # picks, landing, captures, eggs, result
    assert getattr(im, "is_animated", False)


@pytest.fixture(scope="module")
def snake_game() -> Record:
    return random_snake_record(38)


def test_snake_game_any_turn_to_gif(snake_game: Record, tmp_path: Path) -> None:
    record = snake_game
    assert len(record.turns) >= 3
    path = tmp_path / "snake.json"
    record.save(path)
    for turn in (1, len(record.turns)):
        out = tmp_path / f"turn{turn}.gif"
        args = ["render", str(path), "--out", str(out), "--turn", str(turn), "--width", "300"]
        assert cli(args) == 0
        engine_frames = record.turn_at(turn).step.frames
        # The orders revealed, every frame the engine gives (settling included), the end.
        assert len(frames_of(out.read_bytes())) == len(engine_frames) + 2
    captions = [texts(parse(svg))[0] for svg, _ in animate.turn_frames(record, 1)]
    assert captions[0].endswith("turn 1: orders revealed")
    assert captions[1].endswith("turn 1, frame 1 of " + str(len(record.turn_at(1).step.frames)))
    assert captions[-1].endswith("end of turn 1")


def test_settling_frames_are_named() -> None:
    record = record_from_case(
        load_case(CASES / "snake-synapse" / "core" / "big-settling-frame.json")
    )
    captions = [texts(parse(svg))[0] for svg, _ in animate.turn_frames(record, 1)]
    assert captions[-2].endswith("settling frame 6 of 6")
    assert captions[-3].endswith("frame 5 of 6")
    assert "settling" not in captions[-3]


def test_snake_whole_game_gif(snake_game: Record) -> None:
    frames = animate.game_frames(snake_game)
    expected = 1 + sum(len(t.step.frames) + 1 for t in snake_game.replay())
    assert len(frames) == expected
    data = raster.animation_bytes(frames[:6], "gif", width=300)
    assert len(frames_of(data)) == 6


def test_record_picture_png_and_svg(snake_game: Record, tmp_path: Path) -> None:
    path = tmp_path / "snake.json"
    snake_game.save(path)
    svg = tmp_path / "end.svg"
    assert cli(["render", str(path), "--out", str(svg)]) == 0
    root = parse(svg.read_text())
    assert f"turn {len(snake_game.turns)}" in texts(root)[0]
    png = tmp_path / "start.png"
    assert cli(["render", str(path), "--out", str(png), "--turn", "0"]) == 0
    assert Image.open(png).width >= 600


def test_render_a_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    state = load_case(CASES / "what-the-shell" / "wts-big-turn-rule-book.json")["start"]
    path = tmp_path / "state.json"
    path.write_text(json.dumps(state))
    out = tmp_path / "state.png"
    assert cli(["render", str(path), "--out", str(out)]) == 0
    assert "1 picture" in capsys.readouterr().out
    assert Image.open(out).size[0] == 600
    assert cli(["render", str(path), "--out", str(out), "--turn", "1"]) == 2
    assert "--turn needs a record" in capsys.readouterr().err
    assert cli(["render", str(path), "--out", str(tmp_path / "state.jpg")]) == 2
    assert ".svg, .png, .gif or .apng" in capsys.readouterr().err
    state["eggs"] = []
    path.write_text(json.dumps(state))
    assert cli(["render", str(path), "--out", str(out)]) == 2
    assert "invalid state" in capsys.readouterr().err


def test_render_a_corrupt_record_names_the_turn(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = random_shell_record(9, turns=5)
    data = record.to_json()
    data["turns"][2]["orders"] = "e5/A1"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    assert cli(["render", str(path), "--out", str(tmp_path / "bad.gif")]) == 1
    assert "turn 3: bad-notation" in capsys.readouterr().err
    assert not (tmp_path / "bad.gif").exists()
