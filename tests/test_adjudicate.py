"""``samtempa adjudicate``: output object, error object, exit statuses 0/1/2 (conformance.md)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

CASES = Path(__file__).parent / "conformance" / "cases" / "what-the-shell"


def adjudicate(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "samtempa.cli", "adjudicate", str(path), *extra],
        capture_output=True,
        text=True,
        check=False,
    )


def test_accepted_case_prints_the_final_state_and_exits_0() -> None:
    proc = adjudicate(CASES / "wts-capture-row-rule-book.json")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert out["game"] == "what-the-shell"
    assert out["turn"] >= 1


def test_rejected_turn_prints_error_and_previous_state_and_exits_1() -> None:
    proc = adjudicate(CASES / "wts-reject-occupied-by-egg.json")
    assert proc.returncode == 1
    out = json.loads(proc.stdout)
    assert out["error"]["turn"] == 2
    assert out["error"]["code"] == "occupied"
    assert out["error"]["message"]
    assert out["state"]["eggs"] == ["E5"]
    assert out["state"]["turn"] == 1


def test_frames_flag_is_accepted_and_ignored_for_what_the_shell() -> None:
    proc = adjudicate(CASES / "wts-collision-lays-egg.json", "--frames")
    assert proc.returncode == 0
    assert "frames" not in json.loads(proc.stdout)


@pytest.mark.parametrize(
    "content",
    [
        "not json",
        "[]",
        '{"game": "chess", "turns": []}',
        '{"game": "what-the-shell", "turns": "E5/E5"}',
        '{"game": "what-the-shell", "turns": [42]}',
        '{"game": "what-the-shell", "turns": [], "start": {"game": "what-the-shell"}}',
    ],
    ids=[
        "not-json",
        "not-object",
        "unknown-game",
        "turns-not-list",
        "turn-not-string",
        "bad-start",
    ],
)
def test_invalid_case_gets_one_line_on_stderr_and_exit_2(tmp_path: Path, content: str) -> None:
    path = tmp_path / "case.json"
    path.write_text(content)
    proc = adjudicate(path)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.strip().splitlines()) == 1


def test_missing_file_exits_2(tmp_path: Path) -> None:
    proc = adjudicate(tmp_path / "nope.json")
    assert proc.returncode == 2
    assert "cannot read" in proc.stderr
