"""Cases of our own that ``samtempa adjudicate`` must refuse: exit 2, one line, no traceback.

They are the invalid starts and turns of issue 17 item 13 and the 2026-12-01
readings of ``conformance.md`` (SS-2.3, SS-8.4), kept beside the vendored
cases (``tests/conformance/cases`` is a copy of the authority's and holds none
of ours). Each file says ``"expect_exit": 2``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from samtempa.adjudicate import adjudicate

CASES = sorted((Path(__file__).parent / "cases").glob("*.json"))
VALID = Path(__file__).parents[1] / "conformance" / "cases"


def command(path: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "samtempa.cli", "adjudicate", str(path), *extra],
        capture_output=True,
        text=True,
        check=False,
    )


def assert_refused(status: int, out: str, err: str) -> None:
    assert status == 2, out
    assert out == ""
    assert len(err.splitlines()) == 1, err
    assert err.startswith("samtempa adjudicate: ")
    assert "Traceback" not in err


def test_there_are_invalid_cases_for_both_games() -> None:
    games = {json.loads(p.read_text())["game"] for p in CASES}
    assert games == {"what-the-shell", "snake-synapse"}
    assert all(json.loads(p.read_text())["expect_exit"] == 2 for p in CASES)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_invalid_case_is_refused_in_process(path: Path) -> None:
    assert_refused(*adjudicate(path.read_bytes()))


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_invalid_case_is_refused_by_the_command(path: Path) -> None:
    proc = command(path, "--frames")
    assert_refused(proc.returncode, proc.stdout, proc.stderr)


@pytest.mark.parametrize(
    "data",
    [
        b'{"game": "what-the-shell", "turns": ["\xff/A1"]}',  # not UTF-8
        b"\xef\xbb\xbf" + b'{"game": "what-the-shell", "turns": []}',  # a BOM is no JSON
        b'{"game": "what-the-shell", "turns": [], "x": ' + b"[" * 100_000 + b"]" * 100_000 + b"}",
        b'{"game": "what-the-shell", "turns": [], "start": NaN}',
        b'{"game": "snake-synapse", "turns": [], "start": {"terrain": "classic", "snakes": '
        b'[{"id": "\\ud800"}, {"id": "b"}]}}',  # a lone surrogate: no Unicode text
        b'{"game": ["what-the-shell"], "turns": []}',
        b'{"game": "what-the-shell", "turns": [], "start": {"game": "what-the-shell", "turn": '
        + b"9" * 5000
        + b"}}",  # past Python's digits limit for int()
    ],
    ids=["not-utf8", "bom", "deep-nesting", "nan", "lone-surrogate", "game-a-list", "5000-digits"],
)
def test_unreadable_files_are_refused_with_one_line(tmp_path: Path, data: bytes) -> None:
    assert_refused(*adjudicate(data))
    path = tmp_path / "case.json"
    path.write_bytes(data)
    proc = command(path)
    assert_refused(proc.returncode, proc.stdout, proc.stderr)


def test_frames_of_the_turns_before_a_rejected_turn_are_printed() -> None:
    """conformance.md: with --frames a rejected turn's object has the frames played before it."""
    case = json.loads((VALID / "snake-synapse" / "core" / "tail-following.json").read_text())
    first = case["turns"][0]
    case["turns"] = [first, {"nobody": {"path": "UUUUU"}}]
    status, out, _ = adjudicate(json.dumps(case).encode(), frames=True)
    assert status == 1
    printed = json.loads(out)
    assert printed["error"]["turn"] == 2
    assert printed["error"]["code"] == "unknown-snake"
    one_turn = json.loads(adjudicate(json.dumps({**case, "turns": [first]}).encode(), True)[1])
    assert printed["frames"] == one_turn["frames"]
    assert printed["frames"], "the first turn has frames"
    assert printed["frames"][-1]["turn"] == printed["state"]["turn"]
    assert printed["state"] == {k: v for k, v in one_turn.items() if k != "frames"}
