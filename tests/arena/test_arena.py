"""samtempa arena: a few quick games, the result line, ratings, records, an HTTP bot."""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from samtempa.arena.match import BotSpec, game_specs, pairs_won, placement_points, play_game
from samtempa.arena.run import PairResult, main, run_arena
from samtempa.games.shell import WhatTheShell
from samtempa.games.snake import SnakeSynapse
from samtempa.records import Record

LINE = re.compile(
    r"^(\S+) vs (\S+): (\d+) wins, (\d+) losses, (\d+) draws \(score (\d\.\d{3}) ± (\d\.\d{3})\)$"
)


def test_bot_spec_parses_labels_levels_and_urls() -> None:
    assert BotSpec.parse("A=hard") == BotSpec("A", "hard")
    assert BotSpec.parse("medium") == BotSpec("medium", "medium")
    url = BotSpec.parse("X=http://127.0.0.1:9000")
    assert url.is_http
    assert url.target == "http://127.0.0.1:9000"
    with pytest.raises(ValueError, match="LABEL"):
        BotSpec.parse("=hard")


def test_shell_games_alternate_colours() -> None:
    specs = game_specs("what-the-shell", [BotSpec("A", "easy"), BotSpec("B", "easy")], 4, 1, 0.01)
    assert [s.seats[0][1].label for s in specs] == ["A", "B", "A", "B"]
    assert len({s.seed for s in specs}) == 4


def test_snake_games_seat_three_of_each_with_the_same_races_rotated() -> None:
    specs = game_specs("snake-synapse", [BotSpec("A", "easy"), BotSpec("B", "easy")], 2, 1, 0.01)
    for spec in specs:
        assert spec.setup is not None
        assert spec.setup["terrain"] == "classic"
        by_bot: dict[str, list[str]] = {}
        for (_, bot), snake in zip(spec.seats, spec.setup["snakes"], strict=True):
            by_bot.setdefault(bot.label, []).append(snake["race"])
        assert sorted(by_bot["A"]) == sorted(by_bot["B"])
        assert len(by_bot["A"]) == 3
    assert specs[0].seats[0][1].label != specs[1].seats[0][1].label


def test_pair_result_line_and_interval() -> None:
    pair = PairResult("A", "B", scores=[1.0, 0.0, 1.0, 0.5], wins=2, losses=1, draws=1)
    match = LINE.match(pair.line())
    assert match is not None
    assert match.group(6) == "0.625"
    assert 0.3 < pair.interval < 0.7


def test_placement_points_share_ties() -> None:
    game = SnakeSynapse()
    state = game.initial_state(None)
    state = game.play(state, {s.id: {"path": "UUUUU"} for s in state.snakes}).state
    order = [s.id for s in state.snakes]
    points = placement_points(game, state, order)
    assert sum(points.values()) == pytest.approx(len(order) / 2)
    assert max(points.values()) <= 1.0
    assert min(points.values()) >= 0.0


def test_a_few_quick_shell_games(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        "what-the-shell", ["E=easy", "M=medium"], 4, 3, 5.0, 1, str(tmp_path), as_json=False
    )
    assert code == 0
    out = capsys.readouterr().out.splitlines()
    match = LINE.match(out[0])
    assert match is not None, out
    wins, losses, draws = (int(match.group(i)) for i in (3, 4, 5))
    assert wins + losses + draws == 4
    assert any("ratings" in line for line in out)
    records = sorted(tmp_path.glob("*.json"))
    assert len(records) == 4
    data = json.loads(records[0].read_text())
    assert data["format"] == "samtempa-record"
    assert data["game"] == "what-the-shell"
    assert data["meta"]["arena"]["scores"]
    assert data["result"]
    # The record replays through the engine (its digests checked) to its result.
    final = Record.from_json(data).check()  # raises if a turn or the result disagrees
    assert WhatTheShell().outcome(final) is not None


def test_a_snake_game_between_levels() -> None:
    pairs, ratings, results = run_arena(
        "snake-synapse",
        [BotSpec("E", "easy"), BotSpec("M", "medium")],
        2,
        seed=5,
        move_s=0.02,
        workers=1,
        progress=False,
    )
    assert len(results) == 2
    assert set(ratings) == {"E", "M"}
    for r in results:
        assert r.scores["E"] + r.scores["M"] == pytest.approx(1.0)
        assert len(r.record["setup"]["snakes"]) == 6
        assert len(r.record["players"]) == 6
    assert pairs[0].wins + pairs[0].losses + pairs[0].draws == 2


