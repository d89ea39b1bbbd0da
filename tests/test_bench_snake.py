"""``samtempa bench snake-synapse``: counts are right (speed itself is never asserted)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from samtempa.bench import snake as bench_snake
from samtempa.cli import main

CASES = Path(__file__).parent / "conformance" / "cases"


def test_cases_replay_counts_every_accepted_turn_three_times() -> None:
    snake_cases = bench_snake.load_cases(CASES)
    errors = sum(1 for c in snake_cases if "expect_error" in c)
    turns, frames, rejected = bench_snake.replay_cases(snake_cases)
    assert rejected == errors
    assert frames >= 5 * turns - 5 * errors  # most turns have five frames or more
    figures = bench_snake.case_figures(CASES)
    assert figures["cases"] == len(snake_cases) >= 70
    assert figures["turns"] == 3 * turns
    assert figures["rejected_turns"] == 3 * rejected
    assert figures["turns_per_second"] > 0


def test_game_workload_plays_the_turns_asked() -> None:
    figures = bench_snake.game_figures("classic", 6, 12, seed=3)
    assert figures["turns"] == 12
    assert figures["games"] >= 1
    assert figures["frames"] >= 5 * 12


def test_the_command_prints_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "snake-synapse", "--turns", "5", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert set(out) >= {"turns_per_second", "frames_per_second"}
    assert main(["bench", "snake-synapse", "--cases", str(CASES), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["cases"] >= 70