def test_ratings_follow_fractional_scores() -> None:
    from samtempa.arena.match import GameResult
    from samtempa.arena.run import rate

    games = [GameResult(i, {"A": 0.7, "B": 0.3}, {}, 1, {}) for i in range(5)]
    ratings = rate(["A", "B"], games)
    assert ratings["A"][0] > ratings["B"][0] + 2


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_arena_plays_a_bot_served_in_another_process(tmp_path: Path) -> None:
    port = _free_port()
    server = subprocess.Popen(
        [sys.executable, "-m", "samtempa.cli", "bot", "serve", "--game", "what-the-shell",
         "--level", "medium", "--port", str(port), "--seed", "1"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )  # fmt: skip
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 20
        while True:
            try:
                httpx.get(url + "/", timeout=1).raise_for_status()
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "bot serve did not start"
                time.sleep(0.1)
        result = subprocess.run(
            [sys.executable, "-m", "samtempa.cli", "arena", "--game", "what-the-shell",
             "--bot", "local=easy", "--bot", f"remote={url}", "--games", "2",
             "--move-ms", "200", "--workers", "1", "--out", str(tmp_path), "--json"],
            capture_output=True, text=True, timeout=120, check=True,
        )  # fmt: skip
        report = json.loads(result.stdout.strip().splitlines()[-1])
        pair = report["pairs"][0]
        assert pair["a"] == "local"
        assert pair["b"] == "remote"
        assert pair["wins"] + pair["losses"] + pair["draws"] == 2
        assert report["failures"] == 0, "the served bot answered every move in time"
        assert len(list(tmp_path.glob("*.json"))) == 2
    finally:
        server.terminate()
        server.wait(timeout=10)


def test_play_game_records_failures_of_a_dead_url() -> None:
    spec = game_specs(
        "what-the-shell",
        [BotSpec("E", "easy"), BotSpec("D", f"http://127.0.0.1:{_free_port()}")],
        1,
        2,
        0.05,
    )[0]
    result = play_game(spec)
    assert result.failures, "every move of the unreachable bot is a missed order"
    assert {f.bot for f in result.failures} == {"D"}
    assert result.record["meta"]["arena"]["failures"][0]["kind"] in ("error", "timeout")


def test_pairs_won_counts_each_snake_against_each_rival_ties_half() -> None:
    seat_bot = {"s1": "A", "s2": "B", "s3": "A", "s4": "B"}
    # A's snakes placed 1st and 3rd (a tie with B's at 3rd), B's 2nd and 3rd.
    points = {"s1": 1.0, "s2": 0.6, "s3": 0.2, "s4": 0.2}
    won = pairs_won(points, seat_bot)
    # A: s1 beats both (2), s3 loses to s2 and ties s4 (0.5): 2.5 of 4.
    assert won == {"A": 2.5 / 4, "B": 1.5 / 4}
    # One seat per bot (What the Shell): no pairs figure, the score says it all.
    assert pairs_won({"black": 1.0, "white": 0.0}, {"black": "A", "white": "B"}) == {}


def test_pair_result_line_gives_pairs_won_with_an_interval() -> None:
    pair = PairResult("A", "B", scores=[0.6, 0.4], pairs=[2 / 3, 1 / 3, 1.0], wins=1, losses=1)
    line = pair.line()
    match = re.search(r"; pairs won (\d\.\d{3}) ± (\d\.\d{3})\)$", line)
    assert match is not None, line
    assert match.group(1) == "0.667"
    assert float(match.group(2)) > 0
    assert "pairs won" not in PairResult("A", "B", scores=[1.0]).line()


def test_snake_arena_prints_pairs_won(tmp_path: Path) -> None:
    pair_results, _, results = run_arena(
        "snake-synapse",
        [BotSpec("A", "easy"), BotSpec("B", "easy")],
        2,
        move_s=0.05,
        out_dir=tmp_path,
        progress=False,
    )
    assert all(set(r.pairs_won) == {"A", "B"} for r in results)
    for r in results:
        assert r.pairs_won["A"] + r.pairs_won["B"] == pytest.approx(1.0)
    assert len(pair_results[0].pairs) == 2
    assert "; pairs won " in pair_results[0].line()
